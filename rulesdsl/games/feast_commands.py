"""A Feast for Odin's commands of the command line: validate, show, play, scenario, cards,
interactions, render, learn and the authoring commands, over the content folders that
`--content` and `--no-builtin` name. (`serve`, `simulate` and `balance` are written once for
every game in `rulesdsl.cli`.)

Each command imports its heavy modules inside its function (a comment says which): `rulesdsl show`
must not wait for the engine or the agents' models that `play` loads.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rulesdsl import savefile
from rulesdsl.authoring.changes import change_report
from rulesdsl.authoring.commands import run_command
from rulesdsl.content.loader import load_content
from rulesdsl.content.yamlfile import YamlReadError, read_yaml
from rulesdsl.errors import RulesError, RunawayRules
from rulesdsl.games.seats import play_agents
from rulesdsl.playsignals import Stopped, stops_saved
from rulesdsl.resources import scenarios_root
from rulesdsl.scenario_runs import collect, run_checked
from rulesdsl.view.files import game_at, read_saved, write_picture
from rulesdsl.view.show import grid_lines, item_lines


def run(args) -> int:
    """Run A Feast for Odin's command `args.command`."""
    if args.command == "validate":
        return _validate(args)
    if args.command == "show":
        return _show(args)
    if args.command == "render":
        return _render_game(args) if args.what.endswith(".json") else _render(args)
    if args.command == "learn":
        # import here: the lessons (and the engine they play) only for `learn`
        from rulesdsl.learn.terminal import main as learn

        return learn(_load(args), args.number, args.language, args.check)
    if args.command == "play":
        return _play(args)
    if args.command == "scenario":
        return _scenario(args)
    if args.command == "cards":
        return _cards(args)
    if args.command == "interactions":
        return _interactions(args)
    if args.command in ("fmt", "schema", "new", "explain", "lsp", "ids"):
        return run_command(args, _load)
    raise RulesError(f"'{args.command}' is not a command of A Feast for Odin")


def _load(args, extra=()):
    return load_content([*args.content, *extra], include_builtin=not args.no_builtin)


def _validate(args) -> int:
    content = _load(args, args.paths)
    counts = ", ".join(f"{len(items)} {name.replace('_', ' ')}" for name, items in content.collections.items() if items)
    files = len({id(src.doc) for src in content.sources.values()})
    print(f"OK: {counts} ({len(content.programs)} effects checked, {files} files)")

    print(change_report(content), end="")
    return 0


def _show(args) -> int:
    # import here: the printers only for `show`
    from rulesdsl.lang.dump import dump
    from rulesdsl.lang.printer import to_text  # import here: as above

    content = _load(args)
    found = content.find(args.name)
    if not found:
        lines = grid_lines(content, args.name)  # a board `render` draws (home_long, a house ...)
        if lines is None:
            print(f"error: nothing is called '{args.name}'", file=sys.stderr)
            return 1
        print("\n".join(lines))
        return 0
    if len(found) > 1:
        print(f"'{args.name}' is ambiguous; which one is meant?", file=sys.stderr)
        for collection, item in found:
            name = getattr(item, "name", "")
            print(f"  {collection} {item.id}{': ' + name if name else ''}  (rulesdsl show {collection}:{item.id})", file=sys.stderr)
        return 1
    collection, item = found[0]
    source = content.source(collection, item.id)
    program = content.programs.get((collection, item.id))
    if not args.tree_only:
        name = getattr(item, "name", "")
        kind = collection[:-1] if collection.endswith("s") else collection
        print(f"{kind} {item.id}{': ' + name if name else ''}")
        print(f"  from {source.location()}")
        if program is None:
            for line in item_lines(content, item):
                print("  " + line)
            return 0
        print()
        for line in to_text(program).splitlines():
            print("  " + line)
        print()
    if program is not None:
        print(dump(program), end="")
    return 0


