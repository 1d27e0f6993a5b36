"""Amounts, ranges, conditions, expressions and references of the card language, evaluated
in a context (numbers the game offers: rulesdsl/engine/queries.py)."""

from __future__ import annotations

from rulesdsl.lang import tree as t
from rulesdsl.engine.slash import NoSlash


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
            left, right = self.value_of(cond.left, ctx), self.value_of(cond.right, ctx)
            op = cond.op
            if op == "=":
                return left == right
            if op == "!=":
                return left != right
            if op == ">=":
                return left >= right
            if op == "<=":
                return left <= right
            if op == ">":
                return left > right
            return left < right
        return bool(self.number(cond, ctx))

    def value_of(self, e, ctx):
        if isinstance(e, (t.Var, t.It, t.This)):
            value = self.resolve_ref(e, ctx)
            return value if isinstance(value, (int, str)) or value is None else id(value)
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
