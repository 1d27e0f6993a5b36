"""Exchange cycles: whether repeatable exchanges (pay a bundle, gain a bundle), used in some
order and some number of times, turn a bundle into a strictly larger one, something out of
nothing. Game-neutral: an exchange is a pair of (item, count) bundles and a text, so every
game's `interactions` check (a card game's anytime cards, a tableau ruleset's anytime rules)
asks the same kernel.

    >>> up = Exchange("one", (("a", 1),), (("b", 2),), "pay 1 a -> gain 2 b")
    >>> down = Exchange("two", (("b", 1),), (("a", 1),), "pay 1 b -> gain 1 a")
    >>> find_cycles([up])       # alone it only turns one thing into another
    []
    >>> [cycle] = find_cycles([up, down])
    >>> cycle[-1]               # used once each: 1 b more than at the start
    ('net', {'b': 1})
    >>> cycle_text(cycle)
    'start with 1 a: pay 1 a -> gain 2 b (one); pay 1 b -> gain 1 a (two) -> end with 1 a, 1 b'
    >>> merge((("a", 1),), (("b", 2), ("a", 1)))
    (('a', 2), ('b', 2))
"""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from collections.abc import Iterable

import attrs

Bundle = tuple[tuple[str, int], ...]  # ((item, count), ...)


@attrs.frozen
class Exchange:
    """One repeatable exchange: who offers it, what is paid, what is gained, its text."""

    owner: str
    pay: Bundle
    gain: Bundle
    text: str


# A cycle: each exchange with the times it is used, then ("net", what the whole cycle gains).
Cycle = list[tuple[object, object]]


def find_cycles(exchanges: list[Exchange], size: int = 3, most: int = 3) -> list[Cycle]:
    """Combinations of up to `size` exchanges, each used 1..`most` times, whose net result
    is never negative and gains something: a bundle turned into a strictly larger one."""
    vectors: list[Counter[str]] = []
    for ex in exchanges:
        v: Counter[str] = Counter()
        for item, n in ex.gain:
            v[item] += n
        for item, n in ex.pay:
            v[item] -= n
        vectors.append(v)
    produces: defaultdict[str, set[int]] = defaultdict(set)
    for i, v in enumerate(vectors):
        for item, n in v.items():
            if n > 0:
                produces[item].add(i)
    found: list[Cycle] = []
    seen: set[frozenset[int]] = set()
    for k in range(1, size + 1):
        for combo in itertools.combinations(range(len(exchanges)), k):
            needed: set[str] = set()
            for i in combo:
                needed |= {item for item, n in vectors[i].items() if n < 0}
            if any(not (produces[item] & set(combo)) for item in needed):
                continue  # something paid is made by none of them: no cycle
            for counts in itertools.product(range(1, most + 1), repeat=k):
                net: Counter[str] = Counter()
                for i, c in zip(combo, counts):
                    for item, n in vectors[i].items():
                        net[item] += c * n
                if all(n >= 0 for n in net.values()) and any(n > 0 for n in net.values()):
                    key = frozenset(combo)
                    if key not in seen:
                        seen.add(key)
                        cycle: Cycle = [(exchanges[i], c) for i, c in zip(combo, counts)]
                        found.append(cycle + [("net", dict(+net))])
                    break
    return found


def cycle_text(cycle: Cycle) -> str:
    """The exchanges of a cycle in an order that works, from the smallest bundle to start with."""
    steps = [ex for ex, count in cycle[:-1] if isinstance(ex, Exchange) and isinstance(count, int) for _ in range(count)]
    best: tuple[int, tuple[int, ...], Counter[str]] | None = None
    # every order for a short cycle (the smallest start wins, the first in the set's order on a
    # tie, as the reports always chose); a long one as it was found
    orders: Iterable[tuple[int, ...]] = (set(itertools.permutations(range(len(steps)))) if len(steps) <= 7
                                         else [tuple(range(len(steps)))])
    for order in orders:
        stock: Counter[str] = Counter()
        need: Counter[str] = Counter()
        for i in order:
            for item, n in steps[i].pay:
                stock[item] -= n
                need[item] = max(need[item], -stock[item])
            for item, n in steps[i].gain:
                stock[item] += n
        size = sum(need.values())
        if best is None or size < best[0]:
            best = (size, order, need)
    assert best is not None  # a cycle has at least one exchange
    _, chosen, start_with = best
    start = ", ".join(f"{n} {item}" for item, n in sorted(start_with.items()) if n) or "nothing"
    end = Counter(start_with)
    for i in chosen:
        for item, n in steps[i].pay:
            end[item] -= n
        for item, n in steps[i].gain:
            end[item] += n
    finish = ", ".join(f"{n} {item}" for item, n in sorted(end.items()) if n)
    chain = "; ".join(f"{steps[i].text} ({steps[i].owner})" for i in chosen)
    return f"start with {start}: {chain} -> end with {finish}"


def merge(a: Bundle, b: Bundle) -> Bundle:
    """Two bundles added together, items in order."""
    total: Counter[str] = Counter(dict(a))
    for item, n in b:
        total[item] += n
    return tuple(sorted(total.items()))
