"""The state of a game: what every player owns and where everything lies.

Plain mutable classes with slots: the engine changes them only through the small
set of operations in `ops.py`, and only after every check has passed, so a refused
move leaves the state as it was. `snapshot()` gives a canonical, JSON-friendly
picture used to compare states (save/resume, replays) and by the invariants.
"""

from __future__ import annotations

import operator
from collections import Counter


class ShipState:
    __slots__ = ("kind", "ore", "uid")

    def __init__(self, kind: str, ore: int, uid: int):
        self.kind = kind
        self.ore = ore  # ore loaded on top of the printed ore
        self.uid = uid


class BuildingState:
    __slots__ = ("kind", "grid", "slots", "uid")

    def __init__(self, kind: str, grid, slots, uid: int):
        self.kind = kind
        self.grid = grid  # geometry BoardState or None
        self.slots = slots  # geometry SlotState or None
        self.uid = uid


class PlayerState:
    __slots__ = (
        "index", "color", "supply", "stables", "ships", "emigrated", "home", "explored", "buildings",
        "table_vikings", "thing", "waiting", "hand", "played", "penalties", "spent", "anytime_used",
        "passed", "counters", "next_uid",
    )

    def __init__(self, index: int, color: str):
        self.index = index
        self.color = color
        self.supply: Counter = Counter()  # goods, special tiles, resources, silver, weapons
        self.stables: Counter = Counter()  # sheep, pregnant_sheep, cattle, pregnant_cattle
        self.ships: list[ShipState] = []
        self.emigrated: list[str] = []  # ship kinds on the banquet table, left to right
        self.home = None  # geometry BoardState
        self.explored: dict = {}  # exploration board id -> geometry BoardState
        self.buildings: list[BuildingState] = []
        self.table_vikings = 0  # Vikings still on the banquet table
        self.thing = 0  # Vikings on the Thing square
        self.waiting = 0  # solo: Vikings of the second colour in the waiting area
        self.hand: list[int] = []  # occupation numbers
        self.played: list[int] = []
        self.penalties = 0  # Thing penalty tiles
        self.spent: set = set()  # limited effects that have fired: (card, item index)
        self.anytime_used: set = set()  # `anytime, once` effects used: (card, item index)
        self.passed = False
        self.counters: Counter = Counter()  # per-round event counts for times_this_round
        self.next_uid = 1

    def clone(self) -> "PlayerState":
        """An independent copy (boards and slot states are immutable and shared)."""
        q = PlayerState.__new__(PlayerState)
        q.index, q.color, q.home, q.table_vikings, q.thing = self.index, self.color, self.home, self.table_vikings, self.thing
        q.waiting, q.penalties, q.passed, q.next_uid = self.waiting, self.penalties, self.passed, self.next_uid
        # Counters without Counter.__init__, as `_copy` (inlined: a clone runs for every player of every trial)
        q.supply = c = _new_counter(Counter)
        _update(c, self.supply)
        q.stables = c = _new_counter(Counter)
        _update(c, self.stables)
        q.counters = c = _new_counter(Counter)
        _update(c, self.counters)
        q.ships = [ShipState(x.kind, x.ore, x.uid) for x in self.ships] if self.ships else []
        q.buildings = [BuildingState(b.kind, b.grid, b.slots, b.uid) for b in self.buildings] if self.buildings else []
        q.emigrated, q.hand, q.played = self.emigrated[:], self.hand[:], self.played[:]
        q.explored, q.spent, q.anytime_used = self.explored.copy(), self.spent.copy(), self.anytime_used.copy()
        return q

    def same(self, other: "PlayerState") -> bool:
        """Whether every field equals the other's (ships and buildings field by field)."""
        mine, theirs = _PLAIN_PLAYER(self), _PLAIN_PLAYER(other)
        # the plain fields at once, types first (as `_equal` compares them: True is not 1)
        if list(map(type, mine)) != list(map(type, theirs)) or mine != theirs:
            return False
        for name in _OTHER_PLAYER:
            if name == "ships":
                if [(x.kind, x.ore, x.uid) for x in self.ships] != [(x.kind, x.ore, x.uid) for x in other.ships]:
                    return False
            elif name == "buildings":
                if [(b.kind, b.grid, b.slots, b.uid) for b in self.buildings] != [(b.kind, b.grid, b.slots, b.uid) for b in other.buildings]:
                    return False
            elif not _equal(getattr(self, name), getattr(other, name)):
                return False
        return True

    def uid(self) -> int:
        self.next_uid += 1
        return self.next_uid - 1

    @property
    def silver(self) -> int:
        return self.supply["silver"]


