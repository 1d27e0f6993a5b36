"""Actions that are more than a statement and leave the home board: taking from mountain strips,
emigrating a ship onto the banquet table, exploring a board."""

from __future__ import annotations

from collections import Counter
from rulesdsl.core.decisions import Option
from rulesdsl.games.feast.engine import ops
from rulesdsl.games.feast.engine.context import hows
from rulesdsl.games.feast.engine.events import EventInfo
from rulesdsl.games.feast.engine.keys import ship_key
from rulesdsl.geometry import pieces
from rulesdsl.geometry.placement import empty
from rulesdsl.lang import tree as t


class Travel:
    """Mountains, emigration and exploration of a `Flow`."""

    def feast_seats(self, p) -> int:
        """Banquet seats the player has to cover now: the `seats` of the phases' `use banquet`
        statement, read from data (a variant's feast changes it too); 0 without a banquet."""
        memo = self.memo.get("banquet_seats")
        if memo is None:
            memo = self.memo["banquet_seats"] = []
        if not memo:
            programs = self.g.content.programs
            memo.append(next((amount for pid in sorted(self.phases_using("banquet"))
                              for node in t.walk(programs[("phases", pid)]) if isinstance(node, t.Use) and node.name == "banquet"
                              for name, amount in node.args if name == "seats"), None))
        return 0 if memo[0] is None else max(0, self.interp.amount(memo[0], self.ctx(p.index)))

    def take_mountain(self, node: t.TakeMountain, ctx, mandatory: bool):
        g, s = self.g, self.g.state
        taken = Counter()
        used = set()
        steps = list(node.takes)
        if node.strips is not None:
            low, high = self.interp.range(node.strips, ctx)
            steps = [node.takes[0]] * min(high, len(s.strips))
        first = True
        for rng in steps:
            low, high = self.interp.range(rng, ctx)
            strips = [st for st in s.strips if st[0] not in used and self.interp._strip_ok(st, node)]
            if not strips or high <= 0:
                break
            options = [Option(sid, f"{sid}: {', '.join(items)}") for sid, items in strips]
            if not (first and mandatory):
                options.append(Option("stop", "take no more"))
            answer = yield from self.interp.ask(ctx.player, "mountain", "take from which mountain strip?", options)
            if answer == "stop":
                break
            first = False
            strip = next(st for st in s.strips if st[0] == answer)
            used.add(answer)
            most = min(high, len(strip[1]))
            if node.only:
                allowed = g.catalog.selector_members(node.only)
                most = 0
                while most < min(high, len(strip[1])) and strip[1][most] in allowed:
                    most += 1
            if most > max(low, 1):
                pick = yield from self.interp.ask(ctx.player, "mountain", f"take how many from {answer} (up to {most})?",
                                                  [Option(str(n), f"{n}: {', '.join(strip[1][:n])}") for n in range(1, most + 1)])
                count = int(pick)
            else:
                count = most
            for _ in range(count):
                item = strip[1].pop(0)
                taken[item] += 1
                for give, n in g.content.mountain_items[item].gives.items():
                    ops.gain(g, ctx.p, give, n)
                    if ctx.action is not None:
                        ctx.action.gained[give] += n
        s.strips = [st for st in s.strips if st[1]]
        if not taken:
            return False
        yield from self.emit("when", "mountain_taken", ctx, EventInfo("mountain_taken", data={"taken": taken}))
        return True

    def can_emigrate(self, ctx, base_cost: int) -> bool:
        cost = self.emigration_cost(ctx, base_cost)
        return bool(self._emigrants(ctx)) and ctx.p.supply["silver"] >= cost and self._room_to_emigrate(ctx.p)

    def emigration_cost(self, ctx, base: int) -> int:
        info = EventInfo("emigration_cost", space=ctx.action.space if ctx.action else None,
                         group=ctx.action.group if ctx.action else None, column=ctx.action.column if ctx.action else None,
                         how=hows(ctx.action.how) if ctx.action else frozenset())
        cost = self.g.events.value("emigration_cost", base, ctx, info, floor=0)
        if ctx.action is not None:
            cost = self.g.events.value("silver_cost", cost, ctx.derive(value=cost), info, floor=0)
        return cost

    def _emigrants(self, ctx):
        return [s for s in ctx.p.ships if self.g.content.ships[s.kind].emigrated_points is not None]

    def _room_to_emigrate(self, p) -> bool:
        home = self.home()
        sections = home.feast_seats // home.ship_seats
        if len(p.emigrated) >= sections:
            return False
        # the section's seats must be free of Vikings (reference reading of the open point): the
        # seats still to cover at the feast (its data, earlier emigrations deducted) hold one more ship
        return home.ship_seats <= self.feast_seats(p)

    def emigrate(self, ctx, base_cost: int, mandatory: bool):
        if not self.can_emigrate(ctx, base_cost):
            return False
        cost = self.emigration_cost(ctx, base_cost)
        ships = self._emigrants(ctx)
        options = [Option(ship_key(ctx.p, s), f"{s.kind} ({s.ore} ore, lost)") for s in ships]
        if not mandatory:
            options.append(Option("no", "do not emigrate"))
        answer = yield from self.interp.ask(ctx.player, "emigrate", f"emigrate which ship for {cost} silver?", options)
        if answer == "no":
            return False
        ship = next(s for s in ships if ship_key(ctx.p, s) == answer)
        ops.pay(self.g, ctx.p, "silver", cost)
        ctx.p.ships.remove(ship)
        self.g.state.bank["ore"] += ship.ore
        ctx.p.emigrated.append(ship.kind)
        self.g.state.bank[ship.kind] += 1
        self.g.state.bank[f"emigrated:{ship.kind}"] -= 1
        yield from self.emit("when", "emigrated", ctx, EventInfo("emigrated", items=frozenset({ship.kind}), how=hows(ctx.action.how if ctx.action else "granted")))
        return True

    def explorable(self, ctx, names) -> list[str]:
        s = self.g.state
        wanted = set()
        for name in names:
            wanted |= self.g.catalog.members((name,))
        space = ctx.action.space if ctx.action else None
        if space is not None and self.g.events.allowed("exploring", ctx, EventInfo("exploring", space=space, how=hows(ctx.action.how),
                                                                                    items=frozenset(self.g.content.exploration_boards))):
            wanted = set(self.g.content.exploration_boards)
        return [slot["board"] for _, slot in sorted(s.slots.items()) if slot["owner"] is None and slot["board"] in wanted]

    def explore(self, ctx, boards, mandatory: bool):
        if not boards:
            return False
        s = self.g.state
        options = [Option(b, self.g.content.exploration_boards[b].name) for b in boards]
        if not mandatory:
            options.append(Option("no", "do not explore"))
        answer = yield from self.interp.ask(ctx.player, "explore", "take which exploration board?", options)
        if answer == "no":
            return False
        slot = next(sl for sl in s.slots.values() if sl["board"] == answer)
        slot["owner"] = ctx.player
        silver = slot["silver"]
        slot["silver"] = 0
        ctx.p.supply["silver"] += silver  # the silver was taken from the supply when it was put there
        if ctx.action is not None and silver:
            ctx.action.gained["silver"] += silver
        ctx.p.explored[answer] = empty(pieces.grid(self.g.content, answer))
        yield from self.emit("when", "explored", ctx, EventInfo("explored", items=frozenset({answer}), how=hows(ctx.action.how if ctx.action else "granted")))
        return True
