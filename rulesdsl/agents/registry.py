"""Agents by name, for the command line and the tools: random, greedy, search, human."""

from __future__ import annotations

from rulesdsl.errors import RulesError

NAMES = ("random", "greedy", "search", "human")


def make_agent(name: str, seed: int, think: float | None = None, iterations: int | None = None, weights=None):
    """One agent; `think` (seconds) or `iterations` is the search agent's budget per decision."""
    from rulesdsl.agents import HumanAgent, RandomAgent
    from rulesdsl.agents.greedy import GreedyAgent
    from rulesdsl.agents.search import SearchAgent

    if name == "random":
        return RandomAgent(seed)
    if name == "greedy":
        return GreedyAgent(seed, weights)
    if name == "search":
        if think is None and iterations is None:
            iterations = 16
        return SearchAgent(seed, iterations=iterations, think=think, weights=weights)
    if name == "human":
        return HumanAgent()
    raise RulesError(f"unknown agent '{name}': use one of {', '.join(NAMES)}")


def make_agents(spec: str, players: int, seed: int, think: float | None = None, iterations: int | None = None):
    """(agents, names) from `greedy,search` (one name for everyone, or one per player)."""
    names = [a.strip() for a in spec.split(",") if a.strip()] or ["greedy"]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise RulesError(f"--agents names {len(names)} agents for {players} players")
    return [make_agent(name, seed * 7919 + index, think, iterations) for index, name in enumerate(names)], names


def parse_think(text: str | None) -> float | None:
    """`0.2s`, `0.2` or `200ms` as seconds."""
    if text is None:
        return None
    value = text.strip().lower()
    try:
        if value.endswith("ms"):
            return float(value[:-2]) / 1000
        return float(value.rstrip("s"))
    except ValueError:
        raise RulesError(f"--think takes seconds such as 0.2s or 200ms, not '{text}'") from None
