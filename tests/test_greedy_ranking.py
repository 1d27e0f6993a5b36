"""The greedy agent's two-stage judgement of a turn's answers (`width`, off by default): an
answer whose first, cheap trial met no question judged deeper has its full value already, and
with room for every other answer the two stages give exactly the full judgement's values."""

from rulesdsl.agents import RandomAgent
from rulesdsl.agents.greedy import GreedyAgent
from rulesdsl.agents.lookahead import TOP_KINDS, _cheap_trial, lookahead_seed, ranked_answers, try_answer
from rulesdsl.games.feast.engine.game import Game, GameOptions

OPTIONS = GameOptions(players=2, length="short", decks=("A", "B", "C"))


def _turn_questions(content, seed: int, count: int):
    """Games at `count` turn questions of a random game (each a fork, the game played on)."""
    game = Game(content, OPTIONS, seed)
    agents = [RandomAgent(seed + i) for i in range(2)]
    found = []
    while game.decision is not None and len(found) < count:
        if game.decision.kind in TOP_KINDS and len(game.log) % 5 == 0 and len(game.decision.legal()) > 1:
            found.append(game.fork())
        game.answer(agents[game.decision.player].answer(game, game.decision))
    return found


def test_two_stages_with_room_for_every_answer_are_the_full_judgement(content):
    greedy = GreedyAgent(5)
    settled = deeper = 0
    for game in _turn_questions(content, 17, 6):
        d, valuer = game.decision, greedy.valuer(game)
        seed = lookahead_seed(greedy.seed, game)
        keys = greedy.candidates(game, d)
        full = {k: try_answer(game, d.player, k, seed, valuer) for k in keys}
        for k in keys:
            value, alike = _cheap_trial(game, d.player, k, seed, valuer)
            if alike:
                assert value == full[k]  # the first stage settles it
                settled += 1
            else:
                deeper += 1
        assert ranked_answers(game, d.player, keys, seed, valuer, len(keys), float("inf")) == full
    assert settled > 10 and deeper > 3


def test_a_narrow_greedy_judges_the_best_first_values_in_full_and_plays_legally(content):
    game = Game(content, OPTIONS, 23)
    agents = [GreedyAgent(230 + i, width=1, margin=2.0) for i in range(2)]
    turns = 0
    while game.decision is not None and turns < 12:
        d = game.decision
        turns += d.kind in TOP_KINDS
        key = agents[d.player].answer(game, d)
        assert key in d.legal()
        game.answer(key)
    assert turns == 12
