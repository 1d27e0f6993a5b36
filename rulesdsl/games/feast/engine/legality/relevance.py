"""Which items an effect could touch, read from its tree without running it.

Used to skip trying effects out (see `preparations.py`) when they cannot change
whether an action space is usable: an effect that only mentions peas cannot make a space
that needs a knarr and silver usable. The answer is conservative: `None` means "could touch
anything" (a granted action, a modifier, a card played from the hand ...). What a played
card's hooks could do counts in what playing it reaches, and `preparations` adds what the hooks
in play could do when an effect sets them off (`SET_OFF_ONLY_BY_OPEN`).
"""

from __future__ import annotations

from rulesdsl.content.catalog import GOOD, RESOURCE, WEAPON
from rulesdsl.content.tables import content_table, forget_table
from rulesdsl.lang import tree as t

# statements whose reach is not the items they name
_OPEN = (t.VarItem, t.Play, t.Emigrate, t.Explore, t.DoNamed, t.DoSpace,
         t.Imitate, t.RunPhase, t.Loot, t.Lift,
         t.Dice, t.Sail, t.Watch, t.Anytime, t.ForEach)
# statements that only turn goods into other goods (`upgrade`, `flip`) or gain the goods the
# content marks as harvested: their reach is read from the content (see `_goods_reach`)
_GOODS_ONLY = (t.Upgrade, t.Flip, t.Harvest)
# Returning Vikings changes the Thing square and the occupancy, which the catalog's `viking`
# stands for: a space's needs name it when its effects read Vikings or occupied spaces.
# (`choose S ...: body` reaches what its body reaches; a value bound to S is read through
# `VarItem` or `Ref` nodes, which stay open or are read like any other.)
VIKINGS = "viking"
_READS_VIKINGS = (t.ReturnVikings, t.Imitate)

# What a changed value or an allowed rule can stand in for when a space's feasibility is
# judged (None: anything). Dice, loot and feast values change outcomes, never whether an
# action can be taken; the Vikings needed are already placed when preparations run.
VALUE_REACH = {
    "silver_cost": frozenset({"silver"}), "emigration_cost": frozenset({"silver"}),
    "stone_cost": frozenset({"stone"}), "wood_cost": frozenset({"wood"}),
    "vikings_needed": frozenset(), "die_result": frozenset(), "rolls": frozenset(),
    "battle_result": frozenset(), "worth": frozenset(), "loot_count": frozenset(), "sword_value": frozenset(),
    "upgrade_steps": frozenset(), "lengthwise_limit": frozenset(),
}
RULE_REACH = {
    "placing": frozenset(), "looting": frozenset(), "upgrading_extra_step": frozenset(),
    "unloading": frozenset({"ore"}), "substituting": None, "exploring": None,
}
_ORE = (t.LoadOre, t.RemoveOre, t.UnloadOre)


# what a space needs: these read only what they name, or the player's ships and silver
_NEEDS_OPEN = (t.VarItem, t.DoNamed, t.DoSpace, t.RunPhase, t.ChooseVar, t.Modify, t.SetValue,
               t.Allow, t.Watch, t.Anytime, t.ForEach)
_NEEDS_SHIPS = (t.Emigrate, t.Explore, t.Sail)


_OPEN_REACH = object()
def forget(content) -> None:
    """Drop every reading of this content's trees: for a tool that changes a program of a loaded
    content in place (tools/mutate_cards.py), so that no reading of the old program is used."""
    forget_table(content, "relevance")


def cached(content, key, compute):
    """A reading of the content's trees, computed once per content (not per game) and kept with it.
    Keys name content objects (space ids, card numbers, id() of a hook kept alive by the content)."""
    table = content_table(content, "relevance", dict)
    value = table.get(key, table)
    if value is table:
        value = table[key] = compute()
    return value


