"""How often `rulesdsl balance` calls a card that does nothing "stronger" or "weaker".

The card is a copy of Peddler under a new number: a variant adds it, and balance compares it
with the card it copies, so the two arms are the same game up to the card's number and the
true difference is 0. With common random numbers the two arms are then the very same game
(every difference 0, a verdict impossible), so the runs pair them on different seeds
(`--pairing independent`): exchangeable arms, differences of real games, true mean 0. Many small runs (each its own range of seeds, with the looks, the floor
and the early stop of a real run) are played with random agents; the share of runs with a
verdict other than "no clear effect" must stay at or under 5%, the rate the report promises.

    nice -n 5 python tools/bench_balance_null.py --runs 200 --pairs 40
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PEDDLER = ROOT / "cards" / "occupations" / "A" / "001-peddler.yaml"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--pairs", type=int, default=40, help="most pairs per run (default 40)")
    parser.add_argument("--min-pairs", type=int, default=20)
    parser.add_argument("--batch", type=int, default=10)
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--pairing", default="independent", choices=("independent", "rotate", "single"),
                        help="independent (default): the arms on different seeds, so the differences are not all 0")
    args = parser.parse_args(argv)

    from scipy.stats import binomtest

    from rulesdsl.games.feast.engine.game import GameOptions
    from rulesdsl.games.feast.sim_play import Setup
    from rulesdsl.sim.backends import make_backend
    from rulesdsl.games.feast.balance import Plan, balance, plan_tests, store_meta
    from rulesdsl.games.feast.balance_pairs import open_pairs

    folder = Path(tempfile.mkdtemp(prefix="balance-null-"))
    card = folder / "twin" / "cards" / "occupations" / "A" / "901-twin.yaml"
    card.parent.mkdir(parents=True)
    card.write_text(PEDDLER.read_text().replace("number: 1\n", "number: 901\n").replace("name: Peddler", "name: Twin"))
    setup = Setup(GameOptions(players=args.players, length="short", decks=("A",)), ("random",) * args.players)
    tests = plan_tests([], True, [], folder / "twin")
    plan = Plan.of(args.players, args.pairing, args.pairs, args.min_pairs, args.batch)
    backend = make_backend("local", args.jobs, None)
    backend.start()
    wrong = pairs = 0
    start = time.perf_counter()
    try:
        for run in range(args.runs):
            first = run * plan.max_units
            store = open_pairs(folder / f"run{run}", store_meta(tests, setup, plan, first, 0.0, args.pairing), new=True)
            try:
                (outcome,) = balance(tests, setup, backend, store, plan, first, 0.0, args.pairing)
            finally:
                store.close()
            wrong += outcome.verdict in ("stronger", "weaker")
            pairs += outcome.pairs
            if (run + 1) % 20 == 0:
                print(f"{run + 1} runs, {wrong} with a verdict, {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    finally:
        backend.stop()
    rate = wrong / args.runs
    low, high = binomtest(wrong, args.runs).proportion_ci(0.95)
    print(f"{args.runs} runs of up to {args.pairs} pairs ({pairs} pairs, {time.perf_counter() - start:.0f} s): "
          f"{wrong} called stronger or weaker = {rate:.1%} [{low:.1%}, {high:.1%}] (promised: at most 5%)")
    return 0 if rate <= 0.05 or low <= 0.05 else 1


if __name__ == "__main__":
    sys.exit(main())
