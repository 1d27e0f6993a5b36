"""Placing tiles on a grid: the rules, one code path for every kind of area.

A `Piece` is something that can lie on a grid (a goods tile, a special tile, a coin,
ore); `BoardState` is an immutable grid-plus-tiles value. `place` returns a new state or
raises `IllegalPlacement` naming the square and the rule; `legal_placements` lists every
position and orientation that `place` would accept.

Rules, from the area's data: the area must accept one of the piece's classes; every
square must be coverable (inside the border, not forbidden, not a pillar) and free; a
piece of a colour listed in `apart` may not share an edge with another of that colour;
an income square may only be covered once every square at or below its row and at or
left of its column is covered, now or by this very tile (bonus squares count as covered).
"""

from __future__ import annotations

import attrs

from rulesdsl.errors import IllegalPlacement
from rulesdsl.geometry import grid as g
from rulesdsl.geometry.shapes import TURNS, Orientation, orientation, orientations


@attrs.frozen
class Piece:
    id: str
    classes: tuple[str, ...]  # e.g. ("green",), ("special", "blue"), ("silver",)
    rows: tuple[str, ...]
    mirror: bool = False  # both faces show the item: it may be turned over

    @property
    def color(self) -> str:
        return self.classes[0]


@attrs.frozen
class PlacedTile:
    piece: Piece
    row: int
    column: int
    turn: int
    mirror: bool
    mask: int


class Placement:
    """Where a piece may go: a slotted value (built by the thousand per game, so not attrs)."""

    __slots__ = ("row", "column", "turn", "mirror", "mask")

    def __init__(self, row: int, column: int, turn: int, mirror: bool, mask: int):
        self.row, self.column, self.turn, self.mirror, self.mask = row, column, turn, mirror, mask

    def _key(self) -> tuple:
        return (self.row, self.column, self.turn, self.mirror, self.mask)

    def __eq__(self, other):
        return type(other) is Placement and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __repr__(self):
        return "Placement(row={}, column={}, turn={}, mirror={}, mask={})".format(*self._key())


@attrs.frozen
class _Candidate:
    mask: int
    edges: int  # squares sharing an edge with the tile (inside the grid, not the tile itself)
    row: int
    column: int
    orientation: Orientation


@attrs.frozen
class BoardState:
    grid: g.Grid
    tiles: tuple[PlacedTile, ...] = ()
    covered: int = 0
    by_class: tuple[tuple[str, int], ...] = ()  # class -> mask of the squares its tiles cover

    def class_mask(self, name: str) -> int:
        for key, mask in self.by_class:
            if key == name:
                return mask
        return 0

    def tile_at(self, row: int, column: int) -> PlacedTile | None:
        bit = self.grid.bit(row, column)
        return next((tile for tile in self.tiles if tile.mask & bit), None)


def empty(grid: g.Grid) -> BoardState:
    return BoardState(grid)


# ---------------------------------------------------------------- candidates
def _candidates(grid: g.Grid, o: Orientation) -> tuple[_Candidate, ...]:
    """Every position where the orientation lies on coverable squares only (cached per grid).
    The tile's mask at the top-left corner is shifted into place, and its edge squares are
    the mask shifted one square each way (kept inside the grid): a few integer operations
    per position, not a loop over squares and neighbours."""
    key = (o.cells,)
    found = grid._candidates.get(key)
    if found is not None:
        return found
    width, height = grid.width, grid.height
    full = (1 << (width * height)) - 1
    first = sum(1 << (width * r) for r in range(height))  # the squares of column 0
    last = first << (width - 1)  # the squares of the last column
    corner = 0
    for dr, dc in o.cells:
        corner |= 1 << (dr * width + dc)
    coverable, out = grid.coverable, []
    for row in range(height - o.height + 1):
        for column in range(width - o.width + 1):
            mask = corner << (row * width + column)
            if mask & ~coverable:
                continue
            edges = (mask >> width) | ((mask << width) & full) | ((mask & ~first) >> 1) | (((mask & ~last) << 1) & full)
            out.append(_Candidate(mask, edges & ~mask, row, column, o))
    found = tuple(out)
    grid._candidates[key] = found
    return found


def _orientations_for(piece: Piece) -> tuple[Orientation, ...]:
    return orientations(piece.rows, piece.mirror)


