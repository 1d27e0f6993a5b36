"""Amounts, ranges, conditions, expressions and references of the card language, evaluated
in a context. The numbers a game offers (quantities, queries, counts) come from its queries
object (`q`); what `it` and `this ...` refer to is the game's (`resolve_ref`)."""

from __future__ import annotations

import operator
from functools import partial
from collections.abc import Callable
from typing import Any, Protocol

from rulesdsl.core.runner import Context
from rulesdsl.core.slash import NoSlash
from rulesdsl.lang import tree as t

# `Compare.op` -> the comparison `truth` makes (any other op is <)
_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "=": operator.eq, "!=": operator.ne, ">=": operator.ge, "<=": operator.le, ">": operator.gt, "<": operator.lt}
_LESS: Callable[[Any, Any], bool] = operator.lt

Number = Callable[[Any], int]  # a value as a function of the context


def compared(value: object) -> object:
    """What a reference compares as: a number, a name or None itself, anything else by identity."""
    return value if isinstance(value, (int, str)) or value is None else id(value)


class Queries(Protocol):
    """The numbers a game offers the evaluator."""

    def quantity(self, name: str, ctx: Any) -> int:
        """A named value (`silver`, `round` ...)."""
        ...

    def query(self, name: str, arg: Any, ctx: Any) -> int:
        """A query with an argument (`count(...)`, `runs` ...)."""
        ...

    def count(self, selector: Any, ctx: Any) -> int:
        """How many things a selector selects."""
        ...

    def have_each(self, cond: t.HaveEach, ctx: Any) -> bool:
        """Whether the player holds each of the things listed."""
        ...


