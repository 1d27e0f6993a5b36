"""An area's cell codes compiled into int bitsets.

Square (row, column) is bit `row * width + column`. Everything the rules ask about a
grid is precomputed once: which squares can be covered, the -1 squares, the bonus
squares with their neighbours, and for each income square the set of squares that must
be covered before it (the income rule).
"""

from __future__ import annotations

import hashlib
import pickle
import weakref

import attrs

OUTSIDE, PLAIN, MINUS, INCOME, BONUS, FORBIDDEN, PILLAR = "outside", "plain", "minus", "income", "bonus", "forbidden", "pillar"


@attrs.frozen
class Cell:
    kind: str
    value: int | None = None  # income squares and forbidden income squares
    goods: tuple[str, ...] = ()  # bonus squares

    @property
    def coverable(self) -> bool:
        return self.kind in (PLAIN, MINUS, INCOME, BONUS)


def parse_cell(code: str) -> Cell:
    """One cell code -> Cell; raise ValueError with a readable reason."""
    if code == "x":
        return Cell(OUTSIDE)
    if code == ".":
        return Cell(PLAIN)
    if code == "-":
        return Cell(MINUS)
    if code == "P":
        return Cell(PILLAR)
    if code == "F":
        return Cell(FORBIDDEN)
    if code.startswith("F") and code[1:].isdigit():
        return Cell(FORBIDDEN, int(code[1:]))
    if code.startswith("I") and code[1:].isdigit():
        return Cell(INCOME, int(code[1:]))
    if code.startswith("B:") and len(code) > 2:
        goods = tuple(code[2:].split("+"))
        if all(goods):
            return Cell(BONUS, goods=goods)
    raise ValueError(f"unknown cell code '{code}'; expected ., -, I<n>, B:<good>, F, F<n>, P or x")


def parse_rows(rows) -> list[list[Cell]]:
    """Parse every row; raise ValueError naming the first bad square."""
    grid = []
    width = None
    for r, row in enumerate(rows):
        codes = row.split()
        if width is None:
            width = len(codes)
        elif len(codes) != width:
            raise ValueError(f"row {r} has {len(codes)} squares, row 0 has {width}: every row needs the same width")
        cells = []
        for c, code in enumerate(codes):
            try:
                cells.append(parse_cell(code))
            except ValueError as err:
                raise ValueError(f"square ({r}, {c}): {err}") from None
        grid.append(cells)
    if not grid or not width:
        raise ValueError("an area needs at least one row of squares")
    return grid


@attrs.frozen(eq=False)
class Grid:
    """A compiled placement area. Identity equality: one Grid per area of the content."""

    name: str
    kind: str  # home, exploration, building
    cells: tuple[tuple[Cell, ...], ...]
    accepts: frozenset[str]
    apart: frozenset[str]
    height: int
    width: int
    coverable: int
    minus: int
    bonus_mask: int
    bonus: dict  # bit -> (goods, mask of the coverable neighbours that must be covered)
    income_lines: tuple  # ((bit, value), ...), final value
    income_required: dict  # bit of an income square -> mask that must be covered first
    income_mask: int
    _candidates: dict = attrs.field(factory=dict, repr=False)

    @property
    def kept(self) -> dict:
        """What is read of this grid once (its positions, an agent's terms ...) by key: kept with
        the grid, so freed with the content's grids (no table elsewhere keyed by the grid's id)."""
        return self._candidates

    def bit(self, row: int, column: int) -> int:
        return 1 << (row * self.width + column)

    def __reduce_ex__(self, protocol):
        # a grid belongs to the content: a pickled board state names it (see `register`)
        found = _PRINTS.get(self)
        if found is not None:
            return _registered, (found,)
        return super().__reduce_ex__(protocol)

    def square(self, index: int) -> tuple[int, int]:
        return divmod(index, self.width)

    def cell(self, row: int, column: int) -> Cell | None:
        if 0 <= row < self.height and 0 <= column < self.width:
            return self.cells[row][column]
        return None

    def squares(self, mask: int):
        """(row, column) of every bit set in mask, in reading order."""
        index = 0
        while mask:
            if mask & 1:
                yield divmod(index, self.width)
            mask >>= 1
            index += 1


