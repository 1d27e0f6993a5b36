"""The interpreter of A Feast for Odin's card language: the shared core plus its statements.

Blocks, dispatch, moods, slash positions and feasibility are the statement-running core both
games share (`runner.py`); this module says what is particular to this game's running, by
data and hooks: the statement kinds that are optional without asking, the kinds whose gains
arrive as one yield (timing model), arrivals announced as events, "as soon as" watches
re-checked after every change, and forced answers noted in the game's history.
Each statement kind's `c_X` (can it happen) and `s_X` (do it) live side by side in the module
of what it acts on: `stmt_gain.py` (gain, build, buy), `stmt_pay.py` (pay, exchanges),
`stmt_tiles.py` (upgrade, flip, pregnant, harvest, loot), `stmt_cards.py`, `stmt_boards.py`
(mountains, emigration, exploration, placing), `stmt_ships.py`, `stmt_actions.py` (Vikings,
spaces, phases, dice, `use`), `stmt_control.py` (choices, conditions, loops); values are
`expressions.py`, the context `context.py`.

A statement acts on the state (`self.g.state`, the player in its `Ctx`), asks its player itself
(`self.ask`, the core's), and reaches what is more than one statement (events, spaces, phases,
boards, cards: the game's course) through `self.services`, given when the game is built
(`engine/services.py` says what each part offers).
"""

from __future__ import annotations

from rulesdsl.content.catalog import SHIP
from rulesdsl.core.describe import describe, describe_bundle
from rulesdsl.core.runner import Abort, Runner
from rulesdsl.games.feast.engine.context import Action, Ctx
from rulesdsl.games.feast.engine.dice import DiceRunner
from rulesdsl.games.feast.engine.events import EventInfo
from rulesdsl.games.feast.engine.expressions import Expressions
from rulesdsl.games.feast.engine.keys import ship_key
from rulesdsl.games.feast.engine.queries import Queries
from rulesdsl.games.feast.engine.services import Services
from rulesdsl.games.feast.engine.stmt_actions import ActionStatements
from rulesdsl.games.feast.engine.stmt_boards import BoardStatements
from rulesdsl.games.feast.engine.stmt_cards import CardStatements
from rulesdsl.games.feast.engine.stmt_control import ControlStatements
from rulesdsl.games.feast.engine.stmt_gain import GainStatements
from rulesdsl.games.feast.engine.stmt_pay import PayStatements
from rulesdsl.games.feast.engine.stmt_ships import ShipStatements
from rulesdsl.games.feast.engine.stmt_tiles import TileStatements
from rulesdsl.lang import tree as t

_OPTIONAL = (t.Pay, t.Exchange, t.Upgrade, t.Flip, t.TakeMountain, t.Play, t.Emigrate, t.Explore, t.PlaceBundle,
             t.PlaceAll, t.Lift, t.MakePregnant, t.LoadOre, t.RemoveOre, t.UnloadOre, t.ChooseOne, t.ChooseVar, t.Loot,
             t.DoSpace)


# statements whose gains form one yield: their arrivals are announced when all have arrived
_YIELDS = (t.Acquire, t.Exchange, t.Harvest, t.Loot)


__all__ = ["Abort", "Action", "Ctx", "Interpreter", "describe", "describe_bundle"]


class Interpreter(GainStatements, PayStatements, TileStatements, CardStatements, BoardStatements, ShipStatements,
                  ActionStatements, ControlStatements, Expressions, Runner):
    """Runs effect trees with the shared core (`Runner`); each statement kind's `c_X` (can it
    happen) and `s_X` (do it) side by side in the module of what it acts on (`stmt_*.py`)."""

    optional = _OPTIONAL
    yields = _YIELDS
    paid_on_space = (t.Exchange,)  # paying an exchange's cost on a space is itself an effect
    slashed = Runner.slashed + (t.Draw, t.Upgrade, t.Loot, t.Emigrate)  # slash positions chosen for the whole statement

    def __init__(self, game, services: Services):
        """The interpreter of `game`, whose course (its `Flow`) offers the `services`."""
        super().__init__()
        self.g = game
        self.services = services
        self.catalog = game.catalog

        self.q = Queries(game, self, services)
        self.dice = DiceRunner(game, self, services)
        # readings of the content's trees, shared by every game on the content (its catalog's)
        tables = self.catalog.tables
        self._it_refs: dict = tables.setdefault("it refs", {})  # id of a node -> (node, whether it reads `it`)
        self._item_ids: dict = tables.setdefault("item ids", {})  # (words, attribute) -> sorted item ids
        self._upgrade_orders: dict = tables.setdefault("upgrades", {})  # (id of an upgrade node, steps) -> (node, what it can upgrade)
        self._numbers = tables.setdefault("number functions", {})  # Expressions.number's, made once per content
        self._written = tables.setdefault("statement texts", {})  # the runner's (see core/describe.py)
        self._slash_sizes = tables.setdefault("slash sizes", {})  # the runner's (see core/slash.py)

    # ================================================================== the game's hooks into the core
    def forced(self, player: int, prompt: str, label: str, kind: str = "", key: str = "") -> None:
        """A forced answer is said in the game's history (and told to a watcher: a scenario
        file may name the answer it expected there)."""
        self.g.note(f"player {player}: {prompt} -> {label} (the only possible answer)")
        if self.g.on_forced is not None:
            self.g.on_forced(player, kind, key)

    def unasked(self, player: int, kind: str, key: str) -> None:
        """An answer the engine takes without a question where one was possible (the rest of a
        payment once one item is left): told to a watcher only, as `forced` tells it."""
        if self.g.on_forced is not None:
            self.g.on_forced(player, kind, key)

    def anytime_options(self, player: int):
        """The anytime menu, while the game goes on."""
        return self.services.anytime_options(player)

    def anytime(self, player: int, key: str):
        """An anytime action, done by the game's course."""
        return self.services.anytime(player, key)

    def watching(self) -> bool:
        """Whether limited cards wait for an "as soon as" condition."""
        return bool(self.g.events.watches)

    def changed(self, ctx):
        """Re-check the "as soon as" conditions after a change."""
        return self.services.check_watches()

    def binding_values(self, noun, ctx) -> list:
        """(key, label, value) for every thing `choose X` / `for each X` may bind: a space in play,
        one of the player's ships of the noun's kinds, a mountain strip, or an item he holds."""
        name = self.catalog.resolve(noun)
        if name == "space":
            return [(sid, sid, sid) for sid in self.services.spaces_in_play()]
        if name == "strip":
            return [(sid, f"{sid}: {', '.join(items)}", sid) for sid, items in self.g.state.strips if items]
        members = self.catalog.members(noun)
        kind = self.catalog.kind
        if members and all(kind.get(m) == SHIP for m in members):
            return [(ship_key(ctx.p, sh), f"{sh.kind} with {sh.ore} ore", sh) for sh in ctx.p.ships if sh.kind in members]
        return [(m, m, m) for m in sorted(members) if self._held(m, ctx) > 0]

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
        hears = self.g.events.hears
        for name, ectx, info in pending:
            if hears("when", name, ectx.player):
                yield from self.services.emit("when", name, ectx, info)
        return result

    def _arrived(self, ctx, name: str, info: EventInfo):
        """An arrival: announced now, or when the current yield is complete."""
        if ctx.pending is not None:
            ctx.pending.append((name, ctx.derive(pending=None), info))
            return
        if self.g.events.hears("when", name, ctx.player):
            yield from self.services.emit("when", name, ctx, info)
