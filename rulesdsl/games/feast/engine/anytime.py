"""Anytime actions: the menu offered at every decision point that is not inside a statement
(placing goods, buying a ship, loading or unloading ore, a card's anytime effect, a shed slot)."""

from __future__ import annotations

from rulesdsl.content.catalog import GOOD, SPECIAL
from rulesdsl.core.decisions import Candidates, Option
from rulesdsl.games.feast.engine import ops
from rulesdsl.games.feast.engine.events import EventInfo
from rulesdsl.games.feast.engine.keys import building_key, ship_key
from rulesdsl.games.feast.engine.legality.offers import AreaOffer, PlacementEntries
from rulesdsl.geometry import pieces
from rulesdsl.geometry.placement import legal_position_tuple, legal_positions
from rulesdsl.geometry.slots import fill as fill_slot


class Anytime:
    """The anytime actions of a `Flow`."""

    def anytime_options(self, player: int) -> tuple[Option, ...]:
        if self.g.state.finished:
            return ()
        return _ANYTIME_MENU

    def anytime(self, player: int, key: str):
        ctx = self.ctx(player)
        p = ctx.p
        # a function: a fork copied at the menu is given the menu as it stands (Runner.given)
        answer = yield from self.interp.ask(player, "anytime", "which anytime action?", lambda: self._menu(ctx), anytime=False)
        kind, _, rest = answer.partition(":")
        if kind == "back":
            return
        if kind == "place":
            yield from self._anytime_place(ctx, rest)
        elif kind == "buy":
            ship = self.g.content.ships[rest]
            ops.pay(self.g, p, "silver", ship.price)
            ops.gain(self.g, p, rest, 1)
            yield from self.emit("when", "ship_acquired", ctx, EventInfo("ship_acquired", items=frozenset({rest}), how=frozenset({"bought"})))
        elif kind in ("load", "unload"):
            ship = next(s for s in p.ships if ship_key(p, s) == rest)
            if kind == "load":
                p.supply["ore"] -= 1
                ship.ore += 1
            else:
                p.supply["ore"] += 1
                ship.ore -= 1
        elif kind == "card":
            card, index = (int(x) for x in rest.split(":"))
            item = self.g.content.programs[("occupations", card)].items[index]
            if item.mode == "once":
                p.anytime_used.add((card, index))
            self.g.state.fired[(player, card, "anytime")] += 1
            yield from self.interp.run(item.body, ctx.derive(card=card), need_one=True)
        elif kind == "slot":
            key, resource = rest.rsplit(":", 1)
            b = next(x for x in p.buildings if building_key(p, x) == key)
            b.slots = fill_slot(b.slots, resource)
            p.supply[resource] -= 1
            yield from self.emit("when", "tile_placed", ctx, EventInfo("tile_placed", items=frozenset({resource}), area=b.kind))
        yield from self.check_watches()

    def _menu(self, ctx) -> list[Option]:
        """The anytime menu's options for the player of `ctx` as things stand."""
        p = ctx.p
        player = ctx.player
        options = []
        kinds, supply = self.g.catalog.kind, p.supply
        cards_allow = self.g.events.affects("placing", ctx)  # else no card lets anything else be placed
        areas = None  # the player's areas, read once for every item (nothing changes while the menu is made)
        for item in sorted(supply):
            if supply[item] > 0 and (kinds.get(item) in _PLACED or item in ("ore", "silver")
                                     or (cards_allow and self.placing_allowed(ctx, item))):
                if areas is None:
                    areas = [(kind, board) for _, _, kind, board in self.areas(p)]
                if not self._placeable(ctx, item, areas, cards_allow):
                    continue
                # only what fits somewhere now: orange and red goods never lie on a home board
                option = _PLACE_OPTIONS.get(item)
                if option is None:  # an Option is a value: one per item serves every menu
                    option = _PLACE_OPTIONS[item] = Option(f"place:{item}", f"place {item.replace('_', ' ')}")
                options.append(option)
        for ship in self.g.content.ships.values():
            if p.supply["silver"] >= ship.price and ops.free_berths(self.g, p, ship.size) > 0:
                options.append(Option(f"buy:{ship.id}", f"buy a {ship.name} for {ship.price} silver"))
        if self.in_action is None and p.supply["ore"] > 0:
            for ship in p.ships:
                if self.ore_room(ship) > 0:
                    options.append(Option(f"load:{ship_key(p, ship)}", f"load 1 ore onto your {ship.kind} ({ship.ore} loaded)"))
        if self.g.events.allowed("unloading", ctx):
            for ship in p.ships:
                if ship.ore > 0:
                    options.append(Option(f"unload:{ship_key(p, ship)}", f"take 1 ore back from your {ship.kind}"))
        for card, index, item in self.g.events.anytimes.get(player, []):
            if item.mode == "once" and (card, index) in p.anytime_used:
                continue
            cctx = ctx.derive(card=card)
            if item.cond is not None and not self.interp.truth(item.cond, cctx):
                continue
            if any(self.interp.can(s, cctx) for s in item.body):
                options.append(Option(f"card:{card}:{index}", f"use {self.g.content.occupations[card].name}"))
        for b in p.buildings:
            if b.slots is not None:
                for resource, cap in b.slots.capacity:
                    if p.supply[resource] > 0 and b.slots.count(resource) < cap:
                        options.append(Option(f"slot:{building_key(p, b)}:{resource}", f"put 1 {resource} on your {b.kind.replace('_', ' ')}"))
        options.append(Option("back", "back"))
        return options

    def _placeable(self, ctx, item: str, areas: list, cards_allow: bool) -> bool:
        """Whether `_place_offers` would find a place for the item (`areas`: (kind, board) of the
        player's areas; `cards_allow`: whether any card affects placing): the same tests in the
        same order, stopped at the first place found and no offer made (the menu asks this of
        every item the player holds, at every menu a lookahead opens)."""
        for piece_id in self._pieces_to_try(ctx.p, item):
            piece = pieces.piece(self.g.content, piece_id)
            for kind, board in areas:
                if legal_position_tuple(board, piece, cards_allow and self.placing_allowed(ctx, piece_id, kind)):
                    return True
        return False

    def _pieces_to_try(self, p, item: str) -> list[str]:
        """The pieces an item is laid as: itself, or silver as each coin the player can pay, smallest first."""
        if item != "silver":
            return [item]
        return [c.id for c in sorted(self.g.content.coins.values(), key=lambda c: c.value) if p.supply["silver"] >= c.value]

    def _place_offers(self, ctx, item: str) -> list:
        """Where the item could be placed now (one AreaOffer per board and piece; empty: nowhere)."""
        p = ctx.p
        offers = []
        for piece_id in self._pieces_to_try(p, item):
            piece = pieces.piece(self.g.content, piece_id)
            coin = piece_id if item == "silver" else None
            for key, label, kind, board in self.areas(p):
                allowed = self.placing_allowed(ctx, piece_id, kind)
                positions = legal_positions(board, piece, allowed)
                if positions:  # all legal; answers and labels are written only if someone reads them
                    offers.append(AreaOffer(key, label, piece_id, coin, positions, piece, allowed))
        return offers

    def _anytime_place(self, ctx, item: str):
        offers = self._place_offers(ctx, item)
        if not offers:  # the menu offers only placeable items; a card's changed rule may still leave none
            return
        entries = PlacementEntries(offers)
        options = Candidates(entries, lambda key: None, (Option("back", "back"),))
        answer = yield from self.interp.ask(ctx.player, "place", f"place {item.replace('_', ' ')} where?", options, anytime=False)
        if answer == "back":
            return
        offer, placement = entries.find(answer)
        key, piece, allowed = offer.key, offer.piece, offer.allowed
        yield from self.place_tile(ctx, item, key, placement, piece, allowed)


_PLACED = (GOOD, SPECIAL)  # kinds of items that may always be placed
_PLACE_OPTIONS: dict = {}  # item id -> the option to place it (item ids are few)
_ANYTIME_MENU = (Option("anytime:menu", "an anytime action (place goods, buy a ship, load ore, use a card) ..."),)
