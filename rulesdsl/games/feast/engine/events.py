"""Timing points: hooks indexed by event, static modifiers, limited watches, anytime effects.

Every played card (and every base rule of the board) is installed here once: its hooks go
into an index keyed by (timing, event), so an event only visits the effects that listen
to it; its top-level `modify`/`set`/`allow` statements join the modifiers the engine
consults when it computes a value. Nothing here knows a particular card.
"""

from __future__ import annotations

from collections import defaultdict

import attrs

from rulesdsl.games.feast.engine.services import Evaluator
from rulesdsl.lang import tree as t


class EventInfo:
    """What an event is about, for filters and for the effects it triggers.

    A plain slotted class, not attrs: several are built for every action in the hot path."""

    __slots__ = ("name", "space", "group", "column", "kind", "items", "how", "area", "amount", "data")
    _FIELDS = __slots__

    def __init__(self, name: str, space: str | None = None, group: str | None = None, column: int | None = None,
                 kind: str | None = None, items: frozenset = frozenset(), how: frozenset = frozenset(),
                 area: str | None = None, amount: int = 0, data: dict | None = None):
        self.name = name  # phase:<id>, action, part:<name> or the event name
        self.space = space
        self.group = group
        self.column = column
        self.kind = kind  # dice kind, deck drawn from
        self.items = items  # item ids the event is about
        self.how = how
        self.area = area  # kind of area for tile_placed / bonus: home, exploration, house, shed
        self.amount = amount
        self.data = {} if data is None else data  # anything else a quantity may read

    def __eq__(self, other):
        return type(other) is EventInfo and all(getattr(self, f) == getattr(other, f) for f in self._FIELDS)

    __hash__ = None

    def __repr__(self):
        return "EventInfo(" + ", ".join(f"{f}={getattr(self, f)!r}" for f in self._FIELDS) + ")"


@attrs.define
class Listener:
    owner: int | None  # None: a rule of the board, heard by the acting player
    card: int | None
    index: int  # position of the item in its effect text
    hook: t.Hook
    once: bool = False
    rule: str | None = None  # the board rule it comes from (cards have `card`)


