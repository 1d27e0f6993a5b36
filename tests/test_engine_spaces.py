"""Action spaces, column bonuses, anytime actions and the solo and 4-player rules."""

from rulesdsl.games.feast.engine import invariants, ops
from tests.engine_helpers import give, new_game, perform, use


def test_e28_special_sale_needs_a_knarr_and_pays_printed_prices(content):
    game = new_game(content)
    p = game.state.players[0]
    give(game, 0, silver=3)
    assert game.flow.space_refusal(game.flow.ctx(0), "special_sale_3") == "none of the effects of Special sale can be used now"
    ops.gain(game, p, "knarr", 1)
    log = []
    use(game, 0, "special_sale_3", ["yes", "helmet", "yes", "glass_beads"], log)
    offered = {o.key for o in log[1].options}
    assert "english_crown" not in offered and "chalice" not in offered  # no price / 5 silver is too much
    assert p.supply["helmet"] == 1 and p.supply["glass_beads"] == 1 and p.supply["silver"] == 2
    assert "helmet" not in game.state.specials_left
    invariants.check(game)


def test_column_3_draws_an_occupation_before_the_action(content):
    game = new_game(content, occupations=True)
    p = game.state.players[0]
    hand = len(p.hand)
    deck = len(game.state.occupation_deck)
    use(game, 0, "weekly_market_3")
    assert len(p.hand) == hand + 1 and len(game.state.occupation_deck) == deck - 1
    assert p.supply["fruits"] >= 1


def test_column_4_plays_one_occupation_before_or_after(content):
    game = new_game(content, occupations=True)
    p = game.state.players[0]
    card = p.hand[0]
    give(game, 0, silver=3)
    log = []
    use(game, 0, "sheep_and_cattle_4", [str(card)], log)  # played before the action; no second offer after it
    assert card in p.played
    assert sum(1 for d in log if d.kind == "play") == 1
    assert p.stables["sheep"] == 1 and p.stables["cattle"] == 1


def test_e23_mountains_three_plus_two_from_different_strips(content):
    game = new_game(content)
    s = game.state
    s.strips = [["strip_3", ["wood", "wood", "wood", "wood", "stone", "stone", "silver2"]], ["strip_1", ["ore", "silver2"]]]
    p = game.state.players[0]
    use(game, 0, "mountain_take_3_plus_2_3", ["strip_3", "3", "strip_1", "2"])
    assert (p.supply["wood"], p.supply["ore"], p.supply["silver"]) == (3, 1, 2)
    assert s.strips == [["strip_3", ["wood", "stone", "stone", "silver2"]]]  # the emptied strip left the game


def test_e26_upgrading_two_goods_one_step_each(content):
    game = new_game(content)
    p = give(game, 0, peas=1, wool=1)
    ops.pay(game, p, "mead", p.supply["mead"])  # no mead of its own: the only mead is the upgraded one
    peas_before = p.supply["peas"]
    log = []
    use(game, 0, "upgrade_2_1", ["peas", "wool"], log)
    assert p.supply["peas"] == peas_before - 1 and p.supply["chest"] == 1 and p.supply["wool"] == 0
    assert "mead" not in {o.key for o in log[1].options}  # the new mead may not go on to oil


def test_e21_house_and_ship_and_e22_whaling_boat_swap(content):
    game = new_game(content)
    p = give(game, 0, stone=2, wood=2)
    use(game, 0, "build_house_and_ship_4", ["1"])
    assert [b.kind for b in p.buildings] == ["stone_house"] and [s.kind for s in p.ships] == ["longship"]
    assert game.state.buildings_left["stone_house"] == 2
    game = new_game(content)
    p = game.state.players[0]
    ops.gain(game, p, "whaling_boat", 1)
    p.ships[0].ore = 1
    game.state.bank["ore"] -= 1
    use(game, 0, "exchange_and_emigrate_4")  # without silver to emigrate, the swap is the action
    assert [s.kind for s in p.ships] == ["knarr"]
    invariants.check(game)  # the added ore was lost to the supply


def test_overseas_trading_flips_green_goods_of_different_kinds(content):
    game = new_game(content)
    p = give(game, 0, silver=1, oil=2, hide=1)
    ops.gain(game, p, "knarr", 1)
    log = []
    use(game, 0, "overseas_trading_1", ["oil", "hide"], log)
    assert (p.supply["rune_stone"], p.supply["oil"], p.supply["silverware"], p.supply["silver"]) == (1, 1, 1, 0)
    assert "oil" not in {o.key for o in log[-1].options}  # one tile per kind


