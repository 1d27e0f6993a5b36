"""Agents by name for simulations: a game's agents from its plug-in (`rulesdsl.games`), all
but the person at the terminal. `budget` is the search agent's rollouts per decision (the
agents without a search budget take none); `model` (a value model file) goes to the agents
that take one (learned, search).
"""

from __future__ import annotations

from typing import Any

from rulesdsl.agents import registry
from rulesdsl.errors import RulesError
from rulesdsl.games.registry import DEFAULT_GAME


def known(game: str = DEFAULT_GAME) -> tuple[str, ...]:
    """The agent names a simulation of `game` accepts."""
    return tuple(name for name in registry.names(game) if name != registry.PERSON)


def make_agent(name: str, seed: int, budget: int | None = None, model: str | None = None,
               game: str = DEFAULT_GAME) -> Any:
    """An agent called `name`, seeded; RulesError if simulations of `game` have no such agent."""
    if name not in known(game):
        raise RulesError(f"unknown agent '{name}'; simulations use one of: {', '.join(known(game))}")
    return registry.make_agent(name, seed, iterations=budget, game=game, model=model)


def check(names, model: str | None = None, game: str = DEFAULT_GAME) -> None:
    """Refuse unknown or unavailable agents (and an unreadable model) before any game starts."""
    for name in dict.fromkeys(names):
        make_agent(name, 0, model=model, game=game)
