"""Runs in a row: a start cell, any number of middle cells, an end cell, contiguous.

A row is a sequence of cell categories (None = empty). `start`, `middle` and `end` are each one
category or a collection of categories (they should be disjoint); the scan is left to right and
non-overlapping. A grid is a mapping {(row, col): category}; its runs never cross rows.

    >>> runs(["a", "m", "z", None, "a", "z", "m"], "a", "m", "z")    # (first cell, length)
    ((0, 3), (4, 2))
    >>> summary(["a", "m", "z", None, "a", "z"], "a", "m", "z")      # (count, longest)
    (2, 3)
    >>> grid_summary({(1, 0): "a", (1, 1): "z", (2, 0): "a"}, "a", "m", "z")
    (1, 2)
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping, Sequence
from typing import cast

Categories = Hashable | Collection[Hashable]


def _set(value: Categories) -> frozenset[Hashable]:
    if isinstance(value, (str, int)):
        return frozenset((value,))
    return frozenset(cast(Collection[Hashable], value))


def runs(row: Sequence[Hashable | None], start: Categories, middle: Categories, end: Categories) -> tuple[tuple[int, int], ...]:
    """(first index, length) of every start-middle*-end run of the row, left to right."""
    starts, middles, ends = _set(start), _set(middle), _set(end)
    out = []
    n = len(row)
    i = 0
    while i < n:
        if row[i] not in starts:
            i += 1
            continue
        j = i + 1
        while j < n and row[j] in middles:
            j += 1
        if j < n and row[j] in ends:
            out.append((i, j - i + 1))
            i = j + 1
        else:
            i = j  # a middle cannot begin a run; the cell at j may
    return tuple(out)


def summary(row: Sequence[Hashable | None], start: Categories, middle: Categories, end: Categories) -> tuple[int, int]:
    """(number of runs, length of the longest run; 0 if none) of one row."""
    found = runs(row, start, middle, end)
    return len(found), max((length for _, length in found), default=0)


def grid_runs(cells: Mapping[tuple[int, int], Hashable], start: Categories, middle: Categories, end: Categories) -> tuple[tuple[int, int, int], ...]:
    """(row, first column, length) of every run in a grid, by row then column."""
    by_row: dict[int, dict[int, Hashable]] = {}
    for (r, c), category in cells.items():
        by_row.setdefault(r, {})[c] = category
    out: list[tuple[int, int, int]] = []
    for r in sorted(by_row):
        row = by_row[r]
        first = min(row)
        line = [row.get(c) for c in range(first, max(row) + 1)]
        out.extend((r, first + i, length) for i, length in runs(line, start, middle, end))
    return tuple(out)


def grid_summary(cells: Mapping[tuple[int, int], Hashable], start: Categories, middle: Categories, end: Categories) -> tuple[int, int]:
    """(number of runs, length of the longest run; 0 if none) of a grid."""
    found = grid_runs(cells, start, middle, end)
    return len(found), max((length for _, _, length in found), default=0)
