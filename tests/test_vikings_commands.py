"""Every command knows the second game: show ITEM (printed from the data, located), interactions
(the card checks do not apply, the anytime exchanges are checked), simulate (stored rows, resume,
refusals, the report) and the web table (start, answer by key with refusals, save and reopen)."""

import json
import re

import duckdb
import pytest

from rulesdsl.cli import main
from rulesdsl.games.tableau.engine.rulesets import load


@pytest.fixture(scope="module")
def vikings():
    return load("vikings")


@pytest.mark.parametrize("name, wanted", [
    ("ship_red", [r"^tile ship_red", r"components\.yaml:\d+:\d+", r"reach: 3", r"reward: currency=fame"]),
    ("Sb", [r"^tile ship_blue", r"code: Sb"]),
    ("fisherman", [r"^figure fisherman", r"row: 6"]),
    ("gold", [r"^currency gold", r"start_by_players: 2: 30, 3: 25, 4: 20"]),
    ("row:3", [r"^row 3", r"figure: noble"]),
    ("auction", [r"^option auction", r"ruleset\.yaml:\d+:\d+"]),
    ("final", [r"^program final", r"rules\.yaml:\d+:\d+", r"award 10 fame to most held\(boatsman\)", r"AwardMost"]),
])
def test_show_prints_an_item_from_the_data(capsys, name, wanted):
    assert main(["--game", "vikings", "show", name]) == 0
    out = capsys.readouterr().out
    for pattern in wanted:
        assert re.search(pattern, out, re.MULTILINE), (pattern, out)


def test_show_refuses_an_unknown_item_naming_what_there_is(capsys):
    assert main(["--game", "vikings", "show", "dragon"]) == 1
    err = capsys.readouterr().err
    assert "nothing of Vikings" in err and "round, final, anytime" in err


def test_interactions_say_why_the_card_checks_do_not_apply_and_check_the_exchanges(capsys):
    assert main(["--game", "vikings", "interactions"]) == 0
    out = capsys.readouterr().out
    assert "has no cards" in out and "pay 1 fame -> gain 1 gold" in out
    assert "Exchange cycles that make something out of nothing: none" in out


def test_interactions_refuse_cards_a_ruleset_cannot_have(capsys):
    assert main(["--game", "vikings", "interactions", "7"]) == 1
    assert "has no cards to name (7): `--game vikings interactions` checks its anytime exchanges" in capsys.readouterr().err


def test_interactions_find_a_cycle_a_variant_writes(tmp_path, capsys):
    import shutil

    from rulesdsl.games.tableau.engine.rulesets import folder_of

    folder = tmp_path / "loop"
    shutil.copytree(folder_of("vikings"), folder)
    rules = folder / "rules.yaml"
    rules.write_text(rules.read_text().replace("anytime, repeatable: pay 1 fame -> gain 1 gold",
                                               "anytime, repeatable: pay 1 fame -> gain 2 gold\n"
                                               "      anytime, repeatable: pay 1 gold -> gain 1 fame"))
    assert main(["--game", str(folder), "interactions"]) == 0
    out = capsys.readouterr().out
    assert "Exchange cycles that make something out of nothing: \n  - start with 1 fame" in out


def _rows(folder, table):
    con = duckdb.connect(str(folder / "sims.duckdb"), read_only=True)
    try:
        return con.execute(f"SELECT * EXCLUDE (seconds) FROM {table} ORDER BY ALL").fetchall() if table == "games" else \
            con.execute(f"SELECT * FROM {table} ORDER BY ALL").fetchall()
    finally:
        con.close()


def test_simulate_stores_the_games_played_and_reports_seats_and_agents(tmp_path, capsys, vikings):
    from rulesdsl.games.tableau.sim import TableauSetup, play

    out = tmp_path / "sims"
    argv = ["--game", "vikings", "simulate", "--games", "4", "--agents", "random", "--players", "3", "--out", str(out),
            "--jobs", "1", "--option", "auction=1"]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "4 games played" in text and "mean place" in text and "part of the score" in text
    assert re.search(r"^│ fame\s", text, re.MULTILINE) and re.search(r"^│ gold\s", text, re.MULTILINE)  # a row per currency
    setup = TableauSetup("vikings", 3, (("auction", 1),), ("random",) * 3)
    wanted = sorted(row for seed in range(4) for row in play(setup, seed)["scores"])
    assert _rows(out, "scores") == wanted
    assert [row[:6] for row in _rows(out, "games")] == [(s, "vikings", 3, None, g[4], g[5]) for s, g in
                                                         ((s, play(setup, s)["games"][0]) for s in range(4))]
    assert _rows(out, "points") == sorted(row for seed in range(4) for row in play(setup, seed)["points"])
    assert {row[2] for row in _rows(out, "points")} == {"fame", "gold"}  # the first game's tables, a currency per row
    assert main([*argv[:4], "6", *argv[5:]]) == 1
    assert "already in" in capsys.readouterr().err
    assert main([*argv[:4], "6", *argv[5:], "--resume"]) == 0
    assert "2 games played" in capsys.readouterr().out and len(_rows(out, "games")) == 6
    assert main(["--game", "vikings", "simulate", "--games", "2", "--players", "2", "--out", str(out)]) == 1
    assert "other options" in capsys.readouterr().err
    assert main(["--game", "vikings", "simulate", "--report", "--out", str(out)]) == 0  # the same flag for every game
    assert "mean place" in capsys.readouterr().out
    assert main(["simulate", "--report", "--out", str(out)]) == 1  # A Feast for Odin's report is not made of them
    assert "holds games of vikings, not of feast; give that game's --game" in capsys.readouterr().err