class Expressions:
    """Values of a game's interpreter (mixed in beside the `Runner`)."""

    q: Queries  # the game's numbers (set by the interpreter)
    _conditions: dict[int, tuple[t.Cond, Callable[[Any], bool]]]  # `condition`'s, made on first use
    _compiled: dict[int, tuple[t.Cond, Callable[[Any, Any], bool]]]  # `compiled_conditions`' own
    # `number`'s functions by the id of the node (None: made on first use, this evaluator's own)
    _numbers: dict[int, tuple[t.Expr, Callable[[Any, Any], int]]] | None = None

    def amount(self, a: t.Amount, ctx: Context, paying: bool = False) -> int:
        """The number an amount stands for (a slash amount at the chosen position; NoSlash before one is)."""
        if isinstance(a, t.IntAmount):
            return a.value
        if isinstance(a, t.SlashAmount):
            if ctx.slash is None:
                raise NoSlash()
            value: int = a.values[ctx.slash]
            return value
        if isinstance(a, t.ExprAmount):
            return max(0, self.number(a.expr, ctx))
        raise TypeError(type(a).__name__)

    def range(self, r: t.Range | None, ctx: Context) -> tuple[int, int]:
        """(least, most) of a range; no range is any number."""
        if isinstance(r, t.Exactly):
            n = self.amount(r.amount, ctx)
            return n, n
        if isinstance(r, t.UpTo):
            return 0, self.amount(r.amount, ctx)
        if isinstance(r, t.Between):
            return self.amount(r.low, ctx), self.amount(r.high, ctx)
        return 0, 10 ** 6

    def truth(self, cond: t.Cond, ctx: Context) -> bool:
        """Whether a condition holds."""
        if isinstance(cond, t.And):
            return all(self.truth(a, ctx) for a in cond.args)
        if isinstance(cond, t.Or):
            return any(self.truth(a, ctx) for a in cond.args)
        if isinstance(cond, t.Not):
            return not self.truth(cond.arg, ctx)
        if isinstance(cond, t.HaveEach):
            return self.q.have_each(cond, ctx)
        if isinstance(cond, t.Compare):
            return _COMPARE.get(cond.op, _LESS)(self.value_of(cond.left, ctx), self.value_of(cond.right, ctx))
        return bool(self.number(cond, ctx))

    def condition(self, cond: t.Cond) -> Callable[[Any], bool]:
        """`truth(cond, ctx)` as a function of the context, made once per condition node: the
        comparisons of numbers, queries, quantities and references (what "as soon as" watches
        read after every change, what `where` clauses test for every value) without the
        dispatch on node types; anything else is `truth` itself. The function made is one of
        (evaluator, context), kept where `compiled_conditions` says (a game's forks share it)."""
        found = self.__dict__.get("_conditions")
        if found is None:
            found = self._conditions = {}
        entry = found.get(id(cond))
        if entry is None:  # the node is kept with its function: alive, its id stays its own
            shared = self.compiled_conditions()
            made = shared.get(id(cond))
            if made is None or made[0] is not cond:
                made = shared[id(cond)] = (cond, self._compiled_truth(cond))
            entry = found[id(cond)] = (cond, partial(made[1], self))
        return entry[1]

    def compiled_conditions(self) -> dict[int, tuple[t.Cond, Callable[[Any, Any], bool]]]:
        """Where `condition` keeps its functions of (evaluator, context) by the id of the node:
        this evaluator's own (a game whose `compiled_count` reads only its content may share
        them between the evaluators of one content)."""
        found: dict[int, tuple[t.Cond, Callable[[Any, Any], bool]]] | None = self.__dict__.get("_compiled")
        if found is None:
            found = self._compiled = {}
        return found

    def _compiled_truth(self, cond: t.Cond) -> Callable[[Any, Any], bool]:
        if isinstance(cond, (t.And, t.Or)):
            parts = tuple(self._compiled_truth(a) for a in cond.args)
            if isinstance(cond, t.And):
                return lambda ev, ctx: all(f(ev, ctx) for f in parts)
            return lambda ev, ctx: any(f(ev, ctx) for f in parts)
        if isinstance(cond, t.Not):
            inner = self._compiled_truth(cond.arg)
            return lambda ev, ctx: not inner(ev, ctx)
        if isinstance(cond, t.Compare):
            left, right = self._compiled_number(cond.left), self._compiled_number(cond.right)
            if left is not None and right is not None:
                compare = _COMPARE.get(cond.op, _LESS)
                return lambda ev, ctx: compare(left(ev, ctx), right(ev, ctx))
        return lambda ev, ctx: ev.truth(cond, ctx)

    def _compiled_number(self, e: t.Expr) -> Callable[[Any, Any], Any] | None:
        """`value_of(e, ctx)` as a function of (evaluator, context), for a number, a query, a
        quantity or a reference (else None)."""
        if isinstance(e, t.Num):
            value = e.value
            return lambda ev, ctx: value
        if isinstance(e, t.Query):
            arg = e.arg
            if e.name == "count":
                own = self.compiled_count(arg)
                if own is not None:
                    return lambda ev, ctx: own(ctx)
                return lambda ev, ctx: ev.q.count(arg, ctx)
            name = e.name
            return lambda ev, ctx: ev.q.query(name, arg, ctx)
        if isinstance(e, t.Quantity):
            name = e.name
            return lambda ev, ctx: ev.q.quantity(name, ctx)
        if isinstance(e, (t.Var, t.It, t.This)):
            return lambda ev, ctx: compared(ev.resolve_ref(e, ctx))
        return None

    def compiled_count(self, selector: Any) -> Number | None:
        """`count(selector, ctx)` as one function of the context where the game has a quicker
        one than its queries' general count (None: it has not); it may read the content and
        the context only (`condition` may share it between games, see `compiled_conditions`)."""
        return None

    def value_of(self, e: t.Expr, ctx: Context) -> Any:
        """What a side of a comparison is: a reference as `compared` takes it, else a number."""
        if isinstance(e, (t.Var, t.It, t.This)):
            return compared(self.resolve_ref(e, ctx))
        return self.number(e, ctx)

    def number(self, e: t.Expr, ctx: Context) -> int:
        """The whole number an expression stands for (a reference that is no number: 0). A tree
        is read once into nested functions (`_number_function`, kept by node in `_numbers`) that do what
        `plain_number` does without its dispatch on node types at every node."""
        if type(e) is t.Num:
            value: int = e.value
            return value
        table = self._numbers
        if table is None:  # this evaluator's own (a game may hand it a table shared by its content)
            table = self._numbers = {}
        entry = table.get(id(e))
        if entry is None or entry[0] is not e:  # the node is kept with its function: its id stays its own
            entry = table[id(e)] = (e, _number_function(e))
        result: int = entry[1](self, ctx)
        return result

    def plain_number(self, e: t.Expr, ctx: Context) -> int:
        """`number` read node by node (what its functions do; the reference)."""
        if isinstance(e, t.Num):
            number: int = e.value
            return number
        if isinstance(e, t.Quantity):
            return self.q.quantity(e.name, ctx)
        if isinstance(e, t.Query):
            return self.q.query(e.name, e.arg, ctx)
        if isinstance(e, t.BinOp):
            left, right = self.plain_number(e.left, ctx), self.plain_number(e.right, ctx)
            return left + right if e.op == "+" else left - right if e.op == "-" else left * right
        if isinstance(e, t.Signed):
            value = self.plain_number(e.arg, ctx)
            return -value if e.sign == "-" else value
        if isinstance(e, t.MinOf):
            return min(self.plain_number(a, ctx) for a in e.args)
        if isinstance(e, t.MaxOf):
            return max(self.plain_number(a, ctx) for a in e.args)
        if isinstance(e, t.Half):
            return self.plain_number(e.arg, ctx) // 2
        if isinstance(e, (t.Var, t.It, t.This)):
            found = self.resolve_ref(e, ctx)
            return found if isinstance(found, int) else 0
        raise TypeError(type(e).__name__)

    def count(self, selector: Any, ctx: Context) -> int:
        """How many things a selector selects (the game's queries count them)."""
        return self.q.count(selector, ctx)

    def resolve_ref(self, ref: t.Ref, ctx: Context) -> Any:
        """What a reference names: a bound name's value; `it` and `this ...` are a game's (None here)."""
        if isinstance(ref, t.Var):
            return ctx.vars.get(ref.name)
        return None


