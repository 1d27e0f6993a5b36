"""`rulesdsl --game NAME play|validate|scenario|render` for tableau rulesets.

A game is a ruleset folder: a folder under the built-in `boards/` holding a `ruleset.yaml`
(found by its id), or any folder given by path. A Feast for Odin is the default game and
keeps its own commands; `--option NAME=VALUE` (repeatable) sets a ruleset option.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rulesdsl.bounded import whole_number
from rulesdsl.errors import RulesError

from rulesdsl.tableau.rulesets import load


def parse_options(pairs) -> dict:
    """`NAME=NUMBER` pairs (of --option) as a mapping; RulesError for anything else."""
    options = {}
    for pair in pairs or ():
        name, sep, value = pair.partition("=")
        if not sep or not value.strip().lstrip("-").isdigit():
            raise RulesError(f"--option takes NAME=NUMBER, not '{pair[:60]}'")
        options[name.strip()] = whole_number(value, -10**9, 10**9, f"--option {name.strip()[:40]}")
    return options


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
        from rulesdsl.tableau.show import show

        sys.stdout.write(show(ruleset, args.name, args.tree_only))
        return 0
    if command == "interactions":
        from rulesdsl.tableau.show import tableau_report

        sys.stdout.write(tableau_report(ruleset))
        return 0
    if command in ("simulate", "balance"):
        from rulesdsl.sim.cli import run as run_sim

        return run_sim(args)
    if command == "serve":
        from rulesdsl.web import serve

        serve(args.host, args.port, args.content, not args.no_builtin, game=ruleset.id, allow_hosts=tuple(args.allow_host))
        return 0
    raise RulesError(f"'{command}' is not available for {ruleset.manifest.name}; "
                     "use play, validate, show, interactions, simulate, scenario, render or serve")


def _play(args, ruleset) -> int:
    from rulesdsl import savefile
    from rulesdsl.tableau.game import TableauGame

    if args.save:
        savefile.check_writable(Path(args.save))
    if getattr(args, "short", False):  # a first-game option: refused, not silently ignored
        raise RulesError(f"--short is an option of A Feast for Odin; {ruleset.manifest.name} has one length "
                         "(its options: --option NAME=VALUE)")
    if args.load:
        game = savefile.load_record(Path(args.load), lambda data: TableauGame.load(ruleset, data, force=args.force))
    else:
        game = TableauGame(ruleset, args.players, parse_options(args.option), args.seed)
    from rulesdsl.agents.registry import make_agents, parse_think

    agents, names = make_agents(args.agents or "", game.players, game.seed, think=parse_think(getattr(args, "think", None)),
                                game=ruleset.id)
    steps, stopped = 0, False
    try:
        while game.decision is not None:
            if args.stop_after is not None and steps >= args.stop_after:
                break
            game.answer(agents[game.decision.player].answer(game, game.decision))
            steps += 1
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
        from rulesdsl.tableau.render import render_seat

        for index in range(game.players):
            print(render_seat(ruleset, game.table, index))
    print(game.score_table(names))
    return 0


def _scenario(args, ruleset) -> int:
    from rulesdsl.tableau.scenario import collect, run_file

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
    from rulesdsl import savefile
    from rulesdsl.tableau.render import render_seat

    what = args.what
    if what.endswith(".json"):
        from rulesdsl.tableau.game import TableauGame

        data, _doc = savefile.read_json(Path(what))
        if args.step is not None and isinstance(data, dict) and isinstance(data.get("answers"), list):
            data = dict(data, answers=data["answers"][:args.step])
        table = TableauGame.load(ruleset, data).table
    elif what.endswith((".yaml", ".yml")):
        from rulesdsl.tableau.scenario import situation_game

        table = situation_game(Path(what), ruleset).table
    elif what.lstrip("-").isdigit():  # a seed: the end of a random game
        from rulesdsl.agents import RandomAgent
        from rulesdsl.tableau.game import TableauGame

        game = TableauGame(ruleset, None, parse_options(getattr(args, "option", None)), int(what))
        agents = [RandomAgent(int(what) * 7919 + i) for i in range(game.players)]
        while game.decision is not None:
            game.answer(agents[game.decision.player].answer(game, game.decision))
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
