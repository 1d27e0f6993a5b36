"""Printing then parsing gives back the same tree, for generated trees and every real effect."""

from hypothesis import HealthCheck, given, settings

from rulesdsl.lang.parser import parse
from rulesdsl.lang.printer import to_text
from tests.strategies import programs


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(programs())
def test_print_then_parse_is_the_identity(program):
    text = to_text(program)
    assert parse(text) == program, text


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_canonical_text_is_a_fixed_point(program):
    text = to_text(program)
    assert to_text(parse(text)) == text


def test_every_real_effect_round_trips(content):
    for key, program in content.programs.items():
        assert parse(to_text(program)) == program, key
