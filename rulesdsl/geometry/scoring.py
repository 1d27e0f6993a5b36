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


def income(state: BoardState) -> int:
    return sum(line_incomes(state))


def bonus(state: BoardState) -> list[tuple[tuple[int, int], tuple[str, ...]]]:
    """Bonus squares that pay now: uncovered themselves, every neighbour covered. ((row, col), goods)."""
    grid = state.grid
    out = []
    for bit, (goods, around) in grid.bonus.items():
        if not state.covered & bit and around & ~state.covered == 0:
            out.append((grid.square(bit.bit_length() - 1), goods))
    return sorted(out)


def uncovered_minus(state: BoardState) -> int:
    return bin(state.grid.minus & ~state.covered).count("1")
