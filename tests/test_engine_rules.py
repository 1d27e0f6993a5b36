"""Rulebook examples played through the engine (digest section 10: E and W items)."""

import pytest

from rulesdsl.errors import IllegalMove
from rulesdsl.games.feast.engine import invariants, ops
from rulesdsl.games.feast.engine.state import ShipState
from tests.engine_helpers import give, new_game, perform, use


def test_e32_hunting_game_declared_a_failure(content):
    game = new_game(content, dice=[3, 7, 4])
    game.state.occupancy["hunting_game_1"] = [(1, 1, 1)]
    game.state.players[1].thing -= 1
    p = give(game, 0, wood=2, bow_and_arrow=1)
    thing, bows = p.thing, p.supply["bow_and_arrow"]
    use(game, 0, "hunting_game_2", ["reroll", "reroll", "fail"])
    assert p.supply["wood"] == 3 and p.supply["bow_and_arrow"] == bows + 1  # 1 wood + 1 bow as compensation
    assert p.supply["hide"] == 0 and p.supply["game_meat"] == 0
    assert p.thing == thing - 2  # no Viking comes back
    invariants.check(game)


def test_hunting_success_pays_the_result_in_wood_and_bows(content):
    game = new_game(content, dice=[4])
    p = game.state.players[0]
    p.supply["bow_and_arrow"] = 0  # the starting weapons went to the discard pile
    game.state.weapon_discard.append("bow_and_arrow")
    give(game, 0, wood=2, bow_and_arrow=2)
    use(game, 0, "hunting_game_1", ["stop", "succeed", "wood", "bow_and_arrow", "wood"])
    assert (p.supply["wood"], p.supply["bow_and_arrow"], p.supply["hide"], p.supply["game_meat"]) == (0, 0, 1, 1)


def test_e33_whaling_with_three_boats_and_five_ore(content):
    game = new_game(content, dice=[8, 4])
    p = game.state.players[0]
    for ore in (1, 1, 0):
        ops.gain(game, p, "whaling_boat", 1)
        p.ships[-1].ore = ore
        game.state.bank["ore"] -= ore
    thing = p.thing
    log = []
    use(game, 0, "whaling_3", ["3", "reroll"], log)
    # 8 - 5 = 3 after the first roll; the reroll gives 4 - 5 = -1 -> 0: rolling stops, success at no cost
    assert any("result 3 after roll 1" in d.prompt for d in log)
    assert (p.supply["oil"], p.supply["skin_and_bones"], p.supply["whale_meat"]) == (1, 1, 1)
    assert p.thing == thing - 3
    invariants.check(game)


def test_whaling_failure_returns_two_vikings(content):
    game = new_game(content, dice=[9])
    p = game.state.players[0]
    ops.gain(game, p, "whaling_boat", 1)
    thing, spears = p.thing, p.supply["spear"]
    use(game, 0, "whaling_4", ["stop"])  # 9 - 1 = 8, nothing to pay with: failure is the only answer left
    assert p.supply["wood"] == 1 and p.supply["spear"] == spears + 1
    assert p.thing == thing - 4 + 2
    assert game.state.occupancy["whaling_4"] == [(0, 2, game.state.round)]  # the space stays occupied


def test_e31_pillaging_reaches_ten_and_takes_a_jewelry(content):
    game = new_game(content, dice=[4, 6])
    p = game.state.players[0]
    ops.gain(game, p, "longship", 1)
    p.ships[0].ore = 3  # 2 ore, and 1 more loaded before the action
    game.state.bank["ore"] -= 3
    give(game, 0, long_sword=1)
    swords = p.supply["long_sword"]
    more = ["done"] if swords > 1 or p.supply["stone"] else []
    use(game, 0, "pillaging_2", ["reroll", "stop", "long_sword"] + more + ["succeed", "jewelry"])
    assert p.supply["jewelry"] == 1 and p.supply["long_sword"] == swords - 1
    assert p.ships[0].ore == 3  # the ore stays on the longship
    invariants.check(game)