def _number_function(e: t.Expr) -> Callable[[Any, Any], int]:
    """`Expressions.plain_number(e, ctx)` as a function of (evaluator, context): the same
    reads in the same order (operands left to right), every node's kind looked at once."""
    if isinstance(e, t.Num):
        value = e.value
        return lambda ev, ctx: value
    if isinstance(e, t.Quantity):
        name = e.name
        return lambda ev, ctx: ev.q.quantity(name, ctx)
    if isinstance(e, t.Query):
        name, arg = e.name, e.arg
        return lambda ev, ctx: ev.q.query(name, arg, ctx)
    if isinstance(e, t.BinOp):
        left, right = _number_function(e.left), _number_function(e.right)
        if e.op == "+":
            return lambda ev, ctx: left(ev, ctx) + right(ev, ctx)
        if e.op == "-":
            return lambda ev, ctx: left(ev, ctx) - right(ev, ctx)
        return lambda ev, ctx: left(ev, ctx) * right(ev, ctx)
    if isinstance(e, t.Signed):
        inner = _number_function(e.arg)
        if e.sign == "-":
            return lambda ev, ctx: -inner(ev, ctx)
        return inner
    if isinstance(e, t.MinOf):
        parts = tuple(_number_function(a) for a in e.args)
        return lambda ev, ctx: min(f(ev, ctx) for f in parts)
    if isinstance(e, t.MaxOf):
        parts = tuple(_number_function(a) for a in e.args)
        return lambda ev, ctx: max(f(ev, ctx) for f in parts)
    if isinstance(e, t.Half):
        inner = _number_function(e.arg)
        return lambda ev, ctx: inner(ev, ctx) // 2
    if isinstance(e, (t.Var, t.It, t.This)):
        def reference(ev: Any, ctx: Any) -> int:
            found = ev.resolve_ref(e, ctx)
            return found if isinstance(found, int) else 0
        return reference
    kind = type(e).__name__

    def unknown(ev: Any, ctx: Any) -> int:
        raise TypeError(kind)
    return unknown
