"""Remembered verdicts: whether a space's own effects can be used, judged again only when
something the judgment read has changed.

The first time a space is judged for a player, the judgment runs against recording views of
the player and the game state: they note which attributes it read (and, of the player's
supply and stables, which items). The verdict is kept with the values it read. Later, the
same space for the same player (same Vikings needed, same installed effects) reuses the
verdict when every value it read is still the same; else it is judged again, recording anew.
Nothing is assumed about what a statement reads: whatever the judgment touched is compared.
Installed listeners and modifiers are compared by identity (`Verdicts.token`). Objects the
engine never changes in place (board and slot states, tree nodes) are compared by identity;
the cache keeps them alive, so an id is never reused while an entry holds it.

Only a space's direct check is remembered; preparation trials (which run whole effects on
copies) are judged each time, after a remembered "not usable".

Off by default (`ENABLED`, or `game.flow.verdicts.enabled` per game): a direct check costs a
few microseconds, and in playouts (where the acting player's holdings change between two of
its decisions) about a third of the lookups miss and pay for recording, so judging afresh
measured faster. It is kept, exact and tested against judging afresh, for callers that judge
similar states again and again.
"""

from __future__ import annotations

from collections import Counter

from rulesdsl.games.feast.engine.services import SpaceServices
from rulesdsl.games.feast.engine.state import BuildingState, GameState, PlayerState, ShipState

_MISSING = object()
_PLAIN = frozenset({type(None), bool, int, str, float})
_ALL = "*"  # every item of a counter was read (it was iterated)
ENABLED = False  # see the module docstring: measured slower than judging afresh in playouts
MISSES_BEFORE_REST, REST = 3, 8  # after 3 misses in a row, only every 8th judgment records
VARIANTS = 6  # verdicts kept per space and player (the most recent first)


class _CounterReads(Counter):
    """A copy of a counter that notes which keys are read; iterating it notes all."""

    def __init__(self, source, keys: set):
        dict.update(self, source)
        self._keys = keys

    def __getitem__(self, key):
        self._keys.add(key)
        return dict.get(self, key, 0)

    def get(self, key, default=None):
        self._keys.add(key)
        return dict.get(self, key, default)

    def __contains__(self, key):
        self._keys.add(key)
        return dict.__contains__(self, key)

    def _all(self):
        self._keys.add(_ALL)

    def __iter__(self):
        self._all()
        return dict.__iter__(self)

    def __len__(self):
        self._all()
        return dict.__len__(self)

    def items(self):
        self._all()
        return dict.items(self)

    def keys(self):
        self._all()
        return dict.keys(self)

    def values(self):
        self._all()
        return dict.values(self)

    def __eq__(self, other):
        self._all()
        return dict.__eq__(self, other)

    __hash__ = None

    def copy(self):
        self._all()
        return Counter(dict(self))

    def _refuse(self, *args, **kwargs):
        raise _Written()

    __setitem__ = __delitem__ = update = subtract = clear = pop = popitem = setdefault = _refuse


class _Written(Exception):
    """A judgment that changes what it reads is not remembered (none should; this is a guard)."""


class _PlayerReads:
    """The acting player, noting which attributes are read."""

    __slots__ = ("_p", "_names", "_counters")

    def __init__(self, p, names: set, counters: dict):
        object.__setattr__(self, "_p", p)
        object.__setattr__(self, "_names", names)
        object.__setattr__(self, "_counters", counters)

    def __getattr__(self, name):
        if name in ("supply", "stables"):
            view = self._counters.get(name)
            if view is None:
                view = self._counters[name] = _CounterReads(getattr(self._p, name), set())
            return view
        self._names.add(name)
        return getattr(self._p, name)

    def __setattr__(self, name, value):
        raise _Written()


class _StateReads:
    """The game state, noting which attributes are read; its players are recording views too."""

    __slots__ = ("_s", "_names", "_players")

    def __init__(self, s, names: set, players: list):
        object.__setattr__(self, "_s", s)
        object.__setattr__(self, "_names", names)
        object.__setattr__(self, "_players", players)

    def __getattr__(self, name):
        if name == "players":
            return self._players
        self._names.add(name)
        return getattr(self._s, name)

    def __setattr__(self, name, value):
        raise _Written()


