"""Every kind of component of the loaded content drawn as SVG: the Components page of
`rulesdsl serve` and `rulesdsl render ID` use it. Everything drawn is read from the content
(a variant's boards, tiles and cards show as the variant has them); the module knows kinds
of things — a tile with a shape and colour, a board with squares, a ship, a strip — never
a named component."""

from __future__ import annotations

import functools
import sys
import textwrap
from xml.sax.saxutils import escape

import attrs

from rulesdsl.authoring.explain import Explainer
from rulesdsl.errors import RulesError
from rulesdsl.geometry import pieces
from rulesdsl.geometry.placement import empty
from rulesdsl.geometry.render import TILE_FILL, svg_text, board_svg
from rulesdsl.geometry.scoring import uncovered_minus
from rulesdsl.learn.words import Words
from rulesdsl.view.files import write_picture

CELL = 22


def N_(text: str) -> str:
    """Marks a message for the catalogue; translated where it is shown."""
    return text


# words of the data shown on the drawings (colours, sides, sizes, card kinds), for the catalogue
DATA_WORDS = (N_("orange"), N_("red"), N_("green"), N_("blue"), N_("animal"), N_("front"), N_("back"), N_("small"), N_("large"),
              N_("immediate"), N_("anytime"), N_("each_time"), N_("limited"))
