"""Numbers the card language reads from the game: quantities, queries and counts.

The names are those of `rulesdsl/lang/registry.py`; each is a small function of the
context (the player, the current action, dice action or event)."""

from __future__ import annotations

from collections import Counter

from rulesdsl.content.catalog import ANIMAL, BOARD, BUILDING, GOOD, RESOURCE, SHIP, SPECIAL, WEAPON
from rulesdsl.games.feast.engine import ops
from rulesdsl.games.feast.engine.services import Services
from rulesdsl.geometry import scoring
from rulesdsl.lang import tree as t

_EVENT_ZONES = ("paid", "gained", "printed", "served", "feast", "taken", "removed", "used", "upgraded")


class Queries:
    def __init__(self, game, interp, services: Services):
        self.g = game
        self.i = interp
        self.services = services  # the game's course: what a quantity reads of the round, spaces and boards
        self.catalog = game.catalog
        self._printed: dict = {}
        # how `count` reads a selector without modifiers, read once per content (see `_count_plan`)
        self._count_plans: dict = game.catalog.tables.setdefault("count plans", {})

    # ------------------------------------------------------------------ quantities
    def quantity(self, name: str, ctx) -> int:
        """The number a quantity name stands for (ValueError: no such quantity). Read through a
        table of one function per name (an expression reads several quantities, and a value of
        a state reads the banquet's seats through one, thousands of times a game)."""
        read = _QUANTITIES.get(name)
        if read is None:
            raise ValueError(f"unknown quantity {name}")
        value: int = read(self, self.g.state, ctx.p, ctx)
        return value

    # ------------------------------------------------------------------ queries
    def query(self, name: str, arg, ctx) -> int:
        if name == "count":
            return self.count(arg, ctx)
        if name == "kinds":
            return self.kinds(arg, ctx)
        if name in _EVENT_ZONES:
            return self._zone_count(name, self._ids(arg, ctx), ctx)
        if name in ("column", "row", "occupied", "occupied_by_other", "adjacent", "vikings"):
            return self._space_query(name, self.i.resolve_ref(arg.ref, ctx) if isinstance(arg, t.RefSelector) else None, ctx)
        if name in ("ore", "loaded_ore"):
            ship = self.i.resolve_ref(arg.ref, ctx) if isinstance(arg, t.RefSelector) else None
            if ship is None or not hasattr(ship, "ore"):
                return 0
            return ops.ship_ore(self.g, ship) if name == "ore" else ship.ore
        if name == "sword_value":
            item = self.i.resolve_ref(arg.ref, ctx) if isinstance(arg, t.RefSelector) else next(iter(self._ids(arg, ctx)), None)
            return self.services.base_sword(item) if isinstance(item, str) else 0
        if name == "price":
            item = next(iter(self._ids(arg, ctx)), None)
            tile = self.g.content.special_tiles.get(item)
            ship = self.g.content.ships.get(item)
            return tile.price or 0 if tile else ship.price if ship else 0
        if name == "available":
            return sum(self._available(x) for x in self._ids(arg, ctx))
        if name == "free_berths":
            sizes = {self.g.content.ships[x].size for x in self._ids(arg, ctx) if x in self.g.content.ships}
            return sum(ops.free_berths(self.g, ctx.p, size) for size in sizes)
        if name == "free_slots":
            wanted = self._ids(arg, ctx)
            total = 0
            for b in ctx.p.buildings:
                if b.slots is not None and not self.g.content.buildings[b.kind].house:
                    cap = dict(b.slots.capacity)
                    total += sum(cap.get(r, 0) - b.slots.count(r) for r in wanted)
            return total
        raise ValueError(f"unknown query {name}")

    def _ids(self, arg, ctx) -> frozenset:
        if arg is None:
            return frozenset()
        if isinstance(arg, t.RefSelector):
            value = self.i.resolve_ref(arg.ref, ctx)
            return frozenset({value}) if isinstance(value, str) else frozenset()
        return self.catalog.selector_members(arg.nouns)

    def have_each(self, cond, ctx) -> bool:
        """`you have N of each <class>`: each kind held N times, or none of it left to take (do what is possible)."""
        for item in self.catalog.members(cond.noun):
            if self.i._held(item, ctx) < cond.amount and self._available(item) > 0:
                return False
        return True

    def _available(self, item: str) -> int:
        s = self.g.state
        kind = self.catalog.kind.get(item)
        if kind == SPECIAL:
            return int(item in s.specials_left)
        if kind == BUILDING:
            return s.buildings_left[item]
        if kind == WEAPON:
            return s.weapon_deck.count(item) + s.weapon_discard.count(item)
        return 10 ** 6

    def _space_query(self, name: str, space, ctx) -> int:
        if not isinstance(space, str) or space not in self.g.content.spaces:
            return 0
        spec = self.g.content.spaces[space]
        occupants = self.g.state.occupancy.get(space, [])
        if name == "column":
            return spec.column
        if name == "row":
            return spec.row
        if name == "occupied":
            return int(bool(occupants))
        if name == "occupied_by_other":
            return int(any(who != ctx.player for who, _, _ in occupants))
        if name == "vikings":
            return sum(n for who, n, _ in occupants if who == ctx.player)
        if name == "adjacent":
            for other_id, entries in self.g.state.occupancy.items():
                other = self.g.content.spaces.get(other_id)
                if other is None or other.column != spec.column or not any(w == ctx.player for w, _, _ in entries):
                    continue
                if other.row + other.rows == spec.row or spec.row + spec.rows == other.row:
                    return 1
            return 0
        return 0

    def _zone_count(self, zone: str, ids, ctx) -> int:
        source = self._zone_counter(zone, ctx)
        if zone == "upgraded":
            return source.get("*", 0)
        if not ids:
            return sum(source.values())
        return sum(source.get(x, 0) for x in ids)

    def _zone_counter(self, zone: str, ctx) -> Counter:
        a, d, info = ctx.action, ctx.dice, ctx.info
        if zone == "paid":
            return d.paid if d is not None and d.paid else a.paid if a is not None else Counter()
        if zone == "gained":
            return a.gained if a is not None else Counter()
        if zone == "printed":
            return self.printed(a.space) if a is not None and a.space else Counter()
        if zone == "used":
            out = Counter(a.used) if a is not None else Counter()
            if d is not None:
                out.update(d.used)
            return out
        if zone == "upgraded":
            return Counter({"*": a.upgraded}) if a is not None else Counter()
        if info is not None:
            return info.data.get("served" if zone == "feast" else zone, Counter())
        return Counter()

    def printed(self, space: str) -> Counter:
        """The fixed yield printed on a space: the plain gains of its effect."""
        found = self._printed.get(space)
        if found is None:
            found = Counter()
            program = self.g.content.programs.get(("spaces", space))
            for node in t.walk(program) if program is not None else ():
                if isinstance(node, t.Acquire) and node.per is None:
                    for part in node.bundle.parts:
                        if len(part) == 1 and isinstance(part[0], t.Item) and isinstance(part[0].amount, t.IntAmount) and not part[0].slash:
                            name = self.catalog.resolve(part[0].words)
                            if name is not None:
                                found[name] += part[0].amount.value
            self._printed[space] = found
        return found

    # ------------------------------------------------------------------ counting
    def count(self, selector, ctx) -> int:
        if isinstance(selector, t.RefSelector):
            value = self.i.resolve_ref(selector.ref, ctx)
            if isinstance(value, str):
                return self._held(value, ctx.p)
            return 0
        plan = self.count_plan(selector)
        if plan is None:
            return sum(n for _, n in self._items(selector, ctx))
        # what `_items` counts for a selector without modifiers, summed at once
        ships, buildings, boards, animals, supply = plan
        total = 0
        for q in self._owners(selector.owner, ctx):
            if ships:
                total += sum(1 for s in q.ships if s.kind in ships)
            if buildings:
                total += sum(1 for b in q.buildings if b.kind in buildings)
            if boards:
                explored = q.explored
                total += sum(1 for x in boards if x in explored)
            if animals:
                stables = q.stables
                total += sum(stables[x] for x in animals)
            if supply:
                held = q.supply
                total += sum(held[x] for x in supply)
        return total

    def count_plan(self, selector):
        """`_count_plan` of a selector, read once per content (by the node, kept with it)."""
        found = self._count_plans.get(id(selector))
        if found is None:
            found = self._count_plans[id(selector)] = (selector, self._count_plan(selector))
        return found[1]

    def _count_plan(self, selector):
        """(ship kinds, building kinds, exploration boards, animals, supply items) that `_items`
        counts for a selector without modifiers (by the kind of each item it names); None when
        it has modifiers or counts Vikings or occupations (read by `_items` itself)."""
        if selector.mods:
            return None
        catalog = self.catalog
        names = [catalog.resolve(words) for words in selector.nouns]
        if "viking" in names or "occupation" in names:
            return None
        ships, buildings, boards, animals, supply = set(), set(), [], [], []
        for item in sorted(catalog.selector_members(selector.nouns)):
            kind = catalog.kind.get(item)
            if kind == SHIP:
                ships.add(item)
            elif kind == BUILDING:
                buildings.add(item)
            elif kind == BOARD:
                boards.append(item)
            elif item == "exploration_board":
                return None
            elif kind == ANIMAL:
                animals.append(item)
            elif kind in (GOOD, SPECIAL, RESOURCE, WEAPON):
                supply.append(item)
        return (frozenset(ships), frozenset(buildings), tuple(boards), tuple(animals), tuple(supply))

    def kinds(self, selector, ctx) -> int:
        species = self.catalog.species
        seen = set()
        for item, n in self._items(selector, ctx):
            if n > 0:
                seen.add(species.get(item, item))
        return len(seen)

    def _items(self, selector: t.Selector, ctx):
        """(item, how many) for what the selector names, in the zones it looks at."""
        names = [self.catalog.resolve(words) for words in selector.nouns]
        members = self.catalog.selector_members(selector.nouns)
        zones = ()
        place = None
        with_mod = None
        most = None
        for mod in selector.mods:
            if isinstance(mod, t.InMod):
                zones = mod.zones
            elif isinstance(mod, t.FromMod):
                zones = (mod.zone,)
            elif isinstance(mod, t.OnMod):
                place = mod.place
            elif isinstance(mod, t.WithMod):
                with_mod = mod
            elif isinstance(mod, t.WithMostMod):
                most = mod
        players = self._owners(selector.owner, ctx)
        if "viking" in names:
            yield "viking", sum(self._vikings(place, q, ctx) for q in players)
            return
        if "occupation" in names:
            for q in players:
                for zone in zones or ("played",):
                    if zone == "hand":
                        yield "occupation", len(q.hand)
                    elif zone == "played":
                        yield "occupation", len(q.played)
            return
        if zones and zones[0] in _EVENT_ZONES:
            source = self._zone_counter(zones[0], ctx)
            for item in members:
                yield item, source.get(item, 0)
            return
        for q in players:
            for item in sorted(members):
                kind = self.catalog.kind.get(item)
                if kind == SHIP:
                    ships = [s for s in q.ships if s.kind == item]
                    if with_mod is not None:
                        low, high = self.i.range(with_mod.range, ctx)
                        ships = [s for s in ships if low <= (s.ore if with_mod.name == "loaded_ore" else ops.ship_ore(self.g, s)) <= high]
                    yield item, len(ships)
                elif kind == BUILDING:
                    yield item, sum(1 for b in q.buildings if b.kind == item)
                elif kind == BOARD:
                    yield item, int(item in q.explored)
                elif item == "exploration_board":
                    yield item, len(q.explored)
                elif kind == ANIMAL:
                    yield item, q.stables[item] if not zones or "stables" in zones else 0
                elif kind in (GOOD, SPECIAL, RESOURCE, WEAPON):
                    total = 0
                    for zone in zones or ("supply",):
                        if zone == "supply":
                            total += q.supply[item]
                        elif zone in ("placed", "boards", "houses", "sheds"):
                            total += self.services.placed_count(q, item, zone)
                        elif zone == "ships" and item == "ore":
                            total += sum(s.ore for s in q.ships)
                        elif zone in ("deck", "discard"):
                            pile = self.g.state.weapon_deck if zone == "deck" else self.g.state.weapon_discard
                            total += pile.count(item)
                    yield item, total

    def _owners(self, owner, ctx):
        players = self.g.state.players
        if owner in (None, "my"):
            return [ctx.p]
        if owner == "another":
            return [q for q in players if q.index != ctx.player]
        return list(players)

    def _vikings(self, place, q, ctx) -> int:
        occupancy = self.g.state.occupancy
        spaces = self.g.content.spaces
        if place is None:
            return q.thing + sum(n for entries in occupancy.values() for who, n, _ in entries if who == q.index)
        if isinstance(place, t.NounPlace):
            name = self.catalog.resolve(place.words)
            if name == "thing":
                return q.thing
            if name == "table":
                return q.table_vikings
        selected = set()
        if isinstance(place, t.GroupPlace):
            selected = {sid for sid, sp in spaces.items() if sp.group in place.names}
        elif isinstance(place, t.ColumnPlace):
            selected = {sid for sid, sp in spaces.items() if sp.column in place.columns}
        elif isinstance(place, t.SpacePlace):
            selected = set(place.names)
        elif isinstance(place, t.RefPlace):
            value = self.i.resolve_ref(place.ref, ctx)
            selected = {value} if isinstance(value, str) else set()
        return sum(n for sid in selected for who, n, _ in occupancy.get(sid, ()) if who == q.index)

    def _held(self, item: str, p) -> int:
        return ops.holding(self.g, p, item)


