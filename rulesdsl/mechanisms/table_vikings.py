"""Vikings between the banquet table, the Thing square and the action board.

`leave_table`: Vikings leave a player's banquet table for the Thing square (the number is
the phase's parameter: one, or the home board's solo seats of the round).
`return_placed_vikings`: every Viking on the action board goes home; in a solo game this
round's Vikings stay and block, and the second colour's waiting Vikings come in."""

from __future__ import annotations


def leave_table(flow, ctx, vikings: int):
    """`use leave_table with vikings N`."""
    p = ctx.p
    n = min(vikings, p.table_vikings)
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
                kept.append((who, n, placed))  # [SO3]: this round's Vikings stay and block
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
