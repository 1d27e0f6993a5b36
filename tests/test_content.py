"""The built-in content says what the physical game says."""

from collections import Counter

from rulesdsl.content.validate import polyomino_problem


def test_goods_faces_and_upgrade_chains(content):
    goods = content.goods
    assert len(goods) == 32
    chain = ["peas"]
    while goods[chain[-1]].upgrades_to:
        chain.append(goods[chain[-1]].upgrades_to)
    assert chain == ["peas", "mead", "oil", "rune_stone"]
    assert goods["sheep"].upgrades_to == "fur" and goods["cattle"].upgrades_to == "clothing"
    assert [g.id for g in goods.values() if g.harvest] == ["peas", "flax", "beans", "grain", "cabbage", "fruits"]
    assert goods["silver_hoard"].sword == 15 and goods["rune_stone"].sword == 6
    assert [g.id for g in goods.values() if g.tongs] == ["jewelry"]
    for good in goods.values():
        assert goods[good.other_side].other_side == good.id
        assert polyomino_problem(good.shape) is None
    assert {g.id: g.points for g in goods.values() if g.color == "animal"} == {
        "sheep": 2, "pregnant_sheep": 3, "cattle": 3, "pregnant_cattle": 4}


def test_special_tiles(content):
    tiles = content.special_tiles
    assert len(tiles) == 15
    assert sum(t.tongs for t in tiles.values()) == 7
    assert tiles["english_crown"].price is None and tiles["english_crown"].points == 2
    assert tiles["glass_beads"].price == 0
    assert {t.id: sum(r.count("#") for r in t.shape) for t in tiles.values()}["round_shield"] == 12


def test_mountain_strips(content):
    totals = Counter(item for strip in content.mountain_strips.values() for item in strip.items)
    assert len(content.mountain_strips) == 8
    assert totals == {"wood": 23, "stone": 15, "ore": 9, "silver2": 9}
    assert content.mountain_items["silver2"].gives == {"silver": 2}


def test_ships_weapons_buildings_coins(content):
    assert {s.id: (s.price, s.points, s.emigrated_points) for s in content.ships.values()} == {
        "whaling_boat": (3, 3, None), "knarr": (5, 5, 18), "longship": (8, 8, 21)}
    home = content.home_boards["long"]
    assert home.berths == {"small": 3, "large": 4} and home.pens == ("sheep", "cattle") and home.feast_seats == 12
    assert sum(w.deck for w in content.weapons.values()) == 47
    assert [w.id for w in content.weapons.values() if w.starting] == ["bow_and_arrow", "snare", "spear"]
    assert {b.id: (b.supply, b.house) for b in content.buildings.values()} == {
        "shed": (3, False), "stone_house": (3, True), "long_house": (5, True)}
    assert sorted(c.value for c in content.coins.values()) == [1, 2, 4, 10]


def test_round_structure(content):
    long, short = content.game_lengths["long"], content.game_lengths["short"]
    assert len(long.rounds) == 7 and len(short.rounds) == 6
    assert [r.harvest for r in long.rounds] == [1, 2, 0, 3, 0, 4, 0]
    assert [r.harvest for r in short.rounds] == [1, 0, 2, 0, 3, 0]
    assert [r.turn for r in long.rounds] == [None, None, "A", "B", "C", "D", None]
    assert long.rounds[-1].skip == ("exploration", "bonus", "mountains", "return_vikings")
    sides = content.home_boards
    assert (sides["long"].table_vikings, sides["long"].thing_vikings, sides["short"].table_vikings, sides["short"].thing_vikings) == (7, 5, 6, 6)
    assert [p.id for p in sorted(content.phases.values(), key=lambda p: p.number)][:3] == ["new_viking", "harvest", "exploration"]


