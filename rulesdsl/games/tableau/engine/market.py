"""The market statements of the tableau interpreter: laying out the ring, revealing and placing
figures on it, the auction, and selling the lots in turns (each statement's check beside its work)."""

from __future__ import annotations

from rulesdsl.core.decisions import Option
from rulesdsl.errors import RulesError
from rulesdsl.games.tableau.engine import mech
from rulesdsl.games.tableau.engine.context import Ctx
from rulesdsl.mechanisms import auction


class MarketStatements:
    """Mixed into the Interpreter: the statements that act on the ring and its lots."""

    # ------------------------------------------------------------------ supply
    def s_LayOut(self, node, ctx, mandatory):
        table = self.table
        if not table.stacks:
            raise RulesError(f"no {node.stacks} left to lay out")
        stack = table.stacks.pop(0)
        table.ring = [None] * len(table.ring)
        mech.fill_from_ends(table.ring, [(tile, self.category[tile]) for tile in stack], node.ascending, node.descending)
        return True

    def s_Reveal(self, node, ctx, mandatory):
        table = self.table
        table.drawn += [table.draw() for _ in range(min(node.count, len(table.bag)))]
        return True

    def s_FillRing(self, node, ctx, mandatory):
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

    def s_Auction(self, node, ctx, mandatory):
        """One round of ascending bids from the start player clockwise; pass = out; the winner
        pays (converting fame if he must) and becomes start player; no bid: the start player, free."""
        table = self.table
        bids = auction.start(len(table.seats), table.start, holder=table.start)
        while not bids.done:
            player = bids.turn
            means = self.means(player)
            options = [Option("pass", "pass")] + [Option(f"bid:{v}", f"bid {v}") for v in auction.legal_bids(bids, means)]
            key = yield from self.ask(player, "bid", f"the bid stands at {bids.bid}: raise or pass?", options)
            bids = auction.act(bids, auction.PASS if key == "pass" else int(key[4:]), limit=means)
        if bids.leader < 0:  # nobody bid: the start player, free
            return
        self.pay_with_fallback(bids.winner, bids.price)
        table.start = bids.winner

    # ------------------------------------------------------------------ buying and placing
    def lot_refusal(self, slot: int, ctx: Ctx, free_if, cost: int | None = None, means: int | None = None) -> str | None:
        """Why the lot at `slot` cannot be bought now (None: it can); `cost` and `means` when known."""
        ring = self.table.ring
        if cost is None:
            cost = mech.price(ring, slot)
        if cost == 0:
            if not self.truth(free_if, Ctx(ctx.player, lot=ring[slot], slot=slot)):
                return "the free lot may be taken only as the rule says (its figure is not the last of its kind, and you have money)"
            return None
        if means is None:
            means = self.means(ctx.player)
        if cost > means:
            return f"costs {cost}; you can pay at most {means}"
        return None

    def s_SellLots(self, node, ctx, mandatory):
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

            key = yield from self.ask(player, "buy", "which lot do you buy?", options, anytime=True)
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
