"""The interpreter of the card language: statements, conditions, expressions, selectors.

Every statement is a generator: it yields decisions (through `Game.ask`) and returns
whether it did anything. Gains happen; statements that cost something or choose are
optional unless `must` says otherwise or the action needs them to happen (a space must
use at least one of its effects). Feasibility (`can`) is checked before a question is
asked, so a player is only ever offered what can really be done.
"""

from __future__ import annotations

from collections import Counter

from rulesdsl.engine import ops
from rulesdsl.engine.decisions import Option
from rulesdsl.engine.events import EventInfo
from rulesdsl.engine.items import ANIMAL, BUILDING, GOOD, RESOURCE, SHIP, SPECIAL, WEAPON
from rulesdsl.errors import RulesError
from rulesdsl.lang import tree as t

_OPTIONAL = (t.Pay, t.Exchange, t.Upgrade, t.Flip, t.TakeMountain, t.Play, t.Emigrate, t.Explore, t.PlaceBundle,
             t.PlaceAll, t.Lift, t.MakePregnant, t.LoadOre, t.RemoveOre, t.UnloadOre, t.ChooseOne, t.ChooseVar, t.Loot,
             t.DoSpace)


# statements whose gains form one yield: their arrivals are announced when all have arrived
_YIELDS = (t.Acquire, t.Exchange, t.Harvest, t.Loot)


class Abort(Exception):
    """A requirement of the block is not met: the rest of the block does not happen."""


class Action:
    """What one action (a space used, or an action granted by a card) has done so far."""

    __slots__ = ("space", "group", "column", "vikings", "how", "paid", "listed", "gained", "printed", "used", "upgraded",
                 "temporary", "bonus_plays", "occasion")

    def __init__(self, space=None, group=None, column=None, vikings=0, how="space"):
        self.space = space
        self.group = group
        self.column = column
        self.vikings = vikings
        self.how = how
        self.paid: Counter = Counter()
        self.listed: Counter = Counter()  # costs paid so far as printed, before any modifier
        self.gained: Counter = Counter()
        self.printed = None
        self.used: Counter = Counter()
        self.upgraded = 0
        self.temporary: list = []  # (card, statement): modifiers that last until the action ends
        self.bonus_plays = 0
        self.occasion = None


class Ctx:
    __slots__ = ("player", "p", "card", "space", "info", "vars", "it", "action", "dice", "slash", "value", "via", "phase",
                 "pending")

    def __init__(self, player: int, p, card=None, space=None, info=None, action=None):
        self.player = player
        self.p = p
        self.card = card
        self.space = space
        self.info = info
        self.vars: dict = {}
        self.it = None
        self.action = action
        self.dice = None
        self.slash = None
        self.value = None
        self.via = None
        self.phase = None  # the share of a phase being run (its EventInfo), for the mechanisms
        self.pending = None  # arrivals of the current yield, announced when it is complete

    def derive(self, **changes) -> "Ctx":
        new = Ctx.__new__(Ctx)
        # unrolled: this runs for every effect and every feasibility check
        new.player, new.p, new.card, new.space, new.info = self.player, self.p, self.card, self.space, self.info
        new.vars, new.it, new.action, new.dice, new.slash = self.vars, self.it, self.action, self.dice, self.slash
        new.value, new.via, new.phase, new.pending = self.value, self.via, self.phase, self.pending
        if "vars" in changes:
            changes["vars"] = dict(changes["vars"])
        for name, value in changes.items():
            setattr(new, name, value)
        return new


