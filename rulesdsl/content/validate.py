"""Cross-checks of merged content: references between items, shapes, round
plans, reserved words, and every effect text parsed and checked.

Returns a list of located problems; the loader refuses content with any.
"""

from __future__ import annotations

import attrs

from rulesdsl.content import models as m
from rulesdsl.content.loops import trigger_loops
from rulesdsl.errors import CardSyntaxError, Problem
from rulesdsl.geometry.grid import area_problems, minus_squares
from rulesdsl.lang.checker import check, declared_names, vocabulary_from
from rulesdsl.lang.parser import parse, reserved_words
from rulesdsl.lang.tree import walk


def validate_content(content, check_names: bool = True) -> list[Problem]:
    problems: list[Problem] = []
    _parse_effects(content, problems)
    if not check_names:
        return problems
    _check_ids(content, problems)
    _check_goods(content, problems)
    _check_tiles(content, problems)
    _check_mountains(content, problems)
    _check_ships(content, problems)
    _check_boards(content, problems)
    _check_home_boards(content, problems)
    _check_rounds(content, problems)
    _check_areas(content, problems)
    _check_spaces(content, problems)
    _check_extension_tiles(content, problems)
    _check_occupations(content, problems)
    _check_numbers(content, problems)
    _check_effects(content, problems)
    if not problems:  # the trees are sound: look for effects that set each other off without end

        problems.extend(trigger_loops(content))
    return problems


def _at(content, collection, item_id, *field):
    return content.source(collection, item_id).location(*field)


# ------------------------------------------------------------------------------ effects
def _parse_effects(content, problems: list[Problem]) -> None:
    """Parse every effect text once per distinct text (an aliased text is not parsed again),
    within a bound on the characters of all effect texts with every alias counted in full."""
    parsed: dict[str, object] = {}
    total = 0
    for collection in m.EFFECT_COLLECTIONS:
        for item_id, item in content.collections[collection].items():
            source = content.source(collection, item_id)
            total += len(item.effect)
            if total > m.MAX_EFFECT_CHARS:
                problems.append(Problem(source.location("effect"), f"the effect texts of this content pass {m.MAX_EFFECT_CHARS:,} "
                                        "characters in all (a text repeated by YAML aliases counts every time); "
                                        f"the built-in game has about {m.BUILTIN_EFFECT_CHARS:,}"))
                return
            try:
                if item.effect not in parsed:
                    parsed[item.effect] = parse(item.effect)
                content.programs[(collection, item_id)] = parsed[item.effect]
            except CardSyntaxError as err:
                problems.append(Problem(source.text_location("effect", err.line, err.column), err.message))


def _check_numbers(content, problems: list[Problem]) -> None:
    """Numbers in effect texts stay within MAX_EFFECT_NUMBER (a typo of many digits is no rule)."""
    seen = set()
    for (collection, item_id), program in content.programs.items():
        if id(program) in seen:  # an aliased text has one tree
            continue
        seen.add(id(program))
        for node in walk(program):
            for field in attrs.fields(type(node)):
                value = getattr(node, field.name)
                if isinstance(value, int) and not isinstance(value, bool) and abs(value) > m.MAX_EFFECT_NUMBER:
                    pos = getattr(node, "pos", None)
                    source = content.source(collection, item_id)
                    where = source.text_location("effect", pos.line, pos.column) if pos else source.location("effect")
                    problems.append(Problem(where, f"a number of {len(str(abs(value)))} digits; numbers in effects "
                                                   f"are at most {m.MAX_EFFECT_NUMBER:,}"))
                    break


def _check_effects(content, problems: list[Problem]) -> None:
    vocab = vocabulary_from(content)
    vocab.dice_kinds, vocab.parts = declared_names(content.programs.values())
    for (collection, item_id), program in content.programs.items():
        source = content.source(collection, item_id)
        for pos, message in check(program, vocab):
            if pos is None:
                location = source.location("effect")
            else:
                location = source.text_location("effect", pos.line, pos.column)
            problems.append(Problem(location, message))


