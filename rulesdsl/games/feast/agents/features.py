"""A state as numbers for a learned value: everything read through kinds of things.

`FeatureReader.vector(game, player)` gives one row of FEATURE_NAMES: the hand-made amounts of
`value.Valuer.features` (income and its progress for the rounds to come, held tiles and what
they could cover, food for the feasts, resources, weapons, cards in hand, lasting cards, ships
that could emigrate, Vikings still to place), the score by category, the player's holdings
counted by kind (ships, buildings, boards explored, cards played), how far the game has come,
and the opponents (the best one's score and income, the lead over it). No card, space or good
is named: a variant's new content is read by what it is, as the hand-set value reads it.

The learned model (`model.ValueModel`) is trained on these rows; a model file names the
features it was trained on, and loading refuses a model whose names differ from these.
"""

from __future__ import annotations

import numpy as np

from rulesdsl.games.feast.agents.value import load_weights, shared_valuer
from rulesdsl.games.feast.engine.scoring import CATEGORIES, breakdown

# the amounts of Valuer.features, in its order (checked when a reader is made)
VALUE_FEATURES = ("score", "income_per_round", "progress_per_round", "cells_per_round", "resource", "weapon", "hand",
                  "food_needed", "food_extra", "shortfall", "lasting_per_round", "food_cells_per_round",
                  "bonus_per_round", "coverable", "packed", "placeable", "stranded", "food_coverable", "vikings_now",
                  "seats_per_round", "emigrable", "emigration_funds")
HOLDINGS = ("rounds_left", "rounds_left_sq", "progress_now", "ships_held", "buildings_held", "boards_explored",
            "cards_played", "silver_held", "vikings_left", "passed")
OPPONENTS = ("players", "best_other_score", "best_other_income_per_round", "lead", "mean_other_score")
# every base amount again, scaled by the share of the game still to come: a linear model so
# weighs an amount differently early and late (an income step is worth more with more feasts ahead)
BASE = VALUE_FEATURES + tuple(f"cat_{c}" for c in CATEGORIES) + HOLDINGS + OPPONENTS
FEATURE_NAMES = BASE + tuple(f"{name}_x_left" for name in BASE)


class FeatureReader:
    """Reads feature rows; the content-derived tables are computed once (a `value.Valuer`)."""

    def __init__(self, content, catalog, weights=None):
        self.valuer = shared_valuer(content, catalog, weights if weights is not None else load_weights())
        self.content = content

    def base(self, game, player: int) -> list[float]:
        """The BASE amounts of the state for `player`."""
        s = game.state
        p = s.players[player]
        parts = breakdown(game, p)
        amounts = self.valuer.features(game, player, parts)
        row = [float(amounts[name]) for name in VALUE_FEATURES]
        row += [float(parts[c]) for c in CATEGORIES]
        left = self.valuer.rounds_left(game, p)
        progress = amounts["progress_per_round"] / left if left else 0.0
        row += [left, left * left, progress, len(p.ships), len(p.buildings), len(p.explored), len(p.played),
                p.supply["silver"], p.table_vikings + p.thing, 1.0 if p.passed else 0.0]
        others = [q for q in s.players if q.index != player]
        if others:
            scores = [(sum(breakdown(game, q).values()), game.flow.income(q)) for q in others]
            best = max(scores)
            rest = left if left else 0.0
            row += [len(s.players), best[0], best[1] * rest, amounts["score"] - best[0],
                    sum(x for x, _ in scores) / len(scores)]
        else:
            row += [1.0, 0.0, 0.0, 0.0, 0.0]
        return row

    def vector(self, game, player: int) -> np.ndarray:
        """One row of FEATURE_NAMES for `player` in the game's present state."""
        base = np.array(self.base(game, player), dtype=np.float64)
        return np.concatenate((base, base * self.share_left(game)))

    def share_left(self, game) -> float:
        """The share of the game's rounds still to come (1 at the start, 0 at the end)."""
        s = game.state
        return self.valuer.rounds_left(game) / s.rounds if s.rounds else 0.0
