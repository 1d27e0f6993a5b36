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


_STEPS: dict = {}  # id(grid) -> (grid, ((income square bit, income it adds, squares needed, how many), ...))


def _income_steps(grid) -> tuple:
    """Per income square that raises the income: its bit, the income it adds, the squares its
    income rule needs (itself included, bonus squares not) and their number; kept per grid."""
    found = _STEPS.get(id(grid))
    if found is not None and found[0] is grid:
        return found[1]
    steps = []
    for squares, final in grid.income_lines:
        for index, (bit, value) in enumerate(squares):
            after = squares[index + 1][1] if index + 1 < len(squares) else final
            if after > value:
                need = (grid.income_required.get(bit, 0) | bit) & ~grid.bonus_mask
                steps.append((bit, after - value, need, need.bit_count()))
    _STEPS[id(grid)] = (grid, tuple(steps))
    return _STEPS[id(grid)][1]


def income_progress(board) -> float:
    """How far the board has come towards its next income steps: per uncovered income square,
    the income its covering would add times the share of the squares its income rule needs
    (the square itself included) that are covered already. Covering the free squares under the
    income line so earns part of the income they lead to, before the income square itself."""
    covered = board.covered
    return sum(gain * (need & covered).bit_count() / size
               for bit, gain, need, size in _income_steps(board.grid) if not covered & bit)


def board_worth(board, per_income: float, per_bonus: float, per_progress: float = 0.0) -> float:
    """Income (weighted), minus squares uncovered, goods the bonus squares pay, progress towards more income."""
    worth = grid_scoring.income(board) * per_income - grid_scoring.uncovered_minus(board)
    worth += per_bonus * sum(len(goods) for _, goods in grid_scoring.bonus(board))
    if per_progress:
        worth += per_progress * income_progress(board)
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

    def scores(self, game, decision, per_income: float, per_bonus: float, per_progress: float = 0.0) -> dict[str, float] | None:
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
                base[area] = board_worth(board, per_income, per_bonus, per_progress)
            out[key] = board_worth(_Covered(board.grid, board.covered | mask), per_income, per_bonus, per_progress) - base[area]
        return out or None
