"""`validate` for new authors: another game's statements refused in a card, `with N vikings`
bounded by the columns, and every parse error says what was expected, with a hint for the
common near-misses."""

import pytest

from rulesdsl.cli import main

CARD = "number: 950\ndeck: A\nstarting: false\nname: X\npoints: 0\ncategory: immediate\ntext: x\neffect: |\n  {}\n"


def _validate(tmp_path, capsys, effect: str) -> str:
    (tmp_path / "cards").mkdir(exist_ok=True)
    (tmp_path / "cards" / "950.yaml").write_text(CARD.format(effect), encoding="utf-8")
    assert main(["validate", str(tmp_path)]) == 1
    return capsys.readouterr().err


@pytest.mark.parametrize("effect, message", [
    ("lose 2 silver", "9:3: 'lose' is a statement of another game's rules, not of this game; to give up goods write 'pay 2 silver'"),
    ("auction silver", "9:3: 'auction' is a statement of another game's rules, not of this game"),
    ("when vikings_placed with 7 vikings: gain 1 wood", "9:23: 'with 7 vikings': a space takes 1 to 4 Vikings (its column)"),
    ("each time after phase feast: gain 1 wood", "hint: a timing point starts with when, before, after or instead of"),
    ("exchange 2 hides for 1 silver", "hint: an exchange is written cost -> result, e.g. 'pay 2 hides -> gain 1 silver'"),
    ("anytime: pay 1 wood -> gain 1 silver", "9:10: unexpected ':'; expected ',', end of line; hint: anytime says how often"),
])
def test_near_misses_are_refused_with_a_hint(tmp_path, capsys, effect, message):
    err = _validate(tmp_path, capsys, effect)
    assert message in err
    assert "expected one of: \n" not in err and "expected one of: ;" not in err


def test_a_parse_error_never_lists_nothing_as_expected():
    from rulesdsl.lang.parser import _expected_text

    assert _expected_text([]).startswith("expected a statement (gain, pay, ...)")


def test_the_second_game_still_uses_its_own_statements(capsys):
    assert main(["validate"]) == 0
