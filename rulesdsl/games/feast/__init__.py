"""A Feast for Odin as a plug-in: the first game, run by its engine (`engine/`) over the content
folders (the built-in content and variant folders on top of it).

The package holds all that is this game's alone: the engine (state, statements, flow, legality,
phase steps), how it is opened and played (`play`), its agents (`agents/`: by name in `agents.by_name`), its
commands (`commands`), web table (`web`, `page`), Learn pages (`learn_pages`) and lessons
(`learn_lessons`, `learn_play`, `learn_showme`, `learn_terminal`), what its engine counts for the
shared views (`view_present`, `view_words`: its `ViewHooks`), its
simulation hooks and one simulated game (`sim`, `sim_play`), the scenario runner
(`scenario*`), the interaction checker (`interactions`) and `balance` (`balance*`: paired games
with and without a card, their store, breakdown and reports; only this game has cards).

The balance modules are flat `balance_*` modules beside `balance`, as the scenario runner's are
`scenario_*`, rather than a `balance/` sub-package: they were five modules of `sim/` importing
one another by name, so a flat move keeps their names and their imports one-to-one, and the
checks that walk this package's modules (size, imports inside functions) cover them unchanged.
The game-neutral parts they use stay in `rulesdsl.sim`: the Student-t statistics and the
sequential looks (`stats`), the store (`store`), the backends and the runner's interruption
guard, the content bundle, the progress bar and the consoles.

This module only lists what the game offers; each part is imported when first used.
"""

from __future__ import annotations

from rulesdsl.games.registry import DEFAULT_GAME, CommandHooks, GamePlugin, Lazy, SimHooks, ViewHooks, WebHooks

NAME = DEFAULT_GAME
_PLAY = "rulesdsl.games.feast.play"
_AGENTS = "rulesdsl.games.feast.agents.by_name"
_COMMANDS = "rulesdsl.games.feast.commands"
_ARGS = "rulesdsl.games.feast.args"  # its flags (--short, --decks) and the parser of `balance`
_SIM = "rulesdsl.games.feast.sim"  # its setup, its own table and its coverage sections of the report
_BALANCE = "rulesdsl.games.feast.balance"  # `balance`: paired games with and without a card (the game with cards)
_WEB = "rulesdsl.games.feast.web"
_VIEW = "rulesdsl.games.feast.view_present"  # what rulesdsl.view.present asks of this game's engine
_AUTHORING = ("fmt", "schema", "new", "explain", "lsp", "ids")  # rulesdsl.authoring's commands

COMMANDS = CommandHooks(
    options=Lazy(_COMMANDS, "options"),
    arguments=Lazy(_ARGS, "arguments"),
    parsers=Lazy(_ARGS, "parsers"),
    status=Lazy(_COMMANDS, "status"),
    score_table=Lazy(_COMMANDS, "score_table"),
    log_lines=Lazy(_COMMANDS, "log_lines"),
    keeps_agents=True,
    validate=Lazy(_COMMANDS, "validate"),
    show=Lazy(_COMMANDS, "show"),
    run_scenario=Lazy(_COMMANDS, "run_scenario"),
    draw=Lazy(_COMMANDS, "draw"),
    draw_game=Lazy(_COMMANDS, "draw_game"),
    interactions=Lazy(_COMMANDS, "interactions"),
    more={**{name: Lazy(_COMMANDS, name) for name in ("cards", "learn")},
          "balance": Lazy(_BALANCE, "command"),
          **{name: Lazy(_COMMANDS, "authoring") for name in _AUTHORING}},
)

# What the web table shows of a game (its routes are the table's own, the same for every game);
# the old addresses stay: the forms post to /new and /open, a game is /game/ID.
WEB = WebHooks(
    page=Lazy(_WEB, "page"),
    start=Lazy(_WEB, "start"),
    options=Lazy(_WEB, "options"),
    pages="/game",
    forms="",
    variants=True,
    answered_by=Lazy(_WEB, "answered_by"),
    refusal=Lazy(_WEB, "refusal"),
    more={"preview": Lazy(_WEB, "preview"), "table.svg": Lazy(_WEB, "table_image")},
    site=Lazy("rulesdsl.games.feast.learn_pages", "register"),  # the Learn, Rules and Components pages
)

# What the shared views (rulesdsl.view.present: the terminal agent, the lessons, the game's page)
# ask of its engine: a player's state as text, a dice question's hint, what a refused space needs.
VIEW = ViewHooks(
    player_lines=Lazy(_VIEW, "player_lines"),
    dice_hint=Lazy(_VIEW, "dice_hint"),
    needs=Lazy("rulesdsl.games.feast.view_words", "space_needs"),
)

PLUGIN = GamePlugin(
    key=NAME,
    offers=lambda: [NAME],
    claims=lambda name: name == NAME,
    rules=Lazy(_PLAY, "rules"),
    new_game=Lazy(_PLAY, "new_game"),
    load_game=Lazy(_PLAY, "load_game"),
    scores=Lazy(_PLAY, "scores"),
    # the order is the one the web table's start form offers
    agents={name: Lazy(_AGENTS, name) for name in ("learned", "greedy", "fast", "search", "random", "human")},
    # `fast`: greedy's lookahead judging on forks only the turn's answers a ranker learned from
    # self-play puts first: about 2 points a game weaker than greedy (43.5% of 200 games, 95%
    # 36.8-50.4%) in 0.57x its time (docs/AGENTS.md), so balance gets nearly twice the pairs in
    # the same time and a person at the table waits half as long; `--agents greedy` for the
    # stronger, slower one. The learned value is no default until it measurably
    # beats the hand-set one (54% of 50 at 2.3x the time).
    default_agent="fast",
    simulation=SimHooks(rules=Lazy(_SIM, "rules"), setup=Lazy(_SIM, "setup"), sections=Lazy(_SIM, "sections"),
                        tables=Lazy(_SIM, "tables")),
    web=WEB,
    view=VIEW,
    owns=Lazy(_PLAY, "owns"),
    served=lambda name: None,  # the start form's first game is A Feast for Odin itself
    commands=COMMANDS,
    players=Lazy(_PLAY, "players"),
)
