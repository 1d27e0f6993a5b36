"""Canonical text of the tableau statements (the printer's part for the grammar's tableau section).

`rulesdsl.lang.printer` hands over the nodes registered with `extend` (by `language.register`,
with the section's builders): `simple(node)` for the one-line
statements, `compound(node, depth, out)` for those with a block. Together with
the printer they keep `parse(to_text(tree)) == tree` for tableau programs too.
"""

from __future__ import annotations

from rulesdsl.games.tableau.engine import nodes as n
from rulesdsl.lang.printer import INDENT, amount, cond, expr, statement

SIMPLE = (n.LayOut, n.Reveal, n.FillRing, n.SellLots, n.Ferry, n.CollectReward, n.ForfeitReward, n.Convert,
          n.AwardMost, n.Lose, n.PassStart, n.Auction)


def simple(s) -> str:
    kind = type(s)
    if kind is n.LayOut:
        return f"lay out {s.stacks} onto {s.ring}: {s.ascending} ascending, {s.descending} descending"
    if kind is n.Reveal:
        return f"reveal {s.count} {s.what} from {s.bag}"
    if kind is n.FillRing:
        count = "revealed" if s.count is None else str(s.count)
        order = f"by choice discarding {s.discard}" if s.chosen else "in order"
        return f"fill {s.ring} with {count} {s.what} from {s.bag} {order}"
    if kind is n.SellLots:
        return f"sell lots of {s.ring} in turns, free only if {cond(s.free_if)}"
    if kind is n.Ferry:
        load = "one kind or different kinds" if s.limit is None else str(s.limit)
        forced = f", forced in rounds {', '.join(map(str, s.forced_rounds))}" if s.forced_rounds else ""
        return f"ferry with {s.carrier} carrying {load}{forced}"
    if kind is n.CollectReward:
        return "collect reward"
    if kind is n.ForfeitReward:
        return f"forfeit reward, lacking {s.lacking} as {s.fallback}"
    if kind is n.Convert:
        return f"convert {s.give} {s.source} to {s.get} {s.target}"
    if kind is n.AwardMost:
        return f"award {s.amount} {s.currency} to most {expr(s.expr)}"
    if kind is n.Lose:
        return f"lose {amount(s.amount)} {s.currency}"
    if kind is n.PassStart:
        return "pass start left"
    if kind is n.Auction:
        return f"auction {s.prize}"
    raise TypeError(f"not a simple statement: {kind.__name__}")


def compound(s, depth: int, out: list[str]) -> None:
    if isinstance(s, n.InRounds):
        head = f"in rounds {', '.join(map(str, s.rounds))}"
    elif isinstance(s, n.InTurnOrder):
        head = "in turn order"
    elif isinstance(s, n.ScoreEach):
        head = f"score each {s.filter} {s.kind}"
    else:
        raise TypeError(f"cannot print {type(s).__name__}")
    out.append(f"{INDENT * depth}{head}:")  # always a block: these compounds are not inline after a colon
    for stmt in s.body:
        statement(stmt, depth + 1, out)


