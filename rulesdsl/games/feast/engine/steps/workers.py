"""Workers between a waiting table, the pool they are placed from, and the action board.

`leave_table`: workers leave a player's table for the pool they are placed from (the number is
the phase's parameter: one, or the home board's solo seats of the round).
`return_placed_vikings`: every worker on the action board goes back to its owner's pool; in a
solo game this round's workers stay and block, and the second colour's waiting workers come in."""

from __future__ import annotations


def leave_table(flow, ctx, count: int):
    """`use leave_table with count N`."""
    p = ctx.p
    n = min(count, p.table_vikings)
    if n <= 0:
        return False
    before = p.thing
    p.table_vikings -= n
    p.thing += n
    yield from flow.thing_changed(ctx.player, before)
    return True


def return_placed_vikings(flow, ctx):
    """`use return_placed_vikings`: the whole action board is cleared."""
    s = flow.g.state
    solo = len(s.players) == 1
    for space in list(s.occupancy):
        kept = []
        for who, n, placed in s.occupancy[space]:
            if solo and placed == s.round:
                kept.append((who, n, placed))  # [SO3]: this round's workers stay and block
            else:
                p = s.players[who]
                before = p.thing
                p.thing += n
                yield from flow.thing_changed(who, before)
        if kept:
            s.occupancy[space] = kept
        else:
            del s.occupancy[space]
    if solo:
        p = s.players[0]
        if p.waiting:
            before = p.thing
            p.thing += p.waiting
            p.waiting = 0
            yield from flow.thing_changed(0, before)
    return True
