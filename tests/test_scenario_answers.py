"""Scenario format 2's answering rules (docs/SCENARIOS.md): answers named by their question,
`silent` and `asked` breaches reported while the file goes on, `extension`, ships as a multiset."""

from rulesdsl.content.loader import load_content
from rulesdsl.games.feast.scenario import run_file

CONTENT = load_content()

# Middleman (120) fires after a Weekly Market action with Vikings placed on its space: a
# yes/no question the file below does not expect
_MARKET = """format: %s
title: market
game: {players: 2, decks: [B], seed: 1}
setup:
  round: 2
  players:
    - supply: {silver: 1}
      played: [120]
steps:
  - space: weekly_market_2
%s
expect:
  players:
    - supply: {flax: 5}
"""


def _run(tmp_path, text: str):
    path = tmp_path / "case.yaml"
    path.write_text(text)
    return run_file(path, CONTENT)


def test_a_silent_card_that_fires_is_reported_with_its_question_and_the_file_goes_on(tmp_path):
    result = _run(tmp_path, _MARKET % (2, "    silent: [120]"))
    text = "\n".join(result.failures)
    assert not result.passed
    assert "card 120 (Middleman) must stay silent, but its effect ran (after), and asks: pay 1 silver -> upgrade 1 good by 1?" in text
    assert "answered 'no' to go on" in text
    assert "player 0.supply.flax: expected 5, got 1" in text  # the expectations were still compared


def test_asked_counts_the_questions_put_and_names_the_prompts(tmp_path):
    result = _run(tmp_path, _MARKET % (2, "    asked: {confirm: 0, play: 0}\n    answers: [{confirm: no}]"))
    text = "\n".join(result.failures)
    assert "expected 0 question(s) of kind 'confirm', 1 asked: pay 1 silver -> upgrade 1 good by 1?" in text
    assert "kind 'play'" not in text


def test_format_1_stops_at_the_question_nobody_expected(tmp_path):
    result = _run(tmp_path, _MARKET % (1, ""))
    assert len(result.failures) == 1
    assert "no answer left for: pay 1 silver -> upgrade 1 good by 1?" in result.failures[0]


def test_a_named_answer_waits_for_its_question(tmp_path):
    # the upgrade's answer is written first: it waits for the upgrade question
    result = _run(tmp_path, (_MARKET % (2, "    answers: [{upgrade: flax}, {confirm: yes}]")).replace("{flax: 5}", "{flax: 0, stockfish: 2, silver: 1}"))
    assert result.passed, result.failures


_CHEST = """format: 2
title: chest
game: {players: 2, seed: 1}
setup:
  round: 2
  players:
    - supply: {wood: 1}
steps:
  - space: craft_chest_2
    asked: {pay: 0}
    answers: [%s]
expect:
  players:
    - supply: {chest: 1, silver: 1, wood: 0}
"""


def test_a_named_answer_is_spent_by_the_question_the_engine_answers_itself(tmp_path):
    # "pay 1 wood or 1 ore" with only wood: the choice is made without a question
    assert _run(tmp_path, _CHEST % "{pay: wood}").passed
    # another answer than the engine took: left over
    assert "answers left over: [{'pay': 'ore'}]" in "\n".join(_run(tmp_path, _CHEST % "{pay: ore}").failures)
    # a plain answer is never spent that way (format 1's meaning)
    assert "answers left over: ['wood']" in "\n".join(_run(tmp_path, _CHEST % "wood").failures)


def test_a_go_for_a_carry_out_prompt_that_did_not_come_is_dropped(tmp_path):
    text = (_MARKET % (2, "    answers: [go, {confirm: no}, go]")).replace("{flax: 5}", "{flax: 1}")
    assert _run(tmp_path, text).passed


def test_named_answers_must_name_a_kind_of_question(tmp_path):
    failures = "\n".join(_run(tmp_path, _MARKET % (2, "    answers: [{confrim: no}]")).failures)
    assert "a named answer is {KIND: ANSWER}" in failures


_IMITATE = """format: 2
title: extension
game: {players: 4, seed: %s}
setup:
  round: 3
  extension: %s
  occupancy: {mead_and_silver_2: 1}
  players:
    - supply: {}
steps:
  - space: imitation_2
expect:
  players:
    - supply: {mead: 2, silver: 2}
"""


def test_extension_names_the_tiles_sides_whatever_the_seed(tmp_path):
    for seed in range(4):
        result = _run(tmp_path, _IMITATE % (seed, "[imitation_2, imitation_4]"))
        assert result.passed, result.failures


def test_extension_refuses_what_is_not_a_side_and_two_sides_of_one_tile(tmp_path):
    assert "'mead_and_silver_2' is not a side of an extension tile" in "\n".join(
        _run(tmp_path, _IMITATE % (1, "[mead_and_silver_2]")).failures)
    assert "are two sides of one tile (extension_1_2)" in "\n".join(_run(tmp_path, _IMITATE % (1, "[imitation_1, imitation_2]")).failures)


_BAY = """format: 2
title: bay
game: {players: 2, seed: 1}
setup:
  players:
    - ships: [knarr, {kind: longship, ore: 1}, whaling_boat]
expect:
  players:
    - %s
"""


def test_ships_compare_as_a_multiset_and_ships_in_order_keeps_the_berths_order(tmp_path):
    assert _run(tmp_path, _BAY % "ships: [whaling_boat, knarr, {kind: longship, ore: 1}]").passed
    assert not _run(tmp_path, _BAY % "ships: [whaling_boat, knarr, longship]").passed
    assert _run(tmp_path, _BAY % "ships_in_order: [knarr, {kind: longship, ore: 1}, whaling_boat]").passed
    assert "ships_in_order" in "\n".join(_run(tmp_path, _BAY % "ships_in_order: [whaling_boat, knarr, {kind: longship, ore: 1}]").failures)


def test_a_named_answer_with_a_card_answers_only_that_card_s_question(tmp_path):
    ok = (_MARKET % (2, "    answers: [{confirm: yes, card: 120}, {upgrade: flax}]")).replace("{flax: 5}", "{flax: 0, stockfish: 2}")
    assert _run(tmp_path, ok).passed
    other = ok.replace("card: 120", "card: 118")
    failures = "\n".join(_run(tmp_path, other).failures)
    assert "no answer left for: pay 1 silver -> upgrade 1 good by 1?" in failures
    assert "answers left over" in failures
