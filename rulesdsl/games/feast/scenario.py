"""Rules questions as files: a starting situation, steps with every answer, expectations.

The format (version 1) is described in docs/SCENARIOS.md; it is a public interface. A
scenario builds a game from its options and seed, replaces the parts of the state it
names, runs its steps through the real engine (spaces, cards, phases, anytime actions,
arbitrary effect text) answering every decision from the file, then compares the
resulting state with its expectations. `run_file` returns a Result with a readable diff.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import attrs

from rulesdsl.content.tables import content_table
from rulesdsl.errors import IllegalMove, Location, Problem, RulesError, describe
from rulesdsl.games.feast.engine import ops
from rulesdsl.games.feast.engine.game import Game, GameOptions
from rulesdsl.games.feast.engine.state import BuildingState, ShipState
from rulesdsl.games.feast.scenario_answers import StepWatch, drive as _drive
from rulesdsl.games import registry
from rulesdsl.games.feast.scenario_check import keys
from rulesdsl.geometry import pieces
from rulesdsl.geometry.placement import empty, place
from rulesdsl.geometry.slots import fill as fill_slot, slots_of
from rulesdsl.learn.reference import rule_tag

FORMATS = (1, 2)
FORMAT = FORMATS[-1]
# the keys each mapping may hold, in format 1 and 2 (described once, in scenario_check's schema)
_TOP, _TOP2 = keys(), keys((), 2)
_GAME = keys(("game",))
_SETUP, _SETUP2 = keys(("setup",)), keys(("setup",), 2)
_PLAYER = keys(("setup", "players", "*"))
_STEP, _STEP2 = keys(("steps", "*")), keys(("steps", "*"), 2)
_EXPECT_PLAYER, _EXPECT_PLAYER2 = keys(("expect", "players", "*")), keys(("expect", "players", "*"), 2)
_EXPECT, _EXPECT2 = keys(("expect",)), keys(("expect",), 2)
_COUNTS = {"supply", "stables", "general"}  # item -> count maps: a name left out is 0, an unknown name is refused


class ScenarioError(RulesError):
    def __init__(self, problem: Problem):
        super().__init__(str(problem))
        self.problem = problem


@attrs.define
class Result:
    path: str
    title: str
    passed: bool
    failures: list[str] = attrs.field(factory=list)
    cards: tuple = ()


# ------------------------------------------------------------------ reading
class _Reader:
    def __init__(self, doc):
        self.doc = doc
        self.format = doc.data.get("format") if isinstance(doc.data, dict) else None
        self.soft_failures: list[str] = []  # breaches reported while the run goes on (format 2)

    def v2(self, one, two):
        """The format-2 variant of a key set in a format-2 file."""
        return two if self.format == 2 else one

    def fail(self, path, message):
        raise ScenarioError(Problem(self.doc.location(path), message))

    def keys(self, data, path, allowed):
        if not isinstance(data, dict):
            self.fail(path, f"expected a mapping, found {type(data).__name__}")
        for key in data:
            if key not in allowed:
                self.fail(path + (key,), f"unknown key '{key}'; expected one of: {', '.join(sorted(allowed))}")

    def int(self, data, path, minimum=None):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail(path, f"expected a whole number, found {data!r}")
        if minimum is not None and data < minimum:
            self.fail(path, f"expected at least {minimum}, found {data}")
        return data

    def counts(self, data, path, content, zone):
        if not isinstance(data, dict):
            self.fail(path, "expected a mapping of item -> how many")
        out = Counter()
        for item, n in data.items():
            if item not in _known_items(content, zone):
                self.fail(path + (item,), f"unknown {zone} item '{item}'")
            out[item] = self.int(n, path + (item,), 0)
        return out


def _known_items(content, zone) -> set:
    if zone == "stables":
        return {g.id for g in content.goods.values() if g.color == "animal"}
    return ({g.id for g in content.goods.values() if g.color != "animal"} | set(content.special_tiles) | set(content.resources)
            | set(content.weapons))


def load(path: Path):
    from rulesdsl.content.yamlfile import YamlReadError, read_yaml

    try:
        doc = read_yaml(path, str(path))
    except YamlReadError as err:
        raise ScenarioError(err.problem) from None
    r = _Reader(doc)
    if not isinstance(doc.data, dict):
        r.fail((), f"expected a mapping of scenario keys (format, title, setup, steps, expect ...), found {describe(doc.data)}")
    if isinstance(doc.data.get("game"), str):  # another ruleset's scenario (rulesdsl.games.tableau.engine.scenario reads it)
        return doc, None
    if doc.data.get("format") not in FORMATS:
        found = doc.data.get("format") if isinstance(doc.data, dict) else None
        r.fail(("format",), f"this file says format {found!r}; this rulesdsl reads scenario formats {', '.join(map(str, FORMATS))}")
    r.keys(doc.data, (), r.v2(_TOP, _TOP2))
    return doc, r


# ------------------------------------------------------------------ building the situation
def build(doc, r, content) -> Game:
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


def _general(game) -> dict:
    """The limited parts of the general supply: buildings and special tiles left (goods never run out)."""
    s = game.state
    out = {kind: s.buildings_left[kind] for kind in game.content.buildings}
    out.update({tile: int(tile in s.specials_left) for tile in game.content.special_tiles})
    return out


def _setup_general(game, r, data) -> None:
    known = _general(game)
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


# ------------------------------------------------------------------ steps
def run_steps(game, r, steps):
    from rulesdsl.lang.parser import parse

    flow = game.flow
    for index, step in enumerate(steps or []):
        path = ("steps", index)
        r.keys(step, path, r.v2(_STEP, _STEP2))
        player = step.get("player", 0)
        if "round" in step and step["round"] != game.state.round:
            game.state.round = step["round"]
            flow.new_round_counts()  # as a new round of a whole game would
        game.forced_dice.extend(step.get("dice", []))
        answers = list(step.get("answers", []))
        ctx = flow.ctx(player)
        watch = None
        if r.format == 2:  # what the step's questions must (not) be, and which card asks them
            watch = StepWatch(game, r, path, list(step.get("silent") or []), step.get("asked"))
        try:
            if "space" in step:
                space = step["space"]
                if space not in game.content.spaces:
                    r.fail(path + ("space",), f"unknown space '{space}'")
                refusal = flow.space_refusal(ctx, space)
                if refusal is not None:
                    raise IllegalMove(refusal)
                def placing():
                    yield from flow.use_space(ctx, space)
                    yield from flow.check_watches()

                _drive(placing(), answers, r, path, game, watch)
            elif "play" in step:
                number = step["play"]
                if number not in game.content.occupations:
                    r.fail(path + ("play",), f"unknown occupation {number}")
                if number not in ctx.p.hand:
                    ctx.p.hand.append(number)
                _drive(flow.play_card(ctx, number), answers, r, path, game, watch)
            elif "phase" in step:
                phase = step["phase"]
                if phase not in game.content.phases:
                    r.fail(path + ("phase",), f"unknown phase '{phase}'")
                _drive(run_phase(flow, phase), answers, r, path, game, watch)
            elif "anytime" in step:
                _drive(flow.anytime(player, "anytime:menu"), list(step["anytime"]) + answers, r, path, game, watch)
            elif "effect" in step:
                program = parse(step["effect"])
                _check_names(game.content, program, r, path + ("effect",))
                _drive(flow.interp.run(program.items, ctx), answers, r, path, game, watch)
            elif "score" in step:  # the game ends: final-scoring triggers fire
                from rulesdsl.games.feast.engine.events import EventInfo

                def scoring():
                    for who in flow.order():
                        yield from flow.emit("when", "final_scoring", flow.ctx(who), EventInfo("final_scoring"))

                _drive(scoring(), answers, r, path, game, watch)
            elif "place" in step:
                _drive(_place_step(game, ctx, step["place"], r, path + ("place",)), answers, r, path, game, watch)
            else:
                r.fail(path, "a step needs one of: space, play, phase, anytime, effect, place, score")
        except IllegalMove as err:
            if "expect_error" in step:
                expected = str(step["expect_error"])
                if expected != err.reason:  # each refusal with the rule it rests on, where known: ' [A3]'
                    r.fail(path + ("expect_error",), f"expected the error '{expected}'{rule_tag(expected)}, "
                                                     f"got '{err.reason}'{rule_tag(err.reason)}")
                continue
            r.fail(path, f"refused: {err.reason}{rule_tag(err.reason)}")
        if watch is not None:
            r.soft_failures += [f"{'.'.join(map(str, path))}: {text}" for text in watch.finish()]
        if "expect_error" in step:
            expected = str(step["expect_error"])
            r.fail(path + ("expect_error",), f"expected the error '{expected}'{rule_tag(expected)}, but the step was allowed")
        if "expect" in step:  # format 2: the state after this step
            failures = check_expectations(game, r, step["expect"], path + ("expect",))
            if failures:
                r.fail(path + ("expect",), "after this step: " + "; ".join(failures))


def _check_names(content, program, r, path) -> None:
    """A step's effect names only what the content has (as a card's would); the first unknown
    name fails the file at its place in the text."""
    from rulesdsl.lang.checker import check, declared_names, vocabulary_from

    def vocabulary():
        made = vocabulary_from(content)
        made.dice_kinds, made.parts = declared_names(content.programs.values())
        return made

    for pos, message in check(program, content_table(content, "scenario vocabulary", vocabulary)):
        if pos is None:
            r.fail(path, message)
        raise ScenarioError(Problem(r.doc.text_location(path, pos.line, pos.column), message))


def _place_step(game, ctx, tile, r, path):
    """A tile from the supply onto one of the player's areas, as the anytime menu would place it."""
    from types import SimpleNamespace

    r.keys(tile, path, {"item", "at", "turn", "mirror", "board"})
    flow, item = game.flow, tile.get("item")
    board_key = str(tile.get("board", "home"))
    keys = [k for k, _, _, _ in flow.areas(ctx.p)]
    if board_key not in keys:
        r.fail(path + ("board",), f"player {ctx.player} has no area '{board_key}'; areas: {', '.join(keys)}")
    at = tile.get("at")
    if not (isinstance(at, list) and len(at) == 2 and all(isinstance(x, int) for x in at)):
        r.fail(path + ("at",), "expected `at: [row, column]`")
    piece = pieces.piece(game.content, item)
    coin = game.content.coins.get(item)
    stock, cost = ("silver", coin.value) if coin is not None else (item, 1)
    if ctx.p.supply[stock] < cost:
        raise IllegalMove(f"player {ctx.player} has no {item} to place" if coin is None else f"player {ctx.player} has less than {cost} silver for a {item}")
    kind = next(k for kk, _, k, _ in flow.areas(ctx.p) if kk == board_key)
    allowed = flow.placing_allowed(ctx, piece.id, kind)
    placement = SimpleNamespace(row=at[0], column=at[1], turn=tile.get("turn", 0), mirror=tile.get("mirror", False))
    yield from flow.place_tile(ctx, item, board_key, placement, piece, allowed)


