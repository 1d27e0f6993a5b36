"""Tableau rulesets behind the games protocol: a game from options, a record replayed, the
scores with `winner`, and the agents by name. The game is `rulesdsl.games.tableau.engine.game.TableauGame`,
unchanged; its refusals are RulesError, which the library API reports as IllegalMove."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulesdsl.agents import RandomAgent
from rulesdsl.errors import RulesError
from rulesdsl.games.tableau.agents.greedy import TableauGreedyAgent
from rulesdsl.games.tableau.agents.search import TableauSearchAgent
from rulesdsl.games.tableau.engine import rulesets
from rulesdsl.games.tableau.engine.game import TableauGame
from rulesdsl.games.tableau.engine.terminal import TableauHuman

SEARCH_ITERATIONS = 8  # the search agent's rollouts per decision when no budget is given


def rules(name: str, content: Sequence[str] = (), builtin: bool = True) -> Any:
    """The checked ruleset called `name` (a variant is its own folder, never extra content; the
    folder is the whole game, so `builtin` has nothing to leave out)."""
    if content:
        raise RulesError(f"{name} is a ruleset folder: give a variant as its own folder, not as extra content")
    return rulesets.load(name)


def new_game(ruleset: Any, players: int, seed: int, options: dict[str, Any]) -> TableauGame:
    """A game of the ruleset at its first decision."""
    return TableauGame(ruleset, players, options, seed)


def load_game(ruleset: Any, record: dict[str, Any], force: bool) -> TableauGame:
    """The game a record (as `TableauGame.save` writes it) replays to."""
    return TableauGame.load(ruleset, record, force)


def scores(game: TableauGame) -> list[dict[str, Any]]:
    """One row per player: every currency, the place and `winner`."""
    return [dict(row, winner=row["place"] == 1) for row in game.scores()]


def served(name: str) -> str:
    """The ruleset the web table's start form offers first (checked to load)."""
    return str(rulesets.load(name).id)


def random(seed: int, think: float | None, iterations: int | None, weights: Any, model: Any) -> RandomAgent:
    """Uniform over the legal answers."""
    return RandomAgent(seed)


def greedy(seed: int, think: float | None, iterations: int | None, weights: Any, model: Any) -> TableauGreedyAgent:
    """Greedy over forks valued by the ruleset's own programs."""
    return TableauGreedyAgent(seed)


def search(seed: int, think: float | None, iterations: int | None, weights: Any, model: Any) -> TableauSearchAgent:
    """Rollouts over greedy's best answers (`think` seconds or `iterations` each)."""
    if think is None and iterations is None:
        iterations = SEARCH_ITERATIONS
    return TableauSearchAgent(seed, iterations=iterations, think=think)


def human(seed: int, think: float | None, iterations: int | None, weights: Any, model: Any) -> TableauHuman:
    """A person at the terminal."""
    return TableauHuman()
