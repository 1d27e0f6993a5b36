"""Building a scenario's situation: a game from the file's `game` options and seed, with the
parts of the state its `setup` names replaced (players' supplies, boards, buildings, ships,
hands and cards played; the board's occupancy, mountain strips, exploration boards, decks and
the general supply). The lessons build their situations here too (learn_lessons).
"""

from __future__ import annotations

from rulesdsl.errors import IllegalMove, RulesError
from rulesdsl.games.feast.engine import ops
from rulesdsl.games.feast.engine.game import Game, GameOptions
from rulesdsl.games.feast.engine.state import ShipState
from rulesdsl.games.feast.scenario_check import keys
from rulesdsl.geometry import pieces
from rulesdsl.geometry.placement import empty, place
from rulesdsl.geometry.slots import fill as fill_slot

# the keys each mapping of the setup may hold, in format 1 and 2 (described once, in scenario_check's schema)
_GAME = keys(("game",))
_SETUP, _SETUP2 = keys(("setup",)), keys(("setup",), 2)
_PLAYER = keys(("setup", "players", "*"))


def build(doc, r, content) -> Game:
    """A new game as the document's `game` options and seed make it, its state as `setup` says."""
    data = doc.data
    game_opts = data.get("game", {})
    r.keys(game_opts, ("game",), _GAME)
    options = GameOptions(players=game_opts.get("players", 2), length=game_opts.get("length", "long"),
                          decks=tuple(game_opts.get("decks", ["A"])), occupations=game_opts.get("occupations", False))
    try:
        game = Game(content, options, game_opts.get("seed", 0))
    except RulesError as err:
        r.fail(("game",), str(err))
    setup = data.get("setup", {})
    r.keys(setup, ("setup",), r.v2(_SETUP, _SETUP2))
    s = game.state
    if "round" in setup:
        s.round = r.int(setup["round"], ("setup", "round"), 1)
        if len(s.players) > 1:  # one Viking has left the banquet table per round
            home = content.home_boards[options.length]
            for p in s.players:
                p.table_vikings = home.table_vikings - s.round
                p.thing = home.thing_vikings + s.round
    if setup.get("phase") and setup["phase"] not in content.phases:
        r.fail(("setup", "phase"), f"unknown phase '{setup['phase']}'; phases: {', '.join(sorted(content.phases))}")
    s.phase = setup.get("phase") or min(game.flow.phases_using("turns"), default="")  # the action phase by default
    if "start_player" in setup:
        s.start_player = r.int(setup["start_player"], ("setup", "start_player"), 0)
    for index, pdata in enumerate(setup.get("players", [])):
        if index >= len(s.players):
            r.fail(("setup", "players", index), f"the game has {len(s.players)} players")
        _setup_player(game, r, s.players[index], pdata, ("setup", "players", index))
    for space, who in setup.get("occupancy", {}).items():
        if space not in content.spaces:
            r.fail(("setup", "occupancy", space), f"unknown space '{space}'")
        player = r.int(who, ("setup", "occupancy", space), 0)
        n = content.columns[content.spaces[space].column].vikings
        s.occupancy[space] = [(player, n, s.round)]
        s.players[player].thing -= n
    if "strips" in setup:
        strips = []
        for index, items in enumerate(setup["strips"]):
            for k, item in enumerate(items):
                if item not in content.mountain_items:
                    r.fail(("setup", "strips", index, k), f"unknown mountain item '{item}'")
            strips.append([f"strip_{index + 1}", list(items)])
        s.strips = strips
    if "strip_pile" in setup:  # the face-down strips still to come, top first
        pile = [str(x) for x in setup["strip_pile"] or []]
        for index, sid in enumerate(pile):
            if sid not in content.mountain_strips:
                r.fail(("setup", "strip_pile", index), f"unknown mountain strip '{sid}'; strips: {', '.join(content.mountain_strips)}")
        s.strip_pile = pile
    for slot, sdata in setup.get("exploration", {}).items():
        if slot not in s.slots:
            r.fail(("setup", "exploration", slot), f"unknown exploration slot '{slot}'")
        if "board" in sdata:
            s.slots[slot]["board"] = sdata["board"]
        if "silver" in sdata:
            s.bank["silver"] -= sdata["silver"] - s.slots[slot]["silver"]
            s.slots[slot]["silver"] = sdata["silver"]
    if "specials_left" in setup:
        s.specials_left = set(setup["specials_left"])
    if "weapon_deck" in setup:
        s.weapon_deck = list(setup["weapon_deck"])
    if "occupation_deck" in setup:
        s.occupation_deck = [int(x) for x in setup["occupation_deck"]]
    if "weapon_discard" in setup:
        s.weapon_discard = [_known(r, w, content.weapons, ("setup", "weapon_discard"), "weapon") for w in setup["weapon_discard"] or []]
    if "general" in setup:
        _setup_general(game, r, setup["general"])
    if "extension" in setup:
        _setup_extension(game, r, setup["extension"])
    return game