def freeze(value, keep: list):
    """A hashable picture of a value, equal only if the value is the same; objects the engine
    never changes in place are pictured by identity (and kept alive in `keep`)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    special = _FREEZERS.get(kind)
    if special is not None:
        return special(value, keep)
    if kind is list or kind is tuple:
        if all(type(v) in _PLAIN for v in value):
            return ("l",) + tuple(value)
        return ("l",) + tuple([freeze(v, keep) for v in value])
    if isinstance(value, dict):
        return ("d",) + tuple((k, freeze(v, keep)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ("l",) + tuple(freeze(v, keep) for v in value)
    if isinstance(value, (set, frozenset)):
        return ("s", frozenset(value))
    if isinstance(value, (PlayerState, GameState)):
        return (type(value).__name__,) + tuple(freeze(getattr(value, n), keep) for n in type(value).__slots__)
    keep.append(value)  # boards, slot states: immutable; identity suffices while kept alive
    return ("id", id(value))


def _ship(value, keep):
    return ("ship", value.kind, value.ore, value.uid)


def _building(value, keep):
    keep.append(value.grid)
    keep.append(value.slots)
    return ("building", value.kind, id(value.grid), id(value.slots), value.uid)


def _counter(value, keep):
    return ("d",) + tuple(dict.items(value))


# the kinds read most (a player's ships and buildings, the state's counters), pictured directly
_FREEZERS = {ShipState: _ship, BuildingState: _building, Counter: _counter}


def _counter_picture(counter, keys) -> tuple:
    if _ALL in keys:
        return frozenset(dict.items(counter))
    get = dict.get
    return tuple([get(counter, k, _MISSING) for k in keys])


class _Seen:
    """What was read of one player."""

    __slots__ = ("names", "counters")

    def __init__(self):
        self.names: set = set()
        self.counters: dict = {}

    def reading(self) -> tuple:
        # any fixed order serves: a reading's pictures are always taken in its own order
        return tuple(sorted(self.names)), tuple(sorted((name, tuple(sorted(c._keys))) for name, c in self.counters.items()))


def _player_picture(p, names, counter_keys, keep) -> tuple:
    return (tuple([freeze(getattr(p, n), keep) for n in names]),
            tuple([_counter_picture(getattr(p, name), keys) for name, keys in counter_keys]))


class Reading:
    """What one judgment read, and how to picture those values in another state."""

    __slots__ = ("players", "state_names")

    def __init__(self, players, state_names):
        self.players = players  # ((index, names, counter keys), ...) of the players read
        self.state_names = state_names

    def picture(self, state: GameState, keep: list) -> tuple:
        players = state.players
        if not self.state_names and len(self.players) == 1:
            index, names, keys = self.players[0]
            if not names and len(keys) == 1:  # the common case: some items of one player's supply
                name, items = keys[0]
                return _counter_picture(getattr(players[index], name), items)
        return (tuple([_player_picture(players[i], names, keys, keep) for i, names, keys in self.players]),
                tuple([freeze(getattr(state, n), keep) for n in self.state_names]))


class Verdicts:
    """Remembered direct verdicts of one game (`enabled = False` judges everything afresh)."""

    def __init__(self, game, services: SpaceServices):
        self.g = game
        self.services = services  # the game's course: whether an action is under way is part of every key (`token`)
        self.entries: dict = {}
        self.enabled = ENABLED
        self.hits = self.misses = 0
        self._alive: dict = {}  # token -> (its number, the objects whose ids it holds)
        self._streaks: dict = {}  # key -> misses in a row
        self._readings: dict = {}

    def _reading(self, players: tuple, state_names: tuple) -> Reading:
        """One Reading object per distinct reading, so that variants read alike share a picture."""
        key = (players, state_names)
        found = self._readings.get(key)
        if found is None:
            found = self._readings[key] = Reading(players, state_names)
        return found

    def token(self) -> tuple:
        """What is installed (listeners, modifiers, watches, anytime effects) by identity, and
        whether an action is under way: part of every key."""
        events = self.g.events
        objects = [lst for listeners in events.hooks.values() for lst in listeners]
        objects += events.modifiers
        objects += events.watches
        objects += [x for v in events.anytimes.values() for x in v]
        token = (tuple(map(id, objects)), frozenset(events._values), self.services.in_action)
        found = self._alive.get(token)
        if found is None:  # a small number stands for the token in keys (cheaper to hash)
            found = self._alive[token] = (len(self._alive), objects)
        return found[0]

    def usable(self, key, p, check) -> bool:
        """`check(player_view)` decides; it is run only when something it read last time changed."""
        if not self.enabled:
            return check(p)
        g = self.g
        state = g.state
        variants = self.entries.get(key)
        if variants:
            last = now = None
            for index, (reading, picture, verdict, _keep) in enumerate(variants):
                if reading is not last:  # readings are shared (see `_reading`): one picture each
                    last, now = reading, reading.picture(state, [])
                if now == picture:
                    self.hits += 1
                    self._streaks[key] = 0
                    if index:
                        variants.insert(0, variants.pop(index))
                    return verdict
        self.misses += 1
        streak = self._streaks.get(key, 0) + 1
        self._streaks[key] = streak
        if streak > MISSES_BEFORE_REST and streak % REST:  # what it reads keeps changing: judge plainly a while
            return check(p)
        seen = [_Seen() for _ in state.players]
        views = [_PlayerReads(q, seen[i].names, seen[i].counters) for i, q in enumerate(state.players)]
        state_names: set = set()
        g.state = _StateReads(state, state_names, views)
        try:
            verdict = check(views[p.index])
        except _Written:
            g.state = state
            return check(p)
        finally:
            g.state = state
        players = []
        for i, what in enumerate(seen):
            if what.names or what.counters:
                names, keys = what.reading()
                players.append((i, names, keys))
        reading = self._reading(tuple(players), tuple(state_names))
        keep: list = []
        picture = reading.picture(state, keep)
        variants = self.entries.setdefault(key, [])
        variants.insert(0, (reading, picture, verdict, keep))
        del variants[VARIANTS:]
        return verdict
