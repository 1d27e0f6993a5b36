"""Judging where a tile goes without trying it on a fork: a placement answer
(`area@row,column,turn[m][:coin]`) is laid on a copy of that board's geometry and the board's
worth compared (income for the rounds to come and at the end, covered minus squares, bonus
squares that pay). Cheap enough to rank a hundred placements; the greedy agent then tries the
best few on forks, where cards that react to placed tiles count too.
"""

from __future__ import annotations

import heapq
import re

from rulesdsl.errors import RulesError
from rulesdsl.geometry import pieces
from rulesdsl.geometry import scoring as grid_scoring
from rulesdsl.geometry.placement import legal_placements, legal_position_tuple

PLACEMENT = re.compile(r"^(?P<area>[^@]+)@(?P<row>-?\d+),(?P<column>-?\d+),(?P<turn>\d+)(?P<mirror>m?)(?::(?P<piece>.+))?$")
PLACE_MENU = "place:"  # the anytime menu's answer that picks the item to lay
PROMPT_ITEM = re.compile(r"^place (?:the |a served )?(?P<item>[a-z ]+?) (?:where|into)")


def placed_item(game, decision) -> str | None:
    """Which item a placement question is about: the menu answer before it, or its prompt."""
    if game.log and game.log[-1][1].startswith(PLACE_MENU):
        return game.log[-1][1][len(PLACE_MENU):]
    found = PROMPT_ITEM.match(decision.prompt)
    return found.group("item").replace(" ", "_") if found else None


# What this module reads of a grid, kept in the grid's own table (freed with the content's grids)
_STEPS = ("agents", "income steps")  # ((income square bit, income it adds, squares needed, how many), ...)
_INNER = ("agents", "inner squares")  # mask of the squares with a square to their right
_TERMS = ("agents", "grid terms")  # _GridTerms


def _income_steps(grid) -> tuple:
    """Per income square that raises the income: its bit, the income it adds, the squares its
    income rule needs (itself included, bonus squares not) and their number; kept on the grid."""
    found = grid.kept.get(_STEPS)
    if found is not None:
        return found
    steps = []
    for squares, final in grid.income_lines:
        for index, (bit, value) in enumerate(squares):
            after = squares[index + 1][1] if index + 1 < len(squares) else final
            if after > value:
                need = (grid.income_required.get(bit, 0) | bit) & ~grid.bonus_mask
                steps.append((bit, after - value, need, need.bit_count()))
    found = grid.kept[_STEPS] = tuple(steps)
    return found


def income_progress(board) -> float:
    """How far the board has come towards its next income steps: per uncovered income square,
    the income its covering would add times the share of the squares its income rule needs
    (the square itself included) that are covered already. Covering the free squares under the
    income line so earns part of the income they lead to, before the income square itself."""
    covered = board.covered
    return sum(gain * (need & covered).bit_count() / size
               for bit, gain, need, size in _income_steps(board.grid) if not covered & bit)


def open_edges(board) -> int:
    """The perimeter of the board's uncovered squares (edges between an uncovered square that a
    tile could cover and anything else: a covered square, a square no tile covers, the border).
    A tile laid against covered squares and the border keeps it short; one laid in the open
    leaves ragged gaps that the large tiles of the late game no longer fit into."""
    grid = board.grid
    inner = _inner(grid)
    free = grid.coverable & ~board.covered
    pairs = (free & inner & (free >> 1)).bit_count() + (free & (free >> grid.width)).bit_count()
    return 4 * free.bit_count() - 2 * pairs


def _inner(grid) -> int:
    """The mask of the grid's squares with a square to their right (kept on the grid)."""
    found = grid.kept.get(_INNER)
    if found is None:
        found = grid.kept[_INNER] = sum(grid.bit(r, c) for r in range(grid.height) for c in range(grid.width - 1))
    return found


