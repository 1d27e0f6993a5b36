"""Remembered direct verdicts: whether a space's own effects can be used, keyed by the values
its check reads.

Most spaces are judged by a few counts: `pay 2 wood -> build 1 shed` reads the wood held,
the sheds left in the supply and nothing else. For a space whose statements are all of the
kinds read here (`pay`, exchanges, `gain` / `build` / `buy` of named items with fixed
amounts or amounts counted from the player's own items, ship requirements, dice actions
(whose ships must sail), upgrades, taking from a mountain strip, drawing, `if` on such
counts, `choose one`, `may` / `must`), `reads_of_space` lists once per content everything its check can read:
counts in the player's supply and stables (or only whether goods are held), the player's
ships, the buildings and special tiles left, the mountain strips. The verdict the interpreter gives is
then remembered per content under those values (`DirectMemo`), so the same counts are
judged once, in every game on that content; any other space is judged as before.

What the check reads beyond those values are static modifiers: the costs in silver, stone
and wood, and ship substitutions. While any of them applies to the player (`GUARDS` among
the values changed by the board's rules or his cards) nothing is remembered or looked up. tests/test_perf_direct.py
compares the remembered verdicts with the interpreter's and records what the interpreter
reads, which must lie within the listed values.
"""

from __future__ import annotations

from rulesdsl.content.catalog import ANIMAL, BUILDING, GOOD, RESOURCE, SHIP, SPECIAL, WEAPON
from rulesdsl.games.feast.engine.legality import relevance
from rulesdsl.lang import tree as t

# the values and rules of static modifiers that the checks read here consult (`_cost` of an
# exchange or a payment, `allowances("substituting")` of a ship requirement)
GUARDS = frozenset({"silver_cost", "stone_cost", "wood_cost", "substituting"})
LIMIT = 200_000  # remembered verdicts per content (cleared when full: values could grow without end)


class Reads:
    """What judging one space can read: item ids counted in the supply and in the stables,
    item ids only found held or not (an upgrade asks which goods are held), whether the
    ships, the buildings and special tiles left (by id), whether the mountain strips, whether
    the number of players."""

    __slots__ = ("supply", "stables", "ships", "buildings", "specials", "held", "strips", "players", "plain", "zeros")

    def __init__(self, supply, stables, ships, buildings, specials, held=(), strips=False, players=False):
        self.supply, self.stables, self.ships = tuple(supply), tuple(stables), ships
        self.buildings, self.specials, self.held, self.strips = tuple(buildings), tuple(specials), tuple(held), strips
        self.players = players
        self.plain = not (self.stables or ships or self.buildings or self.specials or self.held or strips or players)
        self.zeros = (0,) * len(self.supply)

    def picture(self, p, state) -> tuple:
        """The values read, in a fixed order (equal pictures: equal verdicts). One flat tuple:
        what each position holds is fixed per space (lists of variable length are tuples)."""
        if self.plain:  # the common case: a few counts of the supply
            return tuple(map(p.supply.get, self.supply, self.zeros))
        get = dict.get
        supply = p.supply
        out = [get(supply, i, 0) for i in self.supply]
        if self.stables:
            stables = p.stables
            out += [get(stables, i, 0) for i in self.stables]
        if self.ships:
            out.append(tuple([s.kind for s in p.ships]))
        if self.buildings:
            left = state.buildings_left
            out += [get(left, i, 0) for i in self.buildings]
        if self.specials:
            left = state.specials_left
            out += [i in left for i in self.specials]
        if self.held:
            out += [get(supply, i, 0) > 0 for i in self.held]
        if self.strips:
            out.append(tuple([items[0] if items else None for _, items in state.strips]))
        if self.players:
            out.append(len(state.players))
        return tuple(out)


class _Open(Exception):
    """A statement whose check reads more than `Reads` pictures."""