# ------------------------------------------------------------------------------ ids and references
def _check_ids(content, problems: list[Problem]) -> None:
    reserved = reserved_words()
    for collection, items in content.collections.items():
        if collection in ("occupations", "columns"):
            continue
        for item_id in items:
            if not isinstance(item_id, str):
                continue
            if item_id in reserved:
                problems.append(Problem(_at(content, collection, item_id, "id"),
                                        f"'{item_id}' is a word of the card language and cannot be an id"))
            elif not _is_identifier(item_id):
                problems.append(Problem(_at(content, collection, item_id, "id"),
                                        f"id '{item_id}' must be lower-case letters, digits and underscores, starting with a letter"))
    # Names that effects use must mean one thing only.
    seen: dict[str, str] = {}
    for collection in ("goods", "special_tiles", "resources", "ships", "weapons", "buildings", "exploration_boards", "mountain_items"):
        for item_id in content.collections[collection]:
            if item_id in seen and not (collection == "mountain_items" and seen[item_id] == "resources"):
                problems.append(Problem(_at(content, collection, item_id, "id"),
                                        f"id '{item_id}' is already used in {seen[item_id]}"))
            seen.setdefault(item_id, collection)


def _is_identifier(text: str) -> bool:
    return bool(text) and text[0].isalpha() and text[0].islower() and all(c.islower() or c.isdigit() or c == "_" for c in text)


def _ref(content, problems, collection, item_id, field, target_collection, value, what) -> bool:
    if value is None:
        return True
    if value not in content.collections[target_collection]:
        problems.append(Problem(_at(content, collection, item_id, field), f"unknown {what} '{value}'"))
        return False
    return True


# ------------------------------------------------------------------------------ goods and tiles
def polyomino_problem(shape) -> str | None:
    """Why `shape` is not a polyomino ('#' squares, '.' gaps, edge-connected), or None."""
    if not shape:
        return "a shape needs at least one row"
    width = len(shape[0])
    cells = set()
    for r, row in enumerate(shape):
        if len(row) != width:
            return f"rows of a shape must have the same length (row {r + 1} has {len(row)}, row 1 has {width})"
        for c, ch in enumerate(row):
            if ch == "#":
                cells.add((r, c))
            elif ch != ".":
                return f"a shape uses only '#' (square) and '.' (gap), found {ch!r}"
    if not cells:
        return "a shape needs at least one '#' square"
    if any(all(ch == "." for ch in row) for row in shape) or any(all(row[c] == "." for row in shape) for c in range(width)):
        return "a shape has an empty row or column at its edge or inside"
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        r, c = todo.pop()
        for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nb in cells and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    if len(seen) != len(cells):
        return "the squares of a shape must touch edge to edge (it is not a polyomino)"
    return None


def _normalized(shape) -> frozenset:
    cells = {(r, c) for r, row in enumerate(shape) for c, ch in enumerate(row) if ch == "#"}
    return frozenset(cells)


def _same_shape_any_rotation(a, b) -> bool:
    target = _normalized(b)
    cells = _normalized(a)
    for _ in range(4):
        cells = frozenset((c, -r) for r, c in cells)
        min_r = min(r for r, _ in cells)
        min_c = min(c for _, c in cells)
        if frozenset((r - min_r, c - min_c) for r, c in cells) == target:
            return True
    return False