def run_phase(flow, phase: str):
    """Run one phase of the round as a whole game would (skipped where the round has none)."""
    if phase in flow.plan().skip:  # as in a whole game: this round has no such phase
        flow.g.note(f"no {phase} phase in round {flow.g.state.round}")
        return
    flow.g.state.phase = phase
    yield from flow.round_phase(phase)


# ------------------------------------------------------------------ expectations
def actual_player(game, p) -> dict:
    from rulesdsl.games.feast.engine.scoring import breakdown, final_scores

    score = breakdown(game, p)
    return {
        "winner": next(r["winner"] for r in final_scores(game) if r["player"] == p.index),
        "supply": {k: v for k, v in sorted(p.supply.items()) if v},
        "stables": {k: v for k, v in sorted(p.stables.items()) if v},
        "ships": [s.kind if not s.ore else {"kind": s.kind, "ore": s.ore} for s in p.ships],
        "emigrated": list(p.emigrated),
        "thing": p.thing,
        "table_vikings": p.table_vikings,
        "hand": list(p.hand),
        "played": list(p.played),
        "penalties": p.penalties,
        "income": game.flow.income(p),
        "explored": sorted(p.explored),
        "buildings": [b.kind for b in p.buildings],
        "score": {**score, "total": sum(score.values())},
        "bonus": [["+".join(goods), list(sq)] for sq, goods in _bonus(p)],
        "minus_squares": -score["minus_squares"],
        "feast_seats": game.flow.feast_seats(p),
    }


