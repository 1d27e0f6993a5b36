"""The saved-game record read back with exact types, limits and a check of the content.

A record is JSON written by `Game.save`: the options, the seed, the forced dice, every
answer, and the hash of every content file the game was played with. Reading one back
accepts only what `save` writes — `players: 2.7`, `seed: 5.9`, `format: true` or a seed
of `1e400` are refused with the path of the value — and a record made on other content
(a variant added or left out, a card edited) is refused with what differs, because
replaying its answers there would silently give a different game.
"""

from __future__ import annotations

import hashlib

from rulesdsl.content.structure import describe
from rulesdsl.errors import RulesError

FORMAT = 1
MAX_ANSWERS = 1_000_000
MAX_CARDS = 1000  # dealt or excluded occupations in a record's options
MAX_CARD_NUMBER = 10**9
MAX_KEY = 200  # answer keys are ids and small tuples ("home@11,0,90")
SEED_RANGE = (-(10**100), 10**100)  # any seed a command line gives; 1e400 is a float and refused


class RecordError(RulesError):
    """A record that is not what `Game.save` writes; `path` is the key path of the bad value."""

    def __init__(self, message: str, path: tuple = ()):
        shown = ".".join(str(p) for p in path)
        super().__init__(f"corrupted saved game: {message}{f' (at {shown})' if shown else ''}")
        self.path = path
        self.message = message


def fingerprint(content) -> dict:
    """What the record says about the content: one digest and the hash of every file."""
    files = dict(sorted(getattr(content, "files", {}).items()))
    digest = hashlib.sha256("\n".join(f"{k} {v}" for k, v in files.items()).encode()).hexdigest()
    return {"digest": digest, "files": files}


def differences(saved: dict, content) -> list[str]:
    """How the record's content differs from `content`, one line per file."""
    now = fingerprint(content)
    if saved.get("digest") == now["digest"]:
        return []
    before, after = saved.get("files", {}), now["files"]
    lines = [f"{name} was not loaded now" for name in before if name not in after]
    lines += [f"{name} is loaded now but was not then" for name in after if name not in before]
    lines += [f"{name} has changed" for name in before if name in after and before[name] != after[name]]
    return lines or ["the content digest differs"]


def _int(value, path, lo, hi) -> int:
    if type(value) is not int:
        raise RecordError(f"expected a whole number, found {describe(value)}", path)
    if not lo <= value <= hi:
        raise RecordError(f"expected a whole number from {lo} to {hi}, found {value}", path)
    return value


def _str(value, path) -> str:
    if not isinstance(value, str):
        raise RecordError(f"expected text, found {describe(value)}", path)
    if len(value) > MAX_KEY:
        raise RecordError(f"text of {len(value)} characters; at most {MAX_KEY}", path)
    return value


def _list(value, path, limit) -> list:
    if not isinstance(value, list):
        raise RecordError(f"expected a list, found {describe(value)}", path)
    if len(value) > limit:
        raise RecordError(f"more than {limit:,} entries", path)
    return value


def _mapping(value, path, allowed, required) -> dict:
    if not isinstance(value, dict):
        raise RecordError(f"expected a mapping, found {describe(value)}", path)
    for key in value:
        if key not in allowed:
            raise RecordError(f"unknown key '{key}'; expected one of: {', '.join(allowed)}", path + (key,))
    for key in required:
        if key not in value:
            raise RecordError(f"missing required key '{key}'", path)
    return value


def options(data, path=("options",)) -> dict:
    """The keyword arguments of GameOptions, type-checked."""
    data = _mapping(data, path, ("players", "length", "decks", "occupations", "deal", "exclude"), ("players", "length", "decks"))
    decks = tuple(_str(d, path + ("decks", i)) for i, d in enumerate(_list(data["decks"], path + ("decks",), 26)))
    occupations = data.get("occupations", True)
    if not isinstance(occupations, bool):
        raise RecordError(f"expected true or false, found {describe(occupations)}", path + ("occupations",))
    players = _int(data["players"], path + ("players",), 1, 4)
    deal = []
    for i, entry in enumerate(_list(data.get("deal", []), path + ("deal",), MAX_CARDS)):
        where = path + ("deal", i)
        if not isinstance(entry, list) or len(entry) != 2:
            raise RecordError(f"expected [seat, occupation], found {describe(entry)}", where)
        deal.append((_int(entry[0], where + (0,), 0, players - 1), _int(entry[1], where + (1,), 0, MAX_CARD_NUMBER)))
    exclude = tuple(_int(c, path + ("exclude", i), 0, MAX_CARD_NUMBER)
                    for i, c in enumerate(_list(data.get("exclude", []), path + ("exclude",), MAX_CARDS)))
    return {"players": players, "length": _str(data["length"], path + ("length",)), "decks": decks,
            "occupations": occupations, "deal": tuple(deal), "exclude": exclude}


def agents(data: dict, players: int) -> list[str] | None:
    """The agents' names by seat a record keeps (`rulesdsl play --save` writes them), or None."""
    found = data.get("agents")
    if found is None:
        return None
    names = _list(found, ("agents",), players)
    if len(names) != players:
        raise RecordError(f"expected one agent per player ({players}), found {len(names)}", ("agents",))
    return [_str(name, ("agents", i)) for i, name in enumerate(names)]


def read(data, content, force: bool = False) -> tuple[dict, int, list[int], list[tuple[int, str]]]:
    """(options, seed, dice, answers) of a record; RecordError when it is not one for `content`."""
    if not isinstance(data, dict) or "format" not in data:
        raise RecordError("not a rulesdsl saved game (missing or unknown 'format')")
    if type(data["format"]) is not int or data["format"] != FORMAT:
        raise RecordError(f"this rulesdsl reads saved games of format {FORMAT}, found {describe(data['format'])}", ("format",))
    _mapping(data, (), ("format", "options", "seed", "dice", "answers", "content", "agents"), ("options", "seed", "answers"))
    opts = options(data["options"])
    if opts["length"] not in content.game_lengths:  # here, so the error points at the value
        raise RecordError(f"unknown game length '{opts['length']}'; choose one of: {', '.join(content.game_lengths)}",
                          ("options", "length"))
    decks = {o.deck for o in content.occupations.values()}
    for index, deck in enumerate(opts["decks"]):
        if deck not in decks:
            raise RecordError(f"unknown occupation deck '{deck}'; decks: {', '.join(sorted(decks))}", ("options", "decks", index))
    agents(data, opts["players"])
    seed = _int(data["seed"], ("seed",), *SEED_RANGE)
    faces = max((d.faces for d in content.dice.values()), default=0)
    dice = [_int(d, ("dice", i), 1, faces) for i, d in enumerate(_list(data.get("dice", []), ("dice",), MAX_ANSWERS))]
    answers = []
    for index, entry in enumerate(_list(data["answers"], ("answers",), MAX_ANSWERS)):
        where = ("answers", index)
        if not isinstance(entry, list) or len(entry) != 2:
            raise RecordError(f"expected [player, answer], found {describe(entry)}", where)
        answers.append((_int(entry[0], where + (0,), 0, opts["players"] - 1), _str(entry[1], where + (1,))))
    if not force:
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
    return opts, seed, dice, answers
