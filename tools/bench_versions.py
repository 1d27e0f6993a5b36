"""An agent of this checkout against the same agent of another checkout of the code, in 2-player games (for
example `git worktree add /tmp/old COMMIT`). Not a test.

    nice -n 5 python tools/bench_versions.py /tmp/old [--agent greedy] [--other-agent NAME] [--games 40] [--first-seed 400] [--short]

`--other-agent` names the other checkout's agent when it differs (e.g. this checkout's `fast`
against `greedy` of the commit issue 29 calls today's greedy).

Each side runs in its own process on its own code, and each keeps its own copy of the game:
the answers are sent to both. Each seed is played twice with the seats swapped. Prints this
checkout's win rate (a tie counts half) with a 95% Wilson interval, the mean score gap, and
each side's CPU seconds per game (its own seat's answers only; min, median, max).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "tools"))

from rulesdsl.content.loader import load_content  # noqa: E402
from rulesdsl.games.feast.engine.game import Game, GameOptions  # noqa: E402
from rulesdsl.games.feast.engine.scoring import final_scores  # noqa: E402
from bench_agents import wilson  # noqa: E402

# One side: a game kept in step by the answers it is sent, and an agent that answers when asked.
SIDE = r'''
import json, sys, time
# this checkout's code only: an editable install's finder would fill in modules this checkout lacks
sys.meta_path[:] = [f for f in sys.meta_path if "Editable" not in getattr(f, "__name__", type(f).__name__)]
from rulesdsl.agents.registry import make_agent
from rulesdsl.content.loader import load_content
try:
    from rulesdsl.games.feast.engine.game import Game, GameOptions
except ModuleNotFoundError:  # a checkout from before the games were plug-ins (issue 34)
    from rulesdsl.engine.game import Game, GameOptions
content, game, agent = load_content(), None, None
for line in sys.stdin:
    command, _, rest = line.rstrip("\n").partition(" ")
    if command == "new":
        name, seed, agent_seed, players, length = json.loads(rest)
        game = Game(content, GameOptions(players=players, length=length, decks=("A", "B", "C")), seed)
        agent, reply = make_agent(name, agent_seed), "ok"
    elif command == "answer":
        game.answer(json.loads(rest))
        reply = "ok"
    else:
        start = time.process_time()
        key = agent.answer(game, game.decision)
        reply = json.dumps([key, time.process_time() - start])
    print(reply, flush=True)
'''


class Side:
    """An agent on the code of one checkout, in a process of its own."""

    def __init__(self, root: Path):
        env = dict(os.environ, PYTHONPATH=str(root))
        self.process = subprocess.Popen([sys.executable, "-c", SIDE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, env=env, cwd=root)

    def say(self, command: str, value) -> str:
        """Send a command and its value; the side's reply."""
        self.process.stdin.write(f"{command} {json.dumps(value)}\n")
        self.process.stdin.flush()
        reply = self.process.stdout.readline()
        if not reply:
            raise SystemExit(f"the side on {self.process.args} stopped")
        return reply.strip()

    def close(self) -> None:
        """End the side's process."""
        self.process.stdin.close()
        self.process.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="the root of the other checkout")
    parser.add_argument("--agent", default="greedy")
    parser.add_argument("--other-agent", default=None, help="the other checkout's agent (default: --agent)")
    parser.add_argument("--games", type=int, default=40, help="games (half per seating)")
    parser.add_argument("--first-seed", type=int, default=400)
    parser.add_argument("--short", action="store_true")
    args = parser.parse_args()
    length = "short" if args.short else "long"
    content = load_content()
    sides = {"this": Side(HERE), "other": Side(args.other.resolve())}
    wins, gaps, cpu = 0.0, [], {"this": [], "other": []}
    try:
        for seed in range(args.first_seed, args.first_seed + args.games // 2):
            for seats in (["this", "other"], ["other", "this"]):
                game = Game(content, GameOptions(players=2, length=length, decks=("A", "B", "C")), seed)
                for name, side in sides.items():  # the agent's seed is its seat's, as in bench_agents
                    agent = args.agent if name == "this" or args.other_agent is None else args.other_agent
                    side.say("new", [agent, seed, seed * 7919 + seats.index(name), 2, length])
                spent = {"this": 0.0, "other": 0.0}
                while game.decision is not None:
                    who = seats[game.decision.player]
                    key, seconds = json.loads(sides[who].say("ask", None))
                    spent[who] += seconds
                    game.answer(key)
                    for side in sides.values():
                        side.say("answer", key)
                scores = [row["total"] for row in final_scores(game)]
                mine, theirs = scores[seats.index("this")], scores[seats.index("other")]
                wins += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
                gaps.append(mine - theirs)
                for name in cpu:
                    cpu[name].append(spent[name])
                print(f"  seed {seed} {'-'.join(seats)}: {scores} (CPU this {spent['this']:.2f} s, other {spent['other']:.2f} s)",
                      file=sys.stderr, flush=True)
    finally:
        for side in sides.values():
            side.close()
    n = len(gaps)
    low, high = wilson(wins, n)
    spread = 2 * statistics.stdev(gaps) / math.sqrt(n) if n > 1 else 0.0
    print(f"{args.agent} of this checkout vs {args.other_agent or args.agent} of {args.other} ({n} games, seats alternated): wins {wins:g}/{n} = {wins / n:.1%} "
          f"(95% {low:.1%}..{high:.1%}); gap {statistics.mean(gaps):+.1f} +- {spread:.1f}")
    for name, values in cpu.items():
        print(f"  {name}: CPU s/game min {min(values):.2f} median {statistics.median(values):.2f} max {max(values):.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
