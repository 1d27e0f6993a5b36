"""Checkpoints and forks of a game: where the flow can restart, a checkpoint of everything the
game is; a fork restores the last checkpoint into a new Game and replays the answers since.

A mixin of `Game` (engine/game.py): the driver and setup live there, the copying here. A fork
is constructed like any game, through `Game.__init__`, given a `Restart` (the checkpoint, the
answers and history up to it, and the readings of the content and setup it shares with the
game it is forked from, `FlowTables`) in place of a deal: nothing is built behind the
constructor's back.

What a fork is (issue 29 item 4, issue 34 item 3). The flow is a chain of Python generators,
which cannot be copied; it can restart only at a resume point (a phase's start, a turn's start,
each player's last question at the end) from a restored state, or at a position inside a turn
whose frames can be made again from data. A turn's question is asked right after its turn's
resume point, so a fork there IS a copy of the state at the pending decision with the flow's
position as data: no answer is replayed (`fork_replays` is 0; also at the turn's question asked
again after anytime actions, from the checkpoint the first replay took there, a later one
replaying from the one before). Two positions inside a turn are data too:
- the anytime action begun at the turn's question: nothing changes between the question and the
  action's first question (the anytime menu), so a checkpoint 'opened' (the question's own, the
  anytime answer given) restarts the flow at the question with that action done first
  (Runner.ask's `opened`): a fork at the menu is a copy, given the source's menu as it stands
  (`Runner.given`: a value, not built again);
- the action the turn's question was answered with, once its Vikings are placed: the first
  fork's replay takes a checkpoint there ('entered', `action_started`: the state and a copy of
  the action's record), and later forks inside that action restart in it (Flow.reenter) and
  replay only the answers given in the action, not the placing (its events) nor the question.
In `fast` self-play (2 players, seeds 400-403) 63% of the forks replay (84% before), 1.7 answers
a fork (2.95 before); the menu's forks went from about 180 to 55 us; `fast` spends 0.90x the CPU
a game of 61a4339 (bench_agents --cpu, 14 blocks of 4 games interleaved, seeds 500-555, ratio
of the blocks 0.73-1.06, median 0.898; a loaded machine: 0.84 -> 0.76 s median).

(Taking the 'entered' checkpoint in every game that places a turn's Vikings, not only in a
fork's replay, was measured and not kept: in fast self-play 807 of the 898 such checkpoints a
game took were never restarted from, and bench_selfplay_cpu gave 1.02x the CPU a game.)

What still replays is inside a space's action (which strip, which card, which good, a feast's
seats): the position there is inside statements (a `take_mountain` loop with what it took so
far, a card's effect run by `emit` between others, a block's next statement), held in generator
frames. A copy there would need every frame of the chain as data (the block runner,
`whole_yield`, emission, each asking statement and the flow's parts): the interpreter rewritten
without generators. tests/test_fork_copy.py compares forks with the plain replay of the record.

A lookahead changes its forks outside the rules (its own dice, cut piles, unseen hands dealt
anew); `adjust` records such a change where it was made, and a fork's replay makes it again at
the same place, so a fork of a lookahead's fork is a copy of it and not of the real game (whose
dice it would otherwise roll again: the real future seen, and trials at one question compared
on different dice).
"""

from __future__ import annotations

import attrs

from rulesdsl.errors import RulesError
from rulesdsl.games.feast.engine.events import Events
from rulesdsl.games.feast.engine.flow import Flow
from rulesdsl.games.feast.engine.flow_position import asked, chain, innermost, turn_asker
# (reseeded is imported from here by tests)
from rulesdsl.games.feast.engine.fork_dice import LazyRandom, reseeded
# (Restart and ResumeReached are imported from here by game.py, the memo keys by tests)
from rulesdsl.games.feast.engine.checkpoint import (ENTERED, OPENED, REASKED, Answered, Checkpoint, Restart,  # noqa: F401
                                                     ResumeReached)

