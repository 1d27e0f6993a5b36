"""One ascending auction round as a small state machine the game driver steps through.

Seats are 0..n-1 clockwise. Bidding starts at seat `first` and goes clockwise; the seat to act either
raises the current bid (any amount above it up to what that bidder can pay, `limit`) or passes and is
out for good. The auction ends when only the leader is left in, or when everybody has passed without
a bid: then `holder` wins for 0. The state is a frozen record of ints, so it saves and compares as is.

    >>> a = start(players=3, first=0, holder=0)
    >>> legal_bids(a, limit=25)          # passing, act(a, PASS), is always legal too
    range(1, 26)
    >>> for bid in (2, 3, PASS, 4, PASS):
    ...     a = act(a, bid, limit=25)
    >>> a.done, a.winner, a.price
    (True, 0, 4)
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

PASS = None

Limit = int | Callable[[int], int] | None


@attrs.frozen(slots=True)
class Auction:
    """Where an auction stands: whose turn (-1 when done), who is still in (bitmask), the best bid."""

    players: int
    holder: int
    turn: int
    active: int
    bid: int = 0
    leader: int = -1

    @property
    def done(self) -> bool:
        return self.turn < 0

    @property
    def winner(self) -> int:
        """The highest bidder, or the holder when nobody bid."""
        return self.leader if self.leader >= 0 else self.holder

    @property
    def price(self) -> int:
        return self.bid

    def still_in(self) -> tuple[int, ...]:
        """The seats that have not passed, ascending."""
        return tuple(s for s in range(self.players) if self.active >> s & 1)


def start(players: int, first: int, holder: int) -> Auction:
    """A fresh auction: every seat in, `first` to act, `holder` the default winner."""
    if players < 1 or not (0 <= first < players and 0 <= holder < players):
        raise ValueError(f"seats must lie in 0..{players - 1}")
    return Auction(players, holder, first, (1 << players) - 1)


def _cap(limit: Limit, seat: int) -> int | None:
    return limit(seat) if callable(limit) else limit


def legal_bids(auction: Auction, limit: Limit = None) -> range:
    """The raises open to the seat to act (empty when done or it cannot pay more); PASS is always open."""
    if auction.done:
        return range(0)
    cap = _cap(limit, auction.turn)
    if cap is None:
        raise ValueError("an open-ended auction has no finite list of bids; give the bidder's limit")
    return range(auction.bid + 1, cap + 1)


def act(auction: Auction, bid: int | None, limit: Limit = None) -> Auction:
    """The auction after the seat to act bids `bid` or passes (`PASS`)."""
    if auction.done:
        raise ValueError("the auction is over")
    seat = auction.turn
    active, best, leader = auction.active, auction.bid, auction.leader
    if bid is PASS:
        active &= ~(1 << seat)
    else:
        cap = _cap(limit, seat)
        if bid <= best or (cap is not None and bid > cap):
            raise ValueError(f"seat {seat} may bid {best + 1}..{cap if cap is not None else 'any'} or pass, not {bid}")
        best, leader = bid, seat
    if active == 0 or (leader >= 0 and active == 1 << leader):
        turn = -1
    else:
        n = auction.players
        turn = next(s % n for s in range(seat + 1, seat + n + 1) if active >> (s % n) & 1)
    return attrs.evolve(auction, turn=turn, active=active, bid=best, leader=leader)
