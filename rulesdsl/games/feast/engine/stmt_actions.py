"""Statements about Vikings, spaces, phases and mechanisms: `return ... viking from`, `do`,
`do action of`, `imitate`, `run phase`, `as phase`, `part`, dice actions and `use`."""

from __future__ import annotations

from rulesdsl.games.feast.engine.events import EventInfo
from rulesdsl.lang import tree as t


class ActionStatements:
    """Spaces, Vikings, phases and mechanisms of the `Interpreter`."""

    def c_ReturnVikings(self, node, ctx):
        space = self._space_of(node.place, ctx)
        return space is not None and self.services.vikings_on(ctx.player, space) > 0

    def s_ReturnVikings(self, node, ctx, mandatory):
        space = self._space_of(node.place, ctx)
        if space is None:
            return False
        n = self.amount(node.amount, ctx)
        return (yield from self.services.return_vikings(ctx, space, n, "card" if ctx.card else "space"))

    def _space_of(self, place, ctx):
        if isinstance(place, t.RefPlace):
            value = self.resolve_ref(place.ref, ctx)
            return value if isinstance(value, str) else None
        if isinstance(place, t.SpacePlace):
            return place.names[0]
        return None

    def s_DoNamed(self, node, ctx, mandatory):
        return (yield from self.services.do_named(ctx, node.name))

    def c_DoSpace(self, node, ctx):
        space = self.resolve_ref(node.ref, ctx)
        return space in self.g.content.spaces

    def s_DoSpace(self, node, ctx, mandatory):
        space = self.resolve_ref(node.ref, ctx)
        if space not in self.g.content.spaces:
            return False
        return (yield from self.services.granted_space(ctx, space))

    def c_Imitate(self, node, ctx):
        return self.services.can_imitate(ctx, node.place)

    def s_Imitate(self, node, ctx, mandatory):
        return (yield from self.services.imitate(ctx, node.place, mandatory))

    def s_RunPhase(self, node, ctx, mandatory):
        yield from self.services.run_phase_for(ctx, node.phase, node.on)
        return True

    def c_AsPhase(self, node, ctx):
        return any(self.can(s, ctx) for s in node.body)

    def s_AsPhase(self, node, ctx, mandatory):
        return (yield from self.services.phase_for(ctx, node.phase, "extra", self._as_phase_work(node, ctx, mandatory)))

    def _as_phase_work(self, node, ctx, mandatory):
        did = yield from self.run(node.body, ctx, mandatory)
        if did:
            yield from self.services.extra_phase(ctx, node.phase)
        return did

    def c_Part(self, node, ctx):
        return any(self.can(s, ctx) for s in node.body) or bool(self.g.events.candidates("instead", f"part:{node.name}", ctx.player))

    def s_Part(self, node, ctx, mandatory):
        name = f"part:{node.name}"
        if self.g.events.hears("instead", name, ctx.player):  # (else nothing can replace it: no event built)
            replaced = yield from self.services.replace(ctx, name, EventInfo(name, space=self.acting_space(ctx),
                                                                           group=ctx.action.group if ctx.action else None,
                                                                           column=ctx.action.column if ctx.action else None,
                                                                           how=self._hows(ctx)))
            if replaced is not None:
                return replaced
        return (yield from self.run(node.body, ctx, mandatory))

    def c_Dice(self, node, ctx):
        return self.dice.can(node, ctx)

    def s_Dice(self, node, ctx, mandatory):
        return (yield from self.dice.run(node, ctx))

    def s_Use(self, node, ctx, mandatory):
        return (yield from self.services.use(node, ctx))