class Forking:
    """Checkpoints at the flow's resume points, forks, and the shortcuts of their replays."""

    # ((answers, change, argument), ...): changes made to this game between answers, outside the
    # rules (a lookahead's own dice, its cut of the hidden piles, unseen hands dealt anew), in
    # order; a fork's replay makes them again where they were made (see `adjust`)
    adjustments: tuple = ()
    _capture: Checkpoint | None = None  # while a fork replays: the turn's checkpoint it takes checkpoints for (action_started)

    def resume_point(self, point: tuple) -> None:
        """Called by the flow where it can restart from a restored state: take a checkpoint."""
        if self.halt_at_resume:
            raise ResumeReached(point)
        if not self.checkpoints:
            return
        cp = self._checkpoint
        if cp is not None and cp.point == point and cp.answers == len(self.log) and cp.state.round == self.state.round:
            return  # a fork restarting at its own checkpoint
        self._checkpoint = Checkpoint(point, self.state.clone(), self.events.checkpoint(), self.rng.getstate(),
                                      tuple(self.forced_dice), len(self.log), len(self.history),
                                      adjusted=len(self.adjustments))

    def fork(self, reseed: int | None = None, halt: bool = False, upto: int | None = None) -> "Forking":
        """An independent game at the identical state and pending decision: the last checkpoint
        restored into a new Game and the answers since then replayed. `reseed` gives the fork's
        dice a new seed (a lookahead must not see the real game's future rolls); with `halt`
        the fork raises ResumeReached when its flow reaches the next resume point. With `upto`
        (a number of answers, none before the checkpoint), the fork is this game as it was after
        its first `upto` answers (the later ones not replayed), if no resume point lay between.

        Three shortcuts, each the same as the plain replay: the answers replayed are not judged
        again where this game accepted them (`Answered`: at the same state, reached the same way;
        judging them again, once per checkpoint, was 8% of a fork's time in fast self-play); where the
        turn's question has been asked again after anytime actions, the replay starts there, from
        a checkpoint the first such replay took on its way (`_reasked`); and inside the anytime
        action begun at the turn's question, the flow restarts in that action (`Checkpoint.opened`):
        a fork at its menu is a copy, given the source's menu as it stands (a value)."""
        root, base, end, take, prefix, pending = self._fork_start(upto)
        early, given, made = (), None, 0  # `made`: adjustments the checkpoint was taken after
        if base.opened is not None:  # the adjustments made at the turn's question come before the action
            early = tuple(a for a in pending if a[0] < base.answers)
            made = len(early)
            d = self.decision
            if end == base.answers == len(self.log) and d is not None and d.judged:
                given = d
        elif base.entered is not None:
            made = sum(1 for a in pending if a[0] < base.answers)
        g = self._restored(base, root, self.adjustments[:root.adjusted] + pending, early, given)
        waiting = list(pending[made:])
        if base.opened is None and base.entered is None:
            g._capture = root  # the replay takes a checkpoint where it places a turn's Vikings (action_started)
        log = self.log
        for index in range(base.answers, end):
            while waiting and waiting[0][0] == index:  # made again where the source made it
                _, change, argument = waiting.pop(0)
                change(g, argument)
            entry = log[index]
            key = entry[1]
            if type(entry) is Answered:
                # not judged again: this game accepted the answer at this same state, reached
                # from this checkpoint by the same answers and adjustments (a replay is deterministic)
                g.log.append(Answered((g.decision.player, key)))
                g._advance(key)
                g._watch_turn_question()
            else:  # put into the log by other means: judged like any answer
                g.answer(key)
            if index + 1 == take:  # the replay is where the source asked the turn's question again
                root.memo[(REASKED, prefix)] = self._reasked(g, root) if g._reask_at == take else False
        g._capture = None
        for _, change, argument in waiting:
            change(g, argument)
        if reseed is None:
            g.rng = LazyRandom.settled(g.rng, None)
        else:  # its own forks replay with these dice
            reseeded(g, reseed)
            g.adjustments += ((end, reseeded, reseed),)
        g.halt_at_resume = halt
        return g

    def action_started(self, actx) -> None:
        """Called by the flow once the Vikings of the answer to a turn's question are placed,
        before their action: a fork's replay (`fork`) takes a checkpoint there, kept with the
        turn's checkpoint by the answers and adjustments that led to it, so that later forks
        inside the same action restart in it (`Checkpoint.entered`) instead of placing again."""
        root = self._capture
        if root is None or root is not self._checkpoint:
            return
        ta = self._turn_ask
        at = self._reask_at or root.answers  # where the turn's question was answered
        a = actx.action
        if (ta is None or ta[0] is not root or len(self.log) <= at or actx.vars or actx.it is not None
                or a.printed is not None or a.occasion is not None):
            return  # (not the turn's answer, or placing left more than the action's own record behind)
        key = (ENTERED, tuple(entry[1] for entry in self.log[root.answers:]),
               tuple(x for x in self.adjustments[root.adjusted:] if x[0] < len(self.log)))
        if key in root.memo:
            return
        rng = self.rng
        dice = rng.state if type(rng) is LazyRandom and rng.real is None else rng.getstate()
        root.memo[key] = Checkpoint(root.point, self.state.clone(), self.events.checkpoint(), dice, tuple(self.forced_dice),
                                    len(self.log), len(self.history), tail=tuple(tuple(e) for e in self.log[root.answers:]),
                                    notes=tuple(self.history[root.history:]), adjusted=root.adjusted,
                                    entered=(actx.space, a.copy(), at))

    def plain_dice(self):
        """The dice generator to draw from, a plain one from now on: a fork's dice kept as a state
        until something draws (`reseeded`) are set into a generator here, so that later rolls do
        not go through the stand-in (any other generator is given as it is)."""
        rng = self.rng
        if type(rng) is LazyRandom:
            rng = self.rng = rng.made()
        return rng

    def adjust(self, change, argument) -> None:
        """Change the game outside the rules by `change(game, argument)` (a module-level function;
        `argument` a plain value) and remember where: a fork of it replays its answers from the
        last checkpoint and makes the same change at the same place, so that it is a copy of this
        game and not of the one its checkpoint came from (a lookahead's fork whose own dice or
        hands would else be the real game's again in the forks it judges answers on)."""
        if not self.checkpoints:  # the checkpoint a fork restores must come before the change
            self._start_checkpoints()
        change(self, argument)
        self.adjustments += ((len(self.log), change, argument),)

    def _fork_start(self, upto: int | None) -> tuple:
        """(root, base, end, take, prefix, pending) of a fork (see `fork`): the last checkpoint,
        the one the replay starts from (it or the turn's question asked again), the answers the
        fork stands after, where the replay takes the checkpoint of the question asked again (or
        None), the answers since `root` up to it, and the adjustments the replay makes again."""
        if not self.checkpoints:
            self._start_checkpoints()
        root = base = self._checkpoint
        end = len(self.log) if upto is None else upto
        if not root.answers <= end <= len(self.log):
            raise RulesError(f"no fork after {upto} answers: the last checkpoint came after {root.answers}")
        take, prefix = None, ()  # where this replay takes the checkpoint at the turn's question asked again
        pending = tuple(a for a in self.adjustments[root.adjusted:] if a[0] <= end)
        at = self._reask_at if self._turn_ask is not None and self._turn_ask[0] is root else None
        # (a checkpoint at the question asked again is the source's: for a replay adjusted only after it)
        if at is not None and root.answers < at <= end and all(a[0] >= at for a in pending):
            prefix = tuple(entry[1] for entry in self.log[root.answers:at])
            found = root.memo.get((REASKED, prefix))
            if found:
                base = found
            elif found is None:
                take = at
                base = _last_reasked(root, prefix)  # the replay that takes it starts at an earlier one
        if take is None and end > base.answers and (at is None or at == base.answers) and not base.opened:
            base = self._opened(root, base)
            ta = self._turn_ask
            if base.opened is None and ta is not None and ta[0] is root and root.point[2] is not None:
                # inside the action the turn's question at `base` was answered with, if a replay took a
                # checkpoint where its Vikings were placed (after the answer, and any that placing asked)
                answered = tuple(entry[1] for entry in self.log[root.answers:end])
                memo, since = root.memo, base.answers - root.answers
                for size in range(since + 1, len(answered) + 1):
                    found = memo.get((ENTERED, answered[:size], tuple(a for a in pending if a[0] < root.answers + size)))
                    if found:
                        base = found
                        break
        return root, base, end, take, prefix, pending

    def _opened(self, root: Checkpoint, base: Checkpoint) -> Checkpoint:
        """The checkpoint a fork restarts from after `base` (see `_fork_start`): inside the anytime
        action begun by the answer given to the turn's question pending at `base`, if this game is
        still inside it (`Checkpoint.opened`), else `base`."""
        ta = self._turn_ask
        if ta is None or ta[0] is not root or root.point[2] is None or ta[1] is None:
            return base
        player, key = self.log[base.answers]
        if not key.startswith(ANYTIME) or turn_asker(self._process) is not ta[1] or innermost(self._process) is ta[1]:
            return base  # not an anytime action, or no longer inside the turn question's one
        found = base.memo.get((OPENED, key))
        if found is None:
            found = base.memo[(OPENED, key)] = attrs.evolve(
                base, answers=base.answers + 1, tail=base.tail + ((player, key),), memo={},
                opened=key, reasked_at=base.answers if base is not root else None, asked=ta[2])
        return found

    def fork_replays(self, upto: int | None = None) -> int:
        """How many answers a fork made now would replay after restoring its checkpoint: 0 where
        the fork is a copy of the state at the pending decision with the flow restarted at its
        position (a turn's question, also when asked again after anytime actions)."""
        _, base, end, _, _, _ = self._fork_start(upto)
        return end - base.answers

    def _restored(self, base: Checkpoint, root: Checkpoint, adjustments: tuple = (), early: tuple = (),
                  given=None) -> "Forking":
        """A new game of this one's class restored from `base` (the checkpoint `root`, one at
        its turn's question asked again, or one inside an anytime action begun there) and run to
        its first decision; its checkpoint is `root`, `adjustments` its own (those it makes again
        on its replay included), `early` those made before its flow runs, `given` its first decision."""
        log = self.log[:root.answers]
        log += [Answered(entry) for entry in base.tail]  # (answers a replay accepted)
        history = self.history[:root.history]
        history += base.notes
        return type(self)(self.content, self.options, self.seed, restart=Restart(
            base, root, log, history, self._initial_dice, self.flow.tables, adjustments, early, given))

    def _restart(self, restart: "Restart") -> None:
        """Construct this game as `restart` says (see `Game.__init__`): the state, dice and
        installed effects of its checkpoint, the readings of the content and setup shared with
        the game it was forked from, the flow restarted at the checkpoint's resume point."""
        base, root = restart.base, restart.root
        self.adjustments = restart.adjustments
        self.rng = LazyRandom(base.rng)  # `fork` puts a plain generator in its place
        self.state = base.state.clone()
        self.log = restart.log
        self.forced_dice = list(base.dice)
        self._initial_dice = restart.initial_dice
        self.history = restart.history
        self.flow = Flow(self, restart.tables)  # the same content and setup: what was read of them is shared
        self.events = Events(self.content, self.catalog, self.flow.interp, base.events)  # shared until changed: the checkpoint stays as it was
        self._checkpoint, self.checkpoints = base, True  # restarting at its own checkpoint takes none
        for _, change, argument in restart.early:
            change(self, argument)
        self.flow.reopen, self.flow.reenter, self.flow.interp.given = base.opened, base.entered, restart.decision
        self._process = self.flow.run(base.point)
        self._advance(None, first=True)
        self.flow.interp.given = None
        self._checkpoint = root
        if base.opened is not None:  # inside the anytime action of the turn's question (asked again at `reasked_at`)
            self._turn_ask = (root, turn_asker(self._process), base.asked)
            self._reask_at = base.reasked_at
        elif base.entered is not None:  # inside the action the turn's question was answered with: not asked again
            self._turn_ask = (root, None, ())
            self._reask_at = base.entered[2] if base.entered[2] > root.answers else None
        elif root.point[2] is not None and self.decision is not None:  # a turn's question
            self._turn_ask = (root, innermost(self._process), asked(self.decision))
            self._reask_at = base.answers if base is not root else None

    def _reasked(self, g: "Forking", root: Checkpoint):
        """A checkpoint at `g`'s pending decision, the turn's question of `root` asked again,
        if restarting the flow there gives `g` exactly (else False). The flow's resume point is
        the turn's start: the turn's question is asked right after it, so a restart on the state
        reached asks it again; a restart that would change anything, or ask otherwise, is refused."""
        cp = Checkpoint(root.point, g.state.clone(), g.events.checkpoint(), g.rng.getstate(), tuple(g.forced_dice),
                        len(g.log), len(g.history), tail=tuple(tuple(e) for e in g.log[root.answers:]),
                        notes=tuple(g.history[root.history:]), adjusted=root.adjusted)
        probe = g._restored(cp, root, g.adjustments)
        a, b = probe.decision, g.decision
        same = (b is not None and a is not None and asked(a) == asked(b)
                and a.keys == b.keys and probe.state.same(g.state) and probe.rng.getstate() == g.rng.getstate()
                and probe.forced_dice == g.forced_dice and probe.events.checkpoint() == g.events.checkpoint()
                and probe.history == g.history and probe.log == g.log
                and probe.flow.in_action is None and g.flow.in_action is None
                and [x.gi_code for x in chain(probe._process)] == [x.gi_code for x in chain(g._process)])
        probe.discard()
        return cp if same else False

    def _watch_turn_question(self) -> None:
        """Keep track of the turn's question: asked first after a checkpoint, or asked again."""
        cp = self._checkpoint
        d = self.decision
        if cp is None or d is None:
            return
        if len(self.log) == cp.answers:  # the first question after a new checkpoint
            if cp.point[2] is not None:
                self._turn_ask, self._reask_at = (cp, innermost(self._process), asked(d)), None
            return
        ta = self._turn_ask
        if ta is not None and ta[0] is cp and ta[2] == asked(d) and innermost(self._process) is ta[1]:
            self._reask_at = len(self.log)  # the very question, its generator the same: asked again

    def discard(self) -> None:
        """Let go of everything a used-up fork holds. A game refers to itself through its flow,
        events and suspended generators, so it would wait for the garbage collector (a quarter
        of a greedy game's time went to collecting forks); emptied, its state and most of its
        objects are freed at once. The game cannot be used afterwards. Its course's parts (the
        flow, its interpreter and their helpers) refer to one another too: they are emptied
        after the game (its suspended flow closed first, while they are whole), so that they are
        freed at once as well (the collector found about 40 objects a fork, 8% of a fast game's
        time went to collecting)."""
        parts = self.__dict__
        process, flow, events = parts.get("_process"), parts.get("flow"), parts.get("events")
        if process is not None:
            process.close()  # what a closed flow does on its way out, done while its course is whole
        parts.clear()
        if flow is not None:
            flow.discard()
        if events is not None:
            events.__dict__.clear()

    def _start_checkpoints(self) -> None:
        """From now on take checkpoints; the one for the current point comes from a replay."""
        shadow = type(self)(self.content, self.options, self.seed, list(self._initial_dice), checkpoints=True)
        for _, key in self.log:
            shadow.answer(key)
        if shadow._checkpoint is None:
            raise RulesError("this game has no resume point to fork from")
        self._checkpoint, self.checkpoints = shadow._checkpoint, True
        self._watch_turn_question()


def _last_reasked(root: Checkpoint, prefix: tuple) -> Checkpoint:
    """The checkpoint at the turn's question of `root` asked again after the longest part of
    `prefix` (the answers since `root`) that has one, or `root`: where a replay to the question
    asked again after all of `prefix` starts (the answers of a turn with many anytime actions are
    not replayed from its start every time it is asked again)."""
    memo = root.memo
    for size in range(len(prefix) - 1, 0, -1):
        found = memo.get((REASKED, prefix[:size]))
        if found:
            return found
    return root


ANYTIME = "anytime:"  # how an answer that begins an anytime action starts (Runner.ask)