def mentioned(catalog, trees, needs: bool = False, play_reach=_OPEN_REACH) -> frozenset | None:
    """The item ids the trees name (classes expanded), or None when they could reach further.
    With `needs` (what a space's feasibility reads): playing needs cards in hand, upgrading and
    flipping need the goods named, sailing needs ships and silver. `play_reach` is what playing
    an occupation could reach (the cards in hand), when known."""
    found: set = set()
    for tree in trees:
        for node in t.walk(tree, _given if needs else None):
            if play_reach is not _OPEN_REACH and isinstance(node, t.Play):
                if play_reach is None:
                    return None
                found |= play_reach
                continue
            if needs:
                if isinstance(node, _NEEDS_OPEN):
                    return None
                if isinstance(node, t.Play):
                    found.add("occupation")
                elif isinstance(node, _NEEDS_SHIPS):
                    found |= catalog.members(("ship",)) | {"silver"}
                elif isinstance(node, t.TakeMountain):
                    found |= {good for item in catalog.content.mountain_items.values() for good in item.gives}
                elif isinstance(node, _READS_VIKINGS) or (isinstance(node, t.Query) and node.name != "count"):
                    found.add(VIKINGS)
            elif isinstance(node, _OPEN):
                return None
            elif isinstance(node, t.TakeMountain):
                found |= _mountain_reach(catalog, node)
            elif isinstance(node, _GOODS_ONLY):
                found |= _goods_reach(catalog, node)
            elif isinstance(node, t.ReturnVikings):
                found.add(VIKINGS)
            elif isinstance(node, (t.Modify, t.SetValue, t.Allow)):
                reach = RULE_REACH.get(node.rule) if isinstance(node, t.Allow) else VALUE_REACH.get(node.value)
                if reach is None:
                    return None
                found |= reach
            if isinstance(node, t.Draw):
                found.add("occupation" if catalog.resolve((node.what,)) == "occupation" else "weapon")
            elif isinstance(node, _ORE):
                found.add("ore")
            words = getattr(node, "words", None)
            if words:
                found |= catalog.members(words)
                name = catalog.resolve(words)
                if name is not None:
                    found.add(name)
            nouns = getattr(node, "nouns", None)
            if nouns:
                found |= catalog.selector_members(nouns)
                found.update(n for n in (catalog.resolve(w) for w in nouns) if n is not None)
    return frozenset(found)


def _mountain_reach(catalog, node) -> frozenset:
    """What taking from mountain strips can give: what the strip items it may take give (those
    its `only` names, else any). It also announces `mountain_taken`, whose listeners a chain reads."""
    allowed = catalog.selector_members(node.only) if node.only else None
    return frozenset(give for iid, item in catalog.content.mountain_items.items()
                     if allowed is None or iid in allowed for give in item.gives)


def _goods_reach(catalog, node) -> frozenset:
    """What an upgrade or a flip can leave in a supply: goods tiles only (the interpreter
    refuses any other result); a harvest: the goods the content gives a harvest value."""
    if isinstance(node, t.Harvest):
        return frozenset(g.id for g in catalog.content.goods.values() if g.harvest is not None)
    return frozenset(item for item, kind in catalog.kind.items() if kind == GOOD)


def _given(node):
    """For a space's needs, what a statement gives does not matter (a gain never decides whether
    an action can be taken); how many it gives may (`per cattle`, an amount read from the board)."""
    if isinstance(node, t.Acquire) and node.verb == "gain":
        return (node.per,) + tuple(getattr(item, "amount", None) for part in node.bundle.parts for item in part)
    if isinstance(node, t.Dice):  # a dice action can be taken when its ships sail: what it pays and gains comes later
        return (node.sail,)
    return None


def may_matter(produced: frozenset | None, needed: frozenset | None) -> bool:
    return produced is None or needed is None or bool(produced & needed)


def imitated_columns(content, space: str) -> frozenset | None:
    """The columns a space imitates (None: it imitates nothing); an open place gives every column."""
    places = [n.place for n in t.walk(content.programs[("spaces", space)]) if isinstance(n, t.Imitate)]
    if not places:
        return None
    if all(isinstance(p, t.ColumnPlace) for p in places):
        return frozenset(c for p in places for c in p.columns)
    return frozenset(content.columns)


