"""`Decision.legal()` judges without writing labels: it lists exactly the keys of the legal
options of the full list, in the same order, for every decision of random games."""

from rulesdsl.agents import RandomAgent
from rulesdsl.games.feast.engine.game import Game, GameOptions


def test_legal_keys_are_those_of_the_full_list(content):
    compared = 0
    for seed in range(6):
        players = 1 + seed % 4
        game = Game(content, GameOptions(players=players, length="short", decks=("A", "B", "C")), seed)
        agents = [RandomAgent(seed * 10 + i) for i in range(players)]
        while game.decision is not None:
            decision = game.decision
            if len(game.log) % 3 == 0:
                legal = decision.rejudged().legal()
                assert legal == [o.key for o in decision.rejudged().options if o.refusal is None], (seed, len(game.log))
                assert legal == decision.legal()
                compared += 1
            game.answer(agents[decision.player].answer(game, decision))
    assert compared > 300
