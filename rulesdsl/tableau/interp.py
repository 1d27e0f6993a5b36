"""The tableau interpreter: each statement's "can it happen" and "do it", side by side.

Statements run as generators: a decision is yielded (`yield from self.ask(...)`) and the
answer comes back by `send`. Every name a statement carries is content (the ring, the
categories, figure kinds, currencies), resolved through the ruleset; the mechanisms are
the pure functions of `rulesdsl.tableau.mech`. The general statements of the card language
a tableau program uses (`if`, `gain`, `pay`, `anytime ... pay -> gain`) are run here too.
"""

from __future__ import annotations

from rulesdsl.engine.decisions import Option
from rulesdsl.errors import RulesError
from rulesdsl.lang import tree as t
from rulesdsl.tableau import mech
from rulesdsl.tableau import nodes as n


class Ctx:
    """Who acts and about what: the player, the lot being bought, the scored cell and its source."""

    __slots__ = ("player", "lot", "slot", "cell", "source")

    def __init__(self, player: int, lot=None, slot=None, cell=None, source=None):
        self.player, self.lot, self.slot, self.cell, self.source = player, lot, slot, cell, source


class Interpreter:
    def __init__(self, game):
        self.game = game
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
        kind = type(expr)
        if kind is t.Num:
            return expr.value
        if kind is t.BinOp:
            left, right = self.value(expr.left, ctx), self.value(expr.right, ctx)
            return left + right if expr.op == "+" else left - right if expr.op == "-" else left * right
        if kind is t.Quantity:
            return self.quantity(expr.name, ctx)
        if kind is t.Query:
            return self.query(expr.name, expr.arg, ctx)
        if kind is t.Signed:
            return -self.value(expr.arg, ctx) if expr.sign == "-" else self.value(expr.arg, ctx)
        if kind is t.MinOf:
            return min(self.value(a, ctx) for a in expr.args)
        if kind is t.MaxOf:
            return max(self.value(a, ctx) for a in expr.args)
        if kind is t.Compare:
            return int(_compare(expr.op, self.value(expr.left, ctx), self.value(expr.right, ctx)))
        if kind is t.And:
            return int(all(self.value(a, ctx) for a in expr.args))
        if kind is t.Or:
            return int(any(self.value(a, ctx) for a in expr.args))
        if kind is t.Not:
            return int(not self.value(expr.arg, ctx))
        if kind is t.IntAmount:
            return expr.value
        if kind is t.ExprAmount:
            return self.value(expr.expr, ctx)
        raise RulesError(f"'{kind.__name__}' is not a value of tableau games")

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

    # ------------------------------------------------------------------ supply
    def do_LayOut(self, node, ctx):
        table = self.table
        if not table.stacks:
            raise RulesError(f"no {node.stacks} left to lay out")
        stack = table.stacks.pop(0)
        table.ring = [None] * len(table.ring)
        mech.fill_from_ends(table.ring, [(tile, self.category[tile]) for tile in stack], node.ascending, node.descending)
        return
        yield

    def do_Reveal(self, node, ctx):
        table = self.table
        table.drawn += [table.draw() for _ in range(min(node.count, len(table.bag)))]
        return
        yield

    def do_FillRing(self, node, ctx):
        table = self.table
        if node.count is not None:
            table.drawn += [table.draw() for _ in range(min(node.count, len(table.bag)))]
        if not node.chosen:  # sorted in the figure kinds' order from the first slot
            rank = {kind: i for i, kind in enumerate(self.order)}
            table.drawn.sort(key=rank.__getitem__)
            slots = [i for i, lot in enumerate(table.ring) if lot is not None]
            for slot, figure in zip(slots, table.drawn):
                table.ring[slot][1] = figure
            table.bag += table.drawn[len(slots):]  # more drawn than lots: back into the bag
            table.drawn = []
            return
        start = table.start
        for _ in range(node.discard):
            kinds = sorted(set(table.drawn), key=self.order.index)
            key = yield from self.ask(start, "discard", "which drawn figure leaves the game?",
                                      [Option(f"discard:{k}", f"remove one {k}") for k in kinds])
            figure = key.split(":", 1)[1]
            table.drawn.remove(figure)
            table.remove(figure)
        slots = [i for i, lot in enumerate(table.ring) if lot is not None]
        step = 0
        while table.drawn and slots:
            player = (start + step) % len(table.seats)
            kinds = sorted(set(table.drawn), key=self.order.index)
            key = yield from self.ask(player, "colour", "which figures go beside the highest free lots?",
                                      [Option(f"colour:{k}", f"{table.drawn.count(k)} {k}") for k in kinds])
            figure = key.split(":", 1)[1]
            while figure in table.drawn and slots:
                table.drawn.remove(figure)
                table.ring[slots.pop()][1] = figure
            step += 1
        for figure in table.drawn:  # more drawn than slots: back into the bag
            table.bag.append(figure)
        table.drawn = []

    def do_Auction(self, node, ctx):
        """One round of ascending bids from the start player clockwise; pass = out; the winner
        pays (converting fame if he must) and becomes start player; no bid: the start player, free."""
        table = self.table
        count = len(table.seats)
        order = [(table.start + i) % count for i in range(count)]
        active, best, leader, step = list(order), 0, None, 0
        while any(p != leader for p in active):  # until all but the leader have passed
            player = order[step % count]
            step += 1
            if player not in active or player == leader:
                continue
            means = self.means(player)
            options = [Option("pass", "pass")] + [Option(f"bid:{v}", f"bid {v}") for v in range(best + 1, means + 1)]
            key = yield from self.ask(player, "bid", f"the bid stands at {best}: raise or pass?", options, spends=False)
            if key == "pass":
                active.remove(player)
            else:
                best, leader = int(key[4:]), player
        if leader is None:
            return
        self.pay_with_fallback(leader, best)
        table.start = leader

    # ------------------------------------------------------------------ buying and placing
    def lot_refusal(self, slot: int, ctx: Ctx, free_if, cost: int | None = None, means: int | None = None) -> str | None:
        """Why the lot at `slot` cannot be bought now (None: it can); `cost` and `means` when known."""
        ring = self.table.ring
        if cost is None:
            cost = mech.price(ring, slot)
        if cost == 0:
            if not self.value(free_if, Ctx(ctx.player, lot=ring[slot], slot=slot)):
                return "the free lot may be taken only as the rule says (its figure is not the last of its kind, and you have money)"
            return None
        if means is None:
            means = self.means(ctx.player)
        if cost > means:
            return f"costs {cost}; you can pay at most {means}"
        return None

    def do_SellLots(self, node, ctx):
        table = self.table
        count = len(table.seats)
        turn = table.start
        while mech.lowest(table.ring) is not None:
            player = turn % count
            pctx = Ctx(player)

            def options():
                ring = table.ring
                base, means = mech.lowest(ring), self.means(player)
                return [Option(f"lot@{i}", f"{lot[0]} + {lot[1]} for {i - base}", self.lot_refusal(i, pctx, node.free_if, i - base, means))
                        for i, lot in enumerate(ring) if lot is not None]

            key = yield from self.ask(player, "buy", "which lot do you buy?", options, spends=True)
            slot = int(key[4:])
            refusal = self.lot_refusal(slot, pctx, node.free_if)
            if refusal:
                raise RulesError(refusal)
            cost = mech.price(table.ring, slot)
            tile, figure = table.ring[slot]
            self.pay_with_fallback(player, cost)
            table.ring[slot] = None
            table.hand = [tile, figure]
            seat = table.seats[player]
            seat.turns += 1
            yield from self.place_lot(player, tile, figure)
            turn += 1

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
        out = []
        for spec in board.rows:
            if spec.category != category:
                continue
            row = spec.row
            used = {c for r, c in grid if r == row}
            if spec.fill is not None:
                out += [(row, c) for c in mech.row_fill_columns(used, spec.fill.window) if c <= board.columns]
                continue
            edges = self.edges[tile]
            same = lambda kind: self.category[kind] == category  # noqa: E731
            candidates = {1} | {c + d for c in used for d in (-1, 1)} | {c for r, c in grid if abs(r - row) == 1}
            for column in sorted(candidates):
                cell = (row, column)
                if column < 1 or column > board.columns or cell in grid:
                    continue
                if mech.anchored(cell, grid) and mech.matched(cell, edges, grid, same, self.edges.__getitem__, board.edge):
                    out.append(cell)
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

    def do_Ferry(self, node, ctx):
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
    def do_ScoreEach(self, node, ctx):
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

    def do_CollectReward(self, node, ctx):
        reward = self.rules.tiles[ctx.source].reward
        if reward is not None:
            money = self.table.seats[ctx.player].money
            money[reward.currency] = money.get(reward.currency, 0) + reward.amount
        return
        yield

    def do_ForfeitReward(self, node, ctx):
        reward = self.rules.tiles[ctx.source].reward
        if reward is None:
            return
        money = self.table.seats[ctx.player].money
        if reward.currency == node.lacking:  # what cannot be paid costs the fallback 1:1
            paid = min(money.get(node.lacking, 0), reward.amount)
            money[node.lacking] -= paid
            money[node.fallback] = money.get(node.fallback, 0) - (reward.amount - paid)
        else:
            money[reward.currency] = money.get(reward.currency, 0) - reward.amount
        return
        yield

    def do_AwardMost(self, node, ctx):
        values = [self.value(node.expr, Ctx(p)) for p in range(len(self.table.seats))]
        for player in mech.majority(values):
            money = self.table.seats[player].money
            money[node.currency] = money.get(node.currency, 0) + node.amount
        return
        yield


def _compare(op: str, a: int, b: int) -> bool:
    return {"=": a == b, "!=": a != b, "<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}[op]


def attrs_edges(kind) -> dict | None:
    e = kind.edges
    return None if e is None else {"w": e.w, "e": e.e, "n": e.n, "s": e.s}
