"""Rules questions as files: a starting situation, steps with every answer, expectations.

The format (version 1) is described in docs/SCENARIOS.md; it is a public interface. A
scenario builds a game from its options and seed, replaces the parts of the state it
names, runs its steps through the real engine (spaces, cards, phases, anytime actions,
arbitrary effect text) answering every decision from the file, then compares the
resulting state with its expectations. `run_file` returns a Result with a readable diff.

This module runs one file; its parts are modules of their own, by what they do with the file:
reading it (scenario_read), building the situation (scenario_setup), running the steps
(scenario_steps, answering from the file with scenario_answers) and comparing the
expectations (scenario_expect). Their public names are re-exported here, the scenario's one
front door.
"""

from __future__ import annotations

from pathlib import Path

from rulesdsl.content.loader import load_roots
from rulesdsl.content.tables import content_table
from rulesdsl.errors import RulesError
from rulesdsl.games import registry
from rulesdsl.games.feast.interactions import report
from rulesdsl.games.feast.scenario_expect import actual_player, check_expectations, compare
from rulesdsl.games.feast.scenario_read import FORMAT, FORMATS, Reader, Result, ScenarioError, load
from rulesdsl.games.feast.scenario_setup import build
from rulesdsl.games.feast.scenario_steps import run_phase, run_steps

__all__ = ["FORMAT", "FORMATS", "Reader", "Result", "ScenarioError", "actual_player", "build", "check_expectations",
           "compare", "load", "run_file", "run_phase", "run_steps", "variant"]


def _check_interactions(content, r, spec) -> list[str]:
    """`interactions: {cards: [...], contains: [...], absent: [...]}`: lines of the interaction
    checker's report (`rulesdsl interactions`) that must / must not appear (format 2)."""
    path = ("interactions",)
    r.keys(spec, path, {"cards", "contains", "absent"})
    cards = spec.get("cards") or []
    for index, number in enumerate(cards):
        if number not in content.occupations:
            r.fail(path + ("cards", index), f"unknown occupation {number}")
    text = report(content, cards)
    failures = [f"interactions: the report has no line containing {line!r}" for line in spec.get("contains", []) if line not in text]
    failures += [f"interactions: the report contains {line!r}" for line in spec.get("absent", []) if line in text]
    return failures


def _other_game(path: Path, name: str) -> Result:
    """The result of a scenario file that names another game, as that game's plug-in runs it."""
    try:
        plugin = registry.plugin_for(name)
        run = plugin.commands.run_scenario
        if run is None:
            return Result(str(path), path.stem, False, [f"{name} has no scenarios"])
        found = run(plugin.rules(name, (), True), path)
    except RulesError as err:  # an unknown game, or rules that do not load (ContentError is one)
        return Result(str(path), path.stem, False, [str(err)])
    return Result(str(path), found.title, found.passed, list(found.failures))


def run_file(path, content) -> Result:
    """Run one scenario file against the content: its Result, failures located in the file."""
    path = Path(path)
    r = None
    try:
        doc, r = load(path)
        if r is None:  # `game: NAME`: a scenario of another game, run by that game's plug-in
            return _other_game(path, doc.data["game"])
        data = doc.data
        content = variant(doc, r, path, content)
        game = build(doc, r, content)
        run_steps(game, r, data.get("steps"))
        failures = r.soft_failures + check_expectations(game, r, data.get("expect"))
        if "interactions" in data:
            failures += _check_interactions(content, r, data["interactions"])
    except ScenarioError as err:
        found = r.soft_failures if r is not None else []
        return Result(str(path), _title(path), False, found + [str(err.problem)], ())
    return Result(str(path), str(data.get("title", path.stem)), not failures, failures, tuple(data.get("cards", ())))


def variant(doc, r, path, content):
    """`content: [folder, ...]` (format 2): the built-in content with these variant roots on top,
    named relative to the scenario file; loaded once per set of roots (kept with the built-in content)."""
    roots = doc.data.get("content")
    if not roots:
        return content
    if not isinstance(roots, list):
        r.fail(("content",), "expected a list of variant folders")
    folders = []
    for index, root in enumerate(roots):
        folder = (path.parent / str(root)).resolve()
        if not folder.exists():
            r.fail(("content", index), f"no variant folder or file '{root}' next to this scenario")
        folders.append(str(folder))
    variants = content_table(content, "scenario variants", dict)
    key = tuple(folders)
    if key not in variants:
        try:
            variants[key] = load_roots(list(content.roots) + folders)
        except RulesError as err:
            r.fail(("content",), f"the variant does not load: {err}")
    return variants[key]


def _title(path) -> str:
    return Path(path).stem
