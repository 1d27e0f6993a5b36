"""rulesdsl: board games as data. The public API (see docs/API.md):

    import rulesdsl
    game = rulesdsl.open_game("feast", players=2, seed=1)
    game.decision, game.legal(), game.answer(key), game.fork(), game.scores(), game.save()
"""

from rulesdsl.api import Choice, OpenGame, Question, games, load_game, open_game
from rulesdsl.errors import IllegalMove, RulesError

__all__ = ["Choice", "IllegalMove", "OpenGame", "Question", "RulesError", "games", "load_game", "open_game"]
