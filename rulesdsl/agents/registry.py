"""Agents by name, for the command line and the tools: random, greedy, search, human.

`game` says which game the agents play: `feast` (A Feast for Odin, the default: its greedy and
search value Feast states) or the id or folder of a tableau ruleset (rulesdsl.tableau: the
tableau greedy and search value a state by the ruleset's own programs).
"""

from __future__ import annotations

from rulesdsl.errors import RulesError

NAMES = ("random", "greedy", "search", "human")


FIRST_GAME = "feast"


def make_agent(name: str, seed: int, think: float | None = None, iterations: int | None = None, weights=None,
               game: str = FIRST_GAME):
    """One agent for `game`; `think` (seconds) or `iterations` is the search agent's budget per decision."""
    if game != FIRST_GAME:
        return make_tableau_agent(name, seed, think, iterations)
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


def make_tableau_agent(name: str, seed: int, think: float | None = None, iterations: int | None = None):
    """One agent for a tableau game (rulesdsl.tableau)."""
    from rulesdsl.agents import RandomAgent

    if name == "random":
        return RandomAgent(seed)
    if name == "greedy":
        from rulesdsl.agents.tableau_greedy import TableauGreedyAgent

        return TableauGreedyAgent(seed)
    if name == "search":
        from rulesdsl.agents.tableau_search import TableauSearchAgent

        if think is None and iterations is None:
            iterations = 8
        return TableauSearchAgent(seed, iterations=iterations, think=think)
    if name == "human":
        from rulesdsl.tableau.terminal import TableauHuman

        return TableauHuman()
    raise RulesError(f"unknown agent '{name}': use one of {', '.join(NAMES)}")


def make_agents(spec: str, players: int, seed: int, think: float | None = None, iterations: int | None = None,
                game: str = FIRST_GAME):
    """(agents, names) from `greedy,search` (one name for everyone, or one per player) for `game`."""
    names = [a.strip() for a in spec.split(",") if a.strip()] or ["greedy"]
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise RulesError(f"--agents names {len(names)} agents for {players} players")
    return [make_agent(name, seed * 7919 + index, think, iterations, game=game) for index, name in enumerate(names)], names


MAX_THINK = 3600.0  # seconds per decision: an hour is more than any search needs


def parse_think(text: str | None) -> float | None:
    """`0.2s`, `0.2` or `200ms` as seconds."""
    if text is None:
        return None
    from rulesdsl.bounded import seconds

    value = text.strip().lower()
    try:
        number = float(value[:-2]) / 1000 if value.endswith("ms") else float(value.rstrip("s"))
    except ValueError:
        raise RulesError(f"--think takes seconds such as 0.2s or 200ms, not '{text[:40]}'") from None
    return seconds(number, 0.0, MAX_THINK, "--think")
