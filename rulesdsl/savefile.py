"""Reading and writing the files the command line produces: game records and drawings.

Writes never damage what is there: the text goes to a temporary file beside the target,
is flushed to disk and renamed over it, so a full disk or a killed process leaves the
old file whole (and no temporary file behind). `check_writable` tries the folder before
a game starts, so a mistyped `--save` path is refused before hours of play. Reading a
record is bounded (size, nesting, numbers JSON cannot hold) and its errors carry a
file:line:col where the value is found.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from rulesdsl.content.yamlfile import YamlReadError, parse_yaml_text, read_bounded
from rulesdsl.core.record import RecordError
from rulesdsl.errors import Location, Problem, RulesError

MAX_DEPTH = 64


class FileProblem(RulesError):
    """A located problem with a file the user named."""

    def __init__(self, problem: Problem):
        super().__init__(str(problem))
        self.problem = problem


def _why(err: OSError) -> str:
    return err.strerror or str(err)


def check_writable(path: Path) -> None:
    """Refuse a target that cannot be written: missing folder, a folder itself, no permission."""
    parent = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise RulesError(f"cannot write {path}: it is a folder")
    if not parent.is_dir():
        raise RulesError(f"cannot write {path}: the folder {parent} does not exist")
    try:
        fd, temp = tempfile.mkstemp(dir=parent, prefix=f".{path.name}.", suffix=".tmp")
        os.close(fd)
        os.unlink(temp)
    except OSError as err:
        raise RulesError(f"cannot write {path}: {_why(err)}") from None


def replace_file(path: Path, data: bytes, durable: bool = True) -> None:
    """Put `data` at `path` through a temporary file beside it and a rename; OSError on failure.

    Whatever happens, the old file stays whole and no temporary file is left behind."""
    parent = path.parent if str(path.parent) else Path(".")
    temp = None
    try:
        fd, temp = tempfile.mkstemp(dir=parent, prefix=f".{path.name}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            if durable:
                out.flush()
                os.fsync(out.fileno())
        os.replace(temp, path)
        temp = None
    finally:
        if temp is not None:
            try:
                os.unlink(temp)
            except OSError:
                pass


def write_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` with `replace_file`: the one writer of every file a command makes."""
    write_bytes_atomic(path, text.encode("utf-8"))


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write `data` to `path` after the path checks of `check_writable`; RulesError on failure."""
    path = Path(path)
    check_writable(path)
    try:
        replace_file(path, data)
    except OSError as err:
        kept = " (the file that was there is unchanged)" if path.exists() else ""
        raise RulesError(f"cannot write {path}: {_why(err)}{kept}") from None


def _refuse_constant(name):
    raise ValueError(f"{name} is not a number a record can hold")


def read_json(path: Path):
    """The JSON value in `path` with a YamlDoc of positions (or None); FileProblem when it cannot be read."""
    shown = str(path)
    try:
        raw = read_bounded(path, shown)
        text = raw.decode("utf-8")
    except YamlReadError as err:
        raise FileProblem(err.problem) from None
    except UnicodeDecodeError as err:
        raise FileProblem(Problem(Location(shown, 1, 1), f"not UTF-8 text: {err.reason}")) from None
    data = parse_json(text, shown)
    try:  # JSON is YAML, so the YAML reader gives every value's position
        doc = parse_yaml_text(text, shown)
    except YamlReadError:
        doc = None
    return data, doc


def parse_json(text: str, shown: str):
    """The JSON value of `text`, refused (FileProblem at its place) when malformed, holding
    NaN/Infinity or an overlong number, or nested more than MAX_DEPTH deep."""
    try:
        data = json.loads(text, parse_constant=_refuse_constant, parse_float=_float, parse_int=_whole)
    except json.JSONDecodeError as err:
        raise FileProblem(Problem(Location(shown, err.lineno, err.colno), f"invalid JSON: {err.msg}")) from None
    except (ValueError, RecursionError) as err:  # NaN/Infinity, overlong integers, absurd nesting
        message = "nested too deep" if isinstance(err, RecursionError) else str(err)
        token = message.split(" ", 1)[0] if isinstance(err, ValueError) else ""
        raise FileProblem(Problem(_find(text, shown, token), f"invalid saved game: {message}")) from None
    if _depth(data) > MAX_DEPTH:
        raise FileProblem(Problem(Location(shown, 1, 1), f"invalid saved game: nested more than {MAX_DEPTH} deep"))
    return data


def _find(text: str, shown: str, token: str) -> Location:
    at = text.find(token) if token else -1
    if at < 0:
        return Location(shown, 1, 1)
    line = text.count("\n", 0, at) + 1
    return Location(shown, line, at - (text.rfind("\n", 0, at) + 1) + 1)


MAX_DIGITS = 120  # seeds are at most 101 digits (core.record.SEED_RANGE); Python refuses ints past 4,300


def _whole(text: str) -> int:
    if len(text) > MAX_DIGITS:
        raise ValueError(f"{text[:12]} begins a number of {len(text.lstrip('-'))} digits; a record holds at most {MAX_DIGITS}")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"{text} is too large for a number in a record")
    return value


def _depth(data) -> int:
    deepest, stack = 0, [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (list, dict)):
            deepest = max(deepest, depth)
            stack.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict) else value))
    return deepest


def locate(doc, path: Path, key_path: tuple) -> Location:
    """Where the value at `key_path` stands in the file (line 1 when unknown)."""
    if doc is None:
        return Location(str(path), 1, 1)
    return doc.location(tuple(key_path))


def load_record(path: Path, load):
    """`load(data)` of the saved game in `path`; its RecordError becomes a FileProblem at the bad value."""
    data, doc = read_json(path)
    try:
        return load(data)
    except RecordError as err:
        raise FileProblem(Problem(locate(doc, path, err.path), str(err))) from None
