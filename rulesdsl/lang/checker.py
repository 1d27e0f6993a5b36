"""Static checks of effect trees against the loaded content.

Every name in a tree must resolve: goods, resources, ships, weapons, buildings,
boards and tiles against the content; groups, spaces, columns, phases and dice
against the action board and rounds; events, quantities, queries, values,
rules and zones against the engine's registry. Numbers must be in range,
slash alternatives must line up, and bound names must be bound.

`check(program, vocab)` returns a list of (Pos | None, message); the loader
turns positions inside the text into file:line:col.

This is the one checker of every game: a game's loader registers what names exist in its
`Vocabulary` (its nouns, its kinds of names, its quantities and queries, the node kinds its
interpreter runs) and calls `check`. A statement a game defines outside this package (a
tableau statement) is checked generically: each of its `NAMES` (field, kind of name) must be
a registered name of that kind, and its fields are walked as conditions, amounts and blocks.
"""

from __future__ import annotations

import difflib
import re

import attrs

from rulesdsl.lang import registry as reg
from rulesdsl.lang import tree as t
from rulesdsl.lang.check_statements import StatementChecks
from rulesdsl.lang.check_values import ValueChecks
from rulesdsl.lang.printer import is_simple


@attrs.define
class Vocabulary:
    """Every name an effect may use, built once from the content."""

    nouns: dict[str, str]  # normalized name -> what it is
    phases: set[str] = attrs.field(factory=set)
    groups: set[str] = attrs.field(factory=set)
    spaces: set[str] = attrs.field(factory=set)
    columns: set[int] = attrs.field(factory=set)
    dice: set[str] = attrs.field(factory=set)
    dice_kinds: set[str] = attrs.field(factory=set)
    parts: set[str] = attrs.field(factory=set)
    colors: set[str] = attrs.field(factory=set)
    boards: set[str] = attrs.field(factory=set)
    mountain_items: set[str] = attrs.field(factory=set)
    max_harvest: int = 0
    max_upgrade_steps: int = 3
    table_phases: set[str] = attrs.field(factory=set)  # phases of scope table: no card runs them
    # what a game registers besides nouns (the defaults are the card language's own registry)
    names: dict[str, set] = attrs.field(factory=dict)  # kind of name (ring, figure ...) -> the names
    quantities: frozenset | None = None  # None: registry.QUANTITIES
    queries: frozenset | None = None  # None: registry.QUERIES
    query_args: str | None = None  # the kind of name a query's argument is (None: any noun)
    items: str | None = None  # the kind of name a gained or paid item is (None: any noun)
    kinds: frozenset | None = None  # the node kinds a program may use (None: every one)

    def resolve(self, words) -> str | None:
        for candidate in _candidates(words):
            if candidate in self.nouns:
                return candidate
        return None


def _candidates(words) -> list[str]:
    joined = "_".join(words)
    out = [joined]
    if joined.endswith("ies"):
        out.append(joined[:-3] + "y")
    if joined.endswith("es"):
        out.append(joined[:-2])
    if joined.endswith("s"):
        out.append(joined[:-1])
    # plural on a non-final word: "longships_with" never happens; "goods" is singular "good"
    return out


def vocabulary_from(content) -> Vocabulary:
    nouns: dict[str, str] = {}

    def add(name, what):
        nouns.setdefault(str(name), what)

    colors = set()
    for good in content.goods.values():
        add(good.id, "animal" if good.color == "animal" else "good")
        colors.add(good.color)
        if good.species:
            add(good.species, "animal species")
    for color in colors - {"animal"}:
        add(f"{color}_good", "class of goods")
        add(f"{color}_tile", "class of goods")
    for tile in content.special_tiles.values():
        add(tile.id, "special tile")
    for res in content.resources.values():
        add(res.id, "resource")
    for item in content.mountain_items.values():
        add(item.id, "mountain item")
    sizes = set()
    for ship in content.ships.values():
        add(ship.id, "ship")
        sizes.add(ship.size)
    for size in sizes:
        add(f"{size}_ship", "class of ships")
    for weapon in content.weapons.values():
        add(weapon.id, "weapon")
    for building in content.buildings.values():
        add(building.id, "building")
    for board in content.exploration_boards.values():
        add(board.id, "exploration board")
    for name in reg.CLASSES:
        add(name, "class")
    return Vocabulary(
        nouns=nouns,
        phases=set(content.phases),
        table_phases={phase.id for phase in content.phases.values() if phase.scope == "table"},
        groups=set(content.groups),
        spaces=set(content.spaces),
        columns=set(content.columns),
        dice=set(content.dice),
        dice_kinds=set(),
        parts=set(),
        colors=colors,
        boards=set(content.exploration_boards),
        mountain_items=set(content.mountain_items),
        max_harvest=max((g.harvest or 0 for g in content.goods.values()), default=0),
        kinds=core_kinds(),
    )


