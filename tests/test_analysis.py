"""What the language server offers, without the protocol: completions by grammar context,
hover text, definitions and the inverse of text positions."""

import pytest

from rulesdsl.authoring.analysis import canonical_statement, completions, definition, describe_name, word_at
from rulesdsl.content.yamlfile import parse_yaml_text

CARD = "number: 900\neffect: |\n  {}\n"


def labels(content, typed: str) -> list[str]:
    return [c.label for c in completions(CARD.format(typed), 3, 3 + len(typed), content)]


@pytest.mark.parametrize("typed, expected, absent", [
    ("after action on group ", {"hunting", "crafting"}, {"mead", "feast"}),
    ("after action on space stock", {"stockfish_1"}, {"hunting", "build_shed_1"}),
    ("modify ", {"silver_cost", "die_result"}, {"mead"}),
    ("when dice_started for ", {"raiding", "whaling"}, {"mead"}),
    ("when received how ", {"bought", "born"}, {"mead"}),
    ("before phase feast if ", {"round", "players", "count", "not"}, {"feast"}),
    ("gain 1 silver", {"silver", "silverware"}, {"mead"}),
    ("af", {"after", "after"}, {"anytime"}),
])
def test_completions_fit_the_place_in_the_grammar(content, typed, expected, absent):
    found = set(labels(content, typed))
    assert expected <= found and not absent & found


def test_nothing_is_offered_outside_effect_text(content):
    assert completions(CARD.format("gain 1 "), 1, 3, content) == []


def test_hover_parts(content):
    assert describe_name("hunting", content) == "group `hunting`: Hunting (defined at boards/action_board.yaml:20:10)"
    assert describe_name("mountain_taken", content) == \
        "event `mountain_taken`: you took items from mountain strips (once per occasion)"
    assert describe_name("choose", content) == "keyword `choose` of the card language (docs/LANGUAGE.md)"
    assert describe_name("nonsense", content) is None
    text = "number: 900\neffect: |\n  gain   1 mead\n  after phase feast:   gain 1 oil\n"
    assert canonical_statement(text, 4, 25) == "after phase feast: gain 1 oil\n"
    assert canonical_statement(text, 3, 4) == "gain 1 mead\n"


def test_definition_and_words(content):
    text = "number: 900\neffect: after action on space stockfish_1: gain 1 mead\n"
    assert str(definition(text, 2, 33, content)) == "boards/action_board.yaml:149:9"
    assert word_at(text, 2, 31) == ("stockfish_1", 31, 42)
    assert word_at(text, 2, 42) == ("stockfish_1", 31, 42)  # just after the word still names it


@pytest.mark.parametrize("text, path, file_position, text_position", [
    ("effect: |\n  gain 1\n  mead\n", ("effect",), (3, 4), (2, 2)),
    ("effect: >\n  gain 1\n  mead\n", ("effect",), (3, 4), (1, 9)),
    ("effect: 'gain 1 mead'\n", ("effect",), (1, 12), (1, 3)),
    ("effect: gain 1 mead\n", ("effect",), (1, 9), (1, 1)),
    ("effect: gain 1 mead\n", ("effect",), (1, 3), None),
])
def test_text_position_is_the_inverse_of_text_location(text, path, file_position, text_position):
    doc = parse_yaml_text(text, "t.yaml")
    assert doc.text_position(path, *file_position) == text_position
    if text_position is not None:
        location = doc.text_location(path, *text_position)
        assert (location.line, location.column) == file_position
