"""Tableau rulesets' part of the command line: the hooks the game-neutral commands
(`rulesdsl.games.commands`: play, validate, show, scenario, render, interactions) ask of them.

A game is a ruleset folder: a folder under the built-in `boards/` holding a `ruleset.yaml`
(found by its id), or any folder given by path. `--option NAME=VALUE` (repeatable) sets a
ruleset option.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rulesdsl.agents import RandomAgent
from rulesdsl.errors import RulesError
from rulesdsl.games.registry import Drawing
from rulesdsl.games.seats import agent_seed, play_agents
from rulesdsl.games.tableau.engine.game import TableauGame
from rulesdsl.games.tableau.engine.render import render_seat
from rulesdsl.games.tableau.engine.rulesets import load
from rulesdsl.games.tableau.engine.scenario import Result, run_file, situation_game
from rulesdsl.games.tableau.engine.show import show as show_item
from rulesdsl.games.tableau.engine.show import tableau_report


def status(game: TableauGame) -> str:
    """Where an unfinished game stands: its round."""
    return f"round {game.table.round}"


def score_table(game: TableauGame, agents: list[str]) -> str:
    """Every currency and the place, one line per player."""
    return game.score_table(agents)


def log_lines(ruleset: Any, game: TableauGame) -> list[str]:
    """Every seat's tableau as it stands (`play --log`)."""
    return [render_seat(ruleset, game.table, index) for index in range(game.players)]


def validate(name: str, content: Any, builtin: bool, paths: Any) -> str:
    """Load and check the ruleset folder; what it holds."""
    if content or paths:
        raise RulesError(f"{name} is a ruleset folder: validate a variant as its own folder (--game FOLDER validate)")
    ruleset = load(name)
    m, c = ruleset.manifest, ruleset.components
    return (f"OK: {m.name}: {len(c.tiles)} tile kinds, {len(c.figures)} figure kinds, {len(c.currencies)} currencies, "
            f"{len(ruleset.programs)} programs checked, {len(m.options)} options ({len(ruleset.files)} files)")


def show(ruleset: Any, name: str, tree_only: bool) -> str:
    """An item of the ruleset, printed from the data (RulesError naming what there is otherwise)."""
    return str(show_item(ruleset, name, tree_only))


def run_scenario(ruleset: Any, path: Path) -> Result:
    """The result of one scenario file."""
    return run_file(path, ruleset)


def draw(ruleset: Any, what: str, options: dict[str, Any]) -> Drawing:
    """The seats of a scenario's situation (.yaml) or of the end of a random game (a seed), as text."""
    if what.endswith((".yaml", ".yml")):
        table = situation_game(Path(what), ruleset).table
    elif what.lstrip("-").isdigit():  # a seed: the end of a random game
        game = TableauGame(ruleset, None, options, int(what))
        play_agents(game, [RandomAgent(agent_seed(int(what), seat)) for seat in range(game.players)])
        table = game.table
    else:
        raise RulesError(f"render for {ruleset.manifest.name} takes a saved game (.json), a scenario (.yaml) or a seed, not '{what}'")
    return Drawing(_seats(ruleset, table), svg=False)


def draw_game(game: TableauGame, title: str) -> Drawing:
    """The seats of a saved game, as text."""
    return Drawing(_seats(game.ruleset, game.table), svg=False)


def _seats(ruleset: Any, table: Any) -> str:
    return "\n\n".join(render_seat(ruleset, table, i) for i in range(len(table.seats))) + "\n"


def interactions(ruleset: Any, cards: Sequence[str], every: bool) -> str:
    """Why the card checks do not apply (a ruleset has no cards), and its anytime exchanges
    checked for cycles; RulesError for cards named, which it cannot have."""
    if cards:
        raise RulesError(f"{ruleset.manifest.name} has no cards to name ({', '.join(cards)}): "
                         f"`--game {ruleset.id} interactions` checks its anytime exchanges")
    return str(tableau_report(ruleset))
