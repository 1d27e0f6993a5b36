"""The whole table of a game drawn as one SVG: the action board with every player's Vikings,
the round and phase, the mountain strips, the exploration slots, the weapon deck, and per
player the Vikings, supply, animals, ships with their ore, the banquet table, the home
board, exploration boards and houses with their tiles (row/column labels, income marked,
-1 squares visible), hand and played occupations with their text, and a legend.

Spaces carry `data-space`, boards `data-board` and squares `data-square`, so the web page
(`rulesdsl/web/`) can make them clickable; the drawing itself decides nothing."""

from __future__ import annotations

import textwrap
from xml.sax.saxutils import escape

from rulesdsl.errors import IllegalMove
from rulesdsl.geometry import pieces
from rulesdsl.geometry.render import CELL_FILL, TILE_FILL, svg_text, board_svg
from rulesdsl.view import words
from rulesdsl.view.present import areas_of, player_name

ALL = "all"  # a viewer who sees every hand (a finished game, `rulesdsl render`)

PLAYER_FILL = {"red": "#d23b2f", "blue": "#2d6cc0", "green": "#3f9a3f", "yellow": "#e2b71f"}
COLUMN_WIDTH = 232
ROW_HEIGHT = 30
LEFT = 16
WRAP = 150  # characters of a text line


def _rect(x, y, w, h, fill, stroke="#8a7a5a", extra="") -> str:
    return f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{fill}" stroke="{stroke}"{extra}/>'


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' if n != 1 else ''}"


