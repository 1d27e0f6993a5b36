"""`rulesdsl learn [N]`: the lessons in the terminal. Each step prints its text and the rules
it rests on; the question's legal answers are numbered (a key, a number, or a square like
`a10` for a tile); a wrong move gets the hint or the engine's refusal with the rules cited."""

from __future__ import annotations

import sys

from rulesdsl.games.feast.learn_lessons import load_lessons
from rulesdsl.games.feast.learn_play import CONTINUE, LessonRun, prove
from rulesdsl.learn import reference
from rulesdsl.learn.words import Words
from rulesdsl.view import present


def _rule_line(rule_id: str, page: int | None, words: Words) -> str:
    rule = reference.rules().get(rule_id)
    page = page or (rule.page if rule else None)
    title = rule.title.get(words.language) if rule else ""
    return f"[{rule_id}] {title}" + (" (" + words.gettext("rulebook page %(page)s", page=page) + ")" if page else "")


def _answer(run, text: str) -> str:
    """A typed answer as a key: a number of the list, a square (`a10`) for a tile, else the text."""
    decision = run.decision
    legal = decision.legal() if decision is not None else []
    if text.isdigit() and 1 <= int(text) <= len(legal) and not present.placements(decision):
        return legal[int(text) - 1]
    if decision is not None and present.placements(decision):
        parsed = present.parse_placement(decision, text)
        if not isinstance(parsed, str):
            area, row, column, turn, mirror = parsed
            return present.placement_key_at(decision, area, row, column, turn, mirror) or f"{area}@{row},{column},{turn}{'m' if mirror else ''}"
    return text


def play(content, number: int | None, read=input, write=print, language: str = "en") -> int:
    """List the lessons, or play lesson `number` (texts in `language`: en or zh); 0 when it is
    finished, 1 when the input ends first."""
    words = Words(language)
    _ = words.gettext
    lessons = load_lessons(content)
    if number is None:
        for lesson in lessons:
            write(f"{lesson.number:>3}  {lesson.title.get(language)} — {lesson.summary.get(language)}")
        write(_("play one with: rulesdsl learn N"))
        return 0
    lesson = next((x for x in lessons if x.number == number), None)
    if lesson is None:
        write(_("no lesson %(n)s; lessons: %(list)s", n=number, list=", ".join(str(x.number) for x in lessons)))
        return 1
    run = LessonRun(lesson, content)
    write(f"{_('Lesson')} {lesson.number}: {lesson.title.get(language)}")
    shown = -1
    while not run.done:
        step = run.step
        if run.index != shown:
            shown = run.index
            write("\n" + _("Step %(n)s of %(total)s", n=run.index + 1, total=len(lesson.steps)) + ": " + step.text.get(language))
            for ref in step.rules:
                write("  " + _("rule") + " " + _rule_line(ref.id, ref.page, words))
        decision = run.decision
        if decision is None:
            write(_("(press Enter to go on)"))
        else:
            write(f"{present.player_name(decision.player)}: {present.readable(decision.prompt)}")
            if present.placements(decision):
                write("  " + _("a square for the tile's top-left corner, like a10"))
            else:
                labels = present.distinct_labels(run.game, decision)
                for n, key in enumerate(decision.legal(), 1):
                    write(f"  {n}. {labels[key]}")
        try:
            text = read("> ").strip()
        except EOFError:
            write("\n" + _("the input ended before the lesson did"))
            return 1
        if text == "?":
            for index in range(len(run.game.state.players)):
                write("\n".join(present.player_lines(run.game, index)))
            continue
        outcome = run.move(CONTINUE if decision is None else _answer(run, text))
        if not outcome.accepted:
            hint = step.hint.get(language) if outcome.kind == "hint" and step.hint is not None else outcome.message
            write((_("Refused:") if outcome.kind == "refused" else _("Not this one:")) + " " + hint)
            for rule_id in outcome.rules:
                write("  " + _("rule") + " " + _rule_line(rule_id, None, words))
    write("\n" + _("Lesson complete") + ".")
    return 0


def check(content, write=print) -> int:
    """Prove every lesson (built-in and variant) on the engine; 0 when all pass, 1 otherwise."""
    failed = 0
    for lesson in load_lessons(content):
        problems = prove(lesson, content)
        failed += bool(problems)
        write(f"{'PASS' if not problems else 'FAIL'} {lesson.path}: {lesson.title.en}")
        for problem in problems:
            write(f"  {lesson.path}: {problem}")
    return 1 if failed else 0


def main(content, number: int | None, language: str = "en", checking: bool = False) -> int:
    """The `learn` command (`--check`: prove every lesson instead)."""
    if checking:
        return check(content)
    return play(content, number, read=input, write=lambda line: print(line, file=sys.stdout, flush=True), language=language)