# the kinds drawn, in the order of the page (titles translated through the catalogue)
KINDS = {
    "home_boards": N_("Home board sides"),
    "action_board": N_("Action board (by number of players; grey: the extension tiles)"),
    "extension_tiles": N_("Extension tiles"),
    "exploration_boards": N_("Exploration boards"),
    "buildings": N_("Buildings"),
    "ships": N_("Ships"),
    "goods": N_("Goods tiles (both faces, upgrade chain)"),
    "special_tiles": N_("Special tiles"),
    "resources": N_("Resources"),
    "coins": N_("Silver coins"),
    "mountain_strips": N_("Mountain strips"),
    "weapons": N_("Weapon cards"),
    "dice": N_("Dice"),
    "occupations": N_("Occupations"),
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
        out.append(svg_text(x, y, line, size, anchor="start"))
        y += size + 4
    return y


def _width(text: str, size: int = 11) -> float:
    """About how wide a line of text is drawn (wide CJK characters count double)."""
    return sum(size if ord(ch) > 0x2e80 else size * 0.62 for ch in text)


def _tile(name: str, shape, fill: str, lines: list[str]) -> str:
    out: list[str] = [svg_text(6, 12, name, 12, anchor="start", weight="bold")]
    w, h = _shape(out, shape or ("#",), fill, 6, 24)
    bottom = _lines(out, 6, 24 + h + 12, lines)
    return _doc(out, max([w + 12, _width(name, 12) + 12] + [_width(x) + 12 for x in lines]), bottom)


def _good(content, good, w: Words) -> str:
    """A goods tile: this face and the other, its colour, harvest/sword values and upgrade chain."""
    _ = w.gettext
    out: list[str] = []
    x = 6
    faces = [good] + ([content.goods[good.other_side]] if good.other_side in content.goods else [])
    for face in faces:
        label = f"{w.name(face.name)} ({_(face.color)})"
        out.append(svg_text(x, 12, label, 12, anchor="start", weight="bold"))
        width, _height = _shape(out, face.shape, TILE_FILL.get(face.color, "#bbb"), x, 24)
        x += max(width, _width(label, 12)) + 16
    chain, seen, step = [w.name(good.name)], {good.id}, good
    while step.upgrades_to and step.upgrades_to in content.goods and step.upgrades_to not in seen:
        step = content.goods[step.upgrades_to]
        chain.append(w.name(step.name))
        seen.add(step.id)
    lines = [_("upgrade chain: %(chain)s", chain=" → ".join(chain))]
    if good.harvest:
        lines.append(_("harvest number %(n)s", n=good.harvest))
    if good.sword:
        lines.append(_("sword value %(n)s", n=good.sword))
    if good.points:
        lines.append(_("%(n)s points", n=good.points))
    height = 24 + max(len(f.shape) for f in faces) * CELL + 12
    bottom = _lines(out, 6, height, lines)
    return _doc(out, max([x] + [_width(line) + 12 for line in lines]), bottom)


def _board(content, grid_id: str, title: str, lines: list[str]) -> str:
    svg, width, h = board_svg(empty(pieces.grid(content, grid_id)), title, 0, 0, board=grid_id)
    out = [svg]
    bottom = _lines(out, 16, h + 10, lines)
    return _doc(out, max([width] + [_width(x) + 20 for x in lines]), bottom + 6)


def _rounds(content, board, w: Words) -> list[str]:
    """When a board can be explored, per game length: the rounds before its slot turns (front), or from then on (back)."""
    _ = w.gettext
    out = []
    for length in content.game_lengths.values():
        turn = next((plan.round for plan in length.rounds if plan.turn == board.slot), None)
        last = len(length.rounds)
        if board.side != "front":
            span = _("from round %(n)s", n=turn) if turn else _("never face up")
        elif (turn or last + 1) - 1 == 1:
            span = _("round 1 only")
        else:
            span = _("rounds 1–%(n)s", n=(turn or last + 1) - 1)
        out.append(_("%(length)s: %(span)s", length=_("long game") if last == max(len(x.rounds) for x in content.game_lengths.values())
                     else _("short game"), span=span))
    return out


def _exploration(content, board, w: Words) -> str:
    _ = w.gettext
    other = content.exploration_boards.get(board.other_side)
    lines = [_("slot %(slot)s, %(side)s side (other side: %(other)s); %(points)s points", slot=board.slot, side=_(board.side),
               other=w.name(other.name) if other else board.other_side, points=board.points)]
    if board.area is not None:
        lines.append(_("-1 squares: %(n)s", n=uncovered_minus(empty(pieces.grid(content, board.id)))))
    lines += _rounds(content, board, w)
    if board.area is None:
        out: list[str] = [svg_text(6, 14, w.name(board.name), 13, anchor="start", weight="bold")]
        return _doc(out, 520, _lines(out, 6, 34, lines))
    return _board(content, board.id, w.name(board.name), lines)


def _building(content, b, w: Words) -> str:
    _ = w.gettext
    lines = [_("%(n)s in the supply; %(points)s points; %(minus)s printed -1 squares", n=b.supply, points=b.points, minus=b.minus_printed)]
    if b.slots:
        lines.append(_("slots: %(slots)s", slots=", ".join(f"{n} {w.name(k)}" for k, n in b.slots.items())))
    if b.area is not None:
        return _board(content, b.id, w.name(b.name), lines + [_("dark squares: pillars (nothing goes there)")])
    out: list[str] = [svg_text(6, 14, w.name(b.name), 13, anchor="start", weight="bold")]
    for n, (kind, count) in enumerate((b.slots or {}).items()):
        for k in range(count):
            out.append(_rect(6 + k * 26, 26 + n * 28, 24, 24, TILE_FILL.get(kind, "#ccc")))
    bottom = 26 + 28 * len(b.slots or {}) + 10
    return _doc(out, max([420] + [_width(x) + 12 for x in lines]), _lines(out, 6, bottom, lines))


def _ship(content, ship, w: Words) -> str:
    _ = w.gettext
    out: list[str] = []
    width = 180 if ship.size == "large" else 120
    out.append(_rect(6, 6, width, 30, "#b48a5a", "#5a3d1d", ' rx="12"'))
    out.append(svg_text(6 + width / 2, 21, w.name(ship.name), 12, "#fff"))
    for n in range(ship.ore_printed):
        out.append(f'<circle cx="{18 + n * 12}" cy="30" r="4" fill="#333"/>')
    lines = [_("%(size)s ship; bought for %(price)s silver; %(points)s points; %(ore)s ore printed, room for %(room)s more",
               size=_(ship.size), price=ship.price, points=ship.points, ore=ship.ore_printed, room=ship.ore_slots)]
    # what it is for: the spaces whose effects name it, other than those that build it
    used = sorted({s.name for s in content.spaces.values() if ship.id in s.effect and f"build 1 {ship.id}" not in s.effect})
    lines += textwrap.wrap(_("used by: %(spaces)s", spaces=", ".join(used) or "-"), 90)
    if ship.emigrated_points:
        out.append(_rect(width + 20, 6, width, 30, "#d9c7a6", "#5a3d1d", ' rx="12"'))
        out.append(svg_text(width + 20 + width / 2, 21, _("emigrated: %(n)s points", n=ship.emigrated_points), 12))
        lines.append(_("its back, emigrated: %(n)s points, covers banquet seats", n=ship.emigrated_points))
    bottom = _lines(out, 6, 52, lines)
    return _doc(out, max([2 * width + 30] + [_width(x) + 12 for x in lines]), bottom)


def _strip(content, strip, w: Words) -> str:
    out: list[str] = [svg_text(6, 12, w.gettext("mountain strip %(id)s", id=strip.id), 12, anchor="start", weight="bold")]
    for n, item in enumerate(strip.items):
        fill = TILE_FILL.get(item.rstrip("0123456789"), "#c9c9c9")
        out.append(_rect(6 + n * 52, 24, 50, 24, fill, "#333"))
        label = w.name(content.mountain_items[item].name) if item in content.mountain_items else item
        out.append(svg_text(31 + n * 52, 36, label, 10, "#fff" if fill in ("#4a4a4a", "#8b5a2b") else "#111"))
    return _doc(out, 12 + 52 * len(strip.items), 60)


def _card(title: str, lines: list[str], fill: str = "#f6efe0", width: int = 320) -> str:
    wrapped = [part for line in lines for part in (textwrap.wrap(line, width // 7) or [""])]
    out = [_rect(1, 1, width - 2, 34 + 15 * len(wrapped), fill, "#8a7a5a", ' rx="8"'),
           svg_text(10, 16, title, 12, anchor="start", weight="bold")]
    bottom = _lines(out, 10, 36, wrapped)
    return _doc(out, width, bottom + 6)


def _die(die, w: Words) -> str:
    shape = "40,4 76,26 76,66 40,88 4,66 4,26" if die.faces <= 8 else "40,4 76,20 76,72 40,88 4,72 4,20"
    fill = "#e8892b" if die.faces <= 8 else "#2e6fb5"
    out = [f'<polygon points="{shape}" fill="{fill}" stroke="#333"/>', svg_text(40, 46, str(die.faces), 20, "#fff", weight="bold"),
           svg_text(90, 46, w.gettext("%(id)s: %(n)s faces", id=die.id, n=die.faces), 12, anchor="start")]
    return _doc(out, 240, 92)


def _player_counts(content) -> list[tuple[int, int]]:
    """(fewest, most) players of each group of player counts that have the same spaces in play."""
    groups: list[tuple[int, int]] = []
    sets = {n: frozenset(s.id for s in content.spaces.values() if n in s.players) for n in range(1, 5)}
    for n in range(1, 5):
        if groups and sets[groups[-1][1]] == sets[n]:
            groups[-1] = (groups[-1][0], n)
        else:
            groups.append((n, n))
    return groups


def _action_board(content, players: int, w: Words, fewest: int | None = None) -> str:
    """The action spaces in play for this many players, by column and row; extension-tile spaces marked."""
    _ = w.gettext
    extension = {space for tile in content.extension_tiles.values() for space in tile.sides}
    width, row_h = 230, 20
    out: list[str] = []
    spaces = [s for s in content.spaces.values() if players in s.players]
    rows = max((s.row + s.rows - 1 for s in spaces), default=1)
    for column in sorted(content.columns.values(), key=lambda c: c.id):
        out.append(svg_text(6 + (column.id - 1) * width + width / 2, 12, _("column %(n)s: %(v)s Vikings", n=column.id, v=column.vikings), 11))
    for s in spaces:
        x, y = 6 + (s.column - 1) * width, 24 + (s.row - 1) * row_h
        fill = "#d8d8d8" if s.id in extension else "#efe6cf"
        out.append(f'<g class="space" data-space="{escape(s.id)}">' + _rect(x, y, width - 4, s.rows * row_h - 2, fill, "#8a7a5a")
                   + f"<title>{escape(s.name)}: {escape(s.effect.strip())}</title>"
                   + svg_text(x + 4, y + row_h / 2, s.name[:34], 10, anchor="start") + "</g>")
    counts = f"{fewest}–{players}" if fewest is not None and fewest != players else str(players)
    title = _("%(players)s players: %(n)s spaces", players=counts, n=len(spaces))
    if any(s.id in extension for s in spaces):
        title += " " + _("(grey: the extension tiles)")
    out.append(svg_text(6, 30 + rows * row_h, title, 12, anchor="start", weight="bold"))
    return _doc(out, 6 + len(content.columns) * width, 44 + rows * row_h)


@functools.lru_cache(maxsize=8)
def explained(content) -> dict:
    """Occupation number -> the generated English of its effect (`rulesdsl explain`'s words)."""
    explainer = Explainer(content)
    return {n: " ".join(explainer.program(content.programs[("occupations", n)])) for n in content.occupations
            if ("occupations", n) in content.programs}


def occupation_lines(content, card, w: Words = Words()) -> list[str]:
    """A card's deck, kind and points, its printed text and the generated English of its effect."""
    _ = w.gettext
    head = _("deck %(deck)s, %(kind)s, %(points)s points", deck=card.deck + (" " + _("(starting)") if card.starting else ""),
             kind=_(card.category), points=card.points)
    return [head, _("printed: %(text)s", text=card.text), _("generated: %(text)s", text=explained(content).get(card.number, ""))]


def drawings(content, kind: str, w: Words = Words()) -> list[Drawn]:
    """Every component of one kind, drawn (words in the language of `w`)."""
    _, c = w.gettext, content
    if kind == "home_boards":
        return [Drawn(f"home_{b.id}", w.name(b.name), _board(c, f"home_{b.id}", w.name(b.name), [
            _("%(table)s Vikings on the banquet table, %(thing)s on the Thing square", table=b.table_vikings, thing=b.thing_vikings)]))
            for b in c.home_boards.values()]
    if kind == "action_board":
        return [Drawn(f"action_board_{most}", _("%(n)s players", n=f"{few}–{most}" if few != most else most),
                      _action_board(c, most, w, few)) for few, most in _player_counts(c)]
    if kind == "extension_tiles":
        return [Drawn(t.id, w.name(t.name), _card(w.name(t.name), [_("sides: %(sides)s", sides=", ".join(
            c.spaces[s].name if s in c.spaces else s for s in t.sides))])) for t in c.extension_tiles.values()]
    if kind == "exploration_boards":
        return [Drawn(b.id, w.name(b.name), _exploration(c, b, w)) for b in c.exploration_boards.values()]
    if kind == "buildings":
        return [Drawn(b.id, w.name(b.name), _building(c, b, w)) for b in c.buildings.values()]
    if kind == "ships":
        return [Drawn(s.id, w.name(s.name), _ship(c, s, w)) for s in c.ships.values()]
    if kind == "goods":
        return [Drawn(g.id, w.name(g.name), _good(c, g, w)) for g in c.goods.values()]
    if kind == "special_tiles":
        return [Drawn(t.id, w.name(t.name), _tile(w.name(t.name), t.shape, TILE_FILL["special"], [
            _("sword value %(n)s", n=t.sword), _("price %(n)s silver", n=t.price), _("%(n)s points", n=t.points)]))
            for t in c.special_tiles.values()]
    if kind == "resources":
        return [Drawn(r.id, w.name(r.name), _tile(w.name(r.name), r.shape, TILE_FILL.get(r.id, "#bbb"), [])) for r in c.resources.values()]
    if kind == "coins":
        return [Drawn(k.id, _("coin of %(n)s silver", n=k.value), _tile(_("coin of %(n)s silver", n=k.value), k.shape, TILE_FILL["silver"],
                                                                        [_("%(n)s in the box", n=k.count)])) for k in c.coins.values()]
    if kind == "mountain_strips":
        return [Drawn(s.id, s.id, _strip(c, s, w)) for s in c.mountain_strips.values()]
    if kind == "weapons":
        return [Drawn(x.id, w.name(x.name), _card(w.name(x.name), [_("%(deck)s cards in the deck, %(start)s to each player at the start",
                                                                      deck=x.deck, start=x.starting)], "#e9dcc9", 260))
                for x in c.weapons.values()]
    if kind == "dice":
        return [Drawn(d.id, d.id, _die(d, w)) for d in c.dice.values()]
    if kind == "occupations":
        return [Drawn(str(n), card.name, _card(f"{n} {card.name}", occupation_lines(c, card, w))) for n, card in sorted(c.occupations.items())]
    raise KeyError(kind)


def gallery(content, w: Words = Words(), without=("occupations",)) -> list[tuple[str, str, list[Drawn]]]:
    """(kind, title, drawings) for every kind of component (occupations are listed as text on the page)."""
    return [(kind, w.gettext(title), drawings(content, kind, w)) for kind, title in KINDS.items() if kind not in without]


def component(content, cid: str, w: Words = Words()) -> str:
    """The SVG of one component by id (`home_long`, `action_board_4`, `iceland`, `knarr`, `132` ...); KeyError if none."""
    kinds = list(KINDS)
    if ":" in cid:  # kind:id when an id could be read two ways
        kind, cid = cid.split(":", 1)
        kinds = [kind] if kind in KINDS else []
    for kind in kinds:
        if kind == "occupations":
            card = content.occupations.get(int(cid)) if cid.isdigit() else None
            if card is not None:
                return _card(f"{card.number} {card.name}", occupation_lines(content, card, w))
            continue
        found = next((d for d in drawings(content, kind, w) if d.id == cid), None)
        if found is not None:
            return found.svg
    raise KeyError(cid)


def render_component(content, cid: str, output: str | None) -> int:
    """`rulesdsl render ID`: one component to standard output (SVG) or a file (.svg, or .png through cairosvg)."""
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
