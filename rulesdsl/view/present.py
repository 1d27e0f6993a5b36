"""How a game is shown to people: player names, labels that tell options apart, a player's
state as text, placements by square, what players gained and paid (the timeline, in
`view.timeline`, tells a game step by step with it).

The terminal agent and the web page both use these, so the two show the same words. Nothing
here decides anything: legal answers, refusals and placements come from the engine's
`Decision` and from the placement rules (`geometry.placement.check`).

What only a game's engine can count (what a player holds of an item, its answer keys: a
player's state as text, a dice question's hint, what a refused space still needs) is the
game's own: its plug-in's view hooks (`registry.ViewHooks`, the first game's
`games/feast/view_present.py` and `view_words.py`), found for the game at hand through the
registry (`registry.view_of`), so this module imports no game. The rest reads the game through
its content, its state and its `Decision`."""

from __future__ import annotations

import re
from collections import Counter

import attrs

from rulesdsl.errors import IllegalMove, IllegalPlacement
from rulesdsl.games.registry import view_of
from rulesdsl.geometry import pieces
from rulesdsl.geometry.placement import check
from rulesdsl.geometry.render import square_name
from rulesdsl.geometry.shapes import orientation
from rulesdsl.view import words

_PLAYER = re.compile(r"\bplayer (\d+)\b")
_PLACEMENT = re.compile(r"^(?P<area>[^@]+)@(?P<row>\d+),(?P<column>\d+),(?P<turn>\d+)(?P<mirror>m?)(?::(?P<coin>.+))?$")
_SQUARE = re.compile(r"^([a-z])(\d+)$")
_SQUARE_IN_TEXT = re.compile(r"\bsquare \((\d+), (\d+)\)")


def player_name(index: int) -> str:
    """P1, P2 ...: players counted from 1 everywhere a person reads them."""
    return f"P{index + 1}"


def squares_named(text: str) -> str:
    """`square (8, 3)` (row, column from 0, as the rules engine says) -> `square d9`, as boards are labelled."""
    return _SQUARE_IN_TEXT.sub(lambda m: f"square {square_name(int(m[1]), int(m[2]))}", text)


def readable(line: str) -> str:
    """A history line with players counted from 1 (the engine counts from 0)."""
    return _PLAYER.sub(lambda m: player_name(int(m.group(1))), line)


_ROUND_PHASE = re.compile(r"^r\d+ [a-z_]+: ")


def history_line(game, line: str) -> str:
    """A history line or question as a player reads it: players P1, P2, squares a12, ids in words,
    the `r3 actions:` mark (the timeline shows round and phase) left out."""
    return words.english(game.content, squares_named(readable(_ROUND_PHASE.sub("", line))))


# ---------------------------------------------------------------- option labels
def option_text(game, decision, option) -> str:
    """The option's label, with what tells it apart: a space's column, Vikings and effect,
    an occupation's printed text."""
    content = game.content
    if decision.kind == "space" and option.key in content.spaces:
        spec = content.spaces[option.key]
        vikings = content.columns[spec.column].vikings
        return (f"{spec.name} (column {spec.column}, {vikings} Viking{'s' if vikings != 1 else ''}): "
                f"{words.space_english(content, option.key)}")
    card = occupation_of(game, decision, option)
    if card is not None:
        return f"{card.name}: {card.text}"
    placed = placement_of(option)
    if placed is not None:
        what = (placed.piece or "the tile").replace("_", " ")
        turned = (f", turned {placed.turn}°" if placed.turn else "") + (", turned over" if placed.mirror else "")
        board = "" if placed.area == "home" else f" on {placed.area.replace('_', ' ')}"
        return f"{what} at {square_name(placed.row, placed.column)}{board}{turned}"
    return words.english(content, squares_named(readable(option.label)))


def refusal_text(game, decision, option) -> str | None:
    """Why an option is refused; for a space its engine refuses as unusable, what is missing
    (`Build a shed needs 2 wood (you have 0)`) where its costs and requirements say."""
    if option.refusal is None:
        return None
    content = game.content
    if (option.key in content.spaces and option.key not in game.state.occupancy and "Viking" not in option.refusal
            and "not in play" not in option.refusal):
        hook = view_of(game).needs
        needs = None if hook is None else hook(game, decision.player, option.key)
        if needs:
            return f"{content.spaces[option.key].name} {needs}"
    return words.english(content, squares_named(readable(option.refusal)))


def occupation_of(game, decision, option):
    """The occupation an option plays, or None."""
    if decision.kind == "play" and option.key.isdigit():
        return game.content.occupations.get(int(option.key))
    return None


