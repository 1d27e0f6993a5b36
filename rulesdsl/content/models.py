"""Typed models of the game's components, one attrs class per concept.

Each content file holds keyed collections (``goods: [...]``, ``spaces: [...]``);
every item has an `id` (occupations are identified by their `number`). The
loader structures each item with cattrs into the class registered for its
collection in `COLLECTIONS`, so adding a kind of component means adding a
class here and one line to that table. Numbers carry their allowed range next to the
field (`ranged(lo, hi)`, kept in `field.metadata["range"]` for the checks and the schema)
and effect texts their greatest length (`bounded_text`).
"""

from __future__ import annotations

from typing import Literal

import attrs

Color = Literal["orange", "red", "green", "blue", "animal"]
COLOR_ORDER = ("orange", "red", "green", "blue")


def _frozen(cls):
    return attrs.frozen(cls, kw_only=True)


def ranged(lo: int, hi: int, default=attrs.NOTHING, factory=None):
    """A whole number (or list or mapping of them) that content must keep within lo..hi.

    The range is checked when a file is read (content/structure.py) and shown in the
    schema; it keeps a typo such as `deck: 300000000` from reaching a game."""
    if factory is not None:
        return attrs.field(factory=factory, metadata={"range": (lo, hi)})
    return attrs.field(default=default, metadata={"range": (lo, hi)})


def bounded_text(max_length: int, default=attrs.NOTHING):
    """Text of at most `max_length` characters (effect texts go through the parser)."""
    return attrs.field(default=default, metadata={"max_length": max_length})


EFFECT_LENGTH = 4000  # the longest built-in effect has ~270 characters
MAX_EFFECT_CHARS = 250_000  # all effect texts of a content, aliases expanded (work after expansion is bounded)
BUILTIN_EFFECT_CHARS = 18_500
MAX_EFFECT_NUMBER = 1_000_000  # any number written in an effect text (built-in: below 100)
MAX_GRID_ROWS = 100  # rows of a placement area (built-in: 12)
MAX_ROW_CELLS_TEXT = 1000  # characters of one row's cell codes (built-in: < 100)


@_frozen
class Item:
    """Base of every collection item.

    `replaces: true` says that the item is meant to replace an item of the same id from an
    earlier content root (a variant changing a built-in card); without it a repeated id is
    refused, so nothing is replaced by accident. Not part of an item's equality.
    """

    replaces: bool = attrs.field(default=False, eq=False)


@_frozen
class Good(Item):
    """A goods tile face: food, craft, luxury good or animal."""

    id: str
    name: str
    color: Color
    shape: tuple[str, ...]
    box_column: int = ranged(0, 50)  # column of the goods box (ordered by shape); diagonal upgrades move along it
    other_side: str | None = None  # the good on the reverse face of the same physical tile
    upgrades_to: str | None = None  # one upgrade step: same shape, next colour
    harvest: int | None = ranged(0, 20, None)  # orange goods: the sack number of the harvest codes
    sword: int | None = ranged(0, 100, None)  # blue goods: sword value for raiding and pillaging
    points: int = ranged(-100, 100, 0)
    tongs: bool = False  # forge-tongs icon: can be taken on a forge space
    species: str | None = None  # animals: sheep or cattle (the pregnant face included)
    pregnant: bool = False
    starting: int = ranged(0, 20, 0)  # tiles of this good each player starts with
    plural: str | None = None  # the English plural where it is not the name itself (chest: chests; wood stays wood)


@_frozen
class SpecialTile(Item):
    """One of the unique special tiles; every rule for blue goods applies to it."""

    id: str
    name: str
    shape: tuple[str, ...]
    sword: int = ranged(0, 100)
    price: int | None = ranged(0, 100, None)  # silver on the special-sale space; None = cannot be bought
    tongs: bool = False
    points: int = ranged(-100, 100, 0)
    mirror: bool = True  # both faces show the item, so the mirror image may be placed
    plural: str | None = None  # the English plural where it is not the name itself (chest: chests; wood stays wood)


@_frozen
class Resource(Item):
    """A building resource (wood, stone, ore) or silver; `shape` when it can cover a square."""

    id: str
    name: str
    shape: tuple[str, ...] | None = None


@_frozen
class Coin(Item):
    id: str
    value: int = ranged(1, 100)
    shape: tuple[str, ...]
    count: int = ranged(0, 500)


