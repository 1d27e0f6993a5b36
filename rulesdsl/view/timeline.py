"""A game's timeline step by step: a saved game replayed answer by answer, each step with
what followed it and what every player gained and paid under each line (the web page's
timeline and `play --log`)."""

from __future__ import annotations

import attrs

from rulesdsl.errors import IllegalMove, RulesError
from rulesdsl.view.present import change_lines, history_line, holdings, option_text, player_name


@attrs.frozen
class Entry:
    text: str  # a history line: the card, rule, roll, phase or forced answer it reports
    changes: tuple[str, ...]  # what players gained and paid from that line until the next one


@attrs.frozen
class Step:
    number: int  # answers given before this step's decision
    round: int
    phase: str
    player: int | None
    prompt: str
    answer: str | None  # the chosen option's text (None: the setup)
    changes: tuple[str, ...]  # what the answer itself gained and paid, before any entry
    entries: tuple[Entry, ...]  # what followed, each with its own gains and payments


class Timeline:
    """A saved game replayed step by step, extended as answers come. Step 0 is the setup;
    step N follows the Nth answer. The holdings are read as each history line is written,
    so every gain and payment is shown under the line (card, rule, phase, roll) that came
    just before it."""

    def __init__(self, game_class, content, data: dict):
        self.game = game_class.load(content, dict(data, answers=[]))
        self.steps = [Step(0, self.game.state.round, self.game.state.phase, None, "setup", None, (),
                           tuple(Entry(history_line(self.game, h), ()) for h in self.game.history))]
        self.marks: dict[int, list] = {}

    def extend(self, answers) -> list[Step]:
        """Replay the answers not replayed yet; the steps so far."""
        game = self.game
        # a trial of preparations writes lines and takes them back; the real line written
        # at the same position later replaces its mark
        game.on_note = lambda index: self.marks.__setitem__(index, holdings(game))
        try:
            for index in range(len(self.steps) - 1, len(answers)):
                self._step(index, *answers[index])
        finally:
            game.on_note = None
        return self.steps

    def _step(self, index: int, player, key) -> None:
        game = self.game
        decision = game.decision
        if decision is None or decision.player != int(player):
            raise RulesError(f"corrupted saved game: answer {index + 1} does not fit the game (player {player})")
        option = decision.option(str(key))
        asked_in = (game.state.round, game.state.phase)
        before, seen = holdings(game), len(game.history)
        self.marks.clear()
        try:
            game.answer(str(key))
        except IllegalMove as err:
            raise RulesError(f"corrupted saved game: answer {index + 1}: {err}") from None
        end = holdings(game)
        lines = range(seen, len(game.history))
        at = [self.marks.get(i, end) for i in lines] + [end]
        entries = tuple(Entry(history_line(game, game.history[i]), change_lines(at[n], at[n + 1])) for n, i in enumerate(lines))
        label = option_text(game, decision, option) if option else str(key)
        self.steps.append(Step(index + 1, *asked_in, decision.player, history_line(game, decision.prompt), label,
                               change_lines(before, at[0]), entries))


def timeline(game_class, content, data: dict) -> tuple[list[Step], object]:
    """Every step of a saved game, and the game at its end."""
    line = Timeline(game_class, content, data)
    return line.extend(list(data.get("answers", []))), line.game


def log_lines(game_class, content, data: dict) -> list[str]:
    """A saved game told round by round: each answer, what followed it, and under each line
    what every player gained and paid (`play --log`)."""
    steps, _ = timeline(game_class, content, data)
    out: list[str] = []
    at = None
    for step in steps:
        if (step.round, step.phase) != at:
            at = (step.round, step.phase)
        if step.player is not None:
            out.append(f"r{step.round} {step.phase}: {player_name(step.player)}: {step.prompt} → {step.answer}")
        out += [f"    {change}" for change in step.changes]
        for entry in step.entries:
            out.append(f"r{step.round}: {entry.text}")
            out += [f"    {change}" for change in entry.changes]
    return out
