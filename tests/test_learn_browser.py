"""The Learn and Rules pages in the real Chromium (Playwright, the system's browser as in
tests/test_web_browser.py): every lesson played to its end by clicking, each with one
deliberately wrong move whose refusal names the engine's reason and cites a rule."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="the test extra (pip install -e '.[test]') is needed")

from tests.test_web_browser import browser, server  # noqa: E402,F401 (the same server and browser fixtures)


@pytest.fixture(scope="module")
def page(browser):
    context = browser.new_context(viewport={"width": 1500, "height": 1000}, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def _click_move(page, view, key: str) -> None:
    """Click what stands for `key`: a space on the board, a square, the continue button or an option."""
    if key == "continue":
        page.click("#continue")
    elif key in view["spaces"]:
        page.locator(f'g.space[data-space="{key}"]').click()
    elif "@" in key and key.split("@")[0] in view.get("areas", []):
        area, rest = key.split("@")
        row, column = rest.split(",")[:2]
        page.locator(f'g.player[data-player="{view["player"]}"] svg.board[data-board="{area}"] '
                     f'rect.square[data-square="{row},{column}"]').first.click(force=True)
    else:
        page.locator(f'button.option[data-key="{key}"]').first.click()


def _play(page, server, lesson) -> int:
    """Play one lesson by clicking; return how many wrong moves were shown refused."""
    page.goto(server + "/learn")
    with page.expect_navigation():
        page.click(f'button.start-lesson[data-number="{lesson.number}"]')
    refusals = 0
    wrong = next(((i, r) for i, s in enumerate(lesson.steps) for r in s.refused), None)
    for _ in range(200):
        view = page.evaluate("window.LESSON.view")
        if view["done"]:
            break
        if wrong is not None and wrong[0] == view["step"] and view["made"] == wrong[1].at:
            key = wrong[1].move
            if view["tries"] and any(t["key"] == key for t in view["tries"]):
                page.locator(f'#tries button[data-key="{key}"]').click()
            else:
                _click_move(page, view, key)
            page.wait_for_selector("#message a.cited-rule")
            assert page.locator(f'#message a.cited-rule[data-rule="{wrong[1].rule}"]').count() == 1
            assert page.inner_text("#message").startswith("Refused:")
            refusals += 1
            wrong = None
        assert page.locator(".lesson-target").count() >= 1, f"lesson {lesson.number}: the step's move is not marked"
        with page.expect_navigation(wait_until="domcontentloaded"):
            _click_move(page, view, view["expected"])
    assert page.locator("#lesson-done").count() == 1
    return refusals


def test_every_lesson_is_played_by_clicking_with_a_refused_wrong_move(page, server, content):
    from rulesdsl.games.feast.learn_lessons import load_lessons

    lessons = load_lessons(content)
    assert len(lessons) == 10
    results = {lesson.number: _play(page, server, lesson) for lesson in lessons}
    assert results == {n: 1 for n in range(1, 11)}


def test_the_rules_page_shows_each_question_with_a_page_and_a_passing_scenario(page, server):
    page.goto(server + "/rules")
    assert page.locator("article.question").count() == 27
    for number in (5, 17, 26):
        text = page.inner_text(f"#q{number}")
        assert "Rulebook page" in text
    page.click("#q26 a.show-me")
    page.wait_for_selector("#verdict.ok")
    while page.locator("#next").count():
        with page.expect_navigation():
            page.click("#next")
    assert page.locator("#board-area > svg").count() == 1 and "step=" in page.url
    page.goto(server + "/rules?lang=zh")
    assert page.locator("html[lang=zh-Hans]").count() == 1


def test_a_refused_space_on_the_table_links_to_its_rule_and_the_table_speaks_chinese(browser, server):  # noqa: F811
    """Issue 33 item 4 on the table: a click on a space taken this round says why, with its rule linked."""
    context = browser.new_context(viewport={"width": 1440, "height": 900}, locale="zh-CN")
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(server + "/")
    assert "开始一局游戏" in page.inner_text("#new-game")  # the browser's language, through the catalogue
    page.fill("#new-game input[name=seed]", "1")
    page.fill("#new-game input[name=agent1]", "human")
    with page.expect_navigation():
        page.click("#start")
    taken = page.locator("g.space.legal").first.get_attribute("data-space")
    with page.expect_navigation():
        page.locator(f'g.space[data-space="{taken}"]').click()
    refused = page.locator(f'g.space.refused-space[data-space="{taken}"]')
    for _ in range(10):  # the space's own questions (dice, choices) first, then the other player's turn
        if refused.count():
            break
        with page.expect_navigation():
            page.keyboard.press("1")
    refused.click()
    link = page.locator('#message a.rule-link[href="/rules#rule-A3"]')
    assert link.count() == 1 and "is already occupied this round" in page.inner_text("#message")
    with page.expect_navigation():
        link.click()
    assert page.locator("#rule-A3").count() == 1
    context.close()
