"""The table at the sizes people use, in the real Chromium (as tests/test_web_browser.py):
the question stays in view beside the board, nothing scrolls sideways at 1440x900, a phone
gets one column with the question at hand, keys answer, undo works; the table's script works
at whatever addresses a game's plug-in gives its games."""

from __future__ import annotations

import re
import threading

import pytest

from rulesdsl.games import registry
from tests.test_web_browser import _open, browser, server  # noqa: F401  (the module's fixtures, shared)
from tests.test_web_once import _moved
from tests.web_helpers import p1_places_turned, record_until


def _page(browser, width, height, phone=False):  # noqa: F811
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone)
    page = context.new_page()
    page.set_default_timeout(20_000)
    return context, page


def _start(page, server, players=2, seed=1):  # noqa: F811
    page.goto(server + "/")
    page.select_option("#players", str(players))
    page.fill("#new-game input[name=seed]", str(seed))
    for n in range(1, players):
        page.fill(f"#new-game input[name=agent{n}]", "random")
    page.click("#start")
    page.wait_for_selector("#decision")
    page.wait_for_function("() => window.GAME !== undefined")  # the page's data, set by its script


def _in_view(page, selector) -> bool:
    box = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + 20 <= size["height"] and box["x"] >= 0 and box["x"] < size["width"]


def _answer_by_keys_or_clicks(page) -> None:
    """One answer: key 1 when options are numbered, else a green space, else a tile's first placement."""
    decision = page.evaluate("window.GAME.decision")
    with page.expect_navigation():
        if page.locator("#options button.option").count():
            page.keyboard.press("1")
        elif page.locator("g.space.legal").count():
            page.locator("g.space.legal").first.click()
        else:
            target = decision["placements"][0]
            for _ in range(target["turn"] // 90):
                page.keyboard.press("r")
            if target["mirror"]:
                page.keyboard.press("m")
            board = f"g.player[data-player='{decision['index']}'] svg.board[data-board='{target['area']}']"
            page.locator(f"{board} rect.square[data-square='{target['row']},{target['column']}']").click()
    page.wait_for_selector("#board-area svg")
    # the board is in the page before its script has set window.GAME: under load a read can fall between
    page.wait_for_function("() => window.GAME !== undefined")


@pytest.mark.parametrize("players", [2, 4])
def test_the_question_stays_in_view_and_nothing_scrolls_sideways_at_1440x900(browser, server, players):  # noqa: F811
    context, page = _page(browser, 1440, 900)
    _start(page, server, players)
    for _ in range(12):
        if page.evaluate("window.GAME.decision") is None:
            break
        assert _in_view(page, "#decision h2"), "the question scrolled out of sight"
        _answer_by_keys_or_clicks(page)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert page.evaluate("(() => { const a = document.getElementById('board-area'); return a.scrollWidth <= a.clientWidth + 1; })()")
    assert page.locator("#status").inner_text().count("Round") == 1 and "phase" in page.locator("#status").inner_text()
    # another player's hand never reaches this seat's page
    assert page.locator(".player-panel:not(.mine) summary:has-text('hand hidden')").count() == players - 1
    context.close()


def test_a_phone_gets_one_column_with_the_question_at_hand(browser, server):  # noqa: F811
    context, page = _page(browser, 390, 844, phone=True)
    _start(page, server, 2, seed=2)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    assert _in_view(page, "#decision h2")
    board = page.locator("#shared-board svg").bounding_box()
    assert board["width"] > 390  # zoomed in: the board scrolls inside its box
    page.click("#zoom button[data-zoom='0']")  # fit
    board = page.locator("#shared-board svg").bounding_box()
    assert 300 < board["width"] <= 390
    _answer_by_keys_or_clicks(page)
    assert _in_view(page, "#question")
    context.close()


def test_keys_answer_and_undo_takes_the_answer_back(browser, server):  # noqa: F811
    context, page = _page(browser, 1440, 900)
    _start(page, server, 2, seed=4)
    saved = "async () => (await (await fetch(location.pathname + '/save')).json()).answers.length"
    before = page.evaluate(saved)
    first = page.locator("#options button.option").first.get_attribute("data-key")
    with page.expect_navigation():
        page.keyboard.press("1")
    page.wait_for_selector("#board-area svg")
    record = page.evaluate("async () => (await (await fetch(location.pathname + '/save')).json()).answers")
    assert record[before] == [0, first]
    page.wait_for_selector("#undo")
    with page.expect_navigation():
        page.keyboard.press("u")
    page.wait_for_selector("#decision")
    assert page.evaluate(saved) == before
    context.close()


@pytest.fixture
def elsewhere(monkeypatch):
    """A table whose first game's plug-in gives its games addresses of its own (/odin/ID), for one test."""
    from werkzeug.serving import make_server

    from rulesdsl.web.app import create_app

    plugins = _moved("/odin")
    monkeypatch.setattr(registry, "plugins", lambda: plugins)
    httpd = make_server("127.0.0.1", 0, create_app(), threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.port}"
    httpd.shutdown()


def test_the_script_answers_previews_and_undoes_at_the_games_own_addresses(browser, elsewhere, tmp_path, content):  # noqa: F811
    """table.js's requests (a tile's preview, the answer, undo) and its reloads go to the address
    the page gives: /odin/ID here, where /game/ID would be 404."""
    context, page = _page(browser, 1500, 1000)
    record = record_until(content, 0, p1_places_turned)
    _open(page, elsewhere, record, tmp_path)
    assert re.fullmatch(r"/odin/\d+", page.evaluate("location.pathname"))
    decision = page.evaluate("window.GAME.decision")
    target = next(pl for pl in decision["placements"] if not pl["turn"] and not pl["mirror"])
    square = page.locator(f"g.player[data-player='0'] svg.board[data-board='{target['area']}'] "
                          f"rect.square[data-square='{target['row']},{target['column']}']")
    square.hover()
    page.wait_for_selector("#preview.ok")  # the preview asked of /odin/ID/preview
    with page.expect_navigation():
        square.click()
    page.wait_for_selector("#board-area svg")
    page.wait_for_function("() => window.GAME !== undefined")
    assert re.fullmatch(r"/odin/\d+", page.evaluate("location.pathname"))
    answers = "async () => (await (await fetch(location.pathname + '/save')).json()).answers"
    assert page.evaluate(answers)[len(record["answers"])] == [0, target["key"]]
    page.wait_for_selector("#undo")
    with page.expect_navigation():
        page.keyboard.press("u")
    page.wait_for_selector("#decision")
    assert len(page.evaluate(answers)) == len(record["answers"])
    context.close()