def declared_names(programs) -> tuple[set[str], set[str]]:
    """Dice kinds and part names declared by any effect (`dice hunting_game ...`, `part upgrade: ...`)."""
    kinds, parts = set(), set()
    for program in programs:
        for node in t.walk(program):
            if isinstance(node, t.Dice):
                kinds.add(node.kind)
            elif isinstance(node, t.Part):
                parts.add(node.name)
    return kinds, parts


def _suggest(name: str, options) -> str:
    close = difflib.get_close_matches(name, [str(o) for o in options], n=3, cutoff=0.6)
    return f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""


class _Checker(StatementChecks, ValueChecks):
    """Walks a program collecting located problems; statement and value checks are its mixins."""

    def __init__(self, vocab: Vocabulary):
        self.v = vocab
        self.problems: list[tuple[t.Pos | None, str]] = []
        self.scopes: list[set[str]] = [set()]

    # ---------------------------------------------------------------- helpers
    def error(self, node, message: str) -> None:
        self.problems.append((getattr(node, "pos", None), message))

    def bound(self, name: str) -> bool:
        return any(name in scope for scope in self.scopes)

    def with_var(self, name, body_check):
        self.scopes.append({name})
        try:
            body_check()
        finally:
            self.scopes.pop()

    def noun(self, node, words, what: str = "name") -> str | None:
        found = self.v.resolve(words)
        if found is None:
            text = " ".join(words)
            self.error(node, f"unknown {what} '{text}'{_suggest('_'.join(words), self.v.nouns)}")
        return found

    def one_of(self, node, name, options, what: str) -> bool:
        if name not in options:
            hint = _suggest(str(name), options)
            if not hint and 0 < len(options) <= 12:
                hint = "; expected one of: " + ", ".join(sorted(str(o) for o in options))
            self.error(node, f"unknown {what} '{name}'{hint}")
            return False
        return True

    # ---------------------------------------------------------------- program
    def program(self, program: t.Program) -> None:
        for item in program.items:
            self.item(item, top=True)

    def item(self, item, top=False) -> None:
        if isinstance(item, t.Hook):
            self.hook(item)
        elif isinstance(item, t.Anytime):
            if item.cond is not None:
                self.cond(item.cond)
            self.block(item.body)
        elif isinstance(item, t.Watch):
            self.cond(item.cond)
            self.block(item.body)
        elif isinstance(item, t.OnceHook):
            self.hook(item.hook)
        else:
            self.stmt(item)

    def hook(self, hook: t.Hook) -> None:
        ev = hook.event
        kind = reg.EVENTS.get(ev.name if ev.kind == "named" else ev.kind)
        if kind is None:
            self.one_of(ev, ev.name, [k for k in reg.EVENTS if k not in ("phase", "action", "part")], "event")
        else:
            if hook.timing not in kind.timings:
                allowed = " or ".join("instead of" if x == "instead" else x for x in kind.timings)
                timing = "instead of" if hook.timing == "instead" else hook.timing
                self.error(hook, f"'{timing}' does not apply to {_event_text(ev)}; use {allowed}")
            if ev.kind == "phase":
                self.one_of(ev, ev.name, self.v.phases, "phase")
            if ev.kind == "part" and self.v.parts:
                self.one_of(ev, ev.name, self.v.parts, "part")
            for f in hook.filters:
                key = _filter_key(f)
                if key not in kind.filters:
                    allowed = ", ".join(kind.filters) or "none"
                    self.error(f, f"filter '{key}' does not apply to {_event_text(ev)} (allowed: {allowed})")
        self.filters(hook.filters)
        if hook.cond is not None:
            self.cond(hook.cond)
        self.block(hook.body)

    def filters(self, filters) -> None:
        for f in filters:
            if isinstance(f, t.OnFilter):
                self.place(f.place)
            elif isinstance(f, t.ForFilter):
                for name in f.names:
                    options = self.v.dice_kinds | {"occupation", "weapon"}
                    self.one_of(f, name, options, "dice kind or deck")
            elif isinstance(f, t.OfFilter):
                for words in f.nouns:
                    self.noun(f, words)
            elif isinstance(f, t.HowFilter):
                for name in f.names:
                    self.one_of(f, name, reg.HOWS, "way ('how')")
            elif isinstance(f, t.AsFilter):
                self.noun(f, (f.name,))
            elif isinstance(f, t.WithFilter):
                found = self.noun(f, (f.noun,))
                most = max((c for c in self.v.columns if isinstance(c, int)), default=None)
                if found == "viking" and most is not None and not 1 <= f.amount <= most:
                    self.error(f, f"'with {f.amount} vikings': a space takes 1 to {most} Vikings (its column)")

    def block(self, stmts) -> None:
        for s in stmts:
            self.stmt(s)

    # ---------------------------------------------------------------- statements
    def stmt(self, s) -> None:
        getattr(self, "s_" + type(s).__name__, self.registered)(s)
        if _is_simple(s) and not isinstance(s, t.Mood):
            self.slash_arity(s, None)

    def slash_arity(self, s, expected: int | None) -> None:
        sizes = {len(n.values) for n in t.walk(s) if isinstance(n, t.SlashAmount)}
        sizes |= {len(n.words) for n in t.walk(s) if isinstance(n, t.Item) and n.slash}
        if expected is not None:
            bad = sizes - {expected}
            if bad:
                self.error(s, f"slash alternatives have {min(bad)} positions but the table has {expected} keys")
        elif len(sizes) > 1:
            self.error(s, f"slash alternatives in one statement must have the same number of positions (found {sorted(sizes)})")


    def registered(self, s) -> None:
        """A statement a game defines outside the language: its `NAMES` resolve against the
        names the game registered; its blocks, conditions and amounts are checked as such."""
        if self.v.kinds is not None and type(s) not in self.v.kinds:
            return  # refused once by `kinds`: its names would only repeat that
        for field, kind in getattr(s, "NAMES", ()):
            self.one_of(s, getattr(s, field), self.v.names.get(kind, ()), kind)
        for field in attrs.fields(type(s)):
            value = getattr(s, field.name)
            if isinstance(value, tuple) and value and isinstance(value[0], t.Node):
                self.block(value)
            elif isinstance(value, (t.IntAmount, t.ExprAmount, t.SlashAmount)):
                self.amount(value)
            elif isinstance(value, t.Node) and field.name != "pos":
                self.cond(value)

    def kinds(self, program) -> None:
        """Every node of the program is of a kind the game's interpreter runs."""
        allowed = self.v.kinds
        for node in t.walk(program):
            if type(node) not in allowed:
                word = re.sub(r"(?<!^)([A-Z])", r" \1", type(node).__name__).lower()
                hint = f"; {_OTHER_GAME_HINTS[word]}" if word in _OTHER_GAME_HINTS else ""
                self.error(node, f"'{word}' is a statement of another game's rules, not of this game{hint}")


