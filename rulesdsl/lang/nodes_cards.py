"""Statements about cards: `draw` and `play` - the nodes and how they are built from the parse."""

from lark import Transformer, v_args

from rulesdsl.lang.nodes_base import Node, node, pos_of
from rulesdsl.lang.nodes_selectors import Amount, Range


@node
class Draw(Node):
    amount: Amount
    what: str


@node
class Play(Node):
    range: Range
    what: str


@v_args(meta=True)
class CardsBuilder(Transformer):
    """Builds the nodes above from Lark's parse tree (one method per grammar rule)."""

    def draw(self, meta, children):
        return Draw(children[0], str(children[1]), pos=pos_of(meta))

    def play(self, meta, children):
        return Play(children[0], str(children[1]), pos=pos_of(meta))
