"""Judging where a tile goes without trying it on a fork: a placement answer
(`area@row,column,turn[m][:coin]`) is laid on a copy of that board's geometry and the board's
worth compared (income for the rounds to come and at the end, covered minus squares, bonus
squares that pay). Cheap enough to rank a hundred placements; the greedy agent then tries the
best few on forks, where cards that react to placed tiles count too.
"""

from __future__ import annotations

import re

from rulesdsl.errors import RulesError
from rulesdsl.geometry import pieces
from rulesdsl.geometry import scoring as grid_scoring
from rulesdsl.geometry.placement import place

PLACEMENT = re.compile(r"^(?P<area>[^@]+)@(?P<row>-?\d+),(?P<column>-?\d+),(?P<turn>\d+)(?P<mirror>m?)(?::(?P<piece>.+))?$")
PLACE_MENU = "place:"  # the anytime menu's answer that picks the item to lay
PROMPT_ITEM = re.compile(r"^place (?:the |a served )?(?P<item>[a-z ]+?) (?:where|into)")


def placed_item(game, decision) -> str | None:
    """Which item a placement question is about: the menu answer before it, or its prompt."""
    if game.log and game.log[-1][1].startswith(PLACE_MENU):
        return game.log[-1][1][len(PLACE_MENU):]
    found = PROMPT_ITEM.match(decision.prompt)
    return found.group("item").replace(" ", "_") if found else None


def income_frontier(board) -> float:
    """How close each income line is to its next step: per line 1 / (1 + the squares still to
    cover before its next income square may be covered), the income rule's squares included."""
    grid, covered = board.grid, board.covered
    total = 0.0
    for squares, _ in grid.income_lines:
        for bit, _ in squares:
            if not covered & bit:
                need = grid.income_required.get(bit, 0) & ~covered & ~grid.bonus_mask
                total += 1.0 / (1 + bin(need).count("1"))
                break
    return total


def board_worth(board, per_income: float, per_bonus: float, per_frontier: float = 0.0) -> float:
    """Income (weighted), minus squares uncovered, goods the bonus squares pay, income lines near their next step."""
    worth = grid_scoring.income(board) * per_income - grid_scoring.uncovered_minus(board)
    worth += per_bonus * sum(len(goods) for _, goods in grid_scoring.bonus(board))
    if per_frontier:
        worth += per_frontier * income_frontier(board)
    return worth


def placement_scores(game, decision, per_income: float, per_bonus: float, per_frontier: float = 0.0) -> dict[str, float] | None:
    """What each placement answer adds to its board's worth; None if this is no placement question."""
    keys = [k for k in decision.legal() if PLACEMENT.match(k)]
    if not keys:
        return None
    item = placed_item(game, decision)
    p = game.state.players[decision.player]
    areas = {key: (kind, board) for key, _, kind, board in game.flow.areas(p)}
    base: dict[str, float] = {}
    out: dict[str, float] = {}
    shapes: dict[str, object] = {}
    for key in keys:
        m = PLACEMENT.match(key)
        area = areas.get(m.group("area"))
        piece_id = m.group("piece") or item
        if area is None or piece_id is None:
            continue
        _, board = area
        try:
            piece = shapes.get(piece_id) or shapes.setdefault(piece_id, pieces.piece(game.content, piece_id))
            after = place(board, piece, int(m.group("row")), int(m.group("column")), int(m.group("turn")),
                          bool(m.group("mirror")), allowed=True)
        except (RulesError, KeyError, ValueError):
            continue
        if m.group("area") not in base:
            base[m.group("area")] = board_worth(board, per_income, per_bonus, per_frontier)
        out[key] = board_worth(after, per_income, per_bonus, per_frontier) - base[m.group("area")]
    return out or None
