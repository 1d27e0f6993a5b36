"""Lessons, the rules reference, the components gallery and the two languages, without a
browser (tests/test_learn_browser.py clicks through the same pages in Chromium)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from rulesdsl.errors import ContentError
from rulesdsl.games.feast.learn_lessons import load_lessons, read_lesson
from rulesdsl.games.feast.learn_play import LessonRun, prove
from rulesdsl.learn import reference

ROOT = Path(__file__).resolve().parent.parent


def test_the_ten_lessons_are_proven_by_the_engine(content):
    lessons = load_lessons(content)
    assert [x.number for x in lessons] == list(range(1, 11))
    for lesson in lessons:
        assert prove(lesson, content) == [], lesson.path
        assert any(step.refused for step in lesson.steps), f"{lesson.path} shows no refused move"
        known = reference.rules()
        cited = {r.id for s in lesson.steps for r in s.rules} | {r.rule for s in lesson.steps for r in s.refused}
        assert cited <= set(known), cited - set(known)


def test_a_wrong_move_is_refused_with_the_engines_reason_and_a_legal_other_move_gets_the_hint(content):
    lesson = load_lessons(content)[0]
    run = LessonRun(lesson, content)
    refused = run.move("build_shed_1")
    assert (refused.kind, refused.message, refused.rules) == ("refused", "Build a shed is already occupied this round", ("A3",))
    hint = run.move("hunting_game_1")
    assert hint.kind == "hint" and hint.message == lesson.steps[0].hint.en
    assert run.game.state.occupancy.get("hunting_game_1") is None  # nothing changed
    assert run.move("build_whaling_boat_1").kind == "hint"
    assert run.move("whaling_3").rules == ("A4",)  # not a refusal the step names: the rule its text rests on
    assert run.move("build_stone_house_2").kind == "next"
    assert [b.kind for b in run.game.state.players[0].buildings] == ["stone_house"]


BAD_LESSON = """format: 1
number: 42
title: {en: A, zh: 甲}
summary: {en: B, zh: 乙}
source: test
game: {players: 2, seed: 1}
setup:
  occupancy: {no_such_space: 1}
steps:
  - turn: 0
    text: {en: C, zh: 丙}
    rules: [{id: A2, page: 9}]
    colour: red
