"""`rulesdsl render game.json [--step N]`: the whole table of a saved game as SVG or PNG."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from rulesdsl.cli import main
from rulesdsl.games.feast.engine.game import Game
from rulesdsl.view.table import table_svg
from tests.web_helpers import whole_game

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def saved(tmp_path_factory, content):
    path = tmp_path_factory.mktemp("game") / "game.json"
    path.write_text(json.dumps(whole_game(content, 0)), encoding="utf-8")
    return path


def test_the_table_at_a_step_is_drawn_whole(saved, tmp_path, content, capsys):
    out = tmp_path / "table.svg"
    assert main(["render", str(saved), "--step", "120", "-o", str(out)]) == 0
    assert "the table after 120 answers" in capsys.readouterr().out
    root = ET.parse(out).getroot()
    game = Game.load(content, dict(json.loads(saved.read_text()), answers=json.loads(saved.read_text())["answers"][:120]))
    spaces = root.findall(f".//{SVG}g[@class='space']")
    assert len(spaces) == len(game.flow.spaces_in_play())
    vikings = sum(1 for g in spaces for c in g.findall(f"{SVG}circle"))
    assert vikings == sum(len(v) for v in game.state.occupancy.values())
    players = root.findall(f".//{SVG}g[@class='player']")
    assert len(players) == 2
    boards = root.findall(f".//{SVG}svg[@class='board']")
    assert {b.get("data-board") for b in boards} >= {"home"}
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "a" in texts and "12" in texts  # column letters and row numbers
    assert any(t and t.startswith("Round ") for t in texts) and "Legend" in texts
    assert any(t and "Mountain strips" in t for t in texts) and any(t and t.startswith("banquet table") for t in texts)
    hand = game.state.players[0].hand + game.state.players[0].played
    assert any(content.occupations[hand[0]].name in (t or "") for t in texts)


def test_png_and_bad_steps(saved, tmp_path, capsys):
    pytest.importorskip("cairosvg")
    out = tmp_path / "table.png"
    assert main(["render", str(saved), "-o", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["render", str(saved), "--step", "100000"]) == 1
    assert "outside the game: it has steps 0 to" in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert main(["render", str(broken)]) == 1
    assert "broken.json:1:2: invalid JSON" in capsys.readouterr().err  # located by the bounded reader


def test_a_game_over_is_captioned(content):
    game = Game.load(content, whole_game(content, 0))
    assert "game over" in table_svg(game)


def test_a_board_rendered_to_png_is_a_png(tmp_path, capsys):
    pytest.importorskip("cairosvg")
    out = tmp_path / "x.png"
    assert main(["render", "shetland", "-o", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and "PNG" in capsys.readouterr().out
    assert main(["render", "examples/home_income_5.yaml", "-o", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_show_prints_words_and_boards_not_reprs(capsys):
    assert main(["show", "shetland"]) == 0
    out = capsys.readouterr().out
    assert "Area(" not in out and "IncomeLine(" not in out and "('" not in out
    assert "explore ships: whaling boat, knarr, longship" in out and "squares (as `rulesdsl render` draws them):" in out
    assert main(["show", "home_long"]) == 0  # every board `render` draws
    out = capsys.readouterr().out
    assert out.startswith("board home_long: ") and "a b c d" in out


def test_the_serve_install_hint_is_the_readmes(monkeypatch):
    import builtins
    from pathlib import Path

    from rulesdsl.errors import RulesError
    from rulesdsl.web import serve

    real = builtins.__import__

    def without_flask(name, *args, **kwargs):
        if name == "rulesdsl.web.app" or name.startswith("flask"):
            raise ImportError("No module named 'flask'")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", without_flask)
    with pytest.raises(RulesError) as err:
        serve("127.0.0.1", 0)
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    hint = "pip install -e '.[web]'"
    assert hint in str(err.value) and hint in readme
