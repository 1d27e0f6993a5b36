"""The display statements of the tableau interpreter: placing bought tiles and figures on a
player's board, ferrying figures from the holding area, and scoring the board (each statement's
check beside its work)."""

from __future__ import annotations

from rulesdsl.core.decisions import Option
from rulesdsl.errors import RulesError
from rulesdsl.games.tableau.engine import mech
from rulesdsl.games.tableau.engine.context import Ctx


class DisplayStatements:
    """Mixed into the Interpreter: the statements that act on a player's board."""

    def place_lot(self, player: int, tile: str, figure: str):
        """The bought tile (with the tiles held for the first turn, in the order the player likes),
        then its figure: on that tile if it lies in the figure's row and the player wants, else waiting."""
        seat = self.table.seats[player]
        order = [(tile, False)]  # (tile, dealt)
        if seat.held:
            held = seat.held[0]
            key = yield from self.ask(player, "order", f"place {held} before or after {tile}?",
                                      [Option("first:bought", f"{tile} first"), Option("first:held", f"{held} first")])
            self.table.hand.append(seat.held.pop(0))
            order = [(tile, False), (held, True)] if key == "first:bought" else [(held, True), (tile, False)]
        where = None
        for piece, dealt in order:
            cell = yield from self.place_tile(player, piece, dealt)
            if not dealt:  # the lot's figure may stand only on the tile bought with it (Q5)
                where = cell
        row = self.figure_row.get(figure)
        if where is not None and row is not None and where[0] == row:
            key = yield from self.ask(player, "stand", f"stand the {figure} on its tile?",
                                      [Option("stand", f"on the tile at row {row}"), Option("wait", "to the holding area")])
            if key == "stand":
                seat.figures[where] = figure
                self.table.hand.remove(figure)
                return
        seat.hold(figure)
        self.table.hand.remove(figure)

    def placements(self, player: int, tile: str) -> list:
        """The cells a tile may go to on the player's board (empty: it cannot be placed)."""
        seat = self.table.seats[player]
        grid = seat.tiles
        category = self.category[tile]
        board = self.board
        edge_rows = tuple(spec.row for spec in board.rows if spec.category == category and spec.fill is None)
        # every edge-matched row at once, then handed out row by row in the board's order
        edge_cells = mech.edge_cells(board.columns, edge_rows, board.edge, grid, tile, self.edge_tiles) if edge_rows else ()
        out = []
        for spec in board.rows:
            if spec.category != category:
                continue
            row = spec.row
            if spec.fill is not None:
                used = {c for r, c in grid if r == row}
                out += [(row, c) for c in mech.row_fill_columns(used, spec.fill.window) if c <= board.columns]
                continue
            out += [cell for cell in edge_cells if cell[0] == row]
        return out

    def place_tile(self, player: int, tile: str, dealt: bool = False):
        """Ask where the tile goes; a tile that fits nowhere is discarded. Returns the cell or None.
        A dealt tile (held for the first turn) goes only to its kind's `start_column`, if it has one."""
        cells = self.placements(player, tile)
        column = self.rules.tiles[tile].start_column if dealt else None
        if column is not None:
            cells = [cell for cell in cells if cell[1] == column]
        if not cells:
            self.table.hand.remove(tile)
            self.table.remove(tile)
            return None
        key = yield from self.ask(player, "place", f"where does {tile} go?",
                                  [Option(f"at:{r},{c}", f"row {r}, column {c}") for r, c in cells])
        row, column = (int(x) for x in key[3:].split(","))
        if (row, column) not in cells:
            raise RulesError(f"{tile} cannot go to row {row}, column {column}")
        self.table.seats[player].tiles[(row, column)] = tile
        self.table.hand.remove(tile)
        return (row, column)

    # ------------------------------------------------------------------ ferrying
    def empty_cells(self, player: int, figure: str) -> list:
        row = self.figure_row.get(figure)
        seat = self.table.seats[player]
        return sorted(cell for cell in seat.tiles if cell[0] == row and cell not in seat.figures)

    def movable(self, player: int, carrier: str) -> list[str]:
        seat = self.table.seats[player]
        return [k for k in self.order if k != carrier and seat.holding.get(k) and self.empty_cells(player, k)]

    def s_Ferry(self, node, ctx, mandatory):
        player = ctx.player
        seat = self.table.seats[player]
        forced = self.table.round in node.forced_rounds
        while seat.holding.get(node.carrier) and self.movable(player, node.carrier):
            kinds = self.movable(player, node.carrier)
            options = [Option(f"ferry:{k}", f"a {node.carrier} carries a {k}") for k in kinds]
            options.append(Option("stop", "no more ferrying", "ferrying is compulsory this round while it is possible" if forced else None))
            key = yield from self.ask(player, "ferry", f"use a {node.carrier}?", options)
            if key == "stop":
                return
            load = []
            while True:
                figure = key.split(":", 1)[1]
                cells = self.empty_cells(player, figure)
                where = yield from self.ask(player, "carry", f"onto which {figure} tile?",
                                            [Option(f"at:{r},{c}", f"row {r}, column {c}") for r, c in cells])
                cell = tuple(int(x) for x in where[3:].split(","))
                if cell not in cells:
                    raise RulesError(f"no empty tile for a {figure} at {cell}")
                seat.hold(figure, -1)
                seat.figures[cell] = figure
                load.append(figure)
                more = [k for k in self.movable(player, node.carrier) if mech.load_ok(load + [k], node.limit)]
                if not more:
                    break
                options = [Option(f"add:{k}", f"also a {k}") for k in more]
                options.append(Option("done", "this one carries no more", "in a compulsory round each carries all it can" if forced else None))
                key = yield from self.ask(player, "carry_more", f"the {node.carrier} also carries?", options)
                if key == "done":
                    break
            seat.hold(node.carrier, -1)
            self.table.remove(node.carrier)

    # ------------------------------------------------------------------ scoring
    def s_ScoreEach(self, node, ctx, mandatory):
        player = ctx.player
        seat = self.table.seats[player]
        hit, blocking, unblocked = self.threat(player)
        if node.filter == "safe":
            for cell in sorted(c for c, f in seat.figures.items() if f == node.kind and c not in hit):
                yield from self.run(node.body, Ctx(player, cell=cell))
        elif node.filter == "blocking":
            for cell in sorted(c for c in blocking if seat.figures.get(c) == node.kind):
                yield from self.run(node.body, Ctx(player, cell=cell, source=blocking[cell]))
        else:
            for column, kind in unblocked:
                if self.category[kind] == node.kind:
                    yield from self.run(node.body, Ctx(player, cell=(0, column), source=kind))

    def s_CollectReward(self, node, ctx, mandatory):
        reward = self.rules.tiles[ctx.source].reward
        if reward is not None:
            money = self.purse(ctx)
            money[reward.currency] = money.get(reward.currency, 0) + reward.amount
        return True

    def s_ForfeitReward(self, node, ctx, mandatory):
        reward = self.rules.tiles[ctx.source].reward
        if reward is None:
            return False
        money = self.purse(ctx)
        if reward.currency == node.lacking:  # what cannot be paid costs the fallback 1:1
            paid = min(money.get(node.lacking, 0), reward.amount)
            money[node.lacking] -= paid
            money[node.fallback] = money.get(node.fallback, 0) - (reward.amount - paid)
        else:
            money[reward.currency] = money.get(reward.currency, 0) - reward.amount
        return True

    def s_AwardMost(self, node, ctx, mandatory):
        values = [self.number(node.expr, Ctx(p)) for p in range(len(self.table.seats))]
        for player in mech.majority(values):
            money = self.purse_of(player)
            money[node.currency] = money.get(node.currency, 0) + node.amount
        return True