def _check_goods(content, problems: list[Problem]) -> None:
    goods = content.goods
    for gid, good in goods.items():
        why = polyomino_problem(good.shape)
        if why:
            problems.append(Problem(_at(content, "goods", gid, "shape"), why))
            continue
        if _ref(content, problems, "goods", gid, "other_side", "goods", good.other_side, "good"):
            back = goods.get(good.other_side)
            if back is not None:
                if back.other_side != gid:
                    problems.append(Problem(_at(content, "goods", gid, "other_side"),
                                            f"'{good.other_side}' must name '{gid}' as its other side (it names '{back.other_side}')"))
                elif not polyomino_problem(back.shape) and not _same_shape_any_rotation(good.shape, back.shape):
                    problems.append(Problem(_at(content, "goods", gid, "other_side"),
                                            f"the two faces '{gid}' and '{good.other_side}' must have the same shape"))
        if _ref(content, problems, "goods", gid, "upgrades_to", "goods", good.upgrades_to, "good"):
            up = goods.get(good.upgrades_to)
            if up is not None:
                if not polyomino_problem(up.shape) and not _same_shape_any_rotation(good.shape, up.shape):
                    problems.append(Problem(_at(content, "goods", gid, "upgrades_to"),
                                            f"an upgrade keeps the shape: '{good.upgrades_to}' is not shaped like '{gid}'"))
                expected = _next_color(good.color)
                if up.color != expected:
                    problems.append(Problem(_at(content, "goods", gid, "upgrades_to"),
                                            f"an upgrade goes one colour on ({good.color} -> {expected}); '{good.upgrades_to}' is {up.color}"))
        if good.harvest is not None and good.color != "orange":
            problems.append(Problem(_at(content, "goods", gid, "harvest"), "only orange goods have a harvest number"))
        if good.harvest is not None and good.harvest < 1:
            problems.append(Problem(_at(content, "goods", gid, "harvest"), "a harvest number is 1 or more"))
        if good.sword is not None and good.color != "blue":
            problems.append(Problem(_at(content, "goods", gid, "sword"), "only blue goods have a sword value"))
        if good.color == "blue" and good.sword is None:
            problems.append(Problem(_at(content, "goods", gid), f"blue good '{gid}' needs a sword value"))
        if good.color == "animal" and not good.species:
            problems.append(Problem(_at(content, "goods", gid), f"animal '{gid}' needs a species"))
        if good.species and good.color != "animal":
            problems.append(Problem(_at(content, "goods", gid, "species"), "only animals have a species"))


def _next_color(color: str) -> str:
    if color == "animal":
        return "green"
    order = m.COLOR_ORDER
    return order[order.index(color) + 1] if color in order and color != order[-1] else "none"


def _check_tiles(content, problems: list[Problem]) -> None:
    for tid, tile in content.special_tiles.items():
        why = polyomino_problem(tile.shape)
        if why:
            problems.append(Problem(_at(content, "special_tiles", tid, "shape"), why))
    for rid, res in content.resources.items():
        if res.shape is not None:
            why = polyomino_problem(res.shape)
            if why:
                problems.append(Problem(_at(content, "resources", rid, "shape"), why))
    for cid, coin in content.coins.items():
        why = polyomino_problem(coin.shape)
        if why:
            problems.append(Problem(_at(content, "coins", cid, "shape"), why))
        elif sum(row.count("#") for row in coin.shape) != coin.value:
            problems.append(Problem(_at(content, "coins", cid, "shape"), f"a {coin.value}-silver coin covers {coin.value} squares"))


def _check_mountains(content, problems: list[Problem]) -> None:
    gainable = set(content.resources) | set(content.goods)
    for iid, item in content.mountain_items.items():
        for what, amount in item.gives.items():
            if what not in gainable:
                problems.append(Problem(_at(content, "mountain_items", iid, "gives", what), f"unknown resource or good '{what}'"))
            if amount < 1:
                problems.append(Problem(_at(content, "mountain_items", iid, "gives", what), "a mountain item gives at least 1"))
    for sid, strip in content.mountain_strips.items():
        if not strip.items:
            problems.append(Problem(_at(content, "mountain_strips", sid, "items"), "a mountain strip holds at least one item"))
        for index, name in enumerate(strip.items):
            if name not in content.mountain_items:
                problems.append(Problem(_at(content, "mountain_strips", sid, "items", index), f"unknown mountain item '{name}'"))


