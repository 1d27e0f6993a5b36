"""`rulesdsl explain`: generated English next to the printed text, one card or all of them."""

from rulesdsl.authoring.explain import Explainer
from rulesdsl.cli import main
from rulesdsl.lang.parser import parse


def test_explain_prints_the_printed_text_the_english_and_the_effect(capsys):
    assert main(["explain", "167"]) == 0
    assert capsys.readouterr().out == """occupation 167: Taster
  from cards/occupations/B/167-taster.yaml:2:1

printed:
  Just before each Feast, get 1 silver with 1 spices in your supply, or 2 silver with 2 or more.

generated:
  Each time before the Feast phase:
    Depending on whether the number of your spices is 1 / 2 or more (respectively): gain 1/2 silver.

effect:
  before phase feast:
    by count(my spices) = 1/2+: gain 1/2 silver
"""


def test_timing_points_read_as_sentences_with_the_content_names(content):
    english = Explainer(content)
    assert english.program(parse("after action on group hunting if count(my salt_meat) >= 2: gain 1 silver")) == [
        "Each time after you use a Hunting space, if the number of your salt meat is at least 2: gain 1 silver."]
    assert english.program(parse("anytime, once: pay 1 stone -> gain 2 silver")) == [
        "At any time (once per game): pay 1 stone, then gain 2 silver."]
    assert english.program(parse("once when final_scoring:\n  gain 1 silver\n  gain 1 wood\n")) == [
        "Once, the first time the game ended, before points are counted:", "  gain 1 silver.", "  gain 1 wood."]
    assert english.program(parse("choose one: gain 1 wood | pay 1 silver -> gain 1 stone")) == [
        "At once:", "  Choose one of:", "    - gain 1 wood;", "    - pay 1 silver, then gain 1 stone;"]


def test_every_effect_of_the_content_can_be_explained(content):
    english = Explainer(content)
    for key, program in content.programs.items():
        lines = english.program(program)
        assert lines and all(line.strip() for line in lines), key


def test_explain_all_writes_one_page_with_every_occupation(tmp_path, capsys, content):
    page = tmp_path / "review.html"
    assert main(["explain", "--all", "-o", str(page)]) == 0
    assert capsys.readouterr().out == f"wrote {page} (190 occupations)\n"
    text = page.read_text(encoding="utf-8")
    assert text.count("<tr id=\"card-") == 190
    assert "<td>Each Livestock Market action costs you 1 silver less in total (never below 0).</td>" in text
    assert "on a Livestock Market space changes by -1." in text
