"""Broken content is refused with every problem located at file:line:col, and nothing loads."""

import pytest

from rulesdsl.content.loader import load_content
from rulesdsl.errors import ContentError


def problems_of(*roots):
    with pytest.raises(ContentError) as info:
        load_content([str(r) for r in roots])
    return info.value.problems


def only_problem(root):
    problems = problems_of(root)
    assert len(problems) == 1, [str(p) for p in problems]
    return problems[0]


def where(problem):
    return (problem.location.path.rsplit("/", 2)[-2:], problem.location.line, problem.location.column)


def test_invalid_yaml_syntax(variant):
    variant.write("boards/broken.yaml", "goods:\n  - id: x\n    name: [unclosed\n")
    p = only_problem(variant.root)
    assert where(p) == (["boards", "broken.yaml"], 4, 1)
    assert p.message.startswith("invalid YAML:")


def test_file_that_is_not_utf8(variant):
    variant.write("boards/latin1.yaml", "goods:\n  - id: caf\xe9\n".encode("latin-1"), binary=True)
    p = only_problem(variant.root)
    assert where(p) == (["boards", "latin1.yaml"], 2, 12)
    assert p.message == "file is not UTF-8 text (byte 0xe9 cannot be decoded)"


GOOD = """goods:
  - id: {id}
    name: {id}
    color: {color}
    shape: {shape}
    other_side: {other}
    box_column: 1
"""


def test_unknown_key(variant):
    variant.write("boards/g.yaml", GOOD.format(id="oats", color="orange", shape='["##"]', other="oats") + "    flavour: sweet\n")
    p = only_problem(variant.root)
    assert where(p) == (["boards", "g.yaml"], 8, 5)
    assert p.message.startswith("unknown key 'flavour'; expected one of: id, name, color, shape")


def test_wrong_type(variant):
    variant.write("boards/g.yaml", GOOD.format(id="oats", color="orange", shape='["##"]', other="oats") + "    harvest: two\n")
    p = only_problem(variant.root)
    assert where(p) == (["boards", "g.yaml"], 8, 14)
    assert p.message == "expected a whole number, found text ('two')"


def test_value_outside_the_allowed_words(variant):
    variant.write("boards/g.yaml", GOOD.format(id="oats", color="purple", shape='["##"]', other="oats"))
    p = only_problem(variant.root)
    assert where(p) == (["boards", "g.yaml"], 4, 12)
    assert p.message == "expected one of orange, red, green, blue, animal; found text ('purple')"


def test_missing_required_key(variant):
    variant.write("boards/g.yaml", "goods:\n  - id: oats\n    color: orange\n    shape: ['##']\n    box_column: 1\n")
    p = only_problem(variant.root)
    assert where(p) == (["boards", "g.yaml"], 2, 5)
    assert p.message == "missing required key 'name'"


def test_unknown_good_name(variant):
    variant.write("boards/g.yaml", GOOD.format(id="oats", color="orange", shape='["##"]', other="porridge"))
    p = only_problem(variant.root)
    assert where(p) == (["boards", "g.yaml"], 6, 17)
    assert p.message == "unknown good 'porridge'"


def test_duplicate_id_in_one_root(variant):
    variant.write("boards/a.yaml", GOOD.format(id="oats", color="orange", shape='["##"]', other="oats"))
    variant.write("boards/b.yaml", GOOD.format(id="oats", color="orange", shape='["##"]', other="oats"))
    p = only_problem(variant.root)
    assert where(p) == (["boards", "b.yaml"], 2, 9)
    assert p.message.startswith("duplicate id 'oats' in goods (first defined at ")
    assert p.message.endswith("boards/a.yaml:2:5)")


def test_shape_that_is_not_a_polyomino(variant):
    variant.write("boards/g.yaml", GOOD.format(id="oats", color="orange", shape='["#.#"]', other="oats"))
    p = only_problem(variant.root)
    assert where(p) == (["boards", "g.yaml"], 5, 12)
    assert p.message == "a shape has an empty row or column at its edge or inside"
    variant.write("boards/g.yaml", GOOD.format(id="oats", color="orange", shape='["#.", ".#"]', other="oats"))
    p = only_problem(variant.root)
    assert p.message == "the squares of a shape must touch edge to edge (it is not a polyomino)"


