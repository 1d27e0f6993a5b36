"""The games this package plays, as plug-ins: one registry (`games.registry`) that every front
end (the library API, the command line, simulations, the web table, the agents' registry)
asks for a game by name, and one small module per kind of game that says how to open, load,
fork and score it, which agents play it, and what the commands, simulations and pages ask of
it. The command line's game commands are written once here (`commands`, `play_command`);
each game's `*_commands` module holds only its hooks (`registry.CommandHooks`) and its own
further commands. The web table is written once too (`rulesdsl.web`); each game's `*_web`
module holds only what its page shows (`registry.WebHooks`).

A game that is not built in registers a `GamePlugin` under the `rulesdsl.games` entry point
group of its own distribution; nothing outside its package needs an edit.

The shape is simpler than a separate `core/` with grammar sections: the two engines already
share the statement runner and the card language, so a plug-in here is the adapter of one
engine to the one protocol, not a second copy of the language.
"""
