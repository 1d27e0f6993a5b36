"""The Learn, Rules and Components pages of `rulesdsl serve` (a Flask blueprint).

Learn: a lesson (`learn_lessons`) starts its situation on the real table drawing
(`rulesdsl.view.table.table_svg`); the page sends each click as a move to
`/learn/run/<id>/move`, which the lesson runner answers through the engine: taken, a hint (a
legal move the step does not teach), or the engine's refusal with the rules cited, linked
to the Rules page. Rules: the rules in the project's words by id, the 27 questions with
their rulebook pages, each with "show me" (its scenario played step by step on the table).
Components: every kind of component drawn from the loaded content (`rulesdsl.view.components`).
The pages hold no rules; every text comes in English and Simplified Chinese. They are the first
game's own pages: its web hooks (`feast.web`, `registry.WebHooks.site`) add them to the table."""

from __future__ import annotations

import itertools
import threading

from flask import Blueprint, Flask, Response, abort, current_app, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _

from rulesdsl.content.tables import content_table
from rulesdsl.core.decisions import Option
from rulesdsl.errors import RulesError
from rulesdsl.games.feast import NAME
from rulesdsl.games.feast.learn_lessons import load_lessons
from rulesdsl.games.feast.learn_play import LessonRun
from rulesdsl.games.feast.learn_showme import show
from rulesdsl.games.registry import plugin_for
from rulesdsl.learn import reference
from rulesdsl.learn.words import Words
from rulesdsl.view import present
from rulesdsl.view.components import component, explained, gallery
from rulesdsl.view.table import table_svg
from rulesdsl.web.i18n import current_language

blueprint = Blueprint("learn", __name__)
MAX_RUNS = 200  # lessons kept open in one server; the oldest is dropped first


class Lessons:
    """The lessons open in this server, by id."""

    def __init__(self):
        self.runs: dict[str, object] = {}
        self.lock = threading.RLock()
        self.counter = itertools.count(1)

    def add(self, run) -> str:
        with self.lock:
            rid = str(next(self.counter))
            self.runs[rid] = run
            while len(self.runs) > MAX_RUNS:
                self.runs.pop(next(iter(self.runs)))
            return rid


def _content():
    # the game's built-in rules as the table loaded them (shared with its games at the table)
    return current_app.extensions["rulesdsl_tables"].rules(plugin_for(NAME), NAME, ())


def _lessons():
    content = _content()
    return content_table(content, "lessons", lambda: load_lessons(content))


def _rule_view(rule_id: str, page: int | None = None) -> dict:
    rules = reference.rules()
    rule = rules.get(rule_id)
    lang = current_language()
    return {"id": rule_id, "link": reference.rule_link(rule_id), "page": page or (rule.page if rule else None),
            "title": rule.title.get(lang) if rule else rule_id, "text": rule.text.get(lang) if rule else ""}


@blueprint.get("/learn")
def lessons():
    """The list of lessons."""
    return render_template("learn/lessons.html", lessons=_lessons(), error=None)


@blueprint.post("/learn/<int:number>")
def start(number: int):
    """Start lesson `number` and open it."""
    lesson = next((x for x in _lessons() if x.number == number), None)
    if lesson is None:
        abort(404, f"no lesson {number}")
    runs: Lessons = current_app.extensions["rulesdsl_lessons"]
    with runs.lock:
        rid = runs.add(LessonRun(lesson, _content()))
    return redirect(url_for("learn.lesson", rid=rid))


def _run_or_404(rid: str):
    run = current_app.extensions["rulesdsl_lessons"].runs.get(rid)
    if run is None:
        abort(404, f"no open lesson {rid}")
    return run


def _lesson_view(run) -> dict:
    """What the page needs: the step, its text and rules, the question and what may be clicked."""
    lang = current_language()
    step = run.step
    view = {"done": run.done, "expected": run.expected, "kind": None, "spaces": {}, "options": [], "target": None,
            "placements": [], "tries": [], "player": None, "prompt": None, "step": run.index, "made": run.made}
    if step is None:
        return view
    decision = run.decision
    view["text"] = step.text.get(lang)
    view["rules"] = [_rule_view(r.id, r.page) for r in step.rules]
    if decision is None:
        return view
    labels = present.distinct_labels(run.game, decision)
    view.update(kind=decision.kind, player=decision.player, prompt=present.readable(decision.prompt))
    content = run.game.content
    view["spaces"] = {o.key: {"legal": o.refusal is None} for o in decision.options if o.key in content.spaces}
    view["options"] = [{"key": o.key, "label": labels[o.key], "legal": o.refusal is None}
                       for o in decision.options if o.key not in content.spaces and present.placement_of(o) is None]
    placements = present.placements(decision)
    view["areas"] = sorted({pl.area for pl in placements})
    expected = present.placement_of(Option(run.expected, run.expected)) if run.expected else None
    if expected is not None:
        view["target"] = {"area": expected.area, "row": expected.row, "column": expected.column}
    offered = {o.key for o in decision.options}
    view["tries"] = [{"key": r.move, "label": r.move} for r in step.refused
                     if r.at == run.made and r.move not in offered and present.placement_of(Option(r.move, r.move)) is None]
    return view


