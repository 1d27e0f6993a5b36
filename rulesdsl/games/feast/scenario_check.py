"""The shape of a format-1 scenario file, checked before the scenario runs.

The scenario runner reads its files as it goes and trusts the types it finds; a file
saying `dice: 3`, `answers: 5`, `hand: [x]` or `game: {players: two}` used to end in a
traceback that stopped the whole batch. `check(doc, content)` walks the document against
the schema below once, before anything runs, and returns every located problem (value
types, number ranges, player indices within the game's players, effect texts that do not
parse). Keys the schema does not list are left to the runner, which names the keys it
accepts (from `keys` below, so the keys are listed once); files of another format are left
to the runner entirely.
"""

from __future__ import annotations

from rulesdsl.content.models import EFFECT_LENGTH
from rulesdsl.errors import CardSyntaxError, Problem, describe
from rulesdsl.lang.parser import parse

# Schema nodes: ("int", lo, hi), ("str",), ("bool",), ("scalar",) a word or a number,
# ("list", item), ("map", {key: node}, required keys) with other keys left to the runner,
# ("dict", value) any keys, ("either", node, node), ("any",), ("player",) a player index,
# ("die",) a die result, ("effect",) card-language text, ("null_or", node).
INT = lambda lo, hi: ("int", lo, hi)  # noqa: E731 - a table of schema nodes reads best this way
STR, BOOL, SCALAR, ANY, PLAYER, DIE, EFFECT = ("str",), ("bool",), ("scalar",), ("any",), ("player",), ("die",), ("effect",)
COUNT = INT(0, 10_000)
CARD = INT(1, 100_000)
ROUND = INT(1, 100)


def LIST(item):  # noqa: N802 - schema constructors
    return ("list", item)


def MAP(fields, required=()):  # noqa: N802
    return ("map", fields, tuple(required))


def DICT(value):  # noqa: N802
    return ("dict", value)


def EITHER(a, b):  # noqa: N802
    return ("either", a, b)


_AT = ("at", INT(-100, 100))
_TILE = MAP({"item": STR, "at": _AT, "turn": INT(-360, 360), "mirror": BOOL, "board": SCALAR}, ("item",))
_PLAYER_SETUP = MAP({
    "supply": DICT(COUNT), "stables": DICT(COUNT),
    "ships": LIST(EITHER(STR, MAP({"kind": STR, "ore": COUNT}, ("kind",)))),
    "emigrated": LIST(STR), "boards": DICT(LIST(_TILE)),
    "buildings": LIST(EITHER(STR, MAP({"kind": STR, "tiles": LIST(_TILE), "slots": DICT(INT(0, 100))}, ("kind",)))),
    "table_vikings": COUNT, "thing": COUNT, "penalties": COUNT, "hand": LIST(CARD), "played": LIST(CARD),
})
SCHEMA = MAP({
    "format": INT(1, 1), "title": STR, "source": STR, "cards": LIST(CARD), "notes": ANY,
    "game": MAP({"players": INT(1, 4), "length": STR, "decks": LIST(STR), "seed": INT(-(10**100), 10**100), "occupations": BOOL}),
    "setup": MAP({
        "round": ROUND, "phase": STR, "start_player": PLAYER, "players": ("players", _PLAYER_SETUP),
        "occupancy": DICT(PLAYER), "strips": LIST(LIST(STR)), "strip_pile": ("null_or", LIST(STR)),
        "exploration": DICT(MAP({"board": STR, "silver": COUNT})),
        "specials_left": LIST(STR), "weapon_deck": LIST(STR), "occupation_deck": LIST(CARD),
    }),
    "steps": ("null_or", LIST(MAP({
        "player": PLAYER, "space": STR, "play": CARD, "phase": STR, "anytime": LIST(SCALAR), "effect": EFFECT,
        "answers": LIST(SCALAR), "dice": LIST(DIE), "expect_error": SCALAR, "round": ROUND, "note": ANY,
        "place": MAP({"item": STR, "at": _AT, "turn": INT(-360, 360), "mirror": BOOL, "board": SCALAR}, ("item", "at")),
        "score": BOOL,
    }))),
    "expect": ("null_or", MAP({
        "players": ("players", MAP({key: ANY for key in (  # values compared by the runner
            "supply", "stables", "ships", "emigrated", "thing", "table_vikings", "hand", "played", "penalties", "income",
            "explored", "buildings", "score", "bonus", "minus_squares", "feast_seats", "winner")})),
        "occupancy": DICT(EITHER(PLAYER, LIST(PLAYER))), "round": ROUND,
        "history": LIST(STR), "strips": LIST(LIST(STR)), "strip_pile": ("null_or", LIST(STR)),
        "exploration": DICT(MAP({"board": STR, "silver": COUNT, "owner": ("null_or", PLAYER)})), "specials_left": LIST(STR),
    })),
})


