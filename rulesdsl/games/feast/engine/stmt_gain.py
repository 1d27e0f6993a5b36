"""Statements that bring items in: `gain`, `build`, `buy` (with `per` and `placed on`), and
the item helpers they share (which ids an item names, whether it can be taken, its arrival)."""

from __future__ import annotations

from collections import Counter
from rulesdsl.content.catalog import BUILDING, SHIP, SPECIAL
from rulesdsl.core.decisions import Option
from rulesdsl.core.slash import NoSlash
from rulesdsl.games.feast.engine import ops
from rulesdsl.games.feast.engine.context import hows as action_hows
from rulesdsl.games.feast.engine.events import EventInfo
from rulesdsl.games.feast.engine.legality import relevance
from rulesdsl.lang import tree as t


class GainStatements:
    """`gain` / `build` / `buy` of the `Interpreter`: can it happen, do it, and the items."""

    def c_Acquire(self, node, ctx, every_part: bool = False):
        """Whether the gain can happen: some part of it, or with `every_part` each part (an exchange's result)."""
        mult = self.count(node.per, ctx) if node.per is not None else 1
        if mult <= 0:
            return False
        bctx = ctx.derive(value=node.verb) if node.verb == "buy" else ctx
        gainable = self._gainable
        for part in node.bundle.parts:  # loops, not nested generators: this runs for every space judged
            for item in part:
                if gainable(item, bctx, mult):
                    if not every_part:
                        return True
                    break
            else:
                if every_part:
                    return False
        return every_part

    def s_Acquire(self, node, ctx, mandatory):
        mult = self.count(node.per, ctx) if node.per is not None else 1
        if mult <= 0:
            return False
        did = False
        for part in node.bundle.parts:
            item = yield from self._choose_item(part, ctx, mandatory=True, gaining=mult, verb=node.verb)
            if item is None:
                continue
            if node.verb == "buy" and ctx.via != "exchange":
                listed = self._price(item[0]) or 0
                price = self._cost(["silver"], listed, ctx)
                self._listed(["silver"], listed, ctx)
                yield from self.services.before_payment(ctx, "silver")
                ops.pay(self.g, ctx.p, "silver", price)
                if ctx.action is not None:
                    ctx.action.paid["silver"] += price
            got = yield from self._gain_item(item, ctx, node.verb, mult, node.placed_on)
            did = did or got
        return did

    def _gainable(self, item: t.Item, ctx, mult=1) -> bool:
        if isinstance(item, t.VarItem):
            return True
        ids = self.item_ids(item, ctx)
        n = self.amount(item.amount, ctx) * mult
        if n <= 0:
            return False
        for item_id in ids:
            kind = self.catalog.kind.get(item_id)
            if kind == SHIP and ops.free_berths(self.g, ctx.p, self.g.content.ships[item_id].size) <= 0:
                continue
            if kind == BUILDING and self.g.state.buildings_left[item_id] <= 0:
                continue
            if kind == SPECIAL and item_id not in self.g.state.specials_left:
                continue
            if not self._price_ok(item_id, ctx):
                continue
            return True
        return False

    def _price(self, item_id: str) -> int | None:
        tile = self.g.content.special_tiles.get(item_id)
        if tile is not None:
            return tile.price
        ship = self.g.content.ships.get(item_id)
        return ship.price if ship is not None else None

    def _price_ok(self, item_id: str, ctx, verb: str | None = None) -> bool:
        """`buy` on its own pays the printed price; inside an exchange the exchange's cost is the price."""
        if (verb or ctx.value) != "buy" or ctx.via == "exchange":
            return True
        price = self._price(item_id)
        return price is not None and ctx.p.supply["silver"] >= self._cost(["silver"], price, ctx)

    def item_ids(self, item, ctx) -> list[str]:
        if isinstance(item, t.VarItem):
            value = ctx.vars.get(item.var)
            return [value] if isinstance(value, str) else []
        if item.slash:
            if ctx.slash is None:
                raise NoSlash()
            words = (item.words[ctx.slash],)
        else:
            words = item.words
        key = (words, item.attribute)
        members = self._item_ids.get(key)
        if members is None:  # what the words stand for depends only on the content: read once (shared, never changed)
            members = sorted(self.catalog.members(words))
            if item.attribute == "tongs":
                tongs = {g.id for g in self.g.content.goods.values() if g.tongs} | {s.id for s in self.g.content.special_tiles.values() if s.tongs}
                members = [m for m in members if m in tongs]
            self._item_ids[key] = members
        return members

    def _pregnant_ids(self) -> frozenset:
        """The goods that are pregnant animals (read once per content)."""
        goods = self.g.content.goods
        return relevance.cached(self.g.content, ("pregnant goods",), lambda: frozenset(i for i, g in goods.items() if g.pregnant))

    def _choose_item(self, part, ctx, mandatory, gaining=1, verb=None):
        """Pick one item of a bundle part (alternatives joined by `or`, classes like `special_tile`)."""
        candidates = []
        for item in part:
            for item_id in self.item_ids(item, ctx):
                n = self.amount(item.amount, ctx) * gaining if not isinstance(item, t.VarItem) else self.amount(item.amount, ctx) * gaining
                if n <= 0:
                    continue
                kind = self.catalog.kind.get(item_id)
                if kind == SPECIAL and item_id not in self.g.state.specials_left:
                    continue
                if kind == BUILDING and self.g.state.buildings_left[item_id] <= 0:
                    continue
                if kind == SHIP and ops.free_berths(self.g, ctx.p, self.g.content.ships[item_id].size) <= 0:
                    continue
                if not self._price_ok(item_id, ctx, verb):
                    continue
                candidates.append((item_id, n))
        if gaining and candidates:
            pregnant = self._pregnant_ids()
            plain = [c for c in candidates if c[0] not in pregnant]
            if plain:
                candidates = plain  # new animals arrive plain
        candidates = list(dict(reversed(candidates)).items())[::-1]  # one entry per item
        if not candidates:
            return None
        if len(candidates) == 1:
            return candidates[0]
        options = [Option(item_id, f"{n} {item_id.replace('_', ' ')}") for item_id, n in candidates]
        answer = yield from self.ask(ctx.player, "choose", "take which?", options)
        return next(c for c in candidates if c[0] == answer)

    def _gain_item(self, chosen, ctx, verb, mult, placed_on):
        item_id, n = chosen
        if self.g.events.hears("instead", "gaining", ctx.player):  # (else nothing can replace it: no event built)
            replaced = yield from self.services.replace(ctx, "gaining", EventInfo("gaining", items=frozenset({item_id}), amount=n,
                                                                                 how=self._hows(ctx, verb)))
            if replaced is not None:
                return replaced
        if placed_on is not None:
            return (yield from self.services.gain_and_place(ctx, item_id, n, placed_on))
        got = ops.gain(self.g, ctx.p, item_id, n)
        if got <= 0:
            return False
        kind = self.catalog.kind.get(item_id)
        if kind == SHIP:
            ctx.it = ctx.p.ships[-1]
        else:
            ctx.it = item_id
        if ctx.action is not None:
            for give, amount in self._gives(item_id, got).items():
                ctx.action.gained[give] += amount
        how = self._hows(ctx, verb)
        if kind == SHIP:
            info = EventInfo("ship_acquired", items=frozenset({item_id}), how=how, amount=got)
            yield from self._arrived(ctx, "ship_acquired", info)
        elif kind == BUILDING:
            yield from self._arrived(ctx, "building_acquired", EventInfo("building_acquired", items=frozenset({item_id}), how=how, amount=got))
        else:
            yield from self.received(ctx, item_id, got, verb)
        return True

    def _gives(self, item_id, n) -> Counter:
        return Counter({item_id: n})

    def received(self, ctx, item_id, n, how):
        if not self.g.events.listening("when", "received"):
            return
        for _ in range(n):
            yield from self._arrived(ctx, "received", EventInfo("received", items=frozenset({item_id}), amount=1,
                                                                how=frozenset({how}) | self._hows(ctx)))

    def _hows(self, ctx, verb=None) -> frozenset:
        hows = set()
        if ctx.action is not None:
            hows |= action_hows(ctx.action.how)
        if verb == "build":
            hows.add("built")
        elif verb == "buy":
            hows.add("bought")
        elif verb == "gain":
            hows.add("exchanged" if ctx.via == "exchange" else "taken")
        elif verb:
            hows.add(verb)
        return frozenset(hows)
