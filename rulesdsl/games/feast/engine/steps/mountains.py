"""Mountain strips wear down: the leftmost item of every strip goes, empty strips leave the
display, and the next strip of the pile joins it. Every player hears `mountain_updated`
(with what was removed, for `removed(...)`)."""

from __future__ import annotations

from collections import Counter

from rulesdsl.games.feast.engine.events import EventInfo


def update_mountain_strips(flow, ctx):
    """`use update_mountain_strips`: the whole table's strips."""
    s = flow.g.state
    removed = Counter()
    for strip in s.strips:
        if strip[1]:
            removed[strip[1].pop(0)] += 1
    s.strips = [strip for strip in s.strips if strip[1]]
    if s.strip_pile:
        sid = s.strip_pile.pop(0)
        s.strips.append([sid, list(flow.g.content.mountain_strips[sid].items)])
    for player in flow.order():
        yield from flow.emit("when", "mountain_updated", flow.ctx(player), EventInfo("mountain_updated", data={"removed": removed}))
    return True
