"""Edge-matched placement of fixed-orientation tiles on a rectangular grid.

A tile has a category and four edge labels (top, right, bottom, left; None = matches anything). A
board gives its size and first cell (`first_row`, `first_col`: 0 or 1 as the content counts), the
rows each category may use (a category not listed may use every row), the label of the board edge
on each side (None = no constraint; one label for the whole side or one per row/column), which
sides anchor a tile, and which neighbours are matched: never a tile of an `unmatched` category
(nor is such a tile matched itself), and with `same_category_only` only tiles of the new tile's own
category. A tile may go on an empty cell when (a) its row is allowed for its category, (b) the cell
touches an anchoring board side or a placed tile (of `anchor_categories`, default any), and (c)
every edge touching a matched tile or a labelled board edge carries the same label.

Placed tiles are a mapping {(row, col): EdgeTile}, or {(row, col): kind id} together with `kinds`
{kind id: EdgeTile}; build each EdgeTile once per tile kind.

    >>> board = EdgeBoard.make(rows=3, cols=8, rows_for={"x": range(1, 3)}, left="s", anchors=("left",))
    >>> a = EdgeTile("x", ("s", "l", "s", "s"))      # top, right, bottom, left
    >>> legal_cells(board, {}, a)
    ((1, 0), (2, 0))
    >>> b = EdgeTile.from_sides("x", {"w": "l", "e": "s", "n": "s", "s": "s"})
    >>> legal_cells(board, {(1, 0): a}, b)
    ((1, 1),)
    >>> matches(board, {(1, 0): a}, b, (1, 1)), matches(board, {(1, 0): a}, a, (1, 1))
    (True, False)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, cast

import attrs

TOP, RIGHT, BOTTOM, LEFT = 0, 1, 2, 3
SIDES = ("top", "right", "bottom", "left")
_SHORT = {"n": TOP, "e": RIGHT, "s": BOTTOM, "w": LEFT, **{name: i for i, name in enumerate(SIDES)}}

Label = str | None
Cell = tuple[int, int]


def _side_index(name: str) -> int:
    if name not in _SHORT:
        raise ValueError(f"unknown side '{name}'; expected one of {', '.join(SIDES)} (or n, e, s, w)")
    return _SHORT[name]


def _labels(value: Iterable[Label]) -> tuple[Label, ...]:
    return tuple(value)


@attrs.frozen(slots=True)
class EdgeTile:
    """A tile kind: its category and its edge labels in the order top, right, bottom, left."""

    category: str
    edges: tuple[Label, ...] = attrs.field(converter=_labels)  # top, right, bottom, left

    @classmethod
    def from_sides(cls, category: str, sides: Mapping[str, Label]) -> "EdgeTile":
        """A tile from {side: label} with sides top/right/bottom/left or n/e/s/w; a missing side is None."""
        edges: list[Label] = [None] * 4
        for name, label in sides.items():
            edges[_side_index(name)] = label
        return cls(category, tuple(edges))


def _side(value: Label | Sequence[Label], length: int, side: str) -> tuple[Label, ...]:
    if value is None or isinstance(value, str):
        return (value,) * length
    value = tuple(value)
    if len(value) != length:
        raise ValueError(f"the {side} board edge needs {length} labels, got {len(value)}")
    return value


@attrs.frozen(slots=True)
class EdgeBoard:
    """The rules of one grid: size, rows per category, board-edge labels, anchors, what is matched."""

    rows: int
    cols: int
    rows_for: tuple[tuple[str, frozenset[int]], ...]  # (category, its rows): a tuple keeps the board hashable
    border: tuple[tuple[Label, ...], tuple[Label, ...], tuple[Label, ...], tuple[Label, ...]]  # by edge index
    anchors: frozenset[int]  # edge indexes of anchoring board sides
    unmatched: frozenset[str] = frozenset()
    anchor_categories: frozenset[str] | None = None
    same_category_only: bool = False
    first_row: int = 0
    first_col: int = 0

    @classmethod
    def make(
        cls,
        rows: int,
        cols: int,
        rows_for: Mapping[str, Iterable[int]] | None = None,
        *,
        top: Label | Sequence[Label] = None,
        right: Label | Sequence[Label] = None,
        bottom: Label | Sequence[Label] = None,
        left: Label | Sequence[Label] = None,
        anchors: Iterable[str] = (),
        unmatched: Iterable[str] = (),
        anchor_categories: Iterable[str] | None = None,
        same_category_only: bool = False,
        first_row: int = 0,
        first_col: int = 0,
    ) -> "EdgeBoard":
        """Build a board from plain data; a side is None, one label, or one label per row/column."""
        return cls(
            rows,
            cols,
            tuple((category, frozenset(rs)) for category, rs in (rows_for or {}).items()),
            (_side(top, cols, "top"), _side(right, rows, "right"), _side(bottom, cols, "bottom"), _side(left, rows, "left")),
            frozenset(_side_index(s) for s in anchors),
            frozenset(unmatched),
            None if anchor_categories is None else frozenset(anchor_categories),
            same_category_only,
            first_row,
            first_col,
        )

    def _rows_of(self, category: str) -> range | frozenset[int]:
        every = range(self.first_row, self.first_row + self.rows)
        for kind, allowed in self.rows_for:
            if kind == category:
                return frozenset(r for r in allowed if r in every)
        return every


def _border_clash(board: EdgeBoard, tile: EdgeTile, r: int, c: int) -> bool:
    """True if an edge of `tile` on (r, c) lies on a board side whose label differs from it."""
    r0, c0 = board.first_row, board.first_col
    top, right, bottom, left = tile.edges
    border = board.border
    return (
        (r == r0 and top is not None and border[TOP][c - c0] not in (None, top))
        or (r == r0 + board.rows - 1 and bottom is not None and border[BOTTOM][c - c0] not in (None, bottom))
        or (c == c0 and left is not None and border[LEFT][r - r0] not in (None, left))
        or (c == c0 + board.cols - 1 and right is not None and border[RIGHT][r - r0] not in (None, right))
    )


def legal_cells(
    board: EdgeBoard, placed: Mapping[Cell, Hashable], tile: EdgeTile, kinds: Mapping[Any, EdgeTile] | None = None
) -> tuple[Cell, ...]:
    """Every cell `tile` may legally go on, sorted by (row, column); () if none (the tile cannot be placed).

    With `kinds`, the values of `placed` are kind ids looked up there."""
    # One pass over the placed tiles collects the anchored cells and, for this tile, the cells where
    # some neighbour's facing edge clashes; only the board sides remain to be checked per cell.
    rows = board._rows_of(tile.category)
    r0, c0 = board.first_row, board.first_col
    last_c = c0 + board.cols - 1
    category = tile.category
    unmatched = board.unmatched
    free = category in unmatched
    same = board.same_category_only
    anchoring = board.anchor_categories
    top, right, bottom, left = tile.edges
    anchored: set[Cell] = set()
    clash: set[Cell] = set()
    anchors = board.anchors
    if anchors:
        if LEFT in anchors:
            anchored.update((r, c0) for r in rows)
        if RIGHT in anchors:
            anchored.update((r, last_c) for r in rows)
        if TOP in anchors and r0 in rows:
            anchored.update((r0, c) for c in range(c0, last_c + 1))
        if BOTTOM in anchors and r0 + board.rows - 1 in rows:
            anchored.update((r0 + board.rows - 1, c) for c in range(c0, last_c + 1))
    add, bad = anchored.add, clash.add
    for (r, c), placed_value in placed.items():
        other = kinds[placed_value] if kinds is not None else cast(EdgeTile, placed_value)
        kind = other.category
        if anchoring is None or kind in anchoring:
            add((r - 1, c))
            add((r + 1, c))
            add((r, c - 1))
            add((r, c + 1))
        if free or kind in unmatched or (same and kind != category):
            continue
        e_top, e_right, e_bottom, e_left = other.edges
        if top is not None and e_bottom is not None and e_bottom != top:
            bad((r + 1, c))
        if bottom is not None and e_top is not None and e_top != bottom:
            bad((r - 1, c))
        if left is not None and e_right is not None and e_right != left:
            bad((r, c + 1))
        if right is not None and e_left is not None and e_left != right:
            bad((r, c - 1))
    out = [
        cell
        for cell in anchored - clash
        if cell[0] in rows
        and c0 <= cell[1] <= last_c
        and cell not in placed
        and (free or not _border_clash(board, tile, *cell))
    ]
    out.sort()
    return tuple(out)


def fits(
    board: EdgeBoard, placed: Mapping[Cell, Hashable], tile: EdgeTile, cell: Cell, kinds: Mapping[Any, EdgeTile] | None = None
) -> bool:
    """True if `tile` may go on `cell` (inside, empty, row allowed, anchored, every edge matched)."""
    return cell in legal_cells(board, placed, tile, kinds)


_NEIGHBOURS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # by edge index: the cell beyond top, right, bottom, left


def matches(
    board: EdgeBoard, placed: Mapping[Cell, Hashable], tile: EdgeTile, cell: Cell, kinds: Mapping[Any, EdgeTile] | None = None
) -> bool:
    """True if every edge of `tile` on `cell` agrees with the matched tiles beside it and the board
    sides it lies on (anchoring, the row and emptiness aside: what a placed tile must keep)."""
    if tile.category in board.unmatched:
        return True
    if _border_clash(board, tile, *cell):
        return False
    r, c = cell
    for edge, (dr, dc) in enumerate(_NEIGHBOURS):
        placed_value = placed.get((r + dr, c + dc))
        if placed_value is None:
            continue
        other = kinds[placed_value] if kinds is not None else cast(EdgeTile, placed_value)
        if other.category in board.unmatched or (board.same_category_only and other.category != tile.category):
            continue
        mine, theirs = tile.edges[edge], other.edges[(edge + 2) % 4]
        if mine is not None and theirs is not None and mine != theirs:
            return False
    return True
