"""Grids and pieces from the loaded content."""

from __future__ import annotations

import weakref

from rulesdsl.content.tables import content_table
from rulesdsl.errors import IllegalMove
from rulesdsl.geometry.grid import Grid, compile_area, register
from rulesdsl.geometry.placement import Piece

_GRIDS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def area_owners(content):
    """(kind, id, name, area) of every item of the content that has a placement area."""
    for board in content.home_boards.values():
        yield "home", f"home_{board.id}", board.name, board.area
    for board in content.exploration_boards.values():
        if board.area is not None:
            yield "exploration", board.id, board.name, board.area
    for building in content.buildings.values():
        if building.area is not None:
            yield "building", building.id, building.name, building.area


def grids(content) -> dict[str, Grid]:
    """Every placement grid of the content by id (home_long, home_short, shetland, long_house ...)."""
    found = _GRIDS.get(content)
    if found is None:
        found = {}
        for kind, grid_id, name, area in area_owners(content):
            found[grid_id] = compile_area(area, name, kind, content.placement_rules[area.rules])
            register(grid_id, found[grid_id])
        _GRIDS[content] = found
    return found


def grid(content, grid_id: str) -> Grid:
    table = grids(content)
    if grid_id in table:
        return table[grid_id]
    if f"home_{grid_id}" in table:
        return table[f"home_{grid_id}"]
    raise IllegalMove(f"unknown board '{grid_id}'; boards with squares: {', '.join(sorted(table))}")


def piece(content, item_id: str) -> Piece:
    """The piece for a good, special tile, coin or shaped resource (ore); made once per item
    and content (a frozen value, asked for by every menu of anytime actions)."""
    made = content_table(content, PIECES, dict)
    found = made.get(item_id)
    if found is None:
        found = made[item_id] = _piece(content, item_id)
    return found


PIECES = "geometry pieces"  # the content's table of the pieces made (item id -> Piece)


def _piece(content, item_id: str) -> Piece:
    good = content.goods.get(item_id)
    if good is not None:
        return Piece(good.id, (good.color,), good.shape)
    tile = content.special_tiles.get(item_id)
    if tile is not None:
        return Piece(tile.id, ("special", "blue"), tile.shape, tile.mirror)
    coin = content.coins.get(item_id)
    if coin is not None:
        return Piece(coin.id, ("silver",), coin.shape)
    resource = content.resources.get(item_id)
    if resource is not None and resource.shape is not None:
        return Piece(resource.id, (resource.id,), resource.shape)
    raise IllegalMove(f"unknown good or tile '{item_id}': only goods, special tiles, coins and ore can be placed on squares")