def board_worth(board, per_income: float, per_bonus: float, per_progress: float = 0.0, per_edge: float = 0.0) -> float:
    """Income (weighted), minus squares uncovered, goods the bonus squares pay, progress towards
    more income, open edges of the uncovered squares (`per_edge` is what one edge costs)."""
    worth = grid_scoring.income(board) * per_income - grid_scoring.uncovered_minus(board)
    worth += per_bonus * sum(len(goods) for _, goods in grid_scoring.bonus(board))
    if per_progress:
        worth += per_progress * income_progress(board)
    if per_edge:
        worth -= per_edge * open_edges(board)
    return worth


def _piece(game, piece_id: str):
    """The geometry piece of an item, or None if it has no shape."""
    try:
        return pieces.piece(game.content, piece_id)
    except (RulesError, KeyError, ValueError):
        return None


class _GridTerms:
    """A grid's scoring read once into plain masks and numbers, for `_added`: the same sums as
    `board_worth` in the same order (the same floats), without building a board per placement."""

    __slots__ = ("lines", "bonus", "minus", "steps", "coverable", "inner", "width", "known")
    KNOWN = 512  # (squares covered, weights) kept at most (each with up to a few hundred masks)

    def __init__(self, grid):
        self.lines = tuple((tuple(squares), final) for squares, final in grid.income_lines)
        self.bonus = tuple((bit, around, len(goods)) for bit, (goods, around) in grid.bonus.items())
        self.minus, self.steps, self.coverable, self.width = grid.minus, _income_steps(grid), grid.coverable, grid.width
        self.inner = _inner(grid)
        self.known: dict = {}  # (squares covered, weights) -> (worth, {mask: what covering it adds})

    def worth(self, covered: int, per_income: float, per_bonus: float, per_progress: float, per_edge: float) -> float:
        """`board_worth` of the grid with these squares covered."""
        income = 0
        for squares, final in self.lines:
            value = final
            for bit, number in squares:
                if not covered & bit:
                    value = number
                    break
            income += value
        worth = income * per_income - (self.minus & ~covered).bit_count()
        worth += per_bonus * sum(goods for bit, around, goods in self.bonus if not covered & bit and around & ~covered == 0)
        if per_progress:
            worth += per_progress * sum(gain * (need & covered).bit_count() / size
                                        for bit, gain, need, size in self.steps if not covered & bit)
        if per_edge:
            free = self.coverable & ~covered
            pairs = (free & self.inner & (free >> 1)).bit_count() + (free & (free >> self.width)).bit_count()
            worth -= per_edge * (4 * free.bit_count() - 2 * pairs)
        return worth

    def added(self, covered: int, masks, base: float, per_income: float, per_bonus: float, per_progress: float,
              per_edge: float) -> list[float]:
        """`worth(covered | mask) - base` of every mask, the same floats: what a mask leaves
        alone is read once from `covered` (the income of a line whose first open square it does
        not cover, the bonus squares and income steps it does not touch; whole numbers, and the
        income steps' shares summed in `worth`'s order), the rest as `worth` reads it (the
        placements of one tile on one board come by the hundred)."""
        minus, coverable, inner, width = self.minus, self.coverable, self.inner, self.width
        lines = []  # (squares, final, where the first open square is, the line's income now)
        income_now = 0
        for squares, final in self.lines:
            value, at = final, len(squares)
            for index, (bit, number) in enumerate(squares):
                if not covered & bit:
                    value, at = number, index
                    break
            income_now += value
            if at < len(squares):  # a full line stays full
                lines.append((squares, final, at, squares[at][0], value))
        minus_open = minus & ~covered
        minus_now = minus_open.bit_count()
        # (a bonus square or income step covered already stays covered whatever the mask: it is
        # left out of the loops over the masks, where it added nothing)
        bonus, touches_bonus, paid_now = [], 0, 0
        for bit, around, goods in self.bonus:
            if covered & bit:
                continue
            bonus.append((bit, around, goods))
            touches_bonus |= bit | around
            if around & ~covered == 0:
                paid_now += goods
        steps, touches_step, progress_now = [], 0, 0
        if per_progress:
            for bit, gain, need, size in self.steps:
                if covered & bit:
                    continue
                share = gain * (need & covered).bit_count() / size
                steps.append((bit, gain, need, size, bit | need, share))
                touches_step |= bit | need
                progress_now += share
        firsts = 0  # the first open square of every line: a mask that covers none leaves the income alone
        for line in lines:
            firsts |= line[3]
        out = []
        for mask in masks:
            now = covered | mask
            income = income_now
            if mask & firsts:
                for squares, final, at, first, value in lines:
                    if mask & first:  # its first open square covered: the next open one, if any
                        new = final
                        for bit, number in squares[at + 1:]:
                            if not now & bit:
                                new = number
                                break
                        income += new - value
            worth = income * per_income - (minus_now - (minus_open & mask).bit_count())
            if mask & touches_bonus:
                paid = 0
                for bit, around, goods in bonus:
                    if not now & bit and around & ~now == 0:
                        paid += goods
            else:
                paid = paid_now
            worth += per_bonus * paid
            if per_progress:
                if mask & touches_step:
                    progress = 0
                    for bit, gain, need, size, touched, share in steps:
                        if now & bit:
                            continue
                        progress += gain * (need & now).bit_count() / size if touched & mask else share
                else:
                    progress = progress_now
                worth += per_progress * progress
            if per_edge:
                free = coverable & ~now
                pairs = (free & inner & (free >> 1)).bit_count() + (free & (free >> width)).bit_count()
                worth -= per_edge * (4 * free.bit_count() - 2 * pairs)
            out.append(worth - base)
        return out


