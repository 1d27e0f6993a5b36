"""Many games at once, written once for every game of the registry (`command`): `rulesdsl
simulate` (a DuckDB store of per-game, per-player and per-card rows), local or Ray workers,
the report of a store (`report`, `report_html`) and `rulesdsl balance` (paired games that
measure what a card does to the game: the first game's, the one with cards). A game's part
is its plug-in's `SimHooks` (the two built-in games' hooks and rows are their packages':
`rulesdsl.games.feast.sim`, `rulesdsl.games.tableau.sim`). The balance modules (`balance`,
`pairs`, `breakdown`, `balance_report`) serve only the first game but stay here: `html` holds
their report and the plotting of the game-neutral one. See docs/SIMULATION.md."""
