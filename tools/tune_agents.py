"""Re-tune the greedy agent's value weights by self-play. Not a test.

    python tools/tune_agents.py [--games 8] [--sweeps 3] [--players 2] [--short] [--content DIR] [--write [FILE]]

The objective is the mean final score of greedy agents playing each other (every seat uses
the candidate weights) over a fixed set of seeded games, so every candidate meets the same
deals and dice (common random numbers). The optimiser is a seeded coordinate search: each
weight in turn is moved up and down by its step, a move is kept when the objective improves,
and the steps halve after a sweep that kept nothing. With ten weights and an objective that
costs seconds per evaluation and is noisy, this is cheaper than a population method (CMA-ES
needs 10+ evaluations per generation) and its path is easy to read in the printed log.
`--content DIR` tunes on a variant; `--write` stores the result (default: the package's
rulesdsl/agents/weights.yaml) with a comment saying how it was obtained.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesdsl.agents.greedy import GreedyAgent  # noqa: E402
from rulesdsl.agents.value import WEIGHT_NAMES, Weights, load_weights, save_weights  # noqa: E402
from rulesdsl.content.loader import load_content  # noqa: E402
from rulesdsl.engine.game import Game, GameOptions  # noqa: E402
from rulesdsl.engine.scoring import final_scores  # noqa: E402

PACKAGE_WEIGHTS = Path(__file__).resolve().parent.parent / "rulesdsl" / "agents" / "weights.yaml"


def objective(content, weights: Weights, seeds, players: int, length: str) -> float:
    """Mean final score of greedy self-play over the seeded games."""
    scores = []
    for seed in seeds:
        game = Game(content, GameOptions(players=players, length=length, decks=("A", "B", "C")), seed)
        game.run([GreedyAgent(seed * 10 + i, weights) for i in range(players)])
        scores += [row["total"] for row in final_scores(game)]
    return statistics.mean(scores)


def coordinate_search(evaluate, start: Weights, sweeps: int, log=print) -> tuple[Weights, float]:
    best, best_score = start, evaluate(start)
    log(f"start: {best_score:.2f}")
    steps = {name: max(0.1, abs(getattr(start, name)) * 0.5) for name in WEIGHT_NAMES}
    for sweep in range(sweeps):
        improved = False
        for name in WEIGHT_NAMES:
            for sign in (1, -1):
                value = getattr(best, name) + sign * steps[name]
                candidate = attrs.evolve(best, **{name: value})
                score = evaluate(candidate)
                log(f"sweep {sweep + 1} {name} {value:+.3f}: {score:.2f} (best {best_score:.2f})")
                if score > best_score:
                    best, best_score, improved = candidate, score, True
                    break
        if not improved:
            steps = {name: step / 2 for name, step in steps.items()}
    return best, best_score


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="seeded games per evaluation")
    parser.add_argument("--first-seed", type=int, default=1000, help="the games' seeds start here (away from the benchmark's)")
    parser.add_argument("--sweeps", type=int, default=3)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--short", action="store_true")
    parser.add_argument("--content", action="append", default=[], metavar="DIR", help="a variant folder to tune on")
    parser.add_argument("--start", metavar="FILE", help="weights to start from (default: the package's)")
    parser.add_argument("--write", nargs="?", const=str(PACKAGE_WEIGHTS), metavar="FILE", help="write the tuned weights")
    args = parser.parse_args()
    content = load_content(args.content)
    length = "short" if args.short else "long"
    seeds = range(args.first_seed, args.first_seed + args.games)
    began = time.perf_counter()
    best, score = coordinate_search(lambda w: objective(content, w, seeds, args.players, length),
                                    load_weights(args.start), args.sweeps)
    print(f"best: {score:.2f} in {time.perf_counter() - began:.0f} s")
    for name, value in best.to_dict().items():
        print(f"  {name}: {value:.4f}")
    if args.write:
        variant = f" on {', '.join(args.content)}" if args.content else ""
        save_weights(best, args.write, (
            "Weights of the greedy agent's value function (rulesdsl/agents/value.py).\n"
            f"Obtained by tools/tune_agents.py{variant}: coordinate search, {args.sweeps} sweeps, objective the mean\n"
            f"final score of greedy self-play in {args.games} seeded {args.players}-player {length} games "
            f"(seeds {seeds.start}-{seeds.stop - 1}): {score:.2f}."))
        print(f"wrote {args.write}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
