"""The greedy and search agents play the second game: forks that replay the same state and never
see the real future, legal answers with every invariant kept over games of 2-4 players and the
advanced options, the same seed giving the same game, and greedy clearly beating random."""

import pytest

from rulesdsl.agents import RandomAgent
from rulesdsl.agents.paired import choose
from rulesdsl.agents.registry import make_agent, make_agents
from rulesdsl.games.tableau.agents.greedy import TableauGreedyAgent
from rulesdsl.games.tableau.agents.search import MARGIN, TableauSearchAgent
from rulesdsl.games.tableau.engine.game import TableauGame
from rulesdsl.games.tableau.engine.invariants import broken
from rulesdsl.games.tableau.engine.rulesets import load

GAMES = 8  # seeded 2-player games of greedy against random (about 1 s each; greedy won 64 of 64 measured)


@pytest.fixture(scope="module")
def vikings():
    return load("vikings")


def _play(game, agents, check=None, stop=None):
    while game.decision is not None and (stop is None or len(game.log) < stop):
        key = agents[game.decision.player].answer(game, game.decision)
        assert game.decision.refusal(key) is None, key
        game.answer(key)
        if check is not None:
            check(game)
    return game


def _unbroken(game):
    problems = broken(game)
    assert problems == [], (len(game.log), problems)


def test_a_fork_is_the_same_game_and_deals_only_the_unseen_anew(vikings):
    game = TableauGame(vikings, 3, {"auction": 1}, 4, checkpoints=True)
    _play(game, [RandomAgent(i) for i in range(3)], stop=70)
    same = game.fork()
    assert same.table.to_data() == game.table.to_data() and same.decision == game.decision and same.log == game.log
    dealt = game.fork(99)
    seen, other = game.table.to_data(), dealt.table.to_data()
    assert {k: v for k, v in seen.items() if k != "stacks"} == {k: v for k, v in other.items() if k != "stacks"}
    assert sorted(map(len, seen["stacks"])) == sorted(map(len, other["stacks"]))
    assert sorted(t for s in seen["stacks"] for t in s) == sorted(t for s in other["stacks"] for t in s)
    assert seen["stacks"] != other["stacks"]  # the future is dealt anew ...
    key = dealt.decision.legal()[0]
    dealt.answer(key)
    again = dealt.fork()  # ... and a fork of that fork replays the same dealt world
    assert again.table.to_data() == dealt.table.to_data()
    game.answer(key)  # the real game goes on unchanged by its forks
    assert game.table.to_data() == TableauGame.load(vikings, game.save()).table.to_data()


def test_greedy_clearly_beats_random_in_two_player_games(vikings):
    wins = 0
    for seed in range(GAMES):
        seat = seed % 2
        agents = [RandomAgent(seed), RandomAgent(seed)]
        agents[seat] = TableauGreedyAgent(seed)
        places = [r["place"] for r in _play(TableauGame(vikings, 2, {}, seed), agents).scores()]
        wins += places[seat] == 1 and places[1 - seat] == 2
    assert wins >= 0.8 * GAMES


@pytest.mark.parametrize("players, options", [(3, {"auction": 1, "boatsman_limit": 1}), (4, {"scout_base": 2})])
def test_greedy_and_search_answer_legally_and_keep_every_invariant(vikings, players, options):
    agents = [TableauSearchAgent(1, iterations=2), TableauGreedyAgent(2)] + [RandomAgent(i) for i in range(players - 2)]
    game = _play(TableauGame(vikings, players, options, 7), agents, _unbroken)
    assert game.decision is None and game.table.over
    assert agents[0].decisions > 0 and agents[0].rollouts >= 2 * agents[0].decisions


def test_the_same_seed_gives_the_same_game(vikings):
    def logs():
        agents = [TableauSearchAgent(5, iterations=2), TableauGreedyAgent(6)]
        return _play(TableauGame(vikings, 2, {"auction": 1}, 3), agents, stop=60).log

    assert logs() == logs()


def test_search_keeps_greedys_best_unless_rollouts_clearly_favour_another():
    assert choose(["a", "b"], {"a": [10.0, 11.0], "b": [10.5, 11.2]}, MARGIN) == "a"
    assert choose(["a", "b"], {"a": [10.0, 11.0, 9.0], "b": [15.0, 16.0, 14.5]}, MARGIN) == "b"


def test_the_registry_builds_the_agents_of_the_game():
    assert isinstance(make_agent("greedy", 1, game="vikings"), TableauGreedyAgent)
    assert make_agent("search", 1, think=0.1, game="vikings").think == 0.1
    agents, names = make_agents("search,random", 2, 3, iterations=4, game="vikings")
    assert names == ["search", "random"] and agents[0].iterations == 4 and isinstance(agents[1], RandomAgent)
    assert type(make_agent("greedy", 1)).__name__ == "GreedyAgent"  # the first game keeps its own


def test_play_uses_greedy_by_default_and_names_the_agents(capsys):
    from rulesdsl.cli import main

    assert main(["--game", "vikings", "play", "--seed", "2", "--agents", "greedy,random"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["player", "agent", "fame", "gold", "place"]
    assert [line.split()[1] for line in lines[1:3]] == ["greedy", "random"]
