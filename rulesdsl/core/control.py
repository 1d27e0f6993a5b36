"""Control flow: `if`/`otherwise`, `choose one`, `choose X where`, `for each`, `first of`, `by`
tables (slash and block), `repeat` and `nothing`.

Every game runs these (the statement-running core is `runner.py`); what a bound noun ranges
over (`choose X`, `for each X`) each game's interpreter says in `binding_values`."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from rulesdsl.core.decisions import Option
from rulesdsl.core.describe import describe
from rulesdsl.core.runner import Asking, Context, OptionList
from rulesdsl.lang import tree as t

# what a bound name may take: (answer key, label, value)
Binding = tuple[Any, Any, Any]


class ControlStatements:
    """Choices, conditions and loops of a game's interpreter (mixed in beside the `Runner`)."""

    if TYPE_CHECKING:  # what the interpreter this is mixed into offers (the Runner, Expressions, the game)
        _written: dict[int, tuple[t.Node, str]]  # the Runner's texts of statements (core/describe.py)

        def can(self, node: t.Node, ctx: Context) -> bool: ...

        def run(self, stmts: Iterable[t.Node], ctx: Context, need_one: bool = False,
                costs_count: bool = False) -> Asking[bool]: ...

        def ask(self, player: int, kind: str, prompt: str, options: OptionList,
                anytime: bool = False, opened: str | None = None) -> Asking[str]: ...

        def truth(self, cond: t.Cond, ctx: Context) -> bool: ...

        def condition(self, cond: t.Cond) -> Callable[[Context], bool]: ...

        def number(self, e: t.Expr, ctx: Context) -> int: ...

        def binding_values(self, noun: tuple[str, ...], ctx: Context) -> Iterable[Binding]: ...

    def c_If(self, node: t.If, ctx: Context) -> bool:
        if self.truth(node.cond, ctx):
            return any(self.can(s, ctx) for s in node.then)
        return node.otherwise is not None and any(self.can(s, ctx) for s in node.otherwise)

    def s_If(self, node: t.If, ctx: Context, mandatory: bool) -> Asking[bool]:
        if self.truth(node.cond, ctx):
            return (yield from self.run(node.then, ctx, mandatory))
        if node.otherwise is not None:
            return (yield from self.run(node.otherwise, ctx, mandatory))
        return False

    def c_ChooseOne(self, node: t.ChooseOne, ctx: Context) -> bool:
        return any(self._alt_can(alt, ctx) for alt in node.alternatives)

    def s_ChooseOne(self, node: t.ChooseOne, ctx: Context, mandatory: bool) -> Asking[bool]:
        options = []
        for index, alt in enumerate(node.alternatives):
            ok = self._alt_can(alt, ctx)
            options.append(Option(str(index + 1), "; ".join(describe(s, self._written) for s in alt), None if ok else "not possible now"))
        if not any(o.refusal is None for o in options):
            return False
        if not (mandatory or node.must):
            options.append(Option("none", "none"))
        answer = yield from self.ask(ctx.player, "choose", "choose one", options)
        if answer == "none":
            return False
        return (yield from self.run(node.alternatives[int(answer) - 1], ctx, True))

    def _alt_can(self, alt: Iterable[t.Node], ctx: Context) -> bool:
        return any(self.can(s, ctx) for s in alt)

    def c_ChooseVar(self, node: t.ChooseVar, ctx: Context) -> bool:
        return bool(self._bindings(node, ctx, limit=1))

    def s_ChooseVar(self, node: t.ChooseVar, ctx: Context, mandatory: bool) -> Asking[bool]:
        choices = self._bindings(node, ctx)
        if not choices:
            return False
        options = [Option(str(key), str(label)) for key, label, _ in choices]
        if not (mandatory or node.must):
            options.append(Option("none", "none"))
        answer = yield from self.ask(ctx.player, "choose", f"choose {' '.join(node.noun)}", options)
        if answer == "none":
            return False
        value = next(v for key, _, v in choices if str(key) == answer)
        sub = ctx.derive(vars={**ctx.vars, node.var: value})
        return (yield from self.run(node.body, sub, True))

    def _bindings(self, node: t.ChooseVar | t.ForEach, ctx: Context, limit: int | None = None) -> list[Binding]:
        """(key, label, value) for every value the bound name may take (where-clause applied);
        what a noun ranges over is the game's (`binding_values`)."""
        out = []
        values = self.binding_values(node.noun, ctx)
        where, name = node.where, node.var
        if where is None:
            for binding in values:
                out.append(binding)
                if limit and len(out) >= limit:
                    break
            return out
        # one context for the where-clause, its binding changed per value: a condition only reads it
        sub = ctx.derive(vars=ctx.vars)
        test = self.condition(where)
        for key, label, value in values:
            sub.vars[name] = value
            if not test(sub):
                continue
            out.append((key, label, value))
            if limit and len(out) >= limit:
                break
        return out

    def c_ForEach(self, node: t.ForEach, ctx: Context) -> bool:
        return any(any(self.can(s, ctx.derive(vars={**ctx.vars, node.var: value})) for s in node.body)
                   for _, _, value in self._bindings(node, ctx))

    def s_ForEach(self, node: t.ForEach, ctx: Context, mandatory: bool) -> Asking[bool]:
        did = False
        for _, _, value in self._bindings(node, ctx):
            sub = ctx.derive(vars={**ctx.vars, node.var: value})
            done = yield from self.run(node.body, sub, mandatory)
            did = did or done
        return did

    def c_FirstOf(self, node: t.FirstOf, ctx: Context) -> bool:
        for bracket in node.brackets:
            if self.truth(bracket.cond, ctx):
                return any(self.can(s, ctx) for s in bracket.body)
        return node.otherwise is not None and any(self.can(s, ctx) for s in node.otherwise)

    def s_FirstOf(self, node: t.FirstOf, ctx: Context, mandatory: bool) -> Asking[bool]:
        for bracket in node.brackets:
            if self.truth(bracket.cond, ctx):
                return (yield from self.run(bracket.body, ctx, mandatory))
        if node.otherwise is not None:
            return (yield from self.run(node.otherwise, ctx, mandatory))
        return False

    def c_BySlash(self, node: t.BySlash, ctx: Context) -> bool:
        position = self._table_position(node, ctx)
        return position is not None and any(self.can(s, ctx.derive(slash=position)) for s in node.body)

    def s_BySlash(self, node: t.BySlash, ctx: Context, mandatory: bool) -> Asking[bool]:
        position = self._table_position(node, ctx)
        if position is None:
            return False
        return (yield from self.run(node.body, ctx.derive(slash=position), mandatory))

    def _table_position(self, node: t.BySlash, ctx: Context) -> int | None:
        value = self.number(node.expr, ctx)
        for index, key in enumerate(node.keys):
            if value == key:
                return index
        if node.open_top and value > node.keys[-1]:
            return len(node.keys) - 1
        return None

    def c_ByTable(self, node: t.ByTable, ctx: Context) -> bool:
        return any(self.can(s, ctx) for s in self._table_body(node, ctx))

    def s_ByTable(self, node: t.ByTable, ctx: Context, mandatory: bool) -> Asking[bool]:
        body = self._table_body(node, ctx)
        return (yield from self.run(body, ctx, mandatory)) if body else False

    def _table_body(self, node: t.ByTable, ctx: Context) -> tuple[t.Node, ...]:
        """The statements of the `by` table row the value selects (the otherwise part, or none)."""
        value = self.number(node.expr, ctx)
        for row in node.rows:
            if value == row.key or (row.open_top and value > row.key):
                return row.body
        return node.otherwise or ()

    def c_RepeatTimes(self, node: t.RepeatTimes, ctx: Context) -> bool:
        return self.number(node.times, ctx) > 0 and any(self.can(s, ctx) for s in node.body)

    def s_RepeatTimes(self, node: t.RepeatTimes, ctx: Context, mandatory: bool) -> Asking[bool]:
        did = False
        for _ in range(max(0, self.number(node.times, ctx))):
            done = yield from self.run(node.body, ctx, False)
            did = did or done
        return did

    def c_RepeatUntil(self, node: t.RepeatUntil, ctx: Context) -> bool:
        return not self.truth(node.cond, ctx) and any(self.can(s, ctx) for s in node.body)

    def s_RepeatUntil(self, node: t.RepeatUntil, ctx: Context, mandatory: bool) -> Asking[bool]:
        did = False
        for _ in range(500):
            if self.truth(node.cond, ctx):
                break
            done = yield from self.run(node.body, ctx, True)
            if not done:
                break
            did = True
        return did

    def c_Nothing(self, node: t.Nothing, ctx: Context) -> bool:
        return False

    def s_Nothing(self, node: t.Nothing, ctx: Context, mandatory: bool) -> Asking[bool]:
        return False
        yield  # pragma: no cover
