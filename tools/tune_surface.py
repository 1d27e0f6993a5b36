"""Tune the value weights against a fixed opponent by a response surface fitted to self-play. Not a test.

    nice -n 10 python tools/tune_surface.py --out runs/surface [--pairs 300] [--sigma 0.35]
                                            [--agent fast] [--jobs 2] [--content DIR]
    python tools/tune_surface.py --out runs/surface --verify runs/surface/proposed.yaml --pairs 100

The question it answers is the one the agents' targets ask: which weights make the agent beat
today's (its opponent is always the package's weights, played by `greedy`). Pair i draws a
perturbation z_i (one standard normal number per weight that is not 0) and plays seed
first_seed + i twice, seats swapped, the agent with weights w0 * exp(sigma * z_i) against greedy
with w0; its result is the mean margin of the two games (the agent's score less the
opponent's): the same deal and dice on both seats, so the seat's luck cancels.

A coordinate search (tune_agents.py --method search) compares one candidate at a time on a few
noisy games; here every game informs every weight: the margins are fitted by least squares to
margin ~ c + g.z + h.z^2 (a gradient and a curvature per weight), so hundreds of pairs estimate
20 directions at once. The report prints g and h with standard errors and proposes z* per weight
(the peak -g/2h where the curvature is clearly negative, else one sigma in the direction of g
where g is clear, else 0), written as weights to OUT/proposed.yaml. `--verify FILE` plays the
agent with FILE's weights against greedy on other seeds (seats alternated) and prints the win
rate with its Wilson interval and the mean margin with its t interval: nothing is shipped
without that check.

Each finished pair is one line of OUT/surface.jsonl (or verify-<name>.jsonl), written whole with
one write: run the same command again and it goes on where it stopped. Workers run on every core
(`--jobs`); the same seeds give the same pairs.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_agents import wilson  # noqa: E402  (this folder is on sys.path when a tool runs)
from rulesdsl.games.feast.agents.greedy import GreedyAgent  # noqa: E402
from rulesdsl.games.feast.agents.ranker import load_ranker  # noqa: E402
from rulesdsl.games.feast.agents.value import Weights, load_weights, save_weights  # noqa: E402
from rulesdsl.content.loader import load_content  # noqa: E402
from rulesdsl.games.feast.engine.game import Game, GameOptions  # noqa: E402
from rulesdsl.games.feast.engine.scoring import final_scores  # noqa: E402
from rulesdsl.games.seats import agent_seed  # noqa: E402

FIXED = frozenset({"placeable"})  # weights never perturbed (placeable costs a third of the agent's time when not 0)
CLEAR = 2.0  # standard errors by which a gradient or curvature must differ from 0 to be used
STEP = 1.0  # sigmas a clear gradient without a clear peak moves its weight
_WORKER: dict = {}


def tuned_names(start: Weights) -> list[str]:
    """The weights a perturbation moves: those not 0 and not FIXED (a 0 stays off)."""
    return [name for name, value in start.to_dict().items() if value != 0 and name not in FIXED]


def perturbation(seed: int, size: int) -> list[float]:
    """Pair `seed`'s standard normal draws, one per tuned weight."""
    rng = random.Random(seed * 104_729 + 17)
    return [rng.gauss(0.0, 1.0) for _ in range(size)]


def perturbed(start: Weights, names: list[str], z: list[float], sigma: float) -> Weights:
    """`start` with each tuned weight multiplied by exp(sigma * z)."""
    values = start.to_dict()
    for name, step in zip(names, z):
        values[name] = values[name] * math.exp(sigma * step)
    return Weights(**values)


def _init(content_dirs: list[str], agent: str) -> None:
    _WORKER["content"] = load_content(content_dirs)
    _WORKER["ranker"] = load_ranker() if agent == "fast" else None


