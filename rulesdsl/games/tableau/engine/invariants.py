"""What must hold after every decision of a tableau game (the property tests check it).

Returns a list of broken invariants, empty when all hold: tiles and figures conserved,
money of the spent currency never negative, one figure per tile and only of its row's kind,
no tile against the edge rules, the ordered rows contiguous from their first column.
"""

from __future__ import annotations

from collections import Counter

from rulesdsl.games.tableau.engine import mech


def broken(game) -> list[str]:
    table, rules, interp = game.table, game.ruleset, game.interp
    c = rules.components
    out = []
    tiles = Counter()
    figures = Counter()
    for stack in table.stacks:
        tiles.update(stack)
    for lot in table.ring:
        if lot is not None:
            tiles[lot[0]] += 1
            if lot[1] is not None:
                figures[lot[1]] += 1
    figures.update(table.bag)
    figures.update(table.drawn)
    for piece in table.hand:
        (tiles if piece in rules.tiles else figures)[piece] += 1
    for seat in table.seats:
        tiles.update(seat.tiles.values())
        tiles.update(seat.held)
        figures.update(seat.figures.values())
        figures.update(seat.holding)
    for what, count in table.out.items():
        (tiles if what in rules.tiles else figures)[what] += count
    expected_tiles = Counter({k.id: k.count + k.start * len(table.seats) for k in c.tiles})
    expected_figures = Counter({f.id: f.count for f in c.figures})
    if +tiles != +expected_tiles:
        out.append(f"tiles not conserved: {dict(tiles - expected_tiles)} extra, {dict(expected_tiles - tiles)} missing")
    if +figures != +expected_figures:
        out.append(f"figures not conserved: {dict(figures - expected_figures)} extra, {dict(expected_figures - figures)} missing")
    spend = interp.spend_currency
    for index, seat in enumerate(table.seats):
        if seat.money.get(spend, 0) < 0:
            out.append(f"player {index} has {seat.money[spend]} {spend}")
        if any(v <= 0 for v in seat.holding.values()):
            out.append(f"player {index} holds a count of 0 or less: {seat.holding}")
        for cell, figure in seat.figures.items():
            tile = seat.tiles.get(cell)
            row = rules.rows.get(cell[0])
            if tile is None or row is None or row.figure != figure:
                out.append(f"player {index}: {figure} at {cell} stands on {tile} in a row for {row.figure if row else None}")
        for cell, tile in seat.tiles.items():
            row = rules.rows.get(cell[0])
            if row is None or row.category != interp.category[tile]:
                out.append(f"player {index}: {tile} at {cell} in a row for {row.category if row else None}")
                continue
            if row.fill is None:
                grid = {k: v for k, v in seat.tiles.items() if k != cell}
                if not mech.edge_matched(c.board.columns, c.board.edge, grid, cell, tile, interp.edge_tiles):
                    out.append(f"player {index}: {tile} at {cell} breaks the edge rules")
        for row in c.board.rows:
            if row.fill is not None:
                used = sorted(col for r, col in seat.tiles if r == row.row)
                if used and (used != list(range(used[0], used[-1] + 1)) or (len(used) > row.fill.window and used[0] != 1)
                             or used[0] > row.fill.window):
                    out.append(f"player {index}: row {row.row} is not filled in order: columns {used}")
    return out
