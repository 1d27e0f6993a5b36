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
    out = [f"player {index}: {money}{'  (start player)' if table.start == index else ''}"]
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
