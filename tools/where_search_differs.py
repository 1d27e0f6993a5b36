"""Where the search agent answers a turn's question otherwise than the agent it searches over.

Plays `search` against `fast` (seats swapped on every seed) and, at every turn's question search
judged, notes the answer its own lookahead ranked first (what `fast` would answer there) and the
answer the rollouts chose. Prints the games' result, then the answers search took more often and
less often than its lookahead's first pick (by the space's wording, for a person to read): the
kinds of action the value function misjudges. This is how the value weight of building
resources was found (rulesdsl/games/feast/agents/weights.yaml, 2026-12-07). Not a test; minutes of CPU.

    python tools/where_search_differs.py --games 15 --first-seed 12000 --think 0.07 --out FILE.jsonl
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulesdsl.agents.registry import make_agent  # noqa: E402
from rulesdsl.games.feast.agents.search import SearchAgent  # noqa: E402
from rulesdsl.content.loader import load_content  # noqa: E402
from rulesdsl.games.feast.engine.game import Game, GameOptions  # noqa: E402
from rulesdsl.games.feast.engine.scoring import final_scores  # noqa: E402
from rulesdsl.savefile import replace_file  # noqa: E402


class Watched(SearchAgent):
    """A search agent that tells `seen(game, decision, its lookahead's first, its answer)` at every searched decision."""

    def __init__(self, seed: int, think: float, seen):
        super().__init__(seed, iterations=None, think=think)
        self.seen = seen

    def answer(self, game, decision) -> str:
        key = super().answer(game, decision)
        if self.first is not None:
            self.seen(game, decision, self.first, key)
        return key


def wording(label: str) -> str:
    """A space's wording without its column and cost, to group answers by what they are."""
    return re.sub(r"\s*\(column.*", "", label).strip()[:50]


def play(content, seed: int, seat: int, think: float, rows: list[dict]) -> None:
    """One game of search (in `seat`) against fast; its searched decisions and result appended to `rows`."""
    game = Game(content, GameOptions(players=2, length="long", decks=("A", "B", "C")), seed)

    def seen(g, decision, first, key):
        rows.append({"seed": seed, "seat": seat, "round": g.state.round, "first": wording(decision.option(first).label),
                     "chosen": wording(decision.option(key).label)})

    agents = [None, None]
    agents[seat] = Watched(seed * 7919 + seat, think, seen)
    agents[1 - seat] = make_agent("fast", seed * 7919 + 1 - seat)
    while game.decision is not None:
        game.answer(agents[game.decision.player].answer(game, game.decision))
    totals = [row["total"] for row in final_scores(game)]
    rows.append({"seed": seed, "seat": seat, "search": totals[seat], "fast": totals[1 - seat]})


def report(rows: list[dict]) -> None:
    """The games' result and the answers search took more and less often than its lookahead's first."""
    games = [r for r in rows if "search" in r]
    if games:
        wins = sum((r["search"] > r["fast"]) + 0.5 * (r["search"] == r["fast"]) for r in games)
        gap = sum(r["search"] - r["fast"] for r in games) / len(games)
        print(f"{len(games)} games: search won {wins:g} ({wins / len(games):.0%}), {gap:+.1f} points a game")
    searched = [r for r in rows if "chosen" in r]
    changed = [r for r in searched if r["chosen"] != r["first"]]
    print(f"{len(searched)} searched decisions, {len(changed)} answered otherwise than the lookahead's first")
    taken = collections.Counter(r["chosen"] for r in changed)
    left = collections.Counter(r["first"] for r in changed)
    net = {k: taken[k] - left[k] for k in set(taken) | set(left) if taken[k] != left[k]}
    print("taken by search more (+) or less (-) often than its lookahead's first pick:")
    for name, n in sorted(net.items(), key=lambda x: -x[1]):
        print(f"  {n:+4d}  {name}")
    print("by round:", dict(sorted(collections.Counter(r["round"] for r in changed).items())))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=15, help="seeds; each is played twice, seats swapped")
    parser.add_argument("--first-seed", type=int, default=12000)
    parser.add_argument("--think", type=float, default=0.07, help="search's CPU seconds a decision")
    parser.add_argument("--out", type=Path, help="keep the decisions as JSON lines (and report from them with --report)")
    parser.add_argument("--report", action="store_true", help="report from --out without playing")
    args = parser.parse_args()
    rows: list[dict] = []
    if args.report:
        if args.out is None:
            parser.error("--report reads --out")
        rows = [json.loads(line) for line in args.out.read_text(encoding="utf-8").splitlines() if line.strip()]
    else:
        content = load_content([])
        for seed in range(args.first_seed, args.first_seed + args.games):
            for seat in (0, 1):
                play(content, seed, seat, args.think, rows)
                print(f"  seed {seed} seat {seat}: search {rows[-1]['search']}, fast {rows[-1]['fast']}", file=sys.stderr)
                if args.out is not None:
                    replace_file(args.out, "".join(json.dumps(r) + "\n" for r in rows).encode("utf-8"))
    report(rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
