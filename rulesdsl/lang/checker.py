"""Static checks of effect trees against the loaded content.

Every name in a tree must resolve: goods, resources, ships, weapons, buildings,
boards and tiles against the content; groups, spaces, columns, phases and dice
against the action board and rounds; events, quantities, queries, values,
rules and zones against the engine's registry. Numbers must be in range,
slash alternatives must line up, and bound names must be bound.

`check(program, vocab)` returns a list of (Pos | None, message); the loader
turns positions inside the text into file:line:col.
"""

from __future__ import annotations

import difflib

import attrs

from rulesdsl.lang import registry as reg
from rulesdsl.lang import tree as t


@attrs.define
class Vocabulary:
    """Every name an effect may use, built once from the content."""

    nouns: dict[str, str]  # normalized name -> what it is
    phases: set[str]
    groups: set[str]
    spaces: set[str]
    columns: set[int]
    dice: set[str]
    dice_kinds: set[str]
    parts: set[str]
    colors: set[str]
    boards: set[str]
    mountain_items: set[str]
    max_harvest: int
    max_upgrade_steps: int = 3

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


class _Checker:
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
            if not hint and len(options) <= 12:
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
                self.noun(f, (f.noun,))

    def block(self, stmts) -> None:
        for s in stmts:
            self.stmt(s)

    # ---------------------------------------------------------------- statements
    def stmt(self, s) -> None:
        method = getattr(self, "s_" + type(s).__name__, None)
        if method is None:  # pragma: no cover - every statement class has a method
            raise TypeError(type(s).__name__)
        method(s)
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

    def s_Mood(self, s: t.Mood) -> None:
        self.stmt(s.stmt)

    def s_Acquire(self, s: t.Acquire) -> None:
        self.bundle(s.bundle)
        if s.per is not None:
            self.selector(s.per)
        if s.placed_on is not None:
            self.selector(s.placed_on)

    def s_Pay(self, s: t.Pay) -> None:
        self.bundle(s.bundle)

    def s_Exchange(self, s: t.Exchange) -> None:
        if isinstance(s.cost, t.Bundle):
            self.bundle(s.cost)
        else:
            self.stmt(s.cost)
        for r in s.results:
            self.stmt(r)

    def s_Draw(self, s: t.Draw) -> None:
        self.amount(s.amount)
        what = self.noun(s, (s.what,))
        if what is not None and what not in ("occupation", "weapon"):
            self.error(s, f"can only draw occupations or weapons, not '{s.what}'")

    def s_Play(self, s: t.Play) -> None:
        self.range(s.range)
        what = self.noun(s, (s.what,))
        if what is not None and what != "occupation":
            self.error(s, f"can only play occupations, not '{s.what}'")

    def s_Upgrade(self, s: t.Upgrade) -> None:
        self.range(s.range)
        self.selector(s.selector)
        if s.steps is not None:
            self.amount(s.steps)
            if isinstance(s.steps, t.IntAmount) and not 1 <= s.steps.value <= self.v.max_upgrade_steps:
                self.error(s, f"an upgrade goes 1 to {self.v.max_upgrade_steps} steps, not {s.steps.value}")
        if s.to_color is not None:
            self.one_of(s, s.to_color, self.v.colors - {"animal"}, "colour")

    def s_Flip(self, s: t.Flip) -> None:
        self.range(s.range)
        self.selector(s.selector)

    def s_TakeMountain(self, s: t.TakeMountain) -> None:
        for r in s.takes:
            self.range(r)
        for words in s.only or ():
            found = self.noun(s, words)
            if found is not None and found not in self.v.mountain_items:
                self.error(s, f"'{' '.join(words)}' is not a mountain item")
        if s.strips is not None:
            self.range(s.strips)

    def s_ReturnVikings(self, s: t.ReturnVikings) -> None:
        self.amount(s.amount)
        self.place(s.place)

    def s_Require(self, s: t.Require) -> None:
        self.range(s.range)
        self.selector(s.selector)

    def s_Emigrate(self, s: t.Emigrate) -> None:
        self.amount(s.cost)

    def s_Explore(self, s: t.Explore) -> None:
        for name in s.boards:
            self.one_of(s, name, self.v.boards | {"exploration_board"}, "exploration board")

    def s_DoNamed(self, s: t.DoNamed) -> None:
        self.one_of(s, s.name, self.v.dice_kinds | self.v.spaces, "dice action or space")

    def s_DoSpace(self, s: t.DoSpace) -> None:
        self.ref(s.ref)

    def s_Imitate(self, s: t.Imitate) -> None:
        self.place(s.place)

    def s_RunPhase(self, s: t.RunPhase) -> None:
        self.one_of(s, s.phase, self.v.phases, "phase")
        if s.on is not None:
            self.selector(s.on)

    def s_LoadOre(self, s: t.LoadOre) -> None:
        self.amount(s.amount)
        self.ref(s.target)

    def s_RemoveOre(self, s: t.RemoveOre) -> None:
        self.amount(s.amount)
        self.ref(s.source)

    s_UnloadOre = s_RemoveOre

    def s_PlaceBundle(self, s: t.PlaceBundle) -> None:
        self.bundle(s.bundle)
        self.selector(s.into)

    def s_PlaceAll(self, s: t.PlaceAll) -> None:
        self.selector(s.selector)
        self.selector(s.into)

    def s_Loot(self, s: t.Loot) -> None:
        self.amount(s.amount)
        self.selector(s.selector)

    def s_MakePregnant(self, s: t.MakePregnant) -> None:
        self.amount(s.amount)
        self.selector(s.selector)

    def s_Harvest(self, s: t.Harvest) -> None:
        if not 1 <= s.up_to <= max(self.v.max_harvest, 1):
            self.error(s, f"harvest numbers run from 1 to {self.v.max_harvest}, not {s.up_to}")

    def s_Lift(self, s: t.Lift) -> None:
        self.selector(s.selector)
        self.selector(s.off)
        self.bundle(s.refill)

    def s_Nothing(self, s) -> None:
        pass

    def s_Use(self, s: t.Use) -> None:
        if not self.one_of(s, s.name, reg.MECHANISMS, "mechanism"):
            return
        params = reg.MECHANISMS[s.name].params
        given = [name for name, _ in s.args]
        for name, a in s.args:
            if self.one_of(s, name, params, f"parameter of {s.name}"):
                self.amount(a)
        missing = [name for name in params if name not in given]
        if missing:
            self.error(s, f"{s.name} needs the parameter {', '.join(missing)} (`use {s.name} with {missing[0]} 1`)")
        if len(set(given)) != len(given):
            self.error(s, f"a parameter of {s.name} is given twice")

    def s_Modify(self, s: t.Modify) -> None:
        self.one_of(s, s.value, reg.VALUES, "value")
        self.filters(s.filters)
        if s.cond is not None:
            self.cond(s.cond)
        self.expr(s.by)

    def s_SetValue(self, s: t.SetValue) -> None:
        self.one_of(s, s.value, reg.VALUES, "value")
        self.filters(s.filters)
        if s.cond is not None:
            self.cond(s.cond)
        self.expr(s.to)

    def s_Allow(self, s: t.Allow) -> None:
        self.one_of(s, s.rule, reg.RULES, "rule")
        self.filters(s.filters)
        if s.cond is not None:
            self.cond(s.cond)

    def s_If(self, s: t.If) -> None:
        self.cond(s.cond)
        self.block(s.then)
        if s.otherwise is not None:
            self.block(s.otherwise)

    def s_ChooseOne(self, s: t.ChooseOne) -> None:
        for alt in s.alternatives:
            self.block(alt)

    def _binding(self, s) -> None:
        self.noun(s, s.noun)
        if self.bound(s.var):
            self.error(s, f"'{s.var}' is already bound by an outer choice")

        def inner():
            if s.where is not None:
                self.cond(s.where)
            self.block(s.body)

        self.with_var(s.var, inner)

    s_ChooseVar = _binding
    s_ForEach = _binding

    def s_FirstOf(self, s: t.FirstOf) -> None:
        for b in s.brackets:
            self.cond(b.cond)
            self.block(b.body)
        if s.otherwise is not None:
            self.block(s.otherwise)

    def s_BySlash(self, s: t.BySlash) -> None:
        self.expr(s.expr)
        if len(set(s.keys)) != len(s.keys):
            self.error(s, "slash table keys must differ")
        for stmt in s.body:
            self.stmt_no_arity(stmt)
            self.slash_arity(stmt, len(s.keys))

    def stmt_no_arity(self, s) -> None:
        method = getattr(self, "s_" + type(s).__name__)
        method(s)

    def s_ByTable(self, s: t.ByTable) -> None:
        self.expr(s.expr)
        keys = [r.key for r in s.rows]
        if len(set(keys)) != len(keys):
            self.error(s, "table keys must differ")
        if any(r.open_top for r in s.rows[:-1]):
            self.error(s, "only the last row of a table may end in '+'")
        for row in s.rows:
            self.block(row.body)
        if s.otherwise is not None:
            self.block(s.otherwise)

    def s_RepeatTimes(self, s: t.RepeatTimes) -> None:
        self.expr(s.times)
        self.block(s.body)

    def s_RepeatUntil(self, s: t.RepeatUntil) -> None:
        self.cond(s.cond)
        self.block(s.body)

    def s_AsPhase(self, s: t.AsPhase) -> None:
        self.one_of(s, s.phase, self.v.phases, "phase")
        self.block(s.body)

    def s_Part(self, s: t.Part) -> None:
        self.block(s.body)

    def s_Dice(self, s: t.Dice) -> None:
        self.one_of(s, s.die, self.v.dice, "die")
        if s.rolls is not None and s.rolls < 1:
            self.error(s, "a dice action allows at least 1 roll")
        if s.sail is not None:
            self.range(s.sail.range)
            self.selector(s.sail.selector)
        if s.pay_per_pip is not None:
            self.selector(s.pay_per_pip)
            if s.direction == "high":
                self.error(s, "'pay per pip' belongs to dice actions where low is good")
        if s.add_per_item is not None:
            self.selector(s.add_per_item)
            if s.direction == "low":
                self.error(s, "'add per item' belongs to dice actions where high is good")
        if s.stop_at_zero and s.direction == "high":
            self.error(s, "'stop at zero' belongs to dice actions where low is good")
        if s.success is None:
            self.error(s, "a dice action needs a 'success:' clause")
        else:
            self.block(s.success)
        if s.failure is not None:
            self.block(s.failure)

    # ---------------------------------------------------------------- parts
    def bundle(self, b: t.Bundle) -> None:
        for part in b.parts:
            for i in part:
                self.amount(i.amount)
                if isinstance(i, t.VarItem):
                    if not self.bound(i.var):
                        self.error(i, f"'{i.var}' is not bound here (bind it with 'choose' or 'for each')")
                    continue
                if i.slash:
                    for word in i.words:
                        self.noun(i, (word,), "item")
                else:
                    self.noun(i, i.words, "item")
                if i.attribute is not None:
                    self.one_of(i, i.attribute, reg.ATTRIBUTES, "attribute")

    def amount(self, a) -> None:
        if isinstance(a, t.ExprAmount):
            self.expr(a.expr)

    def range(self, r) -> None:
        if isinstance(r, (t.Exactly, t.UpTo)):
            self.amount(r.amount)
        elif isinstance(r, t.Between):
            self.amount(r.low)
            self.amount(r.high)
            if isinstance(r.low, t.IntAmount) and isinstance(r.high, t.IntAmount) and r.low.value > r.high.value:
                self.error(r, f"range {r.low.value} to {r.high.value} is empty")

    def selector(self, s) -> None:
        if isinstance(s, t.RefSelector):
            self.ref(s.ref)
        else:
            for words in s.nouns:
                self.noun(s, words)
        for mod in s.mods:
            if isinstance(mod, t.OnMod):
                self.place(mod.place)
            elif isinstance(mod, (t.InMod,)):
                for zone in mod.zones:
                    self.one_of(mod, zone, reg.ZONES, "zone")
            elif isinstance(mod, t.FromMod):
                self.one_of(mod, mod.zone, reg.ZONES, "zone")
            elif isinstance(mod, t.WithMod):
                self.range(mod.range)
                self.one_of(mod, mod.name, reg.ATTRIBUTES, "attribute")
            elif isinstance(mod, t.WithMostMod):
                self.one_of(mod, mod.name, reg.ATTRIBUTES, "attribute")

    def place(self, p) -> None:
        if isinstance(p, t.GroupPlace):
            for name in p.names:
                self.one_of(p, name, self.v.groups, "group")
        elif isinstance(p, t.ColumnPlace):
            for column in p.columns:
                self.one_of(p, column, self.v.columns, "column")
        elif isinstance(p, t.SpacePlace):
            for name in p.names:
                self.one_of(p, name, self.v.spaces, "space")
        elif isinstance(p, t.RefPlace):
            self.ref(p.ref)
        elif isinstance(p, t.NounPlace):
            self.noun(p, p.words, "place")

    def ref(self, r) -> None:
        if isinstance(r, t.Var) and not self.bound(r.name):
            self.error(r, f"'{r.name}' is not bound here (bind it with 'choose' or 'for each')")
        elif isinstance(r, t.This):
            self.one_of(r, r.name, reg.THIS, "'this' object")

    # ---------------------------------------------------------------- conditions and expressions
    def cond(self, c) -> None:
        if isinstance(c, (t.And, t.Or)):
            for a in c.args:
                self.cond(a)
        elif isinstance(c, t.Not):
            self.cond(c.arg)
        elif isinstance(c, t.Compare):
            self.expr(c.left)
            self.expr(c.right)
        elif isinstance(c, t.HaveEach):
            name = self.noun(c, c.noun)
            if name is not None and not self.v.nouns.get(name, "").startswith("class"):
                self.error(c, f"'{' '.join(c.noun)}' is one kind of thing; `of each` needs a class of kinds (weapon, building_resource ...)")
        else:
            self.expr(c)

    def expr(self, e) -> None:
        if isinstance(e, t.Quantity):
            self.one_of(e, e.name, reg.QUANTITIES, "quantity")
        elif isinstance(e, t.Query):
            self.one_of(e, e.name, reg.QUERIES, "query")
            if e.arg is not None:
                self.selector(e.arg)
        elif isinstance(e, (t.MinOf, t.MaxOf)):
            for a in e.args:
                self.expr(a)
        elif isinstance(e, (t.Half, t.Signed)):
            self.expr(e.arg)
        elif isinstance(e, t.BinOp):
            self.expr(e.left)
            self.expr(e.right)
        elif isinstance(e, (t.Var, t.It, t.This)):
            self.ref(e)


def _filter_key(f) -> str:
    return {t.OnFilter: "on", t.ForFilter: "for", t.OfFilter: "of", t.HowFilter: "how", t.AsFilter: "as", t.WithFilter: "with"}[type(f)]


def _event_text(ev: t.Event) -> str:
    if ev.kind == "phase":
        return f"phase {ev.name}"
    if ev.kind in ("action", "part"):
        return ev.kind
    return f"event '{ev.name}'"


def _is_simple(s) -> bool:
    from rulesdsl.lang.printer import is_simple

    return is_simple(s)


def check(program: t.Program, vocab: Vocabulary) -> list[tuple[t.Pos | None, str]]:
    checker = _Checker(vocab)
    checker.program(program)
    return checker.problems
