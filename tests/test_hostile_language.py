"""Hostile card-language content (issue 35, the card-language door): effects that set
themselves off without end, work that grows through aliases (effect text, grid squares),
numbers of thousands of digits. Each must end in a located error, never a crash or a hang."""

from __future__ import annotations

import json
import time

import pytest

from rulesdsl.cli import main
from rulesdsl.content import models

CARD = "number: {n}\ndeck: A\nname: {name}\npoints: 0\ncategory: immediate\nstarting: false\ntext: t\neffect: |\n  {effect}\n"


def _card(variant, n: int, name: str, effect: str):
    return variant.write(f"cards/occupations/A/{n}-{name.lower()}.yaml", CARD.format(n=n, name=name, effect=effect))


# ------------------------------------------------------------------ runaway rules, found before any game
def test_an_effect_gaining_what_it_listens_to_is_found_by_validate(capsys, variant):
    _card(variant, 900, "Echo", "when received of silver: gain 1 silver")
    assert main(["validate", "--content", str(variant.root)]) == 1
    err = capsys.readouterr().err
    assert "900-echo.yaml:9:3: these effects set each other off without end: Echo (card 900) -> Echo (card 900)" in err


def test_two_effects_feeding_each_other_are_found_and_both_named(capsys, variant):
    _card(variant, 900, "Ping", "when received of silver: gain 1 wood")
    _card(variant, 901, "Pong", "when received of wood: gain 1 silver")
    assert main(["interactions", "900", "901", "--content", str(variant.root)]) == 1
    err = capsys.readouterr().err
    assert "Ping (card 900)" in err and "Pong (card 901)" in err and "without end" in err


def test_a_guarded_or_once_only_trigger_is_no_loop(capsys, variant):
    _card(variant, 900, "Once", "once when received of silver: gain 1 silver")
    _card(variant, 901, "Other", "when received of wood: gain 1 silver")
    assert main(["validate", "--content", str(variant.root)]) == 0


# ------------------------------------------------------------------ runaway rules, stopped in the game
def test_a_loop_the_checker_cannot_see_stops_the_game_with_a_located_rules_error(capsys, variant, tmp_path):
    variant.write("boards/loop.yaml", "rules:\n  - id: echo\n    name: Echo of silver\n    effect: |\n"
                                      "      when received of silver if round >= 1: gain 1 silver\n")
    assert main(["validate", "--content", str(variant.root)]) == 0  # the condition hides it from the checker
    capsys.readouterr()
    save = tmp_path / "game.json"
    code = main(["play", "--content", str(variant.root), "--agents", "random,random", "--save", str(save)])
    out, err = capsys.readouterr()
    assert code == 1
    assert "loop.yaml:5:7: rules error: effects set each other off" in err and "Echo of silver" in err
    record = json.loads(save.read_text())  # the game up to the answer that set it off is saved
    assert "saved" in out and isinstance(record["answers"], list)


def test_the_web_table_refuses_a_looping_variant_and_lists_no_half_made_game(variant):
    pytest.importorskip("flask_wtf")
    from rulesdsl.web.app import create_app
    from tests.web_helpers import csrf_client

    variant.write("boards/loop.yaml", "rules:\n  - id: echo\n    name: Echo of silver\n    effect: |\n"
                                      "      when received of silver if round >= 1: gain 1 silver\n")
    app = create_app(roots=(str(variant.root),))
    client = csrf_client(app)
    response = client.post("/new", data={"players": "2", "agent0": "random", "agent1": "random", "variants": "variant"})
    assert response.status_code == 400 and "set each other off" in response.text
    assert app.extensions["rulesdsl_tables"].sessions == {}


# ------------------------------------------------------------------ work after aliases
def test_aliases_of_a_long_effect_are_counted_in_full(tmp_path, variant):
    effect = "gain 1 wood\n" + "gain 1 stone\n" * 300  # ~4,000 characters, as the report's
    lines = ["rules:", "  - id: r0", "    name: R", "    effect: &e |", *("      " + line for line in effect.splitlines())]
    lines += [f"  - {{id: r{n}, name: R, effect: *e}}" for n in range(1, 2500)]
    variant.write("boards/aliases.yaml", "\n".join(lines) + "\n")
    started = time.monotonic()
    code = main(["validate", "--content", str(variant.root)])
    assert code == 1 and time.monotonic() - started < 15


def test_aliased_effects_under_the_limit_are_parsed_once(variant):
    from rulesdsl.content.loader import load_content

    lines = ["rules:", "  - id: r0", "    name: R", "    effect: &e gain 1 wood"]
    lines += [f"  - {{id: r{n}, name: R, effect: *e}}" for n in range(1, 40)]
    variant.write("boards/aliases.yaml", "\n".join(lines) + "\n")
    content = load_content([str(variant.root)])
    assert len({id(content.programs[("rules", f"r{n}")]) for n in range(40)}) == 1


def test_the_effect_text_limit_is_reported_at_the_item(capsys, variant, monkeypatch):
    monkeypatch.setattr(models, "MAX_EFFECT_CHARS", models.BUILTIN_EFFECT_CHARS + 100)
    variant.write("boards/r.yaml", "rules:\n  - id: r\n    name: R\n    effect: " + "gain 1 wood; " * 20 + "\n")
    assert main(["validate", "--content", str(variant.root)]) == 1
    assert "characters in all" in capsys.readouterr().err


def test_one_aliased_row_cannot_make_a_huge_grid(capsys, variant):
    row = "'" + " ".join(["."] * 200) + "'"
    rows = ", ".join(["*r"] * 5000)
    variant.write("boards/grid.yaml", f"home_boards:\n  - id: huge\n    name: H\n    area: {{rules: home, rows: [&r {row}, {rows}]}}\n"
                                      "    feast_seats: 1\n    table_vikings: 0\n    thing_vikings: 0\n    ship_seats: 0\n"
                                      "    berths: {}\n    pens: []\n")
    started = time.monotonic()
    assert main(["validate", "--content", str(variant.root)]) == 1
    err = capsys.readouterr().err
    assert "grid.yaml:4:" in err and ("at most 100" in err or "characters once its aliases" in err)
    assert time.monotonic() - started < 15


# ------------------------------------------------------------------ numbers
def test_a_number_of_thousands_of_digits_in_an_effect_is_refused_at_its_place(capsys, variant):
    _card(variant, 901, "Big", "gain " + "9" * 3000 + " silver")
    assert main(["validate", "--content", str(variant.root)]) == 1
    assert "901-big.yaml:9:8: a number of 3000 digits" in capsys.readouterr().err


def test_a_number_beyond_pythons_digit_limit_in_a_field_is_refused_at_its_line(capsys, variant):
    variant.write("cards/occupations/A/902-x.yaml", CARD.format(n=902, name="X", effect="gain 1 silver").replace(
        "points: 0", "points: " + "9" * 5000))
    assert main(["validate", "--content", str(variant.root)]) == 1
    assert "902-x.yaml:4:9:" in capsys.readouterr().err
