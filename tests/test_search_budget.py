"""The search agent's budget and playout: pruning of challengers that cannot win, the paired
choice, and playout samples shared by rollouts of different candidates."""

from rulesdsl.agents.paired import choose, rollouts
from rulesdsl.games.feast.agents.playout import PlayoutAgent, draw
from rulesdsl.games.feast.agents.search import SearchAgent
from rulesdsl.games.feast.engine.game import Game, GameOptions


def fake(values):
    """A rollout whose value is the candidate's own plus a little seeded wobble."""
    return lambda key, seed: values[key] + (seed % 3) * 0.1


def test_a_challenger_that_cannot_win_gets_no_more_rollouts():
    values = {"best": 10.0, "weak": 0.0, "close": 11.0}
    results, done = rollouts(list(values), fake(values), 7, 30, None, prune=(0.5, 1.0))
    assert len(results["weak"]) == 3 and done == 30
    assert len(results["best"]) - 1 <= len(results["close"]) <= len(results["best"]) and len(results["close"]) >= 13


def test_without_pruning_every_candidate_gets_equal_rounds():
    values = {"best": 10.0, "weak": 0.0}
    results, done = rollouts(list(values), fake(values), 7, 10, None)
    assert [len(v) for v in results.values()] == [5, 5] and done == 10


def test_the_budget_ends_once_only_the_incumbent_is_left():
    values = {"best": 10.0, "weak": 0.0}
    results, done = rollouts(list(values), fake(values), 7, 100, None, prune=(0.5, 1.0))
    assert done == 6


def test_another_answer_needs_a_clear_paired_gain():
    results = {"a": [1.0, 2.0, 3.0], "b": [2.0, 3.0, 4.5]}
    assert choose(["a", "b"], results, 0.5, 2.0) == "b"
    assert choose(["a", "b"], results, 1.5, 2.0) == "a"


def test_the_playout_sample_follows_the_seed_and_the_answers_alone(content):
    game = Game(content, GameOptions(players=2, length="long", decks=("A", "B", "C")), 3)
    decision = game.decision
    legal = decision.legal()
    agent = PlayoutAgent(5, sample=4, menus=False)
    picked = agent.candidates(game, decision)
    assert set(picked) <= set(legal) and len(picked) < len(legal)
    assert agent.candidates(game, decision) == picked
    ordered = sorted((k for k in legal if k in picked), key=lambda k: draw(5, k))
    assert all(draw(5, k) <= draw(5, ordered[-1]) for k in picked if not k.startswith("anytime:"))
    agent.seed = 6
    assert agent.candidates(game, decision) != picked


def test_a_pruned_search_with_a_fixed_budget_plays_the_same_game(content):
    def play(seed, steps=40):
        game = Game(content, GameOptions(players=2, length="short", decks=("A", "B", "C")), seed)
        agents = [SearchAgent(seed, iterations=6, width=3, depth=4, prune=1.0), SearchAgent(seed + 1, iterations=2, width=2, depth=3)]
        for _ in range(steps):
            game.answer(agents[game.decision.player].answer(game, game.decision))
        return game

    a, b = play(4), play(4)
    assert a.log == b.log and a.state.snapshot() == b.state.snapshot()
