"""The English of `explain`, the table and the lessons: free of the card language over all
content, one rendering per kind of statement, and the renderings a player once misread."""

from __future__ import annotations

import inspect
import re

import pytest

from rulesdsl.authoring import english_words as words
from rulesdsl.authoring.english import (
    english_card, english_condition, english_effect, english_item, english_question, english_space, english_statement,
)
from rulesdsl.lang import registry
from rulesdsl.lang import tree as t
from rulesdsl.lang.parser import parse

# One text per kind of node of the language (both grammar sections); the test below checks
# that together they hold every kind.
SNIPPETS = [
    "gain 1 milk or 1 cabbage and 1 silver",
    "build 2 sheds",
    "buy 1 special_tile with tongs",
    "gain 1 ore per longship placed on my boards",
    "pay 2 wood",
    "pay 1 rune_stone -> gain 1 milk or 1 cabbage and 1 silver",
    "pay 4 wood or 3 silver -> gain 1 longship then must load 3 ore onto it",
    "pay 1 cattle -> as phase harvest: harvest up to 3",
    "draw 2 weapons",
    "play 1 to 4 occupations",
    "upgrade up to 2 goods by 2",
    "upgrade 1 orange good diagonally to blue",
    "flip any number of green goods of different kinds",
    "upgrade up to 4 goods of one kind by 1",
    "take up to 3 from a mountain strip plus up to 2 from another strip",
    "take up to 2 from each of up to 4 mountain strips",
    "take 1 stone or ore from a mountain strip",
    "return 2 vikings from this space",
    "require 1 knarr or longship",
    "emigrate for (round) silver",
    "explore shetland or faroe_islands",
    "do hunting_game",
    "choose space S where column(S) = 2 and occupied(S): do action of S",
    "imitate column 1",
    "run phase bonus on my houses",
    "unload 1 ore from this longship",
    "remove 1 ore from this longship -> modify die_result by 3",
    "place 1 wood or 1 stone into my sheds",
    "place all stockfish from feast into my houses",
    "place any number of stockfish from feast into my houses",
    "loot 1 blue good or special_tile",
    "make 1 cattle pregnant",
    "lift cloak_pin off another player's boards refill with 1 silverware and 1 rune_stone",
    "nothing",
    "use banquet with seats (round + 2)",
    "modify silver_cost on group livestock_market by -1",
    "set vikings_needed on space plundering_4 if count(my longships) >= 4 to 2",
    "allow substituting of knarr as longship",
    "may gain 1 wood",
    "must run phase feast",
    "if count(my cattle) >= 1: gain 2 milk\notherwise: nothing",
    "choose one: gain 1 sheep | pay 1 silver -> gain 1 cattle",
    "must choose space S where vikings(S) >= 1: return 1 viking from S",
    "choose good G where count(G) = 3: gain 1 G",
    "for each space S where column(S) = 4 and vikings(S) >= 1: return 1 viking from S",
    "first of:\n  count(my sheep) >= 6: gain 3 wool\n  count(my sheep) >= 4: gain 2 wool\n  otherwise: nothing",
    "by count(my longships) = 1/2/3+: draw 2/5/10 weapons",
    "by count(my knarrs):\n  1: harvest up to 1\n  4+: harvest up to 4\n  otherwise: nothing",
    "pay 2/4/6 silver -> gain 1/2/3 hides",
    "repeat count(my knarrs) times: pay 1 silver -> upgrade 1 good by 1",
    "repeat until you have 2 of each weapon: draw 1 weapon",
    "as phase harvest: gain 2 peas",
    "part upgrade: upgrade up to 1 good by 1",
    "dice whaling with d12 low:\n  roll up to 4 times\n  sail 1 to 3 whaling_boats subtracting ore\n  stop at zero\n"
    "  pay per pip: wood or spear\n  success: gain 1 oil\n  failure: gain 1 wood",
    "dice pillaging with d12 high:\n  sail 1 longship with most ore adding ore\n  add per item: stone or long_sword\n"
    "  fail at most 5\n  success: loot 1 blue good\n  failure: gain 1 stone",
    "after action on group hunting if count(my salt_meat) >= 2: gain 1 silver",
    "before phase feast how phase: gain 1 silver",
    "instead of part upgrade on space mountain_take_1_and_upgrade_1_1, mountain_take_3_and_upgrade_1_2: "
    "pay 1 silk -> gain 1 fur",
    "instead of action on space build_whaling_boat_1: pay 3 wood -> build 1 knarr",
    "when vikings_placed on column 3 with 2 vikings: draw 1 occupation",
    "when dice_succeeded for laying_snare on space laying_a_snare_2: gain 1 stockfish",
    "when ship_acquired of knarr how built: gain 1 spices",
    "instead of drawing for weapon how phase: gain 1 wood",
    "when received of chest or treasure_chest: gain 1 oil",
    "when tile_placed of rune_stone on my houses: gain 1 mead",
    "when payment of ore on group crafting as silver: gain 1 wood",
    "anytime, repeatable: pay 1 salt_meat -> gain 1 hide",
    "anytime, once if in_action and available(belt) >= 1: pay 2 flax -> gain 1 belt",
    "once as soon as count(my longships) >= 3: gain 2 silverware",
    "once when final_scoring: gain 1 silver",
    "modify sword_value of special_tiles for raiding, pillaging if sword_value(this tile) = top_sword_value by -1",
    "set worth of spear for whaling to 2",
    "if not count(my sheep) >= 2 or kinds(my red goods) < 3 and half(income) > 2 - round: gain 1 wool",
    "gain (max(0, 8 - count(my long_swords) * 2)) silver",
    "gain (min(count(my cattle), 3)) milk",
    "if -round < 0 and printed(silver) = 1 and not harvest_round: gain 1 snare",
    "if count(my longships with 2 to 3 ore) >= 2 and count(my special_tiles in supply, placed) = 0: gain 1 silk",
    "if vikings(this space) = 2 and adjacent(this space): gain 1 wood",
    "if count(my vikings on column 2) >= 7: gain 1 flax",
    "gain 1 silk/spices/jewelry",
    "lay out stacks onto ring: small ascending, large descending",
    "reveal 3 tiles from bag",
    "fill ring with 3 tiles from bag in order",
    "fill ring with revealed tiles from bag by choice discarding 1",
    "sell lots of ring in turns, free only if round >= 2",
    "ferry with boat carrying 2, forced in rounds 3, 5",
    "collect reward",
    "forfeit reward, lacking food as gold",
    "convert 2 fish to 1 gold",
    "award 3 gold to most count(my ships)",
    "lose 2 gold",
    "pass start left",
    "auction gold",
    "in rounds 1, 2: collect reward",
    "in turn order:\n  collect reward\n  pass start left",
    "score each safe ship: gain 1 gold",
]

