"""The games this package plays, as plug-ins: one registry (`games.registry`) that every front
end (the library API, the command line, simulations, the web table, the agents' registry)
asks for a game by name, and one package per kind of game. The command line's game commands
are written once here (`commands`, `play_command`); the web table is written once too
(`rulesdsl.web`), and so are simulations (`rulesdsl.sim`).

A game package holds everything of one kind of game: its plug-in (`__init__`: `PLUGIN`, which
says how to open, load, fork and score it and which agents play it), its engine (`engine/`),
and its hooks for the commands (`commands`, `registry.CommandHooks`), the web table (`web`,
`registry.WebHooks`) and simulations (`sim`, `registry.SimHooks`), with its own tools:
`feast/` (A Feast for Odin: also its scenario runner, interaction checker, Learn pages, the
simulation of one game and `balance`, the paired card tests) and `tableau/` (Kiesling's
Vikings and any folder with a `ruleset.yaml`: also its greedy and search agents).

What stays outside is shared, or not yet separated: the core, the card language, content
reading, geometry and the mechanisms' kernels serve both games; the front ends (cli, api, sim,
web, authoring) are written once over the registry. `view/` draws and words the first game's
table, reading a game through its content, its state and its plug-in's view hooks
(`registry.ViewHooks`: what only the engine counts, in `feast/view_*`), and imports no game;
`learn/` keeps the rules reference and the pages' words, the first game's lessons being its
own (`feast/learn_*`). `agents/` keeps what every game's agents share (the random, scripted
and human agents, the agents' registry, paired rollouts); the first game's agents (its value,
lookahead, greedy, search and learned agents, which read its state) are its plug-in's
(`feast/agents/`), as the tableau games' are (`tableau/agents/`). `balance` (paired games with
and without a card) is the first game's own command, in its package (`feast/balance*`):
`sim/` keeps only what every game's simulations share.

A game that is not built in registers a `GamePlugin` under the `rulesdsl.games` entry point
group of its own distribution; nothing outside its package needs an edit.

The shape is simpler than a separate `core/` with grammar sections: the two engines already
share the statement runner and the card language, so a plug-in here is the adapter of one
engine to the one protocol, not a second copy of the language.
"""
