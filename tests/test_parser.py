"""The parser builds the intended trees and refuses bad text with a located, readable reason."""

import pytest

from rulesdsl.errors import CardSyntaxError
from rulesdsl.lang import tree as t
from rulesdsl.lang.parser import parse, reserved_words
from rulesdsl.lang.printer import to_text


def error_of(text):
    with pytest.raises(CardSyntaxError) as info:
        parse(text)
    return info.value.line, info.value.column, info.value.message


def test_a_hook_with_a_condition_and_a_gain():
    program = parse("before phase income:\n  if count(my vikings on group crafting) >= 5: gain 1 oil\n")
    (hook,) = program.items
    assert hook.timing == "before" and hook.event == t.Event("phase", "income")
    (if_stmt,) = hook.body
    assert if_stmt.cond == t.Compare(">=", t.Query("count", t.Selector("my", (("vikings",),), (t.OnMod(t.GroupPlace(("crafting",))),))), t.Num(5))
    assert if_stmt.then == (t.Acquire("gain", t.Bundle(((t.Item(t.IntAmount(1), ("oil",)),),))),)


def test_slash_alternatives_keep_their_positions():
    (stmt,) = parse("pay 2/4/6 silver -> gain 1/2/3 hide").items
    assert stmt.cost.parts[0][0].amount == t.SlashAmount((2, 4, 6))
    assert stmt.results[0].bundle.parts[0][0].amount == t.SlashAmount((1, 2, 3))
    (table,) = parse("by count(my longships) = 1/2/3+: gain 1 silk/jewelry/silver_hoard").items
    assert table.keys == (1, 2, 3) and table.open_top
    assert table.body[0].bundle.parts[0][0] == t.Item(t.IntAmount(1), ("silk", "jewelry", "silver_hoard"), slash=True)


def test_or_binds_tighter_than_and_in_bundles():
    (stmt,) = parse("pay 3 wood and 1 wool or 1 linen -> gain 1 longship").items
    assert [len(part) for part in stmt.cost.parts] == [1, 2]


def test_semicolons_and_lines_give_the_same_tree():
    assert parse("gain 1 oil; gain 1 wood") == parse("gain 1 oil\ngain 1 wood\n")


def test_positions_are_recorded_but_not_compared():
    a = parse("gain 1 oil")
    b = parse("\n# a comment\ngain   1   oil  # another")
    assert a == b
    assert a.items[0].pos == t.Pos(1, 1)
    assert b.items[0].pos == t.Pos(3, 1)


def test_words_that_are_also_names_stay_usable_as_names():
    program = parse("gain 1 silver and 1 ore\nemigrate for (round) silver\nreturn 2 vikings from this space\nharvest up to 3\n")
    assert [type(s).__name__ for s in program.items] == ["Acquire", "Emigrate", "ReturnVikings", "Harvest"]
    assert parse("before phase harvest: gain 1 oil").items[0].event.name == "harvest"


def test_soft_keywords_are_checked():
    assert error_of("emigrate for 2 gold") == (1, 16, "unexpected 'gold'; expected 'silver'")
    assert error_of("return 1 goat from this space") == (1, 10, "unexpected 'goat'; expected 'vikings'")


def test_unexpected_token_names_what_was_expected():
    line, column, message = error_of("gain 1 oil\npay -> gain 1 oil")
    assert (line, column) == (2, 5)
    assert message.startswith("unexpected '->'; expected ")
    assert "a number" in message


def test_unexpected_character():
    assert error_of("gain 1 oil!") == (1, 11, "unexpected character '!'; expected ',', '->', '/', ';', '|', a name, end of line")


def test_missing_block_after_colon():
    assert error_of("if round >= 2:\ngain 1 oil") == (2, 1, "expected an indented block after the ':' ending line 1")


def test_unexpected_indentation():
    assert error_of("gain 1 oil\n    gain 2 oil") == (2, 5, "unexpected indentation: only a line ending in ':' opens an indented block")


def test_inconsistent_dedent():
    assert error_of("if round >= 2:\n    gain 1 oil\n  gain 2 oil") == (3, 3, "this line's indentation does not match any enclosing block")


def test_unexpected_end_of_text():
    line, column, message = error_of("gain")
    assert (line, column) == (1, 5)
    assert message.startswith("unexpected end of line; expected ")


def test_duplicate_dice_clause():
    assert error_of("dice x with d8 low:\n  success: gain 1 oil\n  success: gain 2 oil") == (3, 3, "the dice action already has a 'success' clause")


def test_slash_table_must_use_equals():
    assert error_of("by round >= 1/2: gain 1/2 oil")[2] == "a slash table compares with '=', not '>='"


def test_anytime_needs_once_or_repeatable():
    line, column, message = error_of("anytime: gain 1 oil")
    assert (line, column) == (1, 8)
    assert "','" in message


def test_tabs_count_as_eight_spaces():
    assert parse("if round >= 2:\n\tgain 1 oil") == parse("if round >= 2:\n        gain 1 oil")


def test_reserved_words_are_the_keywords():
    words = reserved_words()
    assert {"gain", "pay", "on", "of", "with", "dice", "once"} <= words
    assert not {"silver", "ore", "harvest", "vikings", "round"} & words


def test_canonical_text_of_a_block():
    text = "choose one:\n  pay 2 stone and 2 wood -> build 1 stone_house and 1 longship\n  pay 2 stone and 2 wood -> build 1 long_house and 1 knarr\n"
    assert to_text(parse(text)) == text
    assert to_text(parse("gain 1 hide, 1 game_meat")) == "gain 1 hide and 1 game_meat\n"


def test_non_text_input_is_refused():
    with pytest.raises(CardSyntaxError):
        parse(None)
