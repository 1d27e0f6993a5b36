"""Content roots: the built-in content first, then variant folders that add, replace and remove."""

import pytest

from rulesdsl.content.loader import load_content
from rulesdsl.errors import ContentError

NEW_SPACE = """spaces:
  - id: fishing_village_1
    name: Fishing village
    group: hunting
    column: 1
    row: 30
    effect: |
      gain 2 stockfish
"""


def test_a_variant_adds_an_item_and_records_where_it_came_from(variant):
    path = variant.write("boards/extra.yaml", NEW_SPACE)
    content = load_content([variant.root])
    assert content.spaces["fishing_village_1"].effect == "gain 2 stockfish\n"
    source = content.source("spaces", "fishing_village_1")
    assert str(source.location()).endswith(f"{path.name}:2:5")
    assert source.root == str(variant.root)
    assert content.source("spaces", "stockfish_1").location().path == "boards/action_board.yaml"


def test_a_variant_replaces_an_item_by_id(variant):
    variant.write("boards/cheaper.yaml", """spaces:
  - id: buy_sheep_2
    replaces: true
    name: Free sheep
    group: livestock_market
    column: 2
    row: 5
    effect: gain 1 sheep
""")
    content = load_content([variant.root])
    assert content.spaces["buy_sheep_2"].name == "Free sheep"
    assert content.source("spaces", "buy_sheep_2").root == str(variant.root)
    assert len(content.spaces) == 65


def test_a_variant_removes_an_item_explicitly(variant, tmp_path):
    variant.write("boards/extra.yaml", NEW_SPACE)
    later = tmp_path / "later"
    (later / "boards").mkdir(parents=True)
    (later / "boards" / "r.yaml").write_text("remove:\n  spaces: [fishing_village_1, stockfish_1]\n")
    content = load_content([variant.root, later])
    assert "fishing_village_1" not in content.spaces and "stockfish_1" not in content.spaces
    assert len(content.spaces) == 64


def test_removing_what_cards_depend_on_names_those_cards(variant):
    variant.write("boards/no_raids.yaml", "remove:\n  spaces: [raiding_1]\n")
    with pytest.raises(ContentError) as info:
        load_content([variant.root])
    messages = {p.message for p in info.value.problems}
    assert any("'raiding'" in m for m in messages)  # cards that react to raids lose their dice kind


def test_later_roots_win_over_earlier_ones(variant, tmp_path):
    variant.write("boards/a.yaml", NEW_SPACE)
    second = tmp_path / "second"
    (second / "boards").mkdir(parents=True)
    (second / "boards" / "b.yaml").write_text(NEW_SPACE.replace("gain 2 stockfish", "gain 3 stockfish")
                                              .replace("name:", "replaces: true\n    name:"))
    content = load_content([variant.root, second])
    assert content.spaces["fishing_village_1"].effect == "gain 3 stockfish\n"


def test_removal_then_reference_is_refused(variant):
    variant.write("boards/r.yaml", "remove:\n  goods: [beans]\n")
    with pytest.raises(ContentError) as info:
        load_content([variant.root])
    messages = [p.message for p in info.value.problems]
    # milk names beans as its other side; the problem is reported at the removal's line
    assert "removing goods 'beans' breaks boards/goods.yaml:90:17: unknown good 'beans'" in messages


def test_a_single_file_can_be_a_root(variant):
    path = variant.write("loose.yaml", NEW_SPACE)
    content = load_content([path])
    assert "fishing_village_1" in content.spaces


def test_a_folder_without_boards_or_cards_is_refused(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(ContentError) as info:
        load_content([tmp_path / "empty"])
    assert info.value.problems[0].message == "a content folder needs a boards/ or cards/ subfolder"


def test_variant_effects_are_checked_against_the_merged_content(variant):
    variant.write("boards/g.yaml", """goods:
  - id: honey
    name: honey
    color: red
    shape: ["##"]
    box_column: 1
    other_side: honey
spaces:
  - id: beehive_1
    name: Beehive
    group: products
    column: 1
    row: 30
    effect: gain 2 honey
""")
    content = load_content([variant.root])
    assert content.goods["honey"].color == "red"