# What a player must never read: words of the card language.
_LANGUAGE = [
    (re.compile(r"`"), "a backtick"),
    (re.compile(r"\b[a-z_]+\("), "a call such as count("),
    (re.compile(r"_"), "an underscore (an id)"),
    (re.compile(r"\b[a-z]+\d+\b"), "an id such as d8 or silver2"),
    (re.compile(r"->|>=|<=|!=| = | > | < "), "an operator"),
    (re.compile(r"\(\(|\)\)|\(\s*\)"), "stacked or empty brackets"),
    (re.compile(r"\bthe (least|most) of\b"), "a formula"),
    (re.compile(r"\bmy\b"), "the owner word 'my'"),
    (re.compile(r"\byour your\b|\byou may you may\b|\bto you may\b|\bany your\b|\bno your\b"), "a doubled word"),
    (re.compile(r"\byou have (at least|at most|exactly|more than|fewer than) \d+ [a-zA-Z ]+ on an? [a-z-]+ space\b"),
     "one space where several are counted"),
]


def _language_left(text: str) -> list[str]:
    return [what for pattern, what in _LANGUAGE if pattern.search(text)]


def _all_english(content):
    for key in content.programs:
        yield key, english_item(content, *key)


def test_no_card_language_is_left_in_the_english_of_any_card_space_rule_or_phase(content):
    bad = {}
    player_words = repr([vars(words)[name] for name in dir(words) if name.isupper()])
    names = {key.replace("_", " ") for table in (registry.QUANTITIES, registry.QUERIES, registry.VALUES, registry.EVENTS)
             for key in table if "_" in key}
    names = {n for n in names if n not in player_words}  # those the player's words use are English
    for key, lines in _all_english(content):
        text = "\n".join(lines)
        problems = _language_left(text) + [f"the name '{n}'" for n in names if re.search(rf"\b{n}\b", text)]
        if problems:
            bad[key] = problems
    cards = [key for key, _ in _all_english(content) if key[0] == "occupations"]
    assert len(cards) == 190
    assert bad == {}


