"""The `simulate` subcommand: its options and what it runs; and the options every command of
many games shares (`game_options`, `exit_1_on_errors`: a game's own such command, as the first
game's `balance`, takes them too, its parser in its package: `CommandHooks.parsers`)."""

from __future__ import annotations

import sys
from typing import Any

from rulesdsl.agents.registry import PERSON
from rulesdsl.bounded import SEED, count
from rulesdsl.games.registry import GamePlugin
from rulesdsl.sim.command import run as run_command

DEFAULT_OUT = "rulesdsl-sims"


def game_options(parser, plugin: GamePlugin | None, command: str) -> None:
    """The options of the games played: players, the game's own flags (its plug-in's
    `CommandHooks.arguments`; none when the game is unknown), agents, seeds and the backend."""
    parser.add_argument("--players", type=count(1, 99), default=2, help="1 to 4 (default 2)")
    if plugin is not None and plugin.commands.arguments is not None:
        plugin.commands.arguments(parser, command)
    names = f": {', '.join(name for name in plugin.agents if name != PERSON)}" if plugin is not None else " of the game"
    parser.add_argument("--agents", default=None,
                        help=f"one agent for every seat, or one per seat, comma separated{names} "
                             "(default: the game's own default agent, as `play`; random for a quick look at coverage)")
    parser.add_argument("--budget", type=count(1, 10**6), default=None, metavar="N", help="the agents' search budget (greedy/search)")
    parser.add_argument("--seed", type=SEED, default=0, help="the first seed (default 0)")
    parser.add_argument("--backend", default="local", choices=("local", "ray"), help="worker processes here (default) or a Ray cluster")
    parser.add_argument("--jobs", type=count(1, 1024), default=None, metavar="N", help="worker processes (default: the number of cores)")
    parser.add_argument("--address", default=None, metavar="HOST:PORT",
                        help="the Ray cluster to join (with --backend ray; default: start a local Ray instance)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def exit_1_on_errors(parser) -> None:
    """Bad or unknown options of these commands exit 1 like every other bad input (argparse would exit 2)."""

    def error(message):
        parser.print_usage(sys.stderr)
        parser.exit(1, f"{parser.prog}: error: {message}\n")

    parser.error = error
    known = parser.parse_known_args

    def parse_known_args(args=None, namespace=None):
        # the main parser would report leftovers itself, with exit 2: name them here
        namespace, extras = known(args, namespace)
        if extras:
            error(f"unrecognized arguments: {' '.join(extras)}")
        return namespace, extras

    parser.parse_known_args = parse_known_args


def add_parsers(sub, plugin: GamePlugin | None) -> None:
    """Register `simulate` on the main parser's subcommands, with the flags of the game --game
    names (`plugin`; None: the game is unknown, and the command says so when it runs)."""
    sim = sub.add_parser("simulate", help="play many games and store per-game, per-player and per-card rows (DuckDB)")
    sim.add_argument("--games", type=count(1, 10**8), default=100, metavar="N", help="games to play: seeds SEED .. SEED+N-1 (default 100)")
    game_options(sim, plugin, "simulate")
    sim.add_argument("--model", metavar="FILE", default=None,
                     help="the value model (.npz) of the learned and search agents (default: the shipped one)")
    sim.add_argument("--out", default=DEFAULT_OUT, metavar="DIR", help=f"the store's folder (default ./{DEFAULT_OUT})")
    sim.add_argument("--resume", action="store_true", help="play only the seeds not yet in the store")
    sim.add_argument("--new", action="store_true", help="start the store afresh (replaces a store of other content or options)")
    sim.add_argument("--report", action="store_true",
                     help="play nothing: the report of the store (seats, agents, parts of the score and the game's own "
                          "coverage, e.g. card effects never fired, spaces never used)")
    sim.add_argument("--html", default=None, metavar="FILE",
                     help="also write the report (after a run, or with --report) as one HTML file")
    exit_1_on_errors(sim)


def run(args: Any) -> int:
    """Run `simulate` of the game --game names (`sim.command`, over the registry)."""
    return run_command(args)