def test_a_raid_at_five_fails(content):
    game = new_game(content, dice=[5])
    p = game.state.players[0]
    ops.gain(game, p, "longship", 1)
    swords = p.supply["long_sword"]
    use(game, 0, "raiding_1", ["stop"] + (["done"] if swords else []))
    # succeeding is refused ("a battle result of 5 fails"), so failure is taken without asking
    assert p.supply["stone"] == 1 and p.supply["long_sword"] == swords + 1
    assert not any(p.supply[g] for g in ("rune_stone", "silverware", "chest"))
    assert game.history[-3:] == ["r1 actions: player 0 rolls 5 for raiding: result 5",
                                 "r1 actions: player 0: raiding: battle result 5 -> declare failure (the only possible answer)",
                                 "r1 actions: player 0 fails raiding"]


def test_e30_raid_could_reach_six_but_is_declared_failed(content):
    game = new_game(content, dice=[4, 5, 3])
    p = game.state.players[0]
    ops.gain(game, p, "longship", 1)
    give(game, 0, stone=2, long_sword=1)
    swords = p.supply["long_sword"]
    log = []
    use(game, 0, "raiding_1", ["reroll", "reroll", "stone", "stone", "long_sword", "fail"], log)
    assert "battle result 6" in log[-1].prompt
    assert p.supply["stone"] == 3 and p.supply["long_sword"] == swords + 1  # nothing spent, compensation received


@pytest.mark.parametrize("sheep, pregnant, after", [(2, 1, (4, 0)), (4, 0, (3, 1)), (0, 1, (2, 0)), (1, 0, (1, 0))])
def test_e4_e5_e6_breeding(content, sheep, pregnant, after):
    game = new_game(content)
    p = give(game, 0, sheep=sheep, pregnant_sheep=pregnant) if sheep or pregnant else game.state.players[0]
    perform(game.flow.phase_share(game.flow.ctx(0), "breeding", frozenset({"phase"})))
    assert (p.stables["sheep"], p.stables["pregnant_sheep"]) == after


def test_w8_emigration_in_round_four(content):
    game = new_game(content)
    game.state.round = 4
    p = game.state.players[0]
    ops.gain(game, p, "knarr", 1)
    ops.gain(game, p, "longship", 1)
    p.ships[1].ore = 2
    game.state.bank["ore"] -= 2
    p.emigrated.append("knarr")  # an earlier emigration
    game.state.bank["emigrated:knarr"] -= 1
    give(game, 0, silver=6)
    assert game.flow.feast_seats(p) == 7
    longship = "longship:1"
    use(game, 0, "emigrate_2", [longship])
    assert p.supply["silver"] == 2  # the round number
    assert p.emigrated == ["knarr", "longship"] and [s.kind for s in p.ships] == ["knarr"]
    assert game.flow.feast_seats(p) == 5
    invariants.check(game)  # the 2 ore on the longship went back to the supply


def test_feast_rules_orientation_adjacency_and_penalties(content):
    game = new_game(content)
    game.state.round = 1  # 6 seats to feed on the long side
    p = give(game, 0, salt_meat=2, silver=1)
    held = dict(p.supply)
    log = []
    perform(game.flow.phase_share(game.flow.ctx(0), "feast", frozenset({"phase"})), ["salt_meat:long", "peas:up", "empty"], log)
    first = {o.key for o in log[0].options}
    assert {"salt_meat:long", "salt_meat:up", "peas:long", "peas:up", "mead:up", "coin", "empty", "stop"} <= first
    second = {o.key for o in log[1].options}  # 2 seats left, next to a red tile
    assert not {"salt_meat:up", "mead:long", "mead:up"} & second  # red may not touch red
    assert {"peas:long", "peas:up", "flax:up", "beans:long"} <= second
    third = {o.key for o in log[2].options}  # 1 seat left, next to an orange tile
    assert "mead:up" in third and not any(k.startswith(("peas", "flax", "beans")) for k in third)
    assert p.penalties == 1
    assert p.supply["salt_meat"] == held["salt_meat"] - 1 and p.supply["peas"] == held["peas"] - 1
    invariants.check(game)


def test_only_one_tile_of_a_kind_lies_lengthwise(content):
    game = new_game(content)
    game.state.round = 7  # all 12 seats
    give(game, 0, salt_meat=2, peas=1)
    log = []
    perform(game.flow.phase_share(game.flow.ctx(0), "feast", frozenset({"phase"})), ["salt_meat:long", "peas:up", "salt_meat:up", "stop"], log)
    third = {o.key for o in log[2].options}
    assert "salt_meat:up" in third and "salt_meat:long" not in third


