"""The balance store: one DuckDB file per folder (`sims.duckdb`, as `simulate`'s), one row per
pair of games in `pairs`, and for the card's seat the spaces, anytime actions and the card's
effects fired in `pair_spaces`, `pair_anytime`, `pair_fired`; `pair_records` keeps the answers
of the pairs with the largest differences so their games can be written out and opened.

A seed's pairs (one per seat when the card rotates over the seats) go in as one transaction,
so an interrupted run keeps every whole seed and `--resume` plays exactly the missing ones.
"""

from __future__ import annotations

import json

from rulesdsl.games.feast.engine.scoring import CATEGORIES
from rulesdsl.sim.store import column, open_store

KEEP = 3  # pairs per card whose games are kept as records (largest differences either way)
FORMAT = "1"  # of a balance store (its tables have not changed since the first)
DECISIONS, SECONDS = column("games", "decisions"), column("games", "seconds")  # in a simulated game's `games` row

SCHEMA: dict[str, list[tuple[str, str]]] = {
    "pairs": [("test", "INTEGER"), ("pair", "BIGINT"), ("unit", "BIGINT"), ("seed", "BIGINT"), ("seat", "INTEGER"),
              ("score_a", "INTEGER"), ("score_b", "INTEGER"), ("diff", "INTEGER"), ("win_a", "BOOLEAN"),
              ("win_b", "BOOLEAN"), ("played", "BOOLEAN"), ("round_played", "INTEGER"), ("fired", "INTEGER"),
              ("decisions_a", "INTEGER"), ("decisions_b", "INTEGER"), ("seconds", "DOUBLE"),
              *((f"a_{c}", "INTEGER") for c in CATEGORIES), *((f"b_{c}", "INTEGER") for c in CATEGORIES)],
    "pair_spaces": [("test", "INTEGER"), ("pair", "BIGINT"), ("arm", "VARCHAR"), ("space", "VARCHAR"), ("times", "INTEGER")],
    "pair_anytime": [("test", "INTEGER"), ("pair", "BIGINT"), ("arm", "VARCHAR"), ("action", "VARCHAR"), ("times", "INTEGER")],
    "pair_fired": [("test", "INTEGER"), ("pair", "BIGINT"), ("timing", "VARCHAR"), ("times", "INTEGER")],
    "pair_records": [("test", "INTEGER"), ("pair", "BIGINT"), ("arm", "VARCHAR"), ("answers", "VARCHAR")],
}
PAIR_COLUMNS = [name for name, _ in SCHEMA["pairs"]]


def open_pairs(folder, meta: dict, new: bool):
    """The balance store in `folder` for runs of `meta`; refused for other content or settings unless `new`."""
    return open_store(folder, meta, new=new, schema=SCHEMA, fmt=FORMAT)


def pair_rows(test: int, pair: int, unit: int, seat: int, game_a: dict, game_b: dict, card: int) -> dict[str, list[tuple]]:
    """The rows of one pair: the card's seat in the game with the card (a) and without (b)."""
    row_a = next(r for r in game_a["scores"] if r[1] == seat)
    row_b = next(r for r in game_b["scores"] if r[1] == seat)
    seed = game_a["games"][0][0]
    held = next((r for r in game_a["cards"] if r[1] == seat and r[2] == card), None)
    played = bool(held is not None and held[5])
    cats_a, cats_b = breakdown_of(game_a, seat), breakdown_of(game_b, seat)
    out = {"pairs": [(test, pair, unit, seed, seat, row_a[3], row_b[3], row_a[3] - row_b[3], bool(row_a[4]), bool(row_b[4]),
                      played, held[6] if played else None, held[7] if held is not None else 0,
                      game_a["games"][0][DECISIONS], game_b["games"][0][DECISIONS],
                      game_a["games"][0][SECONDS] + game_b["games"][0][SECONDS],
                      *cats_a, *cats_b)],
           "pair_spaces": [], "pair_anytime": [], "pair_fired": [], "pair_records": []}
    for arm, game in (("a", game_a), ("b", game_b)):
        out["pair_spaces"] += [(test, pair, arm, space, n) for _, player, space, n in game["spaces"] if player == seat]
        out["pair_anytime"] += [(test, pair, arm, action, n) for _, player, action, n in game["anytime"] if player == seat]
    out["pair_fired"] = [(test, pair, timing, n) for _, player, c, timing, n in game_a["fired"] if player == seat and c == card]
    return out


def breakdown_of(game: dict, seat: int) -> tuple[int, ...]:
    """A seat's points by scoring category (in CATEGORIES' order), from a game's `points` rows."""
    points = {category: value for _, player, category, value in game["points"] if player == seat}
    return tuple(points[category] for category in CATEGORIES)


def answers_text(game: dict) -> str:
    """A game's answers as compact JSON (kept only for the pairs worth opening)."""
    return json.dumps([list(a) for a in game["answers"]], separators=(",", ":"))


def top_pairs(units: dict[int, list[tuple]]) -> set[int]:
    """The pairs of a card worth opening: the KEEP largest differences each way (ties: the first pair)."""
    rows = [row for rows in units.values() for row in rows]
    high = sorted(rows, key=lambda r: (-r[7], r[1]))[:KEEP]
    low = sorted(rows, key=lambda r: (r[7], r[1]))[:KEEP]
    return {r[1] for r in high + low}


def add_units(store, batch: list[dict[str, list[tuple]]], keep: dict[int, set[int]]) -> None:
    """Store seeds' pairs in one transaction: each seed whole or, on any error, none. `keep`
    (test -> pairs) says whose answers stay; the answers of pairs that fell out of it go."""
    store.add(batch)
    for test, pairs in keep.items():
        shown = sorted(pairs) or [-1]
        store.con.execute(f"DELETE FROM pair_records WHERE test = ? AND pair NOT IN ({', '.join('?' * len(shown))})",
                          [test, *shown])


def stored_units(store) -> dict[int, dict[int, list[tuple]]]:
    """test -> unit -> its pairs' rows (in pair order), as stored."""
    found: dict[int, dict[int, list[tuple]]] = {}
    for row in store.con.execute(f"SELECT {', '.join(PAIR_COLUMNS)} FROM pairs ORDER BY test, unit, pair").fetchall():
        found.setdefault(row[0], {}).setdefault(row[2], []).append(row)
    return found