@_frozen
class MountainItem(Item):
    """A kind of item that lies on a mountain strip and what taking it gives."""

    id: str
    name: str
    gives: dict[str, int] = ranged(1, 20)


@_frozen
class MountainStrip(Item):
    id: str
    items: tuple[str, ...]  # left to right; the leftmost is taken first


@_frozen
class Ship(Item):
    id: str
    name: str
    size: Literal["small", "large"]
    price: int = ranged(0, 100)  # silver to buy it at any time
    points: int = ranged(-100, 100)
    emigrated_points: int | None = ranged(-100, 100, None)  # None: this ship cannot emigrate
    ore_printed: int = ranged(0, 20, 0)
    ore_slots: int = ranged(0, 20, 0)  # ore that may be loaded on top of the printed ore
    plural: str | None = None  # the English plural where it is not the name itself (chest: chests; wood stays wood)


@_frozen
class Weapon(Item):
    id: str
    name: str
    deck: int = ranged(0, 500)  # cards of this type in the box
    starting: int = ranged(0, 20, 0)  # cards each player starts with
    plural: str | None = None  # the English plural where it is not the name itself (chest: chests; wood stays wood)


@_frozen
class IncomeLine:
    """An income diagonal: its squares in covering order, as [row, column]."""

    squares: tuple[tuple[int, int], ...] = ranged(0, 100)
    final: int = ranged(0, 100)  # the income once every coverable square of the line is covered


@_frozen
class Area:
    """A placement grid: one cell code per square, top row first (see boards/README.md).

    `.` plain, `-` minus one point if uncovered, `I<n>` income n, `B:<good>[+<good>]` bonus,
    `F` forbidden, `F<n>` forbidden square showing income n, `P` pillar, `x` not part of the area.
    """

    rules: str  # the placement rules that apply (placement_rules id)
    rows: tuple[str, ...] = attrs.field(metadata={"max_items": MAX_GRID_ROWS, "max_length": MAX_ROW_CELLS_TEXT})
    income_lines: tuple[IncomeLine, ...] = ()
    minus_printed: int | None = ranged(0, 1000, None)  # the "N x -1" figure of the rulebook, checked against the cells


@_frozen
class PlacementRule(Item):
    """What a kind of area accepts and which colours must not touch edge to edge."""

    id: str
    accepts: tuple[str, ...]  # colours (orange, red, green, blue, animal) and special, silver, ore, wood, stone
    apart: tuple[str, ...] = ()  # two tiles of one of these colours may not share an edge


@_frozen
class SoloSetup:
    """The solo game's Vikings ([SO2]): two colours, some seats holding two Vikings."""

    seats: tuple[int, ...] = ranged(0, 10)  # Vikings leaving the banquet table in phase 1 of each round
    thing: int = ranged(0, 50)  # Vikings on the Thing square at the start
    waiting: int = ranged(0, 50)  # Vikings of the second colour that come in after round 1


@_frozen
class HomeBoard(Item):
    """One side of the home board: the placement area, the banquet table and the bay."""

    id: str  # the game length it is used for (long, short)
    name: str
    area: Area
    feast_seats: int = ranged(1, 100)  # seats of the banquet table
    table_vikings: int = ranged(0, 50)  # Vikings on the numbered seats at the start (the rightmost seats)
    thing_vikings: int = ranged(0, 50)  # Vikings on the Thing square at the start
    ship_seats: int = ranged(0, 100)  # seats an emigrated ship covers, from the left
    berths: dict[str, int] = ranged(0, 20)  # ship berths in the bay by size (small, large)
    pens: tuple[str, ...]  # the species kept in the pens (no limit on how many)
    solo: SoloSetup | None = None


@_frozen
class Building(Item):
    id: str
    name: str
    supply: int = ranged(0, 100)  # tiles in the game; buildings run out
    house: bool = False  # sheds are buildings but not houses
    points: int = ranged(-100, 100, 0)
    area: Area | None = None
    slots: dict[str, int] = ranged(0, 20, factory=dict)  # printed resource slots, each -1 while empty (wood, stone)
    minus_printed: int | None = ranged(0, 1000, None)  # the rulebook's "N x -1" figure for the whole tile
    plural: str | None = None  # the English plural where it is not the name itself (chest: chests; wood stays wood)