def _check_ships(content, problems: list[Problem]) -> None:
    for sid, ship in content.ships.items():
        for board in content.home_boards.values():
            if ship.size not in board.berths:
                problems.append(Problem(_at(content, "ships", sid, "size"), f"the bay of home board '{board.id}' has no berth of size '{ship.size}'"))
        for field in ("price", "points", "ore_printed", "ore_slots"):
            if getattr(ship, field) < 0:
                problems.append(Problem(_at(content, "ships", sid, field), f"{field} cannot be negative"))


def _check_boards(content, problems: list[Problem]) -> None:
    boards = content.exploration_boards
    for bid, board in boards.items():
        if _ref(content, problems, "exploration_boards", bid, "other_side", "exploration_boards", board.other_side, "exploration board"):
            other = boards[board.other_side]
            if other.other_side != bid or other.slot != board.slot or other.side == board.side:
                problems.append(Problem(_at(content, "exploration_boards", bid, "other_side"),
                                        f"'{board.other_side}' must be the other side of '{bid}' on the same slot"))


def _check_home_boards(content, problems: list[Problem]) -> None:
    species = {g.species for g in content.goods.values() if g.species}
    for bid, board in content.home_boards.items():
        if bid not in content.game_lengths:
            problems.append(Problem(_at(content, "home_boards", bid, "id"), f"no game length '{bid}' uses this side (game lengths: {', '.join(content.game_lengths)})"))
        if board.table_vikings > board.feast_seats:
            problems.append(Problem(_at(content, "home_boards", bid, "table_vikings"), f"only {board.feast_seats} seats for {board.table_vikings} Vikings"))
        for index, name in enumerate(board.pens):
            if name not in species:
                problems.append(Problem(_at(content, "home_boards", bid, "pens", index), f"unknown species '{name}'"))
    for gid in content.game_lengths:
        if gid not in content.home_boards:
            problems.append(Problem(_at(content, "game_lengths", gid, "id"), f"no home board side '{gid}' for this game length"))


def _check_rounds(content, problems: list[Problem]) -> None:
    slots = {b.slot for b in content.exploration_boards.values()}
    for gid, game in content.game_lengths.items():
        for index, plan in enumerate(game.rounds):
            if plan.round != index + 1:
                problems.append(Problem(_at(content, "game_lengths", gid, "rounds", index, "round"),
                                        f"rounds must be numbered 1, 2, 3 ... in order; expected {index + 1}"))
            if plan.turn is not None and plan.turn not in slots:
                problems.append(Problem(_at(content, "game_lengths", gid, "rounds", index, "turn"),
                                        f"unknown exploration board slot '{plan.turn}'"))
            for k, phase in enumerate(plan.skip):
                if phase not in content.phases:
                    problems.append(Problem(_at(content, "game_lengths", gid, "rounds", index, "skip", k), f"unknown phase '{phase}'"))
        if not game.rounds:
            problems.append(Problem(_at(content, "game_lengths", gid, "rounds"), "a game has at least one round"))
    numbers = sorted(p.number for p in content.phases.values())
    if numbers and numbers != list(range(1, len(numbers) + 1)):
        some = next(iter(content.phases))
        problems.append(Problem(_at(content, "phases", some, "number"), f"phases must be numbered 1 to {len(numbers)} without gaps"))


_PLACEABLE_CLASSES = ("special", "silver")


