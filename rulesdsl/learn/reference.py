"""The players' rules reference and the 27 rules questions, read from
`lessons/reference/rules.yaml` and `questions.yaml` (format in docs/LESSONS.md).

Every rule has the project's id; `rule_anchor(id)` is its anchor on the Rules page and
`rule_link(id)` the link to it, so any refusal that names a rule can point at its text."""

from __future__ import annotations

import functools
from pathlib import Path

import attrs

from rulesdsl.content.structure import structure
from rulesdsl.content.yamlfile import YamlReadError, read_yaml
from rulesdsl.errors import ContentError, Problem
from rulesdsl.learn.texts import Text
from rulesdsl.resources import builtin_root, scenarios_root

FORMAT = 1
RULES_PAGE = "/rules"


@attrs.frozen
class Rule:
    """One rule in the project's words: id, title, text, and the rulebook page where known."""

    id: str
    title: Text
    text: Text
    page: int | None = attrs.field(default=None, metadata={"range": (1, 60)})


@attrs.frozen
class Question:
    """A rules question with its answer, the rulebook page it comes from, the rules it rests on
    and the scenario files (under scenarios/) that prove it."""

    number: int = attrs.field(metadata={"range": (1, 99)})
    page: int = attrs.field(metadata={"range": (1, 60)})
    question: Text
    answer: Text
    rules: tuple[str, ...]
    scenarios: tuple[str, ...]


@attrs.frozen
class RulesFile:
    format: int
    rules: tuple[Rule, ...]


@attrs.frozen
class QuestionsFile:
    format: int
    questions: tuple[Question, ...]


def rule_anchor(rule_id: str) -> str:
    """The anchor of a rule on the Rules page (`A3` -> `rule-A3`, `P9.4` -> `rule-P9-4`)."""
    return "rule-" + "".join(c if c.isalnum() else "-" for c in rule_id)


def rule_link(rule_id: str) -> str:
    """The link to a rule's text on the Rules page of `rulesdsl serve`."""
    return f"{RULES_PAGE}#{rule_anchor(rule_id)}"


def _read(path: Path, cls):
    try:
        doc = read_yaml(path, str(path))
    except YamlReadError as err:
        raise ContentError([err.problem]) from None
    value, problems = structure(doc.data, cls)
    if not problems and value.format != FORMAT:
        problems = [(("format",), f"this file says format {value.format}; this rulesdsl reads format {FORMAT}")]
    if problems:
        raise ContentError([Problem(doc.location(where), message) for where, message in problems])
    return value, doc


def reference_root() -> Path:
    """The folder of the built-in rules reference."""
    return builtin_root() / "lessons" / "reference"


@functools.cache
def rules(root: Path | None = None) -> dict[str, Rule]:
    """The rules by id; ContentError (located) if the file is wrong or an id repeats."""
    path = (root or reference_root()) / "rules.yaml"
    data, doc = _read(path, RulesFile)
    out: dict[str, Rule] = {}
    for index, rule in enumerate(data.rules):
        if rule.id in out:
            raise ContentError([Problem(doc.location(("rules", index, "id")), f"rule {rule.id} is given twice")])
        out[rule.id] = rule
    return {rule_id: out[rule_id] for rule_id in sorted(out, key=_order)}


# the order of the sections of the rules: setup, the round's phases, actions, anytime placing,
# action spaces, dice, occupations, running out, the end, the solo game
_SECTIONS = ("S", "P", "A", "G", "M", "U", "K", "EM", "D", "H", "R", "X", "O", "RO", "WP", "F", "SO")


def _order(rule_id: str) -> tuple:
    head = rule_id.rstrip("0123456789.")
    numbers = tuple(int(part) for part in rule_id[len(head):].split(".") if part.isdigit())
    return (_SECTIONS.index(head) if head in _SECTIONS else len(_SECTIONS), head, numbers)


@functools.cache
def questions(root: Path | None = None) -> tuple[Question, ...]:
    """The questions in order; every rule they cite must exist and every scenario file too."""
    base = root or reference_root()
    data, doc = _read(base / "questions.yaml", QuestionsFile)
    known = rules(root)
    problems = []
    scenarios = base.parent.parent / "scenarios"
    for index, q in enumerate(data.questions):
        problems += [Problem(doc.location(("questions", index, "rules", k)), f"unknown rule '{r}'")
                     for k, r in enumerate(q.rules) if r not in known]
        problems += [Problem(doc.location(("questions", index, "scenarios", k)), f"no scenario file scenarios/{s}")
                     for k, s in enumerate(q.scenarios) if not (scenarios / s).is_file()]
    if problems:
        raise ContentError(problems)
    return data.questions


@attrs.frozen
class NamesFile:
    format: int
    names: dict[str, str]


@functools.cache
def chinese_names(root: Path | None = None) -> dict[str, str]:
    """English component name -> its Chinese name (the Chinese rulebook's where it gives one)."""
    data, _doc = _read((root or reference_root()) / "names.yaml", NamesFile)
    return dict(data.names)


def name_in(language: str):
    """A function giving a component's name in `language` (the English name where none is known)."""
    if language != "zh":
        return lambda name: name
    names = chinese_names()
    return lambda name: names.get(name, name)


@attrs.frozen
class RefusalRule:
    contains: str
    rule: str


@attrs.frozen
class RefusalsFile:
    format: int
    refusals: tuple[RefusalRule, ...]


@functools.cache
def refusal_rules(root: Path | None = None) -> tuple[RefusalRule, ...]:
    """(text, rule id) pairs: which rule an engine refusal containing the text rests on."""
    data, doc = _read((root or reference_root()) / "refusals.yaml", RefusalsFile)
    known = rules(root)
    bad = [Problem(doc.location(("refusals", index, "rule")), f"unknown rule '{entry.rule}'")
           for index, entry in enumerate(data.refusals) if entry.rule not in known]
    if bad:
        raise ContentError(bad)
    return data.refusals


def rule_for_refusal(reason: str) -> str | None:
    """The id of the rule an engine refusal rests on, when `lessons/reference/refusals.yaml` knows it."""
    return next((entry.rule for entry in refusal_rules() if entry.contains in reason), None)


def rule_tag(reason: str | None) -> str:
    """` [A3]` to write after a refusal whose rule is known, else "" (the terminal and the scenario runner)."""
    rule = rule_for_refusal(reason) if reason else None
    return f" [{rule}]" if rule else ""


def citation(reason: str | None) -> dict[str, str] | None:
    """`{"id": "A3", "link": "/rules#rule-A3"}` for a refusal whose rule is known, else None (the web doors)."""
    rule = rule_for_refusal(reason) if reason else None
    return {"id": rule, "link": rule_link(rule)} if rule else None


def scenario_path(name: str) -> Path:
    """A question's scenario file (named relative to the built-in scenarios/)."""
    return scenarios_root() / name
