"""Reading a scenario file: the YAML within its limits, the format it says, and the reader that
checks each part of the file as the runner comes to it, failing at the part's place in the text.

A scenario's other parts use the reader: the situation (scenario_setup), the steps
(scenario_steps) and the expectations (scenario_expect); `rulesdsl.games.feast.scenario` runs a file.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import attrs

from rulesdsl.content.yamlfile import YamlReadError, read_yaml
from rulesdsl.errors import Problem, RulesError, describe
from rulesdsl.games.feast.scenario_check import keys

FORMATS = (1, 2)
FORMAT = FORMATS[-1]
# the keys the top-level mapping may hold, in format 1 and 2 (described once, in scenario_check's schema)
_TOP, _TOP2 = keys(), keys((), 2)


class ScenarioError(RulesError):
    """A scenario file that cannot be run as written, with the place in its text."""

    def __init__(self, problem: Problem):
        super().__init__(str(problem))
        self.problem = problem


@attrs.define
class Result:
    """What running one scenario file found: passed, or each failure as a line."""

    path: str
    title: str
    passed: bool
    failures: list[str] = attrs.field(factory=list)
    cards: tuple = ()


class Reader:
    """One scenario document being read: its format, and every breach located in its text."""

    def __init__(self, doc):
        self.doc = doc
        self.format = doc.data.get("format") if isinstance(doc.data, dict) else None
        self.soft_failures: list[str] = []  # breaches reported while the run goes on (format 2)

    def v2(self, one, two):
        """The format-2 variant of a key set in a format-2 file."""
        return two if self.format == 2 else one

    def fail(self, path, message):
        raise ScenarioError(Problem(self.doc.location(path), message))

    def keys(self, data, path, allowed):
        if not isinstance(data, dict):
            self.fail(path, f"expected a mapping, found {type(data).__name__}")
        for key in data:
            if key not in allowed:
                self.fail(path + (key,), f"unknown key '{key}'; expected one of: {', '.join(sorted(allowed))}")

    def int(self, data, path, minimum=None):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail(path, f"expected a whole number, found {data!r}")
        if minimum is not None and data < minimum:
            self.fail(path, f"expected at least {minimum}, found {data}")
        return data

    def counts(self, data, path, content, zone):
        if not isinstance(data, dict):
            self.fail(path, "expected a mapping of item -> how many")
        out = Counter()
        for item, n in data.items():
            if item not in known_items(content, zone):
                self.fail(path + (item,), f"unknown {zone} item '{item}'")
            out[item] = self.int(n, path + (item,), 0)
        return out


def known_items(content, zone) -> set:
    """The items a count map of this zone may name (stables: the animals; else the rest)."""
    if zone == "stables":
        return {g.id for g in content.goods.values() if g.color == "animal"}
    return ({g.id for g in content.goods.values() if g.color != "animal"} | set(content.special_tiles) | set(content.resources)
            | set(content.weapons))


def load(path: Path):
    """The document and its reader; the reader is None for another game's scenario (`game: NAME`)."""
    try:
        doc = read_yaml(path, str(path))
    except YamlReadError as err:
        raise ScenarioError(err.problem) from None
    r = Reader(doc)
    if not isinstance(doc.data, dict):
        r.fail((), f"expected a mapping of scenario keys (format, title, setup, steps, expect ...), found {describe(doc.data)}")
    if isinstance(doc.data.get("game"), str):  # another ruleset's scenario (rulesdsl.games.tableau.engine.scenario reads it)
        return doc, None
    if doc.data.get("format") not in FORMATS:
        found = doc.data.get("format") if isinstance(doc.data, dict) else None
        r.fail(("format",), f"this file says format {found!r}; this rulesdsl reads scenario formats {', '.join(map(str, FORMATS))}")
    r.keys(doc.data, (), r.v2(_TOP, _TOP2))
    return doc, r

