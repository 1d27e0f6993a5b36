"""The first game's `Game` answers the core's game protocol itself: `legal()` is the pending
decision's legal keys (none once over) and `scores()` the final score rows."""

from rulesdsl.agents import RandomAgent
from rulesdsl.games.feast.engine.game import Game, GameOptions
from rulesdsl.games.feast.engine.scoring import final_scores


def test_legal_and_scores_are_the_games_own(content):
    game = Game(content, GameOptions(players=2, length="short", decks=("A",)), 4)
    agents = [RandomAgent(40 + i) for i in range(2)]
    while not game.over:
        legal = game.legal()
        assert legal and legal == game.decision.legal()
        game.answer(agents[game.decision.player].answer(game, game.decision))
    assert game.legal() == []
    rows = game.scores()
    assert rows == final_scores(game) and [r["player"] for r in rows] == [0, 1]
    assert any(r["winner"] for r in rows)
