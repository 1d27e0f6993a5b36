"""A Feast for Odin behind the games protocol: a new game from keyword options, a record
replayed, the final scores. The game itself is `rulesdsl.engine.game.Game`, unchanged."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from rulesdsl.content.loader import load_content
from rulesdsl.engine.game import Game, GameOptions
from rulesdsl.engine.scoring import final_scores
from rulesdsl.errors import RulesError


def content_of(content: Sequence[str]) -> Any:
    """The built-in content with these variant folders on top."""
    return load_content([Path(c) for c in content])


def new_game(name: str, players: int, seed: int, options: dict[str, Any], content: Sequence[str]) -> Game:
    """A game of `players` at its first decision; RulesError naming the options for an unknown one."""
    fields = {f.name for f in attrs.fields(GameOptions)} - {"players"}
    unknown = sorted(set(options) - fields)
    if unknown:
        raise RulesError(f"unknown option(s) {', '.join(unknown)} for {name}: use {', '.join(sorted(fields))}")
    given = dict(options)
    if "decks" in given:
        given["decks"] = tuple(given["decks"])
    return Game(content_of(content), GameOptions(players=players, **given), seed)


def load_game(name: str, record: dict[str, Any], content: Sequence[str], force: bool) -> Game:
    """The game a record (as `Game.save` writes it, with the game's name) replays to."""
    return Game.load(content_of(content), {k: v for k, v in record.items() if k != "game"}, force)


def scores(game: Game) -> list[dict[str, Any]]:
    """The final scores, one row per player, with `winner`."""
    return final_scores(game)
