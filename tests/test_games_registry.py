"""The registry of games: every front end finds a game through it, and a third game plugs in
through the `rulesdsl.games` entry point of its own distribution, with no edit to rulesdsl."""

from pathlib import Path

import pytest

import rulesdsl
from rulesdsl.agents import registry as agents
from rulesdsl.authoring.analysis import other_games_keywords
from rulesdsl.cli import main
from rulesdsl.errors import CardSyntaxError, RulesError
from rulesdsl.games import registry
from rulesdsl.games.seats import agent_seed, play_agents
from rulesdsl.lang.parser import parse, reserved_words
from rulesdsl.lang.printer import to_text
from rulesdsl.view import present

HERE = Path(__file__).resolve().parent


def test_the_built_in_games_and_their_plug_ins():
    assert rulesdsl.games()[:2] == ["feast", "vikings"]
    assert registry.plugin_for("feast").key == "feast" and registry.plugin_for("vikings").key == "tableau"
    assert registry.plugin_for(str(HERE.parent / "boards" / "vikings")).key == "tableau"  # a ruleset folder
    with pytest.raises(RulesError, match="no game 'chess': games are feast, vikings or a folder with a ruleset.yaml"):
        registry.plugin_for("chess")
    assert agents.names("vikings") == ["random", "greedy", "search", "human"]
    assert agents.default_agent("feast") == agents.DEFAULT == "fast"
    with pytest.raises(RulesError, match="unknown agent 'learned': use one of random, greedy, search, human"):
        agents.make_agent("learned", 1, game="vikings")


def test_agents_are_seeded_by_seat_and_answer_until_a_person_must():
    assert [agent_seed(3, seat) for seat in range(3)] == [3 * 7919, 3 * 7919 + 1, 3 * 7919 + 2]
    game = rulesdsl.open_game("vikings", players=2, seed=1).engine_game
    made, _ = agents.make_agents("random", 2, 1, game="vikings")
    given = play_agents(game, [made[0], None])  # seat 2 is a person's: the agent answers until it is asked
    assert game.decision.player == 1 and len(game.log) == given
    assert play_agents(game, made, limit=5) == 5 and len(game.log) == given + 5


def test_a_third_game_plugs_in_through_its_entry_point(third_game, capsys):
    assert "nim" in rulesdsl.games()
    game = rulesdsl.open_game("nim", players=2, seed=3)
    assert game.decision.prompt == "take sticks (10 left)" and game.legal() == ["1", "2", "3"]
    with pytest.raises(rulesdsl.IllegalMove):
        game.answer("4")
    trial = game.fork()
    trial.answer("3")
    assert game.legal() == ["1", "2", "3"] and trial.decision.prompt == "take sticks (7 left)"
    while not game.over:
        game.answer(game.legal()[0])
    assert [row["winner"] for row in game.scores()] == [False, True]  # ten single sticks: the second player takes the last
    assert rulesdsl.load_game(game.save()).save() == game.save()


def test_a_third_games_own_section_of_the_card_language_needs_no_edit_outside_its_module(third_game, content):
    """Nim's rule is written in a section of the card language of its own (its grammar rule,
    node, builder and printer in tests/third_game/nim.py only), registered through the registry."""
    assert "sticks" not in (HERE.parent / "grammar" / "card.lark").read_text()
    assert "sticks" not in reserved_words()  # not before the registry is asked for Nim
    game = rulesdsl.open_game("nim", players=2, seed=3)
    assert game.legal() == ["1", "2", "3"]  # from its rule `take 1 to 3 sticks`, read by the parser
    assert "sticks" in reserved_words()
    take = parse("take 2 to 4 sticks\n").items[0]
    assert type(take).__name__ == "TakeSticks" and (take.least, take.most) == (2, 4)
    assert to_text(parse("take  2  to 4 sticks")) == "take 2 to 4 sticks\n"
    assert to_text(parse("gain 1 silver\n")) == "gain 1 silver\n"  # the language's own statements still read
    assert {"sticks", "auction"} <= other_games_keywords(content)  # not offered to a first-game card


def test_a_reader_meeting_a_third_games_statement_asks_the_registry(third_game):
    """A reader (`rulesdsl fmt`, the language server) that meets Nim's statement before Nim is
    opened: the parser asks the registry, whose plug-ins register their sections, and reads it again."""
    assert type(parse("take 1 to 2 sticks\n").items[0]).__name__ == "TakeSticks"


def test_without_the_third_game_its_statement_is_no_statement():
    """Once the third game's distribution is gone its section is too (the fixture puts the
    sections back): the text is refused."""
    with pytest.raises(CardSyntaxError, match="1:19: unexpected end of line; expected 'from'"):  # the language's own take
        parse("take 1 to 3 sticks\n")
    assert "sticks" not in reserved_words()


