"""What the command line names for every game command: the game's checked rules (the game and
the content folders over it) and a new game's options."""

from __future__ import annotations

from typing import Any

from rulesdsl.games.options import parse_options
from rulesdsl.games.registry import CommandHooks, GamePlugin


def rules_of(args: Any, plugin: GamePlugin) -> Any:
    """The checked rules the command line names: the game and the content folders over it."""
    return plugin.rules(args.game, tuple(args.content), not args.no_builtin)


def game_options(args: Any, hooks: CommandHooks) -> dict[str, Any]:
    """A new game's options: --option NAME=NUMBER and the game's own flags (`CommandHooks.options`)."""
    given = parse_options(getattr(args, "option", None))
    return {**given, **hooks.options(args)} if hooks.options is not None else given
