"""Every kind of component of the loaded content drawn as SVG: the Components page of
`rulesdsl serve` and `rulesdsl render ID` use it. Everything drawn is read from the content
(a variant's boards, tiles and cards show as the variant has them); the module knows kinds
of things — a tile with a shape and colour, a board with squares, a ship, a strip — never
a named component."""

from __future__ import annotations

import functools
import textwrap
from xml.sax.saxutils import escape

import attrs

from rulesdsl.geometry.render import _TILE_FILL, _text, board_svg
from rulesdsl.learn.texts import Text

CELL = 22
# the kinds drawn, in the order of the page, with their names in both languages (the Chinese
# as the Chinese rulebook names them)
KINDS = {
    "home_boards": Text("Home board sides", "部落版图（两面）"),
    "action_board": Text("Action board (1–3 players, 4 players with the extension tiles)", "行动版图（1–3人；4人加扩展板块）"),
    "extension_tiles": Text("Extension tiles", "扩展板块"),
    "exploration_boards": Text("Exploration boards", "探索版图"),
    "buildings": Text("Buildings", "建筑"),
    "ships": Text("Ships", "船只"),
    "goods": Text("Goods tiles (both faces, upgrade chain)", "货物板块（正反两面与升级链）"),
    "special_tiles": Text("Special tiles", "特殊板块"),
    "resources": Text("Resources", "资源"),
    "coins": Text("Silver coins", "银币"),
    "mountain_strips": Text("Mountain strips", "山脉板块"),
    "weapons": Text("Weapon cards", "武器牌"),
    "dice": Text("Dice", "骰子"),
    "occupations": Text("Occupations", "职业牌"),
}
# collections of the content that are not components of their own (drawn inside others, or rules)
NOT_DRAWN_ALONE = {"mountain_items": "mountain_strips", "spaces": "action_board", "columns": "action_board",
                   "groups": "action_board", "placement_rules": None, "phases": None, "game_lengths": None, "rules": None}


@attrs.frozen
class Drawn:
    """One component: its id (what `rulesdsl render` takes), a label and its SVG."""

    id: str
    label: str
    svg: str


def _doc(body: list[str], width: float, height: float) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="component" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}">' + "".join(body) + "</svg>\n")


def _rect(x, y, w, h, fill, stroke="#555", extra="") -> str:
    return f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{fill}" stroke="{stroke}"{extra}/>'


def _shape(out: list, shape, fill: str, x: float, y: float) -> tuple[float, float]:
    for r, row in enumerate(shape):
        for c, cell in enumerate(row):
            if cell == "#":
                out.append(_rect(x + c * CELL, y + r * CELL, CELL, CELL, fill, "#222"))
    return max(len(row) for row in shape) * CELL, len(shape) * CELL


def _lines(out: list, x: float, y: float, lines, size: int = 11) -> float:
    for line in lines:
        out.append(_text(x, y, line, size, anchor="start"))
        y += size + 4
    return y


def _tile(name: str, shape, fill: str, lines: list[str]) -> str:
    out: list[str] = [_text(6, 12, name, 12, anchor="start", weight="bold")]
    w, h = _shape(out, shape or ("#",), fill, 6, 24)
    bottom = _lines(out, 6, 24 + h + 12, lines)
    return _doc(out, max(w + 12, 7 * max([len(name)] + [len(x) for x in lines]) + 12), bottom)


def _good(content, good) -> str:
    """A goods tile: this face and the other, its colour, harvest/sword values and upgrade chain."""
    out: list[str] = []
    x = 6
    faces = [good] + ([content.goods[good.other_side]] if good.other_side in content.goods else [])
    for face in faces:
        out.append(_text(x, 12, f"{face.name} ({face.color})", 12, anchor="start", weight="bold"))
        w, h = _shape(out, face.shape, _TILE_FILL.get(face.color, "#bbb"), x, 24)
        x += max(w, 8 * len(face.name) + 60) + 16
    chain, seen, step = [good.id], {good.id}, good
    while step.upgrades_to and step.upgrades_to in content.goods and step.upgrades_to not in seen:
        step = content.goods[step.upgrades_to]
        chain.append(step.id)
        seen.add(step.id)
    lines = ["upgrade chain: " + " → ".join(chain)]
    if good.harvest:
        lines.append(f"harvest number {good.harvest}")
    if good.sword:
        lines.append(f"sword value {good.sword}")
    if good.points:
        lines.append(f"{good.points} points")
    height = 24 + max(len(f.shape) for f in faces) * CELL + 12
    bottom = _lines(out, 6, height, lines)
    return _doc(out, max(x, 9 * len(lines[0])), bottom)


