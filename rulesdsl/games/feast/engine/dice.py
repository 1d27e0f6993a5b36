"""Dice actions: up to N rolls (each replaces the last), then success or failure.

Low-is-good actions pay their (modified) result in the items the action names, one pip
per item unless a card makes an item worth more; `stop at zero` makes a result of 0 an
immediate success. High-is-good actions add items to the battle result, fail at or below
their threshold, and loot tiles whose sword value the result reaches.
"""

from __future__ import annotations

from collections import Counter

from rulesdsl.content.catalog import GOOD, SPECIAL
from rulesdsl.core.decisions import Option
from rulesdsl.games.feast.engine import ops
from rulesdsl.games.feast.engine.context import hows
from rulesdsl.games.feast.engine.events import EventInfo
from rulesdsl.games.feast.engine.services import Services
from rulesdsl.lang import tree as t


class DiceState:
    __slots__ = ("kind", "faces", "direction", "rolls", "raw", "result", "battle", "paid", "used", "boats", "longship", "ore", "max_rolls")

    def __init__(self, kind: str, faces: int, direction: str):
        self.kind = kind
        self.faces = faces
        self.direction = direction
        self.rolls = 0
        self.raw = 0
        self.result = 0
        self.battle = 0
        self.paid: Counter = Counter()
        self.used: Counter = Counter()
        self.boats: list = []
        self.longship = None
        self.ore = 0
        self.max_rolls = 3