@blueprint.get("/learn/run/<rid>")
def lesson(rid: str):
    """A lesson in progress: the table and the step beside it."""
    run = _run_or_404(rid)
    with current_app.extensions["rulesdsl_lessons"].lock:
        view = _lesson_view(run)
        svg = table_svg(run.game)
    lang = current_language()
    return render_template("learn/lesson.html", rid=rid, run=run, lesson=run.lesson, view=view, svg=svg,
                           title=run.lesson.title.get(lang), error=None)


@blueprint.post("/learn/run/<rid>/move")
def move(rid: str):
    """Answer the lesson's question: {key} or a square {area, row, column, turn, mirror}."""
    run = _run_or_404(rid)
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        return jsonify(error=_("the move names no answer")), 400
    with current_app.extensions["rulesdsl_lessons"].lock:
        key = data.get("key")
        if key is None and "row" in data and run.decision is not None:
            try:
                area, row, column = str(data["area"]), int(data["row"]), int(data["column"])
                turn, mirror = int(data.get("turn", 0)) % 360, bool(data.get("mirror", False))
            except (KeyError, TypeError, ValueError):
                return jsonify(error=_("a square needs area, row and column")), 400
            if not (0 <= row < 100 and 0 <= column < 100 and len(area) <= 100):
                return jsonify(error=_("a square needs area, row and column")), 400
            verdict = present.placement_verdict(run.game, run.decision, area, row, column, turn, mirror)
            key = verdict["key"] or f"{area}@{row},{column},{turn}{'m' if mirror else ''}"
        if not isinstance(key, str) or len(key) > 200:
            return jsonify(error=_("the move names no answer")), 400
        step = run.step
        try:
            outcome = run.move(key)
        except RulesError as err:
            return jsonify(error=str(err)), 500
    text = outcome.message
    if outcome.kind == "hint":
        text = step.hint.get(current_language()) if step is not None and step.hint is not None and run.decision is not None \
            else _("That is allowed, but not what this step teaches.")
    messages = {"hint": _("Not this one:"), "refused": _("Refused:")}
    return jsonify(kind=outcome.kind, accepted=outcome.accepted, message=text,
                   heading=messages.get(outcome.kind, ""), rules=[_rule_view(r) for r in outcome.rules])


@blueprint.get("/rules")
def rules_page():
    """The rules by id and the 27 questions, filtered by `?q=`."""
    lang = current_language()
    query = (request.args.get("q") or "").strip().lower()[:100]
    rules = [r for r in reference.rules().values()
             if not query or query in f"{r.id} {r.title.get(lang)} {r.text.get(lang)}".lower()]
    questions = [q for q in reference.questions()
                 if not query or query in f"q{q.number} {q.question.get(lang)} {q.answer.get(lang)} {' '.join(q.rules)}".lower()]
    return render_template("learn/rules.html", rules=rules, questions=questions, query=query, anchor=reference.rule_anchor,
                           error=None)


@blueprint.get("/rules/show/<int:number>")
def show_me(number: int):
    """A question's proving scenario played step by step on the table (`?file=`, `?step=`)."""
    question = next((q for q in reference.questions() if q.number == number), None)
    if question is None:
        abort(404, f"no question {number}")
    which = request.args.get("file", type=int, default=0)
    which = max(0, min(which, len(question.scenarios) - 1))
    content = _content()
    cache = content_table(content, "shown scenarios", dict)
    key = question.scenarios[which]
    if key not in cache:
        cache[key] = show(reference.scenario_path(key), content)
    shown = cache[key]
    step = max(0, min(request.args.get("step", type=int, default=0), len(shown.frames) - 1))
    return render_template("learn/show.html", question=question, shown=shown, step=step, which=which,
                           frame=shown.frames[step], error=None)


@blueprint.get("/components")
def components_page():
    """Every kind of component drawn from the loaded content."""
    args = request.args
    query, deck, kind = (args.get("q") or "").strip().lower()[:100], args.get("deck") or "", args.get("kind") or ""
    content = _content()
    return render_template("learn/components.html", sections=gallery(content, Words(current_language())),
                           cards=_cards(query, deck, kind), generated=explained(content), query=query, deck=deck, kind=kind,
                           decks=sorted({c.deck for c in content.occupations.values()}),
                           kinds=sorted({c.category for c in content.occupations.values()}), error=None)


def _cards(query: str, deck: str, kind: str) -> list:
    """The occupations whose number, name, deck, kind or text holds `query`, of that deck and kind."""
    out = []
    for number, card in sorted(_content().occupations.items()):
        text = f"{number} {card.name} {card.deck} {card.category} {card.text}".lower()
        if (not query or query in text) and (not deck or card.deck == deck) and (not kind or card.category == kind):
            out.append(card)
    return out


@blueprint.get("/components/<cid>.svg")
def component_svg(cid: str):
    """One component as SVG (what `rulesdsl render ID` writes)."""
    try:
        svg = component(_content(), cid, Words(current_language()))
    except KeyError:
        abort(404, f"no component {cid}")
    return Response(svg, mimetype="image/svg+xml")


def register(app: Flask) -> None:
    """Add the Learn, Rules and Components pages to the table's app."""
    app.extensions["rulesdsl_lessons"] = Lessons()
    app.register_blueprint(blueprint)
