"""Breeding pairs: the species kept in the home board's pens multiply.

For each species, pregnant animals give birth (each turns back and brings `offspring`
young); a player with no pregnant animal of the species but a pair makes one pregnant.
Which goods are a species' plain and pregnant faces comes from the goods' `species` and
`pregnant` fields."""

from __future__ import annotations


def breed_pairs(flow, ctx, offspring: int):
    """`use breed_pairs with offspring N`: one player's breeding."""
    g, p = flow.g, ctx.p
    goods, bank = g.content.goods, g.state.bank
    for species in flow.home().pens:
        plain = [good.id for good in goods.values() if good.species == species and not good.pregnant]
        pregnant = [good.id for good in goods.values() if good.species == species and good.pregnant]
        if not plain or not pregnant:
            continue
        plain_id, pregnant_id = plain[0], pregnant[0]
        expecting = p.stables[pregnant_id]
        if expecting:
            born = offspring * expecting
            p.stables[pregnant_id] = 0
            p.stables[plain_id] += expecting + born  # the mothers turn back and the young are born
            bank[pregnant_id] += expecting
            bank[plain_id] -= expecting + born
            for _ in range(born):
                yield from flow.interp.received(ctx, plain_id, 1, "born")
        elif p.stables[plain_id] >= 2:
            p.stables[plain_id] -= 1
            p.stables[pregnant_id] += 1
            bank[plain_id] += 1
            bank[pregnant_id] -= 1
    return True