class Events:
    """The effects installed in one game (board rules and played cards), indexed for the events
    and values they concern."""

    def __init__(self, content, catalog, judge: Evaluator, saved: tuple | None = None):
        """`judge` reads a modifier's condition and number (the game's interpreter). `saved`: a
        `checkpoint` to start from (a fork's: as `restore(saved)` after a plain start, without
        making the containers it replaces)."""
        self.content = content
        self.catalog = catalog
        self.judge = judge
        self._heard: tuple = (-1, {})  # (generation, {(timing, event, player): the listeners he hears})
        self._by_player: tuple = (None, 0, {})  # (modifiers, their number, {(player, name, allow): those that apply})
        if saved is not None:  # the checkpoint's containers, shared: as `restore(saved)` after a plain start
            self.hooks, self.modifiers, self.watches, self.anytimes, self._values, self._owned = saved
            self.generation = 1  # (what `restore` counts on a new Events)
            self._shared = True
            return
        self.hooks: dict[tuple, list[Listener]] = defaultdict(list)
        self.modifiers: list[tuple] = []  # (owner, card, statement)
        self.watches: list[tuple] = []  # (owner, card, index, Watch)
        self.anytimes: dict[int, list] = defaultdict(list)  # owner -> [(card, index, Anytime)]
        self._values: set[str] = set()  # value names some static modifier changes (any owner)
        self._owned: dict = {}  # owner (None: a rule of the board) -> the value names its modifiers change
        self.generation = 0  # counts changes of the hooks and watches installed (readers cache by it)
        self._shared = False  # the containers are also a checkpoint's: copied before any change (`_own`)

    def checkpoint(self):
        """What installing cards and spending `once` hooks change, to put back after a trial.

        Copy on write: the checkpoint is the current containers themselves, and the next change
        copies them first (`_own`), so a checkpoint (and a trial that installs nothing) copies
        nothing. Every change of the containers goes through the methods here."""
        self._shared = True
        return (self.hooks, self.modifiers, self.watches, self.anytimes, self._values, self._owned)

    def restore(self, saved) -> None:
        """Put back what `checkpoint` saved. The saved containers stay as they were whatever
        happens next (they are copied before a change), so a checkpoint can be restored many
        times."""
        current = (self.hooks, self.modifiers, self.watches, self.anytimes, self._values, self._owned)
        self._shared = True
        if all(a is b for a, b in zip(saved, current)):
            return  # nothing changed since that checkpoint: the same containers, as they were
        self.hooks, self.modifiers, self.watches, self.anytimes, self._values, self._owned = saved
        self.generation += 1

    def _own(self) -> None:
        """Before a change: containers of its own, if a checkpoint holds the current ones."""
        if self._shared:
            hooks, self.modifiers, self.watches, anytimes, self._values, self._owned = _copied(
                (self.hooks, self.modifiers, self.watches, self.anytimes, self._values, self._owned))
            self.hooks = defaultdict(list, hooks)
            self.anytimes = defaultdict(list, anytimes)
            self._shared = False

    # ------------------------------------------------------------------ installing
    def install_rules(self) -> None:
        for rule_id, rule in self.content.rules.items():
            program = self.content.programs[("rules", rule_id)]
            for index, item in enumerate(program.items):
                if isinstance(item, t.Hook):
                    self._add(Listener(None, None, index, item, rule=rule_id))
                elif isinstance(item, (t.Modify, t.SetValue, t.Allow)):
                    self._modifier(None, None, item)

    def install_card(self, player: int, number: int) -> list:
        """Register a played card's lasting parts; return its immediate statements."""
        program = self.content.programs[("occupations", number)]
        immediate = []
        for index, item in enumerate(program.items):
            if isinstance(item, t.Hook):
                self._add(Listener(player, number, index, item))
            elif isinstance(item, t.OnceHook):
                self._add(Listener(player, number, index, item.hook, once=True))
            elif isinstance(item, t.Watch):
                self._own()
                self.watches.append((player, number, index, item))
                self.generation += 1
            elif isinstance(item, t.Anytime):
                self._own()
                self.anytimes[player].append((number, index, item))
            elif isinstance(item, (t.Modify, t.SetValue, t.Allow)):
                self._modifier(player, number, item)
            else:
                immediate.append(item)
        return immediate

    def _modifier(self, owner, card, stmt) -> None:
        self._own()
        self.modifiers.append((owner, card, stmt))
        name = stmt.rule if isinstance(stmt, t.Allow) else stmt.value
        self._values.add(name)
        self._owned.setdefault(owner, set()).add(name)

    def _add(self, listener: Listener) -> None:
        self._own()
        self.hooks[hook_key(listener.hook.timing, listener.hook.event)].append(listener)
        self.generation += 1

    def spend(self, key: tuple, listener: Listener) -> None:
        """A `once` hook has fired: it listens no more."""
        self._own()
        self.hooks[key].remove(listener)
        self.generation += 1

    def listening(self, timing: str, name: str) -> bool:
        return bool(self.hooks.get((timing, name)))

    # ------------------------------------------------------------------ matching
    def matches(self, filters, info: EventInfo, ctx) -> bool:
        catalog = self.catalog
        for f in filters:
            if isinstance(f, t.OnFilter):
                place = f.place
                if isinstance(place, t.GroupPlace):
                    if info.group not in place.names:
                        return False
                elif isinstance(place, t.ColumnPlace):
                    if info.column not in place.columns:
                        return False
                elif isinstance(place, t.SpacePlace):
                    if info.space not in place.names:
                        return False
                elif isinstance(place, t.NounPlace):
                    if not area_matches(catalog, place.words, info.area):
                        return False
            elif isinstance(f, t.ForFilter):
                if info.kind not in f.names:
                    return False
            elif isinstance(f, t.OfFilter):
                if not info.items & catalog.selector_members(f.nouns):
                    return False
            elif isinstance(f, t.HowFilter):
                if not info.how & set(f.names):
                    return False
            elif isinstance(f, t.AsFilter):
                if info.data.get("as") not in (None, f.name):
                    return False
            elif isinstance(f, t.WithFilter):
                if info.amount != f.amount:
                    return False
        # "an X action" is every carrying out of X's action: Vikings placed there, an imitation
        # copying it, or a card granting it (docs/LANGUAGE.md, timing model); `how space`
        # narrows a hook to Vikings on a space
        return True

    def candidates(self, timing: str, event_name: str, player: int):
        """The listeners of an event that may hear this player (a copy: running them may remove some)."""
        listeners = self.hooks.get((timing, event_name))
        if not listeners:  # most events have none: no list built
            return ()
        return list(self._heard_by(timing, event_name, player, listeners))

    def hears(self, timing: str, event_name: str, player: int) -> bool:
        """Whether a listener of the event may hear this player (`candidates` is not empty): an
        emitter asks first and builds the event only then (with several players, someone
        listening to an event is frequent, the acting player's own listening much less)."""
        listeners = self.hooks.get((timing, event_name))
        return bool(listeners) and bool(self._heard_by(timing, event_name, player, listeners))

    def _heard_by(self, timing: str, event_name: str, player: int, listeners) -> tuple:
        heard = self._heard
        if heard[0] != self.generation:  # what each player hears, read again after hooks changed
            heard = self._heard = (self.generation, {})
        key = (timing, event_name, player)
        found = heard[1].get(key)
        if found is None:
            found = heard[1][key] = tuple([lst for lst in listeners if lst.owner is None or lst.owner == player])
        return found

    # ------------------------------------------------------------------ modifiers
    def affects(self, name: str, ctx) -> bool:
        """Whether any modifier could change this value now (the fast path skips the rest)."""
        if name in self._values and self.changes(name, ctx.player):
            return True
        action = ctx.action
        return action is not None and bool(action.temporary)

    def changes_any(self, names: frozenset, player: int) -> bool:
        """Whether a lasting modifier that applies to this player changes any of these values
        (`changes` for each of them, in two set tests)."""
        owned = self._owned
        return not (names.isdisjoint(owned.get(None, ())) and names.isdisjoint(owned.get(player, ())))

    def changes(self, name: str, player: int) -> bool:
        """Whether a lasting modifier that applies to this player (a rule of the board, or one of
        his cards) changes the value or rule: another player's card never changes his."""
        owned = self._owned
        return name in owned.get(None, ()) or name in owned.get(player, ())

    def value(self, name: str, base: int, ctx, info: EventInfo | None = None, floor: int | None = None) -> int:
        if not self.affects(name, ctx):
            return base if floor is None else max(floor, base)
        info = info or EventInfo(name)
        delta = 0
        setting = None
        for card, stmt in self._active_modifiers(ctx, name, False):
            if not self.matches(stmt.filters, info, ctx):
                continue
            sub = ctx.derive(card=card, info=info, value=base)
            if stmt.cond is not None and not self.judge.truth(stmt.cond, sub):
                continue
            if isinstance(stmt, t.Modify):
                delta += self.judge.number(stmt.by, sub)
            else:
                setting = self.judge.number(stmt.to, sub)
        result = (setting if setting is not None else base) + delta
        if floor is not None:
            result = max(floor, result)
        return result

    def allowed(self, rule: str, ctx, info: EventInfo | None = None) -> bool:
        if not self.affects(rule, ctx):
            return False
        info = info or EventInfo(rule)
        for card, stmt in self._active_modifiers(ctx, rule, True):
            if not self.matches(stmt.filters, info, ctx):
                continue
            if stmt.cond is not None and not self.judge.truth(stmt.cond, ctx.derive(card=card, info=info)):
                continue
            return True
        return False

    def allowances(self, rule: str, ctx):
        """The active `allow` statements of a rule (for rules that carry arguments: substitutions)."""
        if not self.affects(rule, ctx):  # none applies to this player: nothing to look through
            return
        yield from self._active_modifiers(ctx, rule, True)

    def _active_modifiers(self, ctx, name: str, allow: bool) -> list:
        """(card, statement) of the modifiers of one value (or, with `allow`, the `allow`
        statements of one rule) that apply to the acting player, in the order installed, then
        those lasting until the action ends. Only his own and the board's are read: with
        several players the others' cards would be looked through and skipped at every value."""
        index = self._by_player
        if index[0] is not self.modifiers or index[1] != len(self.modifiers):
            # the list is only appended to (a checkpoint keeps the old one, copied on write);
            # the index holds it, so its identity stays its own while the index is kept
            index = self._by_player = (self.modifiers, len(self.modifiers), {})
        key = (ctx.player, name, allow)
        found = index[2].get(key)
        if found is None:
            found = index[2][key] = [(card, stmt) for owner, card, stmt in self.modifiers
                                     if owner in (None, ctx.player) and _modifies(stmt, name, allow)]
        action = ctx.action
        if action is None or not action.temporary:
            return found
        return found + [(card, stmt) for card, stmt in action.temporary if _modifies(stmt, name, allow)]


