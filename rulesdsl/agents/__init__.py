"""Agents answer the engine's decisions: random, scripted (answers from a list), human.

This package holds what every game's agents share, written over the one protocol (a decision,
its legal answers, the game's log): these agents, the agents' registry (`registry`: each game's
plug-in names its agents) and the paired rollouts both games' search agents choose by
(`paired`). A game's agents that read its state are its plug-in's (`rulesdsl.games.feast.agents`,
`rulesdsl.games.tableau.agents`), so this package imports no game."""

from __future__ import annotations

from rulesdsl.core.decisions import SeededStream
from rulesdsl.errors import RulesError


class RandomAgent:
    """Uniform over the legal answers, drawn lazily (the engine judges only the candidates it
    must). Each answer depends only on the agent's seed and how many answers the game has
    recorded, so a resumed game goes on exactly as it would have."""

    def __init__(self, seed: int = 0):
        self.seed = seed
        self._stream = SeededStream()

    def answer(self, game, decision) -> str:
        return decision.sample(self._stream.at(self.seed, len(game.log)))


class ScriptedAgent:
    """Answers from a list, in order; raises when the script runs out."""

    def __init__(self, answers):
        self.answers = list(answers)
        self.position = 0

    def answer(self, game, decision) -> str:
        if self.position >= len(self.answers):
            raise RulesError(f"the script has no answer left for: {decision.prompt}")
        key = self.answers[self.position]
        self.position += 1
        return key


from rulesdsl.agents.terminal import HumanAgent  # noqa: E402,F401 -- the terminal player lives in its own module
