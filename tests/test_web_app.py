"""The web table's requests without a browser: bad saves, illegal answers, previews, save."""

from __future__ import annotations

import json

import pytest

from rulesdsl.view import present
from tests.web_helpers import csrf_client, p1_places_turned, record_until, whole_game

pytest.importorskip("flask", reason="the web extra (pip install -e '.[web]') is needed")

from rulesdsl.web.app import create_app  # noqa: E402


@pytest.fixture
def client():
    app = create_app()
    app.testing = True
    return csrf_client(app)


def _signed(record: dict) -> dict:
    """A hand-written record, saying which content it was made for (as a saved game does)."""
    from rulesdsl.content.loader import load_content
    from rulesdsl.core.record import fingerprint

    return {**record, "content": fingerprint(load_content())}


def _open(client, record, agents="human,random"):
    response = client.post("/open", data={"text": json.dumps(record), "agents": agents})
    assert response.status_code == 302, response.text
    return response.headers["Location"].split("/game/")[1].split("?")[0]


@pytest.mark.parametrize("text, reason", [
    ("{not json", "it is not JSON"),
    (json.dumps({"hello": "world"}), "not a rulesdsl saved game"),
    (json.dumps({"format": 1, "options": {"players": 2}, "seed": 0, "answers": []}), "corrupted saved game"),
    ({"format": 1, "options": {"players": 2, "length": "long", "decks": ["A"]}, "seed": 0,
      "answers": [[0, "no_such_space"]]}, "answer 1"),
])
def test_a_corrupted_or_foreign_save_shows_the_reason_and_the_server_goes_on(client, text, reason):
    if isinstance(text, dict):
        text = json.dumps(_signed(text))
    response = client.post("/open", data={"text": text})
    assert response.status_code == 400
    assert reason in response.text and 'id="error"' in response.text
    assert client.get("/").status_code == 200  # still serving


def test_an_illegal_answer_is_refused_with_the_reason_and_changes_nothing(client):
    gid = _open(client, _signed({"format": 1, "options": {"players": 2, "length": "long", "decks": ["A", "B", "C"]},
                         "seed": 1, "answers": []}), agents="human,human")
    before = client.get(f"/game/{gid}/save").json
    refused = client.post(f"/game/{gid}/answer", json={"key": "build_shed_1"})
    assert refused.status_code == 400
    assert "none of the effects of Build a shed can be used now" in refused.json["error"]
    unknown = client.post(f"/game/{gid}/answer", json={"key": "nonsense"})
    assert unknown.status_code == 400 and "is not an answer to" in unknown.json["error"]
    assert client.post(f"/game/{gid}/answer", json={}).status_code == 400
    assert client.get(f"/game/{gid}/save").json == before
    assert client.get("/game/999").status_code == 404


def test_answers_run_the_agents_and_the_record_reloads(client):
    gid = _open(client, _signed({"format": 1, "options": {"players": 2, "length": "long", "decks": ["A", "B", "C"]},
                         "seed": 1, "answers": []}))
    page = client.get(f"/game/{gid}").text
    assert "where do your Vikings go?" in page and "not possible now" in page
    ok = client.post(f"/game/{gid}/answer", json={"key": "pass"})
    assert ok.status_code == 200 and ok.json["ok"]
    saved = client.get(f"/game/{gid}/save")
    assert saved.headers["Content-Disposition"].startswith("attachment")
    again = _open(client, saved.json)
    assert client.get(f"/game/{again}/save").json == saved.json


def test_the_placement_preview_says_why_a_square_does_not_fit(client, content):
    record = record_until(content, 0, p1_places_turned)
    gid = _open(client, record)
    from rulesdsl.games.feast.engine.game import Game

    decision = Game.load(content, record).decision
    good = next(pl for pl in present.placements(decision) if pl.turn)
    fits = client.get(f"/game/{gid}/preview", query_string={
        "area": good.area, "row": good.row, "column": good.column, "turn": good.turn, "mirror": int(good.mirror),
        "piece": good.piece}).json
    assert fits["legal"] and fits["key"] == good.key and fits["reason"] is None
    outside = client.get(f"/game/{gid}/preview", query_string={"area": "home", "row": 40, "column": 0, "piece": good.piece}).json
    assert not outside["legal"] and "outside" in outside["reason"]
    assert client.get(f"/game/{gid}/preview", query_string={"row": "x"}).status_code == 400


def test_the_timeline_names_what_happened(client, content):
    gid = _open(client, whole_game(content, 0))
    page = client.get(f"/game/{gid}", query_string={"step": 40}).text
    assert "step 40 of" in page
    assert "plays" in page and "(the only possible answer)" in page and "rolls" in page
    assert "player 0" not in page  # players are P1, P2 on the page
    svg = client.get(f"/game/{gid}/table.svg", query_string={"step": 40})
    assert svg.mimetype == "image/svg+xml" and b"data-space" in svg.data


def test_rulesdsl_serve_listens_and_stops(tmp_path):
    import os
    import subprocess
    import sys
    import urllib.request

    from rulesdsl.cli import main

    env = dict(os.environ)
    proc = subprocess.Popen([sys.executable, "-m", "rulesdsl", "serve", "--port", "0"], stdout=subprocess.PIPE, text=True, env=env)
    try:
        line = proc.stdout.readline()
        assert line.startswith("rulesdsl table on http://127.0.0.1:"), line
        url = line.split()[3]
        with urllib.request.urlopen(url, timeout=20) as response:
            assert response.status == 200 and b"Start a game" in response.read()
        port = int(url.rstrip("/").rsplit(":", 1)[1])
        assert main(["serve", "--port", str(port)]) == 1  # taken: said, not a traceback
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_a_new_game_with_a_broken_variant_folder_says_where(variant):
    variant.write("cards/occupations/A/900-tester.yaml", "number: 900\ndeck: A\nname: Tester\npoints: 0\n"
                  "category: immediate\nstarting: false\ntext: t\neffect: gain 1 nothing_at_all\n")
    app = create_app(roots=(str(variant.root),))  # the server offers the folder; the page chooses it by name
    client = csrf_client(app)
    response = client.post("/new", data={"players": "2", "agent0": "human", "agent1": "random", "variants": variant.root.name})
    assert response.status_code == 400
    assert "cannot start the game" in response.text and "900-tester.yaml:" in response.text
    bad_agent = client.post("/new", data={"players": "2", "agent0": "human", "agent1": "genius"})
    assert bad_agent.status_code == 400 and "unknown agent" in bad_agent.text
    started = client.post("/new", data={"players": "1", "agent0": "random", "seed": "3", "length": "short"})
    assert started.status_code == 302
    page = _settled(client, started.headers["Location"])
    assert "Game over" in page  # a game of agents runs to its end (off the request)


def _settled(client, url: str) -> str:
    """The game's page once its agents have stopped answering."""
    import time

    for _ in range(600):
        page = client.get(url).text
        if 'id="agents-playing"' not in page:
            return page
        time.sleep(0.1)
    raise AssertionError("the agents were still playing after a minute")
