"""The primitive changes of state: taking from and returning to the general supply.

Goods, resources, silver and ships never run out: `state.bank` records the net flow so
that the invariant "bank + everything the players hold = 0" checks the bookkeeping.
Special tiles, buildings and weapon cards are counted where they are. These functions
never ask anything; callers check first and raise events afterwards.
"""

from __future__ import annotations

from rulesdsl.content.catalog import ANIMAL, BUILDING, GOOD, RESOURCE, SHIP, SPECIAL, WEAPON
from rulesdsl.games.feast.engine.state import BuildingState, ShipState
from rulesdsl.geometry import pieces
from rulesdsl.geometry.placement import empty
from rulesdsl.geometry.slots import slots_of


def gain(game, p, item: str, n: int = 1) -> int:
    """Give `n` of `item` to player `p`; returns how many could be given."""
    if n <= 0:
        return 0
    kind = game.catalog.kind.get(item)
    s = game.state
    if kind in (GOOD, RESOURCE):
        p.supply[item] += n
        s.bank[item] -= n
        return n
    if kind == ANIMAL:
        p.stables[item] += n
        s.bank[item] -= n
        return n
    if kind == SPECIAL:
        if item not in s.specials_left:
            return 0
        s.specials_left.discard(item)
        p.supply[item] += 1
        return 1
    if kind == WEAPON:
        given = 0
        for _ in range(n):
            if take_weapon(game, item):
                p.supply[item] += 1
                given += 1
        return given
    if kind == SHIP:
        given = 0
        for _ in range(n):
            if free_berths(game, p, game.content.ships[item].size) <= 0:
                break
            p.ships.append(ShipState(item, 0, p.uid()))
            s.bank[item] -= 1
            given += 1
        return given
    if kind == BUILDING:
        given = 0
        for _ in range(n):
            if s.buildings_left[item] <= 0:
                break
            s.buildings_left[item] -= 1
            p.buildings.append(new_building(game, p, item))
            given += 1
        return given
    raise ValueError(f"cannot give '{item}'")


def new_building(game, p, item: str) -> BuildingState:
    building = game.content.buildings[item]
    grid = empty(pieces.grid(game.content, item)) if building.area is not None else None
    slots = slots_of(building) if building.slots else None
    return BuildingState(item, grid, slots, p.uid())


def pay(game, p, item: str, n: int = 1) -> None:
    """Take `n` of `item` from player `p` back to the general supply (the caller has checked)."""
    if n <= 0:
        return
    kind = game.catalog.kind.get(item)
    s = game.state
    if kind == ANIMAL:
        p.stables[item] -= n
        s.bank[item] += n
    elif kind == SPECIAL:
        p.supply[item] -= n
        s.specials_left.add(item)
    elif kind == WEAPON:
        p.supply[item] -= n
        s.weapon_discard.extend([item] * n)
    elif kind == SHIP:
        for _ in range(n):
            pay_ship(game, p, min((sh for sh in p.ships if sh.kind == item), key=lambda sh: sh.ore))
    else:
        p.supply[item] -= n
        s.bank[item] += n
    if kind != SHIP and (p.supply[item] < 0 or p.stables[item] < 0):
        raise AssertionError(f"player {p.index} paid {n} {item} without having it")


def pay_ship(game, p, ship) -> None:
    """That ship of player `p` goes back to the general supply with the ore on it (lost to him)."""
    p.ships.remove(ship)
    game.state.bank[ship.kind] += 1
    game.state.bank["ore"] += ship.ore


def has(game, p, item: str, n: int = 1) -> bool:
    kind = game.catalog.kind.get(item)
    if kind == ANIMAL:
        return p.stables[item] >= n
    if kind == SHIP:
        return sum(1 for sh in p.ships if sh.kind == item) >= n
    return p.supply[item] >= n


def holding(game, p, item: str) -> int:
    kind = game.catalog.kind.get(item)
    if kind == ANIMAL:
        return p.stables[item]
    if kind == SHIP:
        return sum(1 for sh in p.ships if sh.kind == item)
    if kind == BUILDING:
        return sum(1 for b in p.buildings if b.kind == item)
    return p.supply[item]


def free_berths(game, p, size: str) -> int:
    home = game.content.home_boards[game.options.length]
    used = sum(1 for sh in p.ships if game.content.ships[sh.kind].size == size)
    return home.berths.get(size, 0) - used


def take_weapon(game, item: str) -> bool:
    """Take a named weapon: from the discard pile if there, else searched out of the deck,
    else a stand-in (weapon cards are unlimited [RO2]; the stand-ins are counted in
    `bank` as goods are) [WP1]."""
    s = game.state
    if item in s.weapon_discard:
        s.weapon_discard.remove(item)
        return True
    if item in s.weapon_deck:
        s.weapon_deck.remove(item)
        game.rng.shuffle(s.weapon_deck)
        return True
    s.bank[item] -= 1
    return True


def draw_weapon(game) -> str | None:
    s = game.state
    if not s.weapon_deck and s.weapon_discard:
        s.weapon_deck = s.weapon_discard
        s.weapon_discard = []
        game.rng.shuffle(s.weapon_deck)
    if not s.weapon_deck:
        return None
    return s.weapon_deck.pop()


def ship_ore(game, ship) -> int:
    return game.content.ships[ship.kind].ore_printed + ship.ore
