"""The ascending auction (vikings.md W10 in generic terms) and its invariants."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesdsl.mechanisms import auction as au


def test_w10_raise_or_pass_until_one_is_left():
    a = au.start(players=3, first=0, holder=0)
    assert a.turn == 0 and a.still_in() == (0, 1, 2)
    steps = [(0, 2), (1, 3), (2, au.PASS), (0, 4), (1, au.PASS)]
    for seat, bid in steps:
        assert a.turn == seat and not a.done
        a = au.act(a, bid, limit=25)
    assert a.done and (a.winner, a.price) == (0, 4) and a.still_in() == (0,)
    with pytest.raises(ValueError, match="over"):
        au.act(a, 5, limit=25)
    assert au.legal_bids(a, 25) == range(0)


def test_nobody_bids_the_holder_wins_for_nothing():
    a = au.start(players=4, first=2, holder=1)
    for seat in (2, 3, 0, 1):
        assert a.turn == seat
        a = au.act(a, au.PASS)
    assert a.done and (a.winner, a.price) == (1, 0)


def test_the_last_seat_in_may_still_bid_and_limits_bound_the_bids():
    a = au.start(players=3, first=1, holder=1)
    a = au.act(au.act(a, au.PASS), au.PASS)
    assert not a.done and a.turn == 0
    limits = {0: 2, 1: 9, 2: 9}
    assert au.legal_bids(a, limits.__getitem__) == range(1, 3)
    with pytest.raises(ValueError, match="may bid 1..2"):
        au.act(a, 3, limits.__getitem__)
    a = au.act(a, 1, limits.__getitem__)
    assert a.done and (a.winner, a.price) == (0, 1)
    with pytest.raises(ValueError):
        au.legal_bids(au.start(2, 0, 0))  # an open-ended list of bids
    with pytest.raises(ValueError):
        au.start(2, 2, 0)


@given(st.integers(1, 5), st.data())
def test_any_sequence_ends_with_a_payable_highest_bid(players, data):
    limits = data.draw(st.lists(st.integers(0, 12), min_size=players, max_size=players))
    first = data.draw(st.integers(0, players - 1))
    a = au.start(players, first, holder=first)
    seen_bids, passed = [], set()
    for _ in range(200):
        if a.done:
            break
        assert a.active >> a.turn & 1 and a.turn not in passed
        options = list(au.legal_bids(a, limits.__getitem__))
        choice = data.draw(st.sampled_from([au.PASS, *options]))
        seat = a.turn
        a = au.act(a, choice, limits.__getitem__)
        if choice is au.PASS:
            passed.add(seat)
        else:
            seen_bids.append(choice)
    assert a.done
    assert seen_bids == sorted(set(seen_bids))
    if seen_bids:
        assert a.price == seen_bids[-1] <= limits[a.winner] and a.winner not in passed
    else:
        assert (a.winner, a.price) == (first, 0)
