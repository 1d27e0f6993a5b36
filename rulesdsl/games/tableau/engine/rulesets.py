"""Where rulesets are: built-in ruleset folders by id, or any folder given by path.

A game is a ruleset folder: a folder under the built-in `boards/` holding a `ruleset.yaml`
(found by its id), or any folder given by path. A Feast for Odin is the default game.
"""

from __future__ import annotations

import functools
from pathlib import Path

from rulesdsl.errors import RulesError
from rulesdsl.games.tableau.engine.content import load_ruleset
from rulesdsl.resources import builtin_root

DEFAULT = "feast"  # A Feast for Odin: the first game, run by rulesdsl.games.feast.engine


def ruleset_folders() -> dict[str, Path]:
    """Built-in tableau rulesets by id (folders under boards/ with a ruleset.yaml)."""
    found = {}
    for manifest in sorted((builtin_root() / "boards").glob("*/ruleset.yaml")):
        found[manifest.parent.name] = manifest.parent
    return found


def folder_of(name: str) -> Path:
    path = Path(name)
    if (path / "ruleset.yaml").is_file():
        return path
    folders = ruleset_folders()
    if name not in folders:
        raise RulesError(f"no game '{name}': games are {', '.join([DEFAULT, *folders])} or a folder with a ruleset.yaml")
    return folders[name]


@functools.cache
def _cached(folder: str):
    return load_ruleset(Path(folder))


def load(name: str):
    """The checked ruleset called `name` (an id or a folder); ContentError if it is bad."""
    return _cached(str(folder_of(name)))
