"""Whole games: 200 seeded random games keep every invariant after every step; games are
deterministic; saving mid-way and resuming gives the identical state; records replay."""

import json

import pytest

from rulesdsl.agents import RandomAgent, ScriptedAgent
from rulesdsl.cli import main
from rulesdsl.errors import IllegalMove, RulesError
from rulesdsl.games.feast.engine import invariants
from rulesdsl.games.feast.engine.game import Game, GameOptions
from rulesdsl.games.feast.engine.scoring import final_scores


def _every_invariant(game):
    invariants.check(game)
    invariants.weapons_complete(game)  # a game from setup: no weapon card out of play


def play(content, seed, players, length="long", decks=("A", "B", "C"), check=None):
    game = Game(content, GameOptions(players=players, length=length, decks=decks), seed)
    if check:
        check(game)
    game.run([RandomAgent(seed * 10 + i) for i in range(players)], check=check)
    return game


@pytest.mark.parametrize("block", range(4))
def test_random_games_keep_every_invariant(content, block):
    """200 games in all (4 blocks of 50): 1-4 players, long and short, all decks mixed."""
    played = set()
    for seed in range(block * 50, block * 50 + 50):
        game = play(content, seed, players=1 + seed % 4, length=("long", "short")[seed // 4 % 2], check=_every_invariant)
        assert game.over and game.state.finished
        assert game.state.round == game.state.rounds
        rows = final_scores(game)
        assert len(rows) == len(game.state.players) and any(r["winner"] for r in rows)
        for p in game.state.players:
            played.update(p.played)
    assert len(played) >= 150  # occupations from every deck enter real games (182 in the first block)


def test_the_same_inputs_give_the_same_game(content):
    a = play(content, 7, 3)
    b = play(content, 7, 3)
    assert a.log == b.log
    assert a.state.snapshot() == b.state.snapshot()
    assert json.dumps(a.save()) == json.dumps(b.save())
    c = play(content, 8, 3)
    assert c.log != a.log


def test_save_mid_way_and_resume_to_the_identical_state(content):
    full = play(content, 11, 2)
    partial = Game(content, GameOptions(players=2, decks=("A", "B", "C")), 11)
    agents = [RandomAgent(110), RandomAgent(111)]
    for _ in range(150):
        partial.answer(agents[partial.decision.player].answer(partial, partial.decision))
    saved = json.loads(json.dumps(partial.save()))
    resumed = Game.load(content, saved)
    assert resumed.state.snapshot() == partial.state.snapshot()
    assert resumed.decision == partial.decision
    resumed.run(agents)
    assert resumed.state.snapshot() == full.state.snapshot()  # random answers depend only on seed and step


def test_a_finished_game_replays_from_its_record(content):
    game = play(content, 21, 4)
    replay = Game(content, game.options, game.seed)
    replay.run([ScriptedAgent([key for player, key in game.log if player == i]) for i in range(4)])
    assert replay.state.snapshot() == game.state.snapshot()
    assert final_scores(replay) == final_scores(game)


def test_corrupted_saves_are_refused(content):
    game = play(content, 3, 2)
    data = game.save()
    with pytest.raises(RulesError, match="not a rulesdsl saved game"):
        Game.load(content, {"answers": []})
    broken = dict(data, answers=data["answers"][:5] + [[0, "no_such_answer"]])
    with pytest.raises(RulesError, match="corrupted saved game: answer 6"):
        Game.load(content, broken)
    with pytest.raises(RulesError, match="corrupted saved game"):
        Game.load(content, dict(data, seed="x"))


def test_an_illegal_answer_changes_nothing(content):
    game = Game(content, GameOptions(players=2), 5)
    before = game.state.snapshot()
    with pytest.raises(IllegalMove) as info:
        game.answer("no_such_space")
    assert "is not an answer to" in info.value.reason
    assert game.state.snapshot() == before and game.log == []


def test_play_command_prints_the_score_table(capsys, tmp_path):
    save = tmp_path / "game.json"
    assert main(["play", "--players", "2", "--seed", "4", "--decks", "A", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "thing penalties" in out and "total" in out and "winner" in out
    record = json.loads(save.read_text())
    assert record["seed"] == 4 and record["options"]["players"] == 2
    part = tmp_path / "part.json"
    assert main(["play", "--players", "2", "--seed", "4", "--decks", "A", "--stop-after", "40", "--save", str(part)]) == 0
    assert "the game is not over" in capsys.readouterr().out
    assert main(["play", "--load", str(part)]) == 0
    resumed = capsys.readouterr().out
    assert resumed.splitlines()[-3:] == out.splitlines()[-3:]


def test_human_agent_shows_refusals_and_asks_again(content):
    from rulesdsl.agents import HumanAgent

    game = Game(content, GameOptions(players=2), 5)
    typed = iter(["build_shed_1", "nonsense", "stockfish_1"])  # refused options are named, not numbered
    shown = []
    agent = HumanAgent(read=lambda prompt: next(typed), write=shown.append)
    assert agent.answer(game, game.decision) == "stockfish_1"
    assert any("refused: Build a shed needs 2 wood (you have 0)" in line for line in shown)  # what is missing
    assert any("not one of the choices" in line for line in shown)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_sets_the_starting_weapons_aside_once(content, players):
    """[S6]: each player takes 1 bow and arrow, 1 snare and 1 spear and the rest are the deck;
    round 1's weapon phase [P4.1] then deals each player one card from it. (The starting
    cards were once taken out of the deck a second time: 12 - 2 x players left of each.)"""
    game = Game(content, GameOptions(players=players), 3)
    assert game.state.round == 1 and game.state.phase == "actions"
    deck, players_ = game.state.weapon_deck, game.state.players
    for weapon in ("bow_and_arrow", "snare", "spear", "long_sword"):
        held = sum(p.supply[weapon] for p in players_)
        assert deck.count(weapon) + held == (11 if weapon == "long_sword" else 12)
        if weapon != "long_sword":
            assert all(p.supply[weapon] >= 1 for p in players_)
    assert all(sum(p.supply[w] for w in content.weapons) == 3 + 1 for p in players_)  # 3 starting + 1 drawn
    assert len(deck) == 47 - 4 * players and not game.state.weapon_discard
    invariants.weapons_complete(game)