def needs_of_space(content, catalog, space: str) -> frozenset | None:
    """What a space's own effects name (what could make it usable). Imitating needs what
    any space that can be imitated needs."""
    program = content.programs[("spaces", space)]
    imitations = [n for n in t.walk(program) if isinstance(n, t.Imitate)]
    if not imitations:
        return _checked_reads(catalog, program.items)
    columns = set()
    for node in imitations:
        if not isinstance(node.place, t.ColumnPlace):
            return None
        columns.update(node.place.columns)
    found: set = {VIKINGS}  # what it may imitate depends on the occupied spaces
    for other, spec in content.spaces.items():
        if spec.column not in columns:
            continue
        other_program = content.programs[("spaces", other)]
        if any(isinstance(n, t.Imitate) for n in t.walk(other_program)):
            continue
        needs = _checked_reads(catalog, other_program.items)
        if needs is None:
            return None
        found |= needs
    return frozenset(found)


def _checked_reads(catalog, items) -> frozenset | None:
    """What judging a space's statements reads: of an exchange whose results may all come to
    nothing (`flip any number`, `up to`), only its cost (what `can_on_space` checks)."""
    found: set = set()
    for item in items:
        if isinstance(item, t.Exchange) and all(isinstance(getattr(r, "range", None), (t.UpTo, t.AnyNumber)) for r in item.results):
            item = item.cost
        reads = mentioned(catalog, (item,), needs=True)
        if reads is None:
            return None
        found |= reads
    return frozenset(found)


def produced_by_hook(catalog, hook, play_reach=_OPEN_REACH) -> frozenset | None:
    return mentioned(catalog, (hook.body,), play_reach=play_reach)


def uses_play(hook) -> bool:
    return any(isinstance(n, t.Play) for n in t.walk(hook.body))


def produced_by_card(content, catalog, number: int) -> frozenset | None:
    """What playing a card could change at once: its immediate statements and `when played` hooks."""
    return mentioned(catalog, tuple(_card_parts(content, number)))


def _card_parts(content, number: int) -> list:
    parts = []
    for item in content.programs[("occupations", number)].items:
        if isinstance(item, t.OnceHook):
            item = item.hook
        if isinstance(item, t.Hook):
            # a hook other than "when played" waits for its event; a preparation after the play
            # may set it off (a card played in column 4, then a strip taken that its hook hears)
            parts.append(item.body)
            continue
        if isinstance(item, t.Watch):
            parts.extend(item.body)
            continue
        if isinstance(item, t.Anytime):
            continue
        parts.append(item)
    return parts


# ---------------------------------------------------------------- what an effect could give
# Paying these never frees room for anything (goods, resources and weapons have no limit);
# paying a ship, an animal, a building or a tile may (a berth, a pen, a square).
_UNBOUNDED = (GOOD, RESOURCE, WEAPON)


def gained(catalog, trees, play_reach=_OPEN_REACH, quiet: bool = False) -> frozenset | None:
    """A sharper `mentioned` for a space whose feasibility only grows with what the player
    holds (`monotone`): what the trees could give or free. Conditions, `per` counts and the
    goods, resources and weapons an effect pays are read or taken, never given, so they
    cannot make such a space usable; anything else falls back to `mentioned`."""
    reach = _gains(catalog, tuple(trees), play_reach, quiet)
    return None if reach is None else frozenset(reach)


