"""Lessons as data: a situation in the scenario `setup` format, then short steps, each with
its text, the moves it expects and the rules it rests on. The format is docs/LESSONS.md.

A lesson file is read like all content (ruamel.yaml with limits, cattrs, every problem at
file:line:col, nothing loaded when one is wrong). Its situation is built by the scenario
loader (`scenario.build`), so a lesson's `game` and `setup` mean exactly what they
mean in a scenario file. The built-in lessons are `lessons/*.yaml` of the package; each
variant folder may add its own in `<folder>/lessons/`.

The lessons are this game's: a step runs its flow (a player's turn, a phase of its round, a
player's anytime actions) and a situation is its scenario's, so the lessons, their runner
(`learn_play`), the rules page's "show me" (`learn_showme`) and `rulesdsl learn`
(`learn_terminal`) live in its package; the rules reference and the pages' words stay shared
in `rulesdsl.learn`."""

from __future__ import annotations

from pathlib import Path

import attrs

from rulesdsl.content.structure import structure
from rulesdsl.content.yamlfile import YamlReadError, read_yaml
from rulesdsl.errors import ContentError, Problem, RulesError
from rulesdsl.games.feast import scenario
from rulesdsl.learn.texts import RuleRef, Text
from rulesdsl.resources import builtin_root

FORMAT = 1


@attrs.frozen
class Refused:
    """A move the step shows being refused by the engine, and the rule that refuses it."""

    move: str
    rule: str
    at: int = attrs.field(default=0, metadata={"range": (0, 50)})  # the step's question it is tried at, counted from 0


@attrs.frozen
class Step:
    """One step: what runs (a player's turn, a phase of the round, or a player's anytime
    actions), the text, the moves expected in order, and the rules it rests on."""

    text: Text
    rules: tuple[RuleRef, ...]
    moves: tuple[str, ...] = ()
    turn: int | None = attrs.field(default=None, metadata={"range": (0, 3)})
    phase: str | None = None
    anytime: int | None = attrs.field(default=None, metadata={"range": (0, 3)})
    round: int | None = attrs.field(default=None, metadata={"range": (1, 20)})
    dice: tuple[int, ...] = attrs.field(default=(), metadata={"range": (1, 12)})
    hint: Text | None = None
    refused: tuple[Refused, ...] = ()

    @property
    def player(self) -> int:
        """Who acts first in this step (a phase asks every player in turn)."""
        return self.turn if self.turn is not None else self.anytime if self.anytime is not None else 0


@attrs.frozen
class LessonFile:
    """What a lesson file says besides its situation: number, title, summary, source, steps."""

    number: int = attrs.field(metadata={"range": (1, 999)})
    title: Text
    summary: Text
    source: str
    steps: tuple[Step, ...]


@attrs.frozen
class Lesson(LessonFile):
    """A loaded lesson: the file's fields, where it was read from, and its parsed document
    (whose `game` and `setup` the scenario loader builds)."""

    path: str = ""
    doc: object = attrs.field(default=None, eq=False, repr=False)


_OWN_KEYS = ("format", "game", "setup")


def read_lesson(path: Path, content) -> Lesson:
    """One lesson file, its situation built once to check it; ContentError with every problem located."""
    try:
        doc = read_yaml(path, str(path))
    except YamlReadError as err:
        raise ContentError([err.problem]) from None
    data = doc.data
    if not isinstance(data, dict):
        raise ContentError([Problem(doc.location(()), "expected a mapping: format, number, title, summary, source, game, setup, steps")])
    if data.get("format") != FORMAT:
        raise ContentError([Problem(doc.location(("format",)), f"this file says format {data.get('format')!r}; "
                                                                 f"this rulesdsl reads lesson format {FORMAT}")])
    lesson, problems = structure({k: v for k, v in data.items() if k not in _OWN_KEYS}, LessonFile)
    located = [Problem(doc.location(where), message) for where, message in problems]
    if lesson is not None:
        located += _check_steps(doc, lesson, content)
    if located:
        raise ContentError(located)
    lesson = Lesson(**attrs.asdict(lesson, recurse=False), path=str(path), doc=doc)
    try:
        situation(lesson, content)
    except RulesError as err:
        problem = getattr(err, "problem", None)
        raise ContentError([problem or Problem(doc.location(("setup",)), str(err))]) from None
    return lesson


def _check_steps(doc, lesson: LessonFile, content) -> list[Problem]:
    out = []
    for index, step in enumerate(lesson.steps):
        where = ("steps", index)
        acts = [name for name in ("turn", "phase", "anytime") if getattr(step, name) is not None]
        if len(acts) != 1:
            out.append(Problem(doc.location(where), "a step runs exactly one of: turn (a player's turn), phase, anytime"
                               + (f"; this one names {', '.join(acts)}" if acts else "")))
        if step.phase is not None and step.phase not in content.phases:
            out.append(Problem(doc.location(where + ("phase",)), f"unknown phase '{step.phase}'; phases: {', '.join(content.phases)}"))
        if not step.rules:
            out.append(Problem(doc.location(where + ("rules",)), "a step names at least one rule it rests on"))
        out += [Problem(doc.location(where + ("refused", k, "at")), f"question {entry.at} of the step is never reached: its "
                        f"{len(step.moves)} moves answer questions 0 to {len(step.moves) - 1}, so it waits at {len(step.moves)} at most")
                for k, entry in enumerate(step.refused) if entry.at > len(step.moves)]
    return out


def situation(lesson: Lesson, content):
    """A new game in the lesson's situation (the scenario loader builds it)."""
    reader = scenario.Reader(lesson.doc)
    reader.format = 2  # the newest scenario setup keys
    return scenario.build(lesson.doc, reader, content)


def lesson_roots(content) -> list[Path]:
    """The folders holding lessons: the package's, then each variant root's `lessons/`."""
    builtin = builtin_root()
    roots = [builtin / "lessons"]
    for root in getattr(content, "roots", ()) or ():
        folder = Path(root) / "lessons"
        if Path(root).resolve() != builtin.resolve() and folder.is_dir():
            roots.append(folder)
    return roots


def load_lessons(content, roots: list[Path] | None = None) -> list[Lesson]:
    """Every lesson of the roots by number; ContentError (all problems) if any file is wrong or two share a number."""
    lessons: dict[int, Lesson] = {}
    problems: list[Problem] = []
    for root in roots if roots is not None else lesson_roots(content):
        for path in sorted(Path(root).glob("*.yaml")):
            try:
                lesson = read_lesson(path, content)
            except ContentError as err:
                problems += err.problems
                continue
            if lesson.number in lessons:
                problems.append(Problem(lesson.doc.location(("number",)),
                                        f"lesson {lesson.number} is already {lessons[lesson.number].path}"))
                continue
            lessons[lesson.number] = lesson
    if problems:
        raise ContentError(problems)
    return [lessons[n] for n in sorted(lessons)]