@_frozen
class ExplorationBoard(Item):
    """One side of a double-sided exploration board."""

    id: str
    name: str
    slot: str  # A..D: the physical board
    side: Literal["front", "back"]
    other_side: str
    points: int = ranged(-100, 100, 0)
    area: Area | None = None
    explore_vikings: int = ranged(1, 20, 1)  # Vikings of the exploration space that can take this side
    explore_ships: tuple[str, ...] = ()  # ships that meet its requirement


@_frozen
class Die(Item):
    id: str
    faces: int = ranged(2, 100)


@_frozen
class Phase(Item):
    """A phase of the round and its work, written in the card language.

    `scope: player` runs the effect for each player in turn order (your share of the phase,
    then `during phase X`); `scope: table` runs it once for the whole table (the start
    player's context), for work that is nobody's share (turning boards, the action turns)."""

    id: str
    number: int = ranged(1, 100)
    name: str
    scope: Literal["player", "table"] = "player"
    effect: str = bounded_text(EFFECT_LENGTH, "")


@_frozen
class RoundPlan:
    """What one round of a game length does differently."""

    round: int = ranged(1, 100)
    harvest: int = ranged(0, 20, 0)  # harvest code: orange goods with harvest number <= this; 0 = none
    turn: str | None = None  # exploration slot whose front turns over in phase 3
    silver: int = ranged(0, 100, 0)  # silver put on every other unclaimed exploration board in phase 3
    skip: tuple[str, ...] = ()  # phases that do not happen in this round


@_frozen
class GameLength(Item):
    id: str  # long | short; the home board side of the same id is used
    name: str
    rounds: tuple[RoundPlan, ...]


@_frozen
class Group(Item):
    id: str
    name: str
    order: int = ranged(0, 10000)


@_frozen
class Column(Item):
    id: int = ranged(1, 50)
    vikings: int = ranged(1, 20)


@_frozen
class ExtensionTile(Item):
    """A 4-player extension tile: one of its sides, chosen at random, is in play."""

    id: str
    name: str
    sides: tuple[str, ...]  # the space on each side


@_frozen
class Space(Item):
    """An action space; `effect` is card-language text run when Vikings are placed on it."""

    id: str
    name: str
    group: str
    column: int = ranged(1, 50)
    row: int = ranged(0, 500)  # global row of the space's top edge in its column, counted from the top of the board
    rows: int = ranged(1, 50, 1)  # rows the space is tall
    effect: str = bounded_text(EFFECT_LENGTH)
    players: tuple[int, ...] = ranged(1, 4, (1, 2, 3, 4))  # player counts in which the space exists


@_frozen
class Rule(Item):
    """A base rule written in the card language (column bonuses, for example)."""

    id: str
    name: str
    effect: str = bounded_text(EFFECT_LENGTH)


@_frozen
class Occupation(Item):
    number: int = ranged(1, 100000)
    deck: str  # A | B | C
    starting: bool
    name: str
    points: int = ranged(-100, 100)
    category: Literal["immediate", "anytime", "each_time", "limited"]
    text: str = bounded_text(EFFECT_LENGTH)
    # what the printed card says, in plain words (facts from the component reference), for reviewers
    printed: str | None = bounded_text(EFFECT_LENGTH, None)
    effect: str = bounded_text(EFFECT_LENGTH)

    @property
    def id(self) -> int:
        return self.number


# collection name -> model class; the order is the order collections are validated in.
COLLECTIONS: dict[str, type] = {
    "goods": Good,
    "special_tiles": SpecialTile,
    "resources": Resource,
    "coins": Coin,
    "mountain_items": MountainItem,
    "mountain_strips": MountainStrip,
    "ships": Ship,
    "weapons": Weapon,
    "placement_rules": PlacementRule,
    "home_boards": HomeBoard,
    "buildings": Building,
    "exploration_boards": ExplorationBoard,
    "dice": Die,
    "phases": Phase,
    "game_lengths": GameLength,
    "groups": Group,
    "columns": Column,
    "spaces": Space,
    "extension_tiles": ExtensionTile,
    "rules": Rule,
    "occupations": Occupation,
}

# Collections whose items carry card-language text in `effect`.
EFFECT_COLLECTIONS = ("spaces", "rules", "occupations", "phases")


def item_id(item) -> object:
    return item.id