# a player's fields of plain values (compared at once by `PlayerState.same`) and the others
_PLAIN_PLAYER_NAMES = ("index", "color", "table_vikings", "thing", "waiting", "penalties", "passed", "next_uid")
_PLAIN_PLAYER = operator.attrgetter(*_PLAIN_PLAYER_NAMES)
_OTHER_PLAYER = tuple(name for name in PlayerState.__slots__ if name not in _PLAIN_PLAYER_NAMES)


class PlayersOnDemand(list):
    """The players of a state's copy, each copied from the original the first time it is read
    (by index or by going through the list). Until then the original stands in its place, so
    the original must not change while the copy is in use (a trial's copy: the game waits).
    Every way of reading the list that does not go through `__getitem__` or `__iter__` copies
    them all first."""

    __slots__ = ("_pending",)  # indices still holding the original

    def __init__(self, originals):
        list.extend(self, list.copy(originals))  # the items as they are (a copy of a copy: its originals)
        self._pending = set(range(len(self)))

    def __getitem__(self, index):
        pending = self._pending
        if pending:
            if type(index) is int:
                if index < 0:
                    index += len(self)
                if index in pending:
                    pending.discard(index)
                    list.__setitem__(self, index, list.__getitem__(self, index).clone())
            else:
                self._copy_all()
        return list.__getitem__(self, index)

    def peek(self, index: int):
        """The player to read only, not copied if not yet read (the original, as it stands):
        for checks that read a player and mostly change nothing (another player's watches)."""
        return list.__getitem__(self, index)

    def _copy_all(self) -> None:
        pending = self._pending
        for index in sorted(pending):
            list.__setitem__(self, index, list.__getitem__(self, index).clone())
        pending.clear()

    def __iter__(self):
        if self._pending:
            self._copy_all()
        return list.__iter__(self)

    def __reduce_ex__(self, protocol):
        self._copy_all()
        return list, (list(list.__iter__(self)),)


def _reading_all(name: str):
    method = getattr(list, name)

    def read(self, *args, **kwargs):
        if self._pending:
            self._copy_all()
        return method(self, *args, **kwargs)

    read.__name__ = name
    return read


for _name in ("__reversed__", "__contains__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__repr__",
              "__setitem__", "__delitem__", "__add__", "__mul__", "__iadd__", "__imul__", "copy", "index", "count",
              "append", "extend", "insert", "pop", "remove", "clear", "sort", "reverse"):
    setattr(PlayersOnDemand, _name, _reading_all(_name))