def test_e35_plundering_needs_two_longships(content):
    game = new_game(content)
    p = game.state.players[0]
    ops.gain(game, p, "longship", 1)
    assert game.flow.space_refusal(game.flow.ctx(0), "plundering_4") is not None
    ops.gain(game, p, "longship", 1)
    use(game, 0, "plundering_4")
    assert p.supply["silver_hoard"] == 1


def test_e36_exploring_takes_the_board_and_its_silver(content):
    game = new_game(content)
    s = game.state
    s.slots["C"]["silver"] = 4
    s.bank["silver"] -= 4
    p = game.state.players[0]
    ops.gain(game, p, "knarr", 1)
    use(game, 0, "explore_iceland_greenland_or_bear_island_2", ["iceland"])
    assert "iceland" in p.explored and p.supply["silver"] == 4
    assert s.slots["C"]["owner"] == 0 and [s.kind for s in p.ships] == ["knarr"]
    assert game.flow.income(p) == 1  # Iceland's line starts at 1
    invariants.check(game)


def test_e2_exploration_boards_turn_and_collect_silver(content):
    game = new_game(content)
    s = game.state
    for round_number, expected in ((3, {"A": ("bear_island", 0), "B": ("faroe_islands", 2), "C": ("iceland", 2), "D": ("greenland", 2)}),
                                   (4, {"A": ("bear_island", 2), "B": ("baffin_island", 0), "C": ("iceland", 4), "D": ("greenland", 4)})):
        s.round = round_number
        perform(game.flow.round_phase("exploration"))
        assert {k: (v["board"], v["silver"]) for k, v in s.slots.items()} == expected
    invariants.check(game)


def test_anytime_buying_a_ship_and_loading_ore(content):
    game = new_game(content)
    player = game.decision.player
    p = give(game, player, silver=8, ore=1)
    game.answer("anytime:menu")
    assert "buy:longship" in game.decision.legal() and "buy:knarr" in game.decision.legal()
    game.answer("buy:longship")
    assert [s.kind for s in p.ships] == ["longship"] and p.supply["silver"] == 0
    game.answer("anytime:menu")
    game.answer("load:longship:1")
    assert p.ships[0].ore == 1 and p.supply["ore"] == 0
    assert game.decision.kind == "space"  # back to the same question
    invariants.check(game)


def test_solo_vikings_block_spaces_for_a_round(content):
    game = new_game(content, players=1)
    p = game.state.players[0]
    assert p.thing == 6  # 5 + the one Viking of seat 1
    game.answer("stockfish_1")
    while game.decision.kind != "space" or game.state.round == 1:
        legal = game.decision.legal()
        game.answer("pass" if "pass" in legal else legal[0])
    assert game.state.round == 2
    assert game.decision.option("stockfish_1").refusal == "Stockfish is already occupied this round"
    assert p.thing == 5 + 5 + 2  # 5 unused, 5 of the waiting colour, 2 from seat 2
    invariants.check(game)


def test_four_players_get_one_imitation_space_per_tile(content):
    game = new_game(content, players=4)
    in_play = game.flow.spaces_in_play()
    imitation = [sid for sid in in_play if sid.startswith("imitation_")]
    assert len(imitation) == 2
    assert {game.content.spaces[sid].column for sid in imitation} & {1, 2}
    assert {game.content.spaces[sid].column for sid in imitation} & {3, 4}
    assert not any(s.startswith("imitation_") for s in new_game(content, players=3).flow.spaces_in_play())


def test_an_imitation_space_copies_another_players_space(content):
    game = new_game(content, players=4)
    column = next(game.content.spaces[s].column for s in game.flow.spaces_in_play() if s.startswith("imitation_"))
    space = f"imitation_{column}"
    target = {1: "stockfish_1", 2: "mead_and_silver_2", 3: "weekly_market_3", 4: "weekly_market_4"}[column]
    use(game, 1, target)
    p = game.state.players[0]
    before = dict(p.supply)
    assert game.flow.space_refusal(game.flow.ctx(0), space) is None
    use(game, 0, space)  # the only occupied space of the column is taken without asking
    gained = {k: v - before.get(k, 0) for k, v in p.supply.items() if v != before.get(k, 0)}
    assert gained
    assert space in game.state.occupancy and target in game.state.occupancy
    invariants.check(game)
