"""Board bonuses: every board or house whose bonus squares are surrounded pays their goods.

A `bonus` replacement (`instead of bonus`) may take a board's place; a phase run by a card
may narrow the boards (`run phase bonus on my houses`: the phase's `on`)."""

from __future__ import annotations

from rulesdsl.content.catalog import GOOD, RESOURCE, SPECIAL
from rulesdsl.games.feast.engine import ops
from rulesdsl.games.feast.engine.events import EventInfo, area_matches
from rulesdsl.geometry import scoring
from rulesdsl.lang import tree as t


def board_bonus(flow, ctx):
    """`use board_bonus`: one player's boards and houses pay their bonus goods."""
    g, p = flow.g, ctx.p
    phase = ctx.phase
    on = phase.data.get("on") if phase is not None else None
    how = phase.how if phase is not None else frozenset({"extra"})
    areas = [("home", p.home)] + [("exploration", board) for _, board in sorted(p.explored.items())]
    areas += [(b.kind, b.grid) for b in p.buildings if b.grid is not None]
    for area, board in areas:
        if isinstance(on, t.Selector) and not any(area_matches(g.catalog, words, area) for words in on.nouns):
            continue
        pays = scoring.bonus(board)
        if not pays:
            continue
        goods = [good for _, gs in pays for good in gs]
        info = EventInfo("bonus", area=area, amount=len(goods), items=frozenset(goods), how=how)
        replaced = yield from flow.replace(ctx, "bonus", info)
        if replaced is not None:
            continue
        arrived = [good for good in goods if ops.gain(g, p, good, 1) and g.catalog.kind.get(good) in (GOOD, SPECIAL, RESOURCE)]
        for good in arrived:  # one yield: the board's goods arrive together, then cards react
            yield from flow.interp.received(ctx, good, 1, "bonus")
    return True
