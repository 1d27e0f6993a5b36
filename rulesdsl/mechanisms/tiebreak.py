"""Ranking by a chain of keys; players tied on every key share a place.

`keys[i]` is player i's tuple of key values, compared in order (the second only breaks ties of the
first, and so on); `higher` says per key whether more is better (default: all). Places are
1-based competition ranks: two players sharing first are both 1 and the next is 3.

    >>> places([(39, 2), (39, 5), (30, 9)]), places([(39, 2), (39, 2), (30, 9)])
    ((2, 1, 3), (1, 1, 3))
    >>> winners([(39, 2), (39, 2), (30, 9)])     # a shared win
    (0, 1)
    >>> standings([(5,), (7,), (5,)])
    ((1, (1,)), (2, (0, 2)))
"""

from __future__ import annotations

from collections.abc import Sequence


def _normalised(keys: Sequence[Sequence[int]], higher: Sequence[bool] | None) -> list[tuple[int, ...]]:
    if not keys:
        return []
    width = len(keys[0])
    if any(len(k) != width for k in keys):
        raise ValueError("every player needs the same number of keys")
    signs = [1] * width if higher is None else [1 if h else -1 for h in higher]
    if len(signs) != width:
        raise ValueError(f"{len(signs)} directions for {width} keys")
    return [tuple(s * v for s, v in zip(signs, k)) for k in keys]


def places(keys: Sequence[Sequence[int]], higher: Sequence[bool] | None = None) -> tuple[int, ...]:
    """Each player's place (1 = best); players tied on every key share a place."""
    norm = _normalised(keys, higher)
    return tuple(1 + sum(other > mine for other in norm) for mine in norm)


def standings(keys: Sequence[Sequence[int]], higher: Sequence[bool] | None = None) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(place, players sharing it) from the best place down."""
    ranked = places(keys, higher)
    return tuple((p, tuple(i for i, q in enumerate(ranked) if q == p)) for p in sorted(set(ranked)))


def winners(keys: Sequence[Sequence[int]], higher: Sequence[bool] | None = None) -> tuple[int, ...]:
    """The players in first place (more than one when they tie on every key)."""
    return tuple(i for i, p in enumerate(places(keys, higher)) if p == 1)
