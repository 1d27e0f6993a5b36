"""The first game's page as a player meets it (no browser): per-seat views, English labels,
what a refused space needs, undo, playing on from a past step, the score breakdown, the start form."""

from __future__ import annotations

import json
import re

import pytest

from rulesdsl.games.feast.engine.game import Game
from tests.web_helpers import whole_game

pytest.importorskip("flask", reason="the web extra (pip install -e '.[web]') is needed")

from rulesdsl.web.app import create_app  # noqa: E402


class _Client:
    """The test client sending the page's CSRF token with every POST, as the page does (the
    meta tag of base.html; no tag: no token wanted)."""

    def __init__(self, client):
        self.client = client

    def get(self, *args, **kwargs):
        return self.client.get(*args, **kwargs)

    def post(self, path, json=None, data=None):
        found = re.search(r'<meta name="csrf-token" content="([^"]+)"', self.client.get("/").text)
        token = found.group(1) if found else ""
        if data is not None:
            data = dict(data, csrf_token=token)
        return self.client.post(path, json=json, data=data, headers={"X-CSRFToken": token})


@pytest.fixture
def client():
    app = create_app()
    app.testing = True
    return _Client(app.test_client())


def _open(client, record, agents="human,random") -> str:
    response = client.post("/open", data={"text": json.dumps(record), "agents": agents})
    assert response.status_code == 302, response.text
    return response.headers["Location"].split("/game/")[1].split("?")[0]


def _start(client, agents=("human", "random"), seed=1) -> str:
    data = {"players": str(len(agents)), "seed": str(seed), **{f"agent{n}": a for n, a in enumerate(agents)}}
    response = client.post("/new", data=data)
    assert response.status_code == 302, response.text
    return response.headers["Location"].split("/game/")[1]


def _hand_names(content, game, player) -> list[str]:
    return [content.occupations[n].name for n in game.state.players[player].hand]


def test_a_seat_sees_its_own_hand_only(client, content):
    whole = whole_game(content, 0)
    record = next(r for r in (dict(whole, answers=whole["answers"][:n]) for n in range(0, 400, 10))
                  if all(p.hand for p in Game.load(content, r).state.players))
    game = Game.load(content, record)
    gid = _open(client, record, agents="human,human")
    mine, theirs = _hand_names(content, game, 0), _hand_names(content, game, 1)
    assert mine and theirs
    for seat, shown, hidden in (("1", mine, theirs), ("2", theirs, mine)):
        page = client.get(f"/game/{gid}", query_string={"seat": seat}).text
        assert all(name in page for name in shown)
        assert not any(name in page for name in hidden if name not in shown)
        svg = client.get(f"/game/{gid}/table.svg", query_string={"seat": seat}).text
        assert not any(name in svg for name in hidden if name not in shown)
    spectator = client.get(f"/game/{gid}", query_string={"seat": "all"}).text
    assert not any(name in spectator for name in mine + theirs if name not in game.state.players[0].played)
    assert "hand hidden" in spectator
    # a seat answers only its own question
    asked = game.decision.player
    other = 2 - asked
    refused = client.post(f"/game/{gid}/answer", json={"key": game.decision.options[0].key, "seat": str(other)})
    assert refused.status_code == 409 and "not seat" in refused.json["error"]


def test_a_finished_game_shows_every_hand_and_the_breakdown_with_the_winner(client, content):
    record = whole_game(content, 0)
    game = Game.load(content, record)
    gid = _open(client, record)
    page = client.get(f"/game/{gid}", query_string={"seat": "2"}).text
    assert all(name in page for p in (0, 1) for name in _hand_names(content, game, p))
    from rulesdsl.games.feast.engine.scoring import final_scores

    rows = final_scores(game)
    best = max(r["total"] for r in rows)
    winners = [f"P{r['player'] + 1}" for r in rows if r["winner"]]
    assert re.search(rf"Game over: {winners[0]}.* wins? with {best} points", page)
    for category in ("ships", "occupations", "minus squares", "thing penalties"):
        assert f"<td>{category}</td>" in page


