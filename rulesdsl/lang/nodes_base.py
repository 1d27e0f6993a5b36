"""The base of the effect tree: nodes are frozen attrs classes carrying their source position
(`pos`, not part of equality), `walk` visits a tree, and the helpers the node modules use
to build nodes from Lark's parse tree (positions, tokens, errors, clause markers)."""

from collections.abc import Callable, Iterator

import attrs
from lark import Token

from rulesdsl.errors import CardSyntaxError


@attrs.frozen
class Pos:
    line: int
    column: int


def node(cls):
    return attrs.frozen(cls)


@node
class Node:
    pos: Pos | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)


def walk(tree: object, instead: Callable[[Node], tuple | None] | None = None) -> Iterator[Node]:
    """Yield every node of a tree, depth first, parents before children. `instead(node)` may
    return a tuple of subtrees to walk in place of that node and its children (None: as usual)."""
    stack = [tree]
    while stack:
        current = stack.pop()
        if isinstance(current, tuple):
            stack.extend(reversed(current))
            continue
        if not isinstance(current, Node):
            continue
        if instead is not None:
            replacement = instead(current)
            if replacement is not None:
                stack.extend(reversed(replacement))
                continue
        yield current
        children = [getattr(current, f.name) for f in attrs.fields(type(current)) if f.name != "pos"]
        stack.extend(reversed(children))


# ---------------------------------------------------------------- building nodes from the parse
def pos_of(meta) -> Pos | None:
    if getattr(meta, "empty", True):
        return None
    return Pos(meta.line, meta.column)


def child_nodes(children):
    return [c for c in children if not isinstance(c, Token)]


def tokens_of(children, *types):
    return [c for c in children if isinstance(c, Token) and (not types or c.type in types)]


def error_at(meta, message: str):
    pos = pos_of(meta)
    raise CardSyntaxError(pos.line if pos else 1, pos.column if pos else 1, message)


def soft_keyword(meta, token, *allowed):
    if str(token) not in allowed:
        line = getattr(token, "line", None)
        column = getattr(token, "column", None)
        if line is None:
            error_at(meta, f"expected '{allowed[0]}', found '{token}'")
        raise CardSyntaxError(line, column, f"unexpected '{token}'; expected '{allowed[0]}'")


def flatten(statements) -> tuple:
    out = []
    for s in statements:
        if isinstance(s, list):
            out.extend(s)
        else:
            out.append(s)
    return tuple(out)


def plain(nouns) -> tuple:
    return tuple(tuple(words) for words in nouns)


class Words(tuple):
    """A tuple of words that also knows where it stood (only while building the tree)."""

    def __new__(cls, words, pos):
        self = super().__new__(cls, words)
        self.pos = pos
        return self


class Nouns(Words):
    pass


class CondClause:
    __slots__ = ("cond",)

    def __init__(self, cond):
        self.cond = cond


class OtherwiseClause:
    __slots__ = ("body",)

    def __init__(self, body):
        self.body = body


class OwnerWord:
    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name


class PerClause:
    __slots__ = ("selector",)

    def __init__(self, selector):
        self.selector = selector


class PlacedClause(PerClause):
    __slots__ = ()


class StepsClause:
    __slots__ = ("amount",)

    def __init__(self, amount):
        self.amount = amount


class ToColorClause:
    __slots__ = ("color",)

    def __init__(self, color):
        self.color = color


class OneStripClause:
    __slots__ = ()


class EachStripClause:
    __slots__ = ("range",)

    def __init__(self, rng):
        self.range = rng
