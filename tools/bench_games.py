"""Games per second with random agents. Not a test.

    python tools/bench_games.py [--games N] [--runs R]

Median wall time of a solo long game, a 2-player and a 4-player long game, all three
occupation decks. Targets: solo long <= 45 ms median; 4 players <= 4x solo. Each player
count is measured in R runs of the same N seeded games, the runs interleaved so that a busy
moment of the machine hits every count alike; the lowest run median is reported (the run
least disturbed by the rest of the machine), with the spread of the run medians.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesdsl.agents import RandomAgent  # noqa: E402
from rulesdsl.content.loader import load_content  # noqa: E402
from rulesdsl.engine.game import Game, GameOptions  # noqa: E402

SOLO_TARGET_MS = 45.0


def time_game(content, players: int, seed: int) -> tuple[float, int]:
    start = time.perf_counter()
    game = Game(content, GameOptions(players=players, length="long", decks=("A", "B", "C")), seed)
    game.run([RandomAgent(seed * 10 + i) for i in range(players)])
    return (time.perf_counter() - start) * 1000, len(game.log)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per player count and run")
    parser.add_argument("--runs", type=int, default=3, help="runs of the games; the lowest median counts")
    args = parser.parse_args()
    content = load_content()
    time_game(content, 1, 0)  # warm caches
    medians: dict[int, list[float]] = {1: [], 2: [], 4: []}
    decisions: dict[int, float] = {}
    for _ in range(args.runs):
        for players in medians:
            times = [time_game(content, players, seed) for seed in range(args.games)]
            medians[players].append(statistics.median(t for t, _ in times))
            decisions[players] = statistics.median(n for _, n in times)
    results = {}
    for players, runs in medians.items():
        best = results[players] = min(runs)
        print(f"{players} player{'s' if players > 1 else ' '} long: median {best:7.1f} ms per game "
              f"({1000 / best:6.1f} games/s, median {decisions[players]:.0f} decisions; "
              f"run medians {min(runs):.1f}-{max(runs):.1f} ms)")
    solo, four = results[1], results[4]
    print(f"target solo <= {SOLO_TARGET_MS} ms: {'met' if solo <= SOLO_TARGET_MS else 'NOT met'} ({solo:.1f} ms); "
          f"4 players <= 4x solo: {'met' if four <= 4 * solo else 'NOT met'} ({four / solo:.1f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
