"""tools/mutate_cards.py: the mutants it makes, and that scenarios kill them."""

import importlib.util
from pathlib import Path

from rulesdsl.content.loader import load_content

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("mutate_cards", ROOT / "tools" / "mutate_cards.py")
mutate_cards = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mutate_cards)
CONTENT = load_content()


def _mutants(key):
    return mutate_cards.valid_mutants(CONTENT, key, CONTENT.programs[key])


def test_every_kind_of_mutant_is_made_and_each_still_validates():
    found = {(category, text.strip()) for category, _, text in _mutants(("occupations", 7))}
    assert ("nothing", "nothing") in found
    assert ("number", "after phase feast:\n  first of:\n    count(my grain) >= 3: gain 2 silver\n    count(my grain) >= 1: gain 1 silver") in found
    assert ("condition", "after phase feast:\n  first of:\n    not count(my grain) >= 2: gain 2 silver\n    count(my grain) >= 1: gain 1 silver") in found
    assert any(category == "good" and text.count("grain") == 1 for category, text in found)


def test_goods_are_swapped_within_their_kind_only():
    mutator = mutate_cards.Mutator(CONTENT)
    assert CONTENT.goods[mutator.swap("grain")].color == CONTENT.goods["grain"].color
    assert mutator.swap("wood") in CONTENT.resources and mutator.swap("wood") != "silver"
    assert mutator.swap("spear") in CONTENT.weapons


def test_a_mutant_is_killed_by_the_item_s_scenarios_and_the_original_survives():
    mutate_cards._init()
    key = ("occupations", 7)
    files = sorted(set(mutate_cards.scenario_index(ROOT / "scenarios")[key]))
    original = mutate_cards._CONTENT.programs[key]
    from rulesdsl.lang.printer import to_text

    records = mutate_cards.run_item((key, [("nothing", "whole", "nothing\n"), ("same", "original", to_text(original))], files, "t"))
    assert [r["verdict"] for r in records] == ["killed", "survived"]
    assert mutate_cards._CONTENT.programs[key] is original


def test_equivalent_mutants_are_reported_apart():
    rec = {"item": ["spaces", "forge_3"], "category": "number", "mutant": "IntAmount.value 1 -> 2 at 1:32", "text": "x",
           "verdict": "survived", "detail": ""}
    text = mutate_cards.report([rec], mutate_cards._equivalents(), True)
    assert "EQUIVALENT  space forge_3" in text and "one of each special tile" in text


def test_how_filters_are_removed_and_turned_into_the_other_readings_of_their_family():
    found = {desc.split(" at ")[0]: text.strip() for category, desc, text in _mutants(("occupations", 149)) if category == "how"}
    assert set(found) == {"how space removed", "how space -> placed", "how space -> copied", "how space -> granted"}
    assert "how" not in found["how space removed"] and found["how space -> granted"].endswith("how granted: gain 1 oil")
    phase = {desc.split(" at ")[0] for category, desc, _ in _mutants(("occupations", 171)) if category == "how"}
    assert phase == {"how phase removed", "how phase -> extra", "how extra removed", "how extra -> phase"}