def _setup_extension(game, r, sides) -> None:
    """`extension: [imitation_2, imitation_4]`: the side of each extension tile that lies face up
    (format 2); a tile not named keeps the side the seed gave it."""
    path = ("setup", "extension")
    if not isinstance(sides, list):
        r.fail(path, "expected a list of the spaces shown on the extension tiles")
    tiles = game.content.extension_tiles
    chosen = {}
    for index, space in enumerate(sides):
        tile = next((t for t in tiles.values() if space in t.sides), None)
        if tile is None:
            shown = ", ".join(sp for t in tiles.values() for sp in t.sides)
            r.fail(path + (index,), f"'{space}' is not a side of an extension tile; sides: {shown}")
        if tile.id in chosen:
            r.fail(path + (index,), f"'{space}' and '{chosen[tile.id]}' are two sides of one tile ({tile.id})")
        if tile.id not in game.state.extension:
            r.fail(path + (index,), f"the extension tiles are not used with {len(game.state.players)} players")
        chosen[tile.id] = space
    game.flow.show_extension(chosen)


def _known(r, name, table, path, what):
    if name not in table:
        r.fail(path, f"unknown {what} '{name}'")
    return name


def general_supply(game) -> dict:
    """The limited parts of the general supply: buildings and special tiles left (goods never run out)."""
    s = game.state
    out = {kind: s.buildings_left[kind] for kind in game.content.buildings}
    out.update({tile: int(tile in s.specials_left) for tile in game.content.special_tiles})
    return out


def _setup_general(game, r, data) -> None:
    known = general_supply(game)
    for item, n in (data or {}).items():
        path = ("setup", "general", item)
        if item not in known:
            r.fail(path, f"the general supply keeps no count of '{item}'; it counts: {', '.join(sorted(known))}")
        n = r.int(n, path, 0)
        if item in game.content.buildings:
            game.state.buildings_left[item] = n
        elif n > 1:
            r.fail(path, "there is one of each special tile")
        elif n:
            game.state.specials_left.add(item)
        else:
            game.state.specials_left.discard(item)


def _setup_player(game, r, p, data, path):
    content = game.content
    r.keys(data, path, _PLAYER)
    s = game.state
    if "supply" in data:  # the supply is exactly what the scenario lists
        for item, n in list(p.supply.items()):
            if n:
                ops.pay(game, p, item, n)
        p.supply.clear()
        for item, n in r.counts(data["supply"], path + ("supply",), content, "supply").items():
            if n:
                ops.gain(game, p, item, n)
    if "stables" in data:
        for item, n in r.counts(data["stables"], path + ("stables",), content, "stables").items():
            ops.gain(game, p, item, n)
    for index, ship in enumerate(data.get("ships", [])):
        kind, ore = (ship, 0) if isinstance(ship, str) else (ship.get("kind"), ship.get("ore", 0))
        if kind not in content.ships:
            r.fail(path + ("ships", index), f"unknown ship '{kind}'")
        p.ships.append(ShipState(kind, ore, p.uid()))
        s.bank[kind] -= 1
        s.bank["ore"] -= ore
    for kind in data.get("emigrated", []):
        p.emigrated.append(kind)
        s.bank[f"emigrated:{kind}"] -= 1
    for key, tiles in data.get("boards", {}).items():
        if key == "home":
            board = p.home
        else:
            if key not in content.exploration_boards:
                r.fail(path + ("boards", key), f"unknown board '{key}'")
            board = empty(pieces.grid(content, key))
            for slot in s.slots.values():
                if slot["board"] == key:
                    slot["owner"] = p.index
        board = _place_tiles(game, r, board, tiles, path + ("boards", key))
        if key == "home":
            p.home = board
        else:
            p.explored[key] = board
    for index, bdata in enumerate(data.get("buildings", [])):
        kind = bdata if isinstance(bdata, str) else bdata.get("kind")
        if kind not in content.buildings:
            r.fail(path + ("buildings", index), f"unknown building '{kind}'")
        building = ops.new_building(game, p, kind)
        s.buildings_left[kind] -= 1
        if isinstance(bdata, dict):
            if "tiles" in bdata:
                building.grid = _place_tiles(game, r, building.grid, bdata["tiles"], path + ("buildings", index, "tiles"))
            for resource, n in bdata.get("slots", {}).items():
                for _ in range(n):
                    building.slots = fill_slot(building.slots, resource)
                    s.bank[resource] -= 1
        p.buildings.append(building)
    for field in ("table_vikings", "thing", "penalties"):
        if field in data:
            setattr(p, field, r.int(data[field], path + (field,), 0))
    if "hand" in data:
        p.hand = [int(x) for x in data["hand"]]
    for number in data.get("played", []):
        if number not in content.occupations:
            r.fail(path + ("played",), f"unknown occupation {number}")
        p.played.append(number)
        game.events.install_card(p.index, number)


def _place_tiles(game, r, board, tiles, path):
    for index, tile in enumerate(tiles):
        at = tile.get("at", [0, 0])
        try:
            piece = pieces.piece(game.content, tile["item"])
            board = place(board, piece, at[0], at[1], tile.get("turn", 0), tile.get("mirror", False))
        except (IllegalMove, KeyError) as err:
            r.fail(path + (index,), f"{err}")
        item = "silver" if piece.id in game.content.coins else piece.id
        amount = game.content.coins[piece.id].value if piece.id in game.content.coins else 1
        game.state.bank[item] -= amount
    return board

