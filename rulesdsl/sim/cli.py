"""The `simulate` and `balance` subcommands: their options and what they run."""

from __future__ import annotations

import sys
from typing import Any

from rulesdsl.bounded import SEED, count
from rulesdsl.sim.command import run as run_command

DEFAULT_OUT = "rulesdsl-sims"
DEFAULT_BALANCE_OUT = "rulesdsl-balance"


def _game_options(parser, default_decks: str = "A,B,C") -> None:
    parser.add_argument("--players", type=count(1, 99), default=2, help="1 to 4 (default 2)")
    parser.add_argument("--short", action="store_true", help="the short game (6 rounds) instead of the long one (7)")
    parser.add_argument("--decks", default=default_decks, help=f"occupation decks, comma separated (default {default_decks})")
    parser.add_argument("--agents", default=None,
                        help="one agent for every seat, or one per seat, comma separated: fast, greedy, search, learned, random "
                             "(default: the game's own default agent, as `play`; random for a quick look at coverage)")
    parser.add_argument("--budget", type=count(1, 10**6), default=None, metavar="N", help="the agents' search budget (greedy/search)")
    parser.add_argument("--seed", type=SEED, default=0, help="the first seed (default 0)")
    parser.add_argument("--backend", default="local", choices=("local", "ray"), help="worker processes here (default) or a Ray cluster")
    parser.add_argument("--jobs", type=count(1, 1024), default=None, metavar="N", help="worker processes (default: the number of cores)")
    parser.add_argument("--address", default=None, metavar="HOST:PORT",
                        help="the Ray cluster to join (with --backend ray; default: start a local Ray instance)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def _exit_1_on_errors(parser) -> None:
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


def add_parsers(sub) -> None:
    """Register `simulate` and `balance` on the main parser's subcommands."""
    sim = sub.add_parser("simulate", help="play many games and store per-game, per-player and per-card rows (DuckDB)")
    sim.add_argument("--games", type=count(1, 10**8), default=100, metavar="N", help="games to play: seeds SEED .. SEED+N-1 (default 100)")
    _game_options(sim)
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

    bal = sub.add_parser("balance", help="paired games with and without a card: score and win-rate differences with intervals")
    bal.add_argument("cards", nargs="*", metavar="CARD", help="occupations by number or name")
    bal.add_argument("--variant", metavar="DIR", default=None,
                     help="test every occupation this variant folder adds or changes against the content without it")
    _game_options(bal)
    bal.add_argument("--pairs", type=int, default=2000, metavar="N", help="most paired games per card (default 2000)")
    bal.add_argument("--min-pairs", type=int, default=200, metavar="N", help="paired games before a card may stop early (default 200)")
    bal.add_argument("--batch", type=int, default=100, metavar="N", help="paired games between two looks at the data (default 100)")
    bal.add_argument("--width", type=float, default=1.0, metavar="POINTS",
                     help="stop when the 95%% interval of the score difference is this narrow each side (default 1.0)")
    bal.add_argument("--html", default="balance.html", metavar="FILE", help="the HTML report (default balance.html)")
    bal.add_argument("--out", default=DEFAULT_BALANCE_OUT, metavar="DIR",
                     help=f"the store of the pairs and the games worth opening (default ./{DEFAULT_BALANCE_OUT})")
    bal.add_argument("--resume", action="store_true", help="go on with an interrupted run: play only the pairs not yet stored")
    bal.add_argument("--new", action="store_true", help="start the store afresh")
    bal.add_argument("--report", action="store_true", help="play nothing: the verdicts and the report from the store")
    bal.add_argument("--detail", action="store_true",
                     help="per card: scoring categories, spaces, anytime actions, effects fired and the pairs to open")
    bal.add_argument("--pairing", default="rotate", choices=("rotate", "single", "independent"),
                     help="rotate: the card goes to every seat on the same seed, sharing the game without it (default); "
                          "single: one seat per seed; independent: the game without the card on another seed (to measure)")
    bal.add_argument("--model", metavar="FILE", default=None,
                     help="the value model of the learned and search agents (default: the shipped one)")
    for parser in (sim, bal):
        _exit_1_on_errors(parser)


def run(args: Any) -> int:
    """Run `simulate` or `balance` of the game --game names (`sim.command`, over the registry)."""
    return run_command(args)
