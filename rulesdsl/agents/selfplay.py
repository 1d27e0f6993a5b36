"""Self-play games that leave training rows for a learned value.

A `SelfPlay` is a simulation setup (sim.backends runs it like any other: its `play_many`
plays its own games): every seat plays the same agent (`greedy`, or `learned` on the model
whose bytes travel with the setup, so a worker anywhere plays the same games). At every turn's
question (the states a lookahead values: a choice complete, the next one about to start) the
feature row of every player is kept; when the game ends each row gets the player's final score
and margin over the best opponent. A game is given by the setup and its seed.
"""

from __future__ import annotations

import attrs
import numpy as np

from rulesdsl.agents.features import FeatureReader
from rulesdsl.agents.lookahead import TOP_KINDS
from rulesdsl.engine.game import Game, GameOptions
from rulesdsl.engine.scoring import final_scores


@attrs.frozen
class SelfPlay:
    """Everything but the seed of a self-play game: options, the agent, its model (bytes)."""

    options: GameOptions
    agent: str = "greedy"  # greedy (the hand-set value) or learned (the model below)
    model_npz: bytes = b""
    model_json: str = ""
    generation: int = 0  # of the model that plays (0: greedy)

    def make_agent(self, seed: int):
        """The agent of one seat."""
        if self.agent == "learned":
            from rulesdsl.agents.learned import LearnedAgent
            from rulesdsl.agents.model import from_bytes

            return LearnedAgent(seed, model=from_bytes(self.model_npz, self.model_json, f"generation {self.generation}"))
        from rulesdsl.agents.registry import make_agent

        return make_agent(self.agent, seed)

    def play_many(self, content, seeds) -> list[dict]:
        """The rows of several games (a worker's task)."""
        return [self.play(content, seed) for seed in seeds]

    def play(self, content, seed: int) -> dict:
        """One game: {"games": [(generation, seed, decisions, scores)], "states": [(generation,
        seed, step, player, round, final, margin, features...)]}."""
        game = Game(content, self.options, seed)
        agents = [self.make_agent(seed * 7919 + seat) for seat in range(self.options.players)]
        reader = FeatureReader(content, game.catalog)
        rows: list[tuple] = []
        while game.decision is not None:
            d = game.decision
            if d.kind in TOP_KINDS:
                for player in range(self.options.players):
                    rows.append((len(game.log), player, game.state.round, reader.vector(game, player)))
            game.answer(agents[d.player].answer(game, d))
        scores = [r["total"] for r in final_scores(game)]
        margins = [s - max((x for j, x in enumerate(scores) if j != i), default=0) if len(scores) > 1 else 0
                   for i, s in enumerate(scores)]
        states = [(self.generation, seed, step, player, rnd, scores[player], margins[player], *vector.tolist())
                  for step, player, rnd, vector in rows]
        return {"games": [(self.generation, seed, len(game.log), ",".join(map(str, scores)))], "states": states}


def stack(states: list[tuple]) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """(feature matrix, {column: values} of the keys) of state rows as `SelfPlay.play` gives them."""
    keys = ("generation", "seed", "step", "player", "round", "final", "margin")
    if not states:
        return np.zeros((0, 0)), {k: np.zeros(0) for k in keys}
    matrix = np.array([row[len(keys):] for row in states], dtype=np.float64)
    columns = {k: np.array([row[i] for row in states]) for i, k in enumerate(keys)}
    return matrix, columns


def default_options(players: int = 2, length: str = "long") -> GameOptions:
    """The options of training games: every deck, as the benchmarks play."""
    return GameOptions(players=players, length=length, decks=("A", "B", "C"))
