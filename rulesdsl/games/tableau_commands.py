"""`rulesdsl --game NAME play|validate|show|interactions|scenario|render` for tableau rulesets
(`serve`, `simulate` and `balance` are written once for every game in `rulesdsl.cli`).

A game is a ruleset folder: a folder under the built-in `boards/` holding a `ruleset.yaml`
(found by its id), or any folder given by path. `--option NAME=VALUE` (repeatable) sets a
ruleset option.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rulesdsl import savefile
from rulesdsl.agents import RandomAgent
from rulesdsl.agents.registry import make_agents, parse_think
from rulesdsl.errors import RulesError
from rulesdsl.games.options import parse_options
from rulesdsl.games.seats import agent_seed, play_agents
from rulesdsl.tableau.game import TableauGame
from rulesdsl.tableau.render import render_seat
from rulesdsl.tableau.rulesets import load
from rulesdsl.tableau.scenario import collect, run_file, situation_game
from rulesdsl.tableau.show import show, tableau_report


def run(args) -> int:
    """Dispatch a command for a tableau game."""
    ruleset = load(args.game)
    command = args.command
    if command == "validate":
        m = ruleset.manifest
        c = ruleset.components
        print(f"OK: {m.name}: {len(c.tiles)} tile kinds, {len(c.figures)} figure kinds, {len(c.currencies)} currencies, "
              f"{len(ruleset.programs)} programs checked, {len(m.options)} options ({len(ruleset.files)} files)")
        return 0
    if command == "play":
        return _play(args, ruleset)
    if command == "scenario":
        return _scenario(args, ruleset)
    if command == "render":
        return _render(args, ruleset)
    if command == "show":
        sys.stdout.write(show(ruleset, args.name, args.tree_only))
        return 0
    if command == "interactions":
        sys.stdout.write(tableau_report(ruleset))
        return 0
    raise RulesError(f"'{command}' is not available for {ruleset.manifest.name}; "
                     "use play, validate, show, interactions, simulate, scenario, render or serve")


def _play(args, ruleset) -> int:
    if args.save:
        savefile.check_writable(Path(args.save))
    if getattr(args, "short", False):  # a first-game option: refused, not silently ignored
        raise RulesError(f"--short is an option of A Feast for Odin; {ruleset.manifest.name} has one length "
                         "(its options: --option NAME=VALUE)")
    if args.load:
        game = savefile.load_record(Path(args.load), lambda data: TableauGame.load(ruleset, data, force=args.force))
    else:
        game = TableauGame(ruleset, args.players, parse_options(args.option), args.seed)
    agents, names = make_agents(args.agents or "", game.players, game.seed, think=parse_think(getattr(args, "think", None)),
                                game=args.game)
    stopped = False
    try:
        play_agents(game, agents, limit=args.stop_after)
    except (EOFError, KeyboardInterrupt):  # the person at the terminal has gone
        stopped = True
    if args.save:
        savefile.write_atomic(Path(args.save), json.dumps(game.save(), indent=1))
    if game.decision is not None:  # one message: why it stopped, and whether it can be resumed
        how = "\nstopped: the input ended." if stopped else f"the game is not over (round {game.table.round})."
        print(how + (f" Saved {len(game.log)} answers to {args.save}; resume with --load {args.save}." if args.save
                     else " Nothing was saved (--save FILE keeps a game to resume)."))
        return 1 if stopped else 0
    if args.save:
        print(f"saved {len(game.log)} answers to {args.save}")
    if args.log:
        for index in range(game.players):
            print(render_seat(ruleset, game.table, index))
    print(game.score_table(names))
    return 0


def _scenario(args, ruleset) -> int:
    failed = passed = 0
    for path in collect([Path(name) for name in args.files]):
        result = run_file(path, ruleset)
        print(f"{'PASS' if result.passed else 'FAIL'}  {path}  {result.title}")
        for line in result.failures:
            print(f"      {line}")
        passed += result.passed
        failed += not result.passed
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def _render(args, ruleset) -> int:
    what = args.what
    if what.endswith(".json"):
        data, _doc = savefile.read_json(Path(what))
        if args.step is not None and isinstance(data, dict) and isinstance(data.get("answers"), list):
            data = dict(data, answers=data["answers"][:args.step])
        table = TableauGame.load(ruleset, data).table
    elif what.endswith((".yaml", ".yml")):
        table = situation_game(Path(what), ruleset).table
    elif what.lstrip("-").isdigit():  # a seed: the end of a random game
        game = TableauGame(ruleset, None, parse_options(getattr(args, "option", None)), int(what))
        play_agents(game, [RandomAgent(agent_seed(int(what), seat)) for seat in range(game.players)])
        table = game.table
    else:
        raise RulesError(f"render for {ruleset.manifest.name} takes a saved game (.json), a scenario (.yaml) or a seed, not '{what}'")
    text = "\n\n".join(render_seat(ruleset, table, i) for i in range(len(table.seats))) + "\n"
    if args.output:
        savefile.write_atomic(Path(args.output), text)
        print(f"wrote {args.output}")
    else:
        sys.stdout.write(text)
    return 0