def distinct_labels(game, decision) -> dict[str, str]:
    """key -> label, labels made unique: equal ones get the option's key added."""
    texts = {o.key: option_text(game, decision, o) for o in decision.options}
    seen = Counter(texts.values())
    return {key: (f"{text} ({key})" if seen[text] > 1 else text) for key, text in texts.items()}


# ---------------------------------------------------------------- hints
def dice_hint(game, decision) -> str | None:
    """For a dice question: what the player holds to pay per pip (or to add per item), from the
    dice action's own definition (`you can pay per pip with 2 wood and 1 bow and arrow: 3 pips`),
    as the game's view hooks read it (`ViewHooks.dice_hint`); None for another question or a game without the hook."""
    hook = view_of(game).dice_hint
    return None if hook is None else hook(game, decision)


def space_code(game, key: str) -> str | None:
    """A space's stable number on the action board: its column, then its row in two digits (`103`: column 1, row 3)."""
    spec = game.content.spaces.get(key)
    return None if spec is None else f"{spec.column}{spec.row:02d}"


def action_board_map(game, decision=None) -> list[str]:
    """The action board as text: every space in play by its number (column and row), marked
    `*` when the decision offers it, `x` when taken."""
    content = game.content
    spaces = [content.spaces[k] for k in game.flow.spaces_in_play()]
    columns = sorted({s.column for s in spaces})
    legal = {o.key for o in decision.options if o.refusal is None} if decision is not None else set()
    width = 30
    lines = ["  " + "".join(f"column {c} ({content.columns[c].vikings} Viking{'s' if content.columns[c].vikings != 1 else ''})".ljust(width + 6) for c in columns)]
    rows = sorted({s.row for s in spaces})
    for row in rows:
        cells = []
        for c in columns:
            spec = next((s for s in spaces if s.column == c and s.row == row), None)
            if spec is None:
                cells.append(" " * (width + 6))
                continue
            mark = "*" if spec.id in legal else "x" if spec.id in game.state.occupancy else " "
            cells.append(f"{mark}{spec.column}{spec.row:02d} {spec.name[:width]:<{width}} ")
        lines.append("  " + "".join(cells).rstrip())
    lines.append("  * possible now   x taken this round   (type a space's number, e.g. 103: column 1, row 3)")
    return lines


def shape_lines(game, piece_id: str) -> list[str]:
    """A tile's shape as text (`#` its squares), as it lies unturned."""
    try:
        shape = pieces.piece(game.content, piece_id)
    except IllegalMove:
        return []
    return [row.replace("#", "[]").replace(".", "  ").rstrip() for row in shape.rows]


# ---------------------------------------------------------------- placements by square
@attrs.frozen
class PlacementChoice:
    key: str
    area: str
    row: int
    column: int
    turn: int
    mirror: bool
    coin: str | None
    piece: str | None


def placement_of(option) -> PlacementChoice | None:
    """The placement an option stands for (`home@11,0,90m`), or None."""
    m = _PLACEMENT.match(option.key)
    if m is None:
        return None
    return PlacementChoice(option.key, m["area"], int(m["row"]), int(m["column"]), int(m["turn"]), bool(m["mirror"]),
                           m["coin"], option.piece or m["coin"])


def placements(decision) -> list[PlacementChoice]:
    """Every legal placement of a decision (empty if it places nothing)."""
    return [pl for o in decision.options if o.refusal is None and (pl := placement_of(o)) is not None]


def parse_square(text: str) -> tuple[int, int] | None:
    """`c4` -> (row 3, column 2), or None."""
    m = _SQUARE.match(text.strip().lower())
    if m is None or int(m[2]) < 1:
        return None
    return int(m[2]) - 1, ord(m[1]) - ord("a")


def areas_of(game, player: int) -> dict:
    """area key -> (label, BoardState) of every grid the player owns (the keys answers use)."""
    return {key: (label, board) for key, label, _kind, board in game.flow.areas(game.state.players[player])}


def placement_verdict(game, decision, area: str, row: int, column: int, turn: int, mirror: bool,
                      piece: str | None = None) -> dict:
    """Whether laying the decision's tile at this square and orientation is one of its answers,
    the squares it would cover and, if it is not, why (from the placement rules)."""
    offered = [pl for pl in placements(decision) if pl.area == area and (piece is None or pl.piece == piece)]
    piece_id = piece or next((pl.piece for pl in placements(decision) if pl.piece), None)
    found = next((pl for pl in offered if (pl.row, pl.column, pl.turn, pl.mirror) == (row, column, turn, mirror)), None)
    squares: list = []
    reason = None
    if piece_id is not None:
        shape = pieces.piece(game.content, piece_id)
        o = orientation(shape.rows, turn, mirror)
        squares = [[row + dr, column + dc] for dr, dc in o.cells]
        if found is None:
            board = areas_of(game, decision.player).get(area, (None, None))[1]
            if board is None:
                reason = f"you have no board '{area}'"
            else:
                try:
                    check(board, shape, row, column, turn, mirror)
                    reason = "the rules allow this square, but this decision does not offer it"
                except IllegalPlacement as err:
                    reason = squares_named(str(err))
    else:
        reason = "this decision places no tile"
    return {"legal": found is not None, "key": found.key if found else None, "squares": squares,
            "reason": reason, "at": square_name(row, column)}


