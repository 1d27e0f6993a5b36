"""The engine's vocabulary: the kinds of events, quantities, values and rules
the card language can name.

Content supplies the particular things (goods, spaces, phases ...); this module
lists the *kinds* of moments and computed values the engine offers. A card
never appears here. Adding a timing point or a computed value for a new card
means one entry here plus its handling in the engine, and every card may then
use it. docs/LANGUAGE.md is generated from these tables' descriptions.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class EventKind:
    name: str
    timings: tuple[str, ...]
    filters: tuple[str, ...]  # which of: on, for, of, how, as, with
    doc: str


def _events(*rows) -> dict[str, EventKind]:
    return {r[0]: EventKind(*r) for r in rows}


# `phase`, `action` and `part` have their own syntax (`before phase feast`, `after action`,
# `instead of part upgrade`); every other event is a name.
EVENTS = _events(
    ("phase", ("before", "during", "after"), ("how",), "a phase of the round: before it starts, during your share of it, after it ends; `how extra` when a card runs or counts as the phase, `how phase` for the round's own"),
    ("action", ("before", "after", "instead"), ("on", "for", "how"), "the action of a space (or a dice action a card grants: `for hunting_game`): after the column bonus and before costs; after it completed; or replaced"),
    ("part", ("instead",), ("on", "how"), "a named part of a space's action (`part upgrade: ...` in the space), replaced"),
    ("played", ("when",), (), "this card is played"),
    ("vikings_placed", ("when",), ("on", "with"), "you put Vikings on an action space (before the column bonus); `with 2 vikings`: exactly that many"),
    ("payment", ("before",), ("of", "on", "how"), "you are about to pay an item as the cost of a space"),
    ("dice_started", ("when",), ("for", "on", "how"), "a dice action begins (ships committed)"),
    ("die_rolled", ("when",), ("for", "on", "how"), "a die was rolled, before the reroll-or-stop decision"),
    ("dice_succeeded", ("when",), ("for", "on", "how"), "a dice action succeeded"),
    ("dice_failed", ("when",), ("for", "on", "how"), "a dice action failed"),
    ("dice_ended", ("when",), ("for", "on", "how"), "a dice action ended, either way"),
    ("gaining", ("instead",), ("of", "how"), "goods are about to be received (the pending gain may be rewritten)"),
    ("received", ("when",), ("of", "how"), "goods or animals entered your supply or stables (once per item)"),
    ("mountain_taken", ("when",), (), "you took items from mountain strips (once per occasion)"),
    ("mountain_updated", ("when",), (), "the mountain phase removed the leftmost items of the strips"),
    ("drawing", ("instead",), ("for", "how"), "a card is about to be drawn (occupation or weapon)"),
    ("ship_acquired", ("when",), ("of", "how"), "you got a ship (built, bought, exchanged or taken)"),
    ("ship_used", ("when",), ("of", "on"), "one of your ships met the ship requirement of an action"),
    ("emigrated", ("when",), ("of", "how"), "you emigrated a ship"),
    ("explored", ("when",), ("of", "how"), "you took an exploration board"),
    ("building_acquired", ("when",), ("of", "how"), "you got a building tile"),
    ("tile_placed", ("when",), ("of", "on"), "you placed an item on a board, house, shed or ship"),
    ("occupations_played", ("when",), (), "you played one or more occupations (once per occasion, after its last card; a card hears it only for cards played after itself)"),
    ("vikings_returned", ("when",), ("on", "how", "with"), "Vikings went back from a space to your Thing square (once per occasion)"),
    ("thing_changed", ("when",), (), "the number of your Vikings on the Thing square changed"),
    ("bonus", ("instead",), ("on",), "a board or house is about to pay its bonus goods"),
    ("feast_filled", ("when",), ("how",), "you finished covering your banquet table in a feast, before the food goes back (`served(...)` is readable)"),
    ("final_scoring", ("when",), (), "the game ended, before points are counted"),
)

# How an event came about, for `how` filters.
HOWS = {
    "built": "with wood on an action space (ships) or on a space (buildings)",
    "bought": "for silver",
    "exchanged": "in exchange for other items",
    "taken": "for free",
    "born": "in animal breeding",
    "harvested": "in a harvest",
    "looted": "as loot of a raid or pillage",
    "upgraded": "by an upgrade",
    "flipped": "by turning a tile over",
    "bonus": "from a bonus square",
    "space": "by Vikings on an action space: placed on the space itself or on an imitation space copying it",
    "placed": "by Vikings placed on the action space itself (not on an imitation space copying it)",
    "copied": "by Vikings on an imitation space copying the action space",
    "granted": "by a card, without Vikings on a space",
    "extra": "by a card running or counting as an extra phase",
    "column_bonus": "by the column-3 draw or column-4 play",
    "phase": "by a phase of the round",
}

# Quantities: numbers (or truth values) read from the game without arguments.
QUANTITIES = {
    "round": "the current round number",
    "rounds": "the number of rounds of this game (7 long, 6 short)",
    "players": "the number of players",
    "income": "the silver you would receive if the Income phase happened now",
    "result": "the (modified) result of the current dice action",
    "rolls": "how many times the die has been rolled in the current dice action",
    "thing_vikings": "your Vikings on the Thing square",
    "thing_vikings_before": "your Vikings on the Thing square before the change (thing_changed)",
    "placed_vikings": "Vikings placed in the current placement",
    "times_this_round": "how many times this hook's event, with its filters, happened to you this round, this one included",
    "in_action": "1 while a Viking action is being carried out, else 0",
    "harvest_round": "1 if this round has a harvest, else 0",
    "last_round": "1 in the last round, else 0",
    "silver_cost": "the silver the current action costs (after modifiers)",
    "bonus_goods": "how many bonus goods the current board or house produces",
    "empty_seats": "banquet seats left empty in this feast",
    "emigrations": "how many ships you have emigrated",
    "amount": "how many items or Vikings the event is about (a pending gain, items received, Vikings returned)",
    "harvest_number": "the harvest code of this round (0 = no harvest)",
    "in_action_phase": "1 during the Action phase, else 0",
    "top_sword_value": "the highest sword value among the special tiles still in the supply",
    "occupations_played_now": "occupations played on the current occasion",
    "played_this_action": "occupations you played during the current action (column bonus included)",
    "new_vikings": "Vikings that leave the banquet table this round: 1, or in a solo game the round's entry of the home board's solo seats",
    "banquet_seats": "the seats of your home board's banquet table",
    "banquet_vikings": "the Vikings sitting on your banquet table at the start of the game",
    "ship_seats": "the banquet seats one emigrated ship covers",
}

# Queries: named functions of a selector or a bound name.
QUERIES = {
    "count": "how many of the selected things you have: goods and weapons in your supply, animals in your stables, ships in your bay, buildings and boards you own, Vikings where named (`in` names other zones)",
    "kinds": "how many different kinds the selected things include (a pregnant animal is its species)",
    "paid": "items paid in the current action or dice action",
    "gained": "items the current action gave you from its own effect",
    "printed": "items printed as the yield of the current space",
    "served": "items served in the current feast",
    "taken": "items taken from mountain strips on the current occasion",
    "removed": "items removed from mountain strips in the current mountain update",
    "used": "ships used by the current action",
    "upgraded": "goods upgraded by the current action",
    "column": "the column of a space",
    "row": "the row of a space",
    "occupied": "1 if a space is occupied, else 0",
    "occupied_by_other": "1 if a space is occupied by another player's Vikings, else 0",
    "adjacent": "1 if a space is directly above or below a space holding your Vikings in the same column",
    "vikings": "Vikings standing on a space (yours)",
    "ore": "ore on a ship (printed and loaded)",
    "loaded_ore": "ore loaded on a ship (not the printed ore)",
    "sword_value": "the sword value of a tile",
    "price": "the silver price of a special tile or ship",
    "available": "how many of the selected things are left to take: special tiles and buildings in the supply, weapons in the deck and discard pile",
    "free_berths": "free berths of the selected size in your bay",
    "free_slots": "empty wood or stone slots on your sheds (`free_slots(wood)`)",
}

# Computed values that `modify` and `set` change.
VALUES = {
    "silver_cost": "the silver a space's action costs in total, emigration included (never below 0)",
    "stone_cost": "the stone a space's action costs (never below 0)",
    "wood_cost": "the wood a space's action costs (never below 0)",
    "emigration_cost": "the silver an emigration costs (never below 0)",
    "vikings_needed": "the number of Vikings a space needs",
    "die_result": "the result of each roll of a dice action (a low-is-good result below 0 counts as 0)",
    "rolls": "how many rolls a dice action allows",
    "battle_result": "the battle result of a raid or pillage",
    "worth": "what one item paid in a dice action is worth (`of` the item)",
    "loot_count": "how many tiles a successful raid or pillage takes; above 1, their sword values together must not exceed the battle result",
    "sword_value": "the sword value of a tile when looting (`of` the tiles; a green good has the value of its blue face)",
    "upgrade_steps": "the steps one upgrade of an action gives",
    "lengthwise_limit": "how many tiles of a kind may lie lengthwise on the banquet table",
}

# Rule switches that `allow` turns on.
RULES = {
    "placing": "placing the `of` items on the `on` area, which the rules do not allow",
    "substituting": "paying or using the `of` items as the `as` item",
    "unloading": "taking loaded ore back from ships into your supply",
    "exploring": "exploring the `of` boards from the `on` space",
    "looting": "looting the `of` goods (with sword values from `modify sword_value`)",
    "upgrading_extra_step": "one good of an upgrade action going one step further",
}

# Zones a selector can look at with `in` / `from`.
ZONES = {
    "supply": "your personal supply (the default)",
    "stables": "your sheep and cattle pens",
    "boards": "placed on your home board and exploration boards",
    "houses": "placed in your houses",
    "sheds": "placed in your sheds",
    "placed": "placed anywhere (boards, houses, sheds)",
    "ships": "loaded on your ships",
    "hand": "occupations in your hand",
    "played": "occupations you have played",
    "feast": "the food served in the current feast",
    "general": "the general supply",
    "deck": "the face-down deck",
    "discard": "the weapon discard pile",
    "paid": "items paid in the current action or dice action",
    "gained": "items the current action gave you from its own effect",
    "printed": "items printed as the yield of the current space",
    "served": "items served in the current feast",
    "taken": "items taken from mountain strips on the current occasion",
    "removed": "items removed from mountain strips in the current update",
    "used": "ships used by the current action",
    "upgraded": "goods upgraded in the current action",
}

# Class nouns the engine understands besides the content's own ids (singular forms).
CLASSES = {
    "good": "any goods tile (not animals)",
    "food": "orange and red goods, animals included",
    "animal": "sheep and cattle, pregnant or not",
    "special_tile": "a special tile (counts as a blue good)",
    "tile": "any goods tile, animal or special tile",
    "weapon": "any weapon card",
    "ship": "any ship",
    "house": "a stone house or long house (never a shed)",
    "building": "any building tile",
    "building_resource": "wood, stone or ore",
    "viking": "a Viking",
    "occupation": "an occupation card",
    "exploration_board": "an exploration board",
    "board": "your home board or an exploration board",
    "home_board": "your home board",
    "space": "an action space",
    "strip": "a face-up mountain strip",
    "mountain_item": "an item on a mountain strip",
    "item": "anything that can be gained",
    "thing": "the Thing square",
    "table": "the banquet table",
    "bay": "your ship berths",
}

# Attributes an item can be filtered by with `with` (`1 special_tile with tongs`) or
# counted by (`longships with 2 to 3 ore`, `longship with most ore`).
ATTRIBUTES = {
    "tongs": "carries the forge-tongs icon",
    "ore": "ore on a ship",
    "loaded_ore": "ore loaded on a ship",
    "sword_value": "sword value",
    "price": "silver price",
    "squares": "squares covered",
}

# Event objects that `this <name>` can refer to.
THIS = {
    "space": "the space of the current action or event",
    "ship": "the ship of the event (acquired, used)",
    "longship": "the longship that sails in the current dice action",
    "card": "this occupation card",
    "good": "the good of the event",
    "tile": "the tile of the event",
    "board": "the board or house of the event",
    "strip": "the mountain strip of the event",
    "column": "the column of the current space",
}


@attrs.frozen
class MechanismKind:
    name: str
    params: tuple[str, ...]  # every parameter must be given (`with offspring 1`)
    scope: str  # player: runs for one player; table: acts on the whole table (a phase runs it once)
    doc: str


def _mechanisms(*rows) -> dict[str, MechanismKind]:
    return {r[0]: MechanismKind(*r) for r in rows}


# Generic mechanisms that `use NAME with PARAM AMOUNT, ...` runs: the work of the phases of the
# round, each parameterised by its arguments and by the content (home board, round plan).
MECHANISMS = _mechanisms(
    ("leave_table", ("count",), "player", "move that many of your Vikings from the banquet table to the Thing square (as many as sit there; the phase gives `new_vikings`)"),
    ("harvest_goods", ("up_to",), "player", "take one of every orange good with a harvest number up to `up_to` (0: nothing)"),
    ("turn_exploration_boards", (), "table", "the round plan's `turn` slot turns over if unclaimed (its silver goes back); every other unclaimed board gets the round plan's `silver`"),
    ("draw_weapon", (), "player", "draw the top weapon card (a `drawing` replacement may take its place)"),
    ("turns", (), "table", "turns in order from the start player, each placing Vikings on a space or passing, until everyone has passed"),
    ("last_placer_starts", (), "table", "the player who placed Vikings last becomes the start player (not in a solo game)"),
    ("collect_income", (), "player", "take silver equal to the smallest uncovered income number of your home board plus each exploration board's"),
    ("breed_pairs", ("offspring",), "player", "for each species of the home board's pens: pregnant animals give birth to `offspring` young each and turn back; otherwise a pair makes one animal pregnant"),
    ("banquet", ("seats",), "player", "cover that many banquet seats with food (no two of one colour side by side) or 1-silver coins; each seat left empty is a Thing penalty"),
    ("board_bonus", (), "player", "every board and house whose bonus squares are fully surrounded pays their goods (`run phase bonus on ...` narrows the boards)"),
    ("update_mountain_strips", (), "table", "the leftmost item of every mountain strip goes, empty strips leave, and the next strip of the pile is added"),
    ("return_placed_vikings", (), "table", "every Viking on the action board goes back to its owner's Thing square (solo: this round's stay and block)"),
)
