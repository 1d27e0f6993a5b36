"""A player's boards and what lies on them: the areas (home board, exploration boards, houses),
placing tiles and coins, filling shed slots, placing served food, lifting a placed tile,
and what the boards yield (income, sword values, placed counts)."""

from __future__ import annotations

from rulesdsl.core.decisions import Option
from rulesdsl.errors import IllegalPlacement, RulesError
from rulesdsl.games.feast.engine import ops
from rulesdsl.games.feast.engine.events import EventInfo
from rulesdsl.games.feast.engine.keys import building_key
from rulesdsl.games.feast.engine.legality.offers import placement_key
from rulesdsl.geometry import pieces, scoring
from rulesdsl.geometry.placement import BoardState, empty, legal_placements, place
from rulesdsl.geometry.slots import fill as fill_slot
from rulesdsl.lang import tree as t


class Placing:
    """The placement areas of a `Flow`'s players."""

    def income(self, p) -> int:
        total = scoring.income(p.home)
        for board in p.explored.values():
            total += scoring.income(board)
        return total

    def base_sword(self, item) -> int | None:
        goods, tiles = self.g.content.goods, self.g.content.special_tiles
        if item in tiles:
            return tiles[item].sword
        good = goods.get(item)
        if good is None:
            return None
        if good.sword is not None:
            return good.sword
        back = goods.get(good.other_side) if good.other_side else None
        return back.sword if back is not None and good.color == "green" else None

    def placed_count(self, p, item: str, zone: str) -> int:
        boards = []
        if zone in ("placed", "boards"):
            boards += [p.home] + list(p.explored.values())
        if zone in ("placed", "houses"):
            boards += [b.grid for b in p.buildings if b.grid is not None]
        total = sum(1 for board in boards for tile in board.tiles if tile.piece.id == item)
        if zone in ("placed", "sheds"):
            total += sum(b.slots.count(item) for b in p.buildings if b.slots is not None)
        return total

    def ore_room(self, ship) -> int:
        return self.g.content.ships[ship.kind].ore_slots - ship.ore

    def areas(self, p):
        """(key, label, area kind, BoardState) of every grid the player owns."""
        out = [("home", "home board", "home", p.home)]
        out += [(bid, self.g.content.exploration_boards[bid].name, "exploration", board) for bid, board in sorted(p.explored.items())]
        out += [(building_key(p, b), f"{b.kind.replace('_', ' ')}", b.kind, b.grid) for b in p.buildings if b.grid is not None]
        return out

    def boards(self, p) -> list:
        """The BoardState of every grid the player owns, in the order of `areas` (no keys or
        labels written: what valuing a state reads, thousands of times a game)."""
        out = [p.home]
        if p.explored:
            out += [board for _, board in sorted(p.explored.items())]
        out += [b.grid for b in p.buildings if b.grid is not None]
        return out

    def set_area(self, p, key: str, board: BoardState) -> None:
        if key == "home":
            p.home = board
        elif key in p.explored:
            p.explored[key] = board
        else:
            for b in p.buildings:
                if building_key(p, b) == key:
                    b.grid = board
                    return
            raise RulesError(f"player {p.index} has no area '{key}'")

    def piece_for(self, ctx, item: str):
        if item == "silver":
            return pieces.piece(self.g.content, "coin_1")
        piece = pieces.piece(self.g.content, item)
        return piece

    def place_options(self, ctx, item: str, area_filter=None) -> list[tuple]:
        """(area key, placement) pairs where `item` may go; wood may go into houses when a card allows."""
        out = []
        try:
            piece = self.piece_for(ctx, item)
        except Exception:
            return out
        for key, _, kind, board in self.areas(ctx.p):
            if area_filter is not None and not area_filter(kind):
                continue
            for placement in legal_placements(board, piece):
                out.append((key, placement, piece))
        return out

    def place_tile(self, ctx, item: str, key: str, placement, piece, allowed: bool = False):
        p = ctx.p
        area, board = next((kind, b) for k, _, kind, b in self.areas(p) if k == key)
        new = place(board, piece, placement.row, placement.column, placement.turn, placement.mirror, allowed)
        self.set_area(p, key, new)
        cost = self.g.content.coins[piece.id].value if piece.id in self.g.content.coins else 1
        stock = "silver" if piece.id in self.g.content.coins else item
        p.supply[stock] -= cost
        yield from self.emit("when", "tile_placed", ctx, EventInfo("tile_placed", items=frozenset({piece.id if stock != 'silver' else 'silver'}), area=area))

    def _slot_targets(self, ctx, into):
        """The player's buildings with slots that `into` names (`my sheds`, `my buildings` ...)."""
        names = {self.g.catalog.resolve(words) for words in getattr(into, "nouns", ())}
        out = []
        for b in ctx.p.buildings:
            if b.slots is None:
                continue
            if names & self._area_names(b.kind):
                out.append(b)
        return out

    def _area_names(self, kind: str) -> set:
        """The names an effect may use for a building of this kind (`house`, `building`, its id)."""
        return {"building", kind} | ({"house"} if kind in self.g.catalog.classes["house"] else set())

    def _slot_fits(self, ctx, part, targets) -> dict:
        """Of a bundle part's alternatives, those the player holds and a free slot takes: item -> building."""
        fits: dict = {}
        for item in part:
            n = self.interp.amount(item.amount, ctx)
            for item_id in self.interp.item_ids(item, ctx):
                if n <= 0 or ctx.p.supply[item_id] < n or item_id in fits:
                    continue
                for b in targets:
                    try:
                        slots = b.slots
                        for _ in range(n):  # all n on one building
                            slots = fill_slot(slots, item_id)
                    except IllegalPlacement:
                        continue
                    fits[item_id] = (b, n)
                    break
        return fits

    def can_place_into(self, ctx, bundle, into) -> bool:
        targets = self._slot_targets(ctx, into)
        return any(self._slot_fits(ctx, part, targets) for part in bundle.parts)

    def place_bundle(self, node, ctx, mandatory):
        """`place 1 wood or 1 stone into my sheds`: into building slots or onto grids.
        Each `and`-part is placed; where a part offers alternatives, the player picks one."""
        p = ctx.p
        targets = self._slot_targets(ctx, node.into)
        placed = 0
        for part in node.bundle.parts:
            fits = self._slot_fits(ctx, part, targets)
            if not fits:
                continue
            options = [Option(item_id, f"place {n} {item_id} on your {b.kind.replace('_', ' ')}") for item_id, (b, n) in fits.items()]
            if not mandatory:
                options.append(Option("no", "place nothing"))
            answer = yield from self.interp.ask(ctx.player, "place", "place which item?", options)
            if answer == "no":
                continue
            b, n = fits[answer]
            for _ in range(n):
                b.slots = fill_slot(b.slots, answer)
            p.supply[answer] -= n
            placed += 1
            yield from self.emit("when", "tile_placed", ctx, EventInfo("tile_placed", items=frozenset({answer}), area=b.kind))
        return placed > 0

    def place_all(self, node, ctx, mandatory):
        """Place items from a zone (the feast's served food) into areas; the rest stays where it was."""
        info = ctx.info
        zone = next((m.zone for m in getattr(node.selector, "mods", ()) if isinstance(m, t.FromMod)), None)
        wanted = self.g.catalog.selector_members(node.selector.nouns)
        if zone != "feast" or info is None or "served" not in info.data:
            return False
        served = info.data["served"]
        target = {self.g.catalog.resolve(words) for words in node.into.nouns}
        placed = 0
        for item in sorted(wanted):
            while served.get(item, 0) > 0:
                options = self.place_options(ctx, item, lambda kind: kind in self.g.content.buildings and bool(target & self._area_names(kind)))
                if not options:
                    break
                choices = [Option(placement_key(key, pl), f"{key} at {pl.row},{pl.column} turned {pl.turn}", piece=piece.id)
                           for key, pl, piece in options]
                if node.any_number or placed:
                    choices.append(Option("no", "leave it on the table"))
                answer = yield from self.interp.ask(ctx.player, "place", f"place a served {item} into a house?", choices)
                if answer == "no":
                    break
                key, pl, piece = next(o for o in options if placement_key(o[0], o[1]) == answer)
                served[item] -= 1
                ctx.p.supply[item] += 1  # off the table, straight into the house
                placed += 1
                yield from self.place_tile(ctx, item, key, pl, piece)
        return placed > 0

    def gain_and_place(self, ctx, item: str, n: int, target):
        """Gained items that must be placed at once; what cannot be placed is not taken."""
        got = 0
        for _ in range(n):
            ops.gain(self.g, ctx.p, item, 1)
            options = self.place_options(ctx, item, lambda kind: kind in ("home", "exploration"))
            if not options:
                ops.pay(self.g, ctx.p, item, 1)
                break
            choices = [Option(placement_key(key, pl), f"{key} at {pl.row},{pl.column}", piece=piece.id) for key, pl, piece in options]
            answer = yield from self.interp.ask(ctx.player, "place", f"place the {item} where?", choices, anytime=False)
            key, pl, piece = next(o for o in options if placement_key(o[0], o[1]) == answer)
            yield from self.place_tile(ctx, item, key, pl, piece)
            got += 1
        return got > 0

    def liftable(self, node, ctx) -> list:
        wanted = self.interp._selector_ids(node.selector, ctx)
        owners = self.interp.q._owners(getattr(node.off, "owner", None) or "any", ctx)
        out = []
        for q in owners:
            for key, _, kind, board in self.areas(q):
                for tile in board.tiles:
                    if tile.piece.id in wanted:
                        out.append((q, key, tile))
        return out

    def lift(self, node, ctx, mandatory):
        found = self.liftable(node, ctx)
        if not found:
            return False
        q, key, tile = found[0]
        board = next(b for k, _, _, b in self.areas(q) if k == key)
        rest = empty(board.grid)
        for other in board.tiles:
            if other is not tile:
                rest = place(rest, other.piece, other.row, other.column, other.turn, other.mirror)
        ctx.p.supply[tile.piece.id] += 1
        refill = []
        for part in node.refill.parts:
            for item in part[:1]:
                for item_id in self.interp.item_ids(item, ctx)[:1]:
                    refill.extend([item_id] * self.interp.amount(item.amount, ctx))
        fitted = _fit_exactly(self.g, rest, tile.mask, refill)
        for item_id, placement, piece in fitted or ():
            rest = place(rest, piece, placement.row, placement.column, placement.turn, placement.mirror)
            self.g.state.bank[item_id] -= 1
        self.set_area(q, key, rest)
        return True
        yield  # pragma: no cover

    def placing_allowed(self, ctx, item: str, area: str | None = None) -> bool:
        """Whether a card lets `item` be laid where the placement rules would not (on `area`, or anywhere)."""
        events = self.g.events
        if not events.affects("placing", ctx):
            return False
        if area is not None:
            return events.allowed("placing", ctx, EventInfo("placing", items=frozenset({item}), area=area))
        return any(events.allowed("placing", ctx, EventInfo("placing", items=frozenset({item}), area=kind))
                   for _, _, kind, _ in self.areas(ctx.p))


def _fit_exactly(game, board, mask: int, items: list[str]):
    """Placements of `items` that cover exactly `mask` on `board` (small search), or None."""
    if not items:
        return [] if mask == 0 else None
    first, rest = items[0], items[1:]
    piece = pieces.piece(game.content, first)
    for placement in legal_placements(board, piece):
        if placement.mask & ~mask:
            continue
        after = place(board, piece, placement.row, placement.column, placement.turn, placement.mirror)
        tail = _fit_exactly(game, after, mask & ~placement.mask, rest)
        if tail is not None:
            return [(first, placement, piece)] + tail
    return None