def parse_placement(decision, text: str):
    """(area, row, column, turn, mirror) from `c4`, `c4 r`, `c4 rr m`, `home c4 90` ..., or a str saying what is wrong."""
    words = text.lower().split()
    areas = sorted({pl.area for pl in placements(decision)})
    if not areas:
        return "this decision places no tile"
    area = "home" if "home" in areas else areas[0]
    if words and parse_square(words[0]) is None:
        area = next((a for a in areas if a == words[0] or a.split(":")[0] == words[0]), None)
        if area is None:
            return f"no placement on '{words[0]}'; boards: {', '.join(areas)}"
        words = words[1:]
    square = parse_square(words[0]) if words else None
    if square is None:
        return "name a square like c4 (column letter, row number), then r for each quarter turn, m to turn over"
    turn, mirror = 0, False
    for word in words[1:]:
        if set(word) == {"r"}:
            turn += 90 * len(word)
        elif word.isdigit():
            turn += int(word)
        elif word in ("m", "over", "mirror"):
            mirror = True
        else:
            return f"'{word}' is neither r (a quarter turn), a number of degrees nor m (turned over)"
    return area, square[0], square[1], turn % 360, mirror


def placement_key_at(decision, area: str, row: int, column: int, turn: int, mirror: bool) -> str | None:
    """The answer that lays the decision's tile there, or None if it is not offered."""
    for pl in placements(decision):
        if (pl.area, pl.row, pl.column, pl.turn, pl.mirror) == (area, row, column, turn, mirror):
            return pl.key
    return None


# ---------------------------------------------------------------- a player's state
def player_lines(game, index: int, hide_hand: bool = False) -> list[str]:
    """What a player has, as lines of text (supply, animals, ships, boards, hand, Vikings), as the
    game's view hooks read it (`ViewHooks.player_lines`); `hide_hand`: the hand only counted (another player's)."""
    hook = view_of(game).player_lines
    return [] if hook is None else hook(game, index, hide_hand)


# ---------------------------------------------------------------- holdings (the timeline's and the terminal's)
def holdings(game) -> list[Counter]:
    """Each player's supply and animals (what gains and payments change)."""
    return [Counter(p.supply) + Counter(p.stables) for p in game.state.players]


def change_lines(before: list[Counter], after: list[Counter]) -> tuple[str, ...]:
    """`P1: +2 wood, -1 silver` for every player whose holdings changed."""
    out = []
    for index, (old, new) in enumerate(zip(before, after)):
        parts = []
        for item in sorted(set(old) | set(new)):
            delta = new[item] - old[item]
            if delta:
                parts.append(f"{delta:+d} {item.replace('_', ' ')}")
        if parts:
            out.append(f"{player_name(index)}: {', '.join(parts)}")
    return tuple(out)


# ---------------------------------------------------------------- a board as text
_CELL_CHAR = {"plain": ".", "minus": "-", "bonus": "+", "forbidden": "#", "pillar": "#", "outside": " "}


def board_text(board) -> list[str]:
    """A board as lines of text with column letters and row numbers: `.` free, `-` a -1
    square, digits income (`*` a higher one), `+` bonus, `#` never coverable, letters the
    tiles placed (a legend follows)."""
    grid = board.grid
    letters: dict = {}
    lines = ["    " + " ".join(chr(ord("a") + c) for c in range(grid.width))]
    for r in range(grid.height):
        row = []
        for c in range(grid.width):
            tile = board.tile_at(r, c) if board.covered & grid.bit(r, c) else None
            cell = grid.cell(r, c)
            if tile is not None:
                ch = letters.setdefault(id(tile), (chr(ord("A") + len(letters) % 26), tile.piece.id))[0]
            elif cell.kind == "income":
                ch = str(cell.value) if cell.value < 10 else "*"
            else:
                ch = _CELL_CHAR.get(cell.kind, "?")
            row.append(ch)
        lines.append(f"{r + 1:>3} " + " ".join(row))
    lines.append("    . free  - a -1 square  0-9 income (* 10 or more)  + bonus  # never covered")
    if letters:
        lines.append("    tiles: " + ", ".join(f"{ch} {piece}" for ch, piece in letters.values()))
    return lines
