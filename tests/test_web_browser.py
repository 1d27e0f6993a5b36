"""The web table in a real browser: the system's headless Chromium driven by Playwright.

The browser is the Debian package (`tools/install-system-packages.sh` installs it; the
README's test command runs that first); Playwright never downloads one. One server and one
browser serve the whole module."""

from __future__ import annotations

import io
import json
import os
import shutil
import threading

import pytest

from tests.web_helpers import p1_pays, p1_places_turned, record_until, whole_game

playwright_api = pytest.importorskip("playwright.sync_api", reason="the test extra (pip install -e '.[test]') is needed")


def _chromium() -> str:
    found = os.environ.get("RULESDSL_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        pytest.fail("no system chromium: run `bash tools/install-system-packages.sh` (the README's test command does)")
    return found


@pytest.fixture(scope="module")
def server():
    from werkzeug.serving import make_server

    from rulesdsl.web.app import create_app

    httpd = make_server("127.0.0.1", 0, create_app(), threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.port}"
    httpd.shutdown()


@pytest.fixture(scope="module")
def browser():
    with playwright_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=_chromium(), args=["--no-sandbox", "--disable-dev-shm-usage"])
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1500, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def _open(page, server, record, tmp_path, agents="human,random", from_start=False):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    page.goto(server + "/")
    page.set_input_files("#save-file", str(path))
    page.fill("#open-game input[name=agents]", agents)
    if from_start:
        page.check("#open-game input[name=from_start]")
    page.click("#open")
    page.wait_for_selector("#board-area svg")


def _answers(page) -> int:
    return len(page.evaluate("async () => (await (await fetch(location.pathname + '/save')).json()).answers"))


def _decision(page) -> dict:
    return page.evaluate("window.GAME.decision")


def test_a_saved_game_steps_through_its_timeline(page, server, tmp_path, content):
    _open(page, server, whole_game(content, 0), tmp_path, from_start=True)
    assert page.inner_text("#step-label").startswith("step 0 of ")
    for expected in (1, 2, 3):
        page.click("#next")
        page.wait_for_selector(f"#step-{expected}.current")
    assert page.inner_text("#step-label").startswith("step 3 of ")
    page.click("#prev")
    page.wait_for_selector("#step-2.current")
    page.wait_for_load_state("load")  # the page's script listens for the jump once it has run (a 304 under load can lag)
    page.select_option("#round-jump", label="3")
    page.wait_for_selector("#step-label:has-text('round 3')")
    page.click("#last")
    page.wait_for_selector("#scores")  # the whole game: the score table at the end
    log = page.inner_text("#log")
    assert "plays" in log and "rolls" in log and "player 0" not in log
    page.click("#first")
    page.wait_for_selector("#step-0.current")


def test_a_game_against_random_played_by_clicking(page, server):
    page.goto(server + "/")
    page.fill("#new-game input[name=seed]", "1")
    page.click("#start")
    page.wait_for_selector("#decision")
    # a refused space says why
    refused = page.locator("g.space.refused-space").first
    refused.click()
    assert "not possible" in page.inner_text("#message")
    assert page.locator("#refused li").count() > 0
    page.click("#refused summary")
    assert page.locator("#refused li").first.is_visible()
    # several decisions by clicking: spaces when asked for one, else the first option
    before = _answers(page)
    for _ in range(5):
        decision = _decision(page)
        if decision is None:
            break
        with page.expect_navigation():
            _click_an_answer(page, decision)
        page.wait_for_selector("#board-area svg")
    assert _answers(page) >= before + 5


def _click_an_answer(page, decision) -> None:
    """A legal space if the decision wants one, else the first option button, else a tile's first placement."""
    if decision["spaces"] and any(s["legal"] for s in decision["spaces"].values()):
        page.locator("g.space.legal").first.click()
    elif page.locator("button.option:not([disabled])").count():
        page.locator("button.option:not([disabled])").first.click()
    else:
        target = decision["placements"][0]
        for _ in range(target["turn"] // 90):
            page.click("#rotate")
        if target["mirror"]:
            page.click("#mirror")
        board = f"g.player[data-player='{decision['index']}'] svg.board[data-board='{target['area']}']"
        page.locator(f"{board} rect.square[data-square='{target['row']},{target['column']}']").click()


def test_a_payment_with_goods_by_clicking(page, server, tmp_path, content):
    record = record_until(content, 0, p1_pays)
    _open(page, server, record, tmp_path)
    decision = _decision(page)
    assert decision["kind"] == "pay"
    goods = [o["key"] for o in decision["legal"]]
    assert len(goods) >= 2
    with page.expect_navigation():
        page.click(f"button.option[data-key='{goods[-1]}']")
    saved = page.evaluate("async () => (await (await fetch(location.pathname + '/save')).json()).answers")
    assert saved[len(record["answers"])] == [0, goods[-1]]


def test_a_tile_placed_with_a_rotation_and_a_refused_square(page, server, tmp_path, content):
    record = record_until(content, 0, p1_places_turned)
    _open(page, server, record, tmp_path)
    decision = _decision(page)
    target = next(pl for pl in decision["placements"] if pl["turn"] and not pl["mirror"])
    mine = "g.player[data-player='0']"
    board = page.locator(f"{mine} svg.board[data-board='{target['area']}']")
    tiles_before = board.locator("g.tile").count()
    # a square where the tile does not fit unturned: the preview and the click say why
    fitting = {(pl["row"], pl["column"]) for pl in decision["placements"]
               if pl["area"] == target["area"] and pl["turn"] == 0 and not pl["mirror"]}
    squares = board.locator("rect.square").evaluate_all("cells => cells.map(c => c.dataset.square)")
    bad = next(sq for sq in squares if tuple(map(int, sq.split(","))) not in fitting)
    board.locator(f"rect.square[data-square='{bad}']").hover()
    page.wait_for_selector("#preview.bad")
    assert "does not fit" in page.inner_text("#preview")
    board.locator(f"rect.square[data-square='{bad}']").click()
    page.wait_for_selector("#message.bad")
    assert "not placed" in page.inner_text("#message")
    for _ in range(target["turn"] // 90):
        page.click("#rotate")
    assert page.inner_text("#turn") == f"{target['turn']}°"
    square = board.locator(f"rect.square[data-square='{target['row']},{target['column']}']")
    square.hover()
    page.wait_for_selector("#preview.ok")
    assert page.locator(".preview-square.ok").count() >= 1
    with page.expect_navigation():
        square.click()
    saved = page.evaluate("async () => (await (await fetch(location.pathname + '/save')).json()).answers")
    assert saved[len(record["answers"])] == [0, target["key"]]
    assert page.locator(f"{mine} svg.board[data-board='{target['area']}'] g.tile").count() == tiles_before + 1


def test_the_board_is_drawn_and_an_illegal_request_is_refused(page, server, tmp_path):
    from PIL import Image

    page.goto(server + "/")
    page.click("#start")
    page.wait_for_selector("#decision")
    shot = page.locator("#board-area").screenshot(path=str(tmp_path / "table.png"))
    image = Image.open(io.BytesIO(shot)).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 20)
    assert image.width > 600 and image.height > 600
    assert len(colours) > 50  # many colours: squares, tiles, spaces and text, not a blank page
    background = max(colours)[0] / (image.width * image.height)
    assert background < 0.8
    if os.environ.get("RULESDSL_KEEP_SCREENSHOT"):
        shutil.copy(tmp_path / "table.png", os.environ["RULESDSL_KEEP_SCREENSHOT"])
    before = _answers(page)
    status = page.evaluate("""async () => {
        const r = await fetch(location.pathname + '/answer', {method: 'POST', headers: {'Content-Type': 'application/json',
                              'X-CSRFToken': document.querySelector('meta[name="csrf-token"]').content},
                                                               body: JSON.stringify({key: 'no_such_answer'})});
        return [r.status, (await r.json()).error];
    }""")
    assert status[0] == 400 and "is not an answer to" in status[1]
    assert _answers(page) == before


def test_a_corrupted_save_opened_in_the_page(page, server, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": 1, "options": {"players": 2}, "seed": 0', encoding="utf-8")
    page.goto(server + "/")
    page.set_input_files("#save-file", str(path))
    page.click("#open")
    page.wait_for_selector("#error")
    assert "cannot open the saved game" in page.inner_text("#error")
    page.goto(server + "/")
    assert page.locator("#new-game").is_visible()  # the server goes on


def test_a_vikings_game_played_by_clicking_saved_and_reopened(page, server, tmp_path):
    page.goto(server + "/")
    page.select_option("#tableau-game", "vikings")
    page.fill("#new-tableau input[name=agent1]", "random")
    page.fill("#new-tableau input[name=seed]", "2")
    page.click("#tableau-start")
    page.wait_for_selector("#decision")
    # the page's data is set by a script after the decision: under load a read can fall between
    page.wait_for_function("() => window.GAME !== undefined")
    assert page.locator("table.ring td.slot").count() == 12 and "row 6" in page.inner_text("#board-0")
    clicked = 0
    for _ in range(12):  # the first offered answer, by clicking its button
        if page.evaluate("window.GAME.decision") is None:
            break
        if page.locator("#refused li").count():  # a refused answer is listed with its reason
            page.click("#refused summary")
            assert page.locator("#refused li .reason").first.inner_text()
        with page.expect_navigation():
            page.locator("#answers button").first.click()
        page.wait_for_function("() => window.GAME !== undefined")
        clicked += 1
    answers = page.evaluate("window.GAME.answers")
    assert clicked >= 5 and answers >= clicked
    record = page.evaluate("async () => await (await fetch(location.pathname + '/save')).json()")
    assert record["game"] == "vikings" and len(record["answers"]) == answers
    path = tmp_path / "vikings.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    page.goto(server + "/")
    page.set_input_files("#tableau-save-file", str(path))
    page.fill("#open-tableau input[name=agents]", "human,random")
    page.click("#tableau-open")
    page.wait_for_selector("#market")
    page.wait_for_function("() => window.GAME !== undefined")
    assert page.evaluate("window.GAME.answers") == answers
