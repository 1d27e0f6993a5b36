"""Many games at once, written once for every game of the registry (`command`): `rulesdsl
simulate` (a DuckDB store of per-game, per-player and per-card rows), local or Ray workers,
and the report of a store (`report`, `report_html`). A game's part is its plug-in's `SimHooks`
(the two built-in games' hooks and rows are their packages': `rulesdsl.games.feast.sim`,
`rulesdsl.games.tableau.sim`). Nothing here knows a game: `rulesdsl balance` (paired games
that measure what a card does) is the first game's own command, in its package
(`rulesdsl.games.feast.balance`), built on the shared parts here: the statistics (`stats`),
the store (`store`), the backends and the runner, the bundle, the progress bar and the plots.
See docs/SIMULATION.md."""