def test_counted_goods_are_plural_and_optional_exchanges_say_you_may(content):
    singular_after_many = [re.compile(rf"\b([2-9]|\d\d+) {re.escape(item.name)}\b(?!s)")
                           for collection in ("goods", "special_tiles", "ships", "weapons", "buildings")
                           for item in content.collections[collection].values() if getattr(item, "plural", None)]
    for key, lines in _all_english(content):
        text = "\n".join(lines)
        assert not [p.pattern for p in singular_after_many if p.search(text)], (key, text)
        exchanges = [n for n in t.walk(content.programs[key]) if isinstance(n, t.Exchange)]
        if exchanges:  # every exchange is the player's choice
            assert re.search(r"\b[Yy]ou may pay\b|- Pay\b|[Yy]ou may (discard|bring|place)|[Yy]ou may [^.]*, paying\b", text), \
                (key, text)


def test_every_space_of_a_list_is_named(content):
    for key, lines in _all_english(content):
        text = "\n".join(lines)
        for node in t.walk(content.programs[key]):
            if isinstance(node, t.SpacePlace):
                for space in node.names:
                    assert content.spaces[space].name in text, (key, space, text)


def test_the_two_misread_cards_read_right(content):
    # 51: the silver comes either way, beside the choice of milk or cabbage
    assert english_card(content, 51) == [
        "At any time, as often as you like: you may pay 1 rune stone to gain your choice of 1 milk or 1 cabbage, "
        "and 1 silver either way."]
    # 162: Vikings counted over every column-2 space, not on one
    assert english_card(content, 162) == [
        "During each Bonus phase, if you have at least 7 Vikings on column-2 spaces: gain 1 flax."]


def test_a_card_a_space_and_a_statement_in_english(content):
    assert english_card(content, 167) == [
        "Just before each Feast phase:",
        "  If you have exactly 1 spices: gain 1 silver.",
        "  If you have at least 2 spices: gain 2 silver."]
    assert english_space(content, "craft_chests_and_rune_stones_3") == [
        "You may pay 2 stone and 2 wood to gain 2 chests and 2 rune stones."]
    assert english_statement(content, parse("pay 1 silver -> gain 1 sheep").items[0]) == "You may pay 1 silver to gain 1 sheep."
    assert english_statement(content, parse("if round >= 3: gain 1 oil").items[0]) == (
        "If the round number is at least 3: gain 1 oil.")


def test_a_question_and_a_condition_in_english(content):
    choose = parse("choose one: gain 1 sheep | pay 1 silver -> gain 1 cattle").items[0]
    assert english_question(content, "Livestock Market:", [alt[0] for alt in choose.alternatives] + ["pass"]) == [
        "Livestock Market:", "- Gain 1 sheep.", "- You may pay 1 silver to gain 1 cattle.", "- pass"]
    assert english_condition(content, parse("if count(my vikings on column 2) >= 7: nothing").items[0].cond) == (
        "you have at least 7 Vikings on column-2 spaces")


def _node_kinds() -> set[type]:
    import importlib
    import pkgutil

    from rulesdsl.games.tableau.engine import nodes as tableau_nodes
    import rulesdsl.lang as language

    modules = [importlib.import_module(f"rulesdsl.lang.{m.name}") for m in pkgutil.iter_modules(language.__path__)
               if m.name.startswith("nodes_")] + [tableau_nodes]
    return {c for module in modules for c in vars(module).values()
            if inspect.isclass(c) and issubclass(c, t.Node) and c is not t.Node and c.__module__ == module.__name__}


def test_the_snippets_hold_every_kind_of_node_of_the_language():
    seen = {type(node) for text in SNIPPETS for node in t.walk(parse(text))}
    assert sorted(c.__name__ for c in _node_kinds() - seen) == []


@pytest.mark.parametrize("text", SNIPPETS)
def test_each_kind_of_statement_in_english(text, content, snapshot):
    lines = english_effect(content, parse(text))
    assert lines and _language_left("\n".join(lines)) == []
    assert "\n".join(lines) == snapshot


def test_every_kind_of_the_registry_has_player_words():
    assert set(registry.EVENTS) - {"phase", "action", "part"} == set(words.EVENTS)
    assert set(registry.HOWS) == set(words.HOWS)
    assert set(registry.QUANTITIES) == set(words.QUANTITIES)
    assert set(registry.QUERIES) == set(words.QUERIES)
    assert set(registry.VALUES) == set(words.VALUES)
    assert set(registry.RULES) == set(words.RULES)
    assert set(registry.ZONES) == set(words.ZONES)
    assert set(registry.CLASSES) == set(words.CLASSES)
    assert set(registry.MECHANISMS) == set(words.MECHANISMS)
    assert set(registry.THIS) == set(words.THIS)
