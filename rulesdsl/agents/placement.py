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
from rulesdsl.geometry.placement import legal_placements

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


class _Covered:
    """A board with more squares covered, enough for the scoring functions (grid, covered)."""

    __slots__ = ("grid", "covered")

    def __init__(self, grid, covered: int):
        self.grid = grid
        self.covered = covered


class PlacementJudge:
    """Scores placement answers; the legal placements of a piece on a board are kept (boards
    are immutable and shared by a game's forks, so the forks of one decision meet the same ones)."""

    LIMIT = 4096

    def __init__(self):
        self._masks: dict = {}  # (id(board), piece) -> (board, {(row, column, turn, mirror): mask})

    def _table(self, game, board, piece_id: str) -> dict:
        key = (id(board), piece_id)
        found = self._masks.get(key)
        if found is not None and found[0] is board:
            return found[1]
        if len(self._masks) > self.LIMIT:
            self._masks.clear()
        table: dict = {}
        try:
            piece = pieces.piece(game.content, piece_id)
        except (RulesError, KeyError, ValueError):
            piece = None
        for allowed in (False, True) if piece is not None else ():  # as the engine lists them, then what cards allow
            for pl in legal_placements(board, piece, allowed):
                table.setdefault((pl.row, pl.column, pl.turn, pl.mirror), pl.mask)
        self._masks[key] = (board, table)
        return table

    def scores(self, game, decision, per_income: float, per_bonus: float, per_frontier: float = 0.0) -> dict[str, float] | None:
        """What each placement answer adds to its board's worth; None if this is no placement question."""
        matches = [(k, PLACEMENT.match(k)) for k in decision.legal()]
        matches = [(k, m) for k, m in matches if m]
        if not matches:
            return None
        item = placed_item(game, decision)
        p = game.state.players[decision.player]
        areas = {key: board for key, _, _, board in game.flow.areas(p)}
        base: dict[str, float] = {}
        out: dict[str, float] = {}
        for key, m in matches:
            area, piece_id = m.group("area"), m.group("piece") or item
            board = areas.get(area)
            if board is None or piece_id is None:
                continue
            mask = self._table(game, board, piece_id).get(
                (int(m.group("row")), int(m.group("column")), int(m.group("turn")), bool(m.group("mirror"))))
            if mask is None:
                continue
            if area not in base:
                base[area] = board_worth(board, per_income, per_bonus, per_frontier)
            out[key] = board_worth(_Covered(board.grid, board.covered | mask), per_income, per_bonus, per_frontier) - base[area]
        return out or None
