"""The `rulesdsl` command line.

The global options (`--content DIR`, repeatable; `--no-builtin`; `--debug`) are accepted
before and after the subcommand: `rulesdsl --content v validate` and `rulesdsl validate
--content v` mean the same, and folders given in both places load in the order typed.
Bad input never produces a traceback: every problem is printed as `file:line:col: message`
and the exit code is 1.
"""

from __future__ import annotations

import argparse
import sys

from rulesdsl.bounded import SEED, count
from rulesdsl.errors import ContentError, RulesError, RunawayRules


DESCRIPTION = """\
A rules-as-data engine for the board game A Feast for Odin. Every board, action space,
good, tile and all 190 occupations are YAML files whose effects are written in one card
language; this command checks such content (the built-in game and fan variants), shows
and explains cards, plays whole games between agents or against you, runs rules
scenarios, reports how cards interact and draws boards."""

EXAMPLES = """\
examples:
  rulesdsl play                                   a whole 2-player game, then the score table
  rulesdsl play --players 2 --agents human,random play yourself in the terminal
  rulesdsl validate --content my_variant          check a fan variant on top of the game
  rulesdsl show 132                               an occupation's effect text and tree
  rulesdsl scenario scenarios/                    run rules questions written as files
  rulesdsl interactions 5 7                       how two cards meet (by number or name)
  rulesdsl render shetland -o shetland.svg        draw a board

Every command takes --content DIR (repeatable), --no-builtin and --debug, before or after
its name. `rulesdsl COMMAND --help` describes a command's own options."""


def _global_options(parser: argparse.ArgumentParser, top: bool) -> None:
    """The options every command accepts; on a subcommand they land in their own fields."""
    suffix = "" if top else "_after"
    default = [] if top else argparse.SUPPRESS
    parser.add_argument("--content", action="append", default=default, dest="content" + suffix, metavar="DIR",
                        help="a variant folder (with boards/ and/or cards/) loaded after the built-in content; repeatable")
    parser.add_argument("--no-builtin", action="store_true", dest="no_builtin" + suffix,
                        default=False if top else argparse.SUPPRESS, help="do not load the built-in content")
    parser.add_argument("--debug", action="store_true", dest="debug" + suffix,
                        default=False if top else argparse.SUPPRESS, help="show a traceback for internal errors")
    parser.add_argument("--game", dest="game" + suffix, default="feast" if top else argparse.SUPPRESS, metavar="NAME",
                        help="the ruleset: feast (A Feast for Odin, the default), vikings, or a folder with a ruleset.yaml")
    parser.add_argument("--option", action="append", default=default, dest="option" + suffix, metavar="NAME=VALUE",
                        help="a ruleset option of --game (repeatable), e.g. scout_base=2")


class _Subcommands(argparse._SubParsersAction):
    """Subparsers that share the global options."""

    def add_parser(self, name, **kwargs):
        parser = super().add_parser(name, **kwargs)
        _global_options(parser, top=False)
        return parser