def play_pair(seed: int, weights: dict, length: str) -> dict:
    """The agent with `weights` against greedy with the package's, on `seed` twice, seats swapped."""
    content, ranker = _WORKER["content"], _WORKER["ranker"]
    tried, base = Weights(**weights), load_weights()
    margins, scores = [], []
    for seat in (0, 1):
        game = Game(content, GameOptions(players=2, length=length, decks=("A", "B", "C")), seed)
        agents = [GreedyAgent(agent_seed(seed, 0), base), GreedyAgent(agent_seed(seed, 1), base)]
        agents[seat] = GreedyAgent(agent_seed(seed, seat), tried, ranker=ranker)
        game.run(agents)
        totals = [row["total"] for row in final_scores(game)]
        margins.append(totals[seat] - totals[1 - seat])
        scores.append(totals[seat])
    return {"seed": seed, "margin": statistics.mean(margins), "margins": margins, "scores": scores}


def _done(path: Path) -> dict[int, dict]:
    found: dict[int, dict] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                found[int(row["i"])] = row
    return found


def run_pairs(path: Path, jobs: list[tuple[int, dict]], length: str, workers: int, content_dirs: list[str],
              agent: str, extra) -> dict[int, dict]:
    """Play the pairs of `jobs` ((index, weights) each) not yet in `path`, appending each as it ends."""
    done = _done(path)
    todo = [(i, w) for i, w in jobs if i not in done]
    if todo:
        print(f"{len(done)} pairs stored, {len(todo)} to play", file=sys.stderr, flush=True)
        with ProcessPoolExecutor(workers, initializer=_init, initargs=(content_dirs, agent)) as pool, \
                path.open("a", encoding="utf-8") as out:
            futures = {pool.submit(play_pair, extra(i)["seed"], w, length): i for i, w in todo}
            for count, future in enumerate(as_completed(futures), 1):
                i = futures[future]
                row = {"i": i, **extra(i), **future.result()}
                out.write(json.dumps(row) + "\n")  # one write per pair: a stopped run loses at most the pairs in play
                out.flush()
                done[i] = row
                print(f"  pair {count}/{len(todo)}: seed {row['seed']} margin {row['margin']:+.1f}", file=sys.stderr, flush=True)
    return done


def fit(rows: list[dict], names: list[str]) -> tuple[np.ndarray, np.ndarray, float]:
    """(coefficients [c, g..., h...], their standard errors, residual spread) of the margin fit."""
    z = np.array([row["z"] for row in rows], dtype=np.float64)
    y = np.array([row["margin"] for row in rows], dtype=np.float64)
    x = np.hstack([np.ones((len(z), 1)), z, z * z - 1.0])  # z^2 - 1: centred, so c is the mean margin at z = 0
    coef, *_ = np.linalg.lstsq(x, y, rcond=None)
    resid = y - x @ coef
    dof = max(1, len(y) - x.shape[1])
    spread = float(np.sqrt(resid @ resid / dof))
    cov = spread ** 2 * np.linalg.pinv(x.T @ x)
    return coef, np.sqrt(np.diag(cov)), spread


