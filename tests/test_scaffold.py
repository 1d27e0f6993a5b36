"""`rulesdsl new card|space|board`: templates written where they belong, valid as written."""

import shutil

import pytest

from rulesdsl.authoring.scaffold import categories, new_file
from rulesdsl.authoring.schema import SCHEMA_LINE
from rulesdsl.cli import main
from rulesdsl.content.loader import builtin_root, load_content, load_roots
from rulesdsl.errors import RulesError


@pytest.mark.parametrize("argv, relative", [
    (["card", "901", "Honey Trader", "--deck", "b"], "cards/occupations/B/901-honey-trader.yaml"),
    (["space", "fishing_hut"], "boards/fishing_hut.yaml"),
    (["board", "atlantis", "Atlantis"], "boards/atlantis.yaml"),
])
def test_each_template_is_written_into_the_variant_and_validates(tmp_path, capsys, argv, relative):
    root = tmp_path / "variant"
    assert main(["new", *argv, "--root", str(root)]) == 0
    stub = f"wrote {root / 'scenarios' / '901-honey-trader.yaml'}\n" if argv[0] == "card" else ""
    assert capsys.readouterr().out == f"wrote {root / relative}\n{stub}the content validates with it\n"
    text = (root / relative).read_text(encoding="utf-8")
    assert text.startswith(SCHEMA_LINE + "file://")  # outside the checkout: the installed schema
    content = load_content([root])
    assert content.changes[1].added and not content.changes[1].replaced


def test_all_three_together_in_one_variant(tmp_path):
    root = tmp_path / "v"
    content = load_content()
    for kind, ident in (("card", "902"), ("space", "fishing_hut"), ("board", "atlantis")):
        new_file(kind, root, content, ident)
        content = load_content([root])
    assert 902 in content.occupations and "fishing_hut" in content.spaces
    assert {"atlantis", "atlantis_back"} <= set(content.exploration_boards)
    assert content.spaces["fishing_hut"].row == 1 + max(s.row + s.rows - 1 for s in load_content().spaces.values()
                                                         if s.column == content.spaces["fishing_hut"].column)


def test_into_the_built_in_content_the_file_goes_beside_the_others(tmp_path):
    # a copy of the built-in content stands in for it, so the checkout is not touched
    copy = tmp_path / "builtin"
    for folder in ("boards", "cards"):
        shutil.copytree(builtin_root() / folder, copy / folder)
    path = new_file("card", copy, load_content(), "903", "Bee Keeper", "C")
    assert path == copy / "cards" / "occupations" / "C" / "903-bee-keeper.yaml"
    assert 903 in load_roots([copy]).occupations


def test_the_card_template_lists_the_categories_of_the_model(tmp_path):
    path = new_file("card", tmp_path / "v", load_content(), "904")
    assert categories() == ("immediate", "anytime", "each_time", "limited")
    assert "#   category  immediate, anytime, each_time, limited\n" in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("kind, ident, message", [
    ("card", "1", "occupation 1 exists already (cards/occupations/A/001-peddler.yaml:2:1); "
                  "choose a free number (a card that replaces it needs 'replaces: true')"),
    ("card", "x", "a card is named by its number: 'x' is not a number"),
    ("space", "stockfish_1", "space 'stockfish_1' exists already (boards/action_board.yaml:149:5)"),
    ("space", "Fish Hut", "id 'Fish Hut' must be lower-case letters, digits and underscores, starting with a letter"),
])
def test_refusals_are_exact(tmp_path, kind, ident, message):
    with pytest.raises(RulesError) as info:
        new_file(kind, tmp_path, load_content(), ident)
    assert str(info.value) == message


@pytest.mark.parametrize("category", categories())
def test_a_card_of_each_category_comes_with_a_scenario_that_passes(tmp_path, capsys, category):
    root = tmp_path / "variant"
    assert main(["new", "card", "905", "Test Card", "--category", category, "--root", str(root)]) == 0
    card = (root / "cards/occupations/A/905-test-card.yaml").read_text(encoding="utf-8")
    assert f"category: {category}\n" in card
    capsys.readouterr()
    assert main(["--content", str(root), "scenario", str(root / "scenarios" / "905-test-card.yaml")]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out


def test_ids_lists_the_names_the_language_uses_with_their_english(capsys):
    assert main(["ids", "groups"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("groups (11):\n") and "  livestock_market       Livestock Market\n" in out
    assert main(["ids"]) == 0
    out = capsys.readouterr().out
    for head in ("spaces (65):", "goods (32):", "resources (4):", "phases (12):", "exploration boards (8):"):
        assert head in out
    assert "  whaling_3  " in out and "Whaling with 1 to 3 boats  (group hunting, column 3)" in out
