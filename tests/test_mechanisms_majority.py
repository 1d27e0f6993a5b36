"""Majorities with ties (vikings.md W9 in generic terms) and ranking by a key chain."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesdsl.mechanisms import majority, tiebreak


def test_w9_three_majorities_with_ties():
    carriers, groups, longest = (2, 2, 0), (3, 2, 3), (4, 5, 5)
    assert majority.award(carriers, 10) == (10, 10, 0)
    assert majority.award(groups, 7) == (7, 0, 7)
    assert majority.award(longest, 5) == (0, 5, 5)
    assert majority.awards([(carriers, 10), (groups, 7), (longest, 5)], players=3) == (17, 15, 12)


def test_zero_maximum_rule_and_fewest():
    assert majority.winners((0, 0)) == ()
    assert majority.winners((0, 0), zero=majority.EVERYONE) == (0, 1)
    assert majority.winners((3, 1, 1), fewest=True) == (1, 2)
    assert majority.winners(()) == ()
    with pytest.raises(ValueError, match="zero-maximum rule"):
        majority.winners((1,), zero="some")
    with pytest.raises(ValueError, match="counts for"):
        majority.awards([((1, 2), 3)], players=3)


@given(st.lists(st.integers(0, 9), min_size=1, max_size=6), st.integers(1, 20), st.sampled_from(majority.ZERO_RULES))
def test_every_tied_maximum_gets_the_full_award(counts, amount, zero):
    got = majority.award(counts, amount, zero)
    best = max(counts)
    for n, a in zip(counts, got):
        if n == best and (best > 0 or zero == majority.EVERYONE):
            assert a == amount
        else:
            assert a == 0


def test_w9_tiebreak_by_a_second_key_then_shared():
    assert tiebreak.places([(39, 2), (39, 5), (30, 9)]) == (2, 1, 3)
    assert tiebreak.winners([(39, 2), (39, 5), (30, 9)]) == (1,)
    assert tiebreak.winners([(39, 2), (39, 2), (30, 9)]) == (0, 1)
    assert tiebreak.standings([(5,), (7,), (5,)]) == ((1, (1,)), (2, (0, 2)))
    assert tiebreak.places([(3, 1), (3, 0)], higher=(True, False)) == (2, 1)
    assert tiebreak.places([]) == ()
    with pytest.raises(ValueError):
        tiebreak.places([(1,), (1, 2)])


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=5))
def test_places_share_exactly_on_equal_keys_and_follow_the_key_order(keys):
    got = tiebreak.places(keys)
    for i, a in enumerate(keys):
        assert got[i] == 1 + sum(b > a for b in keys)
        for j, b in enumerate(keys):
            assert (got[i] == got[j]) == (a == b)
            if a > b:
                assert got[i] < got[j]