def _gains(catalog, node, play_reach, quiet=False):
    if isinstance(node, (tuple, list)):
        found: set = set()
        for child in node:
            reach = _gains(catalog, child, play_reach, quiet)
            if reach is None:
                return None
            found |= reach
        return found
    if isinstance(node, t.Acquire):
        return mentioned(catalog, (node.bundle,))
    if isinstance(node, t.Pay):
        return _freed(catalog, node.bundle)
    if isinstance(node, t.Exchange):
        cost = _freed(catalog, node.cost) if isinstance(node.cost, t.Bundle) else _gains(catalog, node.cost, play_reach, quiet)
        results = _gains(catalog, node.results, play_reach, quiet)
        return None if cost is None or results is None else cost | results
    if isinstance(node, t.If):
        return _gains(catalog, (node.then, node.otherwise or ()), play_reach, quiet)
    if isinstance(node, t.Mood):
        return _gains(catalog, node.stmt, play_reach, quiet)
    if isinstance(node, t.ChooseOne):
        return _gains(catalog, node.alternatives, play_reach, quiet)
    if isinstance(node, t.ChooseVar):  # its condition is only read
        return _gains(catalog, node.body, play_reach, quiet)
    if isinstance(node, t.Hook):
        return _gains(catalog, node.body, play_reach, quiet)
    if isinstance(node, t.RunPhase) and quiet:
        return _phase_gains(catalog, node.phase)
    if isinstance(node, (t.Modify, t.SetValue, t.Allow)):  # its filters and condition are only read
        reach = RULE_REACH.get(node.rule) if isinstance(node, t.Allow) else VALUE_REACH.get(node.value)
        return None if reach is None else set(reach)
    return mentioned(catalog, (node,), play_reach=play_reach)


# What a generic mechanism can give the player it runs for, and the events it announces (the
# rest are open). A banquet only moves food and coins from the player onto the table and back
# to the general supply ([P9.7]) and adds penalties, which no space reads: it gives nothing.
MECHANISM_GAINS = {"banquet": frozenset()}
MECHANISM_EVENTS = frozenset({"feast_filled"})
# Events announced only by statements read as open here (dice and sailing, the mountain phase,
# emigrating, exploring, a space's action), by playing cards (read through the hand) or by
# the round itself: an effect whose reach is known cannot set off a hook on them. (Phases,
# actions and parts are events of their own kinds, set off only by open statements too.)
SET_OFF_ONLY_BY_OPEN = frozenset({
    "dice_started", "die_rolled", "dice_succeeded", "dice_failed", "dice_ended",
    "mountain_updated", "emigrated", "explored", "ship_used", "payment", "played", "vikings_placed",
    "occupations_played", "final_scoring",
})


def _phase_gains(catalog, phase: str):
    """What running a phase for one player gives by itself, when its mechanisms' gains are
    known (None: anything). Only asked when no listener hears a phase's or a mechanism's
    events (`quiet`): a card's hook on them could give anything."""
    program = catalog.content.programs.get(("phases", phase))
    if program is None or not all(isinstance(item, t.Use) and item.name in MECHANISM_GAINS for item in program.items):
        return None
    found: set = set()
    for item in program.items:
        found |= MECHANISM_GAINS[item.name]
    return found


def _freed(catalog, bundle):
    """What paying a bundle could free room for: the paid items that have a limit."""
    paid = mentioned(catalog, (bundle,))
    if paid is None:
        return None
    return {item for item in paid if catalog.kind.get(item) not in _UNBOUNDED}


def monotone(content, space: str) -> bool:
    """Whether the space's effects can only become usable by holding more (no `at most`,
    `exactly`-style comparison, negation or bounded requirement): then `gained` applies."""
    for node in t.walk(content.programs[("spaces", space)]):
        if isinstance(node, t.Compare) and node.op not in (">=", ">"):
            return False
        if isinstance(node, t.Not) or isinstance(node, (t.Imitate, t.DoSpace, t.DoNamed)):
            return False
        if isinstance(node, t.Require) and isinstance(node.range, (t.UpTo, t.Between)):
            return False
    return True


def phases_run(content, number: int) -> frozenset:
    """The phases a card's effects run for one player, as their events (`phase:<id>`)."""
    return frozenset(f"phase:{node.phase}" for tree in _card_parts(content, number)
                     for node in t.walk(tree) if isinstance(node, t.RunPhase))


def gained_by_card(content, catalog, number: int, quiet: bool = False) -> frozenset | None:
    """`produced_by_card` read with `gained` (`quiet`: no listener hears the phases it runs, see `_phase_gains`)."""
    return gained(catalog, tuple(_card_parts(content, number)), quiet=quiet)
