"""Tableau games: a second kind of ruleset, played from data like A Feast for Odin.

A round is a market of lots (one tile and one figure) on a price ring and a home grid of
typed rows with a holding area; currencies, figure kinds, tile categories, edge profiles,
threats and scoring are content (`boards/<ruleset>/`), and the round itself is written in
the card language (its tableau section). Modules:

- `nodes`    tree nodes of the tableau statements and their builders from the parse
- `content`  the ruleset's files: attrs models, cattrs structuring, located errors
- `mech`     the generic mechanisms (price ring, edges, row filling, projection, majority,
             runs, tie-break chain, transfer sets) as pure functions over plain data
- `state`    the table: ring, stacks, bag, each player's grid and holding area
- `interp`   each statement's "can it happen" and "do it", side by side
- `game`     decisions, answers, save/load/replay
- `scenario` scenario files; `render` a home board as text
- `language` registers the section's builders and printer with `rulesdsl.lang.sections`
  when the registry asks (the plug-in's `language` hook); importing the engine registers
  nothing, and the language itself never imports a game.

The plug-in, its commands, web and simulation hooks and agents are the package above's
(`rulesdsl.games.tableau`).
"""