def _check_areas(content, problems: list[Problem]) -> None:
    colors = {g.color for g in content.goods.values()}
    shaped = {r.id for r in content.resources.values() if r.shape is not None}
    classes = colors | shaped | set(_PLACEABLE_CLASSES) | {r.id for r in content.resources.values()}
    for rid, rule in content.placement_rules.items():
        for field in ("accepts", "apart"):
            for index, name in enumerate(getattr(rule, field)):
                if name not in classes:
                    problems.append(Problem(_at(content, "placement_rules", rid, field, index),
                                            f"unknown colour or item class '{name}'; expected one of: {', '.join(sorted(classes))}"))
    bonus_goods = set(content.goods) | set(content.resources) | set(content.special_tiles) | set(content.buildings)
    owners = [("home_boards", b.id, b.area) for b in content.home_boards.values()]
    owners += [("exploration_boards", b.id, b.area) for b in content.exploration_boards.values()]
    owners += [("buildings", b.id, b.area) for b in content.buildings.values()]
    for collection, item_id, area in owners:
        squares = 0
        if area is not None:
            if area.rules not in content.placement_rules:
                problems.append(Problem(_at(content, collection, item_id, "area", "rules"), f"unknown placement rules '{area.rules}'"))
            found = area_problems(area, bonus_goods)
            for path, message in found:
                problems.append(Problem(_at(content, collection, item_id, "area", *path), message))
            if found:
                continue
            squares = minus_squares(area)
            if area.minus_printed is not None and area.minus_printed != squares:
                problems.append(Problem(_at(content, collection, item_id, "area", "minus_printed"),
                                        f"the printed -1 total is {area.minus_printed} but the grid has {squares} -1 squares"))
        if collection == "buildings":
            building = content.buildings[item_id]
            for slot in building.slots:
                if slot not in content.resources:
                    problems.append(Problem(_at(content, collection, item_id, "slots", slot), f"unknown resource '{slot}'"))
            total = squares + sum(building.slots.values())
            if building.minus_printed is not None and building.minus_printed != total:
                problems.append(Problem(_at(content, collection, item_id, "minus_printed"),
                                        f"the printed -1 total is {building.minus_printed} but the grid and slots have {total}"))
    for bid, board in content.exploration_boards.items():
        for index, ship in enumerate(board.explore_ships):
            if ship not in content.ships:
                problems.append(Problem(_at(content, "exploration_boards", bid, "explore_ships", index), f"unknown ship '{ship}'"))


def _check_spaces(content, problems: list[Problem]) -> None:
    for sid, space in content.spaces.items():
        _ref(content, problems, "spaces", sid, "group", "groups", space.group, "group")
        if space.column not in content.columns:
            problems.append(Problem(_at(content, "spaces", sid, "column"), f"unknown column {space.column}"))
        if space.row < 1 or space.rows < 1:
            problems.append(Problem(_at(content, "spaces", sid, "row"), "rows are counted from 1"))
        for index, count in enumerate(space.players):
            if not 1 <= count <= 4:
                problems.append(Problem(_at(content, "spaces", sid, "players", index), "player counts run from 1 to 4"))
    # Two spaces may not cover the same row of the same column.
    taken: dict[tuple, str] = {}
    for sid, space in content.spaces.items():
        for row in range(space.row, space.row + space.rows):
            for players in space.players:
                key = (space.column, row, players)
                if key in taken and taken[key] != sid:
                    problems.append(Problem(_at(content, "spaces", sid, "row"),
                                            f"space overlaps '{taken[key]}' in column {space.column}, row {row}"))
                    break
                taken[key] = sid


def _check_extension_tiles(content, problems: list[Problem]) -> None:
    seen: dict = {}
    for tid, tile in content.extension_tiles.items():
        if len(tile.sides) < 1:
            problems.append(Problem(_at(content, "extension_tiles", tid, "sides"), "a tile has at least one side"))
        for index, space in enumerate(tile.sides):
            if space not in content.spaces:
                problems.append(Problem(_at(content, "extension_tiles", tid, "sides", index), f"unknown space '{space}'"))
            elif space in seen:
                problems.append(Problem(_at(content, "extension_tiles", tid, "sides", index), f"space '{space}' is already on tile '{seen[space]}'"))
            seen[space] = tid


def _check_occupations(content, problems: list[Problem]) -> None:
    for number, card in content.occupations.items():
        if number < 1:
            problems.append(Problem(_at(content, "occupations", number, "number"), "card numbers start at 1"))
        if len(card.deck) != 1 or not card.deck.isupper():
            problems.append(Problem(_at(content, "occupations", number, "deck"), f"a deck is one capital letter, not '{card.deck}'"))
