"""Ordered row filling (vikings.md W4 in generic terms, 0-based cells) and the contiguous-fill invariant."""

from hypothesis import given
from hypothesis import strategies as st

from rulesdsl.mechanisms.rowfill import is_legal, legal_columns, legal_positions, to_mask


def test_w4_free_start_inside_the_window_then_adjacent_then_in_order():
    assert legal_positions(0, 3) == (0, 1, 2)
    assert not is_legal(0, 3, 3)  # first piece outside the window
    assert legal_positions(to_mask([1]), 3) == (0, 2)
    assert legal_positions(to_mask([2]), 3) == (1,)  # second piece not on cell 0 when the first is on 2
    assert legal_positions(to_mask([0, 1]), 3) == (2,)
    assert legal_positions(to_mask([1, 2]), 3) == (0,)
    assert legal_positions(to_mask([0, 1, 2]), 3) == (3,)
    assert legal_positions(to_mask(range(4)), 3) == (4,)
    assert legal_positions(to_mask(range(4)), 3, length=4) == ()


def test_one_based_columns():
    assert legal_columns(set(), 3, first=1) == [1, 2, 3]
    assert legal_columns({2}, 3, first=1) == [1, 3]
    assert legal_columns({1, 2, 3, 4}, 3, first=1) == [5]
    assert legal_columns({1, 2, 3, 4}, 3, first=1, length=4) == []


def test_several_free_pieces():
    assert legal_positions(to_mask([0]), 4, free=2) == (1, 2, 3)
    assert legal_positions(to_mask([0, 3]), 4, free=2) == (1, 2)
    assert legal_positions(0, 4, length=2) == (0, 1)


@given(st.integers(1, 6), st.lists(st.integers(0, 1000), max_size=15))
def test_fill_stays_one_unbroken_run(window, picks):
    filled = 0
    for pick in picks:
        options = legal_positions(filled, window)
        assert options
        filled |= 1 << options[pick % len(options)]
        n = filled.bit_count()
        low = (filled & -filled).bit_length() - 1
        assert filled == ((1 << n) - 1) << low  # contiguous
        if n >= window:
            assert filled == (1 << n) - 1  # cells 0..n-1
        else:
            assert filled < 1 << window
