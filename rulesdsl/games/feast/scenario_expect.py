"""A scenario's expectations: the state a run ends in (or a format-2 step leaves) compared with
what the file expects, as a subset: players' supplies, boards square by square, ships, cards,
scores; the board's occupancy, strips, decks and the general supply; lines of the history.
Each difference is one readable line; a name the file should not use fails the file.
"""

from __future__ import annotations

from rulesdsl.games.feast.engine.scoring import breakdown, final_scores
from rulesdsl.games.feast.scenario_check import keys
from rulesdsl.games.feast.scenario_read import known_items
from rulesdsl.games.feast.scenario_setup import general_supply
from rulesdsl.geometry import scoring

# the keys each mapping of the expectations may hold, in format 1 and 2 (described once, in scenario_check's schema)
_EXPECT_PLAYER, _EXPECT_PLAYER2 = keys(("expect", "players", "*")), keys(("expect", "players", "*"), 2)
_EXPECT, _EXPECT2 = keys(("expect",)), keys(("expect",), 2)
_COUNTS = {"supply", "stables", "general"}  # item -> count maps: a name left out is 0, an unknown name is refused


def actual_player(game, p) -> dict:
    """Everything an expectation may say of one player, as the file would write it."""
    score = breakdown(game, p)
    return {
        "winner": next(r["winner"] for r in final_scores(game) if r["player"] == p.index),
        "supply": {k: v for k, v in sorted(p.supply.items()) if v},
        "stables": {k: v for k, v in sorted(p.stables.items()) if v},
        "ships": [s.kind if not s.ore else {"kind": s.kind, "ore": s.ore} for s in p.ships],
        "emigrated": list(p.emigrated),
        "thing": p.thing,
        "table_vikings": p.table_vikings,
        "hand": list(p.hand),
        "played": list(p.played),
        "penalties": p.penalties,
        "income": game.flow.income(p),
        "explored": sorted(p.explored),
        "buildings": [b.kind for b in p.buildings],
        "score": {**score, "total": sum(score.values())},
        "bonus": [["+".join(goods), list(sq)] for sq, goods in _bonus(p)],
        "minus_squares": -score["minus_squares"],
        "feast_seats": game.flow.feast_seats(p),
    }


def _ship_bag(ships) -> list:
    """Ships as a sorted list (`knarr`, `{kind: longship, ore: 2}` alike): compared as a multiset."""
    if not isinstance(ships, list):
        return ships
    return sorted(ships, key=lambda x: (x, 0) if isinstance(x, str) else (str(x.get("kind")), x.get("ore", 0)))


def _bonus(p):
    return scoring.bonus(p.home)


def compare(expected, actual, path="", counts: bool = False) -> list[str]:
    """Differences between an expectation (a subset) and the actual value. In a count map a
    name left out of the actual value is 0; in any other mapping a key the actual value does
    not have is reported, never passed over."""
    out = []
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key, value in expected.items():
            where = f"{path}.{key}" if path else str(key)
            if key not in actual and not counts:
                out.append(f"{where}: no such key to compare (known: {', '.join(map(str, actual))})")
                continue
            out += compare(value, actual.get(key, 0), where, counts=key in _COUNTS)
        return out
    if expected != actual:
        out.append(f"{path}: expected {expected!r}, got {actual!r}")
    return out


def _squares(game, p) -> dict:
    """Per area key: the item on every covered square, as `"row,column": item`."""
    out = {}
    for key, _, _, board in game.flow.areas(p):
        cells = {}
        grid = board.grid
        for tile in board.tiles:
            for row in range(grid.height):
                for column in range(grid.width):
                    if tile.mask & grid.bit(row, column):
                        cells[f"{row},{column}"] = tile.piece.id
        out[key] = cells
    return out


def _check_squares(game, r, p, expected, path) -> list[str]:
    """`squares: {home: {"11,0": silk, "0,0": null}}`: the item covering each named square (null: uncovered)."""
    actual = _squares(game, p)
    failures = []
    if not isinstance(expected, dict):
        r.fail(path, "expected a mapping of area -> {\"row,column\": item or null}")
    for area, cells in expected.items():
        if area not in actual:
            r.fail(path + (area,), f"player {p.index} has no area '{area}'; areas: {', '.join(actual)}")
        r.keys(cells, path + (area,), {k for k in cells if _square_key(k)})
        for square, item in cells.items():
            got = actual[area].get(str(square).replace(" ", ""))
            if got != item:
                failures.append(f"player {p.index}.squares.{area}.{square}: expected {item!r}, got {got!r}")
    return failures


