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

Placed tiles are a mapping {(row, col): EdgeTile}; build each EdgeTile once per tile kind.

    board = EdgeBoard.make(rows=3, cols=8, rows_for={"x": range(1, 3)}, left="s", anchors=("left",))
    a = EdgeTile("x", ("s", "l", "s", "s"))          # top, right, bottom, left
    legal_cells(board, {}, a)                          # ((1, 0), (2, 0))
    b = EdgeTile.from_sides("x", {"w": "l", "e": "s", "n": "s", "s": "s"})
    legal_cells(board, {(1, 0): a}, b)                 # ((1, 1),)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import attrs

TOP, RIGHT, BOTTOM, LEFT = 0, 1, 2, 3
SIDES = ("top", "right", "bottom", "left")
_SHORT = {"n": TOP, "e": RIGHT, "s": BOTTOM, "w": LEFT, **{name: i for i, name in enumerate(SIDES)}}
_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # (row step, column step) by edge index

Label = str | None
Cell = tuple[int, int]


def _side_index(name: str) -> int:
    if name not in _SHORT:
        raise ValueError(f"unknown side '{name}'; expected one of {', '.join(SIDES)} (or n, e, s, w)")
    return _SHORT[name]


@attrs.frozen(slots=True)
class EdgeTile:
    """A tile kind: its category and its edge labels in the order top, right, bottom, left."""

    category: str
    edges: tuple[Label, Label, Label, Label]

    @classmethod
    def from_sides(cls, category: str, sides: Mapping[str, Label]) -> "EdgeTile":
        """A tile from {side: label} with sides top/right/bottom/left or n/e/s/w; a missing side is None."""
        edges: list[Label] = [None] * 4
        for name, label in sides.items():
            edges[_side_index(name)] = label
        return cls(category, tuple(edges))


def _side(value, length: int, side: str) -> tuple[Label, ...]:
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
    rows_for: Mapping[str, frozenset[int]]
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
            {category: frozenset(rs) for category, rs in (rows_for or {}).items()},
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
        allowed = self.rows_for.get(category)
        return every if allowed is None else frozenset(r for r in allowed if r in every)


def _candidates(board: EdgeBoard, placed: Mapping[Cell, EdgeTile], rows) -> set[Cell]:
    """Cells in `rows` that touch an anchoring side or an anchoring tile (the only ones that can fit)."""
    out: set[Cell] = set()
    anchors, r0, c0 = board.anchors, board.first_row, board.first_col
    if anchors:
        if LEFT in anchors:
            out.update((r, c0) for r in rows)
        if RIGHT in anchors:
            out.update((r, c0 + board.cols - 1) for r in rows)
        if TOP in anchors and r0 in rows:
            out.update((r0, c) for c in range(c0, c0 + board.cols))
        if BOTTOM in anchors and r0 + board.rows - 1 in rows:
            out.update((r0 + board.rows - 1, c) for c in range(c0, c0 + board.cols))
    kinds = board.anchor_categories
    add = out.add
    for (r, c), other in placed.items():
        if kinds is None or other.category in kinds:
            add((r - 1, c))
            add((r + 1, c))
            add((r, c - 1))
            add((r, c + 1))
    return out


def _ok(board: EdgeBoard, placed: Mapping[Cell, EdgeTile], tile: EdgeTile, r: int, c: int) -> bool:
    """Every edge of `tile` on (r, c) agrees with the matched neighbour or labelled board edge it touches."""
    category = tile.category
    unmatched = board.unmatched
    if category in unmatched:
        return True
    same = board.same_category_only
    r0, c0 = board.first_row, board.first_col
    last_r, last_c = r0 + board.rows - 1, c0 + board.cols - 1
    get = placed.get
    for edge, mine in enumerate(tile.edges):
        if mine is None:
            continue
        dr, dc = _STEPS[edge]
        rr, cc = r + dr, c + dc
        if rr < r0 or rr > last_r or cc < c0 or cc > last_c:
            theirs = board.border[edge][c - c0 if edge in (TOP, BOTTOM) else r - r0]
        else:
            other = get((rr, cc))
            if other is None or other.category in unmatched or (same and other.category != category):
                continue
            theirs = other.edges[edge ^ 2]  # the facing edge: top<->bottom, right<->left
        if theirs is not None and theirs != mine:
            return False
    return True


def _anchored(board: EdgeBoard, placed: Mapping[Cell, EdgeTile], r: int, c: int) -> bool:
    anchors = board.anchors
    r0, c0 = board.first_row, board.first_col
    if (
        (TOP in anchors and r == r0)
        or (BOTTOM in anchors and r == r0 + board.rows - 1)
        or (LEFT in anchors and c == c0)
        or (RIGHT in anchors and c == c0 + board.cols - 1)
    ):
        return True
    kinds = board.anchor_categories
    for dr, dc in _STEPS:
        other = placed.get((r + dr, c + dc))
        if other is not None and (kinds is None or other.category in kinds):
            return True
    return False


def fits(board: EdgeBoard, placed: Mapping[Cell, EdgeTile], tile: EdgeTile, cell: Cell) -> bool:
    """True if `tile` may go on `cell` (inside, empty, row allowed, anchored, every edge matched)."""
    r, c = cell
    if not (board.first_col <= c < board.first_col + board.cols) or cell in placed:
        return False
    if r not in board._rows_of(tile.category):
        return False
    return _anchored(board, placed, r, c) and _ok(board, placed, tile, r, c)


def legal_cells(board: EdgeBoard, placed: Mapping[Cell, EdgeTile], tile: EdgeTile) -> tuple[Cell, ...]:
    """Every cell `tile` may legally go on, sorted by (row, column); () if none (the tile cannot be placed)."""
    rows = board._rows_of(tile.category)
    c0, c1 = board.first_col, board.first_col + board.cols
    out = [
        cell
        for cell in _candidates(board, placed, rows)
        if cell[0] in rows and c0 <= cell[1] < c1 and cell not in placed and _ok(board, placed, tile, *cell)
    ]
    out.sort()
    return tuple(out)