class GameState:
    __slots__ = (
        "players", "round", "phase", "rounds", "start_player", "last_placer", "occupancy", "strips", "strip_pile",
        "slots", "buildings_left", "specials_left", "weapon_deck", "weapon_discard", "occupation_deck",
        "bank", "finished", "table", "round_uses", "freed", "extension", "fired",
    )

    def __init__(self):
        self.players: list[PlayerState] = []
        self.round = 0
        self.phase = ""
        self.rounds = 0
        self.start_player = 0
        self.last_placer = None
        self.occupancy: dict = {}  # space id -> list of (player, vikings, round placed); replaced, never changed in place
        self.strips: list = []  # face-up mountain strips: [strip id, [items left to right]]
        self.strip_pile: list[str] = []
        self.slots: dict = {}  # exploration slot -> {"board": id, "silver": n, "owner": player or None}
        self.buildings_left: Counter = Counter()
        self.specials_left: set = set()
        self.weapon_deck: list[str] = []
        self.weapon_discard: list[str] = []
        self.occupation_deck: list[int] = []
        self.bank: Counter = Counter()  # net flow with the general supply (goods never run out)
        self.finished = False
        self.table: Counter = Counter()  # food and coins on the banquet table during a feast
        self.round_uses: Counter = Counter()  # placements on each space this round
        self.freed: Counter = Counter()  # spaces a card emptied this round (they may be used again)
        self.extension: dict = {}  # extension tile -> the space on its side that is up
        # telemetry, not rules: (player, card, timing) -> times a card's effect ran; (player, card, "round")
        # -> the round it was played. Copied with the state, so trials on a copy leave it alone.
        self.fired: Counter = Counter()

    def clone(self, players_on_demand: bool = False) -> "GameState":
        """An independent copy, for trying effects out without touching the game. The lists of an
        occupancy entry are shared: the engine never changes one in place (placing or returning
        Vikings stores a new list), so copying the dict is enough.

        With `players_on_demand`, each player is copied when the copy first reads him
        (`PlayersOnDemand`): for a copy that is used and dropped while this state stays as it
        is (a preparation trial, which mostly reads the acting player alone)."""
        c = GameState.__new__(GameState)
        # plain values by name (a loop over every slot costs more than the copies below)
        c.round, c.phase, c.rounds, c.start_player = self.round, self.phase, self.rounds, self.start_player
        c.last_placer, c.finished = self.last_placer, self.finished
        if players_on_demand and len(self.players) > 1:
            c.players = PlayersOnDemand(self.players)
        else:
            c.players = [p.clone() for p in self.players]
        c.occupancy = dict(self.occupancy)
        c.strips = [[sid, list(items)] for sid, items in self.strips]
        c.strip_pile = list(self.strip_pile)
        c.slots = {k: dict(v) for k, v in self.slots.items()}
        c.buildings_left, c.bank, c.table = _copy(self.buildings_left), _copy(self.bank), _copy(self.table)
        c.round_uses, c.freed = _copy(self.round_uses), _copy(self.freed)
        c.specials_left = set(self.specials_left)
        c.weapon_deck, c.weapon_discard = list(self.weapon_deck), list(self.weapon_discard)
        c.occupation_deck = list(self.occupation_deck)
        c.extension = dict(self.extension)
        c.fired = _copy(self.fired)
        return c

    def same(self, other: "GameState") -> bool:
        """Whether every field equals the other's (unlike `snapshot`, nothing left out)."""
        if len(self.players) != len(other.players) or not all(p.same(q) for p, q in zip(self.players, other.players)):
            return False
        mine, theirs = _PLAIN_STATE(self), _PLAIN_STATE(other)
        if list(map(type, mine)) != list(map(type, theirs)) or mine != theirs:  # (types first, as `_equal`)
            return False
        return all(_equal(getattr(self, name), getattr(other, name)) for name in _OTHER_STATE)

    def snapshot(self) -> dict:
        """A canonical picture of the whole state (JSON-friendly, sorted)."""
        return {
            "round": self.round,
            "phase": self.phase,
            "start_player": self.start_player,
            "occupancy": {k: [list(v) for v in vs] for k, vs in sorted(self.occupancy.items())},
            "strips": [[s, list(items)] for s, items in self.strips],
            "strip_pile": list(self.strip_pile),
            "slots": {k: dict(v) for k, v in sorted(self.slots.items())},
            "buildings_left": dict(sorted(self.buildings_left.items())),
            "specials_left": sorted(self.specials_left),
            "weapon_deck": list(self.weapon_deck),
            "weapon_discard": list(self.weapon_discard),
            "occupation_deck": list(self.occupation_deck),
            "finished": self.finished,
            "table": dict(sorted(self.table.items())),
            "extension": dict(sorted(self.extension.items())),
            "players": [_player_snapshot(p) for p in self.players],
        }


