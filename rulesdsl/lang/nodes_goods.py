"""Statements about goods: `gain`/`build`/`buy`, `pay`, exchanges, `upgrade`, `flip`, `loot`, `make ... pregnant`, `harvest up to` - the nodes and how they are built from the parse."""

from lark import Transformer, v_args

from rulesdsl.lang.nodes_base import (
    child_nodes, Node, node, PerClause, PlacedClause, pos_of, soft_keyword, StepsClause, ToColorClause, tokens_of,
)
from rulesdsl.lang.nodes_selectors import Amount, AnySelector, Bundle, Range


@node
class Acquire(Node):
    verb: str  # gain | build | buy
    bundle: Bundle
    per: AnySelector | None = None
    placed_on: AnySelector | None = None


@node
class Pay(Node):
    bundle: Bundle


@node
class Exchange(Node):
    """`pay X -> a then b`: the results happen only if the cost was paid. The cost is a
    Bundle to pay, or a RemoveOre / UnloadOre / ReturnVikings / PlaceBundle / PlaceAll statement."""

    cost: object
    results: tuple


@node
class Upgrade(Node):
    range: Range
    selector: AnySelector
    diagonal: bool = False
    steps: Amount | None = None
    to_color: str | None = None


@node
class Flip(Node):
    range: Range
    selector: AnySelector


@node
class Loot(Node):
    amount: Amount
    selector: AnySelector


@node
class MakePregnant(Node):
    amount: Amount
    selector: AnySelector


@node
class Harvest(Node):
    up_to: int


@v_args(meta=True)
class GoodsBuilder(Transformer):
    """Builds the nodes above from Lark's parse tree (one method per grammar rule)."""

    def acquire(self, meta, children):
        verb, bundle, *rest = children
        per = next((r.selector for r in rest if type(r) is PerClause), None)
        placed = next((r.selector for r in rest if type(r) is PlacedClause), None)
        return Acquire(verb, bundle, per, placed, pos=pos_of(meta))

    def gain(self, meta, children):
        return "gain"

    def build(self, meta, children):
        return "build"

    def buy(self, meta, children):
        return "buy"

    def per(self, meta, children):
        return PerClause(children[0])

    def placed(self, meta, children):
        return PlacedClause(children[0])

    def pay(self, meta, children):
        return Pay(children[0], pos=pos_of(meta))

    def exchange(self, meta, children):
        return Exchange(children[0], tuple(children[1:]), pos=pos_of(meta))

    def pay_cost(self, meta, children):
        return children[0]

    def upgrade(self, meta, children):
        rng, sel, *rest = children
        diagonal = bool(tokens_of(rest, "DIAGONALLY"))
        target = child_nodes(rest)[0]
        if isinstance(target, StepsClause):
            return Upgrade(rng, sel, diagonal, steps=target.amount, pos=pos_of(meta))
        return Upgrade(rng, sel, diagonal, to_color=target.color, pos=pos_of(meta))

    def steps(self, meta, children):
        return StepsClause(children[0])

    def to_color(self, meta, children):
        return ToColorClause(str(children[0]))

    def flip(self, meta, children):
        return Flip(children[0], children[1], pos=pos_of(meta))

    def loot(self, meta, children):
        return Loot(children[0], children[1], pos=pos_of(meta))

    def make_pregnant(self, meta, children):
        return MakePregnant(children[0], children[1], pos=pos_of(meta))

    def harvest(self, meta, children):
        soft_keyword(meta, children[0], "harvest")
        return Harvest(int(children[1]), pos=pos_of(meta))