def _grid_terms(grid) -> _GridTerms:
    found = grid.kept.get(_TERMS)
    if found is None:
        found = grid.kept[_TERMS] = _GridTerms(grid)
    return found


def _added(board, masks, weights: tuple) -> list[float]:
    """What covering each mask adds to the board's worth."""
    terms = _grid_terms(board.grid)
    covered = board.covered
    # the same squares covered on the same grid are judged alike whatever board object holds
    # them (forks reach one board by many ways, tiles of one shape share their masks): a third
    # of the masks judged in a fast game were judged before
    known = terms.known.get((covered, weights))
    if known is None:
        if len(terms.known) >= terms.KNOWN:
            terms.known.clear()
        per_income, per_bonus, per_progress, per_edge = (tuple(weights) + (0.0, 0.0))[:4]
        known = terms.known[(covered, weights)] = (terms.worth(covered, per_income, per_bonus, per_progress, per_edge), {})
    base, deltas = known
    todo = [mask for mask in masks if mask not in deltas]
    if todo:
        per_income, per_bonus, per_progress, per_edge = (tuple(weights) + (0.0, 0.0))[:4]
        deltas.update(zip(todo, terms.added(covered, todo, base, per_income, per_bonus, per_progress, per_edge)))
    return [deltas[mask] for mask in masks]


def _offers(decision):
    """The area offers of a placement question that writes its answers only when read
    (engine.legality.offers.PlacementEntries: positions with their masks), or None."""
    return getattr(decision, "placement_offers", None)  # a scripted decision may lack it


class _Covered:
    """A board with more squares covered, enough for the scoring functions (grid, covered)."""

    __slots__ = ("grid", "covered")

    def __init__(self, grid, covered: int):
        self.grid = grid
        self.covered = covered


class _Packing:
    """A board during a trial packing: its covered squares and the squares of each tile class,
    enough for `legal_positions` (which remembers positions by those values, not by the object;
    cheaper than a BoardState per tile laid)."""

    __slots__ = ("grid", "covered", "classes")

    def __init__(self, board):
        self.grid = board.grid
        self.covered = board.covered
        self.classes = dict(board.by_class)

    def class_mask(self, name: str) -> int:
        return self.classes.get(name, 0)

    def lay(self, piece, mask: int) -> None:
        self.covered |= mask
        for name in piece.classes:
            self.classes[name] = self.classes.get(name, 0) | mask