def proposal(coef: np.ndarray, se: np.ndarray, size: int) -> list[float]:
    """z* per weight: the fitted peak where the curvature is clearly negative (within 2 sigmas),
    else STEP sigmas along a clear gradient, else 0."""
    out = []
    for j in range(size):
        g, h = coef[1 + j], coef[1 + size + j]
        g_se, h_se = se[1 + j], se[1 + size + j]
        if h < -CLEAR * h_se:
            out.append(float(np.clip(-g / (2 * h), -2.0, 2.0)))
        elif abs(g) > CLEAR * g_se:
            out.append(math.copysign(STEP, g))
        else:
            out.append(0.0)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, metavar="DIR")
    parser.add_argument("--pairs", type=int, default=300)
    parser.add_argument("--sigma", type=float, default=0.35, help="spread of the perturbations in log space")
    parser.add_argument("--first-seed", type=int, default=700_000)
    parser.add_argument("--agent", choices=("fast", "greedy"), default="fast", help="the agent whose weights move")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--short", action="store_true")
    parser.add_argument("--content", action="append", default=[], metavar="DIR")
    parser.add_argument("--fit", action="store_true", help="fit the pairs stored so far, play none")
    parser.add_argument("--verify", metavar="FILE", help="play FILE's weights against greedy instead (seeds from 800000)")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    length = "short" if args.short else "long"
    start = load_weights()
    if args.verify:
        tried = load_weights(args.verify).to_dict()
        first = 800_000 if args.first_seed == 700_000 else args.first_seed
        path = out / f"verify-{Path(args.verify).stem}.jsonl"
        rows = run_pairs(path, [(i, tried) for i in range(args.pairs)], length, args.jobs, args.content, args.agent,
                         lambda i: {"seed": first + i})
        rows = [rows[i] for i in range(args.pairs) if i in rows]
        margins = [m for row in rows for m in row["margins"]]
        wins = sum(1.0 if m > 0 else 0.5 if m == 0 else 0.0 for m in margins)
        per_pair = [row["margin"] for row in rows]
        half = 1.96 * statistics.stdev(per_pair) / math.sqrt(len(per_pair)) if len(per_pair) > 1 else float("inf")
        low, high = wilson(wins, len(margins))
        print(f"{args.agent} with {args.verify} against greedy: {len(margins)} games ({len(rows)} seeds, seats swapped): "
              f"wins {wins / len(margins):.1%} [{low:.1%}, {high:.1%}], margin {statistics.mean(per_pair):+.2f} "
              f"+- {half:.2f}, its median score {statistics.median(s for row in rows for s in row['scores']):.1f}")
        return 0
    names = tuned_names(start)

    def extra(i: int) -> dict:
        return {"seed": args.first_seed + i, "z": perturbation(args.first_seed + i, len(names))}

    jobs = [(i, perturbed(start, names, extra(i)["z"], args.sigma).to_dict()) for i in range(args.pairs)]
    rows = (_done(out / "surface.jsonl") if args.fit
            else run_pairs(out / "surface.jsonl", jobs, length, args.jobs, args.content, args.agent, extra))
    rows = [rows[i] for i in range(args.pairs) if i in rows]
    if len(rows) < 3 * (2 * len(names) + 1):  # a surface of 2n + 1 numbers needs several pairs per number
        print(f"{len(rows)} pairs: too few to fit {2 * len(names) + 1} numbers (at least {3 * (2 * len(names) + 1)})")
        return 1
    coef, se, spread = fit(rows, names)
    print(f"{len(rows)} pairs; mean margin at z = 0: {coef[0]:+.2f} +- {se[0]:.2f}; residual spread {spread:.1f}")
    print(f"{'weight':20} {'now':>7} {'gradient':>16} {'curvature':>16} {'z*':>6} {'proposed':>9}")
    z_star = proposal(coef, se, len(names))
    for j, name in enumerate(names):
        print(f"{name:20} {getattr(start, name):7.3f} {coef[1 + j]:+7.2f} +- {se[1 + j]:5.2f} "
              f"{coef[1 + len(names) + j]:+7.2f} +- {se[1 + len(names) + j]:5.2f} {z_star[j]:+6.2f} "
              f"{getattr(start, name) * math.exp(args.sigma * z_star[j]):9.3f}")
    gain = sum(coef[1 + j] * z + coef[1 + len(names) + j] * (z * z) for j, z in enumerate(z_star))
    print(f"predicted margin change at z*: {gain:+.2f} (a fitted surface's optimum flatters itself: verify it)")
    proposed = perturbed(start, names, z_star, args.sigma)
    save_weights(proposed, out / "proposed.yaml", (
        f"Proposed by tools/tune_surface.py from {len(rows)} pairs (seeds {args.first_seed}-{args.first_seed + args.pairs - 1}, "
        f"sigma {args.sigma}, agent {args.agent} against greedy); predicted margin change {gain:+.2f}.\n"
        "Not verified: run tools/tune_surface.py --verify on other seeds before using it."))
    print(f"wrote {out / 'proposed.yaml'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
