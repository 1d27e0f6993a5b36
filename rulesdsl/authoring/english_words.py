"""Player-facing English for the engine's vocabulary (the kinds of `rulesdsl.lang.registry`).

The registry's own descriptions are written for authors (they quote the language); these
phrases are what a player reads in `explain`, the table and the lessons. Every kind of the
registry has a phrase here (tests/test_english.py checks it), so a new event, quantity or
value is told in words as soon as it exists. No card, space or good is named here.
"""

from __future__ import annotations

# Events: the clause after "Each time" (for `instead`: the clause after "Instead of"); phase,
# action and part events are worded by the explainer itself.
EVENTS = {
    "played": "you play this card",
    "vikings_placed": "you place {with} on {on}",
    "payment": "you are about to pay {of} for the action of {on}",
    "dice_started": "{for} begins",
    "die_rolled": "you roll the die in {for}",
    "dice_succeeded": "{for} succeeds",
    "dice_failed": "{for} fails",
    "dice_ended": "{for} ends, successful or not",
    "gaining": "{of} is about to come to you",
    "received": "{of} comes into your supply or stables",
    "mountain_taken": "you take items from the mountain strips",
    "mountain_updated": "the mountain strips are updated",
    "drawing": "you are about to draw {for}",
    "ship_acquired": "you get {of}",
    "ship_used": "{of} of yours is used for the action of {on}",
    "emigrated": "you emigrate {of}",
    "explored": "you take {of}",
    "building_acquired": "you get {of}",
    "tile_placed": "you place {of} on {on}",
    "occupations_played": "you play one or more occupations",
    "vikings_returned": "{with} of yours go back from {on} to the Thing square",
    "thing_changed": "the number of your Vikings on the Thing square changes",
    "bonus": "{on} is about to give its bonus goods",
    "feast_filled": "you have filled your banquet table in a feast, before the food goes back",
    "final_scoring": "the game ends, before points are counted",
}

# What an event's placeholder says when the hook has no filter for it.
EVENT_DEFAULTS = {
    ("vikings_placed", "with"): "Vikings", ("vikings_placed", "on"): "an action space",
    ("payment", "of"): "an item", ("payment", "on"): "an action space",
    ("dice_started", "for"): "a dice action of yours", ("die_rolled", "for"): "a dice action",
    ("dice_succeeded", "for"): "a dice action of yours", ("dice_failed", "for"): "a dice action of yours",
    ("dice_ended", "for"): "a dice action of yours", ("gaining", "of"): "goods",
    ("received", "of"): "an item", ("drawing", "for"): "a card", ("ship_acquired", "of"): "a ship",
    ("ship_used", "of"): "a ship", ("ship_used", "on"): "an action space", ("emigrated", "of"): "a ship",
    ("explored", "of"): "an exploration board", ("building_acquired", "of"): "a building",
    ("tile_placed", "of"): "an item", ("tile_placed", "on"): "a board, house, shed or ship",
    ("vikings_returned", "with"): "some Vikings", ("vikings_returned", "on"): "a space",
    ("bonus", "on"): "a board or house",
}

# `how` filters: how the event came about.
HOWS = {
    "built": "by building", "bought": "by buying", "exchanged": "in an exchange", "taken": "for free",
    "born": "by breeding", "harvested": "in a harvest", "looted": "as loot of a raid or pillage",
    "upgraded": "by an upgrade", "flipped": "by turning a tile over", "bonus": "from a bonus square",
    "space": "with Vikings", "granted": "by a card, without Vikings",
    "placed": "with Vikings placed on the space itself", "copied": "with Vikings on an imitation space copying it",
    "extra": "as an extra phase from a card", "column_bonus": "by the column bonus of column 3 or 4",
    "phase": "in the round's own phase",
}

