"""Re-tune the greedy agent's value weights by self-play. Not a test.

    python tools/tune_agents.py [--method fit|search] [--games 8] [--iterations 4] [--sweeps 3]
                                [--players 2] [--short] [--content DIR] [--write [FILE]]

`--method fit` (the default) is fitted value iteration: greedy agents with the current
weights play the seeded games; at every turn's question the features of the player's state
are recorded with what the player's score went on to gain by the end of the game; ridge
least squares (a small hand-written solve: sixteen unknowns), shrunk towards the weights
played, gives the weights that predict that gain best, and the next iteration plays with them. The weights of the iteration whose
games scored best on average are kept. Each iteration costs one round of games, and the value
it fits is what the engine's own games say a holding is worth.

`--method search` is a coordinate search on the mean score directly. Its objective is the mean final score of greedy agents playing each other (every seat uses
the candidate weights) over a fixed set of seeded games, so every candidate meets the same
deals and dice (common random numbers). The optimiser is a seeded coordinate search: each
weight in turn is moved up and down by its step, a move is kept when the objective improves,
and the steps halve after a sweep that kept nothing. With ten weights and an objective that
costs seconds per evaluation and is noisy, this is cheaper than a population method (CMA-ES
needs 10+ evaluations per generation) and its path is easy to read in the printed log.
`--content DIR` tunes on a variant; `--write` stores the result (default: the package's
rulesdsl/games/feast/agents/weights.yaml) with a comment saying how it was obtained.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesdsl.games.feast.agents.greedy import GreedyAgent  # noqa: E402
from rulesdsl.games.feast.agents.lookahead import TOP_KINDS  # noqa: E402
from rulesdsl.games.feast.agents.value import VALUE_NAMES, WEIGHT_NAMES, Weights, load_weights, save_weights  # noqa: E402
from rulesdsl.content.loader import load_content  # noqa: E402
from rulesdsl.games.feast.engine.game import Game, GameOptions  # noqa: E402
from rulesdsl.games.feast.engine.scoring import final_scores  # noqa: E402

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


def record(content, weights: Weights, seeds, players: int, length: str):
    """(rows of (features, gain to the end), mean final score) of greedy self-play over the seeded games."""
    rows, scores = [], []
    for seed in seeds:
        game = Game(content, GameOptions(players=players, length=length, decks=("A", "B", "C")), seed)
        agents = [GreedyAgent(seed * 10 + i, weights) for i in range(players)]
        seen = []
        while game.decision is not None:
            d = game.decision
            if d.kind in TOP_KINDS:
                seen.append((d.player, agents[d.player].valuer(game).features(game, d.player)))
            game.answer(agents[d.player].answer(game, d))
        finals = [row["total"] for row in final_scores(game)]
        scores += finals
        rows += [(f, finals[player] - f["score"]) for player, f in seen]
    return rows, statistics.mean(scores)


def ridge(rows, names, prior: dict[str, float], strength: float = 0.5) -> dict[str, float]:
    """Least-squares weights for `names` predicting each row's target, shrunk towards `prior`
    (each weight in proportion to how much its feature varies), so one round of noisy games
    moves the weights only part of the way."""
    n = len(names)
    xtx = [[0.0] * n for _ in range(n)]
    xty = [0.0] * n
    for features, target in rows:
        x = [features[name] for name in names]
        for i in range(n):
            if x[i]:
                xty[i] += x[i] * target
                row = xtx[i]
                for j in range(n):
                    row[j] += x[i] * x[j]
    for i, name in enumerate(names):
        pull = strength * xtx[i][i] + 1e-6
        xtx[i][i] += pull
        xty[i] += pull * prior[name]
    # Gauss-Jordan elimination with partial pivoting
    a = [row[:] + [xty[i]] for i, row in enumerate(xtx)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[r][col]:
                factor = a[r][col] / a[col][col]
                a[r] = [v - factor * p for v, p in zip(a[r], a[col])]
    return {name: a[i][n] / a[i][i] for i, name in enumerate(names)}


def fitted_iteration(content, start: Weights, iterations: int, seeds, players: int, length: str, log=print):
    """Play, fit, play with the fit, ...; the weights whose games scored best, and that score."""
    weights, best, best_score = start, start, float("-inf")
    for iteration in range(iterations):
        rows, score = record(content, weights, seeds, players, length)
        log(f"iteration {iteration + 1}: mean score {score:.2f} over {len(seeds)} games ({len(rows)} states)")
        if score > best_score:
            best, best_score = weights, score
        fitted = ridge(rows, VALUE_NAMES, weights.to_dict())  # the placement-only weights are no feature to fit
        log("  fitted: " + ", ".join(f"{k} {v:+.3f}" for k, v in fitted.items()))
        weights = attrs.evolve(weights, **fitted)
    return best, best_score


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="seeded games per evaluation")
    parser.add_argument("--first-seed", type=int, default=1000, help="the games' seeds start here (away from the benchmark's)")
    parser.add_argument("--method", choices=("fit", "search"), default="fit")
    parser.add_argument("--iterations", type=int, default=4, help="fit: rounds of play and fit")
    parser.add_argument("--sweeps", type=int, default=3, help="search: sweeps over the weights")
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
    if args.method == "fit":
        best, score = fitted_iteration(content, load_weights(args.start), args.iterations, seeds, args.players, length)
        how = f"fitted value iteration, {args.iterations} iterations (ridge least squares of the gain to the end)"
    else:
        best, score = coordinate_search(lambda w: objective(content, w, seeds, args.players, length),
                                        load_weights(args.start), args.sweeps)
        how = f"coordinate search, {args.sweeps} sweeps"
    print(f"best: {score:.2f} in {time.perf_counter() - began:.0f} s")
    for name, value in best.to_dict().items():
        print(f"  {name}: {value:.4f}")
    if args.write:
        variant = f" on {', '.join(args.content)}" if args.content else ""
        save_weights(best, args.write, (
            "Weights of the greedy agent's value function (rulesdsl/games/feast/agents/value.py).\n"
            f"Obtained by tools/tune_agents.py{variant}: {how};\n"
            f"mean final score of greedy self-play with them in {args.games} seeded {args.players}-player {length} games "
            f"(seeds {seeds.start}-{seeds.stop - 1}): {score:.2f}."))
        print(f"wrote {args.write}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
