"""The terminal player, fed keystrokes: what it shows, and how answers by number, key and square work."""

from __future__ import annotations

import io
import json
import re

import pytest

from rulesdsl.agents import HumanAgent
from rulesdsl.cli import main
from rulesdsl.games.feast.engine.game import Game
from rulesdsl.view import present
from tests.web_helpers import OPTIONS, p1_places_turned, record_until


class Keys:
    """Typed lines, one per prompt; EOFError when they run out (as input() at the end of stdin)."""

    def __init__(self, *lines):
        self.lines = list(lines)
        self.out: list[str] = []

    def read(self, prompt: str) -> str:
        self.out.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)

    def write(self, text: str = "") -> None:
        self.out.append(text)

    @property
    def text(self) -> str:
        return "\n".join(self.out)


def test_a_turn_shows_the_state_folds_the_impossible_and_tells_equal_names_apart(content):
    game = Game(content, OPTIONS, 1)
    keys = Keys("me", "?", "why", "list", "map", "99", "build_shed_1", "101", "1")
    agent = HumanAgent(keys.read, keys.write)
    answer = agent.answer(game, game.decision)
    text = keys.text
    me = game.decision.player
    assert f"P{me + 1} ({game.state.players[me].color}): 6 Vikings on the banquet table" in text and "supply: 1 beans" in text
    assert "weapon cards: " in text and "bow and arrow" in text
    assert "hand: " in text  # the occupation in hand with its printed text
    card = content.occupations[game.state.players[me].hand[0]]
    assert card.text in text
    refused = [o for o in game.decision.options if o.refusal]
    assert f"({len(refused)} not possible now; type `why`" in text
    assert text.count("(not possible:") == len(refused)  # only `list` shows them inline
    # `why` and a refused answer say what is missing, from the space's cost
    assert "Build a shed (column 1, 1 Viking): You may pay 2 wood to build 1 shed -- Build a shed needs 2 wood (you have 0) [A4]" in text
    assert "refused: Build a shed needs 2 wood (you have 0)" in text
    assert "me N: player N's" in text  # ? is the help the prompt promises
    assert " 101 Build a shed" in text and "*103 Hunting Game" in text  # the map: spaces by column and row
    assert "no space 99" not in text and "choose 1 to" in text
    numbered = [line for line in keys.out if re.match(r"^\s+\d+\. ", line)]
    labels = [line.split(". ", 1)[1] for line in numbered]
    assert len(labels) == len(set(labels))  # equal names told apart (column and Vikings)
    assert "  103. Hunting Game (column 1, 1 Viking)" in text and "  203. Hunting Game (column 2, 2 Vikings)" in text
    assert answer == "pass"  # 1: the first option that is not a space (spaces answer to their own numbers)
    assert "player 0" not in text and "player 1" not in text  # players counted from 1


def test_occupations_are_offered_with_their_text_and_forced_answers_are_announced(content):
    game = Game.load(content, record_until(content, 1, lambda d: d.player == 0 and d.kind == "play" and len(d.legal()) >= 2,
                                           also=lambda g: any("(the only possible answer)" in line for line in g.history)))
    keys = Keys("1")
    HumanAgent(keys.read, keys.write).answer(game, game.decision)
    for key in game.decision.legal():
        if key.isdigit():
            card = content.occupations[int(key)]
            assert f"{card.name}: {card.text[:60]}" in keys.text  # long texts are cut to the line
    assert "(the only possible answer)" in keys.text


def test_dice_results_and_failures_are_reported(content):
    from rulesdsl.agents import RandomAgent

    game = Game(content, OPTIONS, 0)
    agents = [RandomAgent(1), RandomAgent(2)]
    while not any(" fails " in h for h in game.history):
        game.answer(agents[game.decision.player].answer(game, game.decision))
    keys = Keys()
    with pytest.raises(EOFError):
        HumanAgent(keys.read, keys.write).answer(game, game.decision)
    assert " rolls " in keys.text and " fails " in keys.text and "player 0" not in keys.text


def test_a_tile_is_placed_by_square_and_a_wrong_square_says_why(content):
    game = Game.load(content, record_until(content, 0, p1_places_turned))
    decision = game.decision
    target = next(pl for pl in present.placements(decision) if pl.turn and not pl.mirror)
    fitting = {(pl.row, pl.column) for pl in present.placements(decision) if pl.turn == 0 and not pl.mirror and pl.area == "home"}
    board = present.areas_of(game, 0)["home"][1]
    grid = board.grid
    bad = next((r, c) for r in range(grid.height) for c in range(grid.width) if grid.cell(r, c).kind != "outside"
               and (r, c) not in fitting)
    square = present.square_name(target.row, target.column)
    typed = f"{square} {'r' * (target.turn // 90)}"
    keys = Keys("board", f"{present.square_name(*bad)}", "zz9 q", f"{square} x", typed)
    answer = HumanAgent(keys.read, keys.write).answer(game, decision)
    assert answer == target.key
    text = keys.text
    assert "ways on home; type a square like c4" in text
    assert len([line for line in keys.out if " at (" in line and "turned" in line]) == 0  # not a list of every placement
    assert "    a b c d" in text and "  1 " in text  # the board drawn with its labels
    assert f"not possible at {present.square_name(*bad)} on home turned 0: " in text
    assert "no placement on 'zz9'" in text
    assert "'x' is neither r" in text
    assert f"placing {target.piece} at {square} on home, turned {target.turn}" in text


