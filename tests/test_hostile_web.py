"""Hostile requests to the web table (issue 35, the web door): forged cross-site requests,
server paths in form fields, foreign Host headers, JSON of any shape and depth, oversized
counts and bodies, framing, and agents' games that must not hold the server.

Everything goes through Flask's test client against the real application; no request may
get an HTTP 500, and a refused request changes nothing."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("flask_wtf", reason="the web extra (pip install -e '.[web]') is needed")

from rulesdsl.web import security  # noqa: E402
from rulesdsl.web.app import create_app  # noqa: E402
from rulesdsl.web.runner import busy  # noqa: E402
from tests.web_helpers import csrf_client  # noqa: E402

HUMANS = {"format": 1, "options": {"players": 2, "length": "long", "decks": ["A", "B", "C"]}, "seed": 1, "answers": []}


@pytest.fixture(scope="module")
def app():
    made = create_app()
    made.testing = True
    return made


@pytest.fixture
def client(app):
    return csrf_client(app)


def _signed(record: dict) -> dict:
    from rulesdsl.content.loader import load_content
    from rulesdsl.core.record import fingerprint

    return {**record, "content": fingerprint(load_content())}


def _open(client, record=None, agents="human,human") -> str:
    response = client.post("/open", data={"text": json.dumps(_signed(record or HUMANS)), "agents": agents})
    assert response.status_code == 302, response.text
    return response.headers["Location"].split("/game/")[1].split("?")[0]


# ------------------------------------------------------------------ CSRF and Origin
def test_a_post_without_the_page_token_changes_nothing(app, client):
    gid = _open(client)
    before = client.get(f"/game/{gid}/save").json
    bare = FlaskClient(app)  # a page of another site: no token
    for path, data in [("/new", {"players": "1", "agent0": "random"}), ("/open", {"text": json.dumps(HUMANS)}),
                       ("/tableau/new", {"game": "vikings"})]:
        response = bare.post(path, data=data)
        assert response.status_code == 400 and "CSRF" in response.text
    refused = bare.post(f"/game/{gid}/answer", json={"key": "pass"})
    assert refused.status_code == 400 and "CSRF" in refused.json["error"]
    assert client.get(f"/game/{gid}/save").json == before


@pytest.mark.parametrize("headers", [{"Origin": "http://evil.example"}, {"Origin": "null"},
                                     {"Referer": "http://evil.example/page"}, {"Sec-Fetch-Site": "cross-site"}])
def test_a_post_from_another_origin_is_refused_even_with_a_token(client, headers):
    gid = _open(client)
    response = client.post(f"/game/{gid}/answer", json={"key": "pass"}, headers=headers)
    assert response.status_code == 403 and "another site" in response.json["error"]
    same = client.post(f"/game/{gid}/answer", json={"key": "pass"}, headers={"Origin": "http://localhost"})
    assert same.status_code == 200


# ------------------------------------------------------------------ server paths
@pytest.mark.parametrize("variants", ["/etc/passwd", "/etc", "/no/such/folder", "../../..", "builtin", "a" * 5000])
def test_a_request_never_names_a_server_path(client, variants):
    for path, data in [("/new", {"players": "2", "variants": variants}),
                       ("/open", {"text": json.dumps(_signed(HUMANS)), "variants": variants})]:
        response = client.post(path, data=data)
        assert response.status_code in (400, 413), response.text
        assert "root:x" not in response.text and "does not exist" not in response.text and "not a folder" not in response.text
        if response.status_code == 400:
            assert "unknown variant" in response.text and "this table offers none" in response.text


@pytest.mark.parametrize("game", ["/etc", "/etc/passwd", "rulesdsl/games/tableau/engine", "../vikings"])
def test_the_tableau_form_takes_a_ruleset_id_not_a_folder(client, game):
    response = client.post("/tableau/new", data={"game": game, "players": "2"})
    assert response.status_code == 400 and "unknown game" in response.text
    record = {"format": 1, "game": game, "options": {}, "seed": 0, "answers": []}
    opened = client.post("/tableau/open", data={"text": json.dumps(record)})
    assert opened.status_code == 400 and "unknown game" in opened.text


def test_variants_are_the_servers_folders_chosen_by_name(variant):
    variant.write("cards/occupations/A/900-tester.yaml", "number: 900\ndeck: A\nname: Tester\npoints: 0\n"
                  "category: immediate\nstarting: false\ntext: t\neffect: gain 1 silver\n")
    # two spellings of one folder: one content loaded, keyed by the game and the resolved folder
    app = create_app(roots=(str(variant.root), str(variant.root) + "/./"))
    client = csrf_client(app)
    assert 'value="variant"' in client.get("/").text
    for name in ("variant", "variant-2"):
        started = client.post("/new", data={"players": "2", "agent0": "human", "agent1": "human", "variants": name})
        assert started.status_code == 302, started.text
    tables = app.extensions["rulesdsl_tables"]
    assert len(tables.contents) == 1 and list(tables.contents)[0] == ("feast", str(variant.root.resolve()))
    assert 900 in {card.number for card in next(iter(tables.contents.values())).occupations.values()} or \
        any("900" in str(key) for key in next(iter(tables.contents.values())).occupations)


# ------------------------------------------------------------------ hosts and the access token
@pytest.mark.parametrize("host", ["evil.example", "rebind.attacker.test:8765", "127.0.0.1.evil.example"])
def test_a_foreign_host_header_is_refused(client, host):
    response = client.get("/", headers={"Host": host})
    assert response.status_code == 400 and b"csrf-token" not in response.data


def test_beyond_this_machine_every_request_needs_the_token():
    app = create_app(hosts=security.trusted_hosts("0.0.0.0"), token="s3cret-token")
    app.testing = True
    visitor = FlaskClient(app)
    assert visitor.get("/").status_code == 401
    assert visitor.get("/", headers={"Authorization": "Bearer wrong"}).status_code == 401
    assert visitor.get("/?token=wrong").status_code == 401
    entered = visitor.get("/?token=s3cret-token")
    assert entered.status_code == 302 and "token" not in entered.headers["Location"]
    assert visitor.get("/").status_code == 200  # the cookie carries it from now on
    assert FlaskClient(app).get("/", headers={"Authorization": "Bearer s3cret-token"}).status_code == 200


def test_serve_beyond_localhost_prints_a_token_and_a_warning():
    import urllib.error
    import urllib.request

    proc = subprocess.Popen([sys.executable, "-m", "rulesdsl", "serve", "--host", "0.0.0.0", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        port = int(re.search(r":(\d+)/", line).group(1))
        warning = proc.stderr.readline() + proc.stderr.readline()
        assert "warning" in warning and "beyond this machine" in warning
        token = re.search(r"token=([\w-]+)", warning).group(1)
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=20)
        assert refused.value.code == 401
        request = urllib.request.Request(f"http://127.0.0.1:{port}/", headers={"Authorization": f"Bearer {token}"})
        with urllib.request.urlopen(request, timeout=20) as response:
            assert response.status == 200
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_loopback_is_told_apart():
    assert security.is_loopback("127.0.0.1") and security.is_loopback("::1") and security.is_loopback("localhost")
    assert not security.is_loopback("0.0.0.0") and not security.is_loopback("192.168.1.2") and not security.is_loopback("::")


# ------------------------------------------------------------------ JSON of any shape; no HTTP 500
def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("body", ["[]", '"pass"', "3", "null", "true", '{"key": 3}', '{"key": ["pass"]}', '{"key": null}',
                                  _nested(100_000), '{"key": ' + _nested(5000) + "}", "{", "\xff\xfe", "NaN"])
def test_answers_of_any_json_shape_are_refused_not_crashed(client, body):
    gid = _open(client)
    before = client.get(f"/game/{gid}/save").json
    response = client.post(f"/game/{gid}/answer", data=body, content_type="application/json")
    assert response.status_code == 400, response.text
    assert response.json["error"]
    assert client.get(f"/game/{gid}/save").json == before


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                    max_leaves=12))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_fuzzed_json_never_gives_a_server_error(client, value):
    text = json.dumps(value)
    for path in ("/open", "/tableau/open"):
        assert client.post(path, data={"text": text}).status_code == 400
    assert client.post("/game/1/answer", data=text, content_type="application/json").status_code in (400, 404, 409)


@pytest.mark.parametrize("path", ["/open", "/tableau/open"])
def test_deeply_nested_uploads_are_refused(client, path):
    import io

    for text in (_nested(100_000), '{"a": ' * 3000 + "1" + "}" * 3000):
        pasted = client.post(path, data={"text": text})
        assert pasted.status_code == 400 and "nested" in pasted.text
        uploaded = client.post(path, data={"save": (io.BytesIO(text.encode()), "deep.json")}, content_type="multipart/form-data")
        assert uploaded.status_code == 400 and "nested" in uploaded.text


# ------------------------------------------------------------------ counts and sizes before any work
@pytest.mark.parametrize("players", ["1000000000", "9" * 5000, "-1", "0", "2.5", "x"])
def test_absurd_player_counts_are_refused_before_anything_is_built(client, players):
    client.post("/new", data={"players": "x"})  # the page and its token are fetched first, outside the timing
    started = time.perf_counter()
    response = client.post("/new", data={"players": players, "agent0": "random"})
    assert response.status_code == 400 and "players" in response.text
    assert time.perf_counter() - started < 5  # a list of 10**9 agents would take minutes and gigabytes
    tableau = client.post("/tableau/new", data={"game": "vikings", "players": players})
    assert tableau.status_code == 400


@pytest.mark.parametrize("seed", ["9" * 5000, "1" * 25])
def test_absurd_seeds_are_refused(client, seed):
    response = client.post("/new", data={"players": "2", "seed": seed})
    assert response.status_code == 400 and "seed" in response.text


def test_bodies_and_field_counts_are_bounded(client):
    big = client.post("/open", data={"text": "x" * (security.MAX_BODY_BYTES + 10)})
    assert big.status_code == 413
    many = client.post("/new", data={f"f{n}": "1" for n in range(security.MAX_FORM_PARTS + 10)})
    assert many.status_code == 413
    long_name = client.post("/new", data={"players": "2", "agent1": "r" * 10_000})
    assert long_name.status_code == 400 and "longer than" in long_name.text


def test_open_games_are_bounded(monkeypatch, client):
    monkeypatch.setattr(security, "MAX_OPEN_GAMES", 2)
    tables = client.application.extensions["rulesdsl_tables"]
    monkeypatch.setattr(tables, "sessions", {})
    _open(client)
    _open(client)
    third = client.post("/open", data={"text": json.dumps(_signed(HUMANS)), "agents": "human,human"})
    assert third.status_code == 503 and "unfinished games" in third.text


# ------------------------------------------------------------------ agents off the request
def test_an_agents_game_is_played_outside_every_request_lock(monkeypatch, client):
    from rulesdsl.web import app as web_app

    monkeypatch.setattr(web_app, "AGENT_WAIT", 0.0)  # the request returns at once; the agents play on
    other = _open(client)
    # the agents' run waits for this test before its first answer (holding no lock), so their game
    # is surely still being played while the pages are asked for (a whole random game can end
    # before a rich page is drawn)
    import threading

    from rulesdsl.web import runner

    go_on, advance = threading.Event(), runner._advance
    monkeypatch.setattr(runner, "_advance", lambda session: go_on.wait(120) and advance(session))
    started = client.post("/new", data={"players": "4", "agent0": "random", "agent1": "random", "agent2": "random",
                                        "agent3": "random", "seed": "5"})
    assert started.status_code == 302
    gid = started.headers["Location"].rsplit("/", 1)[1]
    tables = client.application.extensions["rulesdsl_tables"]
    session = tables.sessions[gid]
    assert busy(session)
    assert tables.lock.acquire(blocking=False)  # the server's lock is free while they play
    tables.lock.release()
    assert client.get("/").status_code == 200 and client.get(f"/game/{other}").status_code == 200
    assert 'id="agents-playing"' in client.get(f"/game/{gid}").text
    assert client.post(f"/game/{gid}/answer", json={"key": "pass"}).status_code == 409
    go_on.set()
    tables.runner.wait(session, 120)
    assert session.game.over and session.error is None


# ------------------------------------------------------------------ headers
@pytest.mark.parametrize("path", ["/", "/game/1", "/no/such/page"])
def test_no_page_can_be_framed(client, path):
    response = client.get(path)
    assert response.headers["X-Frame-Options"] == "DENY"
    assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
    assert response.headers["X-Content-Type-Options"] == "nosniff"
