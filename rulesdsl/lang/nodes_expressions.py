"""References, expressions and conditions of the card language: the nodes and how they are built from the parse."""

from typing import Union  # noqa: F401 (the node unions)

from lark import Transformer, v_args

from rulesdsl.lang.nodes_base import Node, node, pos_of


@node
class Var(Node):
    """A name bound by `choose`/`for each`, written in capitals (S, G)."""

    name: str


@node
class It(Node):
    """What the previous statement acquired (`gain 1 longship then load 3 ore onto it`)."""


@node
class This(Node):
    """Something the triggering event is about: `this space`, `this ship`."""

    name: str


Ref = Union[Var, It, This]


@node
class Num(Node):
    value: int


@node
class Quantity(Node):
    """A named number read from the game: round, players, income, result ..."""

    name: str


@node
class Query(Node):
    """A named function over a selector: count(my sheep), paid(ore) ..."""

    name: str
    arg: "Selector | RefSelector | None"


@node
class MinOf(Node):
    args: tuple


@node
class MaxOf(Node):
    args: tuple


@node
class Half(Node):
    """Half, rounded down."""

    arg: "Expr"


@node
class Signed(Node):
    sign: str  # "+" or "-"
    arg: "Expr"


@node
class BinOp(Node):
    op: str  # "+", "-", "*"
    left: "Expr"
    right: "Expr"


Expr = Union[Num, Quantity, Query, MinOf, MaxOf, Half, Signed, BinOp, Var, It, This]


@node
class Compare(Node):
    op: str  # ">=", "<=", "=", "!=", "<", ">"
    left: Expr
    right: Expr


@node
class And(Node):
    args: tuple


@node
class Or(Node):
    args: tuple


@node
class Not(Node):
    arg: "Cond"


@node
class HaveEach(Node):
    """`you have 2 of each weapon`: every kind of the class is held that often (or none is left to take)."""
    amount: int
    noun: tuple[str, ...]


Cond = Union[Compare, And, Or, Not, HaveEach, Expr]


@v_args(meta=True)
class ExpressionBuilder(Transformer):
    """Builds the nodes above from Lark's parse tree (one method per grammar rule)."""

    def var_ref(self, meta, children):
        return Var(str(children[0]), pos=pos_of(meta))

    def it_ref(self, meta, children):
        return It(pos=pos_of(meta))

    def this_ref(self, meta, children):
        return This(str(children[0]), pos=pos_of(meta))

    def or_cond(self, meta, children):
        return Or(tuple(children), pos=pos_of(meta))

    def and_cond(self, meta, children):
        return And(tuple(children), pos=pos_of(meta))

    def not_(self, meta, children):
        return Not(children[0], pos=pos_of(meta))

    def have_each(self, meta, children):
        return HaveEach(int(children[0]), tuple(children[1]), pos=pos_of(meta))

    def comparison(self, meta, children):
        left, op, right = children
        return Compare(str(op), left, right, pos=pos_of(meta))

    def sum(self, meta, children):
        result = children[0]
        for op, operand in zip(children[1::2], children[2::2]):
            result = BinOp(str(op), result, operand, pos=pos_of(meta))
        return result

    def product(self, meta, children):
        result = children[0]
        for operand in children[1:]:
            result = BinOp("*", result, operand, pos=pos_of(meta))
        return result

    def signed(self, meta, children):
        sign, arg = str(children[0]), children[1]
        if isinstance(arg, Num):  # "-1" is the number -1, not a sign applied to 1
            return Num(-arg.value if sign == "-" else arg.value, pos=pos_of(meta))
        return Signed(sign, arg, pos=pos_of(meta))

    def number(self, meta, children):
        return Num(int(children[0]), pos=pos_of(meta))

    def quantity(self, meta, children):
        return Quantity(str(children[0]), pos=pos_of(meta))

    def query(self, meta, children):
        return Query(str(children[0]), children[1] if len(children) > 1 else None, pos=pos_of(meta))

    def min_(self, meta, children):
        return MinOf(tuple(children), pos=pos_of(meta))

    def max_(self, meta, children):
        return MaxOf(tuple(children), pos=pos_of(meta))

    def half(self, meta, children):
        return Half(children[0], pos=pos_of(meta))