class _Collect:
    def __init__(self, catalog):
        self.catalog = catalog
        self.supply: set = set()
        self.stables: set = set()
        self.ships = False
        self.buildings: set = set()
        self.specials: set = set()
        self.held: set = set()
        self.strips = False
        self.players = False

    def ids(self, item) -> list:
        # what Interpreter.item_ids gives for a plain item (no bound variable, no slash)
        if not isinstance(item, t.Item) or item.slash:
            raise _Open()
        if isinstance(item.amount, t.ExprAmount):
            self.number(item.amount.expr)
        elif not isinstance(item.amount, t.IntAmount):
            raise _Open()
        members = self.catalog.members(item.words)
        if item.attribute == "tongs":
            content = self.catalog.content
            tongs = {g.id for g in content.goods.values() if g.tongs} | {s.id for s in content.special_tiles.values() if s.tongs}
            members = {m for m in members if m in tongs}
        elif item.attribute is not None:
            raise _Open()
        return sorted(members)

    def paid(self, bundle) -> None:
        """What `affordable` reads: the count of each item paid, where it lives."""
        if not isinstance(bundle, t.Bundle):
            raise _Open()
        kinds = self.catalog.kind
        for part in bundle.parts:
            for item in part:
                for i in self.ids(item):
                    kind = kinds.get(i)
                    if kind == ANIMAL:
                        self.stables.add(i)
                    elif kind == SHIP:
                        self.ships = True
                    else:
                        self.supply.add(i)

    def gained(self, node) -> None:
        """What `c_Acquire` reads: berths for ships, the supply of buildings and special tiles,
        the silver of a purchase."""
        if node.per is not None or node.verb not in ("gain", "build", "buy"):
            raise _Open()
        kinds = self.catalog.kind
        if node.verb == "buy":
            self.supply.add("silver")
        for part in node.bundle.parts:
            for item in part:
                for i in self.ids(item):
                    kind = kinds.get(i)
                    if kind == SHIP:
                        self.ships = True
                    elif kind == BUILDING:
                        self.buildings.add(i)
                    elif kind == SPECIAL:
                        self.specials.add(i)

    def stmt(self, node) -> None:
        if isinstance(node, t.Exchange):
            if isinstance(node.cost, t.Bundle):
                self.paid(node.cost)
            else:
                self.stmt(node.cost)
            for result in node.results:
                self.result(result)
        elif isinstance(node, t.Acquire):
            self.gained(node)
        elif isinstance(node, t.Pay):
            self.paid(node.bundle)
        elif isinstance(node, t.Require):
            selector = node.selector
            if not isinstance(selector, t.Selector) or not _fixed_range(node.range):
                raise _Open()
            self.ships = True
        elif isinstance(node, t.ChooseOne):
            for alternative in node.alternatives:
                for stmt in alternative:
                    self.stmt(stmt)
        elif isinstance(node, t.Mood):
            self.stmt(node.stmt)
        elif isinstance(node, t.Upgrade):
            # `c_Upgrade`: which goods of the selector are held (what each becomes is the content's)
            if not isinstance(node.selector, t.Selector) or not (node.steps is None or isinstance(node.steps, t.IntAmount)):
                raise _Open()
            kinds = self.catalog.kind
            self.held.update(i for i in self.catalog.selector_members(node.selector.nouns) if kinds.get(i) == GOOD)
        elif isinstance(node, t.TakeMountain):
            self.strips = True  # `c_TakeMountain`: whether a strip has items, and which comes first
        elif isinstance(node, t.Draw):
            pass  # drawing can always be done (`c_Draw`)
        elif isinstance(node, t.Dice):
            sail = node.sail  # `DiceRunner.can`: only whether enough ships sail
            if sail is not None:
                if not isinstance(sail.selector, t.Selector) or not _fixed_range(sail.range):
                    raise _Open()
                self.ships = True
        elif isinstance(node, t.If):
            self.cond(node.cond)
            for stmt in node.then + (node.otherwise or ()):
                self.stmt(stmt)
        else:
            raise _Open()

    def cond(self, node) -> None:
        if isinstance(node, (t.And, t.Or)):
            for arg in node.args:
                self.cond(arg)
        elif isinstance(node, t.Not):
            self.cond(node.arg)
        elif isinstance(node, t.Compare):
            self.number(node.left)
            self.number(node.right)
        else:
            raise _Open()

    def number(self, node) -> None:
        """What `Expressions.number` reads: fixed numbers, the number of players, the counts of
        the player's own items (`count(my X)` of goods, animals, ships and the like)."""
        if isinstance(node, t.Num):
            return
        if isinstance(node, (t.MinOf, t.MaxOf)):
            for arg in node.args:
                self.number(arg)
        elif isinstance(node, t.BinOp):
            self.number(node.left)
            self.number(node.right)
        elif isinstance(node, (t.Half, t.Signed)):
            self.number(node.arg)
        elif isinstance(node, t.Quantity) and node.name == "players":
            self.players = True
        elif isinstance(node, t.Query) and node.name == "count":
            self.counted(node.arg)
        else:
            raise _Open()

    def counted(self, selector) -> None:
        """`Queries.count` of `my` items without modifiers: their counts where they are held."""
        if not isinstance(selector, t.Selector) or selector.owner not in (None, "my") or selector.mods:
            raise _Open()
        catalog = self.catalog
        names = {catalog.resolve(words) for words in selector.nouns}
        if "viking" in names or "occupation" in names:
            raise _Open()
        for item in catalog.selector_members(selector.nouns):
            kind = catalog.kind.get(item)
            if kind == ANIMAL:
                self.stables.add(item)
            elif kind == SHIP:
                self.ships = True
            elif kind in (GOOD, SPECIAL, RESOURCE, WEAPON):
                self.supply.add(item)
            else:
                raise _Open()

    def result(self, node) -> None:
        """An exchange's result, as `_result_can` judges it (`up to` / `any number` results
        and those about `it` are not read; a `may` result is not read)."""
        if isinstance(getattr(node, "range", None), (t.UpTo, t.AnyNumber)):
            return
        if any(isinstance(n, t.It) for n in t.walk(node)):
            return
        if isinstance(node, t.Mood) and node.mood == "may":
            return
        self.stmt(node)


