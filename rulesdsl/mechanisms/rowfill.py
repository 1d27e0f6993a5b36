"""Ordered filling of a row: free within a window at first, then strictly the next cell.

The row's filled cells are an int bitmask (bit i = cell i, cell 0 first). The first `free` pieces may
go on any empty cell of the window (cells 0..window-1); each later piece while the window still has
an empty cell must go on an empty window cell orthogonally next to a filled one; once the window is
full, only the lowest empty cell is legal. So the filled cells are always one unbroken run inside the
window (with free=1) and, once the window is full, exactly cells 0..n-1.

    >>> legal_positions(0b000, window=3), legal_positions(0b010, window=3), legal_positions(0b111, window=3)
    ((0, 1, 2), (0, 2), (3,))
    >>> legal_positions(0b111, window=3, length=3)   # the row is full
    ()
    >>> legal_columns({2}, window=3, first=1)        # 1-based columns in a set
    [1, 3]
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from rulesdsl.mechanisms.ring import occupied_slots as set_bits  # the indexes of a bitmask's set bits


def to_mask(cells: Iterable[int]) -> int:
    """Bitmask of the given filled cell indexes."""
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


def legal_positions(filled: int, window: int, free: int = 1, length: int | None = None) -> tuple[int, ...]:
    """The cells the next piece may go on, ascending; `length` bounds the row (None = unbounded)."""
    full = (1 << window) - 1
    if filled & full != full:
        if filled.bit_count() < free:
            allowed = full & ~filled
        else:
            allowed = (filled << 1 | filled >> 1) & full & ~filled
        if length is not None:
            allowed &= (1 << length) - 1
        return set_bits(allowed)
    nxt = (~filled & (filled + 1)).bit_length() - 1  # lowest empty cell
    return () if length is not None and nxt >= length else (nxt,)


def is_legal(filled: int, cell: int, window: int, free: int = 1, length: int | None = None) -> bool:
    """True if the next piece may go on `cell`."""
    return cell in legal_positions(filled, window, free, length)


def legal_columns(filled: Collection[int], window: int, free: int = 1, length: int | None = None, first: int = 0) -> list[int]:
    """`legal_positions` for a collection of filled columns numbered from `first`."""
    return [first + i for i in legal_positions(to_mask(c - first for c in filled), window, free, length)]
