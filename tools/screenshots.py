"""Screenshots of the web table, to look at it after a change.

Starts `rulesdsl serve`'s app in this process, starts games through the start form in the
system Chromium (Playwright, as tests/test_web_browser.py does) and saves, for a 2-player and a
4-player game against agents, the table at 1440x900 and at 390x844 (a phone), plus a Vikings
game and a finished game's score panel:

    PYTHONPATH=$PWD python tools/screenshots.py out/            # PNGs in out/
    PYTHONPATH=$PWD python tools/screenshots.py out/ --full     # whole pages, not just the window
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import threading
from pathlib import Path

SIZES = {"desktop": (1440, 900), "phone": (390, 844)}


def _chromium() -> str:
    found = os.environ.get("RULESDSL_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        sys.exit("no system chromium: run `bash tools/install-system-packages.sh`")
    return found


def _server() -> tuple[str, object]:
    import logging

    from werkzeug.serving import make_server

    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # no line per request
    from rulesdsl.web.app import create_app

    httpd = make_server("127.0.0.1", 0, create_app(), threaded=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.port}", httpd


def _start(page, base: str, players: int, seed: int, opponent: str | None = None) -> str:
    """Start a game through the form (P1 a person, the others the suggested agent); its URL."""
    page.goto(base + "/")
    page.select_option("#players", str(players))
    page.fill("#new-game input[name=seed]", str(seed))
    if opponent:
        for n in range(1, players):
            page.fill(f"#new-game input[name=agent{n}]", opponent)
    page.click("#start")
    page.wait_for_selector("#board-area svg")
    return page.url


def main(argv: list[str] | None = None) -> int:
    """Write the screenshots into the folder given."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--full", action="store_true", help="whole pages, not just the window")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    base, httpd = _server()
    written = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=_chromium(), args=["--no-sandbox", "--disable-dev-shm-usage"])
        context = browser.new_context(viewport={"width": 1440, "height": 900})
        page = context.new_page()
        page.set_default_timeout(60_000)
        urls = {players: _start(page, base, players, args.seed) for players in (2, 4)}
        context.close()
        for name, (width, height) in SIZES.items():
            context = browser.new_context(viewport={"width": width, "height": height},
                                          is_mobile=name == "phone", has_touch=name == "phone")
            page = context.new_page()
            for players, url in urls.items():
                page.goto(url)
                page.wait_for_selector("#board-area svg")
                path = args.out / f"table-{players}p-{name}.png"
                page.screenshot(path=str(path), full_page=args.full)
                written.append(path)
            context.close()
        # a finished game (all agents) and a Vikings game, at the desktop size
        context = browser.new_context(viewport={"width": 1440, "height": 900})
        page = context.new_page()
        page.set_default_timeout(120_000)
        _start(page, base, 2, args.seed, opponent="random")
        page.goto(base + "/")
        page.select_option("#players", "2")
        for n in range(2):
            page.fill(f"#new-game input[name=agent{n}]", "random")
        page.click("#start")
        page.wait_for_selector("#scores")
        written.append(args.out / "table-2p-over.png")
        page.screenshot(path=str(written[-1]), full_page=args.full)
        page.goto(base + "/")
        if page.locator("#tableau-game").count():
            page.click("#tableau-start")
            page.wait_for_selector("#market")
            written.append(args.out / "vikings-2p-desktop.png")
            page.screenshot(path=str(written[-1]), full_page=args.full)
        browser.close()
    httpd.shutdown()
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
