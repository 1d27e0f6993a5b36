"""Statements that cost something: `pay`, and exchanges `cost -> result then result` (made only
when the cost can be paid and every result can happen), with the cost modifiers they apply."""

from __future__ import annotations

from rulesdsl.content.catalog import ANIMAL, SHIP
from rulesdsl.core.decisions import Option
from rulesdsl.core.describe import describe, describe_bundle
from rulesdsl.errors import RulesError
from rulesdsl.games.feast.engine import ops
from rulesdsl.games.feast.engine.context import hows
from rulesdsl.games.feast.engine.events import EventInfo
from rulesdsl.games.feast.engine.keys import ship_key
from rulesdsl.lang import tree as t


class PayStatements:
    """`pay` and exchanges of the `Interpreter`, and paying bundles."""

    _COST_VALUES = {"silver": "silver_cost", "stone": "stone_cost", "wood": "wood_cost"}

    def c_Pay(self, node, ctx):
        return self.affordable(node.bundle, ctx)

    def s_Pay(self, node, ctx, mandatory):
        if not self.affordable(node.bundle, ctx):
            return False
        if not mandatory and not (yield from self.ask_yes(ctx.player, f"pay {describe_bundle(node.bundle)}?")):
            return False
        yield from self.pay_bundle(node.bundle, ctx)
        return True

    def payable(self, node, ctx) -> bool:
        """Whether an exchange's cost alone can be paid."""
        if isinstance(node.cost, t.Bundle):
            return self.affordable(node.cost, ctx)
        return self.can(node.cost, ctx)

    def can_on_space(self, node, ctx) -> bool:
        """An action space's own statement. Paying a cost counts as using the space (rule A4,
        Q5) where what it pays for may come to nothing (`flip any number`, `up to`); a
        result the rules forbid (no berth, no building left) still refuses the space."""
        if isinstance(node, t.Exchange) and all(isinstance(getattr(r, "range", None), (t.UpTo, t.AnyNumber)) for r in node.results):
            return self.payable(node, ctx)
        return self.can(node, ctx)

    def c_Exchange(self, node, ctx):
        if not self.payable(node, ctx):
            return False
        # the exchange's cost is the price of what it buys, and it is made only when all of that can
        # happen: each result, each part of a gain ("a house and a ship"); a result that may come
        # to nothing (`up to`, `any number`, `may`) or is about `it` never refuses it
        sub = ctx.derive(via="exchange")
        return all(self._result_can(r, sub) for r in node.results)

    def s_Exchange(self, node, ctx, mandatory, usable: bool | None = None):
        if not (self.can(node, ctx) if usable is None else usable):
            return False
        if not mandatory:
            if not (yield from self.ask_yes(ctx.player, f"{describe(node, self._written)}?")):
                return False
        if isinstance(node.cost, t.Bundle):
            yield from self.pay_bundle(node.cost, ctx)
        else:
            done = yield from self.stmt(node.cost, ctx, True)
            if not done:
                return False
        sub = ctx.derive(via="exchange")
        for result in node.results:
            yield from self.stmt(result, sub, True)
            ctx.it = sub.it
        return True

    def _result_can(self, result, ctx) -> bool:
        if isinstance(getattr(result, "range", None), (t.UpTo, t.AnyNumber)):
            return True
        if self._about_it(result):
            return True  # about what the previous result brings: judged when it comes
        if isinstance(result, t.Mood):
            return result.mood == "may" or self._result_can(result.stmt, ctx)
        if isinstance(result, t.Acquire):
            return self.c_Acquire(result, ctx, every_part=True)
        return self.can(result, ctx)

    def _about_it(self, node) -> bool:
        """Whether a statement refers to `it` (cached per node: trees never change)."""
        found = self._it_refs.get(id(node))
        if found is None or found[0] is not node:
            found = self._it_refs[id(node)] = (node, any(isinstance(n, t.It) for n in t.walk(node)))
        return found[1]

    def affordable(self, bundle: t.Bundle, ctx) -> bool:
        need: dict = {}  # reserved so far (a plain dict: this runs for every cost of every space judged)
        held = self._held
        for part in bundle.parts:
            best = None
            for item in part:
                ids = self.item_ids(item, ctx)
                n = self.amount(item.amount, ctx, paying=True)
                n = self._cost(ids, n, ctx)
                have = sum(held(i, ctx) - need.get(i, 0) for i in ids)
                if have >= n:
                    best = (ids, n)
                    break
            if best is None:
                return False
            ids, n = best
            for i in ids:  # reserve greedily
                take = min(n, held(i, ctx) - need.get(i, 0))
                need[i] = need.get(i, 0) + take
                n -= take
        return True

    def _held(self, item_id, ctx) -> int:
        kind = self.catalog.kind.get(item_id)
        if kind == ANIMAL:
            return ctx.p.stables[item_id]
        if kind == SHIP:
            return sum(1 for s in ctx.p.ships if s.kind == item_id)
        return ctx.p.supply[item_id]

    def _cost(self, ids, n, ctx) -> int:
        """Costs of a space in silver, stone or wood go through their modifiers. A modifier
        sees the action's whole cost: a second payment in the same action is charged what
        it adds to the modified total (Special Sale's two tiles form one price)."""
        if ctx.action is None or len(ids) != 1:
            return n
        value = self._COST_VALUES.get(ids[0])
        if value is None or not self.g.events.affects(value, ctx):
            return n
        events, info = self.g.events, self._action_info(ctx)
        before = ctx.action.listed[ids[0]]
        total = events.value(value, before + n, ctx.derive(value=before + n), info, floor=0)
        if before == 0:
            return total
        return max(0, total - events.value(value, before, ctx.derive(value=before), info, floor=0))

    def _listed(self, ids, n, ctx) -> None:
        if ctx.action is not None and len(ids) == 1 and ids[0] in self._COST_VALUES:
            ctx.action.listed[ids[0]] += n

    def acting_space(self, ctx):
        """The space whose action is being carried out (the copied one for an imitation, the granted
        one for a card): what `on space` filters of the action's events match (timing model)."""
        a = ctx.action
        return a.space if a is not None and a.space is not None else ctx.space

    def _action_info(self, ctx) -> EventInfo:
        a = ctx.action
        if a is None:
            return EventInfo("action")
        return EventInfo("action", space=a.space, group=a.group, column=a.column, how=hows(a.how), amount=a.vikings)

    def pay_bundle(self, bundle: t.Bundle, ctx):
        for part in bundle.parts:
            options = []
            for index, item in enumerate(part):
                ids = self.item_ids(item, ctx)
                listed = self.amount(item.amount, ctx, paying=True)
                n = self._cost(ids, listed, ctx)
                if sum(self._held(i, ctx) for i in ids) >= n:
                    options.append((index, ids, n, listed))
            if not options:
                raise RulesError("payment no longer affordable")
            if len(options) > 1:
                answer = yield from self.ask(ctx.player, "pay", "pay with which?", [
                    Option(ids[0] if len(ids) == 1 else str(i), " or ".join(f"{n} {x}" for x in ids)) for i, ids, n, _ in options])
                chosen = next(o for o in options if (o[1][0] if len(o[1]) == 1 else str(o[0])) == answer)
            else:
                chosen = options[0]
                if len(part) > 1:  # the question the other alternatives would have made
                    index, ids = chosen[0], chosen[1]
                    self.unasked(ctx.player, "pay", ids[0] if len(ids) == 1 else str(index))
            _, ids, n, listed = chosen
            self._listed(ids, listed, ctx)
            yield from self._pay_units(ids, n, ctx)

    def _pay_units(self, ids, n, ctx):
        remaining = n
        while remaining > 0:
            held = [i for i in ids if self._held(i, ctx) > 0]
            if len(held) > 1:
                answer = yield from self.ask(ctx.player, "pay", f"pay which ({remaining} left)?",
                                             [Option(i, f"{i} (you have {self._held(i, ctx)})") for i in held])
                item_id = answer
                take = 1
            else:
                item_id = held[0]
                take = remaining
                if len(ids) > 1:  # the questions the other items would have made, one per unit
                    for _ in range(take):
                        self.unasked(ctx.player, "pay", item_id)
            yield from self.services.before_payment(ctx, item_id)
            if self.catalog.kind.get(item_id) == SHIP:
                for _ in range(take):  # which ship of the kind goes is the player's choice where they differ
                    ship = yield from self._ship_to_pay(ctx, item_id)
                    ops.pay_ship(self.g, ctx.p, ship)
            else:
                ops.pay(self.g, ctx.p, item_id, take)
            if ctx.action is not None:
                ctx.action.paid[item_id] += take
            remaining -= take


    def _ship_to_pay(self, ctx, kind: str):
        """The ship of this kind that goes: asked only when the player's ships of the kind differ
        (by their ore); otherwise any (the first)."""
        p = ctx.p
        distinct: dict = {}
        for ship in p.ships:
            if ship.kind == kind:
                distinct.setdefault(ship.ore, ship)
        if len(distinct) == 1:
            return next(iter(distinct.values()))
        options = [Option(ship_key(p, ship), f"your {kind.replace('_', ' ')} with {ops.ship_ore(self.g, ship)} ore")
                   for _, ship in sorted(distinct.items())]
        answer = yield from self.ask(ctx.player, "ship", f"give up which {kind.replace('_', ' ')}?", options)
        return next(ship for ship in distinct.values() if ship_key(p, ship) == answer)
