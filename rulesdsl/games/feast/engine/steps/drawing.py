"""Drawing a card of a deck at a phase: the top card, unless a `drawing` replacement takes its place."""

from __future__ import annotations

from rulesdsl.games.feast.engine import ops
from rulesdsl.games.feast.engine.events import EventInfo


def draw_weapon(flow, ctx):
    """`use draw_weapon`: the top weapon card goes to the player's supply (the deck is reshuffled when empty)."""
    how = ctx.phase.how if ctx.phase is not None else frozenset({"extra"})
    replaced = yield from flow.replace(ctx, "drawing", EventInfo("drawing", kind="weapon", how=how))
    if replaced is None:
        weapon = ops.draw_weapon(flow.g)
        if weapon is not None:
            ctx.p.supply[weapon] += 1
    return True
