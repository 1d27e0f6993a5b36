"""A refusal cites the rule it rests on (lessons/reference/refusals.yaml) at every door: the
web table (a link to the Rules page), the terminal's `refused:` lines and the scenario runner's
failures."""

import json
import re

import pytest

from rulesdsl.agents.terminal import HumanAgent
from rulesdsl.content.loader import load_content
from rulesdsl.games.feast.engine.game import Game, GameOptions
from rulesdsl.games.feast.scenario import run_file
from rulesdsl.learn.reference import citation, rule_tag

OCCUPIED = "is already occupied this round"  # the engine's words for a space taken this round: rule A3


@pytest.fixture(scope="module")
def content():
    return load_content()


def _space_taken(content):
    """A 2-player game after the first player put Vikings on a space: (game, that space)."""
    game = Game(content, GameOptions(players=2), 1)
    space = next(o.key for o in game.decision.options if o.refusal is None and o.key in content.spaces)
    game.answer(space)
    for _ in range(40):  # the space's own questions, then the next player's turn
        if game.decision.option(space) is not None:
            break
        game.answer(next(o.key for o in game.decision.options if o.refusal is None))
    refused = game.decision.option(space)
    assert refused is not None and OCCUPIED in refused.refusal  # the other player is asked where now
    return game, space


def test_the_citation_of_a_refusal():
    assert citation(f"Build a shed {OCCUPIED}") == {"id": "A3", "link": "/rules#rule-A3"}
    assert rule_tag(f"Build a shed {OCCUPIED}") == " [A3]"
    assert citation("a reason no rule is known for") is None and rule_tag("a reason no rule is known for") == ""
    assert citation(None) is None and rule_tag(None) == ""


def test_the_terminals_refused_line_names_the_rule(content):
    game, space = _space_taken(content)
    said = []
    answers = iter([space, "why", "1"])
    HumanAgent(lambda _prompt: next(answers), said.append).answer(game, game.decision)
    refused = [line for line in said if line.startswith("  refused: ")]
    assert len(refused) == 1 and OCCUPIED in refused[0] and refused[0].endswith(" [A3]")
    assert any(OCCUPIED in line and line.endswith(" [A3]") for line in said if line.startswith("   -  "))  # `why`


def _client():
    from rulesdsl.web.app import create_app

    return create_app().test_client()


def _token(page: bytes) -> str:
    found = re.search(rb'name="csrf-token" content="([^"]+)"', page)
    return found.group(1).decode() if found else ""


def test_the_tables_refusals_link_to_their_rule():
    client = _client()
    start = client.get("/")
    made = client.post("/new", data={"players": "2", "agent0": "human", "agent1": "human", "seed": "1",
                                     "csrf_token": re.search(rb'name="csrf_token" value="([^"]*)"', start.data).group(1).decode()
                                     if b'name="csrf_token"' in start.data else ""})
    where = made.headers["Location"]
    page = client.get(where)
    decision = json.loads(re.search(rb"window\.GAME = (.*?);\n", page.data).group(1))["decision"]
    space = next(key for key, info in decision["spaces"].items() if info["legal"])
    headers = {"X-CSRFToken": _token(page.data)}
    assert client.post(where + "/answer", json={"key": space}, headers=headers).get_json()["ok"]
    page = client.get(where)
    html = page.get_data(as_text=True)
    # the list of refused options cites A3 for the space just taken, linked to the Rules page
    assert re.search(r'data-key="' + space + r'">[^\n]*' + OCCUPIED + r'</i> <a class="rule-link" href="/rules#rule-A3"', html)
    decision = json.loads(re.search(rb"window\.GAME = (.*?);\n", page.data).group(1))["decision"]
    assert decision["spaces"][space]["rule"] == {"id": "A3", "link": "/rules#rule-A3"}  # a click on the board says it too
    reply = client.post(where + "/answer", json={"key": space}, headers={"X-CSRFToken": _token(page.data)})
    assert reply.status_code == 400 and reply.get_json()["rule"] == {"id": "A3", "link": "/rules#rule-A3"}
    assert 'id="rule-A3"' in client.get("/rules").get_data(as_text=True)


_SCENARIO = """format: 1
title: a space taken this round
game: {players: 2, seed: 1}
setup:
  occupancy: {build_shed_1: 1}
  players:
    - supply: {wood: 4}
steps:
  - space: build_shed_1
"""


def test_the_scenario_runners_failures_name_the_rule(content, tmp_path):
    path = tmp_path / "refused.yaml"
    path.write_text(_SCENARIO)
    failures = "\n".join(run_file(path, content).failures)
    assert f"refused: Build a shed {OCCUPIED} [A3]" in failures
    path.write_text(_SCENARIO + "    expect_error: Build a shed needs 2 wood\n")
    failures = "\n".join(run_file(path, content).failures)
    assert f"expected the error 'Build a shed needs 2 wood', got 'Build a shed {OCCUPIED}' [A3]" in failures
    path.write_text(_SCENARIO.replace("build_shed_1: 1", "upgrade_4_3: 1") + f"    expect_error: Build a shed {OCCUPIED}\n")
    failures = "\n".join(run_file(path, content).failures)
    assert f"expected the error 'Build a shed {OCCUPIED}' [A3], but the step was allowed" in failures
