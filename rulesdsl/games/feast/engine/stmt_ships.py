"""Statements about ships: `require` (a ship requirement), `load`, `remove` and `unload` ore."""

from __future__ import annotations

from rulesdsl.core.runner import Abort
from rulesdsl.games.feast.engine.events import EventInfo
from rulesdsl.lang import tree as t


class ShipStatements:
    """Ship statements of the `Interpreter`."""

    def c_Require(self, node, ctx):
        return self._ships_for(node, ctx) is not None

    def s_Require(self, node, ctx, mandatory):
        ships = self._ships_for(node, ctx)
        if ships is None:
            raise Abort()
        for ship in ships:
            if ctx.action is not None:
                ctx.action.used[ship.kind] += 1
            yield from self.services.emit("when", "ship_used", ctx, EventInfo("ship_used", items=frozenset({ship.kind}),
                                                                             space=self.acting_space(ctx), how=self._hows(ctx)))
        return False

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

    def c_LoadOre(self, node, ctx):
        ship = self.ship_ref(node.target, ctx)
        return ship is not None and ctx.p.supply["ore"] >= 1 and self.services.ore_room(ship) > 0

    def s_LoadOre(self, node, ctx, mandatory):
        ship = self.ship_ref(node.target, ctx)
        if ship is None:
            return False
        n = min(self.amount(node.amount, ctx), ctx.p.supply["ore"], self.services.ore_room(ship))
        if n <= 0:
            return False
        ctx.p.supply["ore"] -= n
        ship.ore += n
        return True

    def c_RemoveOre(self, node, ctx):
        ship = self.ship_ref(node.source, ctx)
        return ship is not None and ship.ore >= 1

    c_UnloadOre = c_RemoveOre

    def s_RemoveOre(self, node, ctx, mandatory):
        ship = self.ship_ref(node.source, ctx)
        n = min(self.amount(node.amount, ctx), ship.ore if ship else 0)
        if n <= 0:
            return False
        if not mandatory and not (yield from self.ask_yes(ctx.player, f"remove {n} ore from your {ship.kind}?")):
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