def _agents(args, players: int, seed: int, saved: list[str] | None = None):
    """The agents of a game: --agents, else those a loaded save names, else the default."""
    # import here: the agents (numpy, their models) only for `play`
    from rulesdsl.agents.registry import make_agents, parse_think

    spec = args.agents if args.agents is not None else ",".join(saved) if saved else ""
    return make_agents(spec, players, seed, think=parse_think(args.think), model=getattr(args, "model", None))


def _play(args) -> int:
    # import here: the engine only for the commands that play
    from rulesdsl.core import record
    from rulesdsl.engine.game import Game, GameOptions  # import here: as above
    from rulesdsl.engine.scoring import final_scores, table  # import here: as above

    if args.save:
        savefile.check_writable(Path(args.save))  # before the game, not after it
    content = _load(args)
    saved_agents = None
    if args.load:
        def load(data):
            nonlocal saved_agents
            made = Game.load(content, data, force=args.force)
            saved_agents = record.agents(data, made.options.players)
            return made

        game = savefile.load_record(Path(args.load), load)
        if args.agents is None and saved_agents:
            print(f"agents from the save: {', '.join(f'P{n + 1} {a}' for n, a in enumerate(saved_agents))} (--agents to change them)")
    else:
        options = GameOptions(players=args.players, length="short" if args.short else "long",
                              decks=tuple(d.strip().upper() for d in args.decks.split(",") if d.strip()))
        game = Game(content, options, args.seed)
    agents, names = _agents(args, game.options.players, game.seed, saved_agents)
    stopped = failed = None
    kept = len(game.log)  # answers that went through whole
    with stops_saved() as guard:

        def answer(key: str) -> None:
            nonlocal kept
            with guard.engine():  # a signal here waits until the answer is done
                game.answer(key)
            kept = len(game.log)

        try:
            play_agents(game, agents, limit=args.stop_after, answer=answer)
        except (Stopped, KeyboardInterrupt, EOFError, OSError) as err:  # OSError: the terminal went away
            stopped = err
        except RunawayRules as err:  # the content's fault: the game so far is kept, up to the answer that set it off
            failed = err
    if args.save:
        record = dict(game.save(), agents=names)  # the agents go with the record: --load resumes with the same seats
        record["answers"] = record["answers"][:kept]
        savefile.write_atomic(Path(args.save), json.dumps(record, indent=1))
    if failed is not None:
        if args.save:
            print(f"saved {kept} answers to {args.save} (the game before the answer that set the rules off)")
        raise failed
    try:
        if stopped is not None:
            if isinstance(stopped, Stopped):
                why = f" by {stopped.name}"
            else:
                why = ": " + {EOFError: "the input ended", KeyboardInterrupt: "interrupted"}.get(type(stopped), "the terminal went away")
            print(f"\nstopped{why}." + (f" Saved {len(game.log)} answers to {args.save}; resume with --load {args.save}."
                                         if args.save else " Nothing was saved (--save FILE keeps a game to resume)."))
        elif args.save:
            print(f"saved {len(game.log)} answers to {args.save}")
        if isinstance(stopped, Stopped):
            return 128 + stopped.signum
        if args.log:
            # import here: the log only when --log asks for it
            from rulesdsl.view.present import log_lines

            print("\n".join(log_lines(Game, content, game.save())))
        if isinstance(stopped, EOFError):  # input ended before the game did: not a success
            return 1
        if game.decision is not None:
            print(f"the game is not over (round {game.state.round}, {game.state.phase})"
                  + (f"; resume it with --load {args.save}" if args.save else "; it was not saved (--save FILE keeps it)"))
            return 0
        print(table(final_scores(game), names))
    except OSError:  # the terminal went away (SIGHUP): the game is saved, nothing more to say
        return 1
    return 0


