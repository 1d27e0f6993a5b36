"""Draw a board state as SVG: squares by kind, placed tiles in their colours, the income
each line pays now, bonus squares that would pay, and the -1 squares still uncovered.

Columns are labelled a, b, c ... and rows 1, 2, 3 ... from the top, the names the terminal
accepts for a square (`c4`); `board_svg` gives the drawing with its size so that a whole
table (`rulesdsl/view/table.py`) can place several boards side by side."""

from __future__ import annotations

from xml.sax.saxutils import escape

from rulesdsl.geometry import grid as g
from rulesdsl.geometry import scoring
from rulesdsl.geometry.placement import BoardState

CELL = 34
MARGIN = 16
HEADER = 46
LABEL = 14  # room for the row numbers and column letters

CELL_FILL = {
    g.PLAIN: "#f3ead7", g.MINUS: "#e6d3ab", g.INCOME: "#f6e08e", g.BONUS: "#d7ead0",
    g.FORBIDDEN: "#2f6b3a", g.PILLAR: "#6f6f6f",
}
TILE_FILL = {
    "orange": "#e8892b", "red": "#c0392b", "green": "#4e9a4a", "blue": "#2e6fb5", "animal": "#a0522d",
    "special": "#8c7b9c", "silver": "#c9c9c9", "ore": "#4a4a4a", "wood": "#8b5a2b", "stone": "#9e9e9e",
}


_SQUARE_WORDS = {g.PLAIN: "free square", g.MINUS: "-1 point while uncovered", g.INCOME: "income square",
                 g.BONUS: "bonus square", g.FORBIDDEN: "never covered", g.PILLAR: "pillar, never covered"}


def _square_extra(cell) -> str:
    if cell.kind == g.INCOME:
        return f" (pays {cell.value} once every square before it is covered)"
    if cell.kind == g.BONUS:
        return f" (gives {' and '.join(_words(good) for good in cell.goods)} when surrounded)"
    return ""


def _words(name: str) -> str:
    return name.replace("_", " ")


def _runs(squares: set) -> tuple[list, list]:
    """The longest row run and the longest column run of a tile's squares, as square lists."""
    best_row: list = []
    best_column: list = []
    for r, c in squares:
        if (r, c - 1) not in squares:
            run = [(r, c + n) for n in range(len(squares)) if (r, c + n) in squares and all((r, c + k) in squares for k in range(n))]
            best_row = max(best_row, run, key=len)
        if (r - 1, c) not in squares:
            run = [(r + n, c) for n in range(len(squares)) if all((r + k, c) in squares for k in range(n + 1))]
            best_column = max(best_column, run, key=len)
    return sorted(best_row), sorted(best_column)


def _tile_label(name: str, squares: set, origin, fill: str) -> list[str]:
    """The tile's name written along its longest run of squares (turned for an upright tile),
    on two lines or cut short with an ellipsis where it does not fit (the tooltip has it whole)."""
    row, column = _runs(squares)
    upright = len(column) > len(row)
    run = column if upright else row
    room = len(run) * CELL - 4
    size = 9
    per_char = size * 0.56
    lines = [name]
    if len(name) * per_char > room:
        words = name.split()
        half = max(1, len(words) // 2)
        lines = [" ".join(words[:half]), " ".join(words[half:])] if len(words) > 1 else [name]
        size, per_char = 8, 8 * 0.56
        chars = max(2, int(room / per_char))
        lines = [line if len(line) <= chars else line[: chars - 1] + "…" for line in lines if line]
    (r0, c0), (r1, c1) = run[0], run[-1]
    x0, y0 = origin(r0, c0)
    x1, y1 = origin(r1, c1)
    cx, cy = (x0 + x1 + CELL) / 2, (y0 + y1 + CELL) / 2
    out = []
    for n, line in enumerate(lines):
        offset = (n - (len(lines) - 1) / 2) * (size + 1)
        if upright:
            out.append(f'<g transform="translate({cx + offset:.1f},{cy:.1f}) rotate(-90)">'
                       + svg_text(0, 0, line, size, fill, weight="bold") + "</g>")
        else:
            out.append(svg_text(cx, cy + offset, line, size, fill, weight="bold"))
    return out


def svg_text(x: float, y: float, text: str, size: int = 11, fill: str = "#222", anchor: str = "middle", weight: str = "normal") -> str:
    """An SVG text element at (x, y), its text escaped."""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" font-family="sans-serif" fill="{fill}" '
            f'text-anchor="{anchor}" dominant-baseline="central" font-weight="{weight}">{escape(text)}</text>')


def square_name(row: int, column: int) -> str:
    """`c4`: column letter and row number counted from 1, as the drawings label them."""
    return f"{chr(ord('a') + column)}{row + 1}"


def render_svg(state: BoardState, title: str | None = None) -> str:
    """A standalone SVG document of one board state."""
    return board_svg(state, title)[0]


