"""The placement rules on every kind of grid, each with an accepted and a refused case."""

import pytest

from rulesdsl.errors import IllegalMove, IllegalPlacement
from rulesdsl.geometry import pieces, scoring
from rulesdsl.geometry.placement import check, empty, legal_placements, place


@pytest.fixture(scope="module")
def grids(content):
    return pieces.grids(content)


@pytest.fixture(scope="module")
def tile(content):
    return lambda item: pieces.piece(content, item)


def put(state, tile, *placements):
    for item, row, column, *turn in placements:
        state = place(state, tile(item), row, column, *turn)
    return state


def refused(state, piece, row, column, turn=0, mirror=False):
    with pytest.raises(IllegalPlacement) as info:
        place(state, piece, row, column, turn, mirror)
    return info.value


RULEBOOK_MINUS = {"shetland": 24, "faroe_islands": 16, "iceland": 24, "greenland": 20, "bear_island": 22,
                  "baffin_island": 24, "labrador": 40, "newfoundland": 40}


def test_minus_squares_match_the_rulebook(content, grids):
    for board, figure in RULEBOOK_MINUS.items():
        assert scoring.uncovered_minus(empty(grids[board])) == figure, board
    buildings = content.buildings
    assert scoring.uncovered_minus(empty(grids["stone_house"])) + sum(buildings["stone_house"].slots.values()) == 9
    assert scoring.uncovered_minus(empty(grids["long_house"])) == 15
    assert sum(buildings["shed"].slots.values()) == 6 and buildings["shed"].area is None
    assert scoring.uncovered_minus(empty(grids["home_long"])) == 86


def test_what_an_area_accepts(grids, tile):
    home, house = empty(grids["home_long"]), empty(grids["long_house"])
    err = refused(home, tile("peas"), 6, 0)
    assert err.rule == "accepts"
    assert err.reason == "peas (orange) cannot be placed on home board, long side (7 rounds): it takes blue, green, ore, silver, special"
    assert place(house, tile("peas"), 0, 0).covered
    assert refused(house, tile("ore"), 0, 0).rule == "accepts"
    assert refused(house, tile("sheep"), 0, 0).rule == "accepts"
    assert place(home, tile("coin_4"), 10, 2).covered
    assert place(home, tile("glass_beads"), 5, 1).covered


def test_squares_must_be_inside_and_coverable(grids, tile):
    home = empty(grids["home_long"])
    err = refused(home, tile("silk"), 11, 6)
    assert (err.rule, err.square) == ("inside", (11, 8))
    assert err.reason == "square (11, 8) is outside home board, long side (7 rounds)"
    assert refused(home, tile("silk"), 3, 10).square == (3, 12)  # a sea square at the right edge
    faroe = empty(grids["faroe_islands"])
    err = refused(faroe, tile("oil"), 2, 6)
    assert (err.rule, err.square) == ("forbidden", (2, 6))
    assert err.reason == "square (2, 6) of Faroe Islands is a forbidden square and can never be covered"
    assert place(faroe, tile("oil"), 3, 5).covered


def test_long_house_pillars_are_never_covered(grids, tile):
    house = empty(grids["long_house"])
    err = refused(house, tile("flax"), 1, 2)
    assert (err.rule, err.square) == ("pillar", (1, 3))
    assert err.reason == "square (1, 3) of long house is a pillar and can never be covered"
    assert place(house, tile("flax"), 0, 1).covered


def test_tiles_never_overlap(grids, tile):
    state = put(empty(grids["home_long"]), tile, ("silverware", 11, 0))
    err = refused(state, tile("chest"), 10, 2)
    assert (err.rule, err.square) == ("overlap", (11, 2))
    assert err.reason == "square (11, 2) of home board, long side (7 rounds) is already covered by silverware"


def test_green_never_shares_an_edge_with_green_on_boards(grids, tile):
    state = put(empty(grids["home_long"]), tile, ("hide", 11, 0))
    err = refused(state, tile("oil"), 10, 2)
    assert (err.rule, err.square) == ("apart", (11, 2))
    assert "two green tiles may not share an edge" in err.reason
    assert place(state, tile("oil"), 10, 3).covered  # touches (11, 2) at a corner only
    assert place(state, tile("chest"), 9, 0).covered  # blue touches anything


