"""Every scenario under scenarios/ passes (rulebook examples, Q&A, and one or more per card)."""

from pathlib import Path

import pytest

from rulesdsl.content.loader import load_content
from rulesdsl.games.feast.scenario import run_file

ROOT = Path(__file__).resolve().parent.parent / "scenarios"
FILES = sorted(ROOT.rglob("*.yaml"))
CONTENT = load_content()


@pytest.mark.parametrize("path", FILES, ids=[str(f.relative_to(ROOT)) for f in FILES])
def test_scenario(path):
    result = run_file(path, CONTENT)
    assert result.passed, "\n".join(result.failures)


def _run(tmp_path, text: str):
    path = tmp_path / "case.yaml"
    path.write_text(text)
    return run_file(path, CONTENT)


_MENU = """format: 1
title: menu
game: {players: 1, seed: 1}
setup:
  players:
    - supply: {silk: 1, mead: 1, wood: 1}
steps:
  - anytime: [%s]
expect:
  players:
    - supply: {silk: 1, mead: 1}
"""


def test_a_bang_answer_fails_when_the_option_is_offered(tmp_path):
    result = _run(tmp_path, _MENU % '"!place:silk", back')
    assert not result.passed
    assert "'place:silk' is offered as an answer to: which anytime action?, but must not be" in "\n".join(result.failures)


def test_a_bang_answer_passes_when_the_option_is_missing(tmp_path):
    # wood lies on no board without a card; mead (a red good) never on a home board: neither is offered
    result = _run(tmp_path, _MENU % '"!place:wood", "!place:mead", "!buy:knarr", back')
    assert result.passed, result.failures


def test_a_place_step_refuses_an_item_the_player_lacks(tmp_path):
    text = _MENU.replace("  - anytime: [%s]", "  - place: {item: silverware, at: [0, 0]}\n    expect_error: player 0 has no silverware to place")
    result = _run(tmp_path, text)
    assert result.passed, result.failures


# ------------------------------------------------------------------ format 2 (docs/SCENARIOS.md)
_V2 = """format: 2
title: v2
game: {players: 2, seed: 1}
setup:
  round: 1
  players:
    - supply: {silk: 1, mead: 1, wood: 1}
steps:
  - place: {item: silk, at: [11, 0]}
    expect: %s
expect: %s
"""


def _v2(tmp_path, step_expect="{round: 1}", expect="{round: 1}"):
    return _run(tmp_path, _V2 % (step_expect, expect))


def test_format_2_compares_the_round_and_refuses_keys_it_does_not_compare(tmp_path):
    assert _v2(tmp_path).passed
    assert "round: expected 2, got 1" in "\n".join(_v2(tmp_path, expect="{round: 2}").failures)
    failures = "\n".join(_v2(tmp_path, expect="{players: [{score: {no_such_part: 0}}]}").failures)
    assert "score.no_such_part: no such key to compare" in failures
    assert "unknown key 'rounds'" in "\n".join(_v2(tmp_path, expect="{rounds: 1}").failures)
    assert "unknown supply item 'silkk'" in "\n".join(_v2(tmp_path, expect="{players: [{supply: {silkk: 0}}]}").failures)


def test_format_2_checks_expectations_after_a_step(tmp_path):
    failures = "\n".join(_v2(tmp_path, step_expect="{players: [{supply: {silk: 1}}]}").failures)
    assert "after this step: player 0.supply.silk: expected 1, got 0" in failures


def test_format_2_compares_squares_and_empty_spaces(tmp_path):
    assert _v2(tmp_path, expect='{players: [{squares: {home: {"11,0": silk, "0,0": null}}}], occupancy: {wood_1: null}}'
               .replace("wood_1", "hunting_game_1")).passed
    failures = "\n".join(_v2(tmp_path, expect='{players: [{squares: {home: {"0,0": silk}}}], occupancy: {hunting_game_1: 0}}').failures)
    assert "squares.home.0,0: expected 'silk', got None" in failures
    assert "occupancy.hunting_game_1: expected [0], got []" in failures


def test_format_2_bang_answers_must_name_an_answer_that_can_exist(tmp_path):
    menu = _MENU.replace("format: 1", "format: 2")
    assert _run(tmp_path, menu % '"!place:wood", back').passed
    failures = "\n".join(_run(tmp_path, menu % '"!plcae:wood", back').failures)
    assert "'plcae:wood' is not an answer that exists at: which anytime action?" in failures


def test_format_1_files_do_not_take_format_2_keys(tmp_path):
    text = (_V2 % ("{round: 1}", "{round: 1}")).replace("format: 2", "format: 1")
    assert "unknown key 'expect'" in "\n".join(_run(tmp_path, text).failures)


def test_format_2_reads_interaction_findings(tmp_path):
    text = (_V2 % ("{round: 1}", "{round: 1}")) + 'interactions: {cards: [7, 165], absent: ["Conflicts: none"]}\n'
    assert "interactions: the report contains 'Conflicts: none'" in "\n".join(_run(tmp_path, text).failures)
