"""Printing then parsing gives back the same tree, for generated trees and every real effect."""

from hypothesis import given

from rulesdsl.lang.parser import parse
from rulesdsl.lang.printer import to_text
from tests.strategies import fuzz_settings, programs


@fuzz_settings(400)
@given(programs())
def test_print_then_parse_is_the_identity(program):
    text = to_text(program)
    assert parse(text) == program, text


@fuzz_settings(200)
@given(programs())
def test_canonical_text_is_a_fixed_point(program):
    text = to_text(program)
    assert to_text(parse(text)) == text


def test_every_real_effect_round_trips(content):
    for key, program in content.programs.items():
        assert parse(to_text(program)) == program, key
