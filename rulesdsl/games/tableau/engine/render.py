"""A home board as text, and back: the notation of `render` and of scenario files.

One line per board row, top row first; cells separated by spaces, column 1 first; `.` is an
empty cell, a tile is its kind's `code` (content), `CODE/figure` a tile with a figure on it.
"""

from __future__ import annotations

from rulesdsl.errors import RulesError


def board_lines(ruleset, seat) -> list[str]:
    """The rows of a seat's board in the notation above."""
    code = {k.id: k.code for k in ruleset.components.tiles}
    width = max((c for _, c in seat.tiles), default=0)
    lines = []
    for row in ruleset.components.board.rows:
        cells = []
        for column in range(1, width + 1):
            tile = seat.tiles.get((row.row, column))
            figure = seat.figures.get((row.row, column))
            cells.append("." if tile is None else code[tile] + (f"/{figure}" if figure else ""))
        lines.append(" ".join(cells))
    return lines


def render_seat(ruleset, table, index: int) -> str:
    """A player's side of the table, readable: money, waiting figures, held tiles, the board."""
    seat = table.seats[index]
    board = ruleset.components.board
    money = ", ".join(f"{k} {v}" for k, v in seat.money.items())
    out = [f"P{index + 1}: {money}{'  (start player)' if table.start == index else ''}"]
    waiting = ", ".join(f"{k} {v}" for k, v in seat.holding.items()) or "nobody"
    out.append(f"  {board.holding}: {waiting}")
    if seat.held:
        out.append(f"  to place with the first lot: {', '.join(seat.held)}")
    names = {r.row: f"{r.category}{' / ' + r.figure if r.figure else ''}" for r in board.rows}
    width = max(len(v) for v in names.values())
    for row, line in zip(board.rows, board_lines(ruleset, seat)):
        cells = "  ".join(f"{cell:<12}" for cell in line.split(" ")) if line else ""
        out.append(f"  row {row.row} {names[row.row]:<{width}} | {cells}".rstrip())
    return "\n".join(out)


def seat_view(ruleset, table, index: int) -> dict:
    """A player's side of the table for the web page: money, waiting figures, held tiles and
    the board row by row, each cell with its tile's kind and figure in words."""
    seat = table.seats[index]
    board = ruleset.components.board
    kinds = {k.id: k for k in ruleset.components.tiles}
    width = max(max((c for _, c in seat.tiles), default=0) + 1, 4)  # a free column to grow into
    rows = []
    for row in board.rows:
        cells = []
        for column in range(1, width + 1):
            tile = seat.tiles.get((row.row, column))
            figure = seat.figures.get((row.row, column))
            colour = ruleset.figures[figure].colour if figure in ruleset.figures else None
            cells.append(None if tile is None else {"tile": tile.replace("_", " "), "category": kinds[tile].category,
                                                     "figure": figure, "colour": colour})
        rows.append({"row": row.row, "category": row.category, "figure": row.figure, "cells": cells})
    return {"name": f"P{index + 1}", "start": table.start == index, "money": dict(seat.money),
            "holding": {k: v for k, v in seat.holding.items() if v}, "holding_word": board.holding,
            "held": [h.replace("_", " ") for h in seat.held], "rows": rows}


def parse_board(ruleset, lines) -> tuple[dict, dict]:
    """(tiles, figures) by cell from board lines; RulesError naming the bad cell."""
    by_code = {k.code: k.id for k in ruleset.components.tiles}
    rows = [r.row for r in ruleset.components.board.rows]
    if isinstance(lines, str):
        lines = lines.rstrip("\n").split("\n")
    if len(lines) > len(rows):
        raise RulesError(f"a board has {len(rows)} rows, the text gives {len(lines)}")
    tiles, figures = {}, {}
    for row, line in zip(rows, lines):
        for column, cell in enumerate(str(line).split(), start=1):
            if cell == ".":
                continue
            code, _, figure = cell.partition("/")
            if code not in by_code:
                raise RulesError(f"row {row}, column {column}: '{code}' is no tile code; codes: {', '.join(by_code)}")
            tiles[(row, column)] = by_code[code]
            if figure:
                if figure not in ruleset.figures:
                    raise RulesError(f"row {row}, column {column}: '{figure}' is no figure")
                figures[(row, column)] = figure
    return tiles, figures
