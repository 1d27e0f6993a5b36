"""CPU per game of the default agent's 2-player self-play, this checkout against another one
(e.g. /work/main), each in a process of its own, game by game. Not a test.

    nice -n 5 python tools/bench_selfplay_cpu.py OTHER_CHECKOUT [--agent fast] [--games 24] [--first-seed 500]

Each seed is played by both sides back to back (which side goes first alternates), so a loaded
machine slows both alike; both sides' processes are started anew every few games, with the same
string hashes (PYTHONHASHSEED), since one process can be faster than another as a whole. Prints per side the CPU seconds a game (min, median, max), the ratio
of the medians and of the totals, the median of the per-seed ratios, and whether both sides
played the same games (answer logs and scores compared by digest: a speed change must not
change a game).
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
agent, warmup = json.loads(sys.argv[1])
content = load_content()
def play(seed, limit=None):
    game = Game(content, GameOptions(players=2, length="long", decks=("A", "B", "C")), seed)
    agents = [make_agent(agent, seed * 7919 + seat) for seat in range(2)]
    while game.decision is not None and (limit is None or len(game.log) < limit):
        game.answer(agents[game.decision.player].answer(game, game.decision))
    return game
if warmup:
    play(10 ** 6, warmup)  # the content's tables read once, as in a long run
print("ready", flush=True)
for line in sys.stdin:
    seed = int(line)
    start = time.process_time()
    game = play(seed)
    cpu = time.process_time() - start
    digest = hashlib.sha256(json.dumps([game.log, game.scores()], default=str).encode()).hexdigest()[:16]
    print(json.dumps([seed, cpu, digest]), flush=True)
'''


class Side:
    """The agent on the code of one checkout, in a process of its own."""

    def __init__(self, root: Path, agent: str, warmup: int, hash_seed: int):
        env = dict(os.environ, PYTHONPATH=str(root), PYTHONHASHSEED=str(hash_seed))
        self.process = subprocess.Popen([sys.executable, "-c", SIDE, json.dumps([agent, warmup])], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, env=env, cwd=root)
        if self.process.stdout.readline().strip() != "ready":
            raise SystemExit(f"the side on {root} did not start")

    def close(self) -> None:
        """End the process."""
        self.process.stdin.close()
        self.process.wait()

    def play(self, seed: int) -> tuple[float, str]:
        """(CPU seconds, digest) of one game."""
        self.process.stdin.write(f"{seed}\n")
        self.process.stdin.flush()
        _, cpu, digest = json.loads(self.process.stdout.readline())
        return cpu, digest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="the other checkout (e.g. /work/main)")
    parser.add_argument("--agent", default="fast")
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--first-seed", type=int, default=500)
    parser.add_argument("--warmup", type=int, default=60, help="answers of a warm-up game in each process (0: none)")
    parser.add_argument("--per-process", type=int, default=4,
                        help="games a pair of processes plays before both are started anew (a process's memory layout "
                             "and string hashes make it faster or slower as a whole: new pairs average that out)")
    args = parser.parse_args()
    roots = {"this": HERE, "other": args.other.resolve()}
    sides: dict[str, Side] = {}
    cpu: dict[str, dict[int, float]] = {"this": {}, "other": {}}
    digests: dict[str, dict[int, str]] = {"this": {}, "other": {}}
    for index, seed in enumerate(range(args.first_seed, args.first_seed + args.games)):
        if index % args.per_process == 0:  # a new pair, with the same string hashes on both sides
            for side in sides.values():
                side.close()
            sides = {name: Side(root, args.agent, args.warmup, index) for name, root in roots.items()}
        for name in (["this", "other"] if index % 2 == 0 else ["other", "this"]):
            cpu[name][seed], digests[name][seed] = sides[name].play(seed)
        print(f"seed {seed}: this {cpu['this'][seed]:.3f} s, other {cpu['other'][seed]:.3f} s, "
              f"ratio {cpu['this'][seed] / cpu['other'][seed]:.3f}", flush=True)
    for side in sides.values():
        side.close()
    for name in ("this", "other"):
        values = sorted(cpu[name].values())
        print(f"{name:5} {roots[name]}: {len(values)} games, CPU s a game min {values[0]:.3f} "
              f"median {statistics.median(values):.3f} max {values[-1]:.3f} mean {statistics.fmean(values):.3f}")
    seeds = sorted(cpu["this"])
    ratios = sorted(cpu["this"][s] / cpu["other"][s] for s in seeds)
    quarter = len(ratios) // 4
    print(f"ratio this/other: of the medians {statistics.median(cpu['this'].values()) / statistics.median(cpu['other'].values()):.3f}, "
          f"of the totals {sum(cpu['this'].values()) / sum(cpu['other'].values()):.3f}, per seed median {statistics.median(ratios):.3f} "
          f"(quartiles {ratios[quarter]:.3f}-{ratios[-1 - quarter]:.3f}, min {ratios[0]:.3f}, max {ratios[-1]:.3f})")
    same = sum(digests["this"][s] == digests["other"][s] for s in seeds)
    print(f"same games (answer logs and scores): {same} of {len(seeds)}")


if __name__ == "__main__":
    main()