def test_houses_keep_orange_and_red_apart_but_not_green(grids, tile):
    state = put(empty(grids["long_house"]), tile, ("peas", 0, 0))
    err = refused(state, tile("flax"), 1, 0)  # orange under orange
    assert (err.rule, err.square) == ("apart", (0, 0))
    state = place(state, tile("mead"), 1, 0)  # red next to orange is fine
    assert refused(state, tile("stockfish"), 2, 0).rule == "apart"  # red under red
    state = place(state, tile("oil"), 2, 0)  # green next to red
    assert place(state, tile("hide"), 2, 2).covered  # green beside green is fine in a house


def test_income_rule(grids, tile):
    home = empty(grids["home_long"])
    err = refused(home, tile("chest"), 10, 1)
    assert (err.rule, err.square) == ("income", (10, 1))
    assert err.reason.endswith("square (10, 0) is not")
    assert place(home, tile("chest"), 10, 0).covered  # covers I1 together with everything it needs
    state = put(home, tile, ("ore", 11, 0))
    assert refused(state, tile("ore"), 10, 1).rule == "income"
    state = put(state, tile, ("ore", 10, 0), ("ore", 11, 1))
    assert place(state, tile("ore"), 10, 1).covered


def test_bonus_squares_count_as_covered_for_the_income_rule(grids, tile):
    # the mead bonus at (9, 1) may stay open when the 2 at (9, 2) is covered
    state = put(empty(grids["home_long"]), tile, ("silk", 11, 0), ("silk", 10, 0), ("ore", 9, 0))
    state = place(state, tile("ore"), 9, 2)
    assert scoring.line_incomes(state) == [2]


def test_income_is_the_smallest_visible_number(content, grids, tile):
    from pathlib import Path

    from rulesdsl.geometry.statefile import load_state

    state = load_state(Path(__file__).resolve().parent.parent / "examples" / "home_income_5.yaml", content)
    assert scoring.income(state) == 5
    assert scoring.bonus(state) == [((7, 2), ("wood",)), ((9, 1), ("mead",))]
    assert scoring.income(empty(grids["home_long"])) == 0
    assert scoring.income(empty(grids["iceland"])) == 1
    assert scoring.income(empty(grids["bear_island"])) == 1
    assert scoring.line_incomes(empty(grids["greenland"])) == [0, 0]
    assert scoring.income(empty(grids["labrador"])) == 0


def test_bear_island_line_ends_on_its_forbidden_five(grids, tile):
    def ores(state, *squares):
        for r, c in squares:
            state = place(state, tile("ore"), r, c)
        return state

    state = empty(grids["bear_island"])
    assert refused(state, tile("ore"), 4, 1).square == (4, 1)  # the 1 needs (5, 1) and (6, 1) first
    state = ores(state, (5, 1), (6, 1), (4, 1))
    assert scoring.income(state) == 3
    state = ores(state, (3, 0), (3, 1), (5, 2), (6, 2), (3, 2))
    assert scoring.income(state) == 4
    state = ores(state, (2, 0), (2, 1), (2, 2), (3, 3), (4, 3), (5, 3), (6, 3), (7, 3), (2, 3))
    assert scoring.income(state) == 5  # printed on the forbidden square, which is never covered


def test_ore_bonus_at_the_edge_of_the_home_board_needs_five_neighbours(grids, tile):
    state = put(empty(grids["home_long"]), tile, ("ore", 4, 0), ("ore", 4, 1), ("ore", 5, 1), ("ore", 6, 0))
    assert scoring.bonus(state) == []
    state = put(state, tile, ("ore", 6, 1))
    assert scoring.bonus(state) == [((5, 0), ("ore",))]
    covered = put(state, tile, ("ore", 5, 0))  # covering the bonus square itself forfeits it
    assert scoring.bonus(covered) == []


def test_bear_island_rune_stone_and_ore_bonus_needs_six_squares(grids, tile):
    neighbours = [(5, 5), (5, 6), (5, 7), (6, 5), (7, 5), (7, 6)]
    state = empty(grids["bear_island"])
    for r, c in neighbours[:-1]:
        state = place(state, tile("ore"), r, c)
    assert scoring.bonus(state) == []
    state = place(state, tile("ore"), *neighbours[-1])
    assert scoring.bonus(state) == [((6, 6), ("rune_stone", "ore"))]