# ---------------------------------------------------------------- the rules
def _accepts(grid: g.Grid, piece: Piece) -> bool:
    return not grid.accepts.isdisjoint(piece.classes)


def _refuse_piece(grid: g.Grid, piece: Piece) -> None:
    if not _accepts(grid, piece):
        shown = ", ".join(sorted(grid.accepts))
        raise IllegalPlacement(f"{piece.id} ({piece.color}) cannot be placed on {grid.name}: it takes {shown}", "accepts")


def _income_blocker(state: BoardState, mask: int) -> tuple[int, int] | None:
    """The first income square under `mask` whose income rule is not met, with a missing square."""
    grid = state.grid
    hits = mask & grid.income_mask
    if not hits:
        return None
    uncovered = ~(state.covered | mask)
    required = grid.income_required
    if (hits & (hits - 1)) == 0:  # one income square under the tile (the common case)
        missing = required[hits] & uncovered
        return (hits, missing) if missing else None
    for bit, need in required.items():
        if hits & bit and need & uncovered:
            return bit, need & uncovered
    return None


def _adjacency_clash(state: BoardState, piece: Piece, edges: int) -> tuple[str, int] | None:
    for name in piece.classes:
        if name in state.grid.apart:
            touching = edges & state.class_mask(name)
            if touching:
                return name, touching
    return None


def check(state: BoardState, piece: Piece, row: int, column: int, turn: int = 0, mirror: bool = False,
          allowed: bool = False) -> int:
    """The mask the piece would cover; raise IllegalPlacement with the reason if it may not.
    `allowed`: a card lets this piece on this grid although the grid's rule does not accept it."""
    grid = state.grid
    if not allowed:
        _refuse_piece(grid, piece)
    if turn not in TURNS:
        raise IllegalPlacement(f"unknown rotation {turn}: a tile turns by 0, 90, 180 or 270 degrees", "rotation")
    if mirror and not piece.mirror:
        raise IllegalPlacement(f"{piece.id} cannot be turned over: its back shows another good", "rotation")
    o = orientation(piece.rows, turn, mirror)
    mask = 0
    for dr, dc in o.cells:
        r, c = row + dr, column + dc
        cell = grid.cell(r, c)
        if cell is None or cell.kind == g.OUTSIDE:
            raise IllegalPlacement(f"square ({r}, {c}) is outside {grid.name}", "inside", (r, c))
        if cell.kind == g.FORBIDDEN:
            raise IllegalPlacement(f"square ({r}, {c}) of {grid.name} is a forbidden square and can never be covered", "forbidden", (r, c))
        if cell.kind == g.PILLAR:
            raise IllegalPlacement(f"square ({r}, {c}) of {grid.name} is a pillar and can never be covered", "pillar", (r, c))
        bit = grid.bit(r, c)
        if state.covered & bit:
            other = state.tile_at(r, c)
            raise IllegalPlacement(f"square ({r}, {c}) of {grid.name} is already covered by {other.piece.id}", "overlap", (r, c))
        mask |= bit
    edges = 0
    for r, c in grid.squares(mask):
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < grid.height and 0 <= cc < grid.width:
                edges |= grid.bit(rr, cc)
    clash = _adjacency_clash(state, piece, edges & ~mask)
    if clash is not None:
        name, touching = clash
        r, c = next(grid.squares(touching))
        other = state.tile_at(r, c)
        raise IllegalPlacement(
            f"two {name} tiles may not share an edge on {grid.name}: {piece.id} would touch {other.piece.id} at square ({r}, {c})",
            "apart", (r, c))
    blocked = _income_blocker(state, mask)
    if blocked is not None:
        bit, missing = blocked
        r, c = grid.square(bit.bit_length() - 1)
        mr, mc = next(grid.squares(missing))
        raise IllegalPlacement(
            f"income square ({r}, {c}) of {grid.name} may only be covered once every square below it and to its left is covered; "
            f"square ({mr}, {mc}) is not", "income", (r, c))
    return mask


def place(state: BoardState, piece: Piece, row: int, column: int, turn: int = 0, mirror: bool = False,
          allowed: bool = False) -> BoardState:
    """A new state with the piece placed; the given state is never changed."""
    mask = check(state, piece, row, column, turn, mirror, allowed)
    by_class = dict(state.by_class)
    for name in piece.classes:
        by_class[name] = by_class.get(name, 0) | mask
    tile = PlacedTile(piece, row, column, turn, mirror, mask)
    return BoardState(state.grid, state.tiles + (tile,), state.covered | mask, tuple(sorted(by_class.items())))


