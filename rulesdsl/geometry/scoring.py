"""What a grid's state is worth: income, bonus goods, uncovered -1 squares."""

from __future__ import annotations

from rulesdsl.geometry.placement import BoardState


def line_incomes(state: BoardState) -> list[int]:
    """Per income line: the smallest income number still visible (the final one when all are covered)."""
    out = []
    for squares, final in state.grid.income_lines:
        value = final
        for bit, number in squares:
            if not state.covered & bit:
                value = number
                break
        out.append(value)
    return out


_INCOME = ("scoring", "income")  # the grid's table (Grid.kept): squares covered -> income
_INCOME_MAX = 8192  # coverings of one grid kept at most


def income(state: BoardState) -> int:
    """The income the grid pays with these squares covered (every line's visible number),
    kept with the grid by the squares covered: a lookahead values the same boards thousands of
    times a game."""
    table = state.grid.kept.get(_INCOME)
    if table is None:
        table = state.grid.kept[_INCOME] = {}
    found: int | None = table.get(state.covered)
    if found is None:
        if len(table) >= _INCOME_MAX:
            table.clear()
        found = table[state.covered] = sum(line_incomes(state))
    return found


def bonus(state: BoardState) -> list[tuple[tuple[int, int], tuple[str, ...]]]:
    """Bonus squares that pay now: uncovered themselves, every neighbour covered. ((row, col), goods)."""
    grid = state.grid
    out = []
    for bit, (goods, around) in grid.bonus.items():
        if not state.covered & bit and around & ~state.covered == 0:
            out.append((grid.square(bit.bit_length() - 1), goods))
    return sorted(out)


def uncovered_minus(state: BoardState) -> int:
    return (state.grid.minus & ~state.covered).bit_count()
