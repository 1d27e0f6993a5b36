"""The learned agent: the greedy agent's one-level lookahead, each state reached valued by a
model learned from self-play (`model.ValueModel` on `features.FeatureReader` rows) instead of
the hand-set weights.

What stays hand-made is the cheap ranking before any fork: where a tile goes is ranked by the
board's geometry (`placement`, with the weights of weights.yaml) and only the best few are
tried on forks; the anytime menu's tiles are pruned alike. Every state a fork reaches is then
valued by the model. Over, a game is worth what it counts: the final score, or the margin over
the best opponent for a model trained on margins.
"""

from __future__ import annotations

from rulesdsl.agents.features import FEATURE_NAMES, FeatureReader
from rulesdsl.agents.greedy import GreedyAgent
from rulesdsl.agents.model import ValueModel, load_model
from rulesdsl.agents.value import Valuer
from rulesdsl.engine.scoring import breakdown
from rulesdsl.errors import RulesError


class LearnedValuer(Valuer):
    """A Valuer whose `value` is the model's prediction for the state's feature row."""

    def __init__(self, content, catalog, weights, model: ValueModel):
        super().__init__(content, catalog, weights)
        if model.features != FEATURE_NAMES:
            missing = sorted(set(FEATURE_NAMES) ^ set(model.features))
            raise RulesError(f"the value model was trained on other features ({len(model.features)} named, "
                             f"{len(FEATURE_NAMES)} read here; differing: {', '.join(missing[:6]) or 'their order'}); "
                             f"train it again with tools/train_agent.py")
        self.model = model
        self.reader = FeatureReader.__new__(FeatureReader)
        self.reader.valuer, self.reader.content = self, content  # one set of tables for both

    def value(self, game, player: int) -> float:
        """The model's value of the state for `player` (exact once the game is over)."""
        s = game.state
        if s.finished:
            return exact(game, player, self.model.target)
        return self.model.predict(self.reader.vector(game, player))

    def leaf_value(self, game, player: int) -> float:
        """A rollout's leaf is valued like any state (the model has seen the game's end question)."""
        return self.value(game, player)


def exact(game, player: int, target: str) -> float:
    """The final score of `player`, or its margin over the best opponent."""
    players = game.state.players
    mine = sum(breakdown(game, players[player]).values())
    if target == "score" or len(players) == 1:
        return float(mine)
    return float(mine - max(sum(breakdown(game, q).values()) for q in players if q.index != player))


class LearnedAgent(GreedyAgent):
    """The greedy agent's lookahead valued by a learned model (`model`: a ValueModel, a path to
    one, or None for the shipped model)."""

    name = "learned"

    def __init__(self, seed: int = 0, model=None, weights=None, sample: int | None = None, menus: bool = True):
        super().__init__(seed, weights, sample, menus)
        self.model = model if isinstance(model, ValueModel) else load_model(model)

    def valuer(self, game) -> Valuer:
        if self._valuer is None or self._valuer.content is not game.content:
            self._valuer = LearnedValuer(game.content, game.catalog, self.weights, self.model)
        return self._valuer
