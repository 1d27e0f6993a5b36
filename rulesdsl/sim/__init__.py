"""Many games at once: `rulesdsl simulate` (a DuckDB store of per-game, per-player and
per-card rows), local or Ray workers, `rulesdsl balance` (paired games that measure what a
card does to the game) and the coverage report of a store. See docs/SIMULATION.md."""