def _new_vikings(q: Queries, s, p, ctx) -> int:
    """`new_vikings`: Vikings of a solo game's second colour joining this round (else 1)."""
    solo = q.services.home().solo if len(s.players) == 1 else None
    return solo.seats[min(s.round, len(solo.seats)) - 1] if solo is not None and solo.seats else 1


# quantity name -> its number as a function of (queries, state, the player's state, context)
_QUANTITIES = {
    "round": lambda q, s, p, ctx: s.round,
    "rounds": lambda q, s, p, ctx: s.rounds,
    "players": lambda q, s, p, ctx: len(s.players),
    "income": lambda q, s, p, ctx: q.services.income(p),
    "result": lambda q, s, p, ctx: ctx.dice.result if ctx.dice is not None else 0,
    "rolls": lambda q, s, p, ctx: ctx.dice.rolls if ctx.dice is not None else 0,
    "thing_vikings": lambda q, s, p, ctx: p.thing,
    "thing_vikings_before": lambda q, s, p, ctx: ctx.info.data.get("before", p.thing) if ctx.info else p.thing,
    "placed_vikings": lambda q, s, p, ctx: ctx.action.vikings if ctx.action is not None else 0,
    "times_this_round": lambda q, s, p, ctx: ctx.info.data.get("times", 0) if ctx.info else 0,
    "in_action": lambda q, s, p, ctx: int(q.services.in_action == ctx.player),
    "harvest_round": lambda q, s, p, ctx: int(q.services.plan().harvest > 0),
    "harvest_number": lambda q, s, p, ctx: q.services.plan().harvest,
    "last_round": lambda q, s, p, ctx: int(s.round == s.rounds),
    "silver_cost": lambda q, s, p, ctx: ctx.value if ctx.value is not None else 0,
    "bonus_goods": lambda q, s, p, ctx: ctx.info.amount if ctx.info else 0,
    "amount": lambda q, s, p, ctx: ctx.info.amount if ctx.info else 0,
    "empty_seats": lambda q, s, p, ctx: ctx.info.data.get("empty", 0) if ctx.info else 0,
    "emigrations": lambda q, s, p, ctx: len(p.emigrated),
    "in_action_phase": lambda q, s, p, ctx: int(s.phase in q.services.phases_using("turns")),
    "new_vikings": _new_vikings,
    "banquet_seats": lambda q, s, p, ctx: q.services.home().feast_seats,
    "banquet_vikings": lambda q, s, p, ctx: q.services.home().table_vikings,
    "ship_seats": lambda q, s, p, ctx: q.services.home().ship_seats,
    "top_sword_value": lambda q, s, p, ctx: max((q.g.content.special_tiles[x].sword for x in s.specials_left), default=0),
    "played_this_action": lambda q, s, p, ctx: ctx.action.bonus_plays if ctx.action is not None else 0,
    "occupations_played_now": lambda q, s, p, ctx: ctx.info.amount if ctx.info else 0,
}