def _board(content, grid_id: str, title: str, lines: list[str]) -> str:
    from rulesdsl.geometry import pieces
    from rulesdsl.geometry.placement import empty

    svg, w, h = board_svg(empty(pieces.grid(content, grid_id)), title, 0, 0, board=grid_id)
    out = [svg]
    bottom = _lines(out, 16, h + 10, lines)
    return _doc(out, max(w, 7 * max((len(x) for x in lines), default=0) + 20), bottom + 6)


def _rounds(content, board) -> list[str]:
    """When a board can be explored, per game length: the rounds before its slot turns (front), or from then on (back)."""
    out = []
    for length in content.game_lengths.values():
        turn = next((plan.round for plan in length.rounds if plan.turn == board.slot), None)
        last = len(length.rounds)
        if board.side == "front":
            span = f"rounds 1–{turn - 1}" if turn else f"rounds 1–{last}"
        else:
            span = f"from round {turn}" if turn else "never face up"
        out.append(f"{length.name}: {span}")
    return out


def _exploration(content, board) -> str:
    from rulesdsl.geometry import pieces
    from rulesdsl.geometry.placement import empty
    from rulesdsl.geometry.scoring import uncovered_minus

    lines = [f"slot {board.slot}, {board.side} side (other side: {board.other_side}); {board.points} points"]
    if board.area is not None:
        lines.append(f"-1 squares: {uncovered_minus(empty(pieces.grid(content, board.id)))}")
    lines += _rounds(content, board)
    if board.area is None:
        out: list[str] = [_text(6, 14, board.name, 13, anchor="start", weight="bold")]
        return _doc(out, 520, _lines(out, 6, 34, lines))
    return _board(content, board.id, board.name, lines)


def _building(content, b) -> str:
    lines = [f"{b.supply} in the supply; {b.points} points; -{b.minus_printed} printed"]
    if b.slots:
        lines.append("slots: " + ", ".join(f"{n} {k}" for k, n in b.slots.items()))
    if b.area is not None:
        return _board(content, b.id, b.name, lines + ["dark squares: pillars (nothing goes there)"])
    out: list[str] = [_text(6, 14, b.name, 13, anchor="start", weight="bold")]
    for n, (kind, count) in enumerate((b.slots or {}).items()):
        for k in range(count):
            out.append(_rect(6 + k * 26, 26 + n * 28, 24, 24, _TILE_FILL.get(kind, "#ccc")))
    bottom = 26 + 28 * len(b.slots or {}) + 10
    return _doc(out, 420, _lines(out, 6, bottom, lines))


def _ship(content, ship) -> str:
    out: list[str] = []
    width = 180 if ship.size == "large" else 120
    out.append(_rect(6, 6, width, 30, "#b48a5a", "#5a3d1d", ' rx="12"'))
    out.append(_text(6 + width / 2, 21, ship.name, 12, "#fff"))
    for n in range(ship.ore_printed):
        out.append(f'<circle cx="{18 + n * 12}" cy="30" r="4" fill="#333"/>')
    lines = [f"{ship.size}; costs {ship.price} wood; {ship.points} points; {ship.ore_printed} ore printed, room for {ship.ore_slots} more"]
    if ship.emigrated_points:
        out.append(_rect(width + 20, 6, width, 30, "#d9c7a6", "#5a3d1d", ' rx="12"'))
        out.append(_text(width + 20 + width / 2, 21, f"emigrated: {ship.emigrated_points}", 12))
        lines.append(f"emigrated (its back): {ship.emigrated_points} points, covers banquet seats")
    bottom = _lines(out, 6, 52, lines)
    return _doc(out, max(2 * width + 30, 7 * max(len(x) for x in lines) + 12), bottom)


