"""Majority awards with ties: everyone tied for the best count gets the full award.

Players are indexes into a counts sequence. What happens when the best count is 0 is data:
NOBODY (no award) or EVERYONE (all players, who are then all tied at 0). Several awards are given in
order and summed per player.

    >>> winners((2, 2, 0)), winners((0, 0, 0)), winners((0, 0, 0), zero=EVERYONE)
    ((0, 1), (), (0, 1, 2))
    >>> awards([((2, 2, 0), 10), ((3, 2, 3), 7)], players=3)
    (17, 10, 7)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

NOBODY, EVERYONE = "nobody", "everyone"
ZERO_RULES = (NOBODY, EVERYONE)


def winners(counts: Sequence[int], zero: str = NOBODY, fewest: bool = False) -> tuple[int, ...]:
    """Indexes of every player tied for the most (or `fewest`) count; a zero best count follows `zero`."""
    if zero not in ZERO_RULES:
        raise ValueError(f"unknown zero-maximum rule '{zero}'; expected {' or '.join(ZERO_RULES)}")
    if not counts:
        return ()
    best = min(counts) if fewest else max(counts)
    if best == 0 and zero == NOBODY:
        return ()
    return tuple(i for i, n in enumerate(counts) if n == best)


def award(counts: Sequence[int], amount: int, zero: str = NOBODY, fewest: bool = False) -> tuple[int, ...]:
    """What each player receives from one award: `amount` for every tied winner, 0 for the others."""
    out = [0] * len(counts)
    for i in winners(counts, zero, fewest):
        out[i] = amount
    return tuple(out)


def awards(steps: Iterable[tuple[Sequence[int], int]], players: int, zero: str = NOBODY) -> tuple[int, ...]:
    """Sum per player of several (counts, amount) awards given in order."""
    total = [0] * players
    for counts, amount in steps:
        if len(counts) != players:
            raise ValueError(f"{len(counts)} counts for {players} players")
        for i in winners(counts, zero):
            total[i] += amount
    return tuple(total)
