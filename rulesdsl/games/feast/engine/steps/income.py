"""Income and the harvest: what a player's boards and the round plan bring in.

`collect_income`: silver equal to the income of the player's boards (the smallest number
left uncovered on each board that has an income track), all at once.
`harvest_goods`: one of every orange good whose harvest number is at most `up_to`."""

from __future__ import annotations

from rulesdsl.games.feast.engine import ops
from rulesdsl.lang import tree as t


def collect_income(flow, ctx):
    """`use collect_income`; the amount is what `during phase` hooks read as `amount`."""
    amount = flow.income(ctx.p)
    ops.gain(flow.g, ctx.p, "silver", amount)
    if ctx.phase is not None:
        ctx.phase.amount = amount
    return True
    yield  # pragma: no cover


def harvest_goods(flow, ctx, up_to: int):
    """`use harvest_goods with up_to N` (0: nothing is harvested)."""
    if up_to <= 0:
        return False
    return (yield from flow.interp.s_Harvest(t.Harvest(up_to), ctx, True))

