"""Static checks of statements, one `s_X` per statement kind: the names they use resolve against
the content and their parts are of the right kind (rulesdsl/lang/checker.py runs them)."""

from __future__ import annotations

from rulesdsl.lang import registry as reg
from rulesdsl.lang import tree as t


class StatementChecks:
    """The statement checks of the checker."""

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
        if self.one_of(s, s.phase, self.v.phases, "phase") and s.phase in self.v.table_phases:
            self.error(s, f"phase '{s.phase}' acts on the whole table (scope: table): a card can run only a phase of scope player")
        if s.on is not None:
            self.selector(s.on)

    def s_LoadOre(self, s: t.LoadOre) -> None:
        self.amount(s.amount)
        self.ref(s.target)

    def s_RemoveOre(self, s: t.RemoveOre) -> None:
        self.amount(s.amount)
        self.ref(s.source)

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

    s_UnloadOre = s_RemoveOre

    s_ChooseVar = _binding

    s_ForEach = _binding
