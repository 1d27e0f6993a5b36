"""Exploration slots over the rounds: the round plan's `turn` slot turns its board over if
nobody has claimed it (the silver on it goes back), and every other unclaimed board gets
the round plan's `silver` from the general supply."""

from __future__ import annotations


def turn_exploration_boards(flow, ctx):
    """`use turn_exploration_boards`: the whole table's exploration slots."""
    s, plan = flow.g.state, flow.plan()
    turned = plan.turn
    if turned is not None and turned in s.slots:
        slot = s.slots[turned]
        if slot["owner"] is None:
            s.bank["silver"] += slot["silver"]
            slot["silver"] = 0
            slot["board"] = flow.g.content.exploration_boards[slot["board"]].other_side
    for name, slot in sorted(s.slots.items()):
        if name != turned and slot["owner"] is None and plan.silver:
            slot["silver"] += plan.silver
            s.bank["silver"] -= plan.silver
    return True
    yield  # pragma: no cover