def _ship_bag(ships) -> list:
    """Ships as a sorted list (`knarr`, `{kind: longship, ore: 2}` alike): compared as a multiset."""
    if not isinstance(ships, list):
        return ships
    return sorted(ships, key=lambda x: (x, 0) if isinstance(x, str) else (str(x.get("kind")), x.get("ore", 0)))


def _bonus(p):
    from rulesdsl.geometry import scoring

    return scoring.bonus(p.home)


def compare(expected, actual, path="", counts: bool = False) -> list[str]:
    """Differences between an expectation (a subset) and the actual value. In a count map a
    name left out of the actual value is 0; in any other mapping a key the actual value does
    not have is reported, never passed over."""
    out = []
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key, value in expected.items():
            where = f"{path}.{key}" if path else str(key)
            if key not in actual and not counts:
                out.append(f"{where}: no such key to compare (known: {', '.join(map(str, actual))})")
                continue
            out += compare(value, actual.get(key, 0), where, counts=key in _COUNTS)
        return out
    if expected != actual:
        out.append(f"{path}: expected {expected!r}, got {actual!r}")
    return out


def _squares(game, p) -> dict:
    """Per area key: the item on every covered square, as `"row,column": item`."""
    out = {}
    for key, _, _, board in game.flow.areas(p):
        cells = {}
        grid = board.grid
        for tile in board.tiles:
            for row in range(grid.height):
                for column in range(grid.width):
                    if tile.mask & grid.bit(row, column):
                        cells[f"{row},{column}"] = tile.piece.id
        out[key] = cells
    return out