def _strip(content, strip) -> str:
    out: list[str] = [_text(6, 12, strip.id.replace("_", " "), 12, anchor="start", weight="bold")]
    for n, item in enumerate(strip.items):
        fill = _TILE_FILL.get(item.rstrip("0123456789"), "#c9c9c9")
        out.append(_rect(6 + n * 52, 24, 50, 24, fill, "#333"))
        out.append(_text(31 + n * 52, 36, item, 10, "#fff" if fill in ("#4a4a4a", "#8b5a2b") else "#111"))
    return _doc(out, 12 + 52 * len(strip.items), 60)


def _card(title: str, lines: list[str], fill: str = "#f6efe0", width: int = 320) -> str:
    wrapped = [part for line in lines for part in (textwrap.wrap(line, width // 7) or [""])]
    out = [_rect(1, 1, width - 2, 34 + 15 * len(wrapped), fill, "#8a7a5a", ' rx="8"'),
           _text(10, 16, title, 12, anchor="start", weight="bold")]
    bottom = _lines(out, 10, 36, wrapped)
    return _doc(out, width, bottom + 6)


def _die(die) -> str:
    out = [f'<polygon points="40,4 76,26 76,66 40,88 4,66 4,26" fill="#e8892b" stroke="#333"/>' if die.faces <= 8 else
           f'<polygon points="40,4 76,20 76,72 40,88 4,72 4,20" fill="#2e6fb5" stroke="#333"/>',
           _text(40, 46, str(die.faces), 20, "#fff", weight="bold"), _text(90, 46, f"{die.id}: {die.faces} faces", 12, anchor="start")]
    return _doc(out, 220, 92)


def _action_board(content, players: int, lang: str) -> str:
    """The action spaces in play for this many players, by column and row; extension-tile spaces marked."""
    extension = {space for tile in content.extension_tiles.values() for space in tile.sides}
    width, row_h = 230, 20
    out: list[str] = []
    spaces = [s for s in content.spaces.values() if players in s.players]
    rows = max((s.row + s.rows - 1 for s in spaces), default=1)
    for column in sorted(content.columns.values(), key=lambda c: c.id):
        out.append(_text(6 + (column.id - 1) * width + width / 2, 12, f"column {column.id}: {column.vikings} Viking(s)", 11))
    for s in spaces:
        x, y = 6 + (s.column - 1) * width, 24 + (s.row - 1) * row_h
        fill = "#d8d8d8" if s.id in extension else "#efe6cf"
        out.append(f'<g class="space" data-space="{escape(s.id)}">' + _rect(x, y, width - 4, s.rows * row_h - 2, fill, "#8a7a5a")
                   + _text(x + 4, y + row_h / 2, s.name[:34], 10, anchor="start") + "</g>")
    title = f"{players} player{'s' if players > 1 else ''}: {len(spaces)} spaces" + (" (grey: extension tiles)" if players == 4 else "")
    out.append(_text(6, 30 + rows * row_h, title, 12, anchor="start", weight="bold"))
    return _doc(out, 6 + len(content.columns) * width, 44 + rows * row_h)


@functools.lru_cache(maxsize=8)
def _explained(content) -> dict:
    from rulesdsl.authoring.explain import Explainer

    explainer = Explainer(content)
    return {n: " ".join(explainer.program(content.programs[("occupations", n)])) for n in content.occupations
            if ("occupations", n) in content.programs}


def occupation_lines(content, card) -> list[str]:
    """A card's printed text and the generated English of its effect."""
    return [f"deck {card.deck}{' (starting)' if card.starting else ''}, {card.category}, {card.points} points",
            "printed: " + card.text, "generated: " + _explained(content).get(card.number, "")]


def drawings(content, kind: str, lang: str = "en") -> list[Drawn]:
    """Every component of one kind, drawn."""
    c = content
    if kind == "home_boards":
        return [Drawn(f"home_{b.id}", b.name, _board(c, f"home_{b.id}", b.name,
                                                     [f"{b.table_vikings} Vikings on the banquet table, {b.thing_vikings} on the Thing square"]))
                for b in c.home_boards.values()]
    if kind == "action_board":
        return [Drawn(f"action_board_{n}", f"{n} players", _action_board(c, n, lang)) for n in (3, 4)]
    if kind == "extension_tiles":
        return [Drawn(t.id, t.name, _card(t.name, ["sides: " + ", ".join(c.spaces[s].name if s in c.spaces else s for s in t.sides)]))
                for t in c.extension_tiles.values()]
    if kind == "exploration_boards":
        return [Drawn(b.id, b.name, _exploration(c, b)) for b in c.exploration_boards.values()]
    if kind == "buildings":
        return [Drawn(b.id, b.name, _building(c, b)) for b in c.buildings.values()]
    if kind == "ships":
        return [Drawn(s.id, s.name, _ship(c, s)) for s in c.ships.values()]
    if kind == "goods":
        return [Drawn(g.id, g.name, _good(c, g)) for g in c.goods.values()]
    if kind == "special_tiles":
        return [Drawn(t.id, t.name, _tile(t.name, t.shape, _TILE_FILL["special"], [f"sword value {t.sword}", f"price {t.price} silver",
                                                                                  f"{t.points} points"])) for t in c.special_tiles.values()]
    if kind == "resources":
        return [Drawn(r.id, r.name, _tile(r.name, r.shape, _TILE_FILL.get(r.id, "#bbb"), [])) for r in c.resources.values()]
    if kind == "coins":
        return [Drawn(k.id, k.id, _tile(k.id.replace("_", " "), k.shape, _TILE_FILL["silver"], [f"worth {k.value} silver, {k.count} in the box"]))
                for k in c.coins.values()]
    if kind == "mountain_strips":
        return [Drawn(s.id, s.id, _strip(c, s)) for s in c.mountain_strips.values()]
    if kind == "weapons":
        return [Drawn(w.id, w.name, _card(w.name, [f"{w.deck} cards in the deck, {w.starting} to each player at the start"], "#e9dcc9", 260))
                for w in c.weapons.values()]
    if kind == "dice":
        return [Drawn(d.id, d.id, _die(d)) for d in c.dice.values()]
    if kind == "occupations":
        return [Drawn(str(n), card.name, _card(f"{n} {card.name}", occupation_lines(c, card))) for n, card in sorted(c.occupations.items())]
    raise KeyError(kind)


def gallery(content, lang: str = "en", without=("occupations",)) -> list[tuple[str, str, list[Drawn]]]:
    """(kind, title, drawings) for every kind of component (occupations are listed as text on the page)."""
    return [(kind, title.get(lang), drawings(content, kind, lang)) for kind, title in KINDS.items() if kind not in without]


def component(content, cid: str, lang: str = "en") -> str:
    """The SVG of one component by id (`home_long`, `action_board_4`, `iceland`, `knarr`, `132` ...); KeyError if none."""
    kinds = list(KINDS)
    if ":" in cid:  # kind:id when an id is shared (wood: a resource and a mountain item)
        kind, cid = cid.split(":", 1)
        kinds = [kind] if kind in KINDS else []
    for kind in kinds:
        if kind == "occupations" and not cid.isdigit():
            continue
        if kind == "occupations":
            card = content.occupations.get(int(cid))
            if card is not None:
                return _card(f"{card.number} {card.name}", occupation_lines(content, card))
            continue
        found = next((d for d in drawings(content, kind, lang) if d.id == cid), None)
        if found is not None:
            return found.svg
    raise KeyError(cid)


def render_component(content, cid: str, output: str | None) -> int:
    """`rulesdsl render ID`: one component to standard output (SVG) or a file (.svg, or .png through cairosvg)."""
    import sys

    from rulesdsl.errors import RulesError
    from rulesdsl.view.files import write_picture

    try:
        svg = component(content, cid)
    except KeyError:
        raise RulesError(f"no board or component '{cid}'; see the Components page of `rulesdsl serve` for the ids") from None
    if output:
        kind = write_picture(svg, output)
        print(f"wrote {output} ({kind}, component {cid})")
    else:
        sys.stdout.write(svg)
    return 0