def test_the_command_line_stops_cleanly_when_input_ends(tmp_path, monkeypatch, capsys):
    save = tmp_path / "g.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    assert main(["play", "--agents", "human,random", "--seed", "1", "--save", str(save)]) == 1
    out = capsys.readouterr().out
    assert "stopped: the input ended." in out and "Nothing was saved" not in out
    assert json.loads(save.read_text())["answers"]
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "--agents", "human,random", "--seed", "1"]) == 1
    assert "Nothing was saved (--save FILE keeps a game to resume)" in capsys.readouterr().out


def test_ctrl_c_without_save_says_nothing_was_saved(monkeypatch, capsys):
    def interrupted(prompt=""):
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)
    assert main(["play", "--agents", "human,random", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "stopped: interrupted. Nothing was saved" in out


def test_the_log_counts_players_from_one(capsys):
    assert main(["play", "--seed", "2", "--stop-after", "60", "--log"]) == 0
    out = capsys.readouterr().out
    assert "P1 " in out and "player 0" not in out and "player 1 " not in out


def test_a_save_keeps_each_seats_agent_and_load_uses_them(tmp_path, monkeypatch, capsys):
    save = tmp_path / "g.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    assert main(["play", "--agents", "human,random", "--seed", "1", "--save", str(save)]) == 1
    out = capsys.readouterr().out
    assert f"resume with --load {save}" in out and out.count("resume") == 1  # one clear message
    assert json.loads(save.read_text())["agents"] == ["human", "random"]
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "--load", str(save)]) == 1  # the human seat asks again, no agent takes over
    out = capsys.readouterr().out
    assert "agents from the save: P1 human, P2 random" in out and "stopped: the input ended" in out


def test_the_log_says_what_each_line_gained_and_paid(capsys):
    assert main(["play", "--seed", "2", "--stop-after", "80", "--log"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^    P\d: .*[+-]\d+ \w+", out, re.M)  # a gain or payment under the line that caused it
    assert "phase 2: Harvest" in out and "→" in out


def test_dice_questions_say_what_can_be_paid_and_tiles_show_their_shape(content):
    game = Game.load(content, record_until(content, 0, lambda d: d.player == 0 and d.kind == "reroll"))
    keys = Keys()
    with pytest.raises(EOFError):
        HumanAgent(keys.read, keys.write).answer(game, game.decision)
    assert re.search(r"\(you can (pay per pip with|add per item): .*\(\d+ in all\)\)", keys.text)
    game = Game.load(content, record_until(content, 0, p1_places_turned))
    keys = Keys()
    with pytest.raises(EOFError):
        HumanAgent(keys.read, keys.write).answer(game, game.decision)
    assert "as it lies unturned:" in keys.text and "[]" in keys.text


def test_vikings_in_the_terminal_counts_players_from_one_refuses_short_and_stops_with_one_message(tmp_path, monkeypatch, capsys):
    with pytest.raises(SystemExit) as refused:  # the first game's flag is no option of a ruleset's play
        main(["--game", "vikings", "play", "--short"])
    assert refused.value.code != 0
    assert "unrecognized arguments: --short" in capsys.readouterr().err
    assert main(["--game", "vikings", "play", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^\s+P1\s", out, re.M) and ("winner: P" in out or "shared win: P" in out) and "player 0" not in out
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n?\n"))
    save = tmp_path / "v.json"
    assert main(["--game", "vikings", "play", "--agents", "human,random", "--save", str(save)]) == 1
    out = capsys.readouterr().out
    assert "P1, round 1:" in out and "P1, your choice (? for help)" in out and "a number or an option's key" in out
    assert out.count("stopped") == 1 and f"resume with --load {save}" in out and "Nothing was saved" not in out


def test_phases_pass_with_what_each_player_gained(content):
    from rulesdsl.agents import RandomAgent

    game = Game(content, OPTIONS, 1)
    person = HumanAgent(Keys("pass").read, lambda text="": None)
    others = RandomAgent(7)
    while game.decision.player != 0:
        game.answer(others.answer(game, game.decision))
    game.answer(person.answer(game, game.decision))
    start_round = game.state.round
    keys = Keys()
    person.read, person.write = keys.read, keys.write
    while game.decision is not None and (game.state.round == start_round or game.decision.player != 0):
        game.answer(others.answer(game, game.decision))
    with pytest.raises(EOFError):
        person.answer(game, game.decision)
    text = keys.text
    assert "· phase 2: Harvest" in text
    harvest = text.split("· phase 2: Harvest", 1)[1].split("  · ", 1)[0]
    assert re.search(r"P\d: \+\d+ \w+", harvest), harvest  # the harvest's amounts under its line
