"""The tableau interpreter: the shared statement-running core plus this kind of game's statements.

Blocks, dispatch by node type, feasibility and asking are the core (`core/runner.py`);
`if` and the other control statements are the language's (`core/control.py`);
`gain`, `pay`, `lose`, `convert` and the anytime exchanges are the currency statements
(`core/currency.py`) over each seat's money.
What is left here is this game's: its quantities and queries for the language's one
evaluator, the round structure (`in rounds`, `in turn order`, `pass start`), and the
market and display statements (`market.py`, `display.py`), each `c_X` beside its `s_X`.
Every name a statement carries is content (the ring, the categories, figure kinds,
currencies), resolved through the ruleset; the mechanisms are `rulesdsl.games.tableau.engine.mech`.
"""

from __future__ import annotations

from rulesdsl.core.control import ControlStatements
from rulesdsl.core.currency import CurrencyStatements
from rulesdsl.core.expressions import Expressions
from rulesdsl.core.runner import Runner
from rulesdsl.errors import RulesError
from rulesdsl.games.tableau.engine import mech
from rulesdsl.games.tableau.engine.context import Ctx
from rulesdsl.games.tableau.engine.display import DisplayStatements
from rulesdsl.games.tableau.engine.market import MarketStatements
from rulesdsl.lang import tree as t


class Interpreter(MarketStatements, DisplayStatements, CurrencyStatements, ControlStatements, Expressions, Runner):
    """Runs a tableau ruleset's programs with the shared core; this game's statements mixed in."""

    def __init__(self, game):
        super().__init__()
        self.game = game
        self.q = self  # the evaluator asks this game for its quantities and queries
        self.rules = game.ruleset
        self.table = game.table
        board = self.rules.components.board
        self.board = board
        self.rows = self.rules.rows
        self.category = {k.id: k.category for k in self.rules.components.tiles}
        self.edge_tiles = mech.edge_tiles(self.rules.components.tiles)
        self.order = [f.id for f in self.rules.components.figures]
        self.figure_row = {f.id: f.row for f in self.rules.components.figures}
        self.row_of_figure = {r.figure: r.row for r in board.rows if r.figure}
        self.source_rows = [r.row for r in board.rows if r.category == board.threat.source]
        self.run_rows = [r.row for r in board.rows if r.category == self.category[board.run.first]]
        self._spend = self.rules.components.rings[0].currency
        self.rates = self.exchange_rates(self.rules.programs.get("anytime", t.Program(())))

    # ------------------------------------------------------------------ the core's hooks
    def purse(self, ctx) -> dict:
        """The currencies of the acting player (what `gain` and `pay` change)."""
        return self.table.seats[ctx.player].money

    def purse_of(self, player: int) -> dict:
        """The currencies of a player."""
        return self.table.seats[player].money

    def player_context(self, player: int) -> Ctx:
        """The context of a player acting on his own (an anytime exchange)."""
        return Ctx(player)

    # ------------------------------------------------------------------ values
    def quantity(self, name: str, ctx: Ctx) -> int:
        """A named value for the language's evaluator: a currency, an option, or this game's own."""
        seat = self.table.seats[ctx.player]
        if name in seat.money:
            return seat.money[name]
        if name in self.game.options:
            return self.game.options[name]
        if name == "round":
            return self.table.round
        if name == "last_of_kind":  # the lot's figure is the last of its kind on the ring
            figure = ctx.lot[1]
            return int(sum(1 for lot in self.table.ring if lot is not None and lot[1] == figure) == 1)
        if name == "nothing_affordable":  # no lot but the free one can be paid, even with all convertible money
            means = self.means(ctx.player)
            ring = self.table.ring
            base = mech.lowest(ring)
            return int(all(i - base > means for i, lot in enumerate(ring) if lot is not None and i != base))
        raise RulesError(f"unknown value '{name}'")

    def query(self, name: str, arg, ctx: Ctx) -> int:
        """A query of figures or runs on the acting player's board, for the language's evaluator."""
        seat = self.table.seats[ctx.player]
        kinds = {" ".join(words) for words in arg.nouns} if arg is not None else set()
        if name == "count":
            return sum(1 for f in seat.figures.values() if f in kinds)
        if name == "count_safe":
            hit = self.threat(ctx.player)[0]
            return sum(1 for cell, f in seat.figures.items() if f in kinds and cell not in hit)
        if name == "held":
            return sum(seat.holding.get(k, 0) for k in kinds)
        if name == "below":
            row, column = ctx.cell
            return sum(1 for (r, c), f in seat.figures.items() if c == column and r > row and f in kinds)
        if name == "figures":
            return len(seat.figures) + sum(seat.holding.values())
        if name == "runs":
            return len(self.runs(ctx.player))
        if name == "longest_run":
            return max(self.runs(ctx.player), default=0)
        raise RulesError(f"unknown query '{name}'")

    def runs(self, player: int) -> list[int]:
        """The lengths of the player's complete runs of tiles."""
        run = self.board.run
        return mech.runs(self.table.seats[player].tiles, self.run_rows, run.first, run.middle, run.last)

    def threat(self, player: int):
        """(threatened cells, {blocking cell: source tile}, [(column, unblocked source tile)]) now."""
        seat = self.table.seats[player]
        threat = self.board.threat
        sources = {c: k for (r, c), k in seat.tiles.items() if r in self.source_rows and self.category[k] == threat.source}
        reach = self.rules.tiles
        return mech.projection(sources, lambda kind: reach[kind].reach or 0, {threat.blocker}, threat.from_row, seat.figures)

    @property
    def spend_currency(self) -> str:
        """The currency prices and bids are paid in (the ring's)."""
        return self._spend

    # ------------------------------------------------------------------ round structure
    def s_InRounds(self, node, ctx, mandatory):
        if self.table.round in node.rounds:
            return (yield from self.run(node.body, ctx))
        return False

    def s_InTurnOrder(self, node, ctx, mandatory):
        count = len(self.table.seats)
        did = False
        for step in range(count):
            did = (yield from self.run(node.body, Ctx((self.table.start + step) % count))) or did
        return did

    def s_PassStart(self, node, ctx, mandatory):
        self.table.start = (self.table.start + 1) % len(self.table.seats)
        return True
