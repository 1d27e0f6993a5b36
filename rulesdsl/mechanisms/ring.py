"""A price ring: N fixed slots, bundles laid out from both ends, a pointer that sets every price.

Slots are numbered 0..N-1. A layout is a tuple of length N (an item or None per slot); which slots
still hold a bundle is an int bitmask (bit i = slot i). The price pointer is never stored: it is
always the lowest occupied slot, because it moves only when the pointer slot is taken and then to the
next occupied one. So `price(slot) = slot - pointer`, prices are distinct and lie in 0..N-1, and
taking a bundle is one bit cleared.

    >>> items = layout_from_ends(["a", "b", "X", "c"], [False, False, True, False], 6)
    >>> items                   # first category ascending from 0, second descending from N-1
    ('a', 'b', 'c', None, None, 'X')
    >>> figures = sort_into_slots(["q", "p", "q"], ("p", "q"), 6, slots=(0, 1, 2))
    >>> figures
    ('p', 'q', 'q', None, None, None)
    >>> fill_highest_empty((None,) * 6, ["r", "r"])      # a chosen group
    (None, None, None, None, 'r', 'r')
    >>> occ = mask_of(items)
    >>> bin(occ), occupied_slots(occ)   # pass occupied_slots as `slots` to sort onto them only
    ('0b100111', (0, 1, 2, 5))
    >>> prices(occ)
    ((0, 0), (1, 1), (2, 2), (5, 5))
    >>> occ = take(occ, 0)      # the pointer moves to slot 1
    >>> prices(occ), highest(occ)
    (((1, 0), (2, 1), (5, 4)), 5)
    >>> is_last_of_group(figures, occ, 1)   # slot 2 also holds 'q'
    False
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

T = TypeVar("T")


def layout_from_ends(
    items: Sequence[T], from_end: Sequence[bool] | Callable[[T], bool], size: int
) -> tuple[T | None, ...]:
    """Lay items out in order: those not `from_end` on slots 0, 1, 2 ..., the others on N-1, N-2 ....

    `from_end` is one flag per item or a predicate on the item (its category)."""
    if callable(from_end):
        from_end = [bool(from_end(item)) for item in items]
    if len(items) != len(from_end):
        raise ValueError(f"{len(items)} items but {len(from_end)} category flags")
    if len(items) > size:
        raise ValueError(f"{len(items)} items do not fit a ring of {size} slots")
    slots: list[T | None] = [None] * size
    low, high = 0, size - 1
    for item, back in zip(items, from_end):
        if back:
            slots[high] = item
            high -= 1
        else:
            slots[low] = item
            low += 1
    return tuple(slots)


def sort_into_slots(
    figures: Sequence[Hashable], order: Sequence[Hashable], size: int, slots: Sequence[int] | None = None
) -> tuple[Hashable | None, ...]:
    """Sort figures by `order` and put them on `slots` (default 0..N-1) consecutively, ascending."""
    rank = {category: i for i, category in enumerate(order)}
    missing = [f for f in figures if f not in rank]
    if missing:
        raise ValueError(f"figure '{missing[0]}' is not in the sort order {list(order)}")
    targets = sorted(slots) if slots is not None else range(size)
    if len(figures) > len(targets):
        raise ValueError(f"{len(figures)} figures for {len(targets)} slots")
    out: list[Hashable | None] = [None] * size
    for slot, figure in zip(targets, sorted(figures, key=rank.__getitem__)):
        out[slot] = figure
    return tuple(out)


def fill_highest_empty(slots: Sequence[T | None], items: Sequence[T]) -> tuple[T | None, ...]:
    """Put `items` (a chosen group) on the highest empty slots, the first item on the highest."""
    out = list(slots)
    slot = len(out) - 1
    for item in items:
        while slot >= 0 and out[slot] is not None:
            slot -= 1
        if slot < 0:
            raise ValueError(f"no empty slot left for {len(items)} items")
        out[slot] = item
        slot -= 1
    return tuple(out)


def groups_in_order(figures: Sequence[Hashable], order: Sequence[Hashable]) -> tuple[tuple[Hashable, int], ...]:
    """(category, count) of each category present among `figures`, in `order` (choices of a chooser)."""
    return tuple((category, n) for category in order if (n := figures.count(category)))


def mask_of(slots: Sequence[object]) -> int:
    """Bitmask of the slots that hold something (not None)."""
    mask = 0
    for i, item in enumerate(slots):
        if item is not None:
            mask |= 1 << i
    return mask


def occupied_slots(occupied: int) -> tuple[int, ...]:
    """The occupied slots, ascending (e.g. where sorted figures go when some slots stayed empty)."""
    out = []
    while occupied:
        low = occupied & -occupied
        out.append(low.bit_length() - 1)
        occupied ^= low
    return tuple(out)


def pointer(occupied: int) -> int:
    """The pointer slot (price 0) = lowest occupied slot; -1 for an empty ring."""
    return (occupied & -occupied).bit_length() - 1


def price(occupied: int, slot: int) -> int:
    """Price of an occupied slot: its distance from the pointer."""
    if not occupied >> slot & 1:
        raise ValueError(f"slot {slot} is empty")
    return slot - pointer(occupied)


def prices(occupied: int) -> tuple[tuple[int, int], ...]:
    """(slot, price) of every occupied slot, ascending."""
    base = pointer(occupied)
    return tuple((slot, slot - base) for slot in occupied_slots(occupied))


def take(occupied: int, slot: int) -> int:
    """The ring after the bundle on `slot` is bought (whole); the pointer follows by itself."""
    if not occupied >> slot & 1:
        raise ValueError(f"slot {slot} is empty")
    return occupied & ~(1 << slot)


def steps_turned(before: int, after: int) -> int:
    """How far the pointer moved between two rings (0 when a non-pointer slot was taken)."""
    if not after:
        return 0
    return pointer(after) - pointer(before)


def highest(occupied: int) -> int:
    """The occupied slot with the highest price (prices are distinct, so there is one); -1 if empty."""
    return occupied.bit_length() - 1


def is_last_of_group(groups: Sequence[Hashable], occupied: int, slot: int) -> bool:
    """True if no other occupied slot holds the same group as `slot` (e.g. the last figure of a colour)."""
    group = groups[slot]
    rest = occupied & ~(1 << slot)
    while rest:
        low = rest & -rest
        if groups[low.bit_length() - 1] == group:
            return False
        rest ^= low
    return True