"""


@pytest.mark.parametrize("replace, expected", [
    ((), "13:13: unknown key 'colour'"),
    ((("    colour: red\n", ""),), "8:30: unknown space 'no_such_space'"),
    ((("    colour: red\n", "    phase: feast\n"), ("{no_such_space: 1}", "{}")), "10:5: a step runs exactly one of"),
    ((("    colour: red\n", "    refused: [{move: x, rule: A2, at: 3}]\n"),), "13:39: question 3 of the step is never reached"),
])
def test_a_broken_lesson_is_refused_at_its_line_and_column(content, tmp_path, replace, expected):
    text = BAD_LESSON
    for old, new in replace:
        text = text.replace(old, new)
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        read_lesson(path, content)
    assert f"{path}:{expected}" in str(caught.value)


def test_a_variant_folder_adds_its_own_lessons(variant):
    from rulesdsl.content.loader import load_content

    variant.write("boards/nothing.yaml", "{}\n")
    text = BAD_LESSON.replace("    colour: red\n", "    moves: [stockfish_1]\n").replace("{no_such_space: 1}", "{}")
    variant.write("lessons/mine.yaml", text)
    try:
        extended = load_content([str(variant.root)])
    except ContentError:
        variant.root.joinpath("boards/nothing.yaml").unlink()
        variant.write("cards/.keep", "")
        extended = load_content([str(variant.root)])
    numbers = [x.number for x in load_lessons(extended)]
    assert numbers == [*range(1, 11), 42]
    from rulesdsl.games.feast.learn_terminal import check

    lines: list[str] = []
    assert check(extended, lines.append) == 0 and len(lines) == 11 and lines[-1].startswith("PASS ")


def test_engine_refusals_name_the_rule_they_rest_on():
    assert reference.rule_for_refusal("Build a shed is already occupied this round") == "A3"
    assert reference.rule_for_refusal("Build a longship needs 3 Vikings; you have 2 on the Thing square") == "A2"
    assert reference.rule_for_refusal("income square (10, 1) of home board may only be covered once every square below it "
                                      "and to its left is covered; square (11, 0) is not") == "G9"
    assert reference.rule_for_refusal("something else entirely") is None
    assert reference.rule_link("P9.4") == "/rules#rule-P9-4"


def test_the_27_questions_have_a_page_and_a_passing_scenario_shown_step_by_step():
    client = _client()
    questions = reference.questions()
    assert [q.number for q in questions] == list(range(1, 28))
    listed = client.get("/rules?lang=en").get_data(as_text=True)
    for q in questions:
        assert 1 <= q.page <= 41 and q.answer.en and q.answer.zh
        assert f'id="q{q.number}"' in listed and f"Rulebook page {q.page}" in listed
        for index in range(len(q.scenarios)):
            shown = client.get(f"/rules/show/{q.number}?file={index}&step=1").get_data(as_text=True)
            assert 'id="verdict" class="ok"' in shown, (q.number, q.scenarios[index])
            assert 'id="board-area"><svg' in shown


def test_qa_scenarios_cite_the_rulebook_page_of_their_question():
    for q in reference.questions():
        for name in q.scenarios:
            text = (ROOT / "scenarios" / name).read_text(encoding="utf-8")
            assert f"Q{q.number} (rulebook p. {q.page};" in text, name


def test_every_kind_of_component_of_the_content_is_drawn(content):
    from rulesdsl.view.components import KINDS, NOT_DRAWN_ALONE, component, drawings

    for name, items in content.collections.items():
        assert name in KINDS or name in NOT_DRAWN_ALONE, f"{name} is drawn nowhere"
        if name in KINDS:
            drawn = drawings(content, name)
            assert len(drawn) == len(items) and all(d.svg.startswith("<svg") for d in drawn), name
    assert len(drawings(content, "action_board")) == 2
    four = component(content, "action_board_4")
    assert four.count('class="space"') == 65 and component(content, "action_board_3").count('class="space"') == 61
    assert "upgrade chain: peas → mead" in component(content, "peas")
    assert "emigrated" in component(content, "longship") and "Overseas trading" in component(content, "knarr")
    assert "printed: " in component(content, "132") and "generated: " in component(content, "132")


def test_render_writes_a_component_as_a_real_png(tmp_path):
    out = tmp_path / "ship.png"
    done = subprocess.run([sys.executable, "-m", "rulesdsl", "render", "knarr", "-o", str(out)], capture_output=True, text=True,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_learn_in_the_terminal_plays_a_lesson(content):
    from rulesdsl.games.feast.learn_terminal import play

    lines: list[str] = []
    answers = iter(["8", "build_shed_1", "build_stone_house_2", "build_knarr_2", "pass"])
    assert play(content, 1, read=lambda _prompt: next(answers), write=lines.append) == 0
    text = "\n".join(lines)
    assert "Refused: Build a shed is already occupied this round" in text and "[A3] One use per round" in text
    assert "Not this one: That space is open to you" in text and text.endswith("Lesson complete.")
    lines.clear()
    answers = iter(["build_stone_house_2", "build_knarr_2", "pass"])
    assert play(content, 1, read=lambda _prompt: next(answers), write=lines.append, language="zh") == 0
    assert "第1步，共3步" in "\n".join(lines) and "每轮只能占用一次" in "\n".join(lines)


# ------------------------------------------------------------------ two languages
def _messages() -> set[str]:
    from babel.messages.extract import extract_from_dir

    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
            str(ROOT), method_map=[("rulesdsl/games/feast/learn_pages.py", "python"), ("rulesdsl/view/components.py", "python"),
                                   ("rulesdsl/games/feast/learn_terminal.py", "python"),
                                   ("rulesdsl/web/templates/**.html", "jinja2")]):
        found.add(message if isinstance(message, str) else message[0])
    return found


def test_every_message_of_the_pages_has_its_chinese_translation():
    from babel.messages.pofile import read_po

    path = ROOT / "rulesdsl/web/translations/zh/LC_MESSAGES/messages.po"
    with path.open("rb") as handle:
        catalogue = read_po(handle, locale="zh")
    translated = {m.id: m.string for m in catalogue if m.id and m.string and "fuzzy" not in m.flags}
    missing = sorted(_messages() - set(translated))
    assert not missing, f"not translated in {path.name}: {missing}"


def test_every_lesson_rule_and_question_text_is_in_both_languages(content):
    han = re.compile(r"[\u4e00-\u9fff]")
    texts = [t for x in load_lessons(content) for t in (x.title, x.summary, *(s.text for s in x.steps),
                                                         *(s.hint for s in x.steps if s.hint))]
    texts += [t for r in reference.rules().values() for t in (r.title, r.text)]
    texts += [t for q in reference.questions() for t in (q.question, q.answer)]
    # the Chinese rulebook's terms, not the teaching page's or other renderings
    other_terms = ("议会广场", "议会惩罚", "木材", "矿石", "家园板", "剑值", "货物")
    for text in texts:
        assert text.en.strip() and han.search(text.zh), text
        assert not any(term in text.zh for term in other_terms), text.zh


def test_every_component_of_the_content_has_its_chinese_name(content):
    names = reference.chinese_names()
    kinds = ("goods", "special_tiles", "resources", "ships", "weapons", "buildings", "exploration_boards", "home_boards",
             "extension_tiles")
    missing = [item.name for kind in kinds for item in content.collections[kind].values() if item.name not in names]
    assert not missing, f"no Chinese name in lessons/reference/names.yaml: {missing}"


def test_a_variants_gallery_shows_the_variant(variant):
    from rulesdsl.content.loader import load_content
    from rulesdsl.view.components import drawings

    variant.write("boards/tiles.yaml", "special_tiles:\n  - {id: golden_idol, name: golden idol, shape: ['##', '##'], sword: 12, "
                                       "price: 4, tongs: false, points: 3, mirror: false}\n")
    drawn = {d.id: d for d in drawings(load_content([str(variant.root)]), "special_tiles")}
    assert len(drawn) == 16 and "golden idol" in drawn["golden_idol"].svg and "sword value 12" in drawn["golden_idol"].svg


def _client():
    from rulesdsl.web.app import create_app

    return create_app().test_client()


def _token(page: bytes) -> dict:
    found = re.search(rb'name="csrf-token" content="([^"]+)"', page)
    return {"X-CSRFToken": found.group(1).decode()} if found else {}


def test_the_pages_follow_the_browsers_language_or_the_switch():
    client = _client()
    chinese = client.get("/rules", headers={"Accept-Language": "zh-CN,zh;q=0.9"}).get_data(as_text=True)
    assert "规则问答" in chinese and "规则书第9页" in chinese and "每轮只能占用一次" in chinese
    english = client.get("/rules", headers={"Accept-Language": "en-GB"}).get_data(as_text=True)
    assert "Questions and answers" in english and "Rulebook page 9" in english
    switched = client.get("/components?lang=zh").get_data(as_text=True)
    assert "部落版图" in switched and "探索版图" in switched and "豌豆" in switched and "升级链：豌豆 → 蜂蜜酒" in switched
    assert "职业牌" in client.get("/components").get_data(as_text=True)  # the switch is kept in a cookie


def test_the_occupations_are_searched_by_deck_kind_and_text(content):
    page = _client().get("/components?lang=en&deck=B&kind=limited&q=ship").get_data(as_text=True)
    found = {int(n) for n in re.findall(r'class="card" data-number="(\d+)"', page)}
    expected = {n for n, c in content.occupations.items()
                if c.deck == "B" and c.category == "limited" and "ship" in f"{n} {c.name} {c.text}".lower()}
    assert found == expected and found
    assert "Generated:" in page and "Printed:" in page


def test_the_tables_own_words_follow_the_language():
    client = _client()
    start = client.get("/", headers={"Accept-Language": "zh-CN"}).get_data(as_text=True)
    assert "开始一局游戏" in start and "边学边玩" in start
    assert "Start a game" in client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)


def test_a_lesson_over_http_cites_the_rule_of_a_refusal_with_its_link():
    client = _client()
    page = client.get("/learn")
    started = client.post("/learn/1", data={"csrf_token": _token(page.data).get("X-CSRFToken", "")})
    assert started.status_code == 302
    lesson = client.get(started.headers["Location"])
    reply = client.post(started.headers["Location"] + "/move", json={"key": "build_shed_1"}, headers=_token(lesson.data)).get_json()
    assert reply["kind"] == "refused" and reply["rules"][0]["link"] == "/rules#rule-A3"
    assert 'id="rule-A3"' in client.get("/rules").get_data(as_text=True)
    for hostile in ("text", [1], {"key": 5}, {"key": "x" * 500}, {"area": "home", "row": 10**30, "column": 0},
                    {"area": "home", "row": "a", "column": 0}):
        assert client.post(started.headers["Location"] + "/move", json=hostile, headers=_token(lesson.data)).status_code == 400
    searched = client.get("/rules?q=whaling").get_data(as_text=True)
    assert 'id="q25"' in searched and 'id="q6"' not in searched


# ------------------------------------------------------------------ hostile lesson files
def _mutations():
    from hypothesis import strategies as st

    from tests.strategies import hostile_values

    lines = (ROOT / "lessons" / "w04-hunting.yaml").read_text(encoding="utf-8").splitlines()
    values = [i for i, line in enumerate(lines) if ": " in line and not line.lstrip().startswith("#")]
    plain = st.sampled_from(["-3", "999999999999", "''", "[]", "{}", "null", "true", "2.5", "x", "[x, 1]", "{a: b}"])
    return st.tuples(st.sampled_from(values), st.one_of(plain, hostile_values()))


def test_a_mangled_lesson_is_refused_with_a_location_or_loads_whole(content, tmp_path_factory):
    from hypothesis import given

    from tests.strategies import fuzz_settings

    folder = tmp_path_factory.mktemp("mangled")
    lines = (ROOT / "lessons" / "w04-hunting.yaml").read_text(encoding="utf-8").splitlines()

    @fuzz_settings(60)
    @given(_mutations())
    def mangled(change):
        index, value = change
        key = lines[index].split(": ", 1)[0]
        text = "\n".join(lines[:index] + [f"{key}: {value}"] + lines[index + 1:]) + "\n"
        path = folder / "lesson.yaml"
        path.write_text(text, encoding="utf-8")
        try:
            lesson = read_lesson(path, content)
        except ContentError as err:
            assert all(p.location is not None and p.location.path == str(path) for p in err.problems), err
            return
        prove(lesson, content)  # a lesson that loads plays or reports its problems; it never crashes

    mangled()