def _scenario(args) -> int:
    content = _load(args)
    files, problems = collect([Path(name) for name in args.files])
    for problem in problems:
        print(f"FAIL  {problem.location.path}\n      {problem}")
    failed = len(problems)
    for path in files:
        result = run_checked(path, content)
        print(f"{'PASS' if result.passed else 'FAIL'}  {path}  {result.title}")
        for line in result.failures:
            print(f"      {line}")
        failed += not result.passed
    print(f"{len(files) + len(problems) - failed} passed, {failed} failed")
    return 1 if failed else 0


def _cards(args) -> int:
    content = _load(args)
    folder = Path(args.scenarios) if args.scenarios else scenarios_root()
    proving: dict[int, list[str]] = {}
    for path in sorted(folder.rglob("*.yaml")) if folder.is_dir() else []:
        try:
            data = read_yaml(path, str(path)).data
        except YamlReadError:
            continue
        for number in (data or {}).get("cards", []) if isinstance(data, dict) else []:
            proving.setdefault(number, []).append(str(path.relative_to(folder)))
    covered = 0
    for number, card in sorted(content.occupations.items()):
        files = proving.get(number, [])
        covered += bool(files)
        line = f"{number:4} {card.deck}{'s' if card.starting else ' '} {card.name:28} {card.category:10}"
        if args.coverage:
            line += " " + (", ".join(files) if files else "-- no scenario --")
        print(line)
    if args.coverage:
        print(f"{covered}/{len(content.occupations)} occupations have at least one scenario")
    return 0


def _card_number(content, key: str) -> int:
    found = [item for collection, item in content.find(key) if collection == "occupations"]
    if not found:
        raise RulesError(f"no occupation is called '{key}'")
    if len(found) > 1:
        names = ", ".join(f"{c.number} ({c.name})" for c in found)
        raise RulesError(f"'{key}' names several occupations: {names}; give the number")
    return found[0].number


def _interactions(args) -> int:
    # import here: the interaction analysis only for `interactions`
    from rulesdsl.interactions import report, report_all, report_against_all

    content = _load(args)
    if args.all:
        sys.stdout.write(report_all(content))
        return 0
    if not args.cards:
        raise RulesError("name at least one card, or use --all")
    numbers = [_card_number(content, key) for key in args.cards]
    if len(numbers) == 1:  # one card alone: against every other card of the content
        sys.stdout.write(report_against_all(content, numbers[0]))
        return 0
    sys.stdout.write(report(content, numbers))
    return 0


def _render(args) -> int:
    # import here: the drawing only for `render`
    from rulesdsl.geometry import pieces
    from rulesdsl.geometry.placement import empty  # import here: as above
    from rulesdsl.geometry.render import render_svg  # import here: as above
    from rulesdsl.geometry.statefile import load_state  # import here: as above

    if args.output:
        savefile.check_writable(Path(args.output))
    content = _load(args)
    path = Path(args.what)
    if path.suffix in (".yaml", ".yml") or path.is_file():
        state = load_state(path, content)
    elif args.what not in pieces.grids(content) and f"home_{args.what}" not in pieces.grids(content):
        # import here: the component drawings only for a component
        from rulesdsl.view.components import render_component

        return render_component(content, args.what, args.output)  # a component of the Components page
    else:
        state = empty(pieces.grid(content, args.what))
    svg = render_svg(state)
    if args.output:  # a .png name gets a real PNG (cairosvg), or a refusal saying what is missing

        kind = write_picture(svg, Path(args.output))
        print(f"wrote {args.output} ({kind}, {len(state.tiles)} tiles)")
    else:
        sys.stdout.write(svg)
    return 0


def _render_game(args) -> int:
    # import here: the table drawing (and the engine) only for a saved game
    from rulesdsl.view.table import table_svg

    game = game_at(_load(args), read_saved(args.what), args.step)
    svg = table_svg(game, f"{args.what}, step {len(game.log)}")
    if args.output:
        kind = write_picture(svg, args.output)
        print(f"wrote {args.output} ({kind}, the table after {len(game.log)} answers)")
    else:
        sys.stdout.write(svg)
    return 0