def compile_area(area, name: str, kind: str, rule) -> Grid:
    cells = parse_rows(area.rows)
    height, width = len(cells), len(cells[0])
    coverable = minus = bonus_mask = 0
    bonus_cells = []
    for r, row in enumerate(cells):
        for c, cell in enumerate(row):
            bit = 1 << (r * width + c)
            if cell.coverable:
                coverable |= bit
            if cell.kind == MINUS:
                minus |= bit
            if cell.kind == BONUS:
                bonus_mask |= bit
                bonus_cells.append((r, c, cell.goods))
    bonus = {}
    for r, c, goods in bonus_cells:
        around = 0
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                rr, cc = r + dr, c + dc
                if (dr or dc) and 0 <= rr < height and 0 <= cc < width and cells[rr][cc].coverable:
                    around |= 1 << (rr * width + cc)
        bonus[1 << (r * width + c)] = (goods, around)
    lines = []
    required = {}
    income_mask = 0
    for line in area.income_lines:
        squares = []
        for r, c in line.squares:
            bit = 1 << (r * width + c)
            squares.append((bit, cells[r][c].value))
            income_mask |= bit
            need = 0
            for rr in range(r, height):
                for cc in range(0, c + 1):
                    if (rr, cc) != (r, c) and cells[rr][cc].coverable and cells[rr][cc].kind != BONUS:
                        need |= 1 << (rr * width + cc)
            required[bit] = need
        lines.append((tuple(squares), line.final))
    return Grid(
        name=name, kind=kind, cells=tuple(tuple(row) for row in cells),
        accepts=frozenset(rule.accepts), apart=frozenset(rule.apart),
        height=height, width=width, coverable=coverable, minus=minus,
        bonus_mask=bonus_mask, bonus=bonus, income_lines=tuple(lines),
        income_required=required, income_mask=income_mask,
    )


def area_problems(area, known_goods) -> list[tuple[tuple, str]]:
    """Problems of an area's data as (path inside the area, message)."""
    try:
        cells = parse_rows(area.rows)
    except ValueError as err:
        return [(("rows",), str(err))]
    problems = []
    for r, row in enumerate(cells):
        for c, cell in enumerate(row):
            for good in cell.goods:
                if good not in known_goods:
                    problems.append((("rows", r), f"square ({r}, {c}): unknown bonus good '{good}'"))
    height, width = len(cells), len(cells[0])
    for index, line in enumerate(area.income_lines):
        last = None
        for k, (r, c) in enumerate(line.squares):
            where = ("income_lines", index, "squares", k)
            if not (0 <= r < height and 0 <= c < width) or cells[r][c].kind != INCOME:
                problems.append((where, f"({r}, {c}) is not an income square of the grid"))
                continue
            value = cells[r][c].value
            if last is not None and value < last:
                problems.append((where, f"income values never go down along a line: {value} after {last}"))
            last = value
        if last is not None and line.final < last:
            problems.append((("income_lines", index, "final"), f"the final income {line.final} is below the line's last square ({last})"))
    return problems


def minus_squares(area) -> int:
    return sum(cell.kind == MINUS for row in parse_rows(area.rows) for cell in row)


# ---------------------------------------------------------------- pickled by reference
_PRINTS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # grid -> fingerprint
_BY_PRINT: "weakref.WeakValueDictionary" = weakref.WeakValueDictionary()  # fingerprint -> grid


def register(grid_id: str, grid: Grid) -> None:
    """Let pickles name this grid instead of carrying it: a fingerprint of what it was compiled
    from (stable across processes), resolved on loading to the grid of a content loaded there."""
    text = repr((grid_id, grid.name, grid.kind, grid.cells, sorted(grid.accepts), sorted(grid.apart)))
    found = hashlib.sha256(text.encode()).hexdigest()
    _PRINTS[grid] = found
    _BY_PRINT.setdefault(found, grid)


def _registered(fingerprint: str) -> Grid:
    found = _BY_PRINT.get(fingerprint)
    if found is None:
        raise pickle.UnpicklingError("this state's boards belong to a content that is not loaded here: "
                                     "load the content (and start a game with it) before unpickling")
    return found
