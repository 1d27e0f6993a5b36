"""The `rulesdsl` command line.

The global options (`--content DIR`, repeatable; `--no-builtin`; `--debug`) are accepted
before and after the subcommand: `rulesdsl --content v validate` and `rulesdsl validate
--content v` mean the same, and folders given in both places load in the order typed.
Bad input never produces a traceback: every problem is printed as `file:line:col: message`
and the exit code is 1.
"""

from __future__ import annotations

import argparse
import os
import sys

from rulesdsl.authoring.commands import add_commands
from rulesdsl.bounded import SEED, count
from rulesdsl.errors import ContentError, RulesError
from rulesdsl.games.commands import run as run_command
from rulesdsl.games.commands import served_first
from rulesdsl.games.registry import DEFAULT_GAME, GamePlugin, plugin_for, plugins
from rulesdsl.resources import version
from rulesdsl.sim.cli import add_parsers
from rulesdsl.sim.cli import run as run_simulation
from rulesdsl.web import serve


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
    parser.add_argument("--game", dest="game" + suffix, default=DEFAULT_GAME if top else argparse.SUPPRESS, metavar="NAME",
                        help="the ruleset: feast (A Feast for Odin, the default), vikings, or a folder with a ruleset.yaml")
    parser.add_argument("--option", action="append", default=default, dest="option" + suffix, metavar="NAME=VALUE",
                        help="a ruleset option of --game (repeatable), e.g. scout_base=2")


class _Subcommands(argparse._SubParsersAction):
    """Subparsers that share the global options."""

    def add_parser(self, name, **kwargs):
        parser = super().add_parser(name, **kwargs)
        _global_options(parser, top=False)
        return parser


def _parser(plugin: GamePlugin | None) -> argparse.ArgumentParser:
    """The command line of the game `plugin` plays (None: an unknown game, refused when the command
    runs): the commands that start games take its own flags, no other game's."""
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
    if plugin is not None and plugin.commands.arguments is not None:
        plugin.commands.arguments(play, "play")  # the game's own flags (A Feast for Odin's --short, --decks)
    agents = f"{', '.join(plugin.agents)} (default: {plugin.default_agent}" if plugin is not None else "the game's agents (default: its own"
    play.add_argument("--agents", default=None, help=f"one per player (or one for all): {agents}; with --load, the agents the save names)")
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
    add_commands(sub)
    add_parsers(sub, plugin)  # simulate
    for each in _every_plugin():  # the games' own commands with options of their own (the first game's balance)
        if each.commands.parsers is not None:
            each.commands.parsers(sub)
    return parser


def _named_game(argv: list[str]) -> str:
    """The game `--game NAME` names (the last one, as `parse_args` merges them), read before the
    parser is built: the parser depends on it."""
    game = DEFAULT_GAME
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        name, equals, value = arg.partition("=")
        if len(name) < 3 or not "--game".startswith(name):  # argparse takes an unambiguous prefix (`--gam`) too
            continue
        if equals:
            game = value
        elif index + 1 < len(argv):
            game = argv[index + 1]
    return game


def _plugin(game: str) -> GamePlugin | None:
    """The plug-in of `game`; None when no plug-in plays it (the command names the games when it runs)."""
    try:
        return plugin_for(game)
    except (RulesError, OSError, ValueError):
        return None


def _every_plugin() -> tuple[GamePlugin, ...]:
    """Every plug-in; none when one cannot be loaded (every command then says why when it runs)."""
    try:
        return plugins()
    except RulesError:
        return ()


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line parsed, with global options given after the command merged in; its
    commands take the own flags of the game --game names."""
    argv = sys.argv[1:] if argv is None else list(argv)
    plugin = _plugin(_named_game(argv))
    args = _parse(argv, plugin)
    named = _plugin(args.game)
    if named is not plugin:  # a --game the early look misread: parse again with that game's flags
        args = _parse(argv, named)
    return args


def _parse(argv: list[str], plugin: GamePlugin | None) -> argparse.Namespace:
    args = _parser(plugin).parse_args(argv)
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
        return _run(args)
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
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as err:  # an engine bug, not the user's input
        if args.debug:
            raise
        print(f"internal error: {type(err).__name__}: {err} (run with --debug for details)", file=sys.stderr)
        return 2
    return 0


def _run(args) -> int:
    """Run the command for the game --game names: serve, simulate and the game commands (play,
    validate, show, scenario, render, interactions: `rulesdsl.games.commands`) are written once
    over the registry; a game's further commands (cards, learn, balance ...) are its plug-in's."""
    if args.command == "serve":
        first = served_first(args, plugin_for(args.game))  # before anything listens: a game without a table is refused
        serve(args.host, args.port, args.content, not args.no_builtin, game=first, allow_hosts=tuple(args.allow_host))
        return 0
    if args.command == "simulate":
        return run_simulation(args)
    return run_command(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