def _check_squares(game, r, p, expected, path) -> list[str]:
    """`squares: {home: {"11,0": silk, "0,0": null}}`: the item covering each named square (null: uncovered)."""
    actual = _squares(game, p)
    failures = []
    if not isinstance(expected, dict):
        r.fail(path, "expected a mapping of area -> {\"row,column\": item or null}")
    for area, cells in expected.items():
        if area not in actual:
            r.fail(path + (area,), f"player {p.index} has no area '{area}'; areas: {', '.join(actual)}")
        r.keys(cells, path + (area,), {k for k in cells if _square_key(k)})
        for square, item in cells.items():
            got = actual[area].get(str(square).replace(" ", ""))
            if got != item:
                failures.append(f"player {p.index}.squares.{area}.{square}: expected {item!r}, got {got!r}")
    return failures


def _square_key(key) -> bool:
    parts = str(key).replace(" ", "").split(",")
    return len(parts) == 2 and all(x.isdigit() for x in parts)


def _known_counts(r, game, data, path, zone) -> None:
    """Every name in an expected count map is an item of that zone."""
    known = set(_general(game)) if zone == "general" else _known_items(game.content, zone)
    if not isinstance(data, dict):
        r.fail(path, "expected a mapping of item -> how many")
    for item in data:
        if item not in known:
            r.fail(path + (item,), f"unknown {zone} item '{item}'")


def check_expectations(game, r, expect, path=("expect",)) -> list[str]:
    if not expect:
        return []
    r.keys(expect, path, r.v2(_EXPECT, _EXPECT2))
    failures = []
    s = game.state
    for index, pexp in enumerate(expect.get("players", [])):
        ppath = path + ("players", index)
        r.keys(pexp, ppath, r.v2(_EXPECT_PLAYER, _EXPECT_PLAYER2))
        if index >= len(s.players):
            r.fail(ppath, f"the game has {len(s.players)} players")
        for zone in ("supply", "stables"):
            if zone in pexp:
                _known_counts(r, game, pexp[zone], ppath + (zone,), zone)
        p = s.players[index]
        rest = {k: v for k, v in pexp.items() if k not in ("squares", "ships", "ships_in_order")}
        actual = actual_player(game, p)
        failures += compare(rest, actual, f"player {index}")
        if "ships" in pexp:  # the bay as a multiset: which ships, not in which berth order
            failures += compare(_ship_bag(pexp["ships"]), _ship_bag(actual["ships"]), f"player {index}.ships")
        if "ships_in_order" in pexp:  # format 2: the bay's order is the point
            failures += compare(pexp["ships_in_order"], actual["ships"], f"player {index}.ships_in_order")
        if "squares" in pexp:
            failures += _check_squares(game, r, p, pexp["squares"], ppath + ("squares",))
    if "occupancy" in expect:  # null or [] : nobody stands there
        actual = {k: [w for w, _, _ in v] for k, v in s.occupancy.items()}
        for space in expect["occupancy"]:
            if space not in game.content.spaces:
                r.fail(path + ("occupancy", space), f"unknown space '{space}'")
        exp = {k: [] if v is None else v if isinstance(v, list) else [v] for k, v in expect["occupancy"].items()}
        failures += compare(exp, {k: actual.get(k, []) for k in exp}, "occupancy")
    for key, actual in (("round", lambda: s.round), ("phase", lambda: s.phase), ("start_player", lambda: s.start_player),
                        ("weapon_deck", lambda: list(s.weapon_deck)), ("weapon_discard", lambda: list(s.weapon_discard)),
                        ("occupation_deck", lambda: list(s.occupation_deck))):
        if key in expect:
            failures += compare(expect[key], actual(), key)
    if "general" in expect:
        _known_counts(r, game, expect["general"], path + ("general",), "general")
        failures += compare(expect["general"], _general(game), "general", counts=True)
    if "strips" in expect:
        failures += compare(expect["strips"], [list(items) for _, items in s.strips], "strips")
    if "strip_pile" in expect:
        failures += compare(list(expect["strip_pile"] or []), list(s.strip_pile), "strip_pile")
    if "exploration" in expect:
        actual = {slot: {"board": v["board"], "silver": v["silver"], "owner": v["owner"]} for slot, v in s.slots.items()}
        failures += compare(expect["exploration"], actual, "exploration")
    if "specials_left" in expect:
        failures += compare(sorted(expect["specials_left"]), sorted(s.specials_left), "specials_left")
    for text in expect.get("history", []):
        if not any(text in line for line in game.history):
            failures.append(f"history: no line contains {text!r}")
    return failures