def _fit(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[: chars - 1] + "…"


def _lines(out: list, x: float, y: float, lines, size: int = 11, step: int = 15, weight: str = "normal") -> float:
    for line in lines:
        out.append(svg_text(x, y, line, size, anchor="start", weight=weight))
        y += step
    return y


def _action_board(game, out: list, x0: float, y0: float) -> tuple[float, float]:
    content, s = game.content, game.state
    in_play = game.flow.spaces_in_play()
    rows = max((content.spaces[sp].row + content.spaces[sp].rows for sp in in_play), default=2) - 1
    out.append(svg_text(x0, y0, "Action board", 13, anchor="start", weight="bold"))
    top = y0 + 28
    for column in sorted(content.columns.values(), key=lambda c: c.id):
        cx = x0 + (column.id - 1) * COLUMN_WIDTH
        out.append(svg_text(cx + COLUMN_WIDTH / 2, top - 9, f"column {column.id}: {column.vikings} Viking{'s' if column.vikings != 1 else ''} a space", 11, weight="bold"))
    out.append('<g class="spaces">')
    for space in in_play:
        spec = content.spaces[space]
        x = x0 + (spec.column - 1) * COLUMN_WIDTH
        y = top + (spec.row - 1) * ROW_HEIGHT
        h = spec.rows * ROW_HEIGHT
        taken = s.occupancy.get(space, [])
        out.append(f'<g class="space" data-space="{escape(space)}">')
        out.append(_rect(x + 1, y + 1, COLUMN_WIDTH - 4, h - 2, "#efe6cf" if not taken else "#e3d3a6", extra=' rx="3"'))
        english = words.space_english(content, space)
        vikings_needed = content.columns[spec.column].vikings
        out.append(f'<title>{escape(spec.name)} (column {spec.column}, {vikings_needed} Viking'
                   f'{"s" if vikings_needed != 1 else ""}): {escape(english)}</title>')
        room = 38 - 3 * len(taken)
        out.append(svg_text(x + 6, y + 9, _fit(spec.name, room), 10, anchor="start", weight="bold"))
        out.append(svg_text(x + 6, y + 21, _fit(words.space_summary(content, space), room + 4), 9, "#4a3a1a", anchor="start"))
        for n, (player, vikings, _round) in enumerate(taken):
            color = PLAYER_FILL.get(s.players[player].color, "#777")
            px = x + COLUMN_WIDTH - 16 - n * 22
            out.append(f'<circle class="viking" cx="{px}" cy="{y + ROW_HEIGHT / 2}" r="9" fill="{color}" stroke="#222">'
                       f'<title>{player_name(player)}: {vikings} Viking{"s" if vikings != 1 else ""}</title></circle>')
            out.append(svg_text(px, y + ROW_HEIGHT / 2, str(vikings), 10, "#fff", weight="bold"))
        out.append("</g>")
    out.append("</g>")
    return x0 + len(content.columns) * COLUMN_WIDTH, top + rows * ROW_HEIGHT


def _common(game, out: list, x0: float, y0: float) -> float:
    """Mountain strips, exploration slots, weapon deck and the other shared supplies, side by side."""
    content, s = game.content, game.state
    x, y = x0, y0
    out.append(svg_text(x, y, "Mountain strips (taken from the left)", 13, anchor="start", weight="bold"))
    y += 20
    for sid, items in s.strips:
        out.append(f'<g class="strip" data-strip="{escape(sid)}">')
        out.append(svg_text(x, y + 10, sid.replace("_", " "), 10, anchor="start"))
        for n, item in enumerate(items):
            spec = content.mountain_items.get(item)
            name = getattr(spec, "name", item.replace("_", " "))
            gives = next(iter(getattr(spec, "gives", {}) or {item: 1}))
            fill = TILE_FILL.get(gives, "#c9c9c9")
            out.append(_rect(x + 50 + n * 44, y, 42, 20, fill, "#444"))
            out.append(svg_text(x + 71 + n * 44, y + 10, _fit(name, 8), 9, "#fff" if fill in ("#4a4a4a", "#8b5a2b") else "#111"))
        out.append("</g>")
        y += 24
    bottom = y
    x, y = x0 + 380, y0
    out.append(svg_text(x, y, "Exploration boards", 13, anchor="start", weight="bold"))
    y += 18
    for slot, info in sorted(s.slots.items()):
        board = content.exploration_boards[info["board"]]
        owner = f", taken by {player_name(info['owner'])}" if info.get("owner") is not None else ""
        out.append(svg_text(x, y, f"{slot}: {board.name}, {info['silver']} silver{owner}", 11, anchor="start"))
        y += 15
    y += 10
    left = ", ".join(f"{n} {b.replace('_', ' ')}" for b, n in sorted(s.buildings_left.items()))
    lines = [f"weapon deck: {_count(len(s.weapon_deck), 'card')}, {len(s.weapon_discard)} discarded",
             f"occupation deck: {_count(len(s.occupation_deck), 'card')}", f"buildings left: {left}",
             f"special tiles left: {len(s.specials_left)}"]
    if any(s.table.values()):
        lines.append("on the banquet table now: " + ", ".join(f"{n} {k.replace('_', ' ')}" for k, n in sorted(s.table.items()) if n))
    y = _lines(out, x, y, [wrapped for line in lines for wrapped in textwrap.wrap(line, 80)])
    return max(bottom, y)


def _goods_icon(content, out: list, x: float, y: float, item: str, count: int) -> float:
    """One kind of good drawn in its shape and colour, its count and name under it; the width used."""
    cell = 9
    try:
        piece = pieces.piece(content, item)
        rows, fill = piece.rows, TILE_FILL.get(piece.color, "#999")
    except IllegalMove:
        rows, fill = ("#",), TILE_FILL.get(item, "#999")
    name = item.replace("_", " ")
    label = f"{count} {name}"
    width = max(len(rows[0]) * cell, len(label) * 5.8) + 12
    out.append(f'<g class="good" data-item="{escape(item)}"><title>{escape(label)}</title>')
    shape_w = len(rows[0]) * cell
    sx = x + (width - 10 - shape_w) / 2
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == "#":
                out.append(_rect(sx + c * cell, y + r * cell, cell, cell, fill, "#333"))
    out.append(svg_text(x + (width - 10) / 2, y + 3 * cell + 10, label, 10))
    out.append("</g>")
    return width


def _goods_row(content, out: list, x0: float, y: float, title: str, counts: dict, limit: float) -> float:
    """A row (wrapping at `limit`) of goods drawn in their shapes; the y under it."""
    items = [(k, n) for k, n in sorted(counts.items()) if n]
    out.append(svg_text(x0, y + 8, title, 11, anchor="start", weight="bold"))
    if not items:
        out.append(svg_text(x0 + 70, y + 8, "none", 11, anchor="start"))
        return y + 22
    x = x0 + 70
    for item, n in items:
        if x > x0 + limit - 60:
            x, y = x0 + 70, y + 50
        x += _goods_icon(content, out, x, y, item, n)
    return y + 50


def hand_hidden(game, index: int, viewer) -> bool:
    """Whether `viewer` (a seat, ALL, or None: a spectator) may not see player `index`'s hand."""
    return not game.over and viewer != ALL and viewer != index


def _player(game, out: list, index: int, x0: float, y0: float, viewer=ALL) -> tuple[float, float]:
    content, s = game.content, game.state
    p = s.players[index]
    home = content.home_boards[game.options.length]
    color = PLAYER_FILL.get(p.color, "#777")
    out.append(f'<g class="player" data-player="{index}">')
    out.append(_rect(x0, y0 - 12, 18, 18, color, "#222"))
    head = (f"{player_name(index)} ({p.color}){'  — start player' if s.start_player == index else ''}: "
            f"{p.table_vikings} Vikings on the banquet table, {p.thing} on the Thing square"
            + (f", {p.waiting} waiting" if p.waiting else "") + (", passed" if p.passed else "")
            + (f", {p.penalties} Thing penalties" if p.penalties else ""))
    out.append(svg_text(x0 + 26, y0 - 3, head, 13, anchor="start", weight="bold"))
    y = y0 + 14
    weapons = {k: n for k, n in p.supply.items() if k in content.weapons and n}
    goods = {k: n for k, n in p.supply.items() if n and k not in weapons}
    y = _goods_row(content, out, x0, y, "supply", goods, 960)
    if any(p.stables.values()):
        y = _goods_row(content, out, x0, y, "animals", dict(p.stables), 960)
    y = _lines(out, x0, y + 8, ["weapon cards: " + (", ".join(f"{n} {content.weapons[k].name}" for k, n in sorted(weapons.items())) or "none")])
    # ships with their ore, and the banquet table with the emigrated ships on it
    x = x0
    out.append(svg_text(x, y + 4, "ships:", 11, anchor="start"))
    x += 44
    for ship in p.ships:
        spec = content.ships[ship.kind]
        width = 120 if spec.size == "large" else 80
        out.append(f'<g class="ship" data-ship="{escape(ship.kind)}"><title>{escape(spec.name)} with '
                   f'{spec.ore_printed + ship.ore} ore</title>')
        out.append(_rect(x, y - 8, width, 24, "#b48a5a", "#5a3d1d", ' rx="10"'))
        out.append(svg_text(x + width / 2, y + 1, spec.name, 10, "#fff"))
        for n in range(spec.ore_printed + ship.ore):
            out.append(f'<circle class="ore" cx="{x + 10 + n * 11}" cy="{y + 11}" r="4" fill="#333"/>')
        out.append("</g>")
        x += width + 8
    if not p.ships:
        out.append(svg_text(x, y + 4, "none", 11, anchor="start"))
    y += 32
    seats = home.feast_seats
    out.append(svg_text(x0, y + 8, "banquet table:", 11, anchor="start"))
    covered = home.ship_seats * len(p.emigrated)
    for n in range(seats):
        sx = x0 + 96 + n * 20
        fill = "#b48a5a" if n < covered else "#f1e4c4"
        out.append(_rect(sx, y, 18, 16, fill, "#8a7a5a"))
        if n >= seats - p.table_vikings:
            out.append(f'<circle class="viking" cx="{sx + 9}" cy="{y + 8}" r="5" fill="{color}" stroke="#222"/>')
    if p.emigrated:
        out.append(svg_text(x0 + 104 + seats * 20, y + 8, "emigrated: " + ", ".join(p.emigrated), 11, anchor="start"))
    y += 28
    # boards side by side
    x, tallest = x0, 0
    for key, (label, board) in areas_of(game, index).items():
        svg, w, h = board_svg(board, label, x, y, board=key)
        out.append(svg)
        x += w + 8
        tallest = max(tallest, h)
    right = x
    for b in p.buildings:
        if b.slots is not None:
            filled = ", ".join(f"{n} {k}" for k, n in sorted(dict(b.slots.filled).items())) or "empty"
            out.append(svg_text(x, y + 20, f"{b.kind.replace('_', ' ')} slots: {filled}", 11, anchor="start"))
            x += 200
    y += tallest + 6
    lines = []
    sections = [("played", p.played)]
    if hand_hidden(game, index, viewer):
        lines.append(f"hand: {len(p.hand)} occupation{'s' if len(p.hand) != 1 else ''} (hidden)")
    else:
        sections.insert(0, ("hand", p.hand))
    y = _lines(out, x0, y + 6, lines)
    for label, numbers in sections:
        for number in numbers:
            card = content.occupations[number]
            wrapped = textwrap.wrap(f"{label}: {number} {card.name} — {card.text}", WRAP, subsequent_indent="      ")
            # the card's lines answer to the pointer with its whole text and points
            out.append(f'<g class="card" data-card="{number}"><title>{escape(card.name)} ({card.points} points, '
                       f'{card.category.replace("_", " ")}): {escape(card.text)}</title>')
            out.append(_rect(x0 - 2, y - 8, 8 * WRAP * 0.75, 15 * len(wrapped), "transparent", "none"))
            y = _lines(out, x0, y, wrapped)
            out.append("</g>")
    if not p.hand and not p.played:
        y = _lines(out, x0, y, ["no occupations"])
    out.append("</g>")
    return max(right, x), y


LEGEND_SQUARES = [("plain", "free square"), ("minus", "-1 square (red edge while uncovered)"),
                  ("income", "income square (ringed: the income paid now)"), ("bonus", "bonus square"),
                  ("forbidden", "never covered")]
TILE_WORDS = {"orange": "orange goods", "red": "red goods", "green": "green goods", "blue": "blue goods",
              "animal": "animals", "special": "special tiles", "silver": "silver coins", "ore": "ore",
              "wood": "wood", "stone": "stone"}


def legend_entries() -> list[tuple[str, str]]:
    """(colour, words) of every colour the drawings use."""
    return ([(CELL_FILL[kind], text) for kind, text in LEGEND_SQUARES]
            + [(fill, TILE_WORDS.get(name, name)) for name, fill in TILE_FILL.items()])


def _legend(out: list, x: float, y: float) -> float:
    out.append(svg_text(x, y, "Legend", 13, anchor="start", weight="bold"))
    y += 16
    cx = x
    for fill, label in legend_entries():
        out.append(_rect(cx, y, 14, 14, fill, "#555"))
        out.append(svg_text(cx + 18, y + 7, label, 10, anchor="start"))
        cx += 30 + 6 * len(label)
        if cx > x + 900:
            cx, y = x, y + 20
    return y + 24


def _document(out: list, width: float, height: float, css_class: str) -> str:
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="{css_class}" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}">')
    return "\n".join([head, _rect(0, 0, width, height, "#fbf8f1", "none", ' class="background"'), *out, "</svg>"]) + "\n"


