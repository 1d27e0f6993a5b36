"""Typed effect-tree nodes of the card language.

Every node is a frozen attrs class, so trees compare by value and can be
hashed, cached and pickled. The source position (`pos`) is carried for error
messages but takes no part in equality: a tree parsed from text equals the
same tree re-parsed from its canonical printout.

Names stay as written (``longships``, ``red goods``); the checker resolves
them against the loaded content, so parsing needs no content at all.
"""

from __future__ import annotations

from typing import Union

import attrs


@attrs.frozen
class Pos:
    line: int
    column: int


def node(cls):
    return attrs.frozen(cls)


@node
class Node:
    pos: Pos | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)


# ------------------------------------------------------------------ references
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

# ------------------------------------------------------------------ expressions
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

# ------------------------------------------------------------------ places and selectors
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

# ------------------------------------------------------------------ amounts, ranges, bundles
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


# ------------------------------------------------------------------ simple statements
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
class Draw(Node):
    amount: Amount
    what: str


@node
class Play(Node):
    range: Range
    what: str


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
class TakeMountain(Node):
    """`take up to 3 from a mountain strip plus up to 2 from another strip`,
    or, with `strips` set, `take up to 2 from each of up to 4 mountain strips`."""

    takes: tuple[Range, ...]
    strips: Range | None = None
    only: tuple[tuple[str, ...], ...] | None = None  # take only while the leftmost item is one of these


@node
class ReturnVikings(Node):
    amount: Amount
    place: Place


@node
class Require(Node):
    range: Range
    selector: AnySelector


@node
class Emigrate(Node):
    cost: Amount


@node
class Explore(Node):
    boards: tuple[str, ...]


@node
class DoNamed(Node):
    name: str


@node
class DoSpace(Node):
    ref: Ref


@node
class Imitate(Node):
    place: Place


@node
class RunPhase(Node):
    phase: str
    on: AnySelector | None = None


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


@node
class Lift(Node):
    selector: AnySelector
    off: AnySelector
    refill: Bundle


@node
class Nothing(Node):
    pass


@node
class Use(Node):
    """`use breed_pairs with offspring 1`: a generic mechanism named in data, with its parameters
    as (name, amount) pairs in the order written."""

    name: str
    args: tuple = ()


# Filters narrow hooks and modifiers: on <place>, for <names>, of <nouns>, how <names>, as <name>.
@node
class OnFilter(Node):
    place: Place


@node
class ForFilter(Node):
    names: tuple[str, ...]


@node
class OfFilter(Node):
    nouns: tuple[tuple[str, ...], ...]


@node
class HowFilter(Node):
    names: tuple[str, ...]


@node
class AsFilter(Node):
    name: str


@node
class WithFilter(Node):
    """`with 2 vikings`: the event is about exactly that many (Vikings placed, items received)."""
    amount: int
    noun: str


Filter = Union[OnFilter, ForFilter, OfFilter, HowFilter, AsFilter, WithFilter]


@node
class Modify(Node):
    value: str
    filters: tuple
    cond: Cond | None
    by: Expr


@node
class SetValue(Node):
    value: str
    filters: tuple
    cond: Cond | None
    to: Expr


@node
class Allow(Node):
    rule: str
    filters: tuple
    cond: Cond | None


@node
class Mood(Node):
    """`must` or `may` in front of a simple statement."""

    mood: str
    stmt: "Statement"


# ------------------------------------------------------------------ compound statements
@node
class If(Node):
    cond: Cond
    then: tuple
    otherwise: tuple | None = None


@node
class ChooseOne(Node):
    alternatives: tuple  # tuple of statement tuples
    must: bool = False


@node
class ChooseVar(Node):
    noun: tuple[str, ...]
    var: str
    where: Cond | None
    body: tuple
    must: bool = False  # `must choose ...`: the choice cannot be declined when a value exists


@node
class ForEach(Node):
    noun: tuple[str, ...]
    var: str
    where: Cond | None
    body: tuple


@node
class Bracket(Node):
    cond: Cond
    body: tuple


@node
class FirstOf(Node):
    brackets: tuple[Bracket, ...]
    otherwise: tuple | None = None


@node
class BySlash(Node):
    """`by <expr> = 1/2/3+: <statements with slash amounts>`: the position whose
    key equals the value applies; `open_top` lets the last key also cover every
    larger value."""

    expr: Expr
    keys: tuple[int, ...]
    open_top: bool
    body: tuple


@node
class Row(Node):
    key: int
    open_top: bool
    body: tuple


@node
class ByTable(Node):
    expr: Expr
    rows: tuple[Row, ...]
    otherwise: tuple | None = None


@node
class RepeatTimes(Node):
    times: Expr
    body: tuple


@node
class RepeatUntil(Node):
    cond: Cond
    body: tuple


@node
class AsPhase(Node):
    phase: str
    body: tuple


@node
class Part(Node):
    """A named part of a space's action that a card can replace."""

    name: str
    body: tuple


@node
class Sail(Node):
    range: Range
    selector: AnySelector
    ore: str | None = None  # adding | subtracting | ignoring


@node
class Dice(Node):
    kind: str
    die: str
    direction: str  # low | high
    rolls: int | None = None
    sail: Sail | None = None
    pay_per_pip: AnySelector | None = None
    add_per_item: AnySelector | None = None
    fail_at_most: int | None = None
    stop_at_zero: bool = False
    success: tuple | None = None
    failure: tuple | None = None


Statement = Union[
    Acquire, Pay, Exchange, Draw, Play, Upgrade, Flip, TakeMountain, ReturnVikings, Require,
    Emigrate, Explore, DoNamed, DoSpace, Imitate, RunPhase, LoadOre, RemoveOre, UnloadOre,
    PlaceBundle, PlaceAll, Loot, MakePregnant, Harvest, Lift, Nothing, Use, Modify, SetValue, Allow,
    Mood, If, ChooseOne, ChooseVar, ForEach, FirstOf, BySlash, ByTable, RepeatTimes, RepeatUntil,
    AsPhase, Part, Dice,
]

# ------------------------------------------------------------------ timing points
@node
class Event(Node):
    """What a hook listens to: `phase <name>`, `action`, `part <name>` or a named event."""

    kind: str  # phase | action | part | named
    name: str | None = None


TIMINGS = ("before", "after", "when", "during", "instead")


@node
class Hook(Node):
    timing: str
    event: Event
    filters: tuple
    cond: Cond | None
    body: tuple


@node
class Anytime(Node):
    mode: str  # once (per game) | repeatable (any number of times)
    cond: Cond | None
    body: tuple


@node
class Watch(Node):
    """`once as soon as <cond>:` - a limited level watch."""

    cond: Cond
    body: tuple


@node
class OnceHook(Node):
    """`once <hook>` - a limited trigger that removes itself after firing."""

    hook: Hook


@node
class Program(Node):
    items: tuple


def walk(tree, instead=None):
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
