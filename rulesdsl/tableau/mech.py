"""Generic mechanisms of tableau games, as pure functions over plain data.

Nothing here knows a game: a ring is a list of slots, a grid a dict of (row, column) cells,
a kind an id string from content. (Helper "vmech" writes the same mechanisms as a library in
`rulesdsl/mechanisms/`; these are the small versions the tableau interpreter needs now.)
"""

from __future__ import annotations

OPPOSITE = {"w": "e", "e": "w", "n": "s", "s": "n"}
STEPS = {"w": (0, -1), "e": (0, 1), "n": (-1, 0), "s": (1, 0)}


# ---------------------------------------------------------------- price ring with a pointer
def lowest(slots) -> int | None:
    """The pointer: the first occupied slot (it faces value 0); None when the ring is empty."""
    for index, lot in enumerate(slots):
        if lot is not None:
            return index
    return None


def price(slots, index: int) -> int:
    """A lot's price: its slot minus the pointer's (the ring turns only when the 0-lot goes)."""
    return index - lowest(slots)


def fill_from_ends(slots: list, items, ascending, descending) -> None:
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
def anchored(cell, grid, first_column: int = 1) -> bool:
    """A cell touches the board (first column) or any placed tile, edge to edge."""
    row, column = cell
    if column == first_column:
        return True
    return any((row + dr, column + dc) in grid for dr, dc in STEPS.values())


def matched(cell, edges, grid, same_category, edges_of, board_edge, first_column: int = 1) -> bool:
    """Edge matching against the board edge and against neighbours for which `same_category(kind)`."""
    row, column = cell
    if column == first_column and edges["w"] != board_edge:
        return False
    for side, (dr, dc) in STEPS.items():
        kind = grid.get((row + dr, column + dc))
        if kind is not None and same_category(kind) and edges_of(kind)[OPPOSITE[side]] != edges[side]:
            return False
    return True


# ---------------------------------------------------------------- ordered row filling
def row_fill_columns(occupied: set[int], window: int) -> list[int]:
    """Columns a row filled in order may take next: the first `window` anywhere in 1..window
    but contiguous with those there, then strictly the next column."""
    count = len(occupied)
    if count >= window:
        return [count + 1] if set(range(1, count + 1)) == occupied else [max(occupied) + 1]
    if not occupied:
        return list(range(1, window + 1))
    return [c for c in range(1, window + 1) if c not in occupied and (c - 1 in occupied or c + 1 in occupied)]


# ---------------------------------------------------------------- column projection with blockers
def projection(sources: dict, reach_of, blockers: set, from_row: int, figures: dict):
    """Sources project down their column (`sources`: column -> kind in the top row) from `from_row`
    to `reach_of(kind)`; a blocker figure at (from_row, column) cancels the projection.
    Returns (hit cells holding figures, {blocking cell: source kind}, [unblocked (column, kind)])."""
    hit, blocking, unblocked = set(), {}, []
    for column, kind in sources.items():
        cell = (from_row, column)
        if figures.get(cell) in blockers:
            blocking[cell] = kind
            continue
        unblocked.append((column, kind))
        for row in range(from_row, reach_of(kind) + 1):
            if (row, column) in figures:
                hit.add((row, column))
    return hit, blocking, unblocked


# ---------------------------------------------------------------- majorities, runs, tie-breaks
def majority(values: list[int]) -> list[int]:
    """Indices of every player with the highest value; nobody when the highest is 0 or less."""
    best = max(values, default=0)
    return [] if best <= 0 else [i for i, v in enumerate(values) if v == best]


def runs(grid: dict, rows, first, middle, last) -> list[int]:
    """Lengths of the complete runs `first middle* last`, contiguous within one row."""
    found = []
    for row in rows:
        columns = sorted(c for r, c in grid if r == row)
        start = None
        previous = None
        for column in columns:
            kind = grid[(row, column)]
            if previous is not None and column != previous + 1:
                start = None
            if kind == first:
                start = column
            elif kind == middle:
                pass
            elif kind == last and start is not None:
                found.append(column - start + 1)
                start = None
            else:
                start = None
            previous = column
    return found


def ranking(keys: list[tuple]) -> list[int]:
    """Places (1 = first) for players by their key tuples, higher better; equal keys share a place."""
    order = sorted(range(len(keys)), key=lambda i: keys[i], reverse=True)
    places = [0] * len(keys)
    for position, index in enumerate(order):
        if position and keys[order[position - 1]] == keys[index]:
            places[index] = places[order[position - 1]]
        else:
            places[index] = position + 1
    return places


# ---------------------------------------------------------------- transfer sets
def load_ok(kinds: list[str], limit: int | None) -> bool:
    """A carried set: at most `limit` figures, or (no limit) all of one kind or all different."""
    if limit is not None:
        return 1 <= len(kinds) <= limit
    distinct = len(set(kinds))
    return bool(kinds) and (distinct == 1 or distinct == len(kinds))
