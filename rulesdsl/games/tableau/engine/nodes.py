"""Tree nodes of the card language's tableau section, and their builders from the parse.

The grammar section is rulesdsl/games/tableau/card.lark (registered by the games' registry
before any text is read); `TableauBuilders` is mixed into the parser's transformer
so these nodes come out of the same `parse()` as every other statement. Names stay as
written; each node's `NAMES` lists (field, kind of name) for the language's one checker
(`rulesdsl.lang.checker`), which resolves them against the names the ruleset registers.
"""

from __future__ import annotations

from lark import Token, Transformer, v_args

from rulesdsl.lang.tree import Node, Pos, node


def _pos(meta) -> Pos | None:
    return None if getattr(meta, "empty", True) else Pos(meta.line, meta.column)


def _ints(children) -> tuple[int, ...]:
    return tuple(int(c) for c in children if isinstance(c, Token) and c.type == "INT")


@node
class LayOut(Node):
    """`lay out STACKS onto RING: A ascending, B descending` - the next stack fills the ring:
    tiles of category A from the first slot upward, of category B from the last slot down."""

    stacks: str
    ring: str
    ascending: str
    descending: str
    NAMES = (("stacks", "supply"), ("ring", "ring"), ("ascending", "category"), ("descending", "category"))


@node
class Reveal(Node):
    """`reveal N FIGURES from BAG`: draw N figures and show them, beside no lot yet."""

    count: int
    what: str
    bag: str
    NAMES = (("bag", "bag"),)


@node
class FillRing(Node):
    """`fill RING with N|revealed FIGURES from BAG in order | by choice discarding K`: draw N
    figures (or take the revealed ones; count None) and put one beside each lot, sorted in the figure kinds' order from the first slot, or (by
    choice) the start player discards K and the players in turn choose a kind that fills the
    highest empty slots."""

    ring: str
    count: int | None
    what: str
    bag: str
    chosen: bool = False
    discard: int = 0
    NAMES = (("ring", "ring"), ("bag", "bag"))


@node
class SellLots(Node):
    """`sell lots of RING in turns, free only if COND`: from the start player, each player buys
    one lot and places it until the ring is empty; the free lot only where COND holds."""

    ring: str
    free_if: object
    NAMES = (("ring", "ring"),)


@node
class Ferry(Node):
    """`ferry with KIND carrying N | one kind or different kinds[, forced in rounds R..]`:
    each figure of KIND used carries waiting figures onto empty tiles of their rows."""

    carrier: str
    limit: int | None  # None: one kind or all different kinds
    forced_rounds: tuple[int, ...] = ()
    NAMES = (("carrier", "figure"),)


@node
class CollectReward(Node):
    """`collect reward`: inside `score each blocking`, the reward of the blocked source."""


@node
class ForfeitReward(Node):
    """`forfeit reward, lacking A as B`: inside `score each unblocked`, pay the source's reward;
    a reward in A that cannot be paid costs 1 B per missing A."""

    lacking: str
    fallback: str
    NAMES = (("lacking", "currency"), ("fallback", "currency"))


@node
class Convert(Node):
    """`convert N A to M B`: every N of A becomes M of B; the remainder is kept."""

    give: int
    source: str
    get: int
    target: str
    NAMES = (("source", "currency"), ("target", "currency"))


@node
class AwardMost(Node):
    """`award N CURRENCY to most EXPR`: every player with the highest value gets N (none at 0)."""

    amount: int
    currency: str
    expr: object
    NAMES = (("currency", "currency"),)


@node
class Lose(Node):
    """`lose AMOUNT CURRENCY`: may go below zero (a penalty, unlike paying)."""

    amount: object
    currency: str
    NAMES = (("currency", "currency"),)


@node
class PassStart(Node):
    """`pass start left`: the start player's marker goes to the next player clockwise."""


@node
class Auction(Node):
    """`auction PRIZE`: one round of ascending bids from the start player; pass = out."""

    prize: str


