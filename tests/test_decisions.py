"""The decision protocol: lazy sampling draws only legal answers, uniformly; remembered
verdicts never change a full list; a pickled state names its boards instead of carrying them."""

import pickle
from collections import Counter

import pytest

from rulesdsl.agents import RandomAgent
from rulesdsl.core.decisions import Decision, Option, SeededStream
from rulesdsl.games.feast.engine.game import Game, GameOptions


def test_sampling_is_uniform_over_the_legal_answers_only():
    options = [Option("a", "a"), Option("b", "b", "refused"), Option("c", "c"), Option("d", "d")]
    decision = Decision(0, "choose", "which?", options)
    stream = SeededStream()
    drawn = Counter(decision.sample(stream.at(5, step)) for step in range(3000))
    assert set(drawn) == {"a", "c", "d"}
    assert all(850 <= n <= 1150 for n in drawn.values()), drawn
    assert sorted(decision.legal_in_order(stream.at(1, 2))) == ["a", "c", "d"]


def test_a_lazy_decision_judges_only_what_it_is_asked():
    from rulesdsl.core.decisions import Candidates

    judged = []

    def judge(key):
        judged.append(key)
        return None if key in ("y", "z") else "no"

    decision = Decision(0, "space", "where?", candidates=Candidates([("x", "X"), ("y", "Y"), ("z", "Z")], judge,
                                                                      (Option("pass", "pass"),)))
    assert decision.refusal("y") is None and judged == ["y"]
    assert decision.option("x").refusal == "no" and judged == ["y", "x"]
    with pytest.raises(KeyError):
        decision.refusal("nowhere")
    assert decision.legal() == ["y", "z", "pass"] and judged == ["y", "x", "z"]
    assert decision.rejudged().legal() == decision.legal()


FULL_EVERY = 8  # full lists (twice) at every eighth decision


def _judged(game, read, remembering: bool):
    """`read(decision)` on the pending decision judged afresh, remembering verdicts or not."""
    verdicts = game.flow.verdicts
    verdicts.enabled = remembering
    try:
        return read(game.decision.rejudged())
    finally:
        verdicts.enabled = False


@pytest.mark.parametrize("block", range(4))
def test_lazy_answers_are_legal_and_remembered_verdicts_change_no_list(content, block):
    """200 games in all (1-4 players, long and short): the lazily drawn answer is always legal
    in the full list, and the full list judged with remembered verdicts equals, refusal for
    refusal, the list judged with nothing remembered, on the same state (every eighth
    decision, so remembered verdicts must also survive the changes made in between)."""
    hits = 0
    for seed in range(block * 50, block * 50 + 50):
        players = 1 + seed % 4
        game = Game(content, GameOptions(players=players, length=("long", "short")[seed // 4 % 2],
                                         decks=("A", "B", "C")), seed)
        agents = [RandomAgent(seed * 10 + i) for i in range(players)]
        while game.decision is not None:
            key = agents[game.decision.player].answer(game, game.decision)
            if len(game.log) % FULL_EVERY == 0:
                full = _judged(game, lambda d: d.options, remembering=False)
                assert key in [o.key for o in full if o.refusal is None], (seed, len(game.log), key)
                assert _judged(game, lambda d: d.options, remembering=True) == full, (seed, len(game.log))
            game.answer(key)
        hits += game.flow.verdicts.hits
    assert hits > 0  # remembered verdicts were really used


def test_a_pickled_state_names_its_boards(content):
    game = Game(content, GameOptions(players=4, decks=("A", "B", "C")), 3)
    agents = [RandomAgent(i) for i in range(4)]
    for _ in range(300):
        game.answer(agents[game.decision.player].answer(game, game.decision))
    data = pickle.dumps(game.state)
    assert len(data) < 20_000  # the grids (with their cached placements) stay with the content
    back = pickle.loads(data)
    assert back.snapshot() == game.state.snapshot()
    from rulesdsl.geometry import grid

    mine, restored = game.state.players[0].home.grid, back.players[0].home.grid
    # the grid of a loaded content with the same fingerprint (this one, or an identical one)
    assert grid._PRINTS[restored] == grid._PRINTS[mine] and restored.cells == mine.cells
