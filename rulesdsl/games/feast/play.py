"""A Feast for Odin behind the games protocol: a new game from keyword options, a record
replayed, the final scores. The game itself is `rulesdsl.games.feast.engine.game.Game`, unchanged."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from rulesdsl.content.loader import load_content
from rulesdsl.errors import RulesError
from rulesdsl.games.feast.engine.game import Game, GameOptions
from rulesdsl.games.feast.engine.scoring import final_scores
from rulesdsl.games.registry import DEFAULT_GAME

NAME = DEFAULT_GAME


def owns(game: Any) -> bool:
    """Whether `game` is a game of A Feast for Odin (a shared view asks, to find this plug-in's hooks)."""
    return isinstance(game, Game)


def rules(name: str, content: Sequence[str], builtin: bool = True) -> Any:
    """The content a game is played on: the built-in content (unless `builtin` is False) with
    these variant folders on top; ContentError naming every problem otherwise."""
    return load_content([Path(c) for c in content], include_builtin=builtin)


def new_game(content: Any, players: int, seed: int, options: dict[str, Any]) -> Game:
    """A game of `players` at its first decision; RulesError naming the options for an unknown one."""
    fields = {f.name for f in attrs.fields(GameOptions)} - {"players"}
    unknown = sorted(set(options) - fields)
    if unknown:
        raise RulesError(f"unknown option(s) {', '.join(unknown)} for {NAME}: use {', '.join(sorted(fields))}")
    given = dict(options)
    if "decks" in given:
        given["decks"] = tuple(given["decks"])
    return Game(content, GameOptions(players=players, **given), seed)


def load_game(content: Any, record: dict[str, Any], force: bool) -> Game:
    """The game a record (as `Game.save` writes it, perhaps with the game's name) replays to."""
    if isinstance(record, dict):  # anything else is refused by Game.load, with its reason
        record = {k: v for k, v in record.items() if k != "game"}
    return Game.load(content, record, force)


def players(game: Game) -> int:
    """The number of players of a game."""
    return int(game.options.players)


def scores(game: Game) -> list[dict[str, Any]]:
    """The final scores, one row per player, with `winner`."""
    return final_scores(game)
