"""A lesson played on the real engine, one move at a time.

The situation is built by the scenario loader; each step runs the engine's own generator —
a player's turn (`Flow.turn`: the real question of where the Vikings go, every space judged
with its refusal), a phase of the round, or a player's anytime actions — and the page or the
terminal answers its questions. A move the engine refuses is reported with the engine's
reason and the rule the step cites for it; a legal move other than the one the lesson
teaches gets the step's hint and changes nothing; the expected move is answered through the
generator like any answer."""

from __future__ import annotations

import attrs

from rulesdsl.core.decisions import Option
from rulesdsl.errors import RulesError
from rulesdsl.games.feast.learn_lessons import Lesson, Step, situation
from rulesdsl.games.feast.scenario import run_phase
from rulesdsl.learn.reference import rule_for_refusal
from rulesdsl.view import present

CONTINUE = "continue"  # the move that goes on past a step which asked nothing


@attrs.frozen
class Outcome:
    """What a move did: `moved` (taken, the step goes on), `next` (the step is done), `done`
    (the lesson is over), `hint` (legal, not what this step teaches) or `refused` (the engine's reason)."""

    kind: str
    message: str = ""
    rules: tuple[str, ...] = ()

    @property
    def accepted(self) -> bool:
        """True when the move was taken."""
        return self.kind in ("moved", "next", "done")


class LessonError(RulesError):
    """A lesson whose moves do not fit the engine's questions."""


class LessonRun:
    """One lesson in progress: the game, the step reached and the question waiting."""

    def __init__(self, lesson: Lesson, content):
        self.lesson = lesson
        self.game = situation(lesson, content)
        self.index = -1
        self.made = 0  # moves made in this step
        self.decision = None
        self.done = False
        self._gen = None
        self._next_step()

    # ------------------------------------------------------------------ reading
    @property
    def step(self) -> Step | None:
        """The step reached (None once the lesson is over)."""
        return None if self.done else self.lesson.steps[self.index]

    @property
    def expected(self) -> str | None:
        """The move the step expects now (CONTINUE when it asks nothing, None when the lesson is over)."""
        if self.done:
            return None
        if self.decision is None:
            return CONTINUE
        moves = self.step.moves
        return moves[self.made] if self.made < len(moves) else None

    def refusal(self, key: str) -> str | None:
        """Why the engine refuses `key` at the question waiting (None: it is a legal answer)."""
        option = self.decision.option(key) if self.decision is not None else None
        if option is not None:
            return option.refusal
        placement = present.placement_of(Option(key, key))
        if placement is not None and self.decision is not None:
            verdict = present.placement_verdict(self.game, self.decision, placement.area, placement.row, placement.column,
                                                placement.turn, placement.mirror, placement.piece)
            return None if verdict["legal"] else verdict["reason"]
        prompt = self.decision.prompt if self.decision is not None else "this step"
        return f"'{key}' is not an answer to: {prompt}"

    def refused_by_rules(self, key: str) -> bool:
        """True when the question waiting offers `key` and the engine refuses it with a reason
        (an option with its refusal, or a tile's square refused by the placement rules)."""
        if self.decision is None:
            return False
        option = self.decision.option(key)
        if option is not None:
            return option.refusal is not None
        return present.placement_of(Option(key, key)) is not None and bool(present.placements(self.decision)) \
            and self.refusal(key) is not None

    def rules_for(self, key: str, reason: str = "") -> tuple[str, ...]:
        """The rules cited when `key` is refused: the step's own entry for it, else the rule the
        refusal's text rests on (`reference.rule_for_refusal`), else the step's rules."""
        step = self.step
        if step is None:
            return ()
        named = tuple(r.rule for r in step.refused if r.move == key)
        found = rule_for_refusal(reason)
        return named or ((found,) if found else tuple(r.id for r in step.rules))

    # ------------------------------------------------------------------ moving
    def move(self, key: str) -> Outcome:
        """Answer the waiting question with `key` (CONTINUE past a step that asked nothing)."""
        if self.done:
            return Outcome("done", "the lesson is over")
        step = self.step
        if self.decision is None:
            if key != CONTINUE:
                return Outcome("hint", "this step asks nothing: go on to the next one", tuple(r.id for r in step.rules))
            self._next_step()
            return Outcome("done" if self.done else "next")
        reason = self.refusal(key)
        if reason is not None:
            return Outcome("refused", reason, self.rules_for(key, reason))
        expected = self.expected
        if expected is not None and key != expected:
            hint = step.hint.en if step.hint is not None else "that is allowed, but not what this step teaches"
            return Outcome("hint", hint, tuple(r.id for r in step.rules))
        self.made += 1
        try:
            self.decision = self._gen.send(key)
        except StopIteration:
            self.decision = None
            if self.made != len(step.moves):
                raise LessonError(f"{self.lesson.path}: step {self.index + 1} ended after {self.made} of its "
                                  f"{len(step.moves)} moves") from None
            self._next_step()
            return Outcome("done" if self.done else "next")
        return Outcome("moved")

    def _next_step(self) -> None:
        self.index += 1
        self.made = 0
        if self.index >= len(self.lesson.steps):
            self.done, self.decision = True, None
            return
        step = self.lesson.steps[self.index]
        game, flow = self.game, self.game.flow
        if step.round is not None and step.round != game.state.round:
            game.state.round = step.round
            flow.new_round_counts()  # as a new round of a whole game would
        game.forced_dice.extend(step.dice)
        self._gen = self._generator(step)
        try:
            self.decision = next(self._gen)
        except StopIteration:
            self.decision = None
            if step.moves:
                raise LessonError(f"{self.lesson.path}: step {self.index + 1} asks nothing, but expects {len(step.moves)} moves") from None

    def _generator(self, step: Step):
        flow = self.game.flow
        if step.turn is not None:
            return flow.turn(step.turn)
        if step.phase is not None:
            return run_phase(flow, step.phase)
        return flow.anytime(step.anytime, "anytime:menu")


def prove(lesson: Lesson, content) -> list[str]:
    """Play the lesson through with its expected moves, checking that each move it shows being
    refused is refused; the problems found (none: the lesson is proven by the engine)."""
    problems = []
    try:
        run = LessonRun(lesson, content)
        while not run.done:
            step, number = run.step, run.index + 1
            for entry in step.refused:
                if entry.at == run.made and run.refusal(entry.move) is None:
                    problems.append(f"step {number}: '{entry.move}' is not refused by the engine")
            expected = run.expected
            if expected is None:
                problems.append(f"step {number}: the engine asks '{run.decision.prompt}' after the step's moves ran out")
                break
            outcome = run.move(expected)
            if not outcome.accepted:
                problems.append(f"step {number}: '{expected}' was not taken: {outcome.message}")
                break
    except RulesError as err:
        problems.append(str(err))
    return problems