@node
class InRounds(Node):
    """`in rounds 2, 4, 6:` - the body runs only in those rounds."""

    rounds: tuple[int, ...]
    body: tuple


@node
class InTurnOrder(Node):
    """`in turn order:` - the body runs once for each player, from the start player."""

    body: tuple


@node
class ScoreEach(Node):
    """`score each safe|blocking|unblocked KIND:` - the body runs once per matching piece of
    the current player (figures: safe from every threat, or blocking one; sources: unblocked)."""

    filter: str
    kind: str
    body: tuple

    @property
    def NAMES(self):  # noqa: N802 - the checker reads every node's NAMES alike
        return (("kind", "category" if self.filter == "unblocked" else "figure"),)


TABLEAU_NODES = (LayOut, Reveal, FillRing, SellLots, Ferry, CollectReward, ForfeitReward, Convert, AwardMost,
                 Lose, PassStart, Auction, InRounds, InTurnOrder, ScoreEach)


class _Order:
    def __init__(self, chosen: bool, discard: int = 0):
        self.chosen, self.discard = chosen, discard


class _Load:
    def __init__(self, limit):
        self.limit = limit


@v_args(meta=True)
class TableauBuilders(Transformer):
    """Builders of the tableau nodes (mixed into the parser's transformer; meta comes first)."""

    def lay_out(self, meta, children):
        stacks, ring, up, down = (str(c) for c in children)
        return LayOut(stacks, ring, up, down, pos=_pos(meta))

    def reveal(self, meta, children):
        count, what, bag = children
        return Reveal(int(count), str(what), str(bag), pos=_pos(meta))

    def fill_ring(self, meta, children):
        ring, count, what, bag, order = children
        return FillRing(str(ring), count, str(what), str(bag), order.chosen, order.discard, pos=_pos(meta))

    def count_drawn(self, meta, children):
        return int(children[0])

    def count_revealed(self, meta, children):
        return None

    def fill_sorted(self, meta, children):
        return _Order(False)

    def fill_chosen(self, meta, children):
        return _Order(True, int(children[0]))

    def sell_lots(self, meta, children):
        return SellLots(str(children[0]), children[-1], pos=_pos(meta))

    def ferry(self, meta, children):
        load = next(c for c in children if isinstance(c, _Load))
        return Ferry(str(children[0]), load.limit, _ints(children), pos=_pos(meta))

    def load_count(self, meta, children):
        return _Load(int(children[0]))

    def load_kinds(self, meta, children):
        return _Load(None)

    def collect_reward(self, meta, children):
        return CollectReward(pos=_pos(meta))

    def forfeit_reward(self, meta, children):
        return ForfeitReward(str(children[0]), str(children[1]), pos=_pos(meta))

    def convert(self, meta, children):
        give, source, get, target = children
        return Convert(int(give), str(source), int(get), str(target), pos=_pos(meta))

    def award_most(self, meta, children):
        amount, currency = children[0], children[1]
        return AwardMost(int(amount), str(currency), children[-1], pos=_pos(meta))

    def lose(self, meta, children):
        return Lose(children[0], str(children[1]), pos=_pos(meta))

    def pass_start(self, meta, children):
        return PassStart(pos=_pos(meta))

    def auction(self, meta, children):
        return Auction(str(children[0]), pos=_pos(meta))

    def in_rounds(self, meta, children):
        return InRounds(_ints(children), children[-1], pos=_pos(meta))

    def in_turn_order(self, meta, children):
        return InTurnOrder(children[-1], pos=_pos(meta))

    def score_each(self, meta, children):
        kind_filter, kind, body = children
        return ScoreEach(kind_filter, str(kind), body, pos=_pos(meta))

    def safe_filter(self, meta, children):
        return "safe"

    def blocking_filter(self, meta, children):
        return "blocking"

    def unblocked_filter(self, meta, children):
        return "unblocked"