# Quantities: (a noun phrase, or for the yes-or-no ones a (true, false) pair of clauses).
QUANTITIES = {
    "round": "the round number",
    "rounds": "the number of rounds in this game",
    "players": "the number of players",
    "income": "your income",
    "result": "the dice result",
    "rolls": "the number of rolls made",
    "thing_vikings": "the number of your Vikings on the Thing square",
    "thing_vikings_before": "the number of your Vikings on the Thing square before the change",
    "placed_vikings": "the number of Vikings placed",
    "times_this_round": "the number of times this has happened to you this round",
    "in_action": ("a Viking action is being carried out", "no Viking action is being carried out"),
    "harvest_round": ("this round has a harvest", "this round has no harvest"),
    "last_round": ("it is the last round", "it is not the last round"),
    "silver_cost": "the silver the action costs",
    "bonus_goods": "the number of bonus goods",
    "empty_seats": "the number of empty banquet seats",
    "emigrations": "the number of ships you have emigrated",
    "amount": "their number",
    "harvest_number": "this round's harvest number",
    "in_action_phase": ("it is the Action phase", "it is not the Action phase"),
    "top_sword_value": "the highest sword value among the special tiles left",
    "occupations_played_now": "the number of occupations played this time",
    "played_this_action": "the number of occupations you played during this action",
    "new_vikings": "the number of new Vikings this round",
    "banquet_seats": "the number of seats at your banquet table",
    "banquet_vikings": "the number of Vikings sitting at your banquet table at the start",
    "ship_seats": "the banquet seats one emigrated ship covers",
}

# Queries of a selector: "{}" is the selector's words (plural); yes-or-no queries give (true, false)
# clauses with "{}" the thing (singular).
QUERIES = {
    "count": "the number of {}",
    "kinds": "the number of different kinds of {}",
    "paid": "the number of {} paid in this action",
    "gained": "the number of {} this action gave you",
    "printed": "the number of {} printed on the action space",
    "served": "the number of {} served in this feast",
    "taken": "the number of {} taken from the mountain strips this time",
    "removed": "the number of {} removed from the mountain strips in this update",
    "used": "the number of {} used by this action",
    "upgraded": "the number of {} upgraded by this action",
    "column": "the column of {}",
    "row": "the row of {}",
    "occupied": ("{} is occupied", "{} is free"),
    "occupied_by_other": ("{} is occupied by another player", "{} is not occupied by another player"),
    "adjacent": ("{} is right above or below one of your Vikings in its column",
                 "{} is not right above or below one of your Vikings"),
    "vikings": "the number of your Vikings on {}",
    "ore": "the ore on {}",
    "loaded_ore": "the ore loaded onto {}",
    "sword_value": "the sword value of {}",
    "price": "the price of {}",
    "available": "the number of {} left to take",
    "free_berths": "the number of your free berths for {}",
    "free_slots": "the number of your empty {} slots",
}

# Queries of amounts compared with a number: a clause, "{}" being "at least 2 wood", "no mead".
CLAUSES = {
    "paid": "you paid {} in this action",
    "gained": "this action gave you {}",
    "printed": "the action space shows {}",
    "served": "you served {} in this feast",
    "taken": "you took {} from the mountain strips this time",
    "removed": "the update removed {} from the mountain strips",
    "used": "this action used {}",
    "upgraded": "this action upgraded {}",
    "available": "there are {} left to take",
}

# Values changed by `modify` / `set`: the value's noun phrase.
VALUES = {
    "silver_cost": "the silver cost",
    "stone_cost": "the stone cost",
    "wood_cost": "the wood cost",
    "emigration_cost": "the silver cost of emigrating",
    "vikings_needed": "the number of Vikings needed",
    "die_result": "every roll",
    "rolls": "the number of rolls allowed",
    "battle_result": "the battle result",
    "worth": "what each {of} you pay is worth",
    "loot_count": "the number of tiles a successful raid or pillage may take (their sword values together fitting the result)",
    "sword_value": "the sword value of {a_of}",
    "upgrade_steps": "the steps of each upgrade",
    "lengthwise_limit": "the number of {of} that may lie lengthwise at your banquet table",
}

