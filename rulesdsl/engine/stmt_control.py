"""Control flow: `if`/`otherwise`, `choose one`, `choose X where`, `for each`, `first of`, `by`
tables (slash and block), `repeat`, `nothing`, and modifiers inside a block (until the action ends).

Both games run these (the statement-running core is `runner.py`); what a bound noun ranges
over (`choose X`, `for each X`) each game's interpreter says in `binding_values`."""

from __future__ import annotations

from rulesdsl.core.decisions import Option
from rulesdsl.lang import tree as t
from rulesdsl.core.describe import describe


class ControlStatements:
    """Choices, conditions and loops of the `Interpreter`."""

    def c_If(self, node, ctx):
        if self.truth(node.cond, ctx):
            return any(self.can(s, ctx) for s in node.then)
        return node.otherwise is not None and any(self.can(s, ctx) for s in node.otherwise)

    def s_If(self, node, ctx, mandatory):
        if self.truth(node.cond, ctx):
            return (yield from self.run(node.then, ctx, mandatory))
        if node.otherwise is not None:
            return (yield from self.run(node.otherwise, ctx, mandatory))
        return False

    def c_ChooseOne(self, node, ctx):
        return any(self._alt_can(alt, ctx) for alt in node.alternatives)

    def s_ChooseOne(self, node, ctx, mandatory):
        options = []
        for index, alt in enumerate(node.alternatives):
            ok = self._alt_can(alt, ctx)
            options.append(Option(str(index + 1), "; ".join(describe(s) for s in alt), None if ok else "not possible now"))
        if not any(o.refusal is None for o in options):
            return False
        if not (mandatory or node.must):
            options.append(Option("none", "none"))
        answer = yield from self.ask(ctx.player, "choose", "choose one", options)
        if answer == "none":
            return False
        return (yield from self.run(node.alternatives[int(answer) - 1], ctx, True))

    def _alt_can(self, alt, ctx):
        return any(self.can(s, ctx) for s in alt)

    def c_ChooseVar(self, node, ctx):
        return bool(self._bindings(node, ctx, limit=1))

    def s_ChooseVar(self, node, ctx, mandatory):
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

    def _bindings(self, node, ctx, limit=None):
        """(key, label, value) for every value the bound name may take (where-clause applied);
        what a noun ranges over is the game's (`binding_values`)."""
        out = []
        values = self.binding_values(node.noun, ctx)
        where, name = node.where, node.var
        # one context for the where-clause, its binding changed per value: a condition only reads it
        sub = ctx.derive(vars=ctx.vars) if where is not None else None
        test = self.condition(where) if where is not None else None
        for key, label, value in values:
            if where is not None:
                sub.vars[name] = value
                if not test(sub):
                    continue
            out.append((key, label, value))
            if limit and len(out) >= limit:
                break
        return out

    def c_ForEach(self, node, ctx):
        return any(any(self.can(s, ctx.derive(vars={**ctx.vars, node.var: value})) for s in node.body)
                   for _, _, value in self._bindings(node, ctx))

    def s_ForEach(self, node, ctx, mandatory):
        did = False
        for _, _, value in self._bindings(node, ctx):
            sub = ctx.derive(vars={**ctx.vars, node.var: value})
            done = yield from self.run(node.body, sub, mandatory)
            did = did or done
        return did

    def c_FirstOf(self, node, ctx):
        for bracket in node.brackets:
            if self.truth(bracket.cond, ctx):
                return any(self.can(s, ctx) for s in bracket.body)
        return node.otherwise is not None and any(self.can(s, ctx) for s in node.otherwise)

    def s_FirstOf(self, node, ctx, mandatory):
        for bracket in node.brackets:
            if self.truth(bracket.cond, ctx):
                return (yield from self.run(bracket.body, ctx, mandatory))
        if node.otherwise is not None:
            return (yield from self.run(node.otherwise, ctx, mandatory))
        return False

    def c_BySlash(self, node, ctx):
        position = self._table_position(node, ctx)
        return position is not None and any(self.can(s, ctx.derive(slash=position)) for s in node.body)

    def s_BySlash(self, node, ctx, mandatory):
        position = self._table_position(node, ctx)
        if position is None:
            return False
        return (yield from self.run(node.body, ctx.derive(slash=position), mandatory))

    def _table_position(self, node: t.BySlash, ctx):
        value = self.number(node.expr, ctx)
        for index, key in enumerate(node.keys):
            if value == key:
                return index
        if node.open_top and value > node.keys[-1]:
            return len(node.keys) - 1
        return None

    def c_ByTable(self, node, ctx):
        return any(self.can(s, ctx) for s in self._table_body(node, ctx))

    def s_ByTable(self, node, ctx, mandatory):
        body = self._table_body(node, ctx)
        return (yield from self.run(body, ctx, mandatory)) if body else False

    def _table_body(self, node, ctx) -> tuple:
        """The statements of the `by` table row the value selects (the otherwise part, or none)."""
        value = self.number(node.expr, ctx)
        for row in node.rows:
            if value == row.key or (row.open_top and value > row.key):
                return row.body
        return node.otherwise or ()

    def c_RepeatTimes(self, node, ctx):
        return self.number(node.times, ctx) > 0 and any(self.can(s, ctx) for s in node.body)

    def s_RepeatTimes(self, node, ctx, mandatory):
        did = False
        for _ in range(max(0, self.number(node.times, ctx))):
            done = yield from self.run(node.body, ctx, False)
            did = did or done
        return did

    def c_RepeatUntil(self, node, ctx):
        return not self.truth(node.cond, ctx) and any(self.can(s, ctx) for s in node.body)

    def s_RepeatUntil(self, node, ctx, mandatory):
        did = False
        for _ in range(500):
            if self.truth(node.cond, ctx):
                break
            done = yield from self.run(node.body, ctx, True)
            if not done:
                break
            did = True
        return did

    def c_Nothing(self, node, ctx):
        return False

    def s_Nothing(self, node, ctx, mandatory):
        return False
        yield  # pragma: no cover

    def _temporary(self, node, ctx, mandatory):
        if ctx.action is not None:
            ctx.action.temporary.append((ctx.card, node))
        return True
        yield  # pragma: no cover

    s_Modify = _temporary

    s_SetValue = _temporary

    s_Allow = _temporary
