"""Saved-game records read back with exact types and limits, and checked against the content.

A record is JSON a game's `save` writes: its options, seed and every answer, with the hash of
every content file the game was played with (`fingerprint`). What every game's reader shares
is here: the checks of one value (`whole_number`, `text`, `listing`, `mapping`: `players: 2.7`,
`seed: 5.9`, `format: true` or a seed of `1e400` are refused with the path of the value), the
agents a record names by seat, and the refusal of a record made on other content (a variant
added or left out, a card edited) with what differs, because replaying its answers there would
silently give a different game. Each game reads its own options (the first game's:
`games/feast/engine/record.py`).
"""

from __future__ import annotations

import hashlib
from typing import Any

from rulesdsl.errors import RulesError, describe

MAX_ANSWERS = 1_000_000
MAX_KEY = 200  # answer keys are ids and small tuples ("home@11,0,90")
SEED_RANGE = (-(10**100), 10**100)  # any seed a command line gives; 1e400 is a float and refused

Path = tuple[object, ...]  # the key path of a value in the record


class RecordError(RulesError):
    """A record that is not what a game's `save` writes; `path` is the key path of the bad value."""

    def __init__(self, message: str, path: Path = ()):
        shown = ".".join(str(p) for p in path)
        super().__init__(f"corrupted saved game: {message}{f' (at {shown})' if shown else ''}")
        self.path = path
        self.message = message


def fingerprint(content: object) -> dict[str, Any]:
    """What the record says about the content: one digest and the hash of every file."""
    files = dict(sorted(getattr(content, "files", {}).items()))
    digest = hashlib.sha256("\n".join(f"{k} {v}" for k, v in files.items()).encode()).hexdigest()
    return {"digest": digest, "files": files}


def differences(saved: dict[str, Any], content: object) -> list[str]:
    """How the record's content differs from `content`, one line per file."""
    now = fingerprint(content)
    if saved.get("digest") == now["digest"]:
        return []
    before, after = saved.get("files", {}), now["files"]
    lines = [f"{name} was not loaded now" for name in before if name not in after]
    lines += [f"{name} is loaded now but was not then" for name in after if name not in before]
    lines += [f"{name} has changed" for name in before if name in after and before[name] != after[name]]
    return lines or ["the content digest differs"]


def whole_number(value: object, path: Path, lo: int, hi: int) -> int:
    """`value` if it is a whole number (not a boolean, not a float) from lo to hi."""
    if type(value) is not int:
        raise RecordError(f"expected a whole number, found {describe(value)}", path)
    if not lo <= value <= hi:
        raise RecordError(f"expected a whole number from {lo} to {hi}, found {value}", path)
    return value


def text(value: object, path: Path) -> str:
    """`value` if it is text of at most MAX_KEY characters."""
    if not isinstance(value, str):
        raise RecordError(f"expected text, found {describe(value)}", path)
    if len(value) > MAX_KEY:
        raise RecordError(f"text of {len(value)} characters; at most {MAX_KEY}", path)
    return value


def listing(value: object, path: Path, limit: int) -> list[Any]:
    """`value` if it is a list of at most `limit` entries."""
    if not isinstance(value, list):
        raise RecordError(f"expected a list, found {describe(value)}", path)
    if len(value) > limit:
        raise RecordError(f"more than {limit:,} entries", path)
    return value


def mapping(value: object, path: Path, allowed: tuple[str, ...], required: tuple[str, ...]) -> dict[str, Any]:
    """`value` if it is a mapping of the allowed keys that holds the required ones."""
    if not isinstance(value, dict):
        raise RecordError(f"expected a mapping, found {describe(value)}", path)
    for key in value:
        if key not in allowed:
            raise RecordError(f"unknown key '{key}'; expected one of: {', '.join(allowed)}", path + (key,))
    for key in required:
        if key not in value:
            raise RecordError(f"missing required key '{key}'", path)
    return value


def agents(data: dict[str, Any], players: int) -> list[str] | None:
    """The agents' names by seat a record keeps (`rulesdsl play --save` writes them), or None."""
    found = data.get("agents")
    if found is None:
        return None
    names = listing(found, ("agents",), players)
    if len(names) != players:
        raise RecordError(f"expected one agent per player ({players}), found {len(names)}", ("agents",))
    return [text(name, ("agents", i)) for i, name in enumerate(names)]


def check_content(data: dict[str, Any], content: object, force: bool = False) -> None:
    """Refuse a record that does not say which content it was played with, or was played on
    other content than `content` (unless `force`: replay it on the content loaded now)."""
    if force:
        return
    saved = data.get("content")
    if saved is None:
        raise RulesError("the saved game does not say which content it was played with; "
                         "load it with --force to replay it on the content loaded now")
    if not isinstance(saved, dict) or not isinstance(saved.get("files", {}), dict):
        raise RecordError(f"expected a mapping, found {describe(saved)}", ("content",))
    changed = differences(saved, content)
    if changed:
        shown = "; ".join(changed[:8]) + (f" (and {len(changed) - 8} more)" if len(changed) > 8 else "")
        raise RulesError(f"the saved game was played on other content: {shown}. "
                         "Load the same --content folders, or use --force to replay it anyway")
