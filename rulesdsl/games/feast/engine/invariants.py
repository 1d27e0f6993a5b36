"""Checks that hold after every step of every game (used by the tests and `--check`).

Goods and silver are conserved between the general supply and the players (nothing
appears or vanishes), limited components are counted exactly, nobody holds a negative
amount, every Viking is somewhere, no two tiles overlap, and no action space is used
twice in a round unless a card emptied it in between.
"""

from __future__ import annotations

from collections import Counter

from rulesdsl.errors import RulesError


def holdings(game) -> Counter:
    """Everything the players hold, wherever it lies, plus what lies on the board for them."""
    content = game.content
    coins = {c.id: c.value for c in content.coins.values()}
    total = Counter()
    s = game.state
    for p in s.players:
        total.update(p.supply)
        total.update(p.stables)
        for ship in p.ships:
            total[ship.kind] += 1
            total["ore"] += ship.ore
        for kind in p.emigrated:
            total[f"emigrated:{kind}"] += 1
        boards = [p.home, *p.explored.values(), *(b.grid for b in p.buildings if b.grid is not None)]
        for board in boards:
            for tile in board.tiles:
                if tile.piece.id in coins:
                    total["silver"] += coins[tile.piece.id]
                else:
                    total[tile.piece.id] += 1
        for b in p.buildings:
            if b.slots is not None:
                total.update(dict(b.slots.filled))
    for slot in s.slots.values():
        total["silver"] += slot["silver"]
    total.update(s.table)
    return total


def _weapon_cards(game, held):
    """(weapon, its cards held, in the deck or discarded, the box's count, the stand-ins made
    [WP1], counted in the bank as goods are) for every weapon type."""
    s = game.state
    for weapon in game.content.weapons.values():
        count = held[weapon.id] + s.weapon_deck.count(weapon.id) + s.weapon_discard.count(weapon.id)
        yield weapon.id, count, weapon.deck, -s.bank[weapon.id]


def weapons_complete(game) -> None:
    """Raise RulesError unless every weapon card of the box is held, in the deck or discarded
    (true of a game set up by `Game`; a scenario may start with cards out of play, which
    `check` allows)."""
    for weapon, count, box, stand_ins in _weapon_cards(game, holdings(game)):
        if count != box + stand_ins:
            raise RulesError(f"{count} {weapon} cards are in play, the box has {box} and {stand_ins} stand-ins were made")


def check(game) -> None:
    """Raise RulesError naming the first broken invariant."""
    s, content = game.state, game.content
    held = holdings(game)
    specials = set(content.special_tiles)
    buildings = set(content.buildings)
    weapons = set(content.weapons)
    for p in s.players:
        for zone in (p.supply, p.stables):
            for item, n in zone.items():
                if n < 0:
                    raise RulesError(f"player {p.index} holds {n} {item}")
        for ship in p.ships:
            if not 0 <= ship.ore <= content.ships[ship.kind].ore_slots:
                raise RulesError(f"player {p.index}'s {ship.kind} carries {ship.ore} ore")
    for item in set(held) | set(s.bank):
        if item in specials or item in buildings or item in weapons:
            continue
        if held[item] + s.bank[item] != 0:
            raise RulesError(f"{item} is not conserved: players hold {held[item]}, the supply gave out {-s.bank[item]}")
    for tile in specials:
        count = held[tile] + (tile in s.specials_left)
        if count != 1:
            raise RulesError(f"special tile {tile} exists {count} times")
    for building in content.buildings.values():
        owned = sum(1 for p in s.players for b in p.buildings if b.kind == building.id)
        if owned + s.buildings_left[building.id] != building.supply:
            raise RulesError(f"{building.id}: {owned} owned + {s.buildings_left[building.id]} left != {building.supply}")
    for weapon, count, box, stand_ins in _weapon_cards(game, held):
        if count > box + stand_ins:
            raise RulesError(f"{count} {weapon} cards exist, the box has {box} and {stand_ins} stand-ins were made")
    home = content.home_boards[game.options.length]
    total_vikings = (sum(home.solo.seats) + home.solo.thing + home.solo.waiting) if len(s.players) == 1 and home.solo else home.table_vikings + home.thing_vikings
    for p in s.players:
        on_spaces = sum(n for entries in s.occupancy.values() for who, n, _ in entries if who == p.index)
        where = p.table_vikings + p.thing + p.waiting + on_spaces
        if where != total_vikings or p.thing < 0:
            raise RulesError(f"player {p.index} has {where} Vikings (table {p.table_vikings}, thing {p.thing}, "
                             f"waiting {p.waiting}, on spaces {on_spaces}); expected {total_vikings}")
        boards = [p.home, *p.explored.values(), *(b.grid for b in p.buildings if b.grid is not None)]
        for board in boards:
            seen = 0
            for tile in board.tiles:
                if tile.mask & seen or tile.mask & ~board.grid.coverable:
                    raise RulesError(f"player {p.index}: {tile.piece.id} overlaps or leaves the grid on {board.grid.name}")
                seen |= tile.mask
            if seen != board.covered:
                raise RulesError(f"player {p.index}: covered squares of {board.grid.name} out of step")
    for space, uses in s.round_uses.items():
        if uses > 1 + s.freed[space]:
            raise RulesError(f"{space} was used {uses} times in round {s.round}")
