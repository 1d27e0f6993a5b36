"""Which sets of figures one carrier may move into free target cells, and how they may be placed.

Figures waiting to be moved are counted per colour (`waiting`, in the caller's fixed colour order);
each colour goes to cells of one target category (`target`, default the colour itself) and `room`
counts the free cells per category. A load (what one carrier moves) is a tuple of (colour, count):

* ONE_KIND_OR_ALL_DIFFERENT - any number of one colour, or one each of several colours; illegal
  only with two of the same colour AND two different colours;
* SINGLE - exactly one figure.

A load must also fit the free cells of each category. `loads` lists every legal load (at most
6 x 13 + 2^6 for six colours of thirteen figures), `placements` every way to put one on cells.

    >>> loads({"p": 2, "q": 1, "r": 1}, {"p": 2, "q": 1, "r": 0})
    ((('p', 1),), (('p', 2),), (('q', 1),), (('p', 1), ('q', 1)))
    >>> list(placements((("p", 1), ("q", 1)), {"p": [(3, 0), (3, 4)], "q": [(4, 1)]}))
    [(('p', (3, 0)), ('q', (4, 1))), (('p', (3, 4)), ('q', (4, 1)))]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations, product

ONE_KIND_OR_ALL_DIFFERENT, SINGLE = "one_kind_or_all_different", "single"
RULES = (ONE_KIND_OR_ALL_DIFFERENT, SINGLE)

Load = tuple[tuple[str, int], ...]


def load_allowed(counts: Sequence[int], rule: str = ONE_KIND_OR_ALL_DIFFERENT) -> bool:
    """True if a carrier may take this many figures of each colour (room not considered)."""
    present = [n for n in counts if n]
    if rule == SINGLE:
        return sum(present) == 1
    if rule != ONE_KIND_OR_ALL_DIFFERENT:
        raise ValueError(f"unknown transfer rule '{rule}'; expected {' or '.join(RULES)}")
    return bool(present) and (len(present) == 1 or max(present) == 1)


def _movable(waiting: Mapping[str, int], room: Mapping[str, int], target: Mapping[str, str] | None) -> list[tuple[str, str, int]]:
    out = []
    for colour, n in waiting.items():
        category = colour if target is None else target.get(colour)
        free = room.get(category, 0) if category is not None else 0
        if n > 0 and free > 0:
            out.append((colour, category, min(n, free)))
    return out


def loads(
    waiting: Mapping[str, int],
    room: Mapping[str, int],
    rule: str = ONE_KIND_OR_ALL_DIFFERENT,
    target: Mapping[str, str] | None = None,
) -> tuple[Load, ...]:
    """Every legal load of one carrier: single-colour loads by colour then size, then mixed ones."""
    if rule not in RULES:
        raise ValueError(f"unknown transfer rule '{rule}'; expected {' or '.join(RULES)}")
    movable = _movable(waiting, room, target)
    if rule == SINGLE:
        return tuple(((colour, 1),) for colour, _, _ in movable)
    out: list[Load] = [((colour, n),) for colour, _, most in movable for n in range(1, most + 1)]
    singles = [((colour, 1), category) for colour, category, _ in movable]
    shared = len({category for _, category in singles}) < len(singles)
    for size in range(2, len(singles) + 1):
        for group in combinations(singles, size):
            if shared:  # colours going to one category must fit its free cells together
                used: dict[str, int] = {}
                for _, category in group:
                    used[category] = used.get(category, 0) + 1
                if any(n > room[category] for category, n in used.items()):
                    continue
            out.append(tuple(one for one, _ in group))
    return tuple(out)


def can_move(waiting: Mapping[str, int], room: Mapping[str, int], target: Mapping[str, str] | None = None) -> bool:
    """True if some figure has a free cell (with a carrier left, a forced transfer must go on)."""
    return bool(_movable(waiting, room, target))


def placements(
    load: Load, free_cells: Mapping[str, Sequence[tuple[int, int]]], target: Mapping[str, str] | None = None
) -> Iterator[tuple[tuple[str, tuple[int, int]], ...]]:
    """Every way to put a load on free cells: tuples of (colour, cell), cells of a colour ascending."""
    per_colour = []
    for colour, n in load:
        category = colour if target is None else target[colour]
        per_colour.append([(colour, cells) for cells in combinations(sorted(free_cells.get(category, ())), n)])
    for choice in product(*per_colour):
        cells = [cell for _, chosen in choice for cell in chosen]
        if len(set(cells)) == len(cells):  # colours sharing a category do not share a cell
            yield tuple((colour, cell) for colour, chosen in choice for cell in chosen)
