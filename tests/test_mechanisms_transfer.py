"""Carrier loads (vikings.md W8 in generic terms) checked against brute force."""

from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesdsl.mechanisms.transfer import ANY, ONE_KIND_OR_ALL_DIFFERENT, SINGLE, can_move, load_allowed, loads, placements


def test_w8_loads_of_one_carrier():
    waiting = {"c3": 2, "c4": 1, "c5": 1}
    room = {"c3": 2, "c4": 1, "c5": 0}
    got = loads(waiting, room)
    assert (("c3", 2),) in got and (("c4", 1),) in got and (("c3", 1), ("c4", 1)) in got
    assert all(dict(load).get("c5") is None for load in got)  # no free cell for it
    assert not load_allowed([2, 1, 0])  # two of a colour and two colours
    assert load_allowed([2, 0, 0]) and load_allowed([1, 1, 1]) and not load_allowed([0, 0, 0])
    assert loads(waiting, room, SINGLE) == ((("c3", 1),), (("c4", 1),))
    assert can_move(waiting, room) and not can_move({"c5": 1}, room)
    with pytest.raises(ValueError, match="unknown transfer rule"):
        loads(waiting, room, "some")
    assert loads(waiting, room, ANY, limit=2) == (
        (("c3", 1),), (("c3", 2),), (("c4", 1),), (("c3", 1), ("c4", 1))
    )
    assert loads(waiting, room, ANY, limit=3)[-1] == (("c3", 2), ("c4", 1))  # what one-kind-or-all-different forbids
    assert loads(waiting, room, limit=1) == loads(waiting, room, SINGLE)
    assert load_allowed([2, 1], ANY, limit=3) and not load_allowed([2, 1], ANY, limit=2)


def test_shared_target_category_and_placements():
    target = {"x": "t", "y": "t"}
    assert loads({"x": 1, "y": 1}, {"t": 1}, target=target) == ((("x", 1),), (("y", 1),))
    both = loads({"x": 1, "y": 1}, {"t": 2}, target=target)
    assert (("x", 1), ("y", 1)) in both
    assert loads({"x": 2, "y": 1}, {"t": 2}, ANY, target=target) == ((("x", 1),), (("x", 2),), (("y", 1),), (("x", 1), ("y", 1)))
    ways = list(placements((("x", 1), ("y", 1)), {"t": [(1, 0), (1, 1)]}, target))
    assert ways == [(("x", (1, 0)), ("y", (1, 1))), (("x", (1, 1)), ("y", (1, 0)))]
    assert list(placements((("x", 2),), {"t": [(1, 2), (1, 0), (1, 1)]}, target)) == [
        (("x", (1, 0)), ("x", (1, 1))), (("x", (1, 0)), ("x", (1, 2))), (("x", (1, 1)), ("x", (1, 2)))
    ]


COLOURS = ("a", "b", "c", "d")
SHARED = {"a": "t1", "b": "t1", "c": "t2", "d": "t2"}  # two colours per target category


@given(
    st.lists(st.integers(0, 3), min_size=4, max_size=4),
    st.lists(st.integers(0, 4), min_size=4, max_size=4),
    st.sampled_from([ONE_KIND_OR_ALL_DIFFERENT, SINGLE, ANY]),
    st.one_of(st.none(), st.integers(0, 5)),
    st.booleans(),
)
def test_loads_are_exactly_the_allowed_count_vectors_that_fit_the_room(waiting, room, rule, limit, shared):
    target = SHARED if shared else None
    rooms = dict(zip(("t1", "t2"), room)) if shared else dict(zip(COLOURS, room))
    got = loads(dict(zip(COLOURS, waiting)), rooms, rule, target, limit)
    as_vectors = {tuple(dict(load).get(c, 0) for c in COLOURS) for load in got}
    assert len(as_vectors) == len(got)

    def fits(counts):
        used = {}
        for colour, n in zip(COLOURS, counts):
            category = SHARED[colour] if shared else colour
            used[category] = used.get(category, 0) + n
        return all(n <= rooms[category] for category, n in used.items())

    expected = {c for c in product(*(range(w + 1) for w in waiting)) if load_allowed(c, rule, limit) and fits(c)}
    assert as_vectors == expected
