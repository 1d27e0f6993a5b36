"""The project's own error types.

Every failure that a user can cause (a broken file, an unknown name, a bad
command) surfaces as a `RulesError`; nothing else is allowed to escape the
loader, the parser or the CLI.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Location:
    """A place in a file; line and column count from 1."""

    path: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{printable(self.path)}:{self.line}:{self.column}"


def printable(name: object) -> str:
    """A file name as it can be printed anywhere: bytes that are not UTF-8 (kept by Python as
    surrogates) shown as backslash escapes instead of failing the print."""
    return str(name).encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def describe(value: object) -> str:
    """What a plain data value is, as an error message names what it found (`a number (3)`)."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"a boolean ({str(value).lower()})"
    if isinstance(value, int):
        return f"a number ({value})"
    if isinstance(value, float):
        return f"a decimal number ({value})"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"text ({shown!r})"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


@attrs.frozen
class Problem:
    location: Location | None
    message: str

    def __str__(self) -> str:
        if self.location is None:
            return self.message
        return f"{self.location}: {self.message}"


class RulesError(Exception):
    """Base of every error the project raises on purpose."""


class CardSyntaxError(RulesError):
    """Card-language text that does not parse; line/column are inside the text."""

    def __init__(self, line: int, column: int, message: str):
        super().__init__(f"{line}:{column}: {message}")
        self.line = line
        self.column = column
        self.message = message


class ContentError(RulesError):
    """One or more problems found while loading content; nothing was loaded."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(problems, key=_problem_key)
        super().__init__("\n".join(str(p) for p in self.problems))


def _problem_key(problem: Problem) -> tuple[str, int, int, str]:
    loc = problem.location
    if loc is None:
        return ("", 0, 0, problem.message)
    return (loc.path, loc.line, loc.column, problem.message)


class RunawayRules(RulesError):
    """Effects that set each other off without end: the game stops at `location` (the first
    card of the loop), naming every card in it."""

    def __init__(self, location: Location | None, cards: list[str], message: str):
        super().__init__(f"{location}: rules error: {message}" if location else f"rules error: {message}")
        self.location = location
        self.cards = cards


class IllegalMove(RulesError):
    """A move the rules do not allow; the state it was tried on is unchanged."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class IllegalPlacement(IllegalMove):
    """A tile that may not lie where it was put; `square` is the (row, column) at fault."""

    def __init__(self, reason: str, rule: str, square: tuple[int, int] | None = None):
        super().__init__(reason)
        self.rule = rule
        self.square = square
