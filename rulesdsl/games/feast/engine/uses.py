"""The mechanisms that `use NAME` runs, by name (their parameters and meaning:
`rulesdsl/lang/registry.py` MECHANISMS). Each is a generator `f(flow, ctx, **parameters)`
returning whether it did anything."""

from __future__ import annotations

from rulesdsl.games.feast.engine.steps.bonus import board_bonus
from rulesdsl.games.feast.engine.steps.breeding import breed_pairs
from rulesdsl.games.feast.engine.steps.drawing import draw_weapon
from rulesdsl.games.feast.engine.steps.exploration_slots import turn_exploration_boards
from rulesdsl.games.feast.engine.steps.feast import banquet
from rulesdsl.games.feast.engine.steps.income import collect_income, harvest_goods
from rulesdsl.games.feast.engine.steps.mountains import update_mountain_strips
from rulesdsl.games.feast.engine.steps.workers import leave_table, return_placed_vikings
from rulesdsl.games.feast.engine.turns import last_placer_starts, turns

IMPLEMENTATIONS = {
    "leave_table": leave_table,
    "harvest_goods": harvest_goods,
    "turn_exploration_boards": turn_exploration_boards,
    "draw_weapon": draw_weapon,
    "turns": turns,
    "last_placer_starts": last_placer_starts,
    "collect_income": collect_income,
    "breed_pairs": breed_pairs,
    "banquet": banquet,
    "board_bonus": board_bonus,
    "update_mountain_strips": update_mountain_strips,
    "return_placed_vikings": return_placed_vikings,
}
