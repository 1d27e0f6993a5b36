"""Refactors change no game: seeded games of both games give the digests stored in
tests/data/same_games.json (answers, log and scores; made at e43b51d by tools/check_same_games.py,
which also checks more greedy seeds and any earlier commit). Every stored random seed is played
(a random game takes ~50 ms), and the first greedy seed of each game (~4 s each); if a merge
changes greedy's answers on purpose, the greedy part of the file is regenerated (the tool's help)."""

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("check_same_games", ROOT / "tools" / "check_same_games.py")
same = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(same)

STORED = same.read_digests(same.STORED)
GREEDY_SEEDS = 1


def _stored(game: str, kind: str, seeds: int | None = None) -> dict[str, str]:
    found = {k: v for k, v in STORED.items() if same.parse_key(k)[:2] == (game, kind)}
    return {k: v for k, v in found.items() if seeds is None or same.parse_key(k)[2] < seeds}


def test_the_stored_file_covers_100_random_and_20_greedy_seeds_of_each_game():
    for game in same.GAMES:
        assert len(_stored(game, "random")) >= 100
        assert len(_stored(game, "greedy")) >= 20


@pytest.mark.parametrize("kind", ["random", "greedy"])
@pytest.mark.parametrize("game", same.GAMES)
def test_games_are_the_same_as_at_the_stored_commit(game, kind):
    expected = _stored(game, kind, None if kind == "random" else GREEDY_SEEDS)
    todo = [same.parse_key(k) for k in expected]
    assert todo
    assert same.compare(expected, todo, progress=False) == []


def test_a_changed_game_is_told_apart():
    """The digest covers the scores: another seed's game under this seed's key differs."""
    expected = {same.key("vikings", "random", 0): STORED[same.key("vikings", "random", 1)]}
    assert same.compare(expected, [("vikings", "random", 0)], progress=False) == ["vikings/random/0"]
