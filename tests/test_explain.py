"""`rulesdsl explain`: generated English next to the printed text, one card or all of them."""

from rulesdsl.authoring.explain import Explainer
from rulesdsl.cli import main
from rulesdsl.lang.parser import parse


def test_explain_prints_the_printed_text_the_english_and_the_effect(capsys):
    assert main(["explain", "167"]) == 0
    assert capsys.readouterr().out == """occupation 167: Taster
  from cards/occupations/B/167-taster.yaml:2:1

printed card (reference):
  Each round, just before the Feast phase (phase 9): If you have at least 1 spices in your supply
  take 1 silver; if you have at least 2 spices take 2 silver instead. The spices are only counted,
  not paid.

card text:
  Just before each Feast, get 1 silver with 1 spices in your supply, or 2 silver with 2 or more.

generated:
  Just before each Feast phase:
    If you have exactly 1 spices: gain 1 silver.
    If you have at least 2 spices: gain 2 silver.

effect:
  before phase feast:
    by count(my spices) = 1/2+: gain 1/2 silver
"""


def test_timing_points_read_as_sentences_with_the_content_names(content):
    english = Explainer(content)
    assert english.program(parse("after action on group hunting if count(my salt_meat) >= 2: gain 1 silver")) == [
        "Each time after you use a Hunting space, if you have at least 2 salt meat: gain 1 silver."]
    assert english.program(parse("anytime, once: pay 1 stone -> gain 2 silver")) == [
        "Once per game, at any time: you may pay 1 stone to gain 2 silver."]
    assert english.program(parse("once when final_scoring:\n  gain 1 silver\n  gain 1 wood\n")) == [
        "The first time the game ends, before points are counted:", "  Gain 1 silver.", "  Gain 1 wood."]
    assert english.program(parse("choose one: gain 1 wood | pay 1 silver -> gain 1 stone"), "When you play this card") == [
        "When you play this card:", "  You may choose one of these:", "    - Gain 1 wood.", "    - Pay 1 silver to gain 1 stone."]


def test_every_effect_of_the_content_can_be_explained(content):
    english = Explainer(content)
    for key, program in content.programs.items():
        lines = english.program(program)
        assert lines and all(line.strip() for line in lines), key


def test_explain_all_writes_a_review_page_with_every_occupation(tmp_path, capsys, content):
    page = tmp_path / "review.html"
    assert main(["explain", "--all", "-o", str(page)]) == 0
    assert capsys.readouterr().out == f"wrote {page} (190 occupations)\n"
    text = page.read_text(encoding="utf-8")
    assert text.count('<section class="card" id="card-') == 190
    for control in ('id="q"', 'id="deck"', 'id="kind"', 'id="category"', 'id="mark"'):
        assert control in text
    assert "<p>Each Livestock Market action costs you 1 silver less in total (never below 0).</p>" in text
    assert "the silver cost for actions on Livestock Market spaces with Vikings is reduced by 1." in text
    assert "cards/occupations/A/001-peddler.yaml:2</a>" in text
    # the printed card (reference) and the decided doubt of the card file
    assert "Pay 1 silver less for that Livestock Market action" in text
    assert "Decided (timing model): a Feast run by a card (Chief) is a complete Feast phase" in text


def test_review_marks_are_kept_in_a_file_beside_the_content_and_shown(tmp_path, capsys):
    from rulesdsl.resources import builtin_root

    root = tmp_path / "variant"
    (root / "cards").mkdir(parents=True)
    (root / "cards" / "card.yaml").write_text((builtin_root() / "cards/occupations/B/167-taster.yaml").read_text()
                                              .replace("$schema=../../../", "$schema=../").replace("number: 167", "number: 901")
                                              .replace("deck: B", "deck: A").replace("name: Taster", "name: Test Taster")
                                              .replace("  paid.", "  paid.\nreplaces: false"), encoding="utf-8")
    assert main(["explain", "--content", str(root), "901", "--mark", "flagged", "--note", "check the Feast"]) == 0
    assert "card 901: flagged" in capsys.readouterr().out
    marks = root / "review-marks.yaml"
    assert "901: {mark: flagged, note: \"check the Feast\"}" in marks.read_text()
    page = tmp_path / "review.html"
    assert main(["explain", "--content", str(root), "--all", "-o", str(page)]) == 0
    text = page.read_text()
    assert 'data-mark="flagged"' in text and "Note: check the Feast" in text
    assert main(["explain", "--content", str(root), "901", "--mark", "clear"]) == 0
    assert "901" not in marks.read_text()
