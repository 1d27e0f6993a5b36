"""CPU per game of the default agent's 2-player self-play, this checkout against another one
(e.g. /work/main), in interleaved blocks of games, each side in its own process. Not a test.

    nice -n 5 python tools/bench_selfplay_cpu.py OTHER_CHECKOUT [--agent fast] [--blocks 8] [--games 3] [--first-seed 500]

Each block plays the same seeds on both sides (which side goes first alternates), so a loaded
machine slows both alike. Prints per side the CPU seconds a game (min, median, max), the ratio
of the medians, the median of the per-seed ratios, and whether both sides played the same
games (answer logs and scores compared by digest: a speed change must not change a game).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

SIDE = r'''
import hashlib, json, sys, time
# this checkout's code only: an editable install's finder would fill in modules this checkout lacks
sys.meta_path[:] = [f for f in sys.meta_path if "Editable" not in getattr(f, "__name__", type(f).__name__)]
from rulesdsl.agents.registry import make_agent
from rulesdsl.content.loader import load_content
from rulesdsl.games.feast.engine.game import Game, GameOptions
agent, seeds, warmup = json.loads(sys.argv[1])
content = load_content()
def play(seed, limit=None):
    game = Game(content, GameOptions(players=2, length="long", decks=("A", "B", "C")), seed)
    agents = [make_agent(agent, seed * 7919 + seat) for seat in range(2)]
    while game.decision is not None and (limit is None or len(game.log) < limit):
        game.answer(agents[game.decision.player].answer(game, game.decision))
    return game
if warmup:
    play(10 ** 6, warmup)  # the content's tables read once, as in a long run
for seed in seeds:
    start = time.process_time()
    game = play(seed)
    cpu = time.process_time() - start
    digest = hashlib.sha256(json.dumps([game.log, game.scores()], default=str).encode()).hexdigest()[:16]
    print(json.dumps([seed, cpu, digest]), flush=True)
'''


def side(root: Path, agent: str, seeds: list[int], warmup: int) -> list[tuple[int, float, str]]:
    """(seed, CPU seconds, digest) of each game played by the code of `root`."""
    env = dict(os.environ, PYTHONPATH=str(root))
    out = subprocess.run([sys.executable, "-c", SIDE, json.dumps([agent, seeds, warmup])], env=env, cwd=root,
                         capture_output=True, text=True, check=True).stdout
    return [tuple(json.loads(line)) for line in out.splitlines() if line.strip()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="the other checkout (e.g. /work/main)")
    parser.add_argument("--agent", default="fast")
    parser.add_argument("--blocks", type=int, default=8)
    parser.add_argument("--games", type=int, default=3, help="games a block (each side)")
    parser.add_argument("--first-seed", type=int, default=500)
    parser.add_argument("--warmup", type=int, default=60, help="answers of a warm-up game before each side's block (0: none)")
    args = parser.parse_args()
    sides = {"this": HERE, "other": args.other.resolve()}
    cpu: dict[str, dict[int, float]] = {"this": {}, "other": {}}
    digests: dict[str, dict[int, str]] = {"this": {}, "other": {}}
    for block in range(args.blocks):
        seeds = list(range(args.first_seed + block * args.games, args.first_seed + (block + 1) * args.games))
        order = ["this", "other"] if block % 2 == 0 else ["other", "this"]
        for name in order:
            for seed, seconds, digest in side(sides[name], args.agent, seeds, args.warmup):
                cpu[name][seed], digests[name][seed] = seconds, digest
        this, other = (statistics.median(cpu[n][s] for s in seeds) for n in ("this", "other"))
        print(f"block {block + 1}/{args.blocks} seeds {seeds[0]}-{seeds[-1]}: this {this:.3f} s, other {other:.3f} s a game "
              f"(median), ratio {this / other:.3f}", flush=True)
    for name in ("this", "other"):
        values = sorted(cpu[name].values())
        print(f"{name:5} {sides[name]}: {len(values)} games, CPU s a game min {values[0]:.3f} "
              f"median {statistics.median(values):.3f} max {values[-1]:.3f} mean {statistics.fmean(values):.3f}")
    seeds = sorted(cpu["this"])
    ratios = [cpu["this"][s] / cpu["other"][s] for s in seeds]
    print(f"ratio this/other: of the medians {statistics.median(cpu['this'].values()) / statistics.median(cpu['other'].values()):.3f}, "
          f"of the totals {sum(cpu['this'].values()) / sum(cpu['other'].values()):.3f}, per seed median {statistics.median(ratios):.3f} "
          f"(min {min(ratios):.3f}, max {max(ratios):.3f})")
    same = sum(digests["this"][s] == digests["other"][s] for s in seeds)
    print(f"same games (answer logs and scores): {same} of {len(seeds)}")


if __name__ == "__main__":
    main()
