"""Agents answer the engine's decisions: random, scripted (answers from a list), human."""

from __future__ import annotations

from rulesdsl.engine.decisions import SeededStream


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
            from rulesdsl.errors import RulesError

            raise RulesError(f"the script has no answer left for: {decision.prompt}")
        key = self.answers[self.position]
        self.position += 1
        return key


class HumanAgent:
    """Asks on the terminal, listing the legal answers; shows the reason when one is refused."""

    def __init__(self, read=input, write=print):
        self.read = read
        self.write = write

    def answer(self, game, decision) -> str:
        self.write(f"\nplayer {decision.player + 1}: {decision.prompt}")
        for number, option in enumerate(decision.options, start=1):
            mark = f"  (not possible: {option.refusal})" if option.refusal else ""
            self.write(f"  {number:3}. {option.label}{mark}")
        while True:
            text = self.read("your choice (number or key): ").strip()
            chosen = None
            if text.isdigit() and 1 <= int(text) <= len(decision.options):
                chosen = decision.options[int(text) - 1]
            else:
                chosen = decision.option(text)
            if chosen is None:
                self.write("  not one of the choices; type its number")
                continue
            if chosen.refusal:
                self.write(f"  refused: {chosen.refusal}")
                continue
            return chosen.key
