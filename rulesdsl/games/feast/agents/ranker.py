"""A cheap ranking of a turn's answers before any fork, learned from the lookahead's own values.

The greedy agent's lookahead tries every answer to "where do your Vikings go?" on forks (about
17 a question, most of its time). At every such question of its self-play it has computed the
value of each answer; an `AnswerRanker` is a model fitted to those values (each less its
question's mean: only the order matters) from the state's row (`features.FeatureReader.base`)
and the answer's row (`answer_features.AnswerReader`: what the space does, by kinds). An agent
with a ranker judges on forks only the `keep` answers the ranker puts first.

The model is a `model.ValueModel` with target "answer" (arrays in an `.npz` read with pickling
off, provenance beside it); `tools/train_agent.py` fits one per generation from the answers its
games stored, and ships it with `--ship-ranker`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from rulesdsl.content.tables import content_table
from rulesdsl.games.feast.agents.answer_features import ANSWER_FEATURES, AnswerReader
from rulesdsl.games.feast.agents.features import BASE, FeatureReader
from rulesdsl.games.feast.agents.model import ValueModel, load_model
from rulesdsl.errors import RulesError

RANKED_KIND = "space"  # the question ranked: a turn's action (the game's end placements are judged in full)
RANKER_FEATURES = tuple(f"state_{name}" for name in BASE) + tuple(f"answer_{name}" for name in ANSWER_FEATURES)
SHIPPED_RANKER = "answer_ranker.npz"  # in rulesdsl/games/feast/agents/models/
# answers of a turn's question judged on forks. 6 until the ranker was fitted again to today's
# greedy (2026-12-07, eighth session); with that ranker 5 kept won 54.0% of 200 games against 6
# kept (+0.5 +- 1.9, seeds 37000-37099) for a little less CPU (docs/AGENTS.md)
KEEP = 5


class AnswerRanker:
    """Orders a turn's answers by a learned model of the lookahead's values (module docstring)."""

    def __init__(self, model: ValueModel):
        if model.target != "answer" or model.features != RANKER_FEATURES:
            raise RulesError("not an answer ranking model (target 'answer' over the ranker's features); "
                             "fit one with tools/train_agent.py")
        self.model = model
        self._readers: tuple[Any, FeatureReader, AnswerReader] | None = None

    def _for(self, game: Any) -> tuple[FeatureReader, AnswerReader]:
        found = self._readers
        if found is None or found[0] is not game.content:
            # the readers of a content are the same for every ranker (kept with the content: a
            # ranker is made per agent, and agents per seat and game)
            content = game.content
            found = self._readers = content_table(content, "agents: ranker readers", lambda: (
                content, FeatureReader(content, game.catalog), AnswerReader(content, game.catalog)))
        return found[1], found[2]

    def rows(self, game: Any, player: int, keys: list[str]) -> np.ndarray:
        """The model's input rows of `keys` (the state's row beside each answer's)."""
        states, answers = self._for(game)
        base = np.asarray(states.base(game, player), dtype=np.float64)
        return np.hstack([np.broadcast_to(base, (len(keys), len(base))), answers.rows(keys)])

    def scores(self, game: Any, player: int, keys: list[str]) -> np.ndarray:
        """The predicted value of each answer, less an unknown constant of the question."""
        return self.model.predict_many(self.rows(game, player, keys))

    def top(self, game: Any, decision: Any, keys: list[str], keep: int) -> list[str]:
        """The `keep` answers of `keys` ranked first (in the order of `keys`; ties by that order)."""
        if decision.kind != RANKED_KIND or len(keys) <= keep:
            return keys
        predicted = self.scores(game, decision.player, keys)
        order = sorted(range(len(keys)), key=lambda i: (-predicted[i], i))[:keep]
        chosen = {keys[i] for i in order}
        return [k for k in keys if k in chosen]


def load_ranker(path: str | Path | None = None) -> AnswerRanker:
    """The ranker at `path` (an `.npz` with its `.json`), or the shipped one."""
    return AnswerRanker(load_model(path, SHIPPED_RANKER))


def is_ranker(path: str | Path | None) -> bool:
    """Whether `path` names a model file that is an answer ranker (a value model is not)."""
    return path is not None and load_model(path).target == "answer"