def _fixed_range(r) -> bool:
    if isinstance(r, t.AnyNumber):
        return True
    if isinstance(r, (t.Exactly, t.UpTo)):
        return isinstance(r.amount, t.IntAmount)
    if isinstance(r, t.Between):
        return isinstance(r.low, t.IntAmount) and isinstance(r.high, t.IntAmount)
    return False


def reads_of_space(content, catalog, space: str) -> Reads | None:
    """What judging the space can read (None: more than `Reads` pictures)."""
    collect = _Collect(catalog)
    try:
        for item in content.programs[("spaces", space)].items:
            collect.stmt(item)
    except _Open:
        return None
    return Reads(sorted(collect.supply), sorted(collect.stables), collect.ships, sorted(collect.buildings),
                 sorted(collect.specials), sorted(collect.held), collect.strips, collect.players)


class DirectMemo:
    """The remembered direct verdicts of one game's spaces (shared by every game on its content)."""

    def __init__(self, game):
        self.g = game
        self.plans: dict = {}  # space -> its Reads or None
        self.enabled = True
        # the berths a ship needs are the home board's: part of the key with the game length
        self.table = relevance.cached(game.content, ("direct verdicts", game.options.length), dict)

    def plan(self, space: str):
        plans = self.plans
        found = plans.get(space, plans)
        if found is plans:
            g = self.g
            found = plans[space] = relevance.cached(g.content, ("direct reads", space),
                                                    lambda: reads_of_space(g.content, g.catalog, space))
        return found

    def key(self, p, space: str, needed: int):
        """The key of the space's direct verdict for player state `p` in `table`; None when
        it cannot be remembered (more is read, or a modifier the check consults is installed)."""
        if not self.enabled:
            return None
        events = self.g.events
        if not GUARDS.isdisjoint(events._values) and events.changes_any(GUARDS, p.index):
            return None  # a modifier the check consults applies to this player
        reads = self.plans.get(space, self.plans)
        if reads is self.plans:
            reads = self.plan(space)
        if reads is None:
            return None
        return (space, needed, reads.picture(p, self.g.state))

    def remember(self, key, verdict: bool) -> bool:
        table = self.table
        if len(table) >= LIMIT:
            table.clear()
        table[key] = verdict
        return verdict