def test_action_board(content):
    spaces = {sid: sp for sid, sp in content.spaces.items() if sp.group != "extension"}
    assert len(spaces) == 61
    assert Counter(s.column for s in spaces.values()) == {1: 18, 2: 18, 3: 16, 4: 9}
    assert Counter(s.group for s in spaces.values()) == {
        "build_houses": 4, "build_ships": 3, "hunting": 6, "livestock_market": 6, "weekly_market": 4,
        "products": 3, "crafting": 7, "mountains_trade": 11, "sailing": 10, "emigration_occupation": 7}
    imitation = {sid: sp for sid, sp in content.spaces.items() if sp.group == "extension"}
    assert sorted((sp.column, sp.players) for sp in imitation.values()) == [(1, (4,)), (2, (4,)), (3, (4,)), (4, (4,))]
    assert [t.sides for t in content.extension_tiles.values()] == [("imitation_1", "imitation_2"), ("imitation_3", "imitation_4")]
    # every column is filled from row 1 to row 18 without gaps
    for column in (1, 2, 3, 4):
        rows = sorted(r for s in spaces.values() if s.column == column for r in range(s.row, s.row + s.rows))
        assert rows == list(range(1, 19)), column


def test_every_effect_is_parsed(content):
    assert len(content.programs) == len(content.spaces) + len(content.rules) + len(content.occupations) + len(content.phases)


def test_language_reference_is_up_to_date():
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    result = subprocess.run([sys.executable, str(root / "tools" / "gen_language_doc.py"), "--check"], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


def test_the_package_names_no_occupation_space_or_component(content):
    """Data and code stay apart: rulesdsl/ never names an occupation (not even in a comment),
    and no string in its code is the id of a space, board, building, good or special tile."""
    import ast
    import io
    import re
    import tokenize
    from pathlib import Path

    names = {o.name for o in content.occupations.values()}
    ids = set(content.spaces) | set(content.exploration_boards) | set(content.buildings) | set(content.goods) | set(content.special_tiles)
    found = []
    for path in sorted((Path(__file__).resolve().parent.parent / "rulesdsl").rglob("*.py")):
        text = path.read_text()
        found += [f"{path.name}: {name}" for name in names if re.search(r"\b" + re.escape(name) + r"\b", text)]
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.STRING and not token.string.lstrip("rbuRBU").startswith(("f", "F")):
                try:
                    value = ast.literal_eval(token.string)
                except (ValueError, SyntaxError):
                    continue
                if isinstance(value, str) and value in ids:
                    found.append(f"{path.name}:{token.start[0]}: {value!r}")
    assert found == []


def test_the_package_names_no_component_of_the_second_game():
    """No Vikings component is named in rulesdsl/: no figure or tile kind in any word (comments
    and docstrings too), and no id of the ruleset (ring, supplies, board, holding area,
    currencies) as an identifier or a string. (Category words such as `ship` are also Feast for
    Odin items, which its own code names; the Vikings code, rulesdsl/games/tableau/engine, names neither.)"""
    import io
    import re
    import tokenize
    from pathlib import Path

    from rulesdsl.games.tableau.engine.rulesets import load

    ruleset = load("vikings")
    c = ruleset.components
    words = set(ruleset.figures) | set(ruleset.tiles)
    plural = {"fisherman": "fishermen", "boatsman": "boatsmen"}
    words |= {plural.get(w, w + "s") for w in set(ruleset.figures)}
    ids = {x.id for x in c.rings} | {x.id for x in c.supplies} | {x.id for x in c.bags} | {c.board.id, c.board.holding}
    ids |= {x.id for x in c.currencies} | {x.category for x in c.tiles} | {"viking", "vikings", "island", "islands", "ship", "ships"}
    found = []
    root = Path(__file__).resolve().parent.parent / "rulesdsl"
    for path in sorted(root.rglob("*.py")):
        text = path.read_text()
        found += [f"{path.name}: {w}" for w in words if re.search(r"\b" + re.escape(w) + r"\b", text, re.IGNORECASE)]
        own = path.is_relative_to(root / "games" / "tableau" / "engine") or path.is_relative_to(root / "mechanisms")
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.NAME and token.string in ids and own:
                found.append(f"{path.name}:{token.start[0]}: {token.string}")
            if token.type == tokenize.STRING and token.string.strip("'\"") in (ids if own else ids - {"ship", "ships", "viking", "vikings"}):
                found.append(f"{path.name}:{token.start[0]}: {token.string}")
    assert found == []