def test_e18_wood_per_player_and_e20_weekly_market(content):
    for players in (1, 2, 3, 4):
        game = new_game(content, players=players)
        p = game.state.players[0]
        use(game, 0, "wood_per_player_and_ore_2")
        assert (p.supply["wood"], p.supply["ore"]) == (players, 1)
    game = new_game(content)
    p = give(game, 0, cattle=1, pregnant_sheep=1)
    use(game, 0, "weekly_market_4")
    assert (p.supply["spices"], p.supply["silver"], p.supply["milk"], p.supply["wool"]) == (1, 1, 2, 1)


def test_e16_milk_from_cattle(content):
    for cattle, milk in ((1, 1), (2, 2), (3, 3), (5, 3)):
        game = new_game(content)
        p = give(game, 0, cattle=cattle)
        use(game, 0, "milk_from_cattle_1")
        assert p.supply["milk"] == milk


def test_w1_placing_is_refused_with_a_reason(content):
    game = new_game(content)
    decision = game.decision
    assert decision.kind == "space"
    shed = decision.option("build_shed_1")
    assert shed.refusal == "none of the effects of Build a shed can be used now"
    long_house = decision.option("play_up_to_4_occupations_3")
    assert long_house.refusal is not None
    player = decision.player
    before = game.state.snapshot()
    with pytest.raises(IllegalMove) as info:
        game.answer("build_shed_1")
    assert info.value.reason == "none of the effects of Build a shed can be used now"
    assert game.state.snapshot() == before
    game.answer("stockfish_1")
    other = game.decision
    assert other.player != player
    assert other.option("stockfish_1").refusal == "Stockfish is already occupied this round"


def test_the_last_round_ends_after_the_feast(content):
    game = new_game(content, length="short")
    from rulesdsl.agents import RandomAgent

    game.run([RandomAgent(1), RandomAgent(2)])
    assert game.state.finished and game.state.round == 6
    assert game.state.phase == "end"
    last = [h for h in game.history if h.startswith("r6 ")]
    assert not any(" bonus:" in h or " mountains:" in h for h in last)


def test_derive_copies_every_slot():
    from rulesdsl.games.feast.engine.interp import Ctx

    ctx = Ctx.__new__(Ctx)
    for index, name in enumerate(Ctx.__slots__):
        setattr(ctx, name, ("value", index))
    copy = ctx.derive(card=99)
    for index, name in enumerate(Ctx.__slots__):
        expected = 99 if name == "card" else ("value", index)
        if name == "vars":
            continue
        assert getattr(copy, name) == expected, name


def test_state_clone_is_equal_and_independent(content):
    game = new_game(content, players=2)
    give(game, 0, silver=3, wood=2)
    before = game.state.snapshot()
    copy = game.state.clone()
    assert copy.snapshot() == before
    copy.players[0].supply["silver"] += 5
    copy.players[0].hand.append(1)
    copy.occupancy["stockfish_1"] = [(0, 1, 1)]
    copy.strips[0][1].append("ore")
    assert game.state.snapshot() == before


def test_relevance_tables_cover_the_vocabulary():
    from rulesdsl.games.feast.engine.legality import relevance
    from rulesdsl.lang import registry

    assert set(relevance.VALUE_REACH) == set(registry.VALUES)
    assert set(relevance.RULE_REACH) == set(registry.RULES)


def test_relevance_reads_what_a_space_needs_not_what_it_gives(content):
    from rulesdsl.games.feast.engine.game import _catalog
    from rulesdsl.games.feast.engine.legality import relevance

    catalog = _catalog(content)
    milk = relevance.needs_of_space(content, catalog, "milk_from_cattle_1")
    assert "cattle" in milk and "milk" not in milk  # the amount reads the cattle; the milk is only given
    assert relevance.needs_of_space(content, catalog, "craft_rune_stone_1") == frozenset({"stone"})
    # what playing a card reaches: Patron (2) changes a silver cost, Fruit Picker (43) gives
    # fruits, Priest (149) hooks a later event whose oil counts (a preparation after the play
    # may set it off)
    assert relevance.produced_by_card(content, catalog, 2) == frozenset({"silver"})
    assert relevance.produced_by_card(content, catalog, 149) == frozenset({"oil"})
    assert relevance.produced_by_card(content, catalog, 43) == frozenset({"fruits"})
    assert not relevance.may_matter(frozenset({"fruits"}), frozenset({"stone"}))
    assert relevance.may_matter(None, frozenset({"stone"}))