def test_spaces_questions_and_refusals_read_in_english(client, content):
    gid = _start(client)
    page = client.get(f"/game/{gid}").text
    # a refused space says what is missing, from its cost
    assert "Build a shed needs 2 wood (you have 0)" in page
    # no card language on the page's space labels: English from explain
    decision = json.loads(re.search(r"window.GAME = (\{.*\});", page).group(1))["decision"]
    labels = [o["label"] for o in decision["legal_spaces"]]
    assert any("pay per pip" not in label and "dice" not in label.split(":")[0] for label in labels)
    assert not any(re.search(r"\b[a-z]+_[a-z_]+\b", label) for label in labels), labels
    assert 'name="viewport"' in page
    assert "Round 1 of 7" in page and "your turn" in page


def test_undo_takes_back_the_persons_last_answer_with_the_agents_after_it(client):
    gid = _start(client)
    before = client.get(f"/game/{gid}/save").json
    assert client.post(f"/game/{gid}/answer", json={"key": "pass"}).status_code == 200
    after = client.get(f"/game/{gid}/save").json
    assert len(after["answers"]) > len(before["answers"])
    undone = client.post(f"/game/{gid}/undo", json={})
    assert undone.status_code == 200, undone.json
    assert client.get(f"/game/{gid}/save").json["answers"] == before["answers"]
    assert "your turn" in client.get(f"/game/{gid}").text
    nothing = client.post(f"/game/{gid}/undo", json={})  # the start of the game: nothing of P1's to take back
    assert nothing.status_code == 409 and "no answer of yours" in nothing.json["error"]
    people = _start(client, agents=("human", "human"))
    assert client.post(f"/game/{people}/undo", json={}).status_code == 409


def test_play_on_from_a_past_step(client, content):
    record = whole_game(content, 0)
    gid = _open(client, record)
    made = client.post(f"/game/{gid}/branch", json={"step": 40})
    assert made.status_code == 200, made.json
    new = made.json["url"].split("/game/")[1]
    assert new != gid
    answers = client.get(f"/game/{new}/save").json["answers"]
    assert answers[:40] == record["answers"][:40] and len(answers) >= 40
    assert client.get(f"/game/{gid}/save").json["answers"] == record["answers"]  # the old game stays
    assert client.post(f"/game/{gid}/branch", json={"step": 10 ** 6}).status_code == 400
    page = client.get(f"/game/{gid}", query_string={"step": 12}).text
    assert 'id="branch"' in page and "play on from this step" in page


def test_the_start_form_suggests_the_registrys_default_agent(client):
    from rulesdsl.agents import registry
    from rulesdsl.web.app import default_agent

    page = client.get("/").text
    assert f'name="agent1" value="{default_agent()}"' in page
    assert all(f'<option value="{name}">' in page for name in registry.NAMES)
    assert f'name="agent1" value="random"' not in page


def test_a_vikings_game_takes_back_the_persons_last_answer(client):
    made = client.post("/tableau/new", data={"game": "vikings", "players": "2", "agent0": "human", "agent1": "random", "seed": "2"})
    assert made.status_code == 302
    gid = made.headers["Location"].rsplit("/", 1)[1]
    before = client.get(f"/tableau/{gid}/save").json["answers"]
    page = client.get(f"/tableau/{gid}").text
    assert "P1: which lot do you buy?" in page and "undo my last answer" not in page
    key = re.search(r'data-key="([^"]+)"', page).group(1)
    assert client.post(f"/tableau/{gid}/answer", data={"key": key}).status_code == 302
    after = client.get(f"/tableau/{gid}/save").json["answers"]
    assert after[: len(before) + 1] == before + [key] and "undo my last answer" in client.get(f"/tableau/{gid}").text
    assert client.post(f"/tableau/{gid}/undo", data={}).status_code == 302
    assert client.get(f"/tableau/{gid}/save").json["answers"] == before