def board_svg(state: BoardState, title: str | None = None, x: float = 0, y: float = 0,
              board: str | None = None) -> tuple[str, float, float]:
    """(svg, width, height) of one board at (x, y); `board` tags it for clicking (data-board)."""
    grid = state.grid
    left = MARGIN + LABEL
    top = HEADER + LABEL
    heading = title or grid.name
    summary = (f"income {scoring.income(state)}   uncovered -1: {scoring.uncovered_minus(state)}   "
               f"bonus now: {', '.join('+'.join(goods) for _, goods in scoring.bonus(state)) or 'none'}")
    width = max(left + MARGIN + grid.width * CELL, MARGIN * 2 + 6.2 * max(len(summary), len(heading) * 1.3))
    height = top + MARGIN + grid.height * CELL
    paying = {square for square, _ in scoring.bonus(state)}
    current_income = set()
    for squares, _final in grid.income_lines:
        for bit, _value in squares:
            if not state.covered & bit:
                current_income.add(grid.square(bit.bit_length() - 1))
                break
    tag = f' class="board" data-board="{escape(board)}"' if board is not None else ""
    out = [f'<svg xmlns="http://www.w3.org/2000/svg"{tag} x="{x}" y="{y}" width="{width}" height="{height}" viewBox="0 0 {width} {height}">',
           f'<rect class="background" x="0" y="0" width="{width}" height="{height}" fill="#fbf8f1"/>']
    out.append(svg_text(MARGIN, 14, heading, 14, anchor="start", weight="bold"))
    out.append(svg_text(MARGIN, 32, summary, 11, anchor="start"))

    def origin(r: int, c: int) -> tuple[int, int]:
        return left + c * CELL, top + r * CELL

    for c in range(grid.width):
        out.append(svg_text(left + c * CELL + CELL / 2, top - LABEL / 2 - 1, chr(ord("a") + c), 10, "#555"))
    for r in range(grid.height):
        out.append(svg_text(left - LABEL / 2 - 2, top + r * CELL + CELL / 2, str(r + 1), 10, "#555"))

    out.append('<g class="squares">')
    for r, row in enumerate(grid.cells):
        for c, cell in enumerate(row):
            if cell.kind == g.OUTSIDE:
                continue
            x, y = origin(r, c)
            covered = bool(state.covered & grid.bit(r, c))
            stroke = "#b8860b" if (r, c) in paying else "#8a7a5a"
            stroke_width = 3 if (r, c) in paying else 1
            if cell.kind == g.MINUS and not covered:
                stroke, stroke_width = "#c0392b", 1.5
            out.append(f'<rect class="square {cell.kind}" data-square="{r},{c}" x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                       f'fill="{CELL_FILL[cell.kind]}" stroke="{stroke}" stroke-width="{stroke_width}">'
                       f'<title>{square_name(r, c)}: {_SQUARE_WORDS.get(cell.kind, cell.kind)}{_square_extra(cell)}</title></rect>')
            cx, cy = x + CELL / 2, y + CELL / 2
            if cell.kind == g.MINUS:
                out.append(svg_text(cx, cy, "-1", 10, "#8b2e20"))
            elif cell.kind == g.INCOME:
                out.append(svg_text(cx, cy, str(cell.value), 12, "#5a4500", weight="bold"))
                if (r, c) in current_income:
                    out.append(f'<circle class="income-now" cx="{cx}" cy="{cy}" r="{CELL / 2 - 3}" fill="none" stroke="#b8860b" stroke-width="2"/>')
            elif cell.kind == g.BONUS:
                words = [w for good in cell.goods for w in (_words(good).split() if len(good) > 6 else [_words(good)])]
                for n, word in enumerate(words):
                    out.append(svg_text(cx, cy + (n - (len(words) - 1) / 2) * 9, word, 7, "#2d5a27"))
            elif cell.kind == g.FORBIDDEN and cell.value is not None:
                out.append(svg_text(cx, cy, str(cell.value), 12, "#ffffff", weight="bold"))
    out.append("</g>")

    out.append('<g class="tiles">')
    for tile in state.tiles:
        fill = TILE_FILL.get(tile.piece.color, "#999999")
        squares = list(grid.squares(tile.mask))
        out.append(f'<g class="tile" data-item="{escape(tile.piece.id)}" data-at="{tile.row},{tile.column}" data-turn="{tile.turn}">')
        own = set(squares)
        for r, c in squares:
            x, y = origin(r, c)
            out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}"/>')
        edges = []
        for r, c in squares:  # the tile's outline: every cell edge not shared with the same tile
            x, y = origin(r, c)
            if (r - 1, c) not in own:
                edges.append(f"M{x},{y}h{CELL}")
            if (r + 1, c) not in own:
                edges.append(f"M{x},{y + CELL}h{CELL}")
            if (r, c - 1) not in own:
                edges.append(f"M{x},{y}v{CELL}")
            if (r, c + 1) not in own:
                edges.append(f"M{x + CELL},{y}v{CELL}")
        out.append(f'<path d="{"".join(edges)}" fill="none" stroke="#1b1b1b" stroke-width="2" stroke-linecap="square"/>')
        text_fill = "#111" if tile.piece.color in ("silver", "orange") else "#fff"
        out.append(f"<title>{escape(_words(tile.piece.id))} ({escape(tile.piece.color)} tile) at "
                   f"{square_name(tile.row, tile.column)}</title>")
        out.extend(_tile_label(_words(tile.piece.id), own, origin, text_fill))
        out.append("</g>")
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n", width, height
