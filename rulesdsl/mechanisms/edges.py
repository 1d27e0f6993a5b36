"""Edge-matched placement of fixed-orientation tiles on a rectangular grid.

A tile has a category and four edge labels (top, right, bottom, left; None = matches anything). A
board gives its size, the rows each category may use (a category not listed may use every row), the
label of the board edge on each side (None = no constraint; one label for the whole side or one per
row/column), which sides anchor a tile, and the categories whose edges are never matched. A tile may
go on an empty cell when (a) its row is allowed for its category, (b) the cell touches an anchoring
board side or a placed tile (of `anchor_categories`, default any), and (c) every edge touching a
placed tile or a labelled board edge carries the same label - unless the tile's or the neighbour's
category is in `unmatched`.

Placed tiles are a mapping {(row, col): EdgeTile}; build each EdgeTile once per tile kind.

    board = EdgeBoard.make(rows=3, cols=8, rows_for={"x": range(1, 3)}, left="s", anchors=("left",))
    a = EdgeTile("x", ("s", "l", "s", "s"))          # top, right, bottom, left
    legal_cells(board, {}, a)                          # ((1, 0), (2, 0))
    legal_cells(board, {(1, 0): a}, EdgeTile("x", ("s", "s", "s", "l")))   # ((1, 1),)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

import attrs

TOP, RIGHT, BOTTOM, LEFT = 0, 1, 2, 3
SIDES = ("top", "right", "bottom", "left")
# (row step, column step, the facing edge's index on the neighbour) for each edge index
_STEPS = ((-1, 0, BOTTOM), (0, 1, LEFT), (1, 0, TOP), (0, -1, RIGHT))

Label = str | None
Cell = tuple[int, int]


@attrs.frozen(slots=True)
class EdgeTile:
    """A tile kind: its category and its edge labels in the order top, right, bottom, left."""

    category: str
    edges: tuple[Label, Label, Label, Label]


def _side(value, length: int, side: str) -> tuple[Label, ...]:
    if value is None or isinstance(value, str):
        return (value,) * length
    value = tuple(value)
    if len(value) != length:
        raise ValueError(f"the {side} board edge needs {length} labels, got {len(value)}")
    return value


@attrs.frozen(slots=True)
class EdgeBoard:
    """The rules of one grid: size, rows per category, board-edge labels, anchors, unmatched categories."""

    rows: int
    cols: int
    rows_for: Mapping[str, frozenset[int]]
    border: tuple[tuple[Label, ...], tuple[Label, ...], tuple[Label, ...], tuple[Label, ...]]  # by edge index
    anchors: frozenset[int]  # edge indexes of anchoring board sides
    unmatched: frozenset[str] = frozenset()
    anchor_categories: frozenset[str] | None = None

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
    ) -> "EdgeBoard":
        """Build a board from plain data; a side is None, one label, or one label per row/column."""
        bad = [s for s in anchors if s not in SIDES]
        if bad:
            raise ValueError(f"unknown board side '{bad[0]}'; expected one of {', '.join(SIDES)}")
        return cls(
            rows,
            cols,
            {category: frozenset(rs) for category, rs in (rows_for or {}).items()},
            (_side(top, cols, "top"), _side(right, rows, "right"), _side(bottom, cols, "bottom"), _side(left, rows, "left")),
            frozenset(SIDES.index(s) for s in anchors),
            frozenset(unmatched),
            None if anchor_categories is None else frozenset(anchor_categories),
        )


def _anchored(board: EdgeBoard, placed: Mapping[Cell, EdgeTile], r: int, c: int) -> bool:
    anchors = board.anchors
    if anchors and (
        (TOP in anchors and r == 0)
        or (BOTTOM in anchors and r == board.rows - 1)
        or (LEFT in anchors and c == 0)
        or (RIGHT in anchors and c == board.cols - 1)
    ):
        return True
    kinds = board.anchor_categories
    for dr, dc, _ in _STEPS:
        other = placed.get((r + dr, c + dc))
        if other is not None and (kinds is None or other.category in kinds):
            return True
    return False


def _matches(board: EdgeBoard, placed: Mapping[Cell, EdgeTile], tile: EdgeTile, r: int, c: int) -> bool:
    if tile.category in board.unmatched:
        return True
    rows, cols, unmatched = board.rows, board.cols, board.unmatched
    for edge, (dr, dc, facing) in enumerate(_STEPS):
        mine = tile.edges[edge]
        if mine is None:
            continue
        rr, cc = r + dr, c + dc
        if 0 <= rr < rows and 0 <= cc < cols:
            other = placed.get((rr, cc))
            if other is None or other.category in unmatched:
                continue
            theirs = other.edges[facing]
        else:
            theirs = board.border[edge][c if edge in (TOP, BOTTOM) else r]
        if theirs is not None and theirs != mine:
            return False
    return True


def fits(board: EdgeBoard, placed: Mapping[Cell, EdgeTile], tile: EdgeTile, cell: Cell) -> bool:
    """True if `tile` may go on `cell` (empty, row allowed, anchored, every edge matched)."""
    r, c = cell
    if not (0 <= r < board.rows and 0 <= c < board.cols) or cell in placed:
        return False
    allowed = board.rows_for.get(tile.category)
    if allowed is not None and r not in allowed:
        return False
    return _anchored(board, placed, r, c) and _matches(board, placed, tile, r, c)


def _candidates(board: EdgeBoard, placed: Mapping[Cell, EdgeTile], rows: Collection[int]) -> set[Cell]:
    """Empty cells in `rows` that touch an anchoring side or a placed tile (the only ones that can fit)."""
    out: set[Cell] = set()
    anchors = board.anchors
    if LEFT in anchors:
        out.update((r, 0) for r in rows)
    if RIGHT in anchors:
        out.update((r, board.cols - 1) for r in rows)
    if TOP in anchors and 0 in rows:
        out.update((0, c) for c in range(board.cols))
    if BOTTOM in anchors and board.rows - 1 in rows:
        out.update((board.rows - 1, c) for c in range(board.cols))
    kinds = board.anchor_categories
    for (r, c), other in placed.items():
        if kinds is not None and other.category not in kinds:
            continue
        for dr, dc, _ in _STEPS:
            rr, cc = r + dr, c + dc
            if rr in rows and 0 <= cc < board.cols:
                out.add((rr, cc))
    return out


def legal_cells(board: EdgeBoard, placed: Mapping[Cell, EdgeTile], tile: EdgeTile) -> tuple[Cell, ...]:
    """Every cell `tile` may legally go on, sorted by (row, column); () if none (the tile cannot be placed)."""
    allowed = board.rows_for.get(tile.category)
    rows = range(board.rows) if allowed is None else frozenset(r for r in allowed if 0 <= r < board.rows)
    return tuple(
        sorted(
            (r, c)
            for r, c in _candidates(board, placed, rows)
            if (r, c) not in placed and _matches(board, placed, tile, r, c)
        )
    )
