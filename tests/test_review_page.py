"""The review page of `rulesdsl explain --all` in the system Chromium: search and filters work."""

from __future__ import annotations

import pytest

from rulesdsl.authoring.review import review_page

playwright_api = pytest.importorskip("playwright.sync_api", reason="the test extra (pip install -e '.[test]') is needed")

from tests.test_web_browser import _chromium  # noqa: E402 (after the skip: it needs Playwright too)


def test_search_and_filters_narrow_the_cards(tmp_path, content):
    path = tmp_path / "review.html"
    path.write_text(review_page(content, marks={51: {"mark": "flagged", "note": "milk or cabbage"}}), encoding="utf-8")
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=_chromium(), args=["--no-sandbox", "--disable-dev-shm-usage"])
        page = browser.new_page()
        page.goto(path.as_uri())
        shown = lambda: page.locator(".card:not([hidden])").count()  # noqa: E731
        assert shown() == 190
        page.select_option("#mark", "flagged")
        assert shown() == 1 and page.locator("#card-51").is_visible()
        page.select_option("#mark", "")
        page.select_option("#deck", "A")
        deck_a = shown()
        assert 0 < deck_a < 190
        page.select_option("#category", "anytime")
        assert 0 < shown() < deck_a
        page.select_option("#deck", "")
        page.select_option("#category", "")
        page.fill("#q", "sober man")
        assert shown() == 1 and page.locator("#card-160").is_visible()
        page.fill("#q", "you served no mead")  # the generated English is searched too
        assert shown() == 1
        assert page.locator("#shown").inner_text() == "1 shown"
        browser.close()
