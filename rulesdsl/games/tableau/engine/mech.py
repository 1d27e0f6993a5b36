"""The generic mechanisms as the tableau interpreter uses them: its plain data in, plain data out.

Nothing here knows a game: a ring is a list of slots, a grid a dict of (row, column) cells,
a kind an id string from content. Most functions adapt the library `rulesdsl.mechanisms`
(price ring, edge matching, ordered row filling, column projection, majorities, runs,
tie-break chain, transfer sets with a cap) to these shapes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import Any

from rulesdsl.mechanisms import edges as _edges
from rulesdsl.mechanisms import majority as _majority
from rulesdsl.mechanisms import patterns as _patterns
from rulesdsl.mechanisms import projection as _projection
from rulesdsl.mechanisms import ring as _ring
from rulesdsl.mechanisms import rowfill as _rowfill
from rulesdsl.mechanisms import tiebreak as _tiebreak
from rulesdsl.mechanisms import transfer as _transfer

Cell = tuple[int, int]
Grid = dict[Cell, str]  # cell -> tile kind (or figure kind) id
Lot = list[Any]  # [tile, figure]: a ring slot's lot


# ---------------------------------------------------------------- price ring with a pointer
def lowest(slots: Sequence[Lot | None]) -> int | None:
    """The pointer: the first occupied slot (it faces value 0); None when the ring is empty."""
    found = _ring.pointer(_ring.mask_of(slots))
    return None if found < 0 else found


def price(slots: Sequence[Lot | None], index: int) -> int:
    """A lot's price: its slot minus the pointer's (the ring turns only when the 0-lot goes)."""
    return _ring.price(_ring.mask_of(slots), index)


def fill_from_ends(slots: list[Lot | None], items: Iterable[tuple[str, str]], ascending: str, descending: str) -> None:
    """Items whose category is `ascending` go to slots 0, 1, ...; `descending` to the last, last-1, ..."""
    low, high = 0, len(slots) - 1
    for item, category in items:
        if category == ascending:
            slots[low] = [item, None]
            low += 1
        elif category == descending:
            slots[high] = [item, None]
            high -= 1


# ---------------------------------------------------------------- edge-matched placement
def edge_tiles(kinds: Iterable[Any]) -> dict[str, _edges.EdgeTile]:
    """{tile id: its EdgeTile} for the ruleset's tile kinds (`category`, `edges` with w/e/n/s;
    a kind without edges matches anything, as a tile of another category is never matched)."""
    out: dict[str, _edges.EdgeTile] = {}
    for kind in kinds:
        e = kind.edges
        sides: dict[str, str | None] = {} if e is None else {"w": e.w, "e": e.e, "n": e.n, "s": e.s}
        out[kind.id] = _edges.EdgeTile.from_sides(kind.category, sides)
    return out


@lru_cache(maxsize=256)
def edge_rows(columns: int, rows: tuple[int, ...], category: str, board_edge: str) -> _edges.EdgeBoard:
    """The rows of a board where tiles of `category` are edge-matched, as one edge-matching board:
    columns from 1, the board's edge on the left anchoring and matched, tiles matched only
    against tiles of their own category."""
    first = min(rows)
    return _edges.EdgeBoard.make(rows=max(rows) - first + 1, cols=columns, rows_for={category: rows}, left=board_edge,
                                 anchors=("left",), same_category_only=True, first_row=first, first_col=1)


def edge_cells(columns: int, rows: tuple[int, ...], board_edge: str, grid: Grid, tile: str,
               kinds: dict[str, _edges.EdgeTile]) -> tuple[Cell, ...]:
    """The cells of `rows` (sorted by row, then column) where `tile` may go: anchored to the
    board's edge or any placed tile, its edges matched (`kinds`: the ruleset's `edge_tiles`)."""
    kind = kinds[tile]
    return _edges.legal_cells(edge_rows(columns, rows, kind.category, board_edge), grid, kind, kinds)


def edge_matched(columns: int, board_edge: str, grid: Grid, cell: Cell, tile: str, kinds: dict[str, _edges.EdgeTile]) -> bool:
    """A placed tile's edges agree with its own category's neighbours and the board's edge."""
    kind = kinds[tile]
    return _edges.matches(edge_rows(columns, (cell[0],), kind.category, board_edge), grid, kind, cell, kinds)


# ---------------------------------------------------------------- ordered row filling
def row_fill_columns(occupied: set[int], window: int) -> list[int]:
    """Columns (from 1) a row filled in order may take next: the first `window` anywhere in
    1..window but contiguous with those there, then strictly the next column."""
    return _rowfill.legal_columns(occupied, window, first=1)


# ---------------------------------------------------------------- column projection with blockers
def projection(sources: dict[int, str], reach_of: Callable[[str], int], blockers: set[str], from_row: int, figures: Grid,
               source_row: int = 1) -> tuple[set[Cell], dict[Cell, str], list[tuple[int, str]]]:
    """Sources in `source_row` (`sources`: column -> tile kind) project down their column to
    `reach_of(kind)`; a blocker figure at (from_row, column) cancels the projection.
    Returns (hit cells holding figures, {blocking cell: source kind}, [unblocked (column, kind)])."""
    found = _projection.project(source_row, {c: reach_of(k) for c, k in sources.items()}, figures, blockers,
                                blocker_offset=from_row - source_row)
    hit = set(_projection.affected_figures(found, figures))
    blocking = {blocker: sources[source[1]] for blocker, source in found.diverted}
    return hit, blocking, [(column, sources[column]) for _, column in found.open_sources]


# ---------------------------------------------------------------- majorities, runs, tie-breaks
def majority(values: list[int]) -> list[int]:
    """Indices of every player with the highest value; nobody when the highest is 0 (Q11's reading)."""
    return list(_majority.winners(values, zero=_majority.NOBODY))


def runs(grid: Grid, rows: Iterable[int], first: str, middle: str, last: str) -> list[int]:
    """Lengths of the complete runs `first middle* last`, contiguous within one row."""
    wanted = set(rows)
    cells = {cell: kind for cell, kind in grid.items() if cell[0] in wanted}
    return [length for _, _, length in _patterns.grid_runs(cells, first, middle, last)]


def ranking(keys: list[tuple[int, ...]]) -> list[int]:
    """Places (1 = first) for players by their key tuples, higher better; equal keys share a place."""
    return list(_tiebreak.places(keys))


# ---------------------------------------------------------------- transfer sets
def load_ok(kinds: list[str], limit: int | None) -> bool:
    """A carried set: at most `limit` figures of any kinds, or (no limit) all of one kind or all different."""
    counts = [kinds.count(k) for k in dict.fromkeys(kinds)]
    if limit is not None:
        return _transfer.load_allowed(counts, _transfer.ANY, limit=limit)
    return _transfer.load_allowed(counts, _transfer.ONE_KIND_OR_ALL_DIFFERENT)
