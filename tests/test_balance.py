"""`rulesdsl balance`: dealt cards as game options (saved, reloaded, opened), forking agents on
both backends, the statistics of paired games, the store and its resume, the breakdown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.web_helpers import csrf_client

from rulesdsl.cli import main
from rulesdsl.engine import record
from rulesdsl.engine.game import Game, GameOptions
from rulesdsl.errors import RulesError

DEALT = GameOptions(players=2, length="short", decks=("A",), deal=((1, 1),), exclude=(2,))
PEDDLER = Path(__file__).resolve().parent.parent / "cards" / "occupations" / "A" / "001-peddler.yaml"


def _random_game(content, options, seed=3):
    from rulesdsl.agents import RandomAgent

    game = Game(content, options, seed)
    game.run([RandomAgent(seed * 7919 + i) for i in range(options.players)])
    return game


def test_a_dealt_card_is_in_the_seats_hand_and_in_no_deck(content):
    game = Game(content, DEALT, 5)
    hands = [p.hand for p in game.state.players]
    assert 1 in hands[1] and 1 not in hands[0]
    assert all(2 not in h for h in hands)
    assert 1 not in game.state.occupation_deck and 2 not in game.state.occupation_deck
    plain = Game(content, GameOptions(players=2, length="short", decks=("A",)), 5)
    # the same seed draws the same other cards: the deck is the plain one without the chosen cards
    assert game.state.occupation_deck == [c for c in plain.state.occupation_deck if c not in (1, 2)]


def test_a_dealt_game_saves_reloads_and_replays_to_the_same_state(content):
    game = _random_game(content, DEALT)
    saved = json.loads(json.dumps(game.save()))
    assert saved["options"]["deal"] == [[1, 1]] and saved["options"]["exclude"] == [2]
    again = Game.load(content, saved)
    assert again.state.same(game.state) and again.log == game.log
    # ordinary records keep their old shape
    assert "deal" not in GameOptions().to_json() and "exclude" not in GameOptions().to_json()


@pytest.mark.parametrize("options, message", [
    ({"deal": [[2, 1]]}, "expected a whole number from 0 to 1"),
    ({"deal": [[0]]}, "expected [seat, occupation]"),
    ({"exclude": ["x"]}, "expected a whole number"),
    ({"exclude": 3}, "expected a list"),
])
def test_a_bad_deal_in_a_record_is_refused_with_its_path(options, message):
    data = {"players": 2, "length": "short", "decks": ["A"], **options}
    with pytest.raises(record.RecordError) as err:
        record.options(data)
    assert message in str(err.value)


@pytest.mark.parametrize("options, message", [
    (dict(deal=((0, 999),)), "there is no occupation 999"),
    (dict(exclude=(999,)), "there is no occupation 999"),
    (dict(deal=((3, 1),)), "seats are 0 to 1"),
    (dict(deal=((0, 1), (1, 1))), "dealt twice"),
    (dict(deal=((0, 1),), occupations=False), "cannot deal"),
])
def test_impossible_deals_are_refused(content, options, message):
    with pytest.raises(RulesError, match=message):
        Game(content, GameOptions(players=2, length="short", decks=("A",), **options), 0)


def test_play_load_and_the_web_table_open_a_dealt_game(content, tmp_path, capsys):
    path = tmp_path / "dealt.json"
    path.write_text(json.dumps(Game(content, DEALT, 4).save()))
    assert main(["play", "--load", str(path), "--agents", "random", "--save", str(path)]) == 0
    capsys.readouterr()
    finished = json.loads(path.read_text())
    assert finished["options"]["deal"] == [[1, 1]]
    assert Game.load(content, finished).over
    pytest.importorskip("flask")
    from rulesdsl.web.app import create_app

    app = create_app()
    app.testing = True
    client = csrf_client(app)
    response = client.post("/open", data={"text": json.dumps(finished), "agents": "random,random"})
    assert response.status_code == 302, response.text
    gid = response.headers["Location"].split("/game/")[1].split("?")[0]
    assert client.get(f"/game/{gid}/save").json["options"]["deal"] == [[1, 1]]


def _peddler_variant(variant, extra: str) -> str:
    variant.write("cards/occupations/A/001-peddler.yaml", PEDDLER.read_text() + extra + "replaces: true\n")
    return str(variant.root)


@pytest.mark.parametrize("backend", ["local", "ray"])
def test_balance_runs_with_a_forking_agent(backend, variant, tmp_path, capsys):
    if backend == "ray":
        pytest.importorskip("ray")
    root = _peddler_variant(variant, "  gain 2 silver\n")
    code = main(["balance", "--variant", root, "--agents", "greedy", "--players", "1", "--short", "--decks", "A",
                 "--pairs", "1", "--min-pairs", "1", "--batch", "1", "--jobs", "1", "--backend", backend,
                 "--no-progress", "--html", str(tmp_path / "r.html")])
    text, err = capsys.readouterr()
    assert code == 0, err
    line = next(line for line in text.splitlines() if "1 Peddler (changed)" in line)
    assert "│     1 │" in line  # pairs played