# What format 2 adds to the mappings of format 1, by the path of the mapping ("*": any list
# item); format 2 files are read by the runner alone, which checks these values.
FORMAT2_ADDS = {
    (): {"content", "interactions"},  # variant roots, interaction-checker findings
    ("setup",): {"general", "weapon_discard", "extension"},  # extension: the sides of the extension tiles
    ("steps", "*"): {"expect", "silent", "asked"},  # expectations after the step; what must not be asked
    ("expect",): {"phase", "start_player", "general", "weapon_deck", "weapon_discard", "occupation_deck"},
    ("expect", "players", "*"): {"squares", "ships_in_order"},
}


def _bare(node):
    """The node a `null_or` wraps."""
    return _bare(node[1]) if node[0] == "null_or" else node


def keys(path: tuple = (), format: int = 1) -> frozenset:
    """The keys a mapping of a scenario file may hold: the schema's, plus format 2's additions."""
    node = _bare(SCHEMA)
    for part in path:
        node = _bare(node[1] if part == "*" else node[1][part])  # a list's items, or a mapping's key
    return frozenset(node[1]) | frozenset(FORMAT2_ADDS.get(path, ()) if format == 2 else ())


class _Checker:
    def __init__(self, doc, content):
        self.doc = doc
        self.problems: list[Problem] = []
        game = doc.data.get("game") if isinstance(doc.data, dict) else None
        players = game.get("players", 2) if isinstance(game, dict) else 2
        self.players = players if type(players) is int and 1 <= players <= 4 else 4
        self.faces = max((d.faces for d in content.dice.values()), default=1) if content is not None else 100

    def fail(self, path, message):
        self.problems.append(Problem(self.doc.location(path), message))
        return False

    def check(self, node, value, path) -> bool:
        kind = node[0]
        if kind == "any":
            return True
        if kind == "null_or":
            return value is None or self.check(node[1], value, path)
        if kind == "int":
            return self._int(value, path, node[1], node[2])
        if kind == "player":
            return self._int(value, path, 0, self.players - 1, f" (the game has {self.players} players)")
        if kind == "die":
            return self._int(value, path, 1, self.faces, f" (the largest die has {self.faces} faces)")
        if kind == "str":
            return isinstance(value, str) or self.fail(path, f"expected text, found {describe(value)}")
        if kind == "bool":
            return isinstance(value, bool) or self.fail(path, f"expected true or false, found {describe(value)}")
        if kind == "scalar":
            ok = isinstance(value, (str, int)) and not isinstance(value, bool)
            return ok or self.fail(path, f"expected a word or a number, found {describe(value)}")
        if kind == "effect":
            return self._effect(value, path)
        if kind == "either":
            probe = _Checker.__new__(_Checker)
            probe.__dict__.update(self.__dict__, problems=[])
            if probe.check(node[1], value, path):
                return True
            return self.check(node[2], value, path)
        if kind == "at":
            if not (isinstance(value, list) and len(value) == 2):
                return self.fail(path, f"expected [row, column], found {describe(value)}")
            return all([self.check(node[1], v, path + (i,)) for i, v in enumerate(value)])
        if kind in ("list", "players"):
            if not isinstance(value, list):
                return self.fail(path, f"expected a list, found {describe(value)}")
            if kind == "players" and len(value) > self.players:
                return self.fail(path + (self.players,), f"the game has {self.players} players, the list names {len(value)}")
            return all([self.check(node[1], v, path + (i,)) for i, v in enumerate(value)])
        if kind == "dict":
            if not isinstance(value, dict):
                return self.fail(path, f"expected a mapping, found {describe(value)}")
            return all([self.check(node[1], v, path + (k,)) for k, v in value.items()])
        if kind == "map":
            if not isinstance(value, dict):
                return self.fail(path, f"expected a mapping, found {describe(value)}")
            for key in node[2]:
                if key not in value:
                    self.fail(path, f"missing required key '{key}'")
            return all([self.check(node[1][k], v, path + (k,)) for k, v in value.items() if k in node[1]])
        raise AssertionError(kind)  # pragma: no cover - the schema above is closed

    def _int(self, value, path, lo, hi, why="") -> bool:
        if isinstance(value, bool) or not isinstance(value, int):
            return self.fail(path, f"expected a whole number, found {describe(value)}")
        if not lo <= value <= hi:
            return self.fail(path, f"expected a whole number from {lo} to {hi}, found {value}{why}")
        return True

    def _effect(self, value, path) -> bool:
        if not isinstance(value, str):
            return self.fail(path, f"expected card-language text, found {describe(value)}")
        if len(value) > EFFECT_LENGTH:
            return self.fail(path, f"text of {len(value):,} characters; at most {EFFECT_LENGTH:,} are allowed here")
        try:
            parse(value)
        except CardSyntaxError as err:
            self.problems.append(Problem(self.doc.text_location(path, err.line, err.column), err.message))
            return False
        return True


def check(doc, content=None) -> list[Problem]:
    """Every located problem of shape in a format-1 scenario document ([] for other formats)."""
    data = doc.data
    if not isinstance(data, dict) or data.get("format") != 1 or isinstance(data.get("format"), bool):
        return []
    checker = _Checker(doc, content)
    checker.check(SCHEMA, data, ())
    return checker.problems
