"""Agents by name, for the command line, the web table and the tools: each game's plug-in
(`rulesdsl.games`) lists its agents and its default one; this module reads them from there.

A Feast for Odin's agents are fast (the default), greedy, learned, search, random and human; a
tableau ruleset's are random, greedy (its default), search and human (see each plug-in for what they do).
"""

from __future__ import annotations

from typing import Any

from rulesdsl.bounded import seconds
from rulesdsl.errors import RulesError
from rulesdsl.games import registry
from rulesdsl.games.registry import DEFAULT_GAME
from rulesdsl.games.seats import agent_seed

PERSON = "human"  # the agent that is a person (at the terminal, or at the web page)
MAX_THINK = 3600.0  # seconds per decision: an hour is more than any search needs


def names(game: str = DEFAULT_GAME) -> list[str]:
    """The agents of `game`, in the order they are offered."""
    return list(registry.plugin_for(game).agents)


def default_agent(game: str = DEFAULT_GAME) -> str:
    """The agent of play, simulate and the table when none is named."""
    return registry.plugin_for(game).default_agent


def __getattr__(attribute: str) -> Any:
    """`NAMES` and `DEFAULT`: the first game's agents and default agent, read from its plug-in."""
    if attribute == "NAMES":
        return tuple(names())
    if attribute == "DEFAULT":
        return default_agent()
    raise AttributeError(f"module {__name__!r} has no attribute {attribute!r}")


def make_agent(name: str, seed: int, think: float | None = None, iterations: int | None = None, weights: Any = None,
               game: str = DEFAULT_GAME, model: Any = None) -> Any:
    """One agent for `game`; `think` (seconds) or `iterations` is the search agent's budget per
    decision; `model` the value model of the learned and search agents (a path; None: the shipped one)."""
    return registry.make_agent(game, name, seed, think, iterations, weights, model)


def agent_names(spec: str, players: int, game: str = DEFAULT_GAME) -> list[str]:
    """One agent name per seat from `learned,search` (one name for everyone, or one per player)."""
    found = [a.strip() for a in spec.split(",") if a.strip()] or [default_agent(game)]
    if len(found) == 1:
        found = found * players
    if len(found) != players:
        raise RulesError(f"--agents names {len(found)} agents for {players} players")
    return found


def make_agents(spec: str, players: int, seed: int, think: float | None = None, iterations: int | None = None,
                game: str = DEFAULT_GAME, model: Any = None) -> tuple[list[Any], list[str]]:
    """(agents, names) from `learned,search` (one name for everyone, or one per player) for `game`."""
    seats = agent_names(spec, players, game)
    return [make_agent(name, agent_seed(seed, index), think, iterations, game=game, model=model)
            for index, name in enumerate(seats)], seats


def parse_think(text: str | None) -> float | None:
    """`0.2s`, `0.2` or `200ms` as seconds."""
    if text is None:
        return None
    value = text.strip().lower()
    try:
        number = float(value[:-2]) / 1000 if value.endswith("ms") else float(value.rstrip("s"))
    except ValueError:
        raise RulesError(f"--think takes seconds such as 0.2s or 200ms, not '{text[:40]}'") from None
    return seconds(number, 0.0, MAX_THINK, "--think")
