"""Line of effect along columns: sources in one row reach down (or up) their column to a given row.

`sources` maps a column to the last row its source reaches (inclusive); the source itself sits on
`source_row`. The cell `blocker_offset` steps from the source towards its reach is the blocker cell:
if it holds a figure whose category is in `blocking`, the source is cancelled (nothing in that column
is affected) and its reward is diverted to the blocker. Empty cells do not stop a source. The result
is a function of each column's source and blocker cell only; recompute it whenever they change.

    >>> p = project(0, {0: 3, 1: 5}, {(1, 1): "k", (2, 0): "n"}, blocking={"k"})
    >>> sorted(p.affected)
    [(1, 0), (2, 0), (3, 0)]
    >>> p.diverted              # (blocker cell, source cell)
    (((1, 1), (0, 1)),)
    >>> p.open_sources
    ((0, 0),)
    >>> affected_figures(p, {(1, 1): "k", (2, 0): "n"})
    ((2, 0),)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

import attrs

Cell = tuple[int, int]


@attrs.frozen(slots=True)
class Projection:
    """Cells in reach of uncancelled sources, (blocker, source) pairs, and the uncancelled sources."""

    affected: frozenset[Cell]
    diverted: tuple[tuple[Cell, Cell], ...]
    open_sources: tuple[Cell, ...]


def project(
    source_row: int,
    sources: Mapping[int, int],
    figures: Mapping[Cell, str],
    blocking: Collection[str],
    blocker_offset: int = 1,
) -> Projection:
    """Project every source along its column; columns in ascending order."""
    affected: list[Cell] = []
    diverted: list[tuple[Cell, Cell]] = []
    open_sources: list[Cell] = []
    for col in sorted(sources):
        reach = sources[col]
        step = 1 if reach >= source_row else -1
        source = (source_row, col)
        blocker = (source_row + step * blocker_offset, col)
        if figures.get(blocker) in blocking:
            diverted.append((blocker, source))
            continue
        open_sources.append(source)
        affected.extend((row, col) for row in range(source_row + step, reach + step, step))
    return Projection(frozenset(affected), tuple(diverted), tuple(open_sources))


def affected_figures(projection: Projection, figures: Mapping[Cell, str]) -> tuple[Cell, ...]:
    """The cells holding a figure that the projection affects, sorted."""
    hit = projection.affected
    return tuple(sorted(cell for cell in figures if cell in hit))