def _title(game, caption: str | None) -> str:
    s = game.state
    return (f"Round {s.round} of {s.rounds}, phase {s.phase or 'setup'}" + (" — game over" if game.over else "")
            + (f" — {caption}" if caption else ""))


def board_part(game) -> str:
    """The shared table as an SVG document: the action board, then the strips, exploration boards and decks under it."""
    out: list[str] = []
    right, bottom = _action_board(game, out, LEFT, 16)
    y = _common(game, out, LEFT, bottom + 30)
    return _document(out, right + LEFT, y + 10, "table board-part")


def player_part(game, index: int, viewer=ALL) -> str:
    """One player's part of the table as an SVG document (the hand hidden from other seats)."""
    out: list[str] = []
    right, y = _player(game, out, index, LEFT, 24, viewer)
    return _document(out, max(right + LEFT, 700), y + 10, "table player-part")


def table_svg(game, caption: str | None = None, viewer=ALL) -> str:
    """The whole table as an SVG document."""
    s = game.state
    out: list[str] = []
    out.append(svg_text(LEFT, 18, _title(game, caption), 16, anchor="start", weight="bold"))
    right, bottom = _action_board(game, out, LEFT, 46)
    common_bottom = _common(game, out, LEFT, bottom + 30)
    width = right + 24
    y = common_bottom + 40
    for index in range(len(s.players)):
        w, y = _player(game, out, index, LEFT, y, viewer)
        width = max(width, w + LEFT)
        y += 30
    y = _legend(out, LEFT, y)
    return _document(out, width, y, "table")