def test_rotations_and_turning_over(grids, tile):
    home = empty(grids["home_long"])
    err = refused(home, tile("silk"), 8, 0, 45)
    assert (err.rule, err.reason) == ("rotation", "unknown rotation 45: a tile turns by 0, 90, 180 or 270 degrees")
    assert refused(home, tile("silk"), 8, 0, 0, True).reason == "silk cannot be turned over: its back shows another good"
    upright = place(home, tile("silk"), 8, 0, 90)
    assert sorted(upright.grid.squares(upright.covered)) == [(8, 0), (9, 0), (10, 0), (11, 0)]
    beads = place(home, tile("cloak_pin"), 6, 0, 0, True)  # special tiles show the same item on both faces
    assert sorted(beads.grid.squares(beads.covered)) == [(6, 3), (7, 0), (7, 1), (7, 2), (7, 3)]


def test_unknown_items_and_boards(content):
    with pytest.raises(IllegalMove) as info:
        pieces.piece(content, "unicorn")
    assert info.value.reason.startswith("unknown good or tile 'unicorn'")
    with pytest.raises(IllegalMove) as info:
        pieces.grid(content, "atlantis")
    assert info.value.reason.startswith("unknown board 'atlantis'")


def test_a_refused_placement_leaves_the_state_unchanged(grids, tile):
    state = put(empty(grids["home_long"]), tile, ("hide", 11, 0))
    before = (state.tiles, state.covered, state.by_class)
    refused(state, tile("oil"), 10, 2)
    assert (state.tiles, state.covered, state.by_class) == before


def test_legal_placements_are_exactly_what_place_accepts(grids, tile):
    state = put(empty(grids["home_long"]), tile, ("hide", 11, 0), ("chest", 9, 0), ("silk", 11, 3))
    for item in ("oil", "clothing", "cloak_pin", "coin_2", "ore"):
        piece = tile(item)
        listed = {p.mask for p in legal_placements(state, piece)}
        brute = set()
        for turn in (0, 90, 180, 270):
            for mirror in ((False, True) if piece.mirror else (False,)):
                for row in range(-3, 13):
                    for column in range(-3, 14):
                        try:
                            brute.add(check(state, piece, row, column, turn, mirror))
                        except IllegalPlacement:
                            pass
        assert listed == brute, item
    assert legal_placements(state, tile("peas")) == []


def test_exploration_requirements_match_the_action_board(content):
    from rulesdsl.lang import tree as t

    for board in content.exploration_boards.values():
        spaces = [s for s in content.spaces.values() if board.id in s.effect.split()]
        assert len(spaces) == 1, board.id
        (space,) = spaces
        assert space.column == board.explore_vikings, board.id
        program = content.programs[("spaces", space.id)]
        require = next(s for s in program.items if isinstance(s, t.Require))
        required = {"_".join(words) for words in require.selector.nouns}
        ships = set(content.ships) if required == {"ship"} else {w.rstrip("s") for w in required}
        assert ships == set(board.explore_ships), board.id


def test_exploration_schedule_and_silver(content):
    from rulesdsl.content.exploration import schedule

    long = schedule(content, "long")
    assert long["shetland"] == {1: 0, 2: 0}
    assert long["bear_island"] == {3: 0, 4: 2, 5: 4, 6: 6, 7: 6}
    assert long["faroe_islands"] == {1: 0, 2: 0, 3: 2}
    assert long["baffin_island"] == {4: 0, 5: 2, 6: 4, 7: 4}
    assert long["iceland"] == {1: 0, 2: 0, 3: 2, 4: 4}
    assert long["labrador"] == {5: 0, 6: 2, 7: 2}
    assert long["greenland"] == {1: 0, 2: 0, 3: 2, 4: 4, 5: 6}
    assert long["newfoundland"] == {6: 0, 7: 0}
    short = schedule(content, "short")
    assert short["shetland"] == {1: 0}
    assert short["bear_island"] == {2: 0, 3: 2, 4: 4, 5: 6, 6: 6}
    assert short["iceland"] == {1: 0, 2: 2, 3: 4}
    assert short["newfoundland"] == {5: 0, 6: 0}


def test_shed_and_stone_house_slots(content):
    from rulesdsl.geometry.slots import empty_slots, fill, slots_of

    shed = slots_of(content.buildings["shed"])
    assert empty_slots(shed) == 6
    for _ in range(3):
        shed = fill(shed, "wood")
    with pytest.raises(IllegalPlacement) as info:
        fill(shed, "wood")
    assert info.value.reason == "the shed has no free wood slot (3 in all)"
    with pytest.raises(IllegalPlacement) as info:
        fill(shed, "ore")
    assert info.value.reason == "the shed slots take stone or wood, not ore"
    assert empty_slots(fill(shed, "stone")) == 2
    house = slots_of(content.buildings["stone_house"])
    assert empty_slots(fill(fill(house, "wood"), "stone")) == 0
