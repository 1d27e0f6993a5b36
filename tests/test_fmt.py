"""`rulesdsl fmt`: canonical effect text, everything else of the file kept byte for byte."""

import re

import pytest
from rulesdsl.authoring.fmt import _effect_nodes, _rewrite, compose, canonical_effect, content_files, format_files, format_text
from rulesdsl.cli import main


def test_all_built_in_content_is_canonical():
    changed = [str(r.path) for r in format_files([]) if r.changed or r.problems]
    assert changed == []


def _loosened(text: str) -> str:
    """The file with every effect written sloppily: extra spaces between the words."""
    lines = text.split("\n")
    nodes = _effect_nodes(compose(text))
    for key, node in sorted(nodes, key=lambda kn: kn[1].start_mark.index, reverse=True):
        sloppy = "\n".join(line if "#" in line else re.sub(r"(?<=\S) (?=\S)", "   ", line)
                           for line in node.value.split("\n"))
        _rewrite(lines, key, node, sloppy)
    return "\n".join(lines)


def test_fmt_restores_every_file_exactly_from_sloppy_effects():
    # the built-in files are canonical: loosening the effects then formatting must give the
    # same bytes back, so every comment, key, quote and blank line outside effects is kept
    files = content_files([])
    assert len(files) > 190
    for path in files:
        text = path.read_text(encoding="utf-8")
        sloppy = _loosened(text)
        if _effect_nodes(compose(text)):
            assert sloppy != text, path
        formatted, problems = format_text(sloppy, str(path))
        assert problems == [] and formatted == text, path
        assert format_text(formatted, str(path)) == (formatted, [])  # idempotent


CARD = """# a variant card
number: 900  # the card's number
deck: A
starting: false
name: Tester
points: 0
category: each_time
text: 'Quoted: kept.'
effect: {effect}
# the end
"""


@pytest.mark.parametrize("effect, expected", [
    ("gain  1 mead", "gain 1 mead"),                                          # plain stays plain
    ('"gain  1 mead"', '"gain 1 mead"'),                                      # quoted stays quoted
    ("'gain  1 mead'", "'gain 1 mead'"),
    ("|\n  gain  1 mead", "|\n  gain 1 mead"),                                # literal stays literal
    (">\n  gain  1\n  mead", ">\n  gain 1 mead"),                             # folded stays folded
    ("'after phase feast:  gain 1 mead'", "'after phase feast: gain 1 mead'"),
    ("'after phase feast: choose one: gain 1 mead | gain 1 oil'",
     "|\n  after phase feast:\n    choose one: gain 1 mead | gain 1 oil"),
    ("|\n  after phase feast:\n      gain 1 mead\n      gain 1 oil",
     "|\n  after phase feast:\n    gain 1 mead\n    gain 1 oil"),
    (">\n  after phase feast:\n\n    gain 1 mead", ">\n  after phase feast: gain 1 mead"),
])
def test_a_scalar_keeps_its_style_where_it_can(effect, expected):
    new, problems = format_text(CARD.format(effect=effect), "card.yaml")
    assert problems == []
    assert new == CARD.format(effect=expected)


def test_comments_inside_an_effect_are_kept():
    text = ("# before the hook\n"
            "after phase feast:   gain 1 mead   # a comment keeps its item as written\n"
            "# between\n"
            "gain  1  oil\n"
            "# at the end\n")
    assert canonical_effect(text) == ("# before the hook\n"
                                      "after phase feast:   gain 1 mead   # a comment keeps its item as written\n"
                                      "# between\n"
                                      "gain 1 oil\n"
                                      "# at the end\n")


def test_a_broken_effect_is_reported_and_left_alone():
    text = CARD.format(effect="gian 1 mead")
    assert format_text(text, "card.yaml") == (text, [
        __import__("rulesdsl.errors", fromlist=["Problem"]).Problem(
            __import__("rulesdsl.errors", fromlist=["Location"]).Location("card.yaml", 9, 9),
            "effect does not parse (1:1: unexpected 'gian'; did you mean 'gain'?); left as written")])


def test_fmt_check_lists_files_and_exits_1_then_fmt_rewrites(tmp_path, capsys):
    card = tmp_path / "cards" / "900-tester.yaml"
    card.parent.mkdir(parents=True)
    card.write_text(CARD.format(effect="gain  1 mead"), encoding="utf-8")
    assert main(["fmt", "--check", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"would reformat {card}" in out and "1 file would change, 0 already canonical" in out
    assert card.read_text(encoding="utf-8") == CARD.format(effect="gain  1 mead")
    assert main(["fmt", str(tmp_path)]) == 0
    assert card.read_text(encoding="utf-8") == CARD.format(effect="gain 1 mead")
    assert main(["fmt", "--check", str(card)]) == 0
