"""Tile shapes and their orientations.

A shape is given as rows of '#' and '.'; an orientation is the same shape turned clockwise
by 0, 90, 180 or 270 degrees, optionally turned over first (mirrored left to right) for
tiles whose two faces show the same item.
"""

from __future__ import annotations

import functools

import attrs

TURNS = (0, 90, 180, 270)


@attrs.frozen
class Orientation:
    turn: int
    mirror: bool
    cells: tuple[tuple[int, int], ...]  # (row, column) offsets from the top-left of the bounding box
    height: int
    width: int


def squares(rows) -> int:
    """The squares a tile of this shape (rows of '#' and '.') covers."""
    return sum(row.count("#") for row in rows)


def cells_of(rows) -> frozenset[tuple[int, int]]:
    return frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#")


def _normalize(cells) -> tuple[tuple[int, int], ...]:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def _turned(cells, turn: int, mirror: bool) -> tuple[tuple[int, int], ...]:
    if mirror:
        cells = {(r, -c) for r, c in cells}
    for _ in range(turn // 90):
        cells = {(c, -r) for r, c in cells}  # 90 degrees clockwise
    return _normalize(cells)


@functools.cache
def orientation(rows: tuple[str, ...], turn: int, mirror: bool = False) -> Orientation:
    cells = _turned(cells_of(rows), turn, mirror)
    return Orientation(turn, mirror, cells, max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1)


@functools.cache
def orientations(rows: tuple[str, ...], mirror_allowed: bool) -> tuple[Orientation, ...]:
    """Every distinct orientation, first by turn, then (if allowed) turned over."""
    seen = set()
    out = []
    for mirror in ((False, True) if mirror_allowed else (False,)):
        for turn in TURNS:
            o = orientation(rows, turn, mirror)
            if o.cells not in seen:
                seen.add(o.cells)
                out.append(o)
    return tuple(out)