def _modifies(stmt, name: str, allow: bool) -> bool:
    """Whether a modifier statement is an `allow` of this rule (`allow`) or changes this value."""
    if isinstance(stmt, t.Allow):
        return allow and stmt.rule == name
    return not allow and stmt.value == name


def _copied(saved) -> tuple:
    """A copy of the installed hooks, modifiers, watches, anytimes and value names (what
    `Events.checkpoint` saves), its lists and sets new."""
    hooks, modifiers, watches, anytimes, values, owned = saved
    return ({k: list(v) for k, v in hooks.items()}, list(modifiers), list(watches),
            {k: list(v) for k, v in anytimes.items()}, set(values), {k: set(v) for k, v in owned.items()})


def hook_key(timing: str, event: t.Event) -> tuple:
    if event.kind == "phase":
        return timing, f"phase:{event.name}"
    if event.kind == "part":
        return timing, f"part:{event.name}"
    if event.kind == "action":
        return timing, "action"
    return timing, event.name


def area_matches(catalog, words, area: str | None) -> bool:
    name = catalog.resolve(words)
    if area is None:
        return False
    if name in ("board",):
        return area in ("home", "exploration")
    if name in ("home_board",):
        return area == "home"
    if name in ("exploration_board",):
        return area == "exploration"
    if name in catalog.classes:
        return area in catalog.classes[name]
    return name == area
