"""Which sets of figures one carrier may move into free target cells, and how they may be placed.

Figures waiting to be moved are counted per colour (`waiting`, in the caller's fixed colour order);
each colour goes to cells of one target category (`target`, default the colour itself) and `room`
counts the free cells per category. A load (what one carrier moves) is a tuple of (colour, count):

* ONE_KIND_OR_ALL_DIFFERENT - any number of one colour, or one each of several colours; illegal
  only with two of the same colour AND two different colours;
* SINGLE - exactly one figure;
* ANY - any set (give a `limit`: the loads of an unlimited carrier are many).

`limit`, if given, caps the figures of any load. A load must also fit the free cells of each category. `loads` lists every legal load (at most
6 x 13 + 2^6 for six colours of thirteen figures), `placements` every way to put one on cells.

    >>> loads({"p": 2, "q": 1, "r": 1}, {"p": 2, "q": 1, "r": 0})
    ((('p', 1),), (('p', 2),), (('q', 1),), (('p', 1), ('q', 1)))
    >>> list(placements((("p", 1), ("q", 1)), {"p": [(3, 0), (3, 4)], "q": [(4, 1)]}))
    [(('p', (3, 0)), ('q', (4, 1))), (('p', (3, 4)), ('q', (4, 1)))]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import combinations, product

ONE_KIND_OR_ALL_DIFFERENT, SINGLE, ANY = "one_kind_or_all_different", "single", "any"
RULES = (ONE_KIND_OR_ALL_DIFFERENT, SINGLE, ANY)

Load = tuple[tuple[str, int], ...]


def _check(rule: str) -> None:
    if rule not in RULES:
        raise ValueError(f"unknown transfer rule '{rule}'; expected one of {', '.join(RULES)}")


def load_allowed(counts: Sequence[int], rule: str = ONE_KIND_OR_ALL_DIFFERENT, limit: int | None = None) -> bool:
    """True if a carrier may take this many figures of each colour (room not considered)."""
    _check(rule)
    present = [n for n in counts if n]
    total = sum(present)
    if not total or (limit is not None and total > limit):
        return False
    if rule == SINGLE:
        return total == 1
    return rule == ANY or len(present) == 1 or max(present) == 1


def _movable(waiting: Mapping[str, int], room: Mapping[str, int], target: Mapping[str, str] | None) -> list[tuple[str, str, int]]:
    out = []
    for colour, n in waiting.items():
        category = colour if target is None else target.get(colour)
        if category is None:
            continue
        free = room.get(category, 0)
        if n > 0 and free > 0:
            out.append((colour, category, min(n, free)))
    return out


def _fits_room(group: Iterable[tuple[tuple[str, int], str]], room: Mapping[str, int]) -> bool:
    used: dict[str, int] = {}
    for (_, n), category in group:
        used[category] = used.get(category, 0) + n
    return all(n <= room[category] for category, n in used.items())


def loads(
    waiting: Mapping[str, int],
    room: Mapping[str, int],
    rule: str = ONE_KIND_OR_ALL_DIFFERENT,
    target: Mapping[str, str] | None = None,
    limit: int | None = None,
) -> tuple[Load, ...]:
    """Every legal load of one carrier: single-colour loads by colour then size, then mixed ones."""
    _check(rule)
    movable = _movable(waiting, room, target)
    cap = limit if limit is not None else sum(most for _, _, most in movable)
    if rule == SINGLE or cap < 1:
        return tuple(((colour, 1),) for colour, _, _ in movable) if cap >= 1 else ()
    shared = len({category for _, category, _ in movable}) < len(movable)
    out: list[Load] = [((colour, n),) for colour, _, most in movable for n in range(1, min(most, cap) + 1)]
    if rule == ANY:
        for counts in product(*(range(min(most, cap) + 1) for _, _, most in movable)):
            if sum(1 for n in counts if n) >= 2 and sum(counts) <= cap:
                group = [((colour, n), category) for (colour, category, _), n in zip(movable, counts) if n]
                if not shared or _fits_room(group, room):
                    out.append(tuple(one for one, _ in group))
        return tuple(out)
    singles = [((colour, 1), category) for colour, category, _ in movable]
    for size in range(2, min(len(singles), cap) + 1):
        for chosen in combinations(singles, size):
            if not shared or _fits_room(chosen, room):  # colours going to one category share its free cells
                out.append(tuple(one for one, _ in chosen))
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
