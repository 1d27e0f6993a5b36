"""Statements about boards: mountain strips, `emigrate`, `explore`, `place ... into`, `lift` - the nodes and how they are built from the parse."""

from lark import Transformer, v_args

from rulesdsl.lang.nodes_base import (
    child_nodes, EachStripClause, error_at, Node, node, Nouns, OneStripClause, plain, pos_of, soft_keyword,
)
from rulesdsl.lang.nodes_selectors import Amount, AnySelector, Bundle, Range


@node
class TakeMountain(Node):
    """`take up to 3 from a mountain strip plus up to 2 from another strip`,
    or, with `strips` set, `take up to 2 from each of up to 4 mountain strips`."""

    takes: tuple[Range, ...]
    strips: Range | None = None
    only: tuple[tuple[str, ...], ...] | None = None  # take only while the leftmost item is one of these


@node
class Emigrate(Node):
    cost: Amount


@node
class Explore(Node):
    boards: tuple[str, ...]


@node
class PlaceBundle(Node):
    bundle: Bundle
    into: AnySelector


@node
class PlaceAll(Node):
    """`place all X into Y`, or with `any_number` the player picks how many."""

    selector: AnySelector
    into: AnySelector
    any_number: bool = False


@node
class Lift(Node):
    selector: AnySelector
    off: AnySelector
    refill: Bundle


@v_args(meta=True)
class BoardsBuilder(Transformer):
    """Builds the nodes above from Lark's parse tree (one method per grammar rule)."""

    def take_mountain(self, meta, children):
        only = None
        if isinstance(children[1], Nouns):
            only = plain(children[1])
            children = [children[0], *children[2:]]
        first, source, *more = children
        if isinstance(source, EachStripClause):
            if more:
                error_at(meta, "'each of ... mountain strips' cannot be combined with 'plus ... from another strip'")
            return TakeMountain((first,), source.range, only, pos=pos_of(meta))
        return TakeMountain((first, *more), None, only, pos=pos_of(meta))

    def one_strip(self, meta, children):
        return OneStripClause()

    def each_strip(self, meta, children):
        return EachStripClause(child_nodes(children)[0])

    def emigrate(self, meta, children):
        soft_keyword(meta, children[1], "silver")
        return Emigrate(children[0], pos=pos_of(meta))

    def explore(self, meta, children):
        return Explore(tuple(str(c) for c in children), pos=pos_of(meta))

    def place_bundle(self, meta, children):
        return PlaceBundle(children[0], children[1], pos=pos_of(meta))

    def place_all(self, meta, children):
        return PlaceAll(children[0], children[1], pos=pos_of(meta))

    def place_any(self, meta, children):
        nodes = child_nodes(children)
        return PlaceAll(nodes[0], nodes[1], any_number=True, pos=pos_of(meta))

    def lift(self, meta, children):
        return Lift(children[0], children[1], children[2], pos=pos_of(meta))
