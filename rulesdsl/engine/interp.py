"""The interpreter of the card language: statements, conditions, expressions, selectors.

Every statement is a generator: it yields decisions (through `Game.ask`) and returns
whether it did anything. Gains happen; statements that cost something or choose are
optional unless `must` says otherwise or the action needs them to happen (a space must
use at least one of its effects). Feasibility (`can`) is checked before a question is
asked, so a player is only ever offered what can really be done.

This module runs blocks and dispatches single statements (moods, slash positions, one
yield); each statement kind's `c_X` (can it happen) and `s_X` (do it) live side by side in
the module of what it acts on: `stmt_gain.py` (gain, build, buy), `stmt_pay.py` (pay,
exchanges), `stmt_tiles.py` (upgrade, flip, pregnant, harvest, loot), `stmt_cards.py`,
`stmt_boards.py` (mountains, emigration, exploration, placing), `stmt_ships.py`,
`stmt_actions.py` (Vikings, spaces, phases, dice, `use`), `stmt_control.py` (choices,
conditions, loops); values are `expressions.py`, the context `context.py`.
"""

from __future__ import annotations

from rulesdsl.engine.decisions import Option
from rulesdsl.engine.events import EventInfo
from rulesdsl.lang import tree as t
from rulesdsl.engine.context import Abort, Action, Ctx
from rulesdsl.engine.describe import describe, describe_bundle
from rulesdsl.engine.expressions import Expressions
from rulesdsl.engine.slash import NoSlash, has_slash, slash_size
from rulesdsl.engine.stmt_actions import ActionStatements
from rulesdsl.engine.stmt_boards import BoardStatements
from rulesdsl.engine.stmt_cards import CardStatements
from rulesdsl.engine.stmt_control import ControlStatements
from rulesdsl.engine.stmt_gain import GainStatements
from rulesdsl.engine.stmt_pay import PayStatements
from rulesdsl.engine.stmt_ships import ShipStatements
from rulesdsl.engine.stmt_tiles import TileStatements

_OPTIONAL = (t.Pay, t.Exchange, t.Upgrade, t.Flip, t.TakeMountain, t.Play, t.Emigrate, t.Explore, t.PlaceBundle,
             t.PlaceAll, t.Lift, t.MakePregnant, t.LoadOre, t.RemoveOre, t.UnloadOre, t.ChooseOne, t.ChooseVar, t.Loot,
             t.DoSpace)


# statements whose gains form one yield: their arrivals are announced when all have arrived
_YIELDS = (t.Acquire, t.Exchange, t.Harvest, t.Loot)


__all__ = ["Abort", "Action", "Ctx", "Interpreter", "describe", "describe_bundle"]


class Interpreter(GainStatements, PayStatements, TileStatements, CardStatements, BoardStatements, ShipStatements,
                  ActionStatements, ControlStatements, Expressions):
    """Runs effect trees: blocks and single statements here, each statement kind's `c_X` (can it
    happen) and `s_X` (do it) side by side in the module of what it acts on (`stmt_*.py`)."""

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
        if ctx.slash is None and has_slash(node):
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
        positions = slash_size(node)
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
        except NoSlash:
            return any(method(node, ctx.derive(slash=i)) for i in range(slash_size(node)))

    def c_Mood(self, node, ctx):
        return self.can(node.stmt, ctx)


_NOT_LOOKED_UP = object()  # Interpreter.can: a statement kind not looked up yet


