"""Statements about ships: `require`, `load`/`remove`/`unload` ore - the nodes and how they are built from the parse."""

from lark import Transformer, v_args

from rulesdsl.lang.nodes_base import Node, node, pos_of, soft_keyword
from rulesdsl.lang.nodes_expressions import Ref
from rulesdsl.lang.nodes_selectors import Amount, AnySelector, Range


@node
class Require(Node):
    range: Range
    selector: AnySelector


@node
class LoadOre(Node):
    amount: Amount
    target: Ref


@node
class RemoveOre(Node):
    amount: Amount
    source: Ref


@node
class UnloadOre(Node):
    amount: Amount
    source: Ref


@v_args(meta=True)
class ShipsBuilder(Transformer):
    """Builds the nodes above from Lark's parse tree (one method per grammar rule)."""

    def require(self, meta, children):
        return Require(children[0], children[1], pos=pos_of(meta))

    def load_ore(self, meta, children):
        soft_keyword(meta, children[1], "ore")
        return LoadOre(children[0], children[2], pos=pos_of(meta))

    def remove_ore(self, meta, children):
        soft_keyword(meta, children[1], "ore")
        return RemoveOre(children[0], children[2], pos=pos_of(meta))

    def unload_ore(self, meta, children):
        soft_keyword(meta, children[1], "ore")
        return UnloadOre(children[0], children[2], pos=pos_of(meta))