def _parser() -> argparse.ArgumentParser:
    from rulesdsl.resources import version

    parser = argparse.ArgumentParser(prog="rulesdsl", description=DESCRIPTION, epilog=EXAMPLES,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"rulesdsl {version()}")
    _global_options(parser, top=True)
    parser.register("action", "parsers", _Subcommands)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    validate = sub.add_parser("validate", help="check all content and report every problem")
    validate.add_argument("paths", nargs="*", metavar="PATH", help="extra content folders or single content files")

    show = sub.add_parser("show", help="print an item's canonical effect text and its tree")
    show.add_argument("name", metavar="NAME-or-NUMBER", help="an id, a card number or a name")
    show.add_argument("--tree-only", action="store_true", help="print only the tree")

    play = sub.add_parser("play", help="play a whole game and print the score table")
    play.add_argument("--players", type=count(1, 99), default=2, help="1 to 4 (default 2)")
    play.add_argument("--short", action="store_true", help="the short game (6 rounds) instead of the long one (7)")
    play.add_argument("--decks", default="A,B,C", help="occupation decks, comma separated (default A,B,C)")
    play.add_argument("--agents", default=None, help="one per player (or one for all): greedy, learned, search, random, human "
                      "(default: greedy; with --load, the agents the save names)")
    play.add_argument("--model", metavar="FILE", default=None,
                      help="the value model (.npz) of the learned agent (default: the shipped one; "
                           "tools/train_agent.py makes one for a variant)")
    play.add_argument("--think", metavar="TIME", help="the search agent's time per decision, e.g. 0.2s (default: 16 rollouts)")
    play.add_argument("--seed", type=SEED, default=0)
    play.add_argument("--save", metavar="FILE", help="write the game record (JSON) here when the game ends or stops")
    play.add_argument("--load", metavar="FILE", help="resume a saved game")
    play.add_argument("--force", action="store_true", help="with --load: replay the record even on other content than it was made on")
    play.add_argument("--stop-after", type=count(0, 10**9), metavar="N", help="stop after N more decisions (and save with --save)")
    play.add_argument("--log", action="store_true", help="print what happened, round by round")

    scenario = sub.add_parser("scenario", help="run scenario files: PASS/FAIL each, with a diff on failure")
    scenario.add_argument("files", nargs="+", metavar="FILE", help="scenario files or folders of them")

    cards = sub.add_parser("cards", help="list the occupations; --coverage names the scenarios that prove each one")
    cards.add_argument("--coverage", action="store_true", help="show the scenarios per card and the count of covered cards")
    cards.add_argument("--scenarios", default=None, metavar="DIR", help="where the scenarios are (default: scenarios/)")

    inter = sub.add_parser("interactions", help="how cards meet: shared timing points and values, stacking, conflicts, cycles")
    inter.add_argument("cards", nargs="*", metavar="CARD", help="card numbers or names (one alone: against every other card)")
    inter.add_argument("--all", action="store_true", help="cycles and conflicts over all occupations, with a summary table")

    render = sub.add_parser("render", help="draw a board, a board state file or any component as SVG (or PNG)")
    render.add_argument("what", metavar="BOARD-or-STATE", help="a board id (home_long, shetland, long_house ...), a component id "
                        "(action_board_4, knarr, silverware, strip_1, d12, 132 ...) or a state YAML file")
    render.add_argument("-o", "--output", metavar="FILE", help="write the SVG here instead of standard output (.png: PNG)")
    render.add_argument("--step", type=count(0, 10**9), metavar="N", help="a saved game (.json): the table after N answers (default: all)")

    learn = sub.add_parser("learn", help="the guided lessons in the terminal (the Learn page of `serve` plays them by clicking)")
    learn.add_argument("number", nargs="?", type=int, metavar="N", help="the lesson to play (none: list them)")
    learn.add_argument("--language", choices=("en", "zh"), default="en", help="English or Simplified Chinese (default en)")
    learn.add_argument("--check", action="store_true", help="play every lesson (with --content, a variant's too) through the engine")

    serve = sub.add_parser("serve", help="a local web page to watch, play and step through games")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    serve.add_argument("--port", type=count(0, 65535), default=8765, help="port (default 8765; 0 picks a free one)")
    serve.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                       help="another name the table may be reached by (a host name the requests may carry); repeatable")
    from rulesdsl.authoring.commands import add_commands

    add_commands(sub)

    from rulesdsl.sim.cli import add_parsers

    add_parsers(sub)  # simulate, balance
    return parser


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line parsed, with global options given after the command merged in."""
    args = _parser().parse_args(argv)
    args.content = [*args.content, *getattr(args, "content_after", [])]
    args.no_builtin = args.no_builtin or getattr(args, "no_builtin_after", False)
    args.debug = args.debug or getattr(args, "debug_after", False)
    args.game = getattr(args, "game_after", args.game)
    args.option = [*args.option, *getattr(args, "option_after", [])]
    return args


def main(argv: list[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):  # a file name that is not UTF-8 is printed escaped, never a crash
        if hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass
    args = parse_args(argv)
    try:
        if args.game != "feast":  # another ruleset (rulesdsl.tableau)
            from rulesdsl.tableau.cli import run

            return run(args)
        if args.command == "validate":
            return _validate(args)
        if args.command == "show":
            return _show(args)
        if args.command == "render":
            return _render_game(args) if args.what.endswith(".json") else _render(args)
        if args.command == "learn":
            from rulesdsl.learn.terminal import main as learn

            return learn(_load(args), args.number, args.language, args.check)
        if args.command == "serve":
            from rulesdsl.web import serve

            serve(args.host, args.port, args.content, not args.no_builtin, allow_hosts=tuple(args.allow_host))
            return 0
        if args.command == "play":
            return _play(args)
        if args.command == "scenario":
            return _scenario(args)
        if args.command == "cards":
            return _cards(args)
        if args.command == "interactions":
            return _interactions(args)
        if args.command in ("fmt", "schema", "new", "explain", "lsp", "ids"):
            from rulesdsl.authoring.commands import run_command

            return run_command(args, _load)
        if args.command in ("simulate", "balance"):
            from rulesdsl.sim.cli import run

            return run(args)
    except ContentError as err:
        for problem in err.problems:
            print(problem, file=sys.stderr)
        count = len(err.problems)
        print(f"{count} problem{'s' if count != 1 else ''}; nothing was loaded.", file=sys.stderr)
        return 1
    except RulesError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `rulesdsl show X | head -1`: the reader has gone, which is no error
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as err:  # an engine bug, not the user's input
        if args.debug:
            raise
        print(f"internal error: {type(err).__name__}: {err} (run with --debug for details)", file=sys.stderr)
        return 2
    return 0


def _load(args, extra=()):
    from rulesdsl.content.loader import load_content

    return load_content([*args.content, *extra], include_builtin=not args.no_builtin)


def _validate(args) -> int:
    content = _load(args, args.paths)
    counts = ", ".join(f"{len(items)} {name.replace('_', ' ')}" for name, items in content.collections.items() if items)
    files = len({id(src.doc) for src in content.sources.values()})
    print(f"OK: {counts} ({len(content.programs)} effects checked, {files} files)")
    from rulesdsl.authoring.changes import change_report

    print(change_report(content), end="")
    return 0


def _show(args) -> int:
    from rulesdsl.lang.dump import dump
    from rulesdsl.lang.printer import to_text

    content = _load(args)
    found = content.find(args.name)
    if not found:
        from rulesdsl.view.show import grid_lines

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
        from rulesdsl.view.show import item_lines

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
    from rulesdsl.agents.registry import make_agents, parse_think

    spec = args.agents if args.agents is not None else ",".join(saved) if saved else ""
    return make_agents(spec, players, seed, think=parse_think(args.think), model=getattr(args, "model", None))


def _play(args) -> int:
    import json
    from pathlib import Path

    from rulesdsl import savefile
    from rulesdsl.engine.game import Game, GameOptions
    from rulesdsl.engine.scoring import final_scores, table
    from rulesdsl.playsignals import Stopped, stops_saved

    if args.save:
        savefile.check_writable(Path(args.save))  # before the game, not after it
    from rulesdsl.engine import record

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
    steps = 0
    stopped = failed = None
    kept = len(game.log)  # answers that went through whole
    with stops_saved() as guard:
        try:
            while game.decision is not None:
                if args.stop_after is not None and steps >= args.stop_after:
                    break
                agent = agents[game.decision.player]
                key = agent.answer(game, game.decision)
                with guard.engine():  # a signal here waits until the answer is done
                    game.answer(key)
                steps += 1
                kept = len(game.log)
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
    from pathlib import Path

    from rulesdsl.scenario_runs import collect, run_checked

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
    from pathlib import Path

    from rulesdsl.content.yamlfile import YamlReadError, read_yaml
    from rulesdsl.resources import scenarios_root

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
    from pathlib import Path

    from rulesdsl.geometry import pieces
    from rulesdsl.geometry.placement import empty
    from rulesdsl.geometry.render import render_svg
    from rulesdsl.geometry.statefile import load_state

    from rulesdsl import savefile

    if args.output:
        savefile.check_writable(Path(args.output))
    content = _load(args)
    path = Path(args.what)
    if path.suffix in (".yaml", ".yml") or path.is_file():
        state = load_state(path, content)
    elif args.what not in pieces.grids(content) and f"home_{args.what}" not in pieces.grids(content):
        from rulesdsl.view.components import render_component

        return render_component(content, args.what, args.output)  # a component of the Components page
    else:
        state = empty(pieces.grid(content, args.what))
    svg = render_svg(state)
    if args.output:  # a .png name gets a real PNG (cairosvg), or a refusal saying what is missing
        from rulesdsl.view.files import write_picture

        kind = write_picture(svg, Path(args.output))
        print(f"wrote {args.output} ({kind}, {len(state.tiles)} tiles)")
    else:
        sys.stdout.write(svg)
    return 0


def _render_game(args) -> int:
    from rulesdsl.view.files import game_at, read_saved, write_picture
    from rulesdsl.view.table import table_svg

    game = game_at(_load(args), read_saved(args.what), args.step)
    svg = table_svg(game, f"{args.what}, step {len(game.log)}")
    if args.output:
        kind = write_picture(svg, args.output)
        print(f"wrote {args.output} ({kind}, the table after {len(game.log)} answers)")
    else:
        sys.stdout.write(svg)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
