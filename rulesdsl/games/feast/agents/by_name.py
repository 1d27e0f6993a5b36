"""A Feast for Odin's agents by name: each factory takes (seed, think, iterations, weights,
model), the registry's one signature, and uses what its agent takes.

`learned` is the greedy agent's lookahead valued by the model learned from self-play
(`model` names another model file than the shipped one); `greedy` is the same lookahead valued
by the hand-set weights of weights.yaml; `fast` is greedy judging on forks only the turn's
answers a ranker learned from its self-play puts first (agents.ranker), and nested questions more
cheaply (greedy.FAST); `search` runs paired rollouts over greedy's
best answers (ranked by that ranker first, as are its playouts), valued by the hand-set weights at the leaves.
"""

from __future__ import annotations

from typing import Any

from rulesdsl.agents import RandomAgent
from rulesdsl.agents.terminal import HumanAgent
from rulesdsl.games.feast.agents.greedy import FAST, GreedyAgent
from rulesdsl.games.feast.agents.learned import LearnedAgent
from rulesdsl.games.feast.agents.ranker import is_ranker, load_ranker
from rulesdsl.games.feast.agents.search import SearchAgent

SEARCH_ITERATIONS = 16  # the search agent's rollouts per decision when no budget is given


def learned(seed: int, think: float | None, iterations: int | None, weights: Any, model: Any) -> LearnedAgent:
    """The lookahead valued by the learned model."""
    return LearnedAgent(seed, model=model, weights=weights)


def fast(seed: int, think: float | None, iterations: int | None, weights: Any, model: Any) -> GreedyAgent:
    """The lookahead valued by the hand-set weights, judging on forks only the turn's answers that
    the answer ranker learned from self-play puts first (`model`: a ranker file, else the shipped
    one), and the real game's nested questions more cheaply (greedy.FAST)."""
    return GreedyAgent(seed, weights, ranker=load_ranker(model if is_ranker(model) else None), **FAST)


def greedy(seed: int, think: float | None, iterations: int | None, weights: Any, model: Any) -> GreedyAgent:
    """The lookahead valued by the hand-set weights."""
    return GreedyAgent(seed, weights)


def search(seed: int, think: float | None, iterations: int | None, weights: Any, model: Any) -> SearchAgent:
    """Paired rollouts over the learned agent's best answers (`think` seconds or `iterations` each)."""
    if think is None and iterations is None:
        iterations = SEARCH_ITERATIONS
    return SearchAgent(seed, iterations=iterations, think=think, weights=weights, model=model)


def random(seed: int, think: float | None, iterations: int | None, weights: Any, model: Any) -> RandomAgent:
    """Uniform over the legal answers."""
    return RandomAgent(seed)


def human(seed: int, think: float | None, iterations: int | None, weights: Any, model: Any) -> HumanAgent:
    """A person at the terminal."""
    return HumanAgent()
