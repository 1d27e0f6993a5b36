"""A turn's answers as numbers, read without trying them: what an action space does, by kinds.

A cheap ranking of a turn's answers (`ranker.AnswerRanker`) needs to tell the answers apart before
any fork. An answer to the question "where do your Vikings go?" is an action space; what the
space does is its effect tree, so its row is read from that tree through kinds only: how many
Vikings it takes (its column), the statements it runs counted by their kind in the language
(upgrades, mountain takes, draws, plays, explorations, emigrations, raids, dice ...), and the
items it gains and pays counted by the kind of item (squares of goods for the boards, banquet
squares of food, animals, resources, weapons, ships, buildings, boards, special tiles). No
space, card or good is named: a variant's new space is read by what it does.

Answers that are not a space (passing, the anytime menu) are flags of their own. The rows of a
content's spaces are computed once and kept on the reader.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from rulesdsl.geometry.shapes import squares
from rulesdsl.content.catalog import ANIMAL, BOARD, BUILDING, GOOD, RESOURCE, SHIP, SPECIAL, WEAPON
from rulesdsl.lang import tree as t

ANYTIME = "anytime:"  # keys of the anytime menu (as lookahead.ANYTIME)
PASS = "pass"  # the key that ends the player's round

# statements counted by their kind (a language construct, not a piece of content)
STATEMENTS: tuple[type, ...] = (t.Upgrade, t.TakeMountain, t.Draw, t.Play, t.Explore, t.Emigrate, t.Loot, t.Dice,
                                t.Harvest, t.MakePregnant, t.Flip, t.Imitate, t.DoSpace, t.DoNamed, t.ChooseOne,
                                t.Exchange, t.PlaceBundle, t.PlaceAll, t.LoadOre, t.RepeatTimes, t.ForEach)
# kinds of item, each counted gained and paid (food and tiles for the boards are goods told apart by the squares they fill)
ITEM_KINDS = ("tile_cells", "food_cells", "animal", "resource", "weapon", "ship", "building", "board", "special_cells")
FLAGS = ("is_space", "is_pass", "is_menu", "vikings")
ANSWER_FEATURES = (FLAGS + tuple(f"n_{cls.__name__}" for cls in STATEMENTS)
                   + tuple(f"gain_{kind}" for kind in ITEM_KINDS) + tuple(f"pay_{kind}" for kind in ITEM_KINDS)
                   + ("upgrade_amount", "take_amount", "draw_amount", "play_amount"))
_INDEX = {name: i for i, name in enumerate(ANSWER_FEATURES)}


def _amount(amount: Any) -> float:
    """A written amount or range as a number: its value, the top of a range; 1 for an
    expression (read in a player's context only) and for "any number"."""
    if isinstance(amount, t.IntAmount):
        return float(amount.value)
    if isinstance(amount, (t.Exactly, t.UpTo)):
        return _amount(amount.amount)
    if isinstance(amount, t.Between):
        return _amount(amount.high)
    return 1.0


class AnswerReader:
    """Rows of ANSWER_FEATURES for a turn's answers; a space's row is read once per content."""

    def __init__(self, content: Any, catalog: Any):
        self.content = content
        self.catalog = catalog
        self.food = catalog.classes.get("food", frozenset())
        self._cells = {piece.id: float(squares(piece.shape))
                       for piece in (*content.goods.values(), *content.special_tiles.values())}
        self._rows: dict[str, np.ndarray] = {}

    def row(self, key: str) -> np.ndarray:
        """The row of one answer key of a turn's question."""
        found = self._rows.get(key)
        if found is None:
            found = self._rows[key] = self._read(key)
        return found

    def rows(self, keys: list[str]) -> np.ndarray:
        """The rows of many answer keys, one per key."""
        return np.stack([self.row(key) for key in keys]) if keys else np.zeros((0, len(ANSWER_FEATURES)))

    def _read(self, key: str) -> np.ndarray:
        row = np.zeros(len(ANSWER_FEATURES))
        if key == PASS:
            row[_INDEX["is_pass"]] = 1.0
            return row
        if key.startswith(ANYTIME):
            row[_INDEX["is_menu"]] = 1.0
            return row
        space = self.content.spaces.get(key)
        program = self.content.programs.get(("spaces", key))
        if space is None or program is None:
            return row  # an answer of another kind: all zero, told apart by nothing
        row[_INDEX["is_space"]] = 1.0
        row[_INDEX["vikings"]] = float(space.column)
        self._walk(program, row, paid=False)
        return row

    def _walk(self, node: Any, row: np.ndarray, paid: bool) -> None:
        """Count a tree's statements and the items it gains (or, under a cost, pays)."""
        if isinstance(node, tuple):
            for child in node:
                self._walk(child, row, paid)
            return
        if not isinstance(node, t.Node):
            return
        for cls in STATEMENTS:
            if isinstance(node, cls):
                row[_INDEX[f"n_{cls.__name__}"]] += 1.0
                break
        if isinstance(node, t.Upgrade):
            row[_INDEX["upgrade_amount"]] += _amount(node.range)
        elif isinstance(node, t.TakeMountain):
            row[_INDEX["take_amount"]] += sum(_amount(r) for r in node.takes) * (_amount(node.strips) if node.strips else 1.0)
        elif isinstance(node, t.Draw):
            row[_INDEX["draw_amount"]] += _amount(node.amount)
        elif isinstance(node, t.Play):
            row[_INDEX["play_amount"]] += _amount(node.range)
        if isinstance(node, t.Pay):
            self._walk(node.bundle, row, paid=True)
            return
        if isinstance(node, t.Exchange):
            self._walk(node.cost, row, paid=True)
            self._walk(node.results, row, paid)
            return
        if isinstance(node, t.Item):
            self._item(node, row, paid)
            return
        for field in type(node).__attrs_attrs__:
            if field.name != "pos":
                self._walk(getattr(node, field.name), row, paid)

    def _item(self, item: Any, row: np.ndarray, paid: bool) -> None:
        """Add one written item to the row by its kind (the mean over the ids a noun stands for)."""
        members = self.catalog.members(item.words)
        if not members:
            return
        amount = _amount(item.amount)
        side = "pay_" if paid else "gain_"
        counts: dict[str, float] = {}
        for member in members:
            kind = self.catalog.kind.get(member)
            if kind == GOOD:
                name = "food_cells" if member in self.food else "tile_cells"
                counts[name] = counts.get(name, 0.0) + self._cells.get(member, 1.0)
            elif kind == SPECIAL:
                counts["special_cells"] = counts.get("special_cells", 0.0) + self._cells.get(member, 1.0)
            else:
                name = {ANIMAL: "animal", RESOURCE: "resource", WEAPON: "weapon", SHIP: "ship", BUILDING: "building",
                        BOARD: "board"}.get(kind or "")
                if name is not None:
                    counts[name] = counts.get(name, 0.0) + 1.0
        for name, total in counts.items():
            row[_INDEX[side + name]] += amount * total / len(members)