def legal_placements(state: BoardState, piece: Piece, allowed: bool = False) -> list[Placement]:
    """Every (position, orientation) where `place` would accept the piece; one per covered set."""
    return [Placement(row, column, turn, mirror, mask) for mask, _, row, column, turn, mirror in legal_positions(state, piece, allowed)]


def legal_positions(state: BoardState, piece: Piece, allowed: bool = False) -> list[tuple]:
    """`legal_placements` as plain tuples (mask, edges, row, column, turn, mirror), in the same
    order: what an offer that builds a `Placement` only for the answer chosen needs."""
    return list(legal_position_tuple(state, piece, allowed))


def legal_position_tuple(state: BoardState, piece: Piece, allowed: bool = False) -> tuple:
    """`legal_positions` as the tuple kept for them, not copied: for a reader that only looks
    (whether there is one, the best of them)."""
    grid = state.grid
    if not allowed and not _accepts(grid, piece):
        return ()
    # The positions depend only on the grid, the piece's shape, the squares covered and those
    # its colour may not touch: remembered by those values, so boards alike (every player's
    # empty home board, a board asked about again) are read once
    blocked_by = 0
    for name in piece.classes:
        if name in grid.apart:
            blocked_by |= state.class_mask(name)
    # (kept with the grid, bounded: the boards reached in a long run are many)
    legal = grid._candidates.get(_LEGAL)
    if legal is None:
        legal = grid._candidates[_LEGAL] = {}
    key = (piece.rows, piece.mirror, state.covered, blocked_by)
    found = legal.get(key)
    if found is not None:
        return found
    if len(legal) >= _LEGAL_MAX:
        legal.clear()
    found = legal[key] = _legal_positions(state, piece, blocked_by)
    return found


_LEGAL = ("legal",)  # the grid's table of (piece shape, mirror, squares covered, squares it may not touch) -> its positions
_LEGAL_MAX = 8192  # per grid


def _legal_positions(state: BoardState, piece: Piece, blocked_by: int) -> tuple:
    """The positions `check` accepts: free squares only, not touching `blocked_by`, and every
    income square under the tile with the squares it needs covered (now or by the tile):
    with `needs` the squares its income squares need besides its own, that is
    `covered & (mask | needs) == needs`, one test per position (see `_position_tests`)."""
    covered = state.covered
    tests = _position_tests(state.grid, piece)
    if blocked_by:
        return tuple([pos for both, needs, edges, pos in tests if (covered & both) == needs and not edges & blocked_by])
    return tuple([pos for both, needs, edges, pos in tests if (covered & both) == needs])


def _position_tests(grid: g.Grid, piece: Piece) -> tuple:
    """(mask | needs, needs, edges, position) of every position of `_positions`, in order: `needs`
    the squares the income squares under the tile need covered first, less the tile's own
    (what `_income_blocker` finds missing when they are not all covered). Cached per grid."""
    key = ("tests", piece.rows, piece.mirror)
    found = grid._candidates.get(key)
    if found is None:
        required, income_mask, out = grid.income_required, grid.income_mask, []
        for pos in _positions(grid, piece):
            mask, needs = pos[0], 0
            hits = mask & income_mask
            for bit, need in required.items():
                if hits & bit:
                    needs |= need
            needs &= ~mask
            out.append((mask | needs, needs, pos[1], pos))
        found = grid._candidates[key] = tuple(out)
    return found


def _positions(grid: g.Grid, piece: Piece) -> tuple[tuple, ...]:
    """Every candidate of every orientation of the piece, in order, the first of each covered set
    only (two candidates covering the same squares share their edges, so every rule judges them
    alike: keeping the first is what filtering with a `seen` set would keep). Cached per grid."""
    key = ("positions", piece.rows, piece.mirror)
    found = grid._candidates.get(key)
    if found is None:
        seen, out = set(), []
        for o in _orientations_for(piece):
            for cand in _candidates(grid, o):
                if cand.mask not in seen:
                    seen.add(cand.mask)
                    out.append((cand.mask, cand.edges, cand.row, cand.column, o.turn, o.mirror))
        found = grid._candidates[key] = tuple(out)
    return found
