"""The banquet: a row of seats covered with food and coins, one seat at a time.

Food is every orange or red good and every animal; a tile covers as many seats as it is
long lengthwise (its longer side) or upright (its shorter side); two tiles of one colour
(animals count as red) may not lie side by side; a 1-silver coin covers one seat. Each seat
left empty is a penalty. The number of seats is the mechanism's parameter (the phase's
effect computes it from the home board); how many tiles of a kind may lie lengthwise is
the `lengthwise_limit` value (1 unless a card changes it)."""

from __future__ import annotations

from collections import Counter

from rulesdsl.content.catalog import ANIMAL
from rulesdsl.core.decisions import Option
from rulesdsl.games.feast.engine.events import EventInfo

HELD = ("banquet", "held")  # per-round counter (PlayerState.counters) of the banquets a player has held this round


def banquet(flow, ctx, seats: int):
    """`use banquet with seats N`: one player covers N seats, then the food goes back."""
    g, p = flow.g, ctx.p
    how = ctx.phase.how if ctx.phase is not None else frozenset({"extra"})
    position = 0
    last_color = None
    lengthwise = Counter()
    served = g.state.table
    served.clear()
    empty_seats = 0
    while position < seats:
        room, previous = seats - position, last_color
        answer = yield from flow.interp.ask(ctx.player, "feast", f"banquet: seat {position + 1} of {seats}",
                                            lambda: _options(flow, ctx, room, previous, lengthwise), anytime=True)
        if answer == "stop":
            empty_seats += seats - position
            break
        if answer == "empty":
            empty_seats += 1
            position += 1
            last_color = None
            continue
        if answer == "coin":
            p.supply["silver"] -= 1
            served["silver"] += 1
            position += 1
            last_color = None
            continue
        item, orientation = answer.split(":")
        long_w, up_w = _widths(flow, item)
        if g.catalog.kind[item] == ANIMAL:
            p.stables[item] -= 1
        else:
            p.supply[item] -= 1
        served[item] += 1
        if orientation == "long" and long_w != up_w:
            lengthwise[item] += 1
        position += long_w if orientation == "long" else up_w
        last_color = _color(flow, item)
    info = EventInfo("feast_filled", how=how, data={"served": served, "empty": empty_seats})
    yield from flow.emit("when", "feast_filled", ctx, info)
    for item, n in info.data["served"].items():  # the food and coins go back ([P9.7])
        g.state.bank[item] += n
    served.clear()
    p.penalties += empty_seats
    if "extra" not in how:  # the round's own feast (a card's extra banquet leaves the round's one to come)
        p.counters[HELD] += 1
    if empty_seats:
        g.note(f"player {ctx.player} leaves {empty_seats} banquet seats empty")
    return True


def _color(flow, item: str) -> str:
    color = flow.g.catalog.color.get(item)
    return "red" if color == "animal" else color


def _widths(flow, item: str) -> tuple[int, int]:
    """(seats lengthwise, seats upright) of a tile, remembered per game."""
    widths = flow.memo.get("banquet_widths")
    if widths is None:
        widths = flow.memo["banquet_widths"] = {}
    found = widths.get(item)
    if found is None:
        shape = flow.g.content.goods[item].shape
        height, width = len(shape), len(shape[0])
        found = widths[item] = (max(height, width), min(height, width))
    return found


def _seats(n: int) -> str:
    return f"{n} seat{'s' if n != 1 else ''}"


def _foods(flow):
    """(sorted food goods, sorted animals, {item: (colour, seats lengthwise, seats upright, its
    lengthwise option, its upright option)}, {seats left: the option to stop}), read once per
    game: which items are food, their sizes and colours depend on the content only."""
    found = flow.memo.get("banquet_foods")
    if found is None:
        catalog = flow.g.catalog
        goods = sorted(item for item, color in catalog.color.items() if color in ("orange", "red"))
        animals = sorted(item for item, kind in catalog.kind.items() if kind == ANIMAL)
        made = {}
        for item in goods + animals:
            long_w, up_w = _widths(flow, item)
            # an Option is a value: one per item and way serves every banquet
            # a square tile lies one way only: its option says no "lengthwise"
            way = " lengthwise" if long_w != up_w else ""
            made[item] = (_color(flow, item), long_w, up_w, Option(f"{item}:long", f"{item}{way} ({_seats(long_w)})"),
                          Option(f"{item}:up", f"{item} upright ({_seats(up_w)})"))
        found = flow.memo["banquet_foods"] = (goods, animals, made, {})
    return found


def _options(flow, ctx, room: int, last_color, lengthwise) -> list[Option]:
    p = ctx.p
    goods, animals, made, stops = _foods(flow)
    options = []
    supply, stables, get = p.supply, p.stables, dict.get
    events = flow.g.events
    limited = events.affects("lengthwise_limit", ctx)  # else the limit is 1 (Events.value, inlined)
    # the food held, in the order of sorted ids (goods first, then animals); an item never
    # held, or held no more, offers nothing
    for item in [i for i in goods if get(supply, i, 0) > 0] + [i for i in animals if get(stables, i, 0) > 0]:
        color, long_w, up_w, lengthwise_option, upright_option = made[item]
        if color == last_color:
            continue
        # the limit is read only where it decides (a changed value only reads the state)
        if long_w <= room and (long_w == up_w or lengthwise[item] < (events.value(
                "lengthwise_limit", 1, ctx, EventInfo("lengthwise_limit", items=frozenset({item}))) if limited else 1)):
            options.append(lengthwise_option)
        if up_w != long_w and up_w <= room:
            options.append(upright_option)
    if get(supply, "silver", 0) >= 1:
        options.append(_COIN)
    options.append(_EMPTY)
    stop = stops.get(room)
    if stop is None:
        stop = stops[room] = Option("stop", f"leave the {room} remaining seats empty (a Thing penalty each)")
    options.append(stop)
    return options


_COIN = Option("coin", "a 1-silver coin")
_EMPTY = Option("empty", "leave this seat empty (a Thing penalty)")