class DiceRunner:
    def __init__(self, game, interp, services: Services):
        self.g = game
        self.i = interp  # the statements' interpreter: it reads the amounts and asks the player
        self.services = services  # the game's course: its events and the tiles' sword values

    # ------------------------------------------------------------------ ships
    def _sailing(self, node: t.Dice, ctx):
        """(ships that sail, how many may be chosen) or None if the requirement is not met."""
        sail = node.sail
        if sail is None:
            return [], (0, 0)
        low, high = self.i.range(sail.range, ctx)
        low = max(low, 1)
        wanted = self.i._selector_ids(sail.selector, ctx)
        subs = set()
        for _, allow in self.g.events.allowances("substituting", ctx):
            of = next((f for f in allow.filters if isinstance(f, t.OfFilter)), None)
            as_ = next((f for f in allow.filters if isinstance(f, t.AsFilter)), None)
            if of is not None and as_ is not None and self.g.catalog.resolve((as_.name,)) in wanted:
                subs |= self.g.catalog.selector_members(of.nouns)
        ships = [s for s in ctx.p.ships if s.kind in wanted or s.kind in subs]
        if len(ships) < low:
            return None
        ships.sort(key=lambda s: -ops.ship_ore(self.g, s))
        return ships, (low, min(high, len(ships)))

    def can(self, node: t.Dice, ctx) -> bool:
        return self._sailing(node, ctx) is not None

    # ------------------------------------------------------------------ the action
    def run(self, node: t.Dice, ctx):
        g = self.g
        sailing = self._sailing(node, ctx)
        if sailing is None:
            return False
        ships, (low, high) = sailing
        faces = g.content.dice[node.die].faces
        state = DiceState(node.kind, faces, node.direction)
        if ships:
            count = low
            if high > low:
                answer = yield from self.i.ask(ctx.player, "boats", f"how many {ships[0].kind}s sail?",
                                               [Option(str(n), f"{n}") for n in range(low, high + 1)])
                count = int(answer)
            sailing_ships = ships[:count]
            for ship in sailing_ships:
                state.used[ship.kind] += 1
            state.boats = sailing_ships
            state.longship = sailing_ships[0] if sailing_ships[0].kind != "whaling_boat" else None
        dctx = ctx.derive(dice=state)
        info = self._info(node, ctx)
        for ship in state.boats:
            yield from self.services.emit("when", "ship_used", dctx, EventInfo("ship_used", items=frozenset({ship.kind}), space=info.space, how=info.how))
        yield from self.services.emit("when", "dice_started", dctx, info)
        ore = 0
        if node.sail is not None and node.sail.ore in ("adding", "subtracting"):
            ore = sum(ops.ship_ore(g, s) for s in state.boats)
        state.ore = ore
        state.max_rolls = g.events.value("rolls", node.rolls or 3, dctx, info, floor=1)
        forced = False
        while True:
            state.raw = g.roll(faces)
            state.rolls += 1
            value = g.events.value("die_result", state.raw, dctx, info)
            if node.sail is not None and node.sail.ore == "subtracting":
                value -= ore
            elif node.sail is not None and node.sail.ore == "adding":
                value += ore
            if node.direction == "low":
                value = max(0, value)
            state.result = value
            g.note(f"player {ctx.player} rolls {state.raw} for {node.kind}: result {value}")
            yield from self.services.emit("when", "die_rolled", dctx, info)
            if node.direction == "low" and node.stop_at_zero and value <= 0:
                forced = True
                break
            if state.rolls >= state.max_rolls:
                break
            answer = yield from self.i.ask(ctx.player, "reroll", f"{node.kind}: result {value} after roll {state.rolls}; roll again?",
                                           [Option("stop", f"keep {value}"), Option("reroll", "roll again")], anytime=False)
            if answer == "stop":
                break
        if node.direction == "low":
            success = yield from self._finish_low(node, dctx, info, forced)
        else:
            success = yield from self._finish_high(node, dctx, info)
        g.note(f"player {ctx.player} {'succeeds at' if success else 'fails'} {node.kind}")
        if success:
            yield from self.i.run(node.success or (), dctx)
            yield from self.services.emit("when", "dice_succeeded", dctx, info)
        else:
            yield from self.i.run(node.failure or (), dctx.derive(via="compensation"))
            yield from self.services.emit("when", "dice_failed", dctx, info)
        yield from self.services.emit("when", "dice_ended", dctx, info)
        if ctx.action is not None:
            ctx.action.paid.update(state.paid)
            ctx.action.used.update(state.used)
        return True

    def _info(self, node, ctx) -> EventInfo:
        a = ctx.action
        how = hows(a.how) if a is not None else hows("granted")
        return EventInfo("dice", kind=node.kind, space=self.i.acting_space(ctx), group=a.group if a else None,
                         column=a.column if a else None, how=how)

    def _worth(self, item: str, ctx, info) -> int:
        return self.g.events.value("worth", 1, ctx, EventInfo("worth", kind=info.kind, items=frozenset({item}), space=info.space), floor=0)

    def _finish_low(self, node, ctx, info, forced: bool):
        g, state = self.g, ctx.dice
        cost = state.result
        if cost <= 0:
            return True
        payable = sorted(self.i._selector_ids(node.pay_per_pip, ctx)) if node.pay_per_pip is not None else []
        worth = {item: self._worth(item, ctx, info) for item in payable}
        can_pay = sum(ctx.p.supply[item] * worth[item] for item in payable) >= cost
        options = [Option("succeed", f"succeed, paying {cost}", None if can_pay else f"you cannot pay {cost}"),
                   Option("fail", "declare failure")]
        answer = yield from self.i.ask(ctx.player, "dice", f"{node.kind}: result {cost}", options, anytime=False)
        if answer == "fail":
            return False
        remaining = cost
        while remaining > 0:
            held = [item for item in payable if ctx.p.supply[item] > 0 and worth[item] > 0]
            if len(held) == 1:
                item = held[0]
                if len(payable) > 1:  # the question the other items would have made
                    self.i.unasked(ctx.player, "pay", item)
            else:
                item = yield from self.i.ask(ctx.player, "pay", f"pay a pip with what ({remaining} left)?",
                                             [Option(x, f"{x} (worth {worth[x]}, you have {ctx.p.supply[x]})") for x in held], anytime=False)
            ops.pay(g, ctx.p, item, 1)
            state.paid[item] += 1
            remaining -= worth[item]
        return True

    def _finish_high(self, node, ctx, info):
        g, state = self.g, ctx.dice
        addable = sorted(self.i._selector_ids(node.add_per_item, ctx)) if node.add_per_item is not None else []
        subs = {}
        for _, allow in g.events.allowances("substituting", ctx):
            of = next((f for f in allow.filters if isinstance(f, t.OfFilter)), None)
            as_ = next((f for f in allow.filters if isinstance(f, t.AsFilter)), None)
            if of is not None and as_ is not None and g.catalog.resolve((as_.name,)) in addable and g.events.matches(
                    [f for f in allow.filters if isinstance(f, t.ForFilter)], info, ctx):
                for item in g.catalog.selector_members(of.nouns):
                    subs[item] = g.catalog.resolve((as_.name,))
        usable = addable + sorted(x for x in subs if x not in addable)
        worth = {item: self._worth(subs.get(item, item), ctx, info) for item in usable}
        added = 0
        offered = Counter()
        while True:
            held = [x for x in usable if ctx.p.supply[x] - offered[x] > 0]
            battle = g.events.value("battle_result", state.result + added, ctx, info)
            if not held:
                break
            options = [Option("done", f"battle result {battle}: no more")] + [
                Option(x, f"add {x} (+{worth[x]})") for x in held]
            answer = yield from self.i.ask(ctx.player, "dice", f"{node.kind}: battle result {battle}; add stone or weapons?", options, anytime=False)
            if answer == "done":
                break
            offered[answer] += 1
            added += worth[answer]
        state.battle = g.events.value("battle_result", state.result + added, ctx, info)
        threshold = node.fail_at_most if node.fail_at_most is not None else 0
        loot = self.loot_options(ctx, state.battle)
        ok = state.battle > threshold and bool(loot)
        answer = yield from self.i.ask(ctx.player, "dice", f"{node.kind}: battle result {state.battle}", [
            Option("succeed", "succeed and loot", None if ok else f"a battle result of {state.battle} fails"),
            Option("fail", "declare failure")], anytime=False)
        if answer == "fail":
            return False
        for item, n in offered.items():
            ops.pay(g, ctx.p, item, n)
            state.paid[subs.get(item, item) if item not in addable else item] += n
        return True

    # ------------------------------------------------------------------ loot
    def loot_options(self, ctx, battle: int) -> list[tuple[str, int]]:
        """(tile, sword value) that a battle result can take: blue goods, available special tiles, what cards allow."""
        g = self.g
        out = []
        # (the events are built only when a modifier could apply: this runs for every raid judged)
        looting_green = g.events.affects("looting", ctx) and g.events.allowed(
            "looting", ctx, EventInfo("looting", kind=ctx.dice.kind if ctx.dice else None,
                                      items=frozenset(g.catalog.classes.get("green_good", ()))))
        for good in g.content.goods.values():
            if good.color == "blue" or (looting_green and good.color == "green"):
                value = self.sword(good.id, ctx)
                if value is not None and value <= battle:
                    out.append((good.id, value))
        for tile_id in sorted(g.state.specials_left):
            value = self.sword(tile_id, ctx)
            if value <= battle:
                out.append((tile_id, value))
        return out

    def sword(self, item: str, ctx) -> int | None:
        base = self.services.base_sword(item)
        if base is None:
            return None
        if not self.g.events.affects("sword_value", ctx):  # what `value` finds at once, without the event
            return base
        info = EventInfo("sword_value", kind=ctx.dice.kind if ctx.dice else None, items=frozenset({item}))
        return self.g.events.value("sword_value", base, ctx.derive(info=info), info)

    def loot(self, node: t.Loot, ctx):
        g, state = self.g, ctx.dice
        if state is None:
            return False
        count = g.events.value("loot_count", self.i.amount(node.amount, ctx), ctx,
                               EventInfo("loot_count", kind=state.kind), floor=1)
        allowed = self.i._selector_ids(node.selector, ctx)
        budget = state.battle
        taken = 0
        while taken < count:
            options = [(item, value) for item, value in self.loot_options(ctx, budget)
                       if item in allowed or g.catalog.kind.get(item) == GOOD and g.content.goods[item].color == "green"]
            if not options:
                break
            keys = [Option(item, f"{item} (sword {value})") for item, value in options]
            if taken >= 1:
                keys.append(Option("done", "loot no more"))
            answer = yield from self.i.ask(ctx.player, "loot", f"loot which tile (sword value up to {budget})?", keys, anytime=False)
            if answer == "done":
                break
            value = dict(options)[answer]
            ops.gain(g, ctx.p, answer, 1)
            if ctx.action is not None:
                ctx.action.gained[answer] += 1
            yield from self.i.received(ctx, answer, 1, "looted")
            budget -= value if count > 1 else budget
            taken += 1
        return taken > 0
