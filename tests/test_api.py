"""The public API: one protocol over every game, the docs' examples as printed, strict typing."""

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import rulesdsl

ROOT = Path(__file__).resolve().parent.parent


def _play_out(game, seed: int) -> int:
    rng = random.Random(seed)
    steps = 0
    while not game.over:
        game.answer(rng.choice(game.legal()))
        steps += 1
    return steps


@pytest.mark.parametrize("name", rulesdsl.games())
def test_every_game_plays_saves_and_replays_through_one_protocol(name):
    game = rulesdsl.open_game(name, players=2, seed=5)
    question = game.decision
    assert question is not None and question.player in (0, 1)
    assert [c.key for c in question.choices if c.refusal is None] == game.legal()
    steps = _play_out(game, 5)
    assert steps > 20 and game.over and game.decision is None and game.legal() == []
    rows = game.scores()
    assert len(rows) == 2 and any(r["winner"] for r in rows)
    again = rulesdsl.load_game(json.loads(json.dumps(game.save())))
    assert again.over and again.scores() == rows


@pytest.mark.parametrize("name", rulesdsl.games())
def test_a_fork_goes_on_independently_and_like_the_game(name):
    game = rulesdsl.open_game(name, players=2, seed=9)
    rng = random.Random(9)
    for _ in range(15):
        game.answer(rng.choice(game.legal()))
    fork = game.fork()
    assert fork.decision == game.decision
    answers = []
    for _ in range(10):  # the same answers on both give the same questions
        key = game.legal()[0]
        answers.append(key)
        game.answer(key)
        fork.answer(key)
        assert fork.decision == game.decision
    other = game.fork()
    other.answer(other.legal()[-1])
    assert len(other.save()["answers"]) == len(game.save()["answers"]) + 1


@pytest.mark.parametrize("name", rulesdsl.games())
def test_an_illegal_answer_is_one_error_type_and_changes_nothing(name):
    game = rulesdsl.open_game(name, players=2, seed=2)
    before = (game.decision, game.save())
    with pytest.raises(rulesdsl.IllegalMove) as refused:
        game.answer("no-such-answer")
    assert "no-such-answer" in refused.value.reason
    assert (game.decision, game.save()) == before


def test_unknown_games_and_options_are_refused_with_what_exists():
    with pytest.raises(rulesdsl.RulesError, match="vikings"):
        rulesdsl.open_game("chess")
    with pytest.raises(rulesdsl.RulesError, match="length"):
        rulesdsl.open_game("feast", colour="red")
    with pytest.raises(rulesdsl.RulesError, match="whole number"):
        rulesdsl.open_game("feast", players=True)
    with pytest.raises(rulesdsl.RulesError, match="JSON object"):
        rulesdsl.load_game([1, 2])  # type: ignore[arg-type]


def _examples() -> list[str]:
    text = (ROOT / "docs" / "API.md").read_text()
    return re.findall(r"```python\n(.*?)```", text, re.S)


def test_docs_api_has_examples():
    assert len(_examples()) >= 3


@pytest.mark.parametrize("index", range(len(_examples())))
def test_the_docs_examples_run_as_printed(index, tmp_path):
    script = tmp_path / "example.py"
    script.write_text(_examples()[index])
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr


def test_the_public_api_passes_mypy_strict():
    mypy = pytest.importorskip("mypy.api")
    out, err, status = mypy.run(["--strict", "--follow-imports=silent", "--no-incremental",
                                 str(ROOT / "rulesdsl" / "api.py"), str(ROOT / "rulesdsl" / "__init__.py"),
                                 str(ROOT / "rulesdsl" / "errors.py")])
    assert status == 0, out + err
    assert (ROOT / "rulesdsl" / "py.typed").is_file()
