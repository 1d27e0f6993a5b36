"""A game's options as the command line and the web table give them: `NAME=NUMBER` pairs."""

from __future__ import annotations

from collections.abc import Iterable

from rulesdsl.bounded import whole_number
from rulesdsl.errors import RulesError


def parse_options(pairs: Iterable[str] | None) -> dict[str, int]:
    """`NAME=NUMBER` pairs (of --option) as a mapping; RulesError for anything else."""
    options = {}
    for pair in pairs or ():
        name, sep, value = pair.partition("=")
        if not sep or not value.strip().lstrip("-").isdigit():
            raise RulesError(f"--option takes NAME=NUMBER, not '{pair[:60]}'")
        options[name.strip()] = whole_number(value, -10**9, 10**9, f"--option {name.strip()[:40]}")
    return options