# What to write instead of another game's statement, where this game has a near one.
_OTHER_GAME_HINTS = {"lose": "to give up goods write 'pay 2 silver'", "auction": "this game has no auctions",
                     "convert": "an exchange is written 'pay 2 wood -> gain 1 silver'"}


def core_kinds() -> frozenset:
    """Every node kind of the card language's own grammar (no game's section): what a
    first-game program may use."""
    found, stack = set(), [t.Node]
    while stack:
        for sub in stack.pop().__subclasses__():
            stack.append(sub)
            if sub.__module__.startswith("rulesdsl.lang."):
                found.add(sub)
    return frozenset(found)


def _filter_key(f) -> str:
    return {t.OnFilter: "on", t.ForFilter: "for", t.OfFilter: "of", t.HowFilter: "how", t.AsFilter: "as", t.WithFilter: "with"}[type(f)]


def _event_text(ev: t.Event) -> str:
    if ev.kind == "phase":
        return f"phase {ev.name}"
    if ev.kind in ("action", "part"):
        return ev.kind
    return f"event '{ev.name}'"


def _is_simple(s) -> bool:
    return is_simple(s)


def check(program: t.Program, vocab: Vocabulary) -> list[tuple[t.Pos | None, str]]:
    """(pos, message) for every problem of the program against the vocabulary."""
    checker = _Checker(vocab)
    if vocab.kinds is not None:
        checker.kinds(program)
    checker.program(program)
    return checker.problems
