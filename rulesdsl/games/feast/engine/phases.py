"""The round: phases in the order of `boards/rounds.yaml`, each phase's work read from its
`effect` (the card language; its `use` statements name generic mechanisms).

Timing model (docs/LANGUAGE.md): a round's phase fires `before phase X` for every player in
turn order, then its work, then `after phase X` for every player (`how phase`). A phase of
scope `player` runs its effect for each player in turn order, each share followed by that
player's `during phase X`; scope `table` runs it once. A card's `run phase X` runs a player
phase's effect (before, work, during, after) for its owner only (`how extra`). Nothing here
knows a phase by its id: what a phase does is its data.
"""

from __future__ import annotations

from rulesdsl.core.decisions import Option
from rulesdsl.errors import RulesError
from rulesdsl.games.feast.engine.events import EventInfo
from rulesdsl.games.feast.engine.interp import Ctx
from rulesdsl.games.feast.engine.uses import IMPLEMENTATIONS
from rulesdsl.lang import tree as t

_ORDERS: dict = {}  # (start player, players) -> the order of play
_HOW_PHASE, _HOW_EXTRA = frozenset({"phase"}), frozenset({"extra"})


class PhaseRunner:
    """The round loop of a `Flow`: the game as a generator of decisions, phase by phase."""

    def run(self, resume: tuple | None = None):
        """The whole game as a generator of decisions. Before each phase, each turn of the
        action phase and each player's last question at the end it records a resume point
        (`Game.resume_point`); `resume`, one of those points, restarts the flow there on the
        state restored from its checkpoint."""
        g, s = self.g, self.g.state
        phases = self.memo.get("phases in order")  # (the content's: sorted once, not at every fork's restart)
        if phases is None:
            phases = self.memo["phases in order"] = sorted(g.content.phases.values(), key=lambda ph: ph.number)
        start_round, start_phase, start_turn = resume or (1, 0, None)
        for round_number in range(start_round, s.rounds + 1):
            resumed = resume is not None and round_number == start_round
            if not resumed:
                s.round = round_number
                self.new_round_counts()
            plan = self.plan()
            active = [phase for phase in phases if phase.id not in plan.skip]
            for index in range(start_phase if resumed else 0, len(active)):
                phase = active[index]
                turn = start_turn if resumed and index == start_phase else None
                if turn is None:  # a phase's start (a turn's resume point is inside the turns)
                    g.resume_point((round_number, index, None))
                    s.phase = phase.id
                    g.note(f"phase {phase.number}: {phase.name}")
                yield from self.round_phase(phase.id, (round_number, index), turn)
        if resume is None or start_round <= s.rounds:
            g.resume_point((s.rounds + 1, 0, None))
        s.phase = "end"
        first = start_turn if resume is not None and start_round > s.rounds and start_turn is not None else 0
        for position, player in enumerate(self.order()):  # last placements before the count ([F1])
            if position < first:
                continue
            # each player's last question is resumed like a turn's (a fork at it, or inside the
            # anytime action begun at it, is a copy: see Forking.fork)
            g.resume_point((s.rounds + 1, 0, position))
            opened, self.reopen = self.reopen, None
            yield from self.interp.ask(player, "end", "the game is over: place what you still want, then finish",
                                       [Option("finish", "finish")], anytime=True, opened=opened)
        for player in self.order():
            yield from self.emit("when", "final_scoring", self.ctx(player), EventInfo("final_scoring"))
        s.finished = True

    def new_round_counts(self) -> None:
        """What is counted per round starts again."""
        s = self.g.state
        s.round_uses.clear()
        s.freed.clear()
        for p in s.players:
            p.counters.clear()

    def plan(self):
        """The round plan of the current round (harvest code, exploration turn, silver, skipped phases)."""
        rounds = self.g.content.game_lengths[self.g.options.length].rounds
        return rounds[max(0, min(self.g.state.round, len(rounds)) - 1)]

    def order(self) -> tuple[int, ...]:
        """Players in turn order from the start player."""
        n = len(self.g.state.players)
        start = self.g.state.start_player
        found = _ORDERS.get((start, n))
        if found is None:
            found = _ORDERS[(start, n)] = tuple((start + k) % n for k in range(n))
        return found

    def ctx(self, player: int, **kw) -> Ctx:
        """A fresh context for one player."""
        return Ctx(player, self.g.state.players[player], **kw)

    def home(self):
        """The home board side of this game's length."""
        return self.g.content.home_boards[self.g.options.length]

    def thing_changed(self, player: int, before: int):
        """`thing_changed` for the player, if the Vikings on the Thing square changed."""
        p = self.g.state.players[player]
        if p.thing != before and self.g.events.hears("when", "thing_changed", player):
            yield from self.emit("when", "thing_changed", self.ctx(player), EventInfo("thing_changed", data={"before": before}))

    # ------------------------------------------------------------------ one phase
    def round_phase(self, phase: str, point: tuple = (0, 0), turn: int | None = None):
        """A phase of the round for every player: all `before` hooks, the phase's work, all `after` hooks.
        `point` (round, phase index) names the phase's resume points; with `turn`, the phase
        resumes at that turn of its `turns`, its `before` hooks already done."""
        name, hooks = f"phase:{phase}", self.g.events.hooks
        if turn is None and hooks.get(("before", name)):  # (no listener: nothing to build the event for)
            for player in self.order():
                if self.g.events.hears("before", name, player):
                    yield from self.emit("before", name, self.ctx(player), EventInfo(name, how=_HOW_PHASE))
        spec = self.g.content.phases[phase]
        if spec.scope == "table":
            self.resume_at = (point, turn)
            yield from self.phase_effect(phase, self.ctx(self.order()[0]))
        else:
            for player in self.order():
                yield from self.phase_share(self.ctx(player), phase, _HOW_PHASE)
        if self.g.events.hooks.get(("after", name)):
            for player in self.order():
                if self.g.events.hears("after", name, player):
                    yield from self.emit("after", name, self.ctx(player), EventInfo(name, how=_HOW_PHASE))
        yield from self.check_watches()

    def phase_share(self, ctx, phase: str, how: frozenset, on=None):
        """One player's share of a phase: its effect, then that player's `during phase X`."""
        name = f"phase:{phase}"
        info = EventInfo(name, how=how, data={"on": on} if on is not None else None)
        yield from self.phase_effect(phase, ctx.derive(phase=info))
        if self.g.events.hears("during", name, ctx.player):
            yield from self.emit("during", name, ctx, info)

    def phase_effect(self, phase: str, ctx):
        """Run a phase's effect; one `use` statement (most phases) is run without a block around it."""
        direct = self.memo.get(("phase_effect", phase))
        if direct is None:
            items = self.g.content.programs[("phases", phase)].items
            direct = self.memo[("phase_effect", phase)] = items[0] if len(items) == 1 and isinstance(items[0], t.Use) else items
        if isinstance(direct, t.Use):
            if direct.args:
                yield from self.use(direct, ctx)
            else:  # (the action phase's turns: every decision of it passes through here)
                yield from IMPLEMENTATIONS[direct.name](self, ctx)
        else:
            yield from self.interp.run(direct, ctx)

    def take_resume(self) -> tuple:
        """(point, turn) the current table phase resumes at (turn None: from its start)."""
        found = getattr(self, "resume_at", None) or ((0, 0), None)
        self.resume_at = None
        return found

    def extra_phase(self, ctx, phase: str):
        """Your share of a phase counted by a card (`as phase`): its `during` hooks."""
        yield from self.emit("during", f"phase:{phase}", ctx, EventInfo(f"phase:{phase}", how=_HOW_EXTRA))

    def phase_for(self, ctx, phase: str, how: str, work):
        """One player's complete phase, however it was started (docs/LANGUAGE.md, timing model):
        `before` hooks, the phase's work (which fires `during` itself), then `after` hooks."""
        name = f"phase:{phase}"
        yield from self.emit("before", name, ctx, EventInfo(name, how=frozenset({how})))
        result = yield from work
        yield from self.emit("after", name, ctx, EventInfo(name, how=frozenset({how})))
        return result

    def run_phase_for(self, ctx, phase: str, on):
        """`run phase X`: a complete extra phase for one player (before, work, during, after)."""
        if self.g.content.phases[phase].scope != "player":
            raise RulesError(f"a card cannot run the phase '{phase}' for one player: it acts on the whole table")
        yield from self.phase_for(ctx, phase, "extra", self.phase_share(ctx, phase, _HOW_EXTRA, on))

    def phases_using(self, mechanism: str) -> frozenset:
        """Ids of the phases whose effect uses a mechanism (`in_action_phase` asks for `turns`)."""
        memo = self.memo.setdefault("phases_using", {})
        found = memo.get(mechanism)
        if found is None:
            content = self.g.content
            found = memo[mechanism] = frozenset(
                pid for pid in content.phases
                if any(isinstance(n, t.Use) and n.name == mechanism for n in t.walk(content.programs[("phases", pid)])))
        return found

    def use(self, node, ctx):
        """`use NAME with ...`: run a mechanism with its arguments evaluated."""
        if not node.args:
            return (yield from IMPLEMENTATIONS[node.name](self, ctx))
        amount = self.interp.amount
        return (yield from IMPLEMENTATIONS[node.name](self, ctx, **{name: amount(a, ctx) for name, a in node.args}))