class Interpreter:
    def __init__(self, game):
        self.g = game
        self.catalog = game.catalog
        from rulesdsl.engine.dice import DiceRunner
        from rulesdsl.engine.queries import Queries

        self.q = Queries(game, self)
        self.dice = DiceRunner(game, self)
        self._it_refs: dict = {}
        self._can_methods: dict = {}
        self._item_ids: dict = {}  # (words, attribute) -> sorted item ids

    # ================================================================== blocks
    def run(self, stmts, ctx: Ctx, need_one: bool = False, costs_count: bool = False):
        """Run statements in order; with need_one, the last doable one is made mandatory if nothing happened yet.
        With costs_count (an action space's own effects), paying an exchange's cost is itself an effect."""
        did = False
        stmts = tuple(stmts)
        can = self.can_on_space if costs_count else self.can
        try:
            for index, stmt in enumerate(stmts):
                mandatory = False
                if need_one and not did and not any(can(later, ctx) for later in stmts[index + 1:]):
                    mandatory = True
                if costs_count and isinstance(stmt, t.Exchange):
                    done = yield from self.whole_yield(ctx, lambda sub, stmt=stmt, m=mandatory: self.s_Exchange(
                        stmt, sub, m, usable=self.can_on_space(stmt, sub)))
                else:
                    done = yield from self.stmt(stmt, ctx, mandatory)
                did = did or done
                if done and self.g.events.watches:  # "as soon as": after every change, mid-action included
                    yield from self.g.flow.check_watches()
        except Abort:
            pass
        return did

    def stmt(self, node, ctx: Ctx, mandatory: bool = False):
        if isinstance(node, t.Mood):
            if node.mood == "must":
                return (yield from self.stmt(node.stmt, ctx, True))
            return (yield from self._may(node.stmt, ctx, mandatory))
        if ctx.slash is None and _has_slash(node):
            return (yield from self._slash_choice(node, ctx, mandatory))
        if ctx.pending is None and isinstance(node, _YIELDS):
            return (yield from self.whole_yield(ctx, lambda sub: self.stmt(node, sub, mandatory)))
        result = getattr(self, "s_" + type(node).__name__)(node, ctx, mandatory)
        if isinstance(result, bool):  # a statement that never asks anything
            return result
        return (yield from result)

    def whole_yield(self, ctx, work):
        """Run `work(sub)` as one yield (timing model, docs/LANGUAGE.md): everything it brings in
        arrives first, then `received` / `ship_acquired` / `building_acquired` fire in order."""
        pending = []
        sub = ctx.derive(pending=pending)
        try:
            result = work(sub)
            result = (yield from result) if not isinstance(result, bool) else result
        finally:
            ctx.it = sub.it
        for name, ectx, info in pending:
            yield from self.g.flow.emit("when", name, ectx, info)
        return result

    def _arrived(self, ctx, name: str, info: EventInfo):
        """An arrival: announced now, or when the current yield is complete."""
        if ctx.pending is not None:
            ctx.pending.append((name, ctx.derive(pending=None), info))
            return
        yield from self.g.flow.emit("when", name, ctx, info)

    def _may(self, node, ctx, mandatory):
        if not self.can(node, ctx):
            return False
        if not mandatory and not isinstance(node, _OPTIONAL):
            if not (yield from self.g.ask_yes(ctx.player, f"{describe(node)}?")):
                return False
        return (yield from self.stmt(node, ctx, mandatory))

    def _slash_choice(self, node, ctx, mandatory):
        positions = _slash_size(node)
        options = []
        for i in range(positions):
            sub = ctx.derive(slash=i)
            ok = self.can(node, sub)
            options.append(Option(str(i + 1), f"option {i + 1}", None if ok else "not possible now"))
        if not any(o.refusal is None for o in options):
            return False
        if not mandatory:
            options.append(Option("none", "none of them"))
        answer = yield from self.g.ask(ctx.player, "slash", f"{describe(node)}: which position?", options)
        if answer == "none":
            return False
        return (yield from self.stmt(node, ctx.derive(slash=int(answer) - 1), mandatory))

    # ================================================================== feasibility
    def can(self, node, ctx: Ctx) -> bool:
        kind = type(node)
        method = self._can_methods.get(kind, _NOT_LOOKED_UP)
        if method is _NOT_LOOKED_UP:  # the check of a statement kind, looked up once
            method = self._can_methods[kind] = getattr(self, "c_" + kind.__name__, None)
        if method is None:
            return True
        try:
            return method(node, ctx)
        except _NoSlash:
            return any(method(node, ctx.derive(slash=i)) for i in range(_slash_size(node)))

    def c_Mood(self, node, ctx):
        return self.can(node.stmt, ctx)

    def c_Acquire(self, node, ctx, every_part: bool = False):
        """Whether the gain can happen: some part of it, or with `every_part` each part (an exchange's result)."""
        mult = self.count(node.per, ctx) if node.per is not None else 1
        if mult <= 0:
            return False
        bctx = ctx.derive(value=node.verb) if node.verb == "buy" else ctx
        gainable = self._gainable
        for part in node.bundle.parts:  # loops, not nested generators: this runs for every space judged
            for item in part:
                if gainable(item, bctx, mult):
                    if not every_part:
                        return True
                    break
            else:
                if every_part:
                    return False
        return every_part

    def c_Pay(self, node, ctx):
        return self.affordable(node.bundle, ctx)

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

    def c_Draw(self, node, ctx):
        return True

    def c_Play(self, node, ctx):
        return bool(ctx.p.hand)

    def c_Upgrade(self, node, ctx):
        members = self._selector_ids(node.selector, ctx)
        if not any(n > 0 and good in members for good, n in ctx.p.supply.items()):
            return False  # nothing held to upgrade (what _upgradable would find, found faster)
        return bool(self._upgradable(node, ctx, Counter()))

    def c_Flip(self, node, ctx):
        return bool(self._flippable(node, ctx, set()))

    def c_TakeMountain(self, node, ctx):
        return any(self._strip_ok(strip, node) for strip in self.g.state.strips)

    def c_Require(self, node, ctx):
        return self._ships_for(node, ctx) is not None

    def c_Emigrate(self, node, ctx):
        return self.g.flow.can_emigrate(ctx, self.amount(node.cost, ctx))

    def c_Explore(self, node, ctx):
        return bool(self._explorable(node, ctx))

    def c_ReturnVikings(self, node, ctx):
        space = self._space_of(node.place, ctx)
        return space is not None and self.g.flow.vikings_on(ctx.player, space) > 0

    def c_ChooseOne(self, node, ctx):
        return any(self._alt_can(alt, ctx) for alt in node.alternatives)

    def _alt_can(self, alt, ctx):
        return any(self.can(s, ctx) for s in alt)

    def c_If(self, node, ctx):
        if self.truth(node.cond, ctx):
            return any(self.can(s, ctx) for s in node.then)
        return node.otherwise is not None and any(self.can(s, ctx) for s in node.otherwise)

    def c_ChooseVar(self, node, ctx):
        return bool(self._bindings(node, ctx, limit=1))

    def c_Dice(self, node, ctx):
        return self.dice.can(node, ctx)

    def c_PlaceBundle(self, node, ctx):
        return self.affordable(node.bundle, ctx) and self.g.flow.can_place_into(ctx, node.bundle, node.into)

    def c_Loot(self, node, ctx):
        return True

    def c_MakePregnant(self, node, ctx):
        return any(ctx.p.stables[a] for a in self.catalog.selector_members(node.selector.nouns) if not self._pregnant(a))

    def c_LoadOre(self, node, ctx):
        ship = self.ship_ref(node.target, ctx)
        return ship is not None and ctx.p.supply["ore"] >= 1 and self.g.flow.ore_room(ship) > 0

    def c_RemoveOre(self, node, ctx):
        ship = self.ship_ref(node.source, ctx)
        return ship is not None and ship.ore >= 1

    c_UnloadOre = c_RemoveOre

    def c_Lift(self, node, ctx):
        return bool(self.g.flow.liftable(node, ctx))

    def c_Nothing(self, node, ctx):
        return False

    def c_BySlash(self, node, ctx):
        position = self._table_position(node, ctx)
        return position is not None and any(self.can(s, ctx.derive(slash=position)) for s in node.body)

    def c_FirstOf(self, node, ctx):
        for bracket in node.brackets:
            if self.truth(bracket.cond, ctx):
                return any(self.can(s, ctx) for s in bracket.body)
        return node.otherwise is not None and any(self.can(s, ctx) for s in node.otherwise)

    def c_RepeatTimes(self, node, ctx):
        return self.number(node.times, ctx) > 0 and any(self.can(s, ctx) for s in node.body)

    def c_RepeatUntil(self, node, ctx):
        return not self.truth(node.cond, ctx) and any(self.can(s, ctx) for s in node.body)

    def c_ForEach(self, node, ctx):
        return any(any(self.can(s, ctx.derive(vars={**ctx.vars, node.var: value})) for s in node.body)
                   for _, _, value in self._bindings(node, ctx))

    def c_AsPhase(self, node, ctx):
        return any(self.can(s, ctx) for s in node.body)

    def c_ByTable(self, node, ctx):
        return any(self.can(s, ctx) for s in self._table_body(node, ctx))

    def _table_body(self, node, ctx) -> tuple:
        """The statements of the `by` table row the value selects (the otherwise part, or none)."""
        value = self.number(node.expr, ctx)
        for row in node.rows:
            if value == row.key or (row.open_top and value > row.key):
                return row.body
        return node.otherwise or ()

    def c_Part(self, node, ctx):
        return any(self.can(s, ctx) for s in node.body) or bool(self.g.events.candidates("instead", f"part:{node.name}", ctx.player))

    def c_Imitate(self, node, ctx):
        return bool(self.g.flow.imitable(ctx, node.place))

    def c_DoSpace(self, node, ctx):
        space = self.resolve_ref(node.ref, ctx)
        return space in self.g.content.spaces

    # ================================================================== statements
    def s_Acquire(self, node, ctx, mandatory):
        mult = self.count(node.per, ctx) if node.per is not None else 1
        if mult <= 0:
            return False
        did = False
        for part in node.bundle.parts:
            item = yield from self._choose_item(part, ctx, mandatory=True, gaining=mult, verb=node.verb)
            if item is None:
                continue
            if node.verb == "buy" and ctx.via != "exchange":
                listed = self._price(item[0]) or 0
                price = self._cost(["silver"], listed, ctx)
                self._listed(["silver"], listed, ctx)
                yield from self.g.flow.before_payment(ctx, "silver")
                ops.pay(self.g, ctx.p, "silver", price)
                if ctx.action is not None:
                    ctx.action.paid["silver"] += price
            got = yield from self._gain_item(item, ctx, node.verb, mult, node.placed_on)
            did = did or got
        return did

    def s_Pay(self, node, ctx, mandatory):
        if not self.affordable(node.bundle, ctx):
            return False
        if not mandatory and not (yield from self.g.ask_yes(ctx.player, f"pay {describe_bundle(node.bundle)}?")):
            return False
        yield from self.pay_bundle(node.bundle, ctx)
        return True

    def s_Exchange(self, node, ctx, mandatory, usable: bool | None = None):
        if not (self.can(node, ctx) if usable is None else usable):
            return False
        if not mandatory:
            if not (yield from self.g.ask_yes(ctx.player, f"{describe(node)}?")):
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

    def s_Draw(self, node, ctx, mandatory):
        n = self.amount(node.amount, ctx)
        what = self.catalog.resolve((node.what,))
        got = 0
        for _ in range(n):
            if what == "occupation":
                got += yield from self.g.flow.draw_occupation(ctx)
            else:
                weapon = ops.draw_weapon(self.g)
                if weapon is not None:
                    ctx.p.supply[weapon] += 1
                    got += 1
                    yield from self.received(ctx, weapon, 1, "drawn")
        return got > 0

    def s_Play(self, node, ctx, mandatory):
        low, high = self.range(node.range, ctx)
        played = 0
        occasion: list[int] = []
        while played < high and ctx.p.hand:
            options = [Option(str(n), self.g.content.occupations[n].name) for n in ctx.p.hand]
            if played >= max(low, 1 if mandatory else 0) or not mandatory:
                if played >= low or not mandatory:
                    options.append(Option("stop", "play no more"))
            answer = yield from self.g.ask(ctx.player, "play", "play which occupation?", options)
            if answer == "stop":
                break
            yield from self.g.flow.play_card(ctx, int(answer))
            occasion.append(int(answer))
            played += 1
        if played:
            yield from self.g.flow.occupations_played(ctx, occasion)
        return played > 0

    def s_Upgrade(self, node, ctx, mandatory):
        low, high = self.range(node.range, ctx)
        chosen: Counter = Counter()
        sources: Counter = Counter()
        done = 0
        while done < high:
            eligible = self._upgradable(node, ctx, chosen, sources)
            if not eligible:
                break
            options = [Option(good, f"{good} -> {target}") for good, target in eligible]
            if not (mandatory and done == 0) and done >= low:
                options.append(Option("stop", "upgrade no more"))
            answer = yield from self.g.ask(ctx.player, "upgrade", f"upgrade which good ({done} of up to {high})?", options)
            if answer == "stop":
                break
            target = dict(eligible)[answer]
            self._swap(ctx, answer, target)
            chosen[target] += 1
            sources[answer] += 1
            done += 1
            yield from self.received(ctx, target, 1, "upgraded")
        if done and ctx.action is not None:
            ctx.action.upgraded += done
        if done and self.g.events.allowed("upgrading_extra_step", ctx, self._action_info(ctx)):
            extra = [(good, self._step(good, 1, False)) for good in chosen if self._step(good, 1, False)]
            extra = [(g_, tgt) for g_, tgt in extra if tgt is not None and ctx.p.supply[g_] > 0]
            if extra:
                options = [Option(good, f"{good} -> {target}") for good, target in extra] + [Option("stop", "no extra step")]
                answer = yield from self.g.ask(ctx.player, "upgrade", "one upgraded good may go one step further", options)
                if answer != "stop":
                    self._swap(ctx, answer, dict(extra)[answer])
        return done > 0

    def s_Flip(self, node, ctx, mandatory):
        low, high = self.range(node.range, ctx)
        flipped: set = set()
        count = 0
        while count < high:
            eligible = self._flippable(node, ctx, flipped)
            if not eligible:
                break
            options = [Option(good, f"{good} -> {back}") for good, back in eligible]
            if count >= low and not (mandatory and count == 0):
                options.append(Option("stop", "turn no more"))
            answer = yield from self.g.ask(ctx.player, "flip", "turn which tile over?", options)
            if answer == "stop":
                break
            back = dict(eligible)[answer]
            self._swap(ctx, answer, back)
            flipped.add(answer)
            count += 1
            yield from self.received(ctx, back, 1, "flipped")
        return count > 0 or mandatory

    def s_TakeMountain(self, node, ctx, mandatory):
        return (yield from self.g.flow.take_mountain(node, ctx, mandatory))

    def s_ReturnVikings(self, node, ctx, mandatory):
        space = self._space_of(node.place, ctx)
        if space is None:
            return False
        n = self.amount(node.amount, ctx)
        return (yield from self.g.flow.return_vikings(ctx, space, n, "card" if ctx.card else "space"))

    def s_Require(self, node, ctx, mandatory):
        ships = self._ships_for(node, ctx)
        if ships is None:
            raise Abort()
        for ship in ships:
            if ctx.action is not None:
                ctx.action.used[ship.kind] += 1
            yield from self.g.flow.emit("when", "ship_used", ctx, EventInfo("ship_used", items=frozenset({ship.kind}),
                                                                             space=self.acting_space(ctx), how=self._hows(ctx)))
        return False

    def s_Emigrate(self, node, ctx, mandatory):
        return (yield from self.g.flow.emigrate(ctx, self.amount(node.cost, ctx), mandatory))

    def s_Explore(self, node, ctx, mandatory):
        return (yield from self.g.flow.explore(ctx, self._explorable(node, ctx), mandatory))

    def s_DoNamed(self, node, ctx, mandatory):
        return (yield from self.g.flow.do_named(ctx, node.name))

    def s_DoSpace(self, node, ctx, mandatory):
        space = self.resolve_ref(node.ref, ctx)
        if space not in self.g.content.spaces:
            return False
        return (yield from self.g.flow.granted_space(ctx, space))

    def s_Imitate(self, node, ctx, mandatory):
        return (yield from self.g.flow.imitate(ctx, node.place, mandatory))

    def s_RunPhase(self, node, ctx, mandatory):
        yield from self.g.flow.run_phase_for(ctx, node.phase, node.on)
        return True

    def s_LoadOre(self, node, ctx, mandatory):
        ship = self.ship_ref(node.target, ctx)
        if ship is None:
            return False
        n = min(self.amount(node.amount, ctx), ctx.p.supply["ore"], self.g.flow.ore_room(ship))
        if n <= 0:
            return False
        ctx.p.supply["ore"] -= n
        ship.ore += n
        return True

    def s_RemoveOre(self, node, ctx, mandatory):
        ship = self.ship_ref(node.source, ctx)
        n = min(self.amount(node.amount, ctx), ship.ore if ship else 0)
        if n <= 0:
            return False
        if not mandatory and not (yield from self.g.ask_yes(ctx.player, f"remove {n} ore from your {ship.kind}?")):
            return False
        ship.ore -= n
        self.g.state.bank["ore"] += n
        return True

    def s_UnloadOre(self, node, ctx, mandatory):
        ship = self.ship_ref(node.source, ctx)
        n = min(self.amount(node.amount, ctx), ship.ore if ship else 0)
        if n <= 0:
            return False
        ship.ore -= n
        ctx.p.supply["ore"] += n
        return True

    def s_PlaceBundle(self, node, ctx, mandatory):
        return (yield from self.g.flow.place_bundle(node, ctx, mandatory))

    def s_PlaceAll(self, node, ctx, mandatory):
        return (yield from self.g.flow.place_all(node, ctx, mandatory))

    def s_Loot(self, node, ctx, mandatory):
        return (yield from self.dice.loot(node, ctx))

    def s_MakePregnant(self, node, ctx, mandatory):
        n = self.amount(node.amount, ctx)
        done = 0
        for animal in sorted(self.catalog.selector_members(node.selector.nouns)):
            if self._pregnant(animal):
                continue
            pregnant = self.g.content.goods[animal].other_side
            while done < n and ctx.p.stables[animal] > 0:
                ctx.p.stables[animal] -= 1
                ctx.p.stables[pregnant] += 1
                self.g.state.bank[animal] += 1
                self.g.state.bank[pregnant] -= 1
                done += 1
        return done > 0

    def s_Harvest(self, node, ctx, mandatory):
        did = False
        for good in self.g.content.goods.values():
            if good.harvest is not None and good.harvest <= node.up_to:
                ops.gain(self.g, ctx.p, good.id, 1)
                did = True
                yield from self.received(ctx, good.id, 1, "harvested")
        return did

    def s_Lift(self, node, ctx, mandatory):
        return (yield from self.g.flow.lift(node, ctx, mandatory))

    def s_Use(self, node, ctx, mandatory):
        return (yield from self.g.flow.use(node, ctx))

    def s_Nothing(self, node, ctx, mandatory):
        return False
        yield  # pragma: no cover

    def _temporary(self, node, ctx, mandatory):
        if ctx.action is not None:
            ctx.action.temporary.append((ctx.card, node))
        return True
        yield  # pragma: no cover

    s_Modify = _temporary
    s_SetValue = _temporary
    s_Allow = _temporary

    def s_If(self, node, ctx, mandatory):
        if self.truth(node.cond, ctx):
            return (yield from self.run(node.then, ctx, mandatory))
        if node.otherwise is not None:
            return (yield from self.run(node.otherwise, ctx, mandatory))
        return False

    def s_ChooseOne(self, node, ctx, mandatory):
        options = []
        for index, alt in enumerate(node.alternatives):
            ok = self._alt_can(alt, ctx)
            options.append(Option(str(index + 1), "; ".join(describe(s) for s in alt), None if ok else "not possible now"))
        if not any(o.refusal is None for o in options):
            return False
        if not (mandatory or node.must):
            options.append(Option("none", "none"))
        answer = yield from self.g.ask(ctx.player, "choose", "choose one", options)
        if answer == "none":
            return False
        return (yield from self.run(node.alternatives[int(answer) - 1], ctx, True))

    def s_ChooseVar(self, node, ctx, mandatory):
        choices = self._bindings(node, ctx)
        if not choices:
            return False
        options = [Option(str(key), str(label)) for key, label, _ in choices]
        if not (mandatory or node.must):
            options.append(Option("none", "none"))
        answer = yield from self.g.ask(ctx.player, "choose", f"choose {' '.join(node.noun)}", options)
        if answer == "none":
            return False
        value = next(v for key, _, v in choices if str(key) == answer)
        sub = ctx.derive(vars={**ctx.vars, node.var: value})
        return (yield from self.run(node.body, sub, True))

    def s_ForEach(self, node, ctx, mandatory):
        did = False
        for _, _, value in self._bindings(node, ctx):
            sub = ctx.derive(vars={**ctx.vars, node.var: value})
            done = yield from self.run(node.body, sub, mandatory)
            did = did or done
        return did

    def s_FirstOf(self, node, ctx, mandatory):
        for bracket in node.brackets:
            if self.truth(bracket.cond, ctx):
                return (yield from self.run(bracket.body, ctx, mandatory))
        if node.otherwise is not None:
            return (yield from self.run(node.otherwise, ctx, mandatory))
        return False

    def s_BySlash(self, node, ctx, mandatory):
        position = self._table_position(node, ctx)
        if position is None:
            return False
        return (yield from self.run(node.body, ctx.derive(slash=position), mandatory))

    def s_ByTable(self, node, ctx, mandatory):
        body = self._table_body(node, ctx)
        return (yield from self.run(body, ctx, mandatory)) if body else False

    def s_RepeatTimes(self, node, ctx, mandatory):
        did = False
        for _ in range(max(0, self.number(node.times, ctx))):
            done = yield from self.run(node.body, ctx, False)
            did = did or done
        return did

    def s_RepeatUntil(self, node, ctx, mandatory):
        did = False
        for _ in range(500):
            if self.truth(node.cond, ctx):
                break
            done = yield from self.run(node.body, ctx, True)
            if not done:
                break
            did = True
        return did

    def s_AsPhase(self, node, ctx, mandatory):
        return (yield from self.g.flow.phase_for(ctx, node.phase, "extra", self._as_phase_work(node, ctx, mandatory)))

    def _as_phase_work(self, node, ctx, mandatory):
        did = yield from self.run(node.body, ctx, mandatory)
        if did:
            yield from self.g.flow.extra_phase(ctx, node.phase)
        return did

    def s_Part(self, node, ctx, mandatory):
        replaced = yield from self.g.flow.replace(ctx, f"part:{node.name}", EventInfo(f"part:{node.name}", space=self.acting_space(ctx),
                                                                                      group=ctx.action.group if ctx.action else None,
                                                                                      column=ctx.action.column if ctx.action else None,
                                                                                      how=self._hows(ctx)))
        if replaced is not None:
            return replaced
        return (yield from self.run(node.body, ctx, mandatory))

    def s_Dice(self, node, ctx, mandatory):
        return (yield from self.dice.run(node, ctx))

    # ================================================================== items
    def _gainable(self, item: t.Item, ctx, mult=1) -> bool:
        if isinstance(item, t.VarItem):
            return True
        ids = self.item_ids(item, ctx)
        n = self.amount(item.amount, ctx) * mult
        if n <= 0:
            return False
        for item_id in ids:
            kind = self.catalog.kind.get(item_id)
            if kind == SHIP and ops.free_berths(self.g, ctx.p, self.g.content.ships[item_id].size) <= 0:
                continue
            if kind == BUILDING and self.g.state.buildings_left[item_id] <= 0:
                continue
            if kind == SPECIAL and item_id not in self.g.state.specials_left:
                continue
            if not self._price_ok(item_id, ctx):
                continue
            return True
        return False

    def _price(self, item_id: str) -> int | None:
        tile = self.g.content.special_tiles.get(item_id)
        if tile is not None:
            return tile.price
        ship = self.g.content.ships.get(item_id)
        return ship.price if ship is not None else None

    def _price_ok(self, item_id: str, ctx, verb: str | None = None) -> bool:
        """`buy` on its own pays the printed price; inside an exchange the exchange's cost is the price."""
        if (verb or ctx.value) != "buy" or ctx.via == "exchange":
            return True
        price = self._price(item_id)
        return price is not None and ctx.p.supply["silver"] >= self._cost(["silver"], price, ctx)

    def item_ids(self, item, ctx) -> list[str]:
        if isinstance(item, t.VarItem):
            value = ctx.vars.get(item.var)
            return [value] if isinstance(value, str) else []
        if item.slash:
            if ctx.slash is None:
                raise _NoSlash()
            words = (item.words[ctx.slash],)
        else:
            words = item.words
        key = (words, item.attribute)
        members = self._item_ids.get(key)
        if members is None:  # what the words stand for depends only on the content: read once (shared, never changed)
            members = sorted(self.catalog.members(words))
            if item.attribute == "tongs":
                tongs = {g.id for g in self.g.content.goods.values() if g.tongs} | {s.id for s in self.g.content.special_tiles.values() if s.tongs}
                members = [m for m in members if m in tongs]
            self._item_ids[key] = members
        return members

    def _choose_item(self, part, ctx, mandatory, gaining=1, verb=None):
        """Pick one item of a bundle part (alternatives joined by `or`, classes like `special_tile`)."""
        candidates = []
        for item in part:
            for item_id in self.item_ids(item, ctx):
                n = self.amount(item.amount, ctx) * gaining if not isinstance(item, t.VarItem) else self.amount(item.amount, ctx) * gaining
                if n <= 0:
                    continue
                kind = self.catalog.kind.get(item_id)
                if kind == SPECIAL and item_id not in self.g.state.specials_left:
                    continue
                if kind == BUILDING and self.g.state.buildings_left[item_id] <= 0:
                    continue
                if kind == SHIP and ops.free_berths(self.g, ctx.p, self.g.content.ships[item_id].size) <= 0:
                    continue
                if not self._price_ok(item_id, ctx, verb):
                    continue
                candidates.append((item_id, n))
        if gaining and any(not self._pregnant(i) for i, _ in candidates):
            candidates = [c for c in candidates if not self._pregnant(c[0])]  # new animals arrive plain
        candidates = list(dict(reversed(candidates)).items())[::-1]  # one entry per item
        if not candidates:
            return None
        if len(candidates) == 1:
            return candidates[0]
        options = [Option(item_id, f"{n} {item_id.replace('_', ' ')}") for item_id, n in candidates]
        answer = yield from self.g.ask(ctx.player, "choose", "take which?", options)
        return next(c for c in candidates if c[0] == answer)

    def _gain_item(self, chosen, ctx, verb, mult, placed_on):
        item_id, n = chosen
        replaced = yield from self.g.flow.replace(ctx, "gaining", EventInfo("gaining", items=frozenset({item_id}), amount=n,
                                                                             how=self._hows(ctx, verb)))
        if replaced is not None:
            return replaced
        if placed_on is not None:
            return (yield from self.g.flow.gain_and_place(ctx, item_id, n, placed_on))
        got = ops.gain(self.g, ctx.p, item_id, n)
        if got <= 0:
            return False
        kind = self.catalog.kind.get(item_id)
        if kind == SHIP:
            ctx.it = ctx.p.ships[-1]
        else:
            ctx.it = item_id
        if ctx.action is not None:
            for give, amount in self._gives(item_id, got).items():
                ctx.action.gained[give] += amount
        how = self._hows(ctx, verb)
        if kind == SHIP:
            info = EventInfo("ship_acquired", items=frozenset({item_id}), how=how, amount=got)
            yield from self._arrived(ctx, "ship_acquired", info)
        elif kind == BUILDING:
            yield from self._arrived(ctx, "building_acquired", EventInfo("building_acquired", items=frozenset({item_id}), how=how, amount=got))
        else:
            yield from self.received(ctx, item_id, got, verb)
        return True

    def _gives(self, item_id, n) -> Counter:
        return Counter({item_id: n})

    def received(self, ctx, item_id, n, how):
        if not self.g.events.listening("when", "received"):
            return
        for _ in range(n):
            yield from self._arrived(ctx, "received", EventInfo("received", items=frozenset({item_id}), amount=1,
                                                                how=frozenset({how}) | self._hows(ctx)))

    def _hows(self, ctx, verb=None) -> frozenset:
        hows = set()
        if ctx.action is not None:
            hows.add(ctx.action.how)
        if verb == "build":
            hows.add("built")
        elif verb == "buy":
            hows.add("bought")
        elif verb == "gain":
            hows.add("exchanged" if ctx.via == "exchange" else "taken")
        elif verb:
            hows.add(verb)
        return frozenset(hows)

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

    _COST_VALUES = {"silver": "silver_cost", "stone": "stone_cost", "wood": "wood_cost"}

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
        return EventInfo("action", space=a.space, group=a.group, column=a.column, how=frozenset({a.how}), amount=a.vikings)

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
                answer = yield from self.g.ask(ctx.player, "pay", "pay with which?", [
                    Option(ids[0] if len(ids) == 1 else str(i), " or ".join(f"{n} {x}" for x in ids)) for i, ids, n, _ in options])
                chosen = next(o for o in options if (o[1][0] if len(o[1]) == 1 else str(o[0])) == answer)
            else:
                chosen = options[0]
            _, ids, n, listed = chosen
            self._listed(ids, listed, ctx)
            yield from self._pay_units(ids, n, ctx)

    def _pay_units(self, ids, n, ctx):
        remaining = n
        while remaining > 0:
            held = [i for i in ids if self._held(i, ctx) > 0]
            if len(held) > 1:
                answer = yield from self.g.ask(ctx.player, "pay", f"pay which ({remaining} left)?",
                                               [Option(i, f"{i} (you have {self._held(i, ctx)})") for i in held])
                item_id = answer
                take = 1
            else:
                item_id = held[0]
                take = remaining
            yield from self.g.flow.before_payment(ctx, item_id)
            ops.pay(self.g, ctx.p, item_id, take)
            if ctx.action is not None:
                ctx.action.paid[item_id] += take
            remaining -= take

    def _swap(self, ctx, old: str, new: str) -> None:
        """Exchange a goods tile in the supply for another (upgrade, flip)."""
        ctx.p.supply[old] -= 1
        ctx.p.supply[new] += 1
        self.g.state.bank[old] += 1
        self.g.state.bank[new] -= 1

    def _step(self, good: str, steps: int, diagonal: bool) -> str | None:
        goods = self.g.content.goods
        current = good
        for _ in range(steps):
            nxt = goods[current].upgrades_to
            if nxt is None:
                return None
            if diagonal:
                column = goods[current].box_column + 1
                color = goods[nxt].color
                found = [x for x in goods.values() if x.box_column == column and x.color == color]
                if not found:
                    return None
                nxt = found[0].id
            current = nxt
        return current

    def _upgradable(self, node, ctx, chosen: Counter, sources: Counter | None = None) -> list[tuple[str, str]]:
        """(good, result) pairs still open to this upgrade: an upgraded tile is not upgraded again."""
        members = self._selector_ids(node.selector, ctx)
        same_kind = any(isinstance(m, t.SameKindMod) for m in getattr(node.selector, "mods", ()))
        steps = self.amount(node.steps, ctx) if node.steps is not None else None
        out = []
        for good in sorted(members):
            if self.catalog.kind.get(good) != GOOD or ctx.p.supply[good] - chosen[good] <= 0:
                continue
            if same_kind and sources and good not in sources:
                continue
            if node.to_color is not None:
                target = good
                while target is not None and self.g.content.goods[target].color != node.to_color:
                    target = self.g.content.goods[target].upgrades_to
            else:
                target = self._step(good, steps, node.diagonal)
            if target is None or target == good or self.catalog.kind.get(target) != GOOD:
                continue
            out.append((good, target))
        return out

    def _flippable(self, node, ctx, flipped: set) -> list[tuple[str, str]]:
        members = self._selector_ids(node.selector, ctx)
        different = any(isinstance(m, t.DifferentKindsMod) for m in getattr(node.selector, "mods", ()))
        out = []
        for good in sorted(members):
            if self.catalog.kind.get(good) != GOOD or ctx.p.supply[good] <= 0:
                continue
            if different and good in flipped:
                continue
            back = self.g.content.goods[good].other_side
            if back is None or self.catalog.kind.get(back) != GOOD:
                continue
            out.append((good, back))
        return out

    def _selector_ids(self, selector, ctx) -> frozenset:
        if isinstance(selector, t.RefSelector):
            value = self.resolve_ref(selector.ref, ctx)
            return frozenset({value}) if isinstance(value, str) else frozenset()
        return self.catalog.selector_members(selector.nouns)

    def _pregnant(self, animal: str) -> bool:
        good = self.g.content.goods.get(animal)
        return bool(good and good.pregnant)

    def _strip_ok(self, strip, node) -> bool:
        items = strip[1]
        if not items:
            return False
        if node.only:
            allowed = self.catalog.selector_members(node.only)
            return items[0] in allowed
        return True

    # ================================================================== ships, spaces, refs
    def _ships_for(self, node: t.Require, ctx):
        """The ships meeting a requirement (None if it is not met); substitutions by cards count."""
        low, _ = self.range(node.range, ctx)
        wanted = self._selector_ids(node.selector, ctx)
        subs = {}
        for _, allow in self.g.events.allowances("substituting", ctx):
            of = next((f for f in allow.filters if isinstance(f, t.OfFilter)), None)
            as_ = next((f for f in allow.filters if isinstance(f, t.AsFilter)), None)
            if of is not None and as_ is not None:
                for item in self.catalog.selector_members(of.nouns):
                    subs.setdefault(item, set()).add(self.catalog.resolve((as_.name,)))
        matching = [s for s in ctx.p.ships if s.kind in wanted or subs.get(s.kind, set()) & set(wanted)]
        if len(matching) < max(low, 1):
            return None
        return matching[:max(low, 1)]

    def ship_ref(self, ref, ctx):
        value = self.resolve_ref(ref, ctx)
        return value if hasattr(value, "ore") else None

    def resolve_ref(self, ref, ctx):
        if isinstance(ref, t.Var):
            return ctx.vars.get(ref.name)
        if isinstance(ref, t.It):
            return ctx.it
        if isinstance(ref, t.This):
            if ref.name == "space":
                return ctx.space
            if ref.name in ("longship", "ship"):
                return ctx.dice.longship if ctx.dice is not None and ctx.dice.longship is not None else (ctx.info.data.get("ship") if ctx.info else None)
            if ref.name in ("tile", "good"):
                return next(iter(ctx.info.items)) if ctx.info and ctx.info.items else None
            if ref.name == "card":
                return ctx.card
            if ref.name == "column":
                return ctx.action.column if ctx.action else None
        return None

    def _space_of(self, place, ctx):
        if isinstance(place, t.RefPlace):
            value = self.resolve_ref(place.ref, ctx)
            return value if isinstance(value, str) else None
        if isinstance(place, t.SpacePlace):
            return place.names[0]
        return None

    def _bindings(self, node, ctx, limit=None):
        """(key, label, value) for every value the bound name may take (where-clause applied)."""
        name = self.catalog.resolve(node.noun)
        s = self.g.state
        out = []
        if name == "space":
            values = [(sid, sid, sid) for sid in self.g.flow.spaces_in_play()]
        elif name in ("longship", "ship", "knarr", "whaling_boat", "large_ship", "small_ship"):
            members = self.catalog.members(node.noun)
            from rulesdsl.engine.flow import ship_key

            values = [(ship_key(ctx.p, sh), f"{sh.kind} with {sh.ore} ore", sh) for sh in ctx.p.ships if sh.kind in members]
        elif name == "strip":
            values = [(sid, f"{sid}: {', '.join(items)}", sid) for sid, items in s.strips if items]
        else:
            members = self.catalog.members(node.noun)
            values = [(m, m, m) for m in sorted(members) if self._held(m, ctx) > 0]
        for key, label, value in values:
            if node.where is not None and not self.truth(node.where, ctx.derive(vars={**ctx.vars, node.var: value})):
                continue
            out.append((key, label, value))
            if limit and len(out) >= limit:
                break
        return out

    def _explorable(self, node, ctx) -> list[str]:
        return self.g.flow.explorable(ctx, node.boards)

    def _table_position(self, node: t.BySlash, ctx):
        value = self.number(node.expr, ctx)
        for index, key in enumerate(node.keys):
            if value == key:
                return index
        if node.open_top and value > node.keys[-1]:
            return len(node.keys) - 1
        return None

    # ================================================================== values
    def amount(self, a, ctx, paying: bool = False) -> int:
        if isinstance(a, t.IntAmount):
            return a.value
        if isinstance(a, t.SlashAmount):
            if ctx.slash is None:
                raise _NoSlash()
            return a.values[ctx.slash]
        if isinstance(a, t.ExprAmount):
            return max(0, self.number(a.expr, ctx))
        raise TypeError(type(a).__name__)

    def range(self, r, ctx) -> tuple[int, int]:
        if isinstance(r, t.Exactly):
            n = self.amount(r.amount, ctx)
            return n, n
        if isinstance(r, t.UpTo):
            return 0, self.amount(r.amount, ctx)
        if isinstance(r, t.Between):
            return self.amount(r.low, ctx), self.amount(r.high, ctx)
        return 0, 10 ** 6

    def truth(self, cond, ctx) -> bool:
        if isinstance(cond, t.And):
            return all(self.truth(a, ctx) for a in cond.args)
        if isinstance(cond, t.Or):
            return any(self.truth(a, ctx) for a in cond.args)
        if isinstance(cond, t.Not):
            return not self.truth(cond.arg, ctx)
        if isinstance(cond, t.HaveEach):
            return self.q.have_each(cond, ctx)
        if isinstance(cond, t.Compare):
            left, right = self.value_of(cond.left, ctx), self.value_of(cond.right, ctx)
            op = cond.op
            if op == "=":
                return left == right
            if op == "!=":
                return left != right
            if op == ">=":
                return left >= right
            if op == "<=":
                return left <= right
            if op == ">":
                return left > right
            return left < right
        return bool(self.number(cond, ctx))

    def value_of(self, e, ctx):
        if isinstance(e, (t.Var, t.It, t.This)):
            value = self.resolve_ref(e, ctx)
            return value if isinstance(value, (int, str)) or value is None else id(value)
        return self.number(e, ctx)

    def number(self, e, ctx) -> int:
        if isinstance(e, t.Num):
            return e.value
        if isinstance(e, t.Quantity):
            return self.q.quantity(e.name, ctx)
        if isinstance(e, t.Query):
            return self.q.query(e.name, e.arg, ctx)
        if isinstance(e, t.BinOp):
            left, right = self.number(e.left, ctx), self.number(e.right, ctx)
            return left + right if e.op == "+" else left - right if e.op == "-" else left * right
        if isinstance(e, t.Signed):
            value = self.number(e.arg, ctx)
            return -value if e.sign == "-" else value
        if isinstance(e, t.MinOf):
            return min(self.number(a, ctx) for a in e.args)
        if isinstance(e, t.MaxOf):
            return max(self.number(a, ctx) for a in e.args)
        if isinstance(e, t.Half):
            return self.number(e.arg, ctx) // 2
        if isinstance(e, (t.Var, t.It, t.This)):
            value = self.resolve_ref(e, ctx)
            return value if isinstance(value, int) else 0
        raise TypeError(type(e).__name__)

    def count(self, selector, ctx) -> int:
        return self.q.count(selector, ctx)


class _NoSlash(Exception):
    pass


def _has_slash(node) -> bool:
    return _slash_size(node) > 0


_NOT_LOOKED_UP = object()  # Interpreter.can: a statement kind not looked up yet

_SLASH_SIZES: dict = {}  # id(node) -> (node, size): trees are immutable, read once


def _slash_size(node) -> int:
    if not isinstance(node, (t.Acquire, t.Pay, t.Exchange, t.Draw, t.Upgrade, t.Loot, t.Emigrate)):
        return 0
    found = _SLASH_SIZES.get(id(node))
    if found is None or found[0] is not node:
        found = _SLASH_SIZES[id(node)] = (node, _read_slash_size(node))
    return found[1]


def _read_slash_size(node) -> int:
    for n in t.walk(node):
        if isinstance(n, t.SlashAmount):
            return len(n.values)
        if isinstance(n, t.Item) and n.slash:
            return len(n.words)
    return 0


def describe(node) -> str:
    from rulesdsl.lang.printer import is_simple, simple

    if is_simple(node):
        return simple(node)
    return type(node).__name__.lower()


def describe_bundle(bundle) -> str:
    from rulesdsl.lang.printer import bundle as text

    return text(bundle)
