"""The tableau interpreter: each statement's "can it happen" and "do it", side by side.

Statements run as generators: a decision is yielded (`yield from self.ask(...)`) and the
answer comes back by `send`. Every name a statement carries is content (the ring, the
categories, figure kinds, currencies), resolved through the ruleset; the mechanisms are
the pure functions of `rulesdsl.tableau.mech`. The general statements of the card language
a tableau program uses (`if`, `gain`, `pay`, `anytime ... pay -> gain`) are run here too.
"""

from __future__ import annotations

from rulesdsl.engine.decisions import Option
from rulesdsl.engine.expressions import Expressions
from rulesdsl.errors import RulesError
from rulesdsl.lang import tree as t
from rulesdsl.tableau import mech
from rulesdsl.tableau import nodes as n
from rulesdsl.tableau.context import Ctx
from rulesdsl.tableau.display import DisplayStatements
from rulesdsl.tableau.market import MarketStatements


class Interpreter(MarketStatements, DisplayStatements, Expressions):
    def __init__(self, game):
        self.game = game
        self.q = self  # the evaluator asks this game for its quantities and queries
        self.rules = game.ruleset
        self.table = game.table
        board = self.rules.components.board
        self.board = board
        self.rows = self.rules.rows
        self.category = {k.id: k.category for k in self.rules.components.tiles}
        self.edges = {k.id: attrs_edges(k) for k in self.rules.components.tiles}
        self.order = [f.id for f in self.rules.components.figures]
        self.figure_row = {f.id: f.row for f in self.rules.components.figures}
        self.row_of_figure = {r.figure: r.row for r in board.rows if r.figure}
        self.source_rows = [r.row for r in board.rows if r.category == board.threat.source]
        self.run_rows = [r.row for r in board.rows if r.category == self.category[board.run.first]]
        self.anytime = [item for item in self.rules.programs.get("anytime", t.Program(())).items if isinstance(item, t.Anytime)]
        self._spend = self.rules.components.rings[0].currency
        self.rates = [self._exchange_rate(item) for item in self.anytime]
        self._threat_cache = {}
        self.do = {cls: getattr(self, "do_" + cls.__name__) for cls in (*n.TABLEAU_NODES, t.If, t.Acquire, t.Pay, t.Exchange)
                   if hasattr(self, "do_" + cls.__name__)}

    # ------------------------------------------------------------------ running statements
    def run(self, stmts, ctx: Ctx):
        for stmt in stmts:
            handler = self.do.get(type(stmt))
            if handler is None:
                raise RulesError(f"'{type(stmt).__name__}' cannot run in a tableau game")
            yield from handler(stmt, ctx)

    def ask(self, player: int, kind: str, prompt: str, options, spends: bool = False):
        """Yield a decision until a real answer comes; a single legal answer is taken at once.
        With `spends`, the anytime exchanges are offered too (`options` is then a function)."""
        while True:
            current = list(options() if callable(options) else options)
            extra = self.anytime_options(player) if spends else []
            legal = [o.key for o in current if o.refusal is None]
            if not legal:
                raise RulesError(f"no legal answer to '{prompt}' for player {player}")
            if len(legal) == 1 and not any(o.refusal is None for o in extra):
                return legal[0]
            answer = yield self.game.decision_for(player, kind, prompt, current + extra)
            if answer.startswith("anytime:"):
                self.do_anytime(player, int(answer[8:]))
                continue
            return answer

    # ------------------------------------------------------------------ values
    def value(self, expr, ctx: Ctx) -> int:
        """An expression, condition or amount of the card language, by the language's one
        evaluator (engine.expressions); this game supplies only its quantities and queries."""
        kind = type(expr)
        if kind is t.Compare or kind is t.And or kind is t.Or or kind is t.Not:
            return int(self.truth(expr, ctx))
        if kind is t.IntAmount:
            return expr.value
        if kind is t.ExprAmount:  # unclamped: a penalty's amount is its expression's value
            return self.number(expr.expr, ctx)
        return self.number(expr, ctx)

    def quantity(self, name: str, ctx: Ctx) -> int:
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
        run = self.board.run
        return mech.runs(self.table.seats[player].tiles, self.run_rows, run.first, run.middle, run.last)

    def threat(self, player: int):
        """(threatened cells, {blocking cell: source tile}, [(column, unblocked source tile)]) now."""
        seat = self.table.seats[player]
        threat = self.board.threat
        sources = {c: k for (r, c), k in seat.tiles.items() if r in self.source_rows and self.category[k] == threat.source}
        reach = self.rules.tiles
        return mech.projection(sources, lambda kind: reach[kind].reach or 0, {threat.blocker}, threat.from_row, seat.figures)

    def means(self, player: int) -> int:
        """What a player can spend at most: his gold plus all the fame the anytime exchanges turn into gold."""
        seat = self.table.seats[player]
        spend = self.spend_currency
        total = seat.money.get(spend, 0)
        for cost, gain in self.rates:
            if cost and gain[0] == spend:
                total += seat.money.get(cost[0], 0) // cost[1] * gain[1]
        return total

    @property
    def spend_currency(self) -> str:
        """The currency prices and bids are paid in (the ring's)."""
        return self._spend

    # ------------------------------------------------------------------ paying with a fallback
    def pay_with_fallback(self, player: int, amount: int) -> int:
        """Pay `amount` of the spent currency, converting by the anytime exchanges what is missing;
        returns how much was converted."""
        seat = self.table.seats[player]
        spend = self.spend_currency
        converted = 0
        for cost, gain in self.rates:
            while seat.money[spend] < amount and cost and gain[0] == spend and seat.money[cost[0]] >= cost[1]:
                seat.money[cost[0]] -= cost[1]
                seat.money[spend] += gain[1]
                converted += gain[1]
        if seat.money[spend] < amount:
            raise RulesError(f"player {player} cannot pay {amount} {spend}")
        seat.money[spend] -= amount
        return converted

    def _exchange_rate(self, item):
        """(cost currency, amount), (gained currency, amount) of an `anytime: pay A -> gain B`."""
        body = item.body[0] if item.body else None
        if not isinstance(body, t.Exchange) or not isinstance(body.cost, t.Bundle):
            return None, None
        cost = body.cost.parts[0][0]
        gain = body.results[0].bundle.parts[0][0]
        return (" ".join(cost.words), cost.amount.value), (" ".join(gain.words), gain.amount.value)

    # ------------------------------------------------------------------ anytime exchanges
    def anytime_options(self, player: int) -> list:
        out = []
        for index, (cost, gain) in enumerate(self.rates):
            if cost is None:
                continue
            have = self.table.seats[player].money.get(cost[0], 0)
            refusal = None if have >= cost[1] else f"you have {have} {cost[0]}"
            out.append(Option(f"anytime:{index}", f"turn {cost[1]} {cost[0]} into {gain[1]} {gain[0]}", refusal))
        return out

    def do_anytime(self, player: int, index: int) -> None:
        cost, gain = self.rates[index]
        money = self.table.seats[player].money
        if money.get(cost[0], 0) < cost[1]:
            raise RulesError(f"you have {money.get(cost[0], 0)} {cost[0]}, need {cost[1]}")
        money[cost[0]] -= cost[1]
        money[gain[0]] = money.get(gain[0], 0) + gain[1]

    # ------------------------------------------------------------------ general statements
    def do_If(self, node, ctx):
        if self.value(node.cond, ctx):
            yield from self.run(node.then, ctx)
        elif node.otherwise:
            yield from self.run(node.otherwise, ctx)

    def do_Acquire(self, node, ctx):
        money = self.table.seats[ctx.player].money
        for part in node.bundle.parts:
            item = part[0]
            name = " ".join(item.words)
            money[name] = money.get(name, 0) + self.value(item.amount, ctx)
        return
        yield

    def can_Pay(self, node, ctx) -> bool:
        money = self.table.seats[ctx.player].money
        return all(money.get(" ".join(p[0].words), 0) >= self.value(p[0].amount, ctx) for p in node.bundle.parts)

    def do_Pay(self, node, ctx):
        if not self.can_Pay(node, ctx):
            return
        money = self.table.seats[ctx.player].money
        for part in node.bundle.parts:
            money[" ".join(part[0].words)] -= self.value(part[0].amount, ctx)
        return
        yield

    def do_Lose(self, node, ctx):  # a penalty may take the currency below zero (unlike paying)
        money = self.table.seats[ctx.player].money
        money[node.currency] = money.get(node.currency, 0) - self.value(node.amount, ctx)
        return
        yield

    def do_Convert(self, node, ctx):
        money = self.table.seats[ctx.player].money
        times = money.get(node.source, 0) // node.give
        money[node.source] -= times * node.give
        money[node.target] = money.get(node.target, 0) + times * node.get
        return
        yield

    # ------------------------------------------------------------------ round structure
    def do_InRounds(self, node, ctx):
        if self.table.round in node.rounds:
            yield from self.run(node.body, ctx)

    def do_InTurnOrder(self, node, ctx):
        count = len(self.table.seats)
        for step in range(count):
            yield from self.run(node.body, Ctx((self.table.start + step) % count))

    def do_PassStart(self, node, ctx):
        self.table.start = (self.table.start + 1) % len(self.table.seats)
        return
        yield

def attrs_edges(kind) -> dict | None:
    e = kind.edges
    return None if e is None else {"w": e.w, "e": e.e, "n": e.n, "s": e.s}