def _square_key(key) -> bool:
    parts = str(key).replace(" ", "").split(",")
    return len(parts) == 2 and all(x.isdigit() for x in parts)


def _known_counts(r, game, data, path, zone) -> None:
    """Every name in an expected count map is an item of that zone."""
    known = set(general_supply(game)) if zone == "general" else known_items(game.content, zone)
    if not isinstance(data, dict):
        r.fail(path, "expected a mapping of item -> how many")
    for item in data:
        if item not in known:
            r.fail(path + (item,), f"unknown {zone} item '{item}'")


def check_expectations(game, r, expect, path=("expect",)) -> list[str]:
    """Each difference between the game and the expectations at `path`, as a line."""
    if not expect:
        return []
    r.keys(expect, path, r.v2(_EXPECT, _EXPECT2))
    failures = []
    s = game.state
    for index, pexp in enumerate(expect.get("players", [])):
        ppath = path + ("players", index)
        r.keys(pexp, ppath, r.v2(_EXPECT_PLAYER, _EXPECT_PLAYER2))
        if index >= len(s.players):
            r.fail(ppath, f"the game has {len(s.players)} players")
        for zone in ("supply", "stables"):
            if zone in pexp:
                _known_counts(r, game, pexp[zone], ppath + (zone,), zone)
        p = s.players[index]
        rest = {k: v for k, v in pexp.items() if k not in ("squares", "ships", "ships_in_order")}
        actual = actual_player(game, p)
        failures += compare(rest, actual, f"player {index}")
        if "ships" in pexp:  # the bay as a multiset: which ships, not in which berth order
            failures += compare(_ship_bag(pexp["ships"]), _ship_bag(actual["ships"]), f"player {index}.ships")
        if "ships_in_order" in pexp:  # format 2: the bay's order is the point
            failures += compare(pexp["ships_in_order"], actual["ships"], f"player {index}.ships_in_order")
        if "squares" in pexp:
            failures += _check_squares(game, r, p, pexp["squares"], ppath + ("squares",))
    if "occupancy" in expect:  # null or [] : nobody stands there
        actual = {k: [w for w, _, _ in v] for k, v in s.occupancy.items()}
        for space in expect["occupancy"]:
            if space not in game.content.spaces:
                r.fail(path + ("occupancy", space), f"unknown space '{space}'")
        exp = {k: [] if v is None else v if isinstance(v, list) else [v] for k, v in expect["occupancy"].items()}
        failures += compare(exp, {k: actual.get(k, []) for k in exp}, "occupancy")
    for key, actual in (("round", lambda: s.round), ("phase", lambda: s.phase), ("start_player", lambda: s.start_player),
                        ("weapon_deck", lambda: list(s.weapon_deck)), ("weapon_discard", lambda: list(s.weapon_discard)),
                        ("occupation_deck", lambda: list(s.occupation_deck))):
        if key in expect:
            failures += compare(expect[key], actual(), key)
    if "general" in expect:
        _known_counts(r, game, expect["general"], path + ("general",), "general")
        failures += compare(expect["general"], general_supply(game), "general", counts=True)
    if "strips" in expect:
        failures += compare(expect["strips"], [list(items) for _, items in s.strips], "strips")
    if "strip_pile" in expect:
        failures += compare(list(expect["strip_pile"] or []), list(s.strip_pile), "strip_pile")
    if "exploration" in expect:
        actual = {slot: {"board": v["board"], "silver": v["silver"], "owner": v["owner"]} for slot, v in s.slots.items()}
        failures += compare(expect["exploration"], actual, "exploration")
    if "specials_left" in expect:
        failures += compare(sorted(expect["specials_left"]), sorted(s.specials_left), "specials_left")
    for text in expect.get("history", []):
        if not any(text in line for line in game.history):
            failures.append(f"history: no line contains {text!r}")
    return failures

