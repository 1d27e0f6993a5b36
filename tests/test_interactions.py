"""The interaction checker's findings on known card pairs, asserted exactly."""

import time

from rulesdsl.cli import main
from rulesdsl.content.loader import load_content
from rulesdsl.games.feast.interactions import Checker, report, report_all


def test_two_cost_modifiers_on_the_same_space_stack(content):
    text = report(content, [1, 2])
    assert "Shared value: silver_cost" in text
    assert "example: buy_salt_meat_1: 2 silver -> 0" in text  # -1 each, never below 0
    assert "example: buy_cattle_and_milk_2: 3 silver -> 1" in text
    assert "example: buy_sheep_2: 1 silver -> 0" in text
    assert "Conflicts: none" in text and "Exchange cycles that make something out of nothing: none" in text


def test_more_rolls_and_a_changed_die_result_apply_together(content):
    text = report(content, [153, 13])
    assert "Value changed by one of them: rolls" in text
    assert "example (all the cards in play): hunting_game: 3 rolls -> 4" in text
    assert "example (all the cards in play): hunting_game: a roll of 4 -> 3" in text
    assert "Together in one dice action" in text
    stacked = report(content, [4, 13])
    assert "Shared value: die_result" in stacked and "example: hunting_game: a roll of 4 -> 2" in stacked


def test_shared_triggers_say_who_orders_them(content):
    text = report(content, [118, 119])  # both listen to Vikings placed on the Weekly Market
    assert "Shared timing point: when vikings_placed" in text
    assert "that player chooses their order" in text


def test_a_replacement_that_stops_other_triggers_is_a_conflict(content):
    checker = Checker(content)
    assert checker.conflicts([185, 133]) == [
        "card 185 Dorestad Traveller can replace (instead of action on space raiding_1 how space); "
        "then card 133 Lance Bearer (when dice_succeeded for raiding) does not fire"]
    assert checker.conflicts([185, 126]) == []  # a snare listener is not affected by replacing the raid


def test_an_artificial_value_cycle_is_detected(tmp_path, capsys):
    card = tmp_path / "variant" / "cards" / "occupations" / "X" / "900-oil-flaxer.yaml"
    card.parent.mkdir(parents=True)
    card.write_text("number: 900\ndeck: X\nstarting: false\nname: Oil Flaxer\npoints: 0\ncategory: anytime\n"
                    "text: Turn an oil into a flax any number of times.\neffect: |\n  anytime, repeatable: pay 1 oil -> gain 1 flax\n")
    assert main(["--content", str(tmp_path / "variant"), "interactions", "900", "Linseed Oil Presser"]) == 0
    out = capsys.readouterr().out
    assert ("start with 1 flax, 1 oil: pay 1 oil -> gain 1 flax (card 900 Oil Flaxer); pay 2 flax -> gain 3 oil "
            "(card 58 Linseed Oil Presser); pay 1 oil -> gain 1 flax (card 900 Oil Flaxer) -> end with 1 flax, 2 oil") in out
    assert main(["--content", str(tmp_path / "variant"), "interactions", "--all"]) == 0
    assert "exchange cycles that make something out of nothing: 1" in capsys.readouterr().out


def test_the_real_cards_have_no_value_cycle_and_these_conflicts(content):
    start = time.perf_counter()
    text = report_all(content)
    assert time.perf_counter() - start < 60
    assert "exchange cycles that make something out of nothing: 0" in text
    assert "conflicts (a replacement stops another card's trigger): 5" in text
    for other in ("90 Sword Fighter", "104 Disheartened Warrior", "133 Lance Bearer", "134 Drunkard", "135 Lone Wolf"):
        assert f"card 185 Dorestad Traveller can replace (instead of action on space raiding_1 how space); then card {other}" in text


def test_names_and_numbers_are_both_accepted(capsys):
    assert main(["interactions", "Tutor"]) == 1
    assert "'Tutor' names several occupations: 52 (Tutor), 99 (Tutor); give the number" in capsys.readouterr().err
    assert main(["interactions", "52", "99"]) == 0


def test_one_card_alone_is_compared_with_every_built_in_card(capsys):
    from rulesdsl.cli import main

    assert main(["interactions", "160"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("card 160 Sober Man against the 189 other occupations\n")
    assert "Shared timing point: when feast_filled" in out and "158" in out
