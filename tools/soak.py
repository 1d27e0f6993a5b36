"""Soak test: N random games on all cores, invariants after every step, save/reload at random points.

    python tools/soak.py [--games N] [--workers W] [--start SEED] [--progress K]

Each game draws its player count (1-4), length and occupation decks from its seed and is
played by random agents. After every answer `rulesdsl.games.feast.engine.invariants.check` and `weapons_complete` run; at
one to three random points the game is saved, the record goes through JSON text, is
loaded again (`Game.load`, which replays it and checks the content fingerprint) and must
give the identical state and pending decision; the game then goes on from the *loaded*
copy. Random agents answer from their seed and the length of the record only, so a
reloaded game must end exactly as an uninterrupted one: every game's final state is
compared with a straight replay of its record. Prints progress and a summary with the
counts (games, decisions, reloads, failures with their seeds); exit 1 on any failure.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

_CONTENT = None


def _init() -> None:
    global _CONTENT
    from rulesdsl.content.loader import load_content

    _CONTENT = load_content()


def _options(seed: int):
    from rulesdsl.games.feast.engine.game import GameOptions

    rng = random.Random(f"soak-{seed}")
    decks = tuple(d for d in "ABC" if rng.random() < 0.6) or ("A",)
    return GameOptions(players=rng.randint(1, 4), length=rng.choice(["long", "short"]), decks=decks,
                       occupations=rng.random() < 0.9), rng


def play_one(seed: int) -> dict:
    """Play game `seed`; return its counts, or the failure with where it happened."""
    from rulesdsl.agents import RandomAgent
    from rulesdsl.games.feast.engine import invariants
    from rulesdsl.games.feast.engine.game import Game

    content = _CONTENT
    options, rng = _options(seed)
    agents = [RandomAgent(seed * 10 + i) for i in range(options.players)]
    result = {"seed": seed, "players": options.players, "decisions": 0, "reloads": 0, "error": None}
    step = 0
    try:
        game = Game(content, options, seed)
        invariants.check(game)
        invariants.weapons_complete(game)
        reload_at = set(rng.sample(range(1, 400), rng.randint(1, 3)))
        while game.decision is not None:
            game.answer(agents[game.decision.player].answer(game, game.decision))
            step += 1
            invariants.check(game)
            invariants.weapons_complete(game)  # a game from setup: every weapon card is in play
            if step in reload_at:
                record = json.loads(json.dumps(game.save()))
                loaded = Game.load(content, record)
                if loaded.state.snapshot() != game.state.snapshot() or loaded.decision != game.decision:
                    raise AssertionError(f"reloading at step {step} gave another state")
                game = loaded
                result["reloads"] += 1
            if step > 200_000:
                raise AssertionError("the game did not end")
        straight = Game(content, options, seed)
        straight.run(agents)
        if straight.state.snapshot() != game.state.snapshot():
            raise AssertionError("the reloaded game ended differently from an uninterrupted one")
        result["decisions"] = step
    except Exception as err:  # noqa: BLE001 - every failure is reported with its seed
        result["error"] = f"step {step}: {type(err).__name__}: {err}\n{traceback.format_exc(limit=6)}"
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (default: all cores)")
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--progress", type=int, default=500, help="print a line every K games")
    args = parser.parse_args()
    started = time.monotonic()
    totals = {"games": 0, "decisions": 0, "reloads": 0, "failures": 0}
    by_players: dict[int, int] = {}
    failures = []
    seeds = range(args.start, args.start + args.games)
    with multiprocessing.Pool(args.workers, initializer=_init) as pool:
        for result in pool.imap_unordered(play_one, seeds, chunksize=4):
            totals["games"] += 1
            totals["decisions"] += result["decisions"]
            totals["reloads"] += result["reloads"]
            by_players[result["players"]] = by_players.get(result["players"], 0) + 1
            if result["error"]:
                totals["failures"] += 1
                failures.append(result)
                print(f"FAIL seed {result['seed']}: {result['error']}", flush=True)
            if totals["games"] % args.progress == 0:
                elapsed = time.monotonic() - started
                print(f"{totals['games']} games, {totals['decisions']:,} decisions, {totals['reloads']} reloads, "
                      f"{totals['failures']} failures, {elapsed:.0f} s", flush=True)
    elapsed = time.monotonic() - started
    players = ", ".join(f"{n}p: {by_players[n]}" for n in sorted(by_players))
    print(f"soak: {totals['games']} games ({players}), {totals['decisions']:,} decisions with invariants after each, "
          f"{totals['reloads']} save/reload/continue, {totals['failures']} failures, "
          f"{elapsed:.0f} s on {args.workers} processes")
    for result in failures[:10]:
        print(f"  seed {result['seed']}: {result['error'].splitlines()[0]}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
