"""Places, selectors, amounts, ranges, items and bundles: the nodes and how they are built from the parse."""

from typing import Union  # noqa: F401 (the node unions)

from lark import Transformer, v_args

from rulesdsl.lang.nodes_base import Node, node, Nouns, OwnerWord, plain, pos_of, tokens_of, Words
from rulesdsl.lang.nodes_expressions import Expr, Ref


@node
class GroupPlace(Node):
    names: tuple[str, ...]


@node
class ColumnPlace(Node):
    columns: tuple[int, ...]


@node
class SpacePlace(Node):
    names: tuple[str, ...]


@node
class RefPlace(Node):
    ref: Ref


@node
class NounPlace(Node):
    owner: str | None
    words: tuple[str, ...]


Place = Union[GroupPlace, ColumnPlace, SpacePlace, RefPlace, NounPlace]


@node
class OnMod(Node):
    place: Place


@node
class InMod(Node):
    zones: tuple[str, ...]


@node
class FromMod(Node):
    zone: str


@node
class WithMod(Node):
    range: "Range"
    name: str


@node
class WithMostMod(Node):
    name: str


@node
class SameKindMod(Node):
    pass


@node
class DifferentKindsMod(Node):
    pass


SelMod = Union[OnMod, InMod, FromMod, WithMod, WithMostMod, SameKindMod, DifferentKindsMod]


OWNERS = ("my", "any", "another", "each")


@node
class Selector(Node):
    """`[owner] noun [or noun ...] [modifiers]`, e.g. `my longships with 2 to 3 ore`.

    `nouns` is a tuple of word tuples: ``red goods or animals`` is
    ``(("red", "goods"), ("animals",))``.
    """

    owner: str | None
    nouns: tuple[tuple[str, ...], ...]
    mods: tuple = ()


@node
class RefSelector(Node):
    ref: Ref
    mods: tuple = ()


AnySelector = Union[Selector, RefSelector]


@node
class IntAmount(Node):
    value: int


@node
class SlashAmount(Node):
    """`2/4/6`: one value per position of a slash choice or slash table."""

    values: tuple[int, ...]


@node
class ExprAmount(Node):
    expr: Expr


Amount = Union[IntAmount, SlashAmount, ExprAmount]


@node
class Exactly(Node):
    amount: Amount


@node
class UpTo(Node):
    amount: Amount


@node
class Between(Node):
    low: Amount
    high: Amount


@node
class AnyNumber(Node):
    pass


Range = Union[Exactly, UpTo, Between, AnyNumber]


@node
class Item(Node):
    """`2 wood`, `1 special_tile with tongs`, `1 silk/jewelry/silver_hoard`.

    `words` is a tuple of words; `slash` is True when the words are slash
    alternatives (one per position) rather than one multi-word name.
    """

    amount: Amount
    words: tuple[str, ...]
    slash: bool = False
    attribute: str | None = None


@node
class VarItem(Node):
    """`1 G`: an item of the kind bound to G by `choose` or `for each`."""

    amount: Amount
    var: str


@node
class Bundle(Node):
    """Parts joined by `and`; each part is one item or `or`-alternatives."""

    parts: tuple[tuple[Item, ...], ...]


@v_args(meta=True)
class SelectorBuilder(Transformer):
    """Builds the nodes above from Lark's parse tree (one method per grammar rule)."""

    def bundle(self, meta, children):
        return Bundle(tuple(children), pos=pos_of(meta))

    def bundle_part(self, meta, children):
        return tuple(children)

    def bundle_item(self, meta, children):
        amount, (words, slash, where), *attr = children
        return Item(amount, words, slash, str(attr[0]) if attr else None, pos=where or pos_of(meta))

    def var_item(self, meta, children):
        return VarItem(children[0], str(children[1]), pos=pos_of(meta))

    def plain_words(self, meta, children):
        return (tuple(str(c) for c in children), False, pos_of(meta))

    def slash_words(self, meta, children):
        return (tuple(str(c) for c in children), True, pos_of(meta))

    def int_amount(self, meta, children):
        return IntAmount(int(children[0]), pos=pos_of(meta))

    def slash_amount(self, meta, children):
        return SlashAmount(tuple(int(c) for c in children), pos=pos_of(meta))

    def expr_amount(self, meta, children):
        return ExprAmount(children[0], pos=pos_of(meta))

    def exact_range(self, meta, children):
        return Exactly(children[0], pos=pos_of(meta))

    def up_to_range(self, meta, children):
        return UpTo(children[0], pos=pos_of(meta))

    def between_range(self, meta, children):
        return Between(children[0], children[1], pos=pos_of(meta))

    def any_number(self, meta, children):
        return AnyNumber(pos=pos_of(meta))

    def selector(self, meta, children):
        owner = None
        if isinstance(children[0], OwnerWord):
            owner = children[0].name
            children = children[1:]
        nouns = children[0]
        return Selector(owner, plain(nouns), tuple(children[1:]), pos=nouns.pos or pos_of(meta))

    def ref_selector(self, meta, children):
        return RefSelector(children[0], tuple(children[1:]), pos=pos_of(meta))

    def my(self, meta, children):
        return OwnerWord("my")

    def any_player(self, meta, children):
        return OwnerWord("any")

    def another_player(self, meta, children):
        return OwnerWord("another")

    def each_player(self, meta, children):
        return OwnerWord("each")

    def noun_alts(self, meta, children):
        return Nouns(children, pos_of(meta))

    def noun(self, meta, children):
        return Words((str(c) for c in children), pos_of(meta))

    def on_mod(self, meta, children):
        return OnMod(children[0], pos=pos_of(meta))

    def in_mod(self, meta, children):
        return InMod(tuple(str(c) for c in children), pos=pos_of(meta))

    def from_mod(self, meta, children):
        return FromMod(str(children[0]), pos=pos_of(meta))

    def with_mod(self, meta, children):
        return WithMod(children[0], str(children[1]), pos=pos_of(meta))

    def with_most_mod(self, meta, children):
        return WithMostMod(str(tokens_of(children, "NAME")[0]), pos=pos_of(meta))

    def same_kind_mod(self, meta, children):
        return SameKindMod(pos=pos_of(meta))

    def different_kinds_mod(self, meta, children):
        return DifferentKindsMod(pos=pos_of(meta))

    def group_place(self, meta, children):
        return GroupPlace(tuple(str(c) for c in children), pos=pos_of(meta))

    def column_place(self, meta, children):
        return ColumnPlace(tuple(int(c) for c in children), pos=pos_of(meta))

    def space_place(self, meta, children):
        return SpacePlace(tuple(str(c) for c in children), pos=pos_of(meta))

    def ref_place(self, meta, children):
        return RefPlace(children[0], pos=pos_of(meta))

    def noun_place(self, meta, children):
        owner = children[0].name if isinstance(children[0], OwnerWord) else None
        return NounPlace(owner, tuple(children[-1]), pos=children[-1].pos or pos_of(meta))
