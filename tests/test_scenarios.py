"""Every scenario under scenarios/ passes (rulebook examples, Q&A, and one or more per card)."""

from pathlib import Path

import pytest

from rulesdsl.content.loader import load_content
from rulesdsl.scenario import run_file

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
    - supply: {mead: 1, wood: 1}
steps:
  - anytime: [%s]
expect:
  players:
    - supply: {mead: 1}
"""


def test_a_bang_answer_fails_when_the_option_is_offered(tmp_path):
    result = _run(tmp_path, _MENU % '"!place:mead", back')
    assert not result.passed
    assert "'place:mead' is offered as an answer to: which anytime action?, but must not be" in "\n".join(result.failures)


def test_a_bang_answer_passes_when_the_option_is_missing(tmp_path):
    result = _run(tmp_path, _MENU % '"!place:wood", "!buy:knarr", back')
    assert result.passed, result.failures


def test_a_place_step_refuses_an_item_the_player_lacks(tmp_path):
    text = _MENU.replace("  - anytime: [%s]", "  - place: {item: silk, at: [0, 0]}\n    expect_error: player 0 has no silk to place")
    result = _run(tmp_path, text)
    assert result.passed, result.failures
