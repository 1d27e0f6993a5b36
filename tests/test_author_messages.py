"""Messages a card author meets: misspelled keywords, positions in every scalar style,
replacing and removing built-in items, and what `validate` says a variant changed."""

import pytest

from rulesdsl.cli import main
from rulesdsl.content.loader import load_content
from rulesdsl.errors import CardSyntaxError, ContentError
from rulesdsl.lang.parser import parse

CARD = """number: 900
deck: A
starting: false
name: Tester
points: 0
category: each_time
text: Gain mead after the feast.
effect: {effect}
"""


def problems_of(root):
    with pytest.raises(ContentError) as info:
        load_content([root])
    return [(p.location.path.rsplit("/", 1)[-1], p.location.line, p.location.column, p.message) for p in info.value.problems]


@pytest.mark.parametrize("text, line, column, message", [
    ("aftr phase feast: gain 1 mead", 1, 1, "unexpected 'aftr'; did you mean 'after'?"),
    ("wehn vikings_placed: gain 1 mead", 1, 1, "unexpected 'wehn'; did you mean 'when'?"),
    ("gian 1 mead", 1, 1, "unexpected 'gian'; did you mean 'gain'?"),
    ("after phase feast:\n  gian 1 mead\n", 2, 3, "unexpected 'gian'; did you mean 'gain'?"),
    ("before phase feast: pya 1 silver -> gain 1 mead", 1, 21, "unexpected 'pya'; did you mean 'pay'?"),
])
def test_a_misspelled_keyword_is_named_with_the_keyword_meant(text, line, column, message):
    with pytest.raises(CardSyntaxError) as info:
        parse(text)
    assert (info.value.line, info.value.column, info.value.message) == (line, column, message)


def test_a_misspelled_name_that_is_no_keyword_keeps_the_grammar_message():
    with pytest.raises(CardSyntaxError) as info:
        parse("gain 1 ")
    assert info.value.message == "unexpected end of line; expected a capitalised name (S, G ...), a name"


@pytest.mark.parametrize("effect, line, column", [
    ("gain 1 meed", 8, 16),                                         # plain
    ("gain 1\n  meed", 9, 3),                                       # plain over two lines
    ('"after phase feast: gain 1 meed"', 8, 36),                    # double-quoted
    ("'after phase feast: gain 1 meed'", 8, 36),                    # single-quoted
    ("|\n  after phase feast:\n    gain 1 meed", 10, 12),           # literal
    (">\n  after phase feast:\n  gain 1 meed", 10, 10),             # folded, one line of text
])
def test_positions_are_right_for_every_scalar_style(variant, effect, line, column):
    variant.write("cards/occupations/A/900-tester.yaml", CARD.format(effect=effect))
    [(name, got_line, got_column, message)] = problems_of(variant.root)
    assert message == "unknown item 'meed'; did you mean 'mead'?"
    assert (name, got_line, got_column) == ("900-tester.yaml", line, column)


def test_a_folded_effect_over_several_lines_points_into_the_right_line(variant):
    variant.write("cards/occupations/A/900-tester.yaml", CARD.format(effect=">\n  after phase feast:\n  gain\n  1 meed"))
    assert problems_of(variant.root) == [("900-tester.yaml", 11, 5, "unknown item 'meed'; did you mean 'mead'?")]


SHEEP = """spaces:
  - id: buy_sheep_2
{replaces}    name: Free sheep
    group: livestock_market
    column: 2
    row: 5
    effect: gain 1 sheep
"""


def test_reusing_a_built_in_id_without_replaces_is_refused_naming_both_files(variant):
    variant.write("boards/sheep.yaml", SHEEP.format(replaces=""))
    assert problems_of(variant.root) == [
        ("sheep.yaml", 2, 9, "spaces 'buy_sheep_2' is already defined at boards/action_board.yaml:175:9; add 'replaces: true' to replace it")]


def test_reusing_a_card_number_without_replaces_is_refused(variant):
    variant.write("cards/occupations/A/001-peddler.yaml", CARD.format(effect="gain 1 mead").replace("900", "1"))
    assert problems_of(variant.root) == [
        ("001-peddler.yaml", 1, 9, "occupations '1' is already defined at cards/occupations/A/001-peddler.yaml:2:9; add 'replaces: true' to replace it")]


def test_replaces_with_nothing_to_replace_is_refused(variant):
    variant.write("boards/sheep.yaml", SHEEP.format(replaces="    replaces: true\n").replace("buy_sheep_2", "buy_goat_2"))
    assert problems_of(variant.root) == [
        ("sheep.yaml", 3, 15, "'replaces: true' but no earlier content defines spaces 'buy_goat_2'")]


def test_an_error_caused_by_a_removal_points_at_the_remove_line(variant):
    variant.write("boards/r.yaml", "# no beans in this variant\nremove:\n  goods: [peas, beans]\n")
    problems = problems_of(variant.root)
    assert ("r.yaml", 3, 17, "removing goods 'beans' breaks boards/goods.yaml:90:17: unknown good 'beans'") in problems
    assert all(p[:3] == ("r.yaml", 3, 17) or p[:3] == ("r.yaml", 3, 11) for p in problems)
    assert ("r.yaml", 3, 11, "removing goods 'peas' breaks boards/goods.yaml:75:17: unknown good 'peas'") in problems


def test_validate_prints_what_each_variant_added_replaced_and_removed(variant, tmp_path, capsys):
    variant.write("boards/sheep.yaml", "remove:\n  spaces: [stockfish_1]\n" + SHEEP.format(replaces="    replaces: true\n"))
    variant.write("cards/occupations/A/900-tester.yaml", CARD.format(effect="gain 1 mead"))
    second = tmp_path / "second"
    (second / "boards").mkdir(parents=True)
    (second / "boards" / "r.yaml").write_text("remove:\n  occupations: [900]\n")
    assert main(["validate", str(variant.root), str(second)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1:] == [
        f"{variant.root}: 1 added, 1 replaced, 1 removed",
        "  added     occupations 900",
        "  replaced  spaces buy_sheep_2",
        "  removed   spaces stockfish_1",
        f"{second}: 0 added, 0 replaced, 1 removed",
        "  removed   occupations 900",
    ]