def test_duplicate_yaml_key(variant):
    variant.write("boards/g.yaml", "goods:\n  - id: oats\n    id: rye\n")
    p = only_problem(variant.root)
    assert where(p) == (["boards", "g.yaml"], 3, 5)
    assert p.message == "duplicate key 'id' (first at line 2)"


def test_unknown_collection(variant):
    variant.write("boards/g.yaml", "goodies:\n  - id: oats\n")
    p = only_problem(variant.root)
    assert where(p) == (["boards", "g.yaml"], 1, 1)
    assert p.message.startswith("unknown collection 'goodies'; expected one of: goods, special_tiles,")


def test_grammar_error_points_into_the_effect_block(variant):
    variant.write("boards/s.yaml", """spaces:
  - id: test_space
    name: Test
    group: crafting
    column: 1
    row: 40
    effect: |
      pay 1 flax -> gain 1 linen
      gain 2 oil oil 3
""")
    p = only_problem(variant.root)
    assert where(p) == (["boards", "s.yaml"], 9, 22)
    assert p.message.startswith("unexpected '3'; expected ")


def test_unknown_name_in_an_effect_suggests_the_right_one(variant):
    variant.write("cards/occupations/A/900-tester.yaml", """number: 900
deck: A
starting: false
name: Tester
points: 1
category: each_time
text: Before the feast, take an oil.
effect: |
  before phase feest: gain 1 oil
""")
    p = only_problem(variant.root)
    assert where(p) == (["A", "900-tester.yaml"], 9, 10)
    assert p.message == "unknown phase 'feest'; did you mean 'feast'?"


def test_card_number_must_match_its_file_name(variant):
    variant.write("cards/occupations/A/901-tester.yaml", """number: 902
deck: A
starting: false
name: Tester
points: 1
category: immediate
text: Take an oil.
effect: |
  gain 1 oil
""")
    p = only_problem(variant.root)
    assert where(p) == (["A", "901-tester.yaml"], 1, 9)
    assert p.message == "card number 902 does not match the file name '901-tester.yaml'"


def test_removing_an_id_nobody_defined(variant):
    variant.write("boards/r.yaml", "remove:\n  goods: [unicorn_milk]\n")
    p = only_problem(variant.root)
    assert where(p) == (["boards", "r.yaml"], 2, 11)
    assert p.message == "cannot remove goods 'unicorn_milk': no earlier content defines it"


def test_reserved_word_as_an_id(variant):
    variant.write("boards/g.yaml", GOOD.format(id="one", color="orange", shape='["##"]', other="one"))
    p = only_problem(variant.root)
    assert where(p) == (["boards", "g.yaml"], 2, 9)
    assert p.message == "'one' is a word of the card language and cannot be an id"


def test_all_problems_of_a_run_are_reported_together(variant):
    variant.write("boards/a.yaml", "goods:\n  - id: oats\n    name: oats\n    color: purple\n    shape: ['##']\n    box_column: 1\n")
    variant.write("boards/b.yaml", "ships: 3\n")
    variant.write("cards/occupations/B/903-x.yaml", "number: 903\n")
    problems = problems_of(variant.root)
    files = sorted({p.location.path.rsplit("/", 1)[-1] for p in problems})
    assert files == ["903-x.yaml", "a.yaml", "b.yaml"]
    assert len(problems) >= 4


def test_a_bad_variant_loads_nothing(variant):
    variant.write("boards/a.yaml", GOOD.format(id="oats", color="orange", shape='["##"]', other="porridge"))
    with pytest.raises(ContentError):
        load_content([variant.root])
    # the failed load left no state behind: the next load is the plain built-in content
    assert "oats" not in load_content().goods