class PlacementJudge:
    """Scores placement answers; the legal placements of a piece on a board are kept (boards
    are immutable and shared by a game's forks, so the forks of one decision meet the same ones)."""

    LIMIT = 4096

    def __init__(self):
        self._masks: dict = {}  # (id(board), piece) -> (board, {(row, column, turn, mirror): mask})
        self._worths: dict = {}  # (id(board), piece, weights) -> (board, {(row, column, turn, mirror): worth added})
        self._keys: dict = {}  # answer -> parsed placement
        self._best: dict = {}  # (id(board), piece, weights) -> (board, the most a placement adds)
        self._minus: dict = {}  # (id(board), piece) -> (board, whether a legal placement covers a minus square)
        self._packed: dict = {}  # (ids of the boards, held tiles) -> (the boards, minus squares a packing covers)

    def _kept(self, cache: dict, key: tuple, board, compute):
        """`compute()` for this board, kept under `key` (which starts with the board's id)."""
        found = cache.get(key)
        if found is not None and found[0] is board:
            return found[1]
        if len(cache) > self.LIMIT:
            cache.clear()
        value = compute()
        cache[key] = (board, value)
        return value

    def _table(self, game, board, piece_id: str) -> dict:
        def compute():
            table: dict = {}
            piece = _piece(game, piece_id)
            for allowed in (False, True) if piece is not None else ():  # as the engine lists them, then what cards allow
                for pl in legal_placements(board, piece, allowed):
                    table.setdefault((pl.row, pl.column, pl.turn, pl.mirror), pl.mask)
            return table

        return self._kept(self._masks, (id(board), piece_id), board, compute)

    def best(self, game, boards, piece_id: str, weights: tuple) -> float:
        """The most a piece would add to any of the boards where the rules let it go now (0 if
        nowhere): what a held tile is worth, judged by the same geometry as its placement."""
        piece = _piece(game, piece_id)
        if piece is None:
            return 0.0
        return max([0.0] + [self._kept(self._best, (id(board), piece_id, weights), board,
                                       lambda board=board: max(_added(board, [pos[0] for pos in legal_position_tuple(board, piece)],
                                                                      weights), default=0.0))
                            for board in boards])

    def covers_minus(self, game, boards, piece_id: str) -> bool:
        """Whether the piece has a legal place now on one of the boards that covers an uncovered
        minus square (`best` with only minus squares counted, > 0; a bit test per position)."""
        piece = _piece(game, piece_id)
        if piece is None:
            return False

        def compute(board):
            free = board.grid.minus & ~board.covered
            return bool(free) and any(pos[0] & free for pos in legal_position_tuple(board, piece))

        return any(self._kept(self._minus, (id(board), piece_id), board, lambda board=board: compute(board)) for board in boards)

    def packed(self, game, boards, held: tuple[tuple[str, int], ...]) -> int:
        """How many uncovered minus squares all the held tiles (`held`: (piece, how many), the
        largest first) cover together when laid one after another, each where it covers most of
        them: what the tiles are still worth when no new tile or board is to come. The tiles
        that fit one by one may not all fit together (`covers_minus` asks about one tile)."""
        key = (tuple(id(board) for board in boards), held)
        found = self._packed.get(key)
        if found is not None and all(a is b for a, b in zip(found[0], boards)):
            return found[1]
        if len(self._packed) > self.LIMIT:
            self._packed.clear()
        states = [_Packing(board) for board in boards]
        gained = 0
        for piece_id, count in held:
            piece = _piece(game, piece_id)
            for _ in range(count if piece is not None else 0):
                best, where, into = 0, 0, None
                for state in states:
                    free = state.grid.minus & ~state.covered
                    if not free:
                        continue
                    for pos in legal_position_tuple(state, piece):
                        covers = (pos[0] & free).bit_count()
                        if covers > best:
                            best, where, into = covers, pos[0], state
                if into is None:
                    break  # boards only fill up: the other copies fit no better
                into.lay(piece, where)
                gained += best
        self._packed[key] = (tuple(boards), gained)
        return gained

    def _parsed(self, key: str):
        """(area, (row, column, turn, mirror), piece or None) of a placement answer, or None; kept."""
        found = self._keys.get(key, False)
        if found is False:
            m = PLACEMENT.match(key)
            found = None if m is None else (m.group("area"), (int(m.group("row")), int(m.group("column")),
                                                            int(m.group("turn")), bool(m.group("mirror"))), m.group("piece"))
            if len(self._keys) > 16 * self.LIMIT:
                self._keys.clear()
            self._keys[key] = found
        return found

    def _deltas(self, game, board, piece_id: str, weights: tuple) -> dict:
        """What each placement of the piece adds to the board's worth (kept per board, piece and weights)."""
        def compute():
            table = self._table(game, board, piece_id)
            return dict(zip(table, _added(board, list(table.values()), weights)))

        return self._kept(self._worths, (id(board), piece_id, weights), board, compute)

    def ranked(self, game, decision, weights: tuple, limit: int | None = None) -> list[tuple[str, float]] | None:
        """The legal placement answers, best first, with what each adds to its board's worth
        (`weights`: board_worth's per_ amounts; the first `limit` of them); None if this is no
        placement question."""
        offers = _offers(decision)
        if offers is None:
            scored = self.scores(game, decision, weights)
            if scored is None:
                return None
            return sorted(scored.items(), key=lambda kv: -kv[1])[:limit]
        p = game.state.players[decision.player]
        areas = {key: board for key, _, _, board in game.flow.areas(p)}
        found = []  # (minus what it adds, offer, position): in the order wanted as they stand
        for number, offer in enumerate(offers):
            board = areas.get(offer.key)
            if board is not None:
                deltas = self._position_deltas(board, offer, weights)
                found += [(-delta, number, index) for index, delta in enumerate(deltas)]

        def legal(order) -> list[tuple[str, float]]:
            out = []
            for minus, number, index in order:
                key = offers[number].entry(index)[0]
                if decision.refusal(key) is None:
                    out.append((key, -minus))
                    if limit is not None and len(out) >= limit:
                        break
            return out

        if limit is not None and limit < len(found):
            # the first `limit` of the sorted list without sorting it all (the entries are distinct)
            out = legal(heapq.nsmallest(limit, found))
            if len(out) < limit:  # some refused: the ones after them are needed
                out = legal(sorted(found))
        else:
            found.sort()
            out = legal(found)
        return out or None

    def _position_deltas(self, board, offer, weights: tuple) -> list[float]:
        """What each of an offer's positions adds to the board's worth (kept per board, piece and weights)."""
        return self._kept(self._worths, (id(board), offer.piece_id, offer.coin, len(offer.positions), weights), board,
                          lambda: _added(board, [position[0] for position in offer.positions], weights))

    def scores(self, game, decision, weights: tuple) -> dict[str, float] | None:
        """What each placement answer adds to its board's worth (`weights`: board_worth's per_
        amounts); None if this is no placement question."""
        parsed = [(k, self._parsed(k)) for k in decision.legal()]
        parsed = [(k, found) for k, found in parsed if found is not None]
        if not parsed:
            return None
        item = placed_item(game, decision)
        p = game.state.players[decision.player]
        areas = {key: board for key, _, _, board in game.flow.areas(p)}
        out: dict[str, float] = {}
        for key, (area, where, piece) in parsed:
            board, piece_id = areas.get(area), piece or item
            if board is None or piece_id is None:
                continue
            delta = self._deltas(game, board, piece_id, weights).get(where)
            if delta is not None:
                out[key] = delta
        return out or None