@pytest.mark.parametrize("argv, message", [
    (["--agents", "clever"], "unknown agent 'clever'"),
    (["--players", "5"], "takes 2 to 4 players"),
    (["--option", "auction=7"], "option auction takes one of"),
    (["--content", "somewhere"], "give a variant as its own folder"),
])
def test_simulate_refuses_bad_setups_before_playing(tmp_path, capsys, argv, message):
    assert main(["--game", "vikings", "simulate", "--games", "1", "--out", str(tmp_path / "s"), *argv]) == 1
    assert message in capsys.readouterr().err


def test_simulate_on_ray_gives_the_rows_of_the_local_backend(tmp_path, capsys):
    """The one runner plays the second game on a real local Ray instance: the same seeds give
    the same rows (the same scores, places and points) as local worker processes."""
    pytest.importorskip("ray")
    argv = ["--game", "vikings", "simulate", "--games", "3", "--seed", "5", "--agents", "random", "--players", "2",
            "--no-progress", "--jobs", "1"]
    assert main([*argv, "--out", str(tmp_path / "local")]) == 0
    assert main([*argv, "--out", str(tmp_path / "ray"), "--backend", "ray"]) == 0, capsys.readouterr().err
    assert "3 games played" in capsys.readouterr().out
    for table in ("games", "scores", "points"):
        assert _rows(tmp_path / "ray", table) == _rows(tmp_path / "local", table), table
    assert [row[0] for row in _rows(tmp_path / "ray", "games")] == [5, 6, 7]


def test_a_worker_with_another_ruleset_refuses_to_play(tmp_path):
    import shutil

    from rulesdsl.errors import RulesError
    from rulesdsl.games.tableau.engine.rulesets import folder_of
    from rulesdsl.games.tableau.sim import TableauSetup, play

    folder = tmp_path / "copy"
    shutil.copytree(folder_of("vikings"), folder)
    setup = TableauSetup("vikings", 2, (), ("random", "random"), folder=str(folder), digest="0" * 64)
    with pytest.raises(RulesError, match="differs from the driver's"):
        play(setup, 0)


def test_balance_is_refused_naming_the_game_that_has_it(tmp_path, capsys):
    assert main(["--game", "vikings", "balance", "1"]) == 1  # balance tests cards: only A Feast for Odin has them
    assert capsys.readouterr().err.strip() == (
        "error: vikings has no `balance` command; the games that have it: feast (--game NAME balance); its commands: "
        "play, validate, show, scenario, render, interactions, serve, simulate")


@pytest.fixture
def client():
    from rulesdsl.web.app import create_app
    from tests.web_helpers import csrf_client

    return csrf_client(create_app())


def test_the_web_table_starts_a_game_answers_by_key_and_saves(client):
    page = client.get("/").data.decode()
    assert 'id="new-tableau"' in page and "Vikings" in page
    started = client.post("/tableau/new", data={"game": "vikings", "players": "2", "agent0": "human", "agent1": "greedy",
                                               "seed": "5", "options": "auction=1"})
    assert started.status_code == 302
    url = started.headers["Location"]
    page = client.get(url).data.decode()
    assert 'class="ring"' in page and "row 6" in page and "P1:" in page
    state = json.loads(re.search(r"window.GAME = (.*?);</script>", page).group(1))
    assert state["decision"]["player"] == 0 and state["decision"]["legal"]
    refused = client.post(url + "/answer", data={"key": "bid:999"})
    assert refused.status_code == 400 and "not an answer" in refused.data.decode()
    assert client.post(url + "/answer", json={"key": "nonsense"}).json["error"].startswith("'nonsense' is not an answer")
    for _ in range(400):  # the person always takes the first offered answer; greedy plays the other seat
        page = client.get(url).data.decode()
        state = json.loads(re.search(r"window.GAME = (.*?);</script>", page).group(1))
        if state["over"]:
            break
        reply = client.post(url + "/answer", json={"key": state["decision"]["legal"][0]})
        assert reply.status_code == 200, reply.json
    assert state["over"] and 'id="scores"' in page and "greedy" in page
    record = client.get(url + "/save").json
    assert record["game"] == "vikings" and len(record["answers"]) == state["answers"]
    reopened = client.post("/tableau/open", data={"text": json.dumps(record), "agents": "human,human"})
    assert reopened.status_code == 302
    assert 'id="scores"' in client.get(reopened.headers["Location"]).data.decode()


def test_the_web_table_refuses_a_bad_start_or_record_with_the_reason(client):
    bad = client.post("/tableau/new", data={"game": "vikings", "players": "7"})
    assert bad.status_code == 400 and "takes 2 to 4 players" in bad.data.decode()
    record = {"format": 1, "game": "vikings", "players": 2, "options": {}, "seed": 0, "answers": ["nonsense"], "content": {}}
    bad = client.post("/tableau/open", data={"text": json.dumps(record)})
    assert bad.status_code == 400 and "cannot open the saved game" in bad.data.decode()


def test_the_game_neutral_commands_say_what_the_game_offers(capsys, tmp_path):
    assert main(["--game", "vikings", "cards"]) == 1  # a command of A Feast for Odin's alone
    assert capsys.readouterr().err.strip() == ("error: vikings has no `cards` command; the games that have it: feast "
                                               "(--game NAME cards); its commands: play, validate, show, "
                                               "scenario, render, interactions, serve, simulate")
    save = tmp_path / "v.json"
    assert main(["--game", "vikings", "play", "--log", "--stop-after", "5", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "row 6" in out and out.endswith(f"the game is not over (round 1); resume it with --load {save}\n")
    assert main(["--game", "vikings", "render", str(save), "--step", "99"]) == 1  # the same bounds for every game
    assert "--step 99 is outside the game: it has steps 0 to 5" in capsys.readouterr().err