def test_the_game_neutral_commands_play_a_third_game_and_say_what_it_lacks(third_game, capsys, tmp_path):
    save = tmp_path / "nim.json"
    assert main(["--game", "nim", "play", "--players", "2", "--stop-after", "2", "--save", str(save)]) == 0
    assert capsys.readouterr().out.splitlines() == [f"saved 2 answers to {save}",
                                                    f"the game is not over; resume it with --load {save}"]
    assert main(["--game", "nim", "play", "--load", str(save)]) == 0  # resumed by the same command, then scored
    lines = capsys.readouterr().out.splitlines()  # the plug-in draws no table: the one of its scores' columns
    assert [line.split() for line in lines] == [["player", "agent", "sticks"], ["P1", "greediest", "6"],
                                                ["P2", "greediest", "4"], ["winner:", "P2"]]  # P2 took the last stick
    assert main(["--game", "nim", "show", "take"]) == 0
    assert capsys.readouterr().out == "take: take 1 to 3 sticks of 10; who takes the last stick wins\n"
    assert main(["--game", "nim", "show", "heap"]) == 1
    assert capsys.readouterr().err.strip() == "error: Nim has one item, take; nothing is called 'heap'"
    offered = "its commands: play, show"  # no web hooks: no serve; no simulation hooks: no simulate
    for argv, lacks in ((["validate"], "nim has no content to validate"), (["scenario", "x.yaml"], "nim has no scenarios"),
                        (["render", "game.json"], "nim has no table to draw from a saved game"),
                        (["cards"], "nim has no `cards` command"), (["play", "--log"], "nim keeps no log to print")):
        assert main(["--game", "nim", *argv]) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"error: {lacks}") and (offered in err or "--log" in argv), err


def test_interactions_go_through_the_registry_and_a_game_without_them_is_refused(third_game, capsys):
    assert main(["--game", "nim", "interactions"]) == 1
    err = capsys.readouterr().err.strip()
    assert err == ("error: nim has no interactions to check; the games that have them: feast, vikings "
                   "(--game NAME interactions); its commands: play, show")
    assert main(["--game", "vikings", "interactions"]) == 0  # the same command, the ruleset's own check
    assert "Exchange cycles that make something out of nothing: none" in capsys.readouterr().out
    assert main(["interactions", "1", "2"]) == 0
    assert "Shared value: silver_cost" in capsys.readouterr().out


def test_balance_is_the_first_games_own_command_and_a_game_without_it_is_refused(third_game, capsys):
    assert "balance" in registry.plugin_for("feast").commands.more  # its own command, found through its plug-in
    assert all("balance" not in plugin.commands.more for plugin in registry.plugins() if plugin.key != "feast")
    assert main(["--game", "nim", "balance", "1"]) == 1
    assert capsys.readouterr().err.strip() == ("error: nim has no `balance` command; the games that have it: feast "
                                               "(--game NAME balance); its commands: play, show")


def test_a_game_without_simulation_hooks_is_not_simulated(third_game, capsys):
    assert main(["--game", "nim", "simulate", "--games", "1"]) == 1
    assert capsys.readouterr().err.strip() == "error: nim has nothing to simulate; the games simulated: feast, vikings"


def test_a_game_without_web_hooks_is_refused_before_a_server_starts(third_game, capsys, monkeypatch):
    started = []
    monkeypatch.setattr("rulesdsl.cli.serve", lambda *args, **kwargs: started.append(kwargs["game"]))
    assert main(["--game", "nim", "serve", "--port", "0"]) == 1
    assert capsys.readouterr().err.strip() == ("error: nim has no web table to serve; the games that have one: feast, "
                                               "vikings (--game NAME serve); its commands: play, show")
    assert started == []  # refused at once: nothing listens with pages that would all be 404
    assert main(["--game", "vikings", "serve", "--port", "0"]) == 0  # a game with a table: served, offered first
    assert main(["serve", "--port", "0"]) == 0
    assert started == ["vikings", None]


def test_the_shared_views_find_a_games_view_hooks_through_the_registry(third_game):
    """rulesdsl.view.present imports no game: what only a game's engine counts (a player's state
    as text, a dice hint, what a refused space needs) it asks of the plug-in that owns the game."""
    feast = rulesdsl.open_game("feast", players=2, seed=1).engine_game
    assert registry.view_of(feast) is registry.plugin_for("feast").view
    assert present.player_lines(feast, 0)[0].startswith("P1 (")
    for other in (rulesdsl.open_game("nim", players=2, seed=1).engine_game, object()):  # no plug-in shows them
        with pytest.raises(RulesError, match="no plug-in shows a game of type [A-Za-z]+; plug-ins with views: feast$"):
            present.player_lines(other, 0)


def test_the_game_neutral_parts_pass_mypy_strict():
    mypy = pytest.importorskip("mypy.api")
    files = ["games/registry.py", "games/seats.py", "games/options.py", "games/feast/__init__.py", "games/tableau/__init__.py",
             "games/commands.py", "games/command_args.py", "games/play_command.py",
             "agents/registry.py", "sim/command.py", "sim/report.py", "sim/report_html.py"]
    out, err, status = mypy.run(["--strict", "--follow-imports=silent", "--no-incremental",
                                 *(str(HERE.parent / "rulesdsl" / f) for f in files)])
    assert status == 0, out + err
