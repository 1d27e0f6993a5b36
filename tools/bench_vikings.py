"""Milliseconds per random Vikings game, in interleaved blocks; the greedy agent's cost and its win
rate against random. Not a test.

    python tools/bench_vikings.py [--games N] [--blocks B] [--wall] [--greedy N]

Each block plays N seeded games per variant (2, 3 and 4 players with the base rules, and 3
players with every advanced rule switched on) with random agents and reports the block's
median CPU time per game (`time.process_time`; `--wall` for wall time). The variants
alternate within each block, so a busy moment of the shared machine hits them alike; each
line gives min/median/max of the block medians. Target: a random game <= 20 ms.

`--greedy N` (default 6) then plays N seeded 2-player games of the tableau greedy agent against
random (seats alternating) per block, and reports the greedy games' CPU ms (min/median/max of
the block medians) and greedy's win rate over all of them (0 skips it).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesdsl.agents import RandomAgent  # noqa: E402
from rulesdsl.games.seats import agent_seed, play_agents  # noqa: E402
from rulesdsl.games.tableau.agents.greedy import TableauGreedyAgent  # noqa: E402
from rulesdsl.games.tableau.engine.game import TableauGame  # noqa: E402
from rulesdsl.games.tableau.engine.rulesets import load  # noqa: E402

VARIANTS = (("2 players", 2, {}), ("3 players", 3, {}), ("4 players", 4, {}),
            ("3 players advanced", 3, {"auction": 1, "boatsman_limit": 1}))


def one_game(ruleset, players: int, options: dict, seed: int, clock) -> tuple[float, int]:
    """(milliseconds, decisions) of one game with random agents, setup included."""
    start = clock()
    game = TableauGame(ruleset, players, options, seed)
    play_agents(game, [RandomAgent(agent_seed(seed, seat)) for seat in range(players)])
    return (clock() - start) * 1000, len(game.log)


def greedy_game(ruleset, seed: int, clock) -> tuple[float, bool]:
    """(milliseconds, greedy won) of one 2-player game, greedy in seat seed % 2 against random."""
    seat = seed % 2
    agents = [RandomAgent(agent_seed(seed, i)) for i in range(2)]
    agents[seat] = TableauGreedyAgent(agent_seed(seed, seat))
    start = clock()
    game = TableauGame(ruleset, 2, {}, seed)
    play_agents(game, agents)
    places = [r["place"] for r in game.scores()]
    return (clock() - start) * 1000, places[seat] == 1 and places[1 - seat] == 2


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games per variant and block (default 30)")
    parser.add_argument("--blocks", type=int, default=5, help="interleaved blocks (default 5)")
    parser.add_argument("--wall", action="store_true", help="wall time instead of CPU time")
    parser.add_argument("--greedy", type=int, default=6, help="greedy-against-random games per block (default 6; 0: none)")
    args = parser.parse_args(argv)
    clock = time.perf_counter if args.wall else time.process_time
    ruleset = load("vikings")
    one_game(ruleset, 3, {}, -1, clock)  # warm: grammar, content, first-call costs
    medians = {name: [] for name, _, _ in VARIANTS}
    decisions = {name: [] for name, _, _ in VARIANTS}
    greedy_medians, greedy_wins, greedy_games = [], 0, 0
    for block in range(args.blocks):
        times = {name: [] for name, _, _ in VARIANTS}
        for game in range(args.games):
            seed = block * 100_000 + game
            for name, players, options in VARIANTS:  # interleaved game by game
                ms, count = one_game(ruleset, players, options, seed, clock)
                times[name].append(ms)
                decisions[name].append(count)
        for name in medians:
            medians[name].append(statistics.median(times[name]))
        greedy_times = []
        for game in range(args.greedy):
            ms, won = greedy_game(ruleset, block * 100_000 + game, clock)
            greedy_times.append(ms)
            greedy_wins += won
            greedy_games += 1
        if greedy_times:
            greedy_medians.append(statistics.median(greedy_times))
    print(f"ms per random Vikings game ({'wall' if args.wall else 'CPU'}), {args.blocks} blocks x {args.games} games;"
          " min / median / max of the block medians")
    for name, values in medians.items():
        print(f"  {name:20} {min(values):6.2f} / {statistics.median(values):6.2f} / {max(values):6.2f} ms"
              f"   ({statistics.mean(decisions[name]):.0f} decisions per game)")
    if greedy_medians:
        print(f"  {'greedy vs random 2p':20} {min(greedy_medians):6.0f} / {statistics.median(greedy_medians):6.0f} / "
              f"{max(greedy_medians):6.0f} ms   (greedy won {greedy_wins} of {greedy_games} games, "
              f"{greedy_wins / greedy_games:.0%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
