"""What is read once of a content, a grid or a game's setup is kept with it and freed with it:
no module-level table keyed by an object's id outlives the object (issue 34, item 3)."""

import gc
import pickle
import weakref

from rulesdsl.agents import RandomAgent
from rulesdsl.games.feast.agents.greedy import GreedyAgent
from rulesdsl.content.loader import load_content
from rulesdsl.content.tables import TABLES
from rulesdsl.games.feast.engine.game import Game, GameOptions
from rulesdsl.geometry import pieces

OPTIONS = GameOptions(players=2, length="short", decks=("A", "B", "C"))


def _played(content, answers: int) -> Game:
    """A game on `content` with some answers given by greedy agents (they read the grids' terms
    and the placement tables) and a fork of it (which shares the game's flow tables)."""
    game = Game(content, OPTIONS, seed=3)
    agents = [GreedyAgent(seed=1), RandomAgent(2)]
    for _ in range(answers):
        if game.decision is None:
            break
        game.answer(agents[game.decision.player].answer(game, game.decision))
    game.fork()
    return game


def test_a_contents_readings_and_grids_are_freed_with_it():
    content = load_content()  # its own object (from the content cache), not the session's
    game = _played(content, 40)
    assert {"catalog", "relevance"} <= set(content.__dict__[TABLES])
    grid = next(grid for grid in pieces.grids(content).values() if grid.kept)  # what was read of a board, on its grid
    gone = weakref.ref(content), weakref.ref(grid)
    del content, game, grid
    gc.collect()
    assert [ref() for ref in gone] == [None, None]


def test_a_contents_readings_are_not_pickled(content):
    _played(content, 5)
    assert TABLES in content.__dict__
    again = pickle.loads(pickle.dumps(content))
    assert TABLES not in again.__dict__
    assert Game(again, OPTIONS, seed=3).catalog is not Game(content, OPTIONS, seed=3).catalog


def test_forks_share_their_games_flow_tables(content):
    game = _played(content, 10)
    fork = game.fork()
    assert fork.flow.tables is game.flow.tables
    assert fork.fork().flow.tables is game.flow.tables
