"""The action phase's turns: in order from the start player, each player places Vikings on a
space or passes, until everyone has passed; then who placed last starts the next round."""

from __future__ import annotations


def turns(flow, ctx):
    """`use turns`: the turns of the round, resumable at a turn (`Game.resume_point`)."""
    point, start = flow.take_resume()
    s = flow.g.state
    if start is None:
        for p in s.players:
            p.passed = False
        s.last_placer = None
    resumed = start is not None
    while resumed or not all(p.passed for p in s.players):
        order = flow.order()
        for position in range(start if resumed else 0, len(order)):
            player = order[position]
            if s.players[player].passed:
                continue
            flow.g.resume_point((*point, position))
            yield from flow.turn(player)
        resumed = False
    return True


def last_placer_starts(flow, ctx):
    """`use last_placer_starts`: the last player to place Vikings starts (not in a solo game)."""
    s = flow.g.state
    if len(s.players) > 1 and s.last_placer is not None:
        s.start_player = s.last_placer
    return True
    yield  # pragma: no cover
