"""Start-middle*-end runs (vikings.md V49/V50, W5, W9 in generic terms) against a regular expression."""

import re

from hypothesis import given
from hypothesis import strategies as st

from rulesdsl.mechanisms.patterns import grid_runs, grid_summary, runs, summary


def test_rows_with_runs_broken_runs_and_unfinished_runs():
    assert runs(["a", "m", "z", None, "a", "z", "m"], "a", "m", "z") == ((0, 3), (4, 2))
    assert runs(["a", "m", "a", "m", "m", "z"], "a", "m", "z") == ((2, 4),)
    assert runs(["a", None, "z"], "a", "m", "z") == ()
    assert runs(["z", "a", "z", "a", "z"], "a", "m", "z") == ((1, 2), (3, 2))
    assert runs(["a", "m1", "m2", "z"], "a", {"m1", "m2"}, "z") == ((0, 4),)
    assert summary([], "a", "m", "z") == (0, 0)


def test_w5_grid_two_rows_never_joined_across_rows():
    cells = {(3, 0): "a", (3, 1): "m", (3, 2): "z", (4, 1): "a", (4, 2): "m", (4, 3): "z", (5, 3): "a", (2, 2): "z"}
    assert grid_runs(cells, "a", "m", "z") == ((3, 0, 3), (4, 1, 3))
    assert grid_summary(cells, "a", "m", "z") == (2, 3)
    assert grid_summary({}, "a", "m", "z") == (0, 0)


@given(st.lists(st.sampled_from(["a", "m", "z", None]), max_size=20))
def test_runs_are_the_leftmost_non_overlapping_matches(row):
    text = "".join(c or "." for c in row)
    expected = tuple((m.start(), len(m.group())) for m in re.finditer("am*z", text))
    assert runs(row, "a", "m", "z") == expected
    cells = {(7, c + 2): cat for c, cat in enumerate(row) if cat is not None}
    assert grid_runs(cells, "a", "m", "z") == tuple((7, s + 2, n) for s, n in expected)
