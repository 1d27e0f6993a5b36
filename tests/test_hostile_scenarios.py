"""Malformed scenario files: each one fails with file:line:col and the batch goes on (issue 10)."""

import re

import pytest

from rulesdsl.cli import main

GOOD = """format: 1
title: The English crown scores 2 points when kept in the supply
game: {players: 2, seed: 1}
setup:
  round: 7
  phase: feast
  players:
    - supply: {english_crown: 1}
steps:
  - score: true
expect:
  players:
    - supply: {english_crown: 1}
      score: {special_tiles: 2}
"""

HEAD = "format: 1\ntitle: broken\ngame: {players: 2, seed: 1}\n"

# (name, text, line:col of the first reported problem, a word of its message)
MALFORMED = [
    ("player-7", HEAD + "steps:\n  - player: 7\n    effect: gain 1 wood\n", "5:13", "from 0 to 1"),
    ("dice-3", HEAD + "steps:\n  - space: hunting_game_1\n    dice: 3\n", "6:11", "expected a list"),
    ("answers-5", HEAD + "steps:\n  - space: hunting_game_1\n    answers: 5\n", "6:14", "expected a list"),
    ("hand-x", HEAD + "setup:\n  players:\n    - hand: [x]\n", "6:14", "whole number"),
    ("players-two", "format: 1\ngame: {players: two}\n", "2:17", "whole number"),
    ("round-many", HEAD + "setup: {round: many}\n", "4:16", "whole number"),
    ("occupancy-five", HEAD + "setup:\n  occupancy: {hunting_game_1: five}\n", "5:31", "whole number"),
    ("negative-supply", HEAD + "setup:\n  players:\n    - supply: {wood: -3}\n", "6:22", "from 0 to"),
    ("ship-without-kind", HEAD + "setup:\n  players:\n    - ships: [{ore: 2}]\n", "6:15", "missing required key 'kind'"),
    ("effect-syntax", HEAD + "steps:\n  - effect: |\n      gain 2 wood +\n", "6:19", ""),
    ("steps-5", HEAD + "steps: 5\n", "4:8", "expected a list"),
    ("three-expected-players", HEAD + "expect:\n  players: [{}, {}, {}]\n", "5:21", "has 2 players"),
    ("strips-flat", HEAD + "setup:\n  strips: [wood, ore]\n", "5:12", "expected a list"),
    ("space-list", HEAD + "steps:\n  - space: [a]\n", "5:12", "expected text"),
    ("seed-decimal", "format: 1\ngame: {seed: 5.9}\n", "2:14", "whole number"),
    ("occupations-maybe", "format: 1\ngame: {occupations: maybe}\n", "2:21", "true or false"),
    ("die-99", HEAD + "steps:\n  - space: hunting_game_1\n    dice: [99]\n", "6:12", "largest die"),
    ("tile-without-item", HEAD + "setup:\n  players:\n    - boards: {home: [{at: [1, 2]}]}\n", "6:23", "missing required key 'item'"),
    ("history-word", HEAD + "expect: {history: rolls}\n", "4:19", "expected a list"),
    ("silver-lots", HEAD + "setup:\n  exploration: {A: {silver: lots}}\n", "5:29", "whole number"),
    ("place-at-1", HEAD + "steps:\n  - place: {item: silk, at: [1]}\n", "5:29", "[row, column]"),
    ("python-tag", HEAD + "notes: !!python/object/apply:os.system [touch marker]\n", "4:8", "tag"),
    ("start-player-9", HEAD + "setup: {start_player: 9}\n", "4:23", "from 0 to 1"),
    ("not-a-mapping", "- format: 1\n", "1:1", "expected a mapping"),
    # issue 35: a setup phase or a name in a step's effect the content does not have
    ("setup-phase", HEAD + "setup: {phase: nonsense}\n", "4:16", "unknown phase 'nonsense'"),
    ("effect-unknown-name", HEAD + "steps:\n  - effect: gain 1 nothingness\n", "5:20", "unknown item 'nothingness'"),
]


@pytest.mark.parametrize("name,text,where,word", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_scenario_fails_located_and_the_batch_goes_on(capsys, tmp_path, name, text, where, word):
    folder = tmp_path / "batch"
    folder.mkdir()
    (folder / f"a-{name}.yaml").write_text(text, encoding="utf-8")
    (folder / "b-good.yaml").write_text(GOOD, encoding="utf-8")
    code = main(["scenario", str(folder)])
    out, err = capsys.readouterr()
    assert code == 1
    assert "Traceback" not in out + err and "internal error" not in out
    assert f"FAIL  {folder / f'a-{name}.yaml'}" in out
    located = re.findall(rf"{re.escape(str(folder / f'a-{name}.yaml'))}:(\d+:\d+): (.*)", out)
    assert located, out
    assert located[0][0] == where, out
    assert word in located[0][1]
    assert f"PASS  {folder / 'b-good.yaml'}" in out
    assert out.strip().endswith("1 passed, 1 failed")


def test_a_missing_scenario_file_is_reported_and_the_rest_runs(capsys, tmp_path):
    good = tmp_path / "good.yaml"
    good.write_text(GOOD, encoding="utf-8")
    code = main(["scenario", str(tmp_path / "nothere.yaml"), str(good)])
    out, _ = capsys.readouterr()
    assert code == 1
    assert f"{tmp_path / 'nothere.yaml'}:1:1: no such scenario file or folder" in out
    assert f"PASS  {good}" in out


def test_a_die_result_the_die_cannot_show_fails_that_file_only(capsys, tmp_path):
    # 12 passes the file check (the largest die has 12 faces) but hunting rolls the 8-sided die.
    broken = tmp_path / "a.yaml"
    broken.write_text(HEAD + "steps:\n  - space: hunting_game_1\n    dice: [12]\n    answers: [stop]\n", encoding="utf-8")
    good = tmp_path / "b.yaml"
    good.write_text(GOOD, encoding="utf-8")
    code = main(["scenario", str(tmp_path)])
    out, _ = capsys.readouterr()
    assert code == 1
    assert f"{broken}:1:1: a die result of 12 cannot come from a 8-sided die" in out
    assert f"PASS  {good}" in out and "Traceback" not in out


VIKINGS_HEAD = "game: vikings\ntitle: t\nrules: [V1]\nplayers: 2\n"


@pytest.mark.parametrize("text,where,word", [
    (VIKINGS_HEAD + "run: |\n  gain 1 nothingness\n", "6:10", "unknown currency 'nothingness'"),
    (VIKINGS_HEAD + "bogus: 1\n", "5:1", "unknown key 'bogus'"),
    (VIKINGS_HEAD + "situation:\n  ring: [ZZ/x]\n", "6:9", "'ZZ' is no tile code"),
    (VIKINGS_HEAD + "run: |\n  gain 1 +\n", "6:", ""),
])
def test_a_vikings_scenario_fails_at_its_line_and_column(capsys, tmp_path, text, where, word):
    path = tmp_path / "v.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["scenario", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:{where}" in out and word in out, out
    assert "RulesError" not in out and "Traceback" not in out
