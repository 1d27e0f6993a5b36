"""Where a card's score difference comes from, read from the balance store: per scoring
category, per space the card's owner placed Vikings on, per anytime action, the mean
difference (with the card minus without) with its Student-t interval over the seeds; and how
often each of the card's effects fired per game with the card."""

from __future__ import annotations

import re
from collections import defaultdict

import attrs

from rulesdsl.sim.stats import Paired


@attrs.frozen
class Line:
    name: str
    stat: Paired
    a: float  # mean per game with the card
    b: float  # without


@attrs.frozen
class Breakdown:
    categories: list[Line]
    spaces: list[Line]  # largest changes first
    anytime: list[Line]
    fired: list[Line]  # the card's effects, per timing (b is 0)
    largest: list[tuple]  # (pair, seed, seat, diff, score_a, score_b), largest differences either way


def score_parts(con) -> list[str]:
    """The parts of the score the pairs table keeps (its `a_<part>` columns), in the table's order."""
    names = [row[0] for row in con.execute("SELECT * FROM pairs LIMIT 0").description]
    # only plain names: they go into the breakdown's SQL, and a store may come from elsewhere
    return [name[2:] for name in names if re.fullmatch(r"a_[a-z][a-z0-9_]*", name)]


def breakdown(con, test: int) -> Breakdown:
    """The breakdown of test number `test` from the store's tables."""
    # the parts as the store has them: the report reads any game's scoring table, never imports one
    parts = score_parts(con)
    pairs = con.execute(f"SELECT pair, unit, seed, seat, diff, score_a, score_b, "
                        f"{', '.join(f'a_{c} - b_{c}, a_{c}, b_{c}' for c in parts)} "
                        f"FROM pairs WHERE test = ? ORDER BY unit, pair", [test]).fetchall()
    unit_of = {row[0]: row[1] for row in pairs}
    per_unit: dict[int, int] = defaultdict(int)
    for row in pairs:
        per_unit[row[1]] += 1
    categories = []
    for k, name in enumerate(parts):
        values = {pair: row[7 + 3 * k:10 + 3 * k] for pair, row in ((row[0], row) for row in pairs)}
        categories.append(_line(name, values, unit_of, per_unit))
    spaces = _by_key(con, "pair_spaces", "space", test, unit_of, per_unit)
    anytime = _by_key(con, "pair_anytime", "action", test, unit_of, per_unit)
    fired = []
    n = len(pairs)
    for timing, total in con.execute("SELECT timing, sum(times) FROM pair_fired WHERE test = ? GROUP BY timing ORDER BY timing",
                                     [test]).fetchall():
        counts = {pair: 0 for pair in unit_of}
        for pair, times in con.execute("SELECT pair, times FROM pair_fired WHERE test = ? AND timing = ?", [test, timing]).fetchall():
            counts[pair] += times
        fired.append(_line(timing, {p: (c, c, 0) for p, c in counts.items()}, unit_of, per_unit))
    ordered = sorted(pairs, key=lambda r: (-abs(r[4]), r[0]))
    largest = [(r[0], r[2], r[3], r[4], r[5], r[6]) for r in ordered[:6]] if n else []
    return Breakdown(categories, spaces, anytime, fired, largest)


def _line(name: str, values: dict, unit_of: dict, per_unit: dict) -> Line:
    """A line from each pair's (difference, with, without): the seeds' mean differences as the sample."""
    sums: dict[int, float] = defaultdict(float)
    total_a = total_b = 0.0
    for pair, (d, a, b) in values.items():
        sums[unit_of[pair]] += d
        total_a += a
        total_b += b
    stat = Paired()
    for unit, count in per_unit.items():
        stat.add(sums.get(unit, 0.0) / count)
    n = max(1, len(values))
    return Line(name, stat, total_a / n, total_b / n)


def _by_key(con, table: str, column: str, test: int, unit_of: dict, per_unit: dict) -> list[Line]:
    """Per key of `table` (a space, an anytime action) the owner's uses with minus without, largest changes first."""
    uses: dict[str, dict[int, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for pair, arm, key, times in con.execute(f"SELECT pair, arm, {column}, times FROM {table} WHERE test = ?", [test]).fetchall():
        uses[key][pair][0 if arm == "a" else 1] += times
    lines = []
    for key, by_pair in uses.items():
        values = {pair: (by_pair[pair][0] - by_pair[pair][1], by_pair[pair][0], by_pair[pair][1]) if pair in by_pair
                  else (0, 0, 0) for pair in unit_of}
        lines.append(_line(key, values, unit_of, per_unit))
    lines.sort(key=lambda line: (-abs(line.stat.mean), line.name))
    return lines
