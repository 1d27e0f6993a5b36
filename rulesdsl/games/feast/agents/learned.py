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

from rulesdsl.games.feast.agents.features import FEATURE_NAMES, FeatureReader
from rulesdsl.games.feast.agents.greedy import GreedyAgent
from rulesdsl.games.feast.agents.model import ValueModel, load_model
from rulesdsl.games.feast.agents.ranker import KEEP
from rulesdsl.games.feast.agents.value import Valuer
from rulesdsl.errors import RulesError
from rulesdsl.games.feast.engine.scoring import breakdown


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
        """The model's value of the state for `player`; once no round is left (the final
        placements, or the game over) the hand-set value, which is then the score plus what the
        tiles still held would cover: the states of one decision there are all valued alike
        (the model's rows of the game's end are few, and its error there decided whether the
        held tiles were laid at all)."""
        if self.rounds_left(game) == 0:
            worth = super().value(game, player)
            if self.model.target == "margin" and len(game.state.players) > 1:
                worth -= max(sum(breakdown(game, q).values()) for q in game.state.players if q.index != player)
            return worth
        return self.model.predict(self.reader.vector(game, player))

    def leaf_value(self, game, player: int) -> float:
        """A rollout's leaf is valued like any state (the model has seen the game's end question)."""
        return self.value(game, player)


class LearnedAgent(GreedyAgent):
    """The greedy agent's lookahead valued by a learned model (`model`: a ValueModel, a path to
    one, or None for the shipped model)."""

    name = "learned"

    def __init__(self, seed: int = 0, model=None, weights=None, sample: int | None = None, menus: bool = True,
                 ranker=None, keep: int = KEEP):
        super().__init__(seed, weights, sample, menus, ranker=ranker, keep=keep)
        self.model = model if isinstance(model, ValueModel) else load_model(model)

    def valuer(self, game) -> Valuer:
        if self._valuer is None or self._valuer.content is not game.content:
            self._valuer = LearnedValuer(game.content, game.catalog, self.weights, self.model)
        return self._valuer