# What a value's "{of}" says when the modifier has no `of` filter.
VALUE_DEFAULTS = {"worth": "item", "sword_value": "tile", "lengthwise_limit": "tiles of one kind"}

# Rule switches of `allow`: what you may then do.
RULES = {
    "placing": "place {of} on {on}",
    "substituting": "use {of} as {as}",
    "unloading": "take ore you loaded onto your ships back into your supply",
    "exploring": "take {of} from {on}",
    "looting": "take {of} as loot",
    "upgrading_extra_step": "move one good of an upgrade one step further",
}

# Zones (`in`, `from`).
ZONES = {
    "supply": "in your supply", "stables": "in your stables", "boards": "placed on your boards",
    "houses": "placed in your houses", "sheds": "placed in your sheds", "placed": "placed anywhere",
    "ships": "loaded on your ships", "hand": "in your hand", "played": "that you have played",
    "feast": "served in this feast", "general": "in the general supply", "deck": "in the deck",
    "discard": "in the discard pile", "paid": "paid in this action", "gained": "gained in this action",
    "printed": "printed on the action space", "served": "served in this feast",
    "taken": "taken from the mountain strips this time", "removed": "removed from the mountain strips",
    "used": "used by this action", "upgraded": "upgraded in this action",
}

# Class nouns: (singular, plural).
CLASSES = {
    "good": ("good", "goods"), "food": ("food", "food"), "animal": ("animal", "animals"),
    "special_tile": ("special tile", "special tiles"), "tile": ("tile", "tiles"),
    "weapon": ("weapon", "weapons"), "ship": ("ship", "ships"), "house": ("house", "houses"),
    "building": ("building", "buildings"), "building_resource": ("building resource", "building resources"),
    "viking": ("Viking", "Vikings"), "occupation": ("occupation", "occupations"),
    "exploration_board": ("exploration board", "exploration boards"), "board": ("board", "boards"),
    "home_board": ("home board", "home boards"), "space": ("action space", "action spaces"),
    "strip": ("mountain strip", "mountain strips"), "mountain_item": ("mountain item", "mountain items"),
    "item": ("item", "items"), "thing": ("Thing square", "Thing squares"),
    "table": ("banquet table", "banquet tables"), "bay": ("ship berth", "ship berths"),
}

# Item attributes (`with tongs`, `with 2 ore`).
ATTRIBUTES = {
    "tongs": "showing the forge tongs", "ore": "ore", "loaded_ore": "loaded ore",
    "sword_value": "sword value", "price": "price", "squares": "squares",
}

# Mechanisms of the phases (`use NAME`): what happens, with "{name}" for a parameter's value.
MECHANISMS = {
    "leave_table": "move Vikings from your banquet table to the Thing square, as many as {count}",
    "harvest_goods": "take one of every orange good with a harvest number up to {up_to}",
    "turn_exploration_boards": "unclaimed exploration boards turn over or receive silver, as the round plan says",
    "draw_weapon": "draw a weapon card",
    "turns": "players take turns placing Vikings on action spaces until everyone has passed",
    "last_placer_starts": "the player who placed Vikings last becomes the start player",
    "collect_income": "take your income in silver",
    "breed_pairs": "your animals breed: each pregnant animal gives birth to {offspring} young, and each pair makes one animal pregnant",
    "banquet": "cover seats of your banquet table with food or silver, as many as {seats}",
    "board_bonus": "every board and house whose bonus squares are surrounded gives its bonus goods",
    "update_mountain_strips": "the leftmost item of every mountain strip is removed and a new strip is added",
    "return_placed_vikings": "all Vikings on the action board go back to the Thing square",
}

# Attributes of `this NAME` references (the object of the event).
THIS = {
    "space": "this action space", "ship": "that ship", "longship": "the sailing longship", "card": "this card",
    "good": "that good", "tile": "the tile", "board": "that board", "strip": "that mountain strip",
    "column": "this column",
}
