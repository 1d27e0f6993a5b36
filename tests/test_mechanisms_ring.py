"""The price ring (vikings.md W1, W2, W10 in generic terms) and its invariants (§13)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesdsl.mechanisms import ring

ORDER = ("c1", "c2", "c3", "c4", "c5", "c6")  # a fixed sort order of six figure categories

# W1: drawing order of 12 items, two of the second category (drawn 3rd and 8th)
W1_DRAW = ["i0", "i1", "sA", "i2", "i3", "i4", "i5", "sB", "i6", "i7", "i8", "i9"]
W1_FIGURES = ["c4", "c1", "c2", "c6", "c4", "c2", "c5", "c4", "c1", "c2", "c6", "c4"]


def w1_ring():
    items = ring.layout_from_ends(W1_DRAW, [name.startswith("s") for name in W1_DRAW], 12)
    figures = ring.sort_into_slots(W1_FIGURES, ORDER, 12)
    return items, figures


def test_w1_layout_from_both_ends_and_sorted_figures():
    items, figures = w1_ring()
    assert items[:10] == ("i0", "i1", "i2", "i3", "i4", "i5", "i6", "i7", "i8", "i9")
    assert items[11] == "sA" and items[10] == "sB"  # first of the second category on the last slot
    assert ring.layout_from_ends(W1_DRAW, lambda name: name.startswith("s"), 12) == items
    assert figures == ("c1", "c1", "c2", "c2", "c2", "c4", "c4", "c4", "c4", "c5", "c6", "c6")
    assert ring.groups_in_order(W1_FIGURES, ORDER) == (("c1", 2), ("c2", 3), ("c4", 4), ("c5", 1), ("c6", 2))


def test_w2_prices_pointer_and_last_of_group():
    _, figures = w1_ring()
    occ = ring.mask_of(figures)
    assert ring.prices(occ) == tuple((s, s) for s in range(12))
    assert not ring.is_last_of_group(figures, occ, 0)  # another c1 on slot 1
    occ = ring.take(occ, 1)
    assert ring.price(occ, 0) == 0 and ring.is_last_of_group(figures, occ, 0)
    before = occ
    occ = ring.take(occ, 0)
    assert ring.steps_turned(before, occ) == 2
    assert dict(ring.prices(occ)) == {2: 0, 3: 1, 4: 2, 5: 3, 6: 4, 7: 5, 8: 6, 9: 7, 10: 8, 11: 9}
    assert not ring.is_last_of_group(figures, occ, 2)
    assert ring.price(occ, 9) == 7
    for slot in (9, 3, 4):
        before = occ
        occ = ring.take(occ, slot)
        assert ring.steps_turned(before, occ) == 0
    assert ring.is_last_of_group(figures, occ, 2)
    before = occ
    occ = ring.take(occ, 2)
    assert ring.steps_turned(before, occ) == 3
    assert dict(ring.prices(occ)) == {5: 0, 6: 1, 7: 2, 8: 3, 10: 5, 11: 6}
    assert ring.highest(occ) == 11 and ring.pointer(occ) == 5


def test_w10_chosen_groups_fill_the_highest_empty_slots():
    slots = (None,) * 12
    for group in (["c6"] * 2, ["c4"] * 3, ["c1"] * 4, ["c2"] * 3):
        slots = ring.fill_highest_empty(slots, group)
    assert slots == ("c2",) * 3 + ("c1",) * 4 + ("c4",) * 3 + ("c6",) * 2
    with pytest.raises(ValueError):
        ring.fill_highest_empty(slots, ["c5"])


def test_errors_say_what_is_wrong():
    with pytest.raises(ValueError, match="do not fit"):
        ring.layout_from_ends(["a"] * 13, [False] * 13, 12)
    with pytest.raises(ValueError, match="not in the sort order"):
        ring.sort_into_slots(["zz"], ORDER, 12)
    with pytest.raises(ValueError, match="empty"):
        ring.take(0b10, 0)
    assert ring.pointer(0) == -1 and ring.highest(0) == -1 and ring.prices(0) == ()


def test_figures_can_go_onto_a_subset_of_slots():
    assert ring.sort_into_slots(["c2", "c1"], ORDER, 5, slots=(4, 1)) == (None, "c1", None, None, "c2")
    items = ring.layout_from_ends(["a", "b", "X"], [False, False, True], 5)
    assert ring.occupied_slots(ring.mask_of(items)) == (0, 1, 4)
    slots = ring.occupied_slots(ring.mask_of(items))
    assert ring.sort_into_slots(["c3", "c1", "c2"], ORDER, 5, slots) == ("c1", "c2", None, None, "c3")


@given(st.lists(st.booleans(), min_size=1, max_size=16), st.data())
def test_layout_fills_both_ends_without_gaps(flags, data):
    size = data.draw(st.integers(len(flags), 20))
    items = ring.layout_from_ends(list(range(len(flags))), flags, size)
    front = [i for i, f in enumerate(flags) if not f]
    back = [i for i, f in enumerate(flags) if f]
    assert list(items[: len(front)]) == front
    assert list(reversed(items[size - len(back):])) == back
    assert items.count(None) == size - len(flags)


@given(st.integers(1, 16).flatmap(lambda n: st.tuples(st.just(n), st.permutations(range(n)))), st.data())
def test_prices_stay_distinct_within_range_and_pointer_is_lowest(size_order, data):
    size, order = size_order
    occ = (1 << size) - 1
    for slot in order[: data.draw(st.integers(0, size))]:
        occ = ring.take(occ, slot)
        if not occ:
            break
        table = ring.prices(occ)
        values = [p for _, p in table]
        assert len(set(values)) == len(values)
        assert all(0 <= p <= size - 1 for p in values)
        assert ring.pointer(occ) == min(s for s, _ in table) and dict(table)[ring.pointer(occ)] == 0
        assert ring.highest(occ) == max(table, key=lambda sp: sp[1])[0]


@given(st.lists(st.sampled_from(ORDER), max_size=12))
def test_sorted_figures_sit_on_consecutive_slots_by_category(figures):
    out = ring.sort_into_slots(figures, ORDER, 12)
    placed = [f for f in out if f is not None]
    assert placed == sorted(figures, key=ORDER.index) and out[: len(placed)] == tuple(placed)
    for category, n in ring.groups_in_order(figures, ORDER):
        first = out.index(category)
        assert out[first: first + n] == (category,) * n