# a state's fields of plain values (compared at once by `GameState.same`) and the others but its players
_PLAIN_STATE_NAMES = ("round", "phase", "rounds", "start_player", "last_placer", "finished")
_PLAIN_STATE = operator.attrgetter(*_PLAIN_STATE_NAMES)
_OTHER_STATE = tuple(name for name in GameState.__slots__ if name not in _PLAIN_STATE_NAMES and name != "players")


def _equal(a, b) -> bool:
    """Equal values of the same type (a Counter's zero counts count: `Counter ==` ignores them)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        if len(a) != len(b) or not dict.__eq__(a, b):  # (unequal by `==`: unequal here too)
            return False
        kinds = set(map(type, a.values()))
        if len(kinds) == 1 and kinds <= _SAME_BY_EQ and kinds == set(map(type, b.values())):
            # every value of both of one plain type, and equal by `==`: equal here (the counts of
            # a Counter, compared in C; a fork's probe compares states with hundreds of them)
            return True
        # the values of plain types compared here, the rest by `_equal` (a fork's check compares
        # the state's counters, whose counts by card and timing grow through a game)
        for k, v in a.items():
            w = b.get(k, _ABSENT)
            if type(v) is not type(w):
                return False
            if type(v) in _PLAIN:
                if v != w:
                    return False
            elif not _equal(v, w):
                return False
        return True
    if isinstance(a, list):
        if len(a) != len(b):
            return False
        kinds = list(map(type, a))
        if _PLAIN_ITEMS.issuperset(kinds):  # (the decks: a hundred numbers) compared at once, types first
            return kinds == list(map(type, b)) and a == b
        return all(_equal(x, y) for x, y in zip(a, b))
    return a == b


_ABSENT = object()  # `_equal`: a key the other dict lacks
_SAME_BY_EQ = frozenset({int, str, type(None), tuple})  # one of these the type of every value: `==` is `_equal`
_PLAIN = frozenset({int, str, bool, float, type(None), tuple})  # compared by ==, as `_equal` compares them
# items a list compares by its own == as `_equal` would one by one (not floats: a list's == takes
# an item for equal to itself, a NaN included)
_PLAIN_ITEMS = frozenset({int, str, bool, type(None), tuple})


_new_counter, _update = Counter.__new__, dict.update


def _copy(counter: Counter) -> Counter:
    """A Counter copy without Counter.update's per-item work."""
    new = Counter.__new__(Counter)  # skips Counter.__init__'s update machinery
    dict.update(new, counter)
    return new


def _board_snapshot(board) -> list:
    return [[t.piece.id, t.row, t.column, t.turn, t.mirror] for t in board.tiles]


def _player_snapshot(p: PlayerState) -> dict:
    return {
        "supply": {k: v for k, v in sorted(p.supply.items()) if v},
        "stables": {k: v for k, v in sorted(p.stables.items()) if v},
        "ships": [[s.kind, s.ore] for s in p.ships],
        "emigrated": list(p.emigrated),
        "home": _board_snapshot(p.home) if p.home is not None else None,
        "explored": {k: _board_snapshot(v) for k, v in sorted(p.explored.items())},
        "buildings": [[b.kind, _board_snapshot(b.grid) if b.grid is not None else None,
                       dict(b.slots.filled) if b.slots is not None else None] for b in p.buildings],
        "table_vikings": p.table_vikings,
        "thing": p.thing,
        "waiting": p.waiting,
        "hand": list(p.hand),
        "played": list(p.played),
        "penalties": p.penalties,
        "spent": sorted(map(list, p.spent)),
        "anytime_used": sorted(map(list, p.anytime_used)),
        "passed": p.passed,
    }