def _check_interactions(content, r, spec) -> list[str]:
    """`interactions: {cards: [...], contains: [...], absent: [...]}`: lines of the interaction
    checker's report (`rulesdsl interactions`) that must / must not appear (format 2)."""
    from rulesdsl.games.feast.interactions import report

    path = ("interactions",)
    r.keys(spec, path, {"cards", "contains", "absent"})
    cards = spec.get("cards") or []
    for index, number in enumerate(cards):
        if number not in content.occupations:
            r.fail(path + ("cards", index), f"unknown occupation {number}")
    text = report(content, cards)
    failures = [f"interactions: the report has no line containing {line!r}" for line in spec.get("contains", []) if line not in text]
    failures += [f"interactions: the report contains {line!r}" for line in spec.get("absent", []) if line in text]
    return failures


def _other_game(path: Path, name: str) -> Result:
    """The result of a scenario file that names another game, as that game's plug-in runs it."""
    try:
        plugin = registry.plugin_for(name)
        run = plugin.commands.run_scenario
        if run is None:
            return Result(str(path), path.stem, False, [f"{name} has no scenarios"])
        found = run(plugin.rules(name, (), True), path)
    except RulesError as err:  # an unknown game, or rules that do not load (ContentError is one)
        return Result(str(path), path.stem, False, [str(err)])
    return Result(str(path), found.title, found.passed, list(found.failures))


def run_file(path, content) -> Result:
    path = Path(path)
    r = None
    try:
        doc, r = load(path)
        if r is None:  # `game: NAME`: a scenario of another game, run by that game's plug-in
            return _other_game(path, doc.data["game"])
        data = doc.data
        content = _variant(doc, r, path, content)
        game = build(doc, r, content)
        run_steps(game, r, data.get("steps"))
        failures = r.soft_failures + check_expectations(game, r, data.get("expect"))
        if "interactions" in data:
            failures += _check_interactions(content, r, data["interactions"])
    except ScenarioError as err:
        found = r.soft_failures if r is not None else []
        return Result(str(path), _title(path), False, found + [str(err.problem)], ())
    return Result(str(path), str(data.get("title", path.stem)), not failures, failures, tuple(data.get("cards", ())))


def _variant(doc, r, path, content):
    """`content: [folder, ...]` (format 2): the built-in content with these variant roots on top,
    named relative to the scenario file; loaded once per set of roots (kept with the built-in content)."""
    roots = doc.data.get("content")
    if not roots:
        return content
    if not isinstance(roots, list):
        r.fail(("content",), "expected a list of variant folders")
    folders = []
    for index, root in enumerate(roots):
        folder = (path.parent / str(root)).resolve()
        if not folder.exists():
            r.fail(("content", index), f"no variant folder or file '{root}' next to this scenario")
        folders.append(str(folder))
    variants = content_table(content, "scenario variants", dict)
    key = tuple(folders)
    if key not in variants:
        from rulesdsl.content.loader import load_roots

        try:
            variants[key] = load_roots(list(content.roots) + folders)
        except RulesError as err:
            r.fail(("content",), f"the variant does not load: {err}")
    return variants[key]


def _title(path) -> str:
    return Path(path).stem
