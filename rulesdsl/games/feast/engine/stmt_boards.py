"""Statements about boards and what lies on them: `take ... from a mountain strip`, `emigrate`,
`explore`, `place ... into`, `place all ... into`, `lift ... off ... refill with`."""

from __future__ import annotations


class BoardStatements:
    """Mountains, emigration, exploration and placement statements of the `Interpreter`."""

    def c_TakeMountain(self, node, ctx):
        return any(self._strip_ok(strip, node) for strip in self.g.state.strips)

    def s_TakeMountain(self, node, ctx, mandatory):
        return (yield from self.services.take_mountain(node, ctx, mandatory))

    def _strip_ok(self, strip, node) -> bool:
        items = strip[1]
        if not items:
            return False
        if node.only:
            allowed = self.catalog.selector_members(node.only)
            return items[0] in allowed
        return True

    def c_Emigrate(self, node, ctx):
        return self.services.can_emigrate(ctx, self.amount(node.cost, ctx))

    def s_Emigrate(self, node, ctx, mandatory):
        return (yield from self.services.emigrate(ctx, self.amount(node.cost, ctx), mandatory))

    def c_Explore(self, node, ctx):
        return bool(self._explorable(node, ctx))

    def s_Explore(self, node, ctx, mandatory):
        return (yield from self.services.explore(ctx, self._explorable(node, ctx), mandatory))

    def _explorable(self, node, ctx) -> list[str]:
        return self.services.explorable(ctx, node.boards)

    def c_PlaceBundle(self, node, ctx):
        return self.affordable(node.bundle, ctx) and self.services.can_place_into(ctx, node.bundle, node.into)

    def s_PlaceBundle(self, node, ctx, mandatory):
        return (yield from self.services.place_bundle(node, ctx, mandatory))

    def s_PlaceAll(self, node, ctx, mandatory):
        return (yield from self.services.place_all(node, ctx, mandatory))

    def c_Lift(self, node, ctx):
        return bool(self.services.liftable(node, ctx))

    def s_Lift(self, node, ctx, mandatory):
        return (yield from self.services.lift(node, ctx, mandatory))
