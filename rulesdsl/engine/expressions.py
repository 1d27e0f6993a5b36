"""Amounts, ranges, conditions, expressions and references of the card language, evaluated
in a context (numbers the game offers: rulesdsl/engine/queries.py)."""

from __future__ import annotations

import operator

from rulesdsl.lang import tree as t
from rulesdsl.core.slash import NoSlash

# `Compare.op` -> the comparison `truth` makes (any other op is <)
_COMPARE = {"=": operator.eq, "!=": operator.ne, ">=": operator.ge, "<=": operator.le, ">": operator.gt, "<": operator.lt}


def _compared(value):
    """What a reference compares as: a number, a name or None itself, anything else by identity."""
    return value if isinstance(value, (int, str)) or value is None else id(value)


class Expressions:
    """Values of the `Interpreter`."""

    def amount(self, a, ctx, paying: bool = False) -> int:
        if isinstance(a, t.IntAmount):
            return a.value
        if isinstance(a, t.SlashAmount):
            if ctx.slash is None:
                raise NoSlash()
            return a.values[ctx.slash]
        if isinstance(a, t.ExprAmount):
            return max(0, self.number(a.expr, ctx))
        raise TypeError(type(a).__name__)

    def range(self, r, ctx) -> tuple[int, int]:
        if isinstance(r, t.Exactly):
            n = self.amount(r.amount, ctx)
            return n, n
        if isinstance(r, t.UpTo):
            return 0, self.amount(r.amount, ctx)
        if isinstance(r, t.Between):
            return self.amount(r.low, ctx), self.amount(r.high, ctx)
        return 0, 10 ** 6

    def truth(self, cond, ctx) -> bool:
        if isinstance(cond, t.And):
            return all(self.truth(a, ctx) for a in cond.args)
        if isinstance(cond, t.Or):
            return any(self.truth(a, ctx) for a in cond.args)
        if isinstance(cond, t.Not):
            return not self.truth(cond.arg, ctx)
        if isinstance(cond, t.HaveEach):
            return self.q.have_each(cond, ctx)
        if isinstance(cond, t.Compare):
            return _COMPARE.get(cond.op, operator.lt)(self.value_of(cond.left, ctx), self.value_of(cond.right, ctx))
        return bool(self.number(cond, ctx))

    def condition(self, cond):
        """`truth(cond, ctx)` as a function of the context, made once per condition node: the
        comparisons of numbers, queries, quantities and references (what "as soon as" watches
        read after every change, what `where` clauses test for every value) without the
        dispatch on node types; anything else is `truth` itself."""
        found = self.__dict__.get("_conditions")
        if found is None:
            found = self._conditions = {}
        entry = found.get(id(cond))
        if entry is None:  # the node is kept with its function: alive, its id stays its own
            entry = found[id(cond)] = (cond, self._compiled_truth(cond))
        return entry[1]

    def _compiled_truth(self, cond):
        if isinstance(cond, (t.And, t.Or)):
            parts = tuple(self._compiled_truth(a) for a in cond.args)
            if isinstance(cond, t.And):
                return lambda ctx: all(f(ctx) for f in parts)
            return lambda ctx: any(f(ctx) for f in parts)
        if isinstance(cond, t.Not):
            inner = self._compiled_truth(cond.arg)
            return lambda ctx: not inner(ctx)
        if isinstance(cond, t.Compare):
            left, right = self._compiled_number(cond.left), self._compiled_number(cond.right)
            if left is not None and right is not None:
                compare = _COMPARE.get(cond.op, operator.lt)
                return lambda ctx: compare(left(ctx), right(ctx))
        truth = self.truth
        return lambda ctx: truth(cond, ctx)

    def _compiled_number(self, e):
        """`value_of(e, ctx)` as a function, for a number, a query, a quantity or a reference (else None)."""
        if isinstance(e, t.Num):
            value = e.value
            return lambda ctx: value
        if isinstance(e, t.Query):
            if e.name == "count":
                count, arg = self.q.count, e.arg
                own = self._own_count(arg)
                if own is not None:
                    return own
                return lambda ctx: count(arg, ctx)
            query, name, arg = self.q.query, e.name, e.arg
            return lambda ctx: query(name, arg, ctx)
        if isinstance(e, t.Quantity):
            quantity, name = self.q.quantity, e.name
            return lambda ctx: quantity(name, ctx)
        if isinstance(e, (t.Var, t.It, t.This)):
            resolve = self.resolve_ref

            return lambda ctx: _compared(resolve(e, ctx))
        return None

    def _own_count(self, selector):
        """`count(selector, ctx)` for a count of the acting player's own ships or buildings
        (`my ...` without modifiers: what "as soon as" watches count, re-checked for every
        player's watch after every change), as one function of the player; None for others."""
        if type(selector) is not t.Selector or selector.owner not in (None, "my"):
            return None
        plan = self.q.count_plan(selector)
        if plan is None:
            return None
        ships, buildings, boards, animals, supply = plan
        if boards or animals or supply:
            return None
        if not buildings:
            return lambda ctx: sum([1 for x in ctx.p.ships if x.kind in ships])
        if not ships:
            return lambda ctx: sum([1 for b in ctx.p.buildings if b.kind in buildings])
        return lambda ctx: sum([1 for x in ctx.p.ships if x.kind in ships]) + sum([1 for b in ctx.p.buildings if b.kind in buildings])

    def value_of(self, e, ctx):
        if isinstance(e, (t.Var, t.It, t.This)):
            return _compared(self.resolve_ref(e, ctx))
        return self.number(e, ctx)

    def number(self, e, ctx) -> int:
        if isinstance(e, t.Num):
            return e.value
        if isinstance(e, t.Quantity):
            return self.q.quantity(e.name, ctx)
        if isinstance(e, t.Query):
            return self.q.query(e.name, e.arg, ctx)
        if isinstance(e, t.BinOp):
            left, right = self.number(e.left, ctx), self.number(e.right, ctx)
            return left + right if e.op == "+" else left - right if e.op == "-" else left * right
        if isinstance(e, t.Signed):
            value = self.number(e.arg, ctx)
            return -value if e.sign == "-" else value
        if isinstance(e, t.MinOf):
            return min(self.number(a, ctx) for a in e.args)
        if isinstance(e, t.MaxOf):
            return max(self.number(a, ctx) for a in e.args)
        if isinstance(e, t.Half):
            return self.number(e.arg, ctx) // 2
        if isinstance(e, (t.Var, t.It, t.This)):
            value = self.resolve_ref(e, ctx)
            return value if isinstance(value, int) else 0
        raise TypeError(type(e).__name__)

    def count(self, selector, ctx) -> int:
        return self.q.count(selector, ctx)

    def resolve_ref(self, ref, ctx):
        if isinstance(ref, t.Var):
            return ctx.vars.get(ref.name)
        if isinstance(ref, t.It):
            return ctx.it
        if isinstance(ref, t.This):
            if ref.name == "space":
                return ctx.space
            if ref.name in ("longship", "ship"):
                return ctx.dice.longship if ctx.dice is not None and ctx.dice.longship is not None else (ctx.info.data.get("ship") if ctx.info else None)
            if ref.name in ("tile", "good"):
                return next(iter(ctx.info.items)) if ctx.info and ctx.info.items else None
            if ref.name == "card":
                return ctx.card
            if ref.name == "column":
                return ctx.action.column if ctx.action else None
        return None
