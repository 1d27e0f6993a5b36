"""What cuts the spread of balance's paired differences, measured on the pairs of a balance store.

For every card of the store (a run with `--pairing rotate`, the default) it prints the spread
(standard deviation) of:
  independent   with the card on seed u against without it on seed u+1 (same seat): no common
                random numbers, the spread of two unrelated games
  single        one pair per seed, the seat u mod players (the design before this version)
  rotate        the mean of a seed's pairs, the card at every seat (what balance uses now)
  rotate + cv   rotate, with the game without the card as a control variate whose mean would be
                known (from a long run of the baseline: the same for every version of a card an
                author tries); the gain is 1 - r^2 of the seed's difference on its baseline score
and for each the spread per two games' cost (games per observation / 2, so designs that play
different numbers of games compare fairly) and the pairs (games / 2) a +-1 point 95% interval
needs.

    python tools/bench_balance_variance.py /tmp/sanity/store
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import defaultdict
from pathlib import Path


def _sd(values) -> float:
    n = len(values)
    if n < 2:
        return math.nan
    mean = sum(values) / n
    return math.sqrt(sum((x - mean) ** 2 for x in values) / (n - 1))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("store", help="a balance store's folder (run with --pairing rotate)")
    args = parser.parse_args(argv)
    import duckdb
    import numpy as np

    con = duckdb.connect(str(Path(args.store) / "sims.duckdb"), read_only=True)
    tests = [t for (t,) in con.execute("SELECT DISTINCT test FROM pairs ORDER BY test").fetchall()]
    import json

    meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
    labels = [t[0] for t in json.loads(meta["tests"])]
    players = json.loads(meta["setup"])["options"]["players"]
    for test in tests:
        rows = con.execute("SELECT unit, seat, score_a, score_b, diff FROM pairs WHERE test = ? ORDER BY unit, seat",
                           [test]).fetchall()
        by_unit: dict[int, dict[int, tuple]] = defaultdict(dict)
        for unit, seat, a, b, d in rows:
            by_unit[unit][seat] = (a, b, d)
        units = sorted(u for u, seats in by_unit.items() if len(seats) == players)
        independent = [by_unit[u][s][0] - by_unit[u + 1][s][1] for u in units for s in range(players) if u + 1 in by_unit
                       and s in by_unit[u + 1]]
        single = [by_unit[u][u % players][2] for u in units]
        rotate = [sum(by_unit[u][s][2] for s in range(players)) / players for u in units]
        base = [sum(by_unit[u][s][1] for s in range(players)) / players for u in units]
        r = float(np.corrcoef(rotate, base)[0, 1]) if len(units) > 2 else 0.0
        shared = meta and json.loads(meta["tests"])[test][2] is None  # nothing dealt without: one game for all seats
        games_rotate = players + (1 if shared else players)
        print(f"{labels[test]}: {len(units)} seeds, {len(units) * players} pairs")
        for name, values, games in (("independent", independent, 2), ("single", single, 2), ("rotate", rotate, games_rotate)):
            sd = _sd(values)
            per = sd * math.sqrt(games / 2)
            print(f"  {name:12} spread {sd:6.2f}  per 2 games {per:6.2f}  pairs for +-1: {math.ceil((1.96 * per) ** 2)}")
        sd = _sd(rotate) * math.sqrt(1 - r * r)
        per = sd * math.sqrt(games_rotate / 2)
        print(f"  {'rotate + cv':12} spread {sd:6.2f}  per 2 games {per:6.2f}  pairs for +-1: {math.ceil((1.96 * per) ** 2)}"
              f"  (r = {r:+.2f})")
    con.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
