"""Tableau rulesets as a plug-in: Kiesling's Vikings and any folder with a `ruleset.yaml`,
run by this package's engine (`engine/`). One plug-in serves them all: a ruleset folder is the
whole game (its components, options and programs), so a new ruleset of this kind needs no code.

The package holds all that is these games' alone: the engine, how a ruleset is opened and
played (`play`), its commands (`commands`), web table (`web`), simulation hooks (`sim`) and
its greedy and search agents (`agents/`).

This module only lists what the games offer; each part is imported when first used.
"""

from __future__ import annotations

from rulesdsl.errors import RulesError
from rulesdsl.games.registry import CommandHooks, GamePlugin, Lazy, SimHooks, WebHooks
from rulesdsl.games.tableau.engine import rulesets
from rulesdsl.games.tableau.engine.content import SCHEMAS, schema_name

_PLAY = "rulesdsl.games.tableau.play"
_COMMANDS = "rulesdsl.games.tableau.commands"
_SIM = "rulesdsl.games.tableau.sim"
_WEB = "rulesdsl.games.tableau.web"

# No flags of its own beside --option NAME=VALUE (no `arguments`): the first game's --short is
# no option of its commands, so argparse refuses it.
COMMANDS = CommandHooks(
    status=Lazy(_COMMANDS, "status"),
    score_table=Lazy(_COMMANDS, "score_table"),
    log_lines=Lazy(_COMMANDS, "log_lines"),
    validate=Lazy(_COMMANDS, "validate"),
    show=Lazy(_COMMANDS, "show"),
    run_scenario=Lazy(_COMMANDS, "run_scenario"),
    draw=Lazy(_COMMANDS, "draw"),
    draw_game=Lazy(_COMMANDS, "draw_game"),
    interactions=Lazy(_COMMANDS, "interactions"),
)


# What the web table shows of a game (its routes are the table's own): at /tableau/new,
# /tableau/open and /tableau/ID, ids t1, t2 ...
WEB = WebHooks(
    page=Lazy(_WEB, "page"),
    start=Lazy(_WEB, "start"),
    options=Lazy(_WEB, "options"),
    pages="/tableau",
    ids="t",
    title=Lazy(_WEB, "title"),
)


def _claims(name: str) -> bool:
    try:
        rulesets.folder_of(name)
    except RulesError:
        return False
    return True


PLUGIN = GamePlugin(
    key="tableau",
    offers=lambda: list(rulesets.ruleset_folders()),
    claims=_claims,
    rules=Lazy(_PLAY, "rules"),
    new_game=Lazy(_PLAY, "new_game"),
    load_game=Lazy(_PLAY, "load_game"),
    scores=Lazy(_PLAY, "scores"),
    agents={name: Lazy(_PLAY, name) for name in ("random", "greedy", "search", "human")},  # no learned value yet
    default_agent="greedy",
    commands=COMMANDS,
    # no cards, so no balance; no telemetry of cards or spaces, so no sections of its own
    simulation=SimHooks(rules=Lazy(_SIM, "rules"), setup=Lazy(_SIM, "setup")),
    web=WEB,
    served=Lazy(_PLAY, "served"),
    also="a folder with a ruleset.yaml",
    schemas=SCHEMAS,  # a ruleset folder's three files
    schema_of=schema_name,
    language=Lazy("rulesdsl.games.tableau.engine.language", "register"),  # its statements' builders, printer (grammar: card.lark here)
)
