"""A Feast for Odin's own options on the command line: its flags on the commands that start
games (`play`, `simulate`, `balance`: --short and --decks, read back by `commands.options` and
`sim.setup`) and the parser of `balance`, its own command with options of its own.

A light module (argparse only): the command line builds its parsers from it on every run.
"""

from __future__ import annotations

from rulesdsl.games.feast import PLUGIN
from rulesdsl.sim.cli import exit_1_on_errors, game_options

DECKS = "A,B,C"  # the occupation decks dealt when --decks names none
BALANCE_OUT = "rulesdsl-balance"  # `balance`'s default store folder


def arguments(parser, command: str) -> None:
    """--short and --decks, the same on every command that starts games."""
    parser.add_argument("--short", action="store_true", help="the short game (6 rounds) instead of the long one (7)")
    parser.add_argument("--decks", default=DECKS, help=f"occupation decks, comma separated (default {DECKS})")


def parsers(sub) -> None:
    """`balance`: paired games with and without a card (`balance.command`, run from the plug-in's
    `CommandHooks.more`), with the game options of `simulate`."""
    bal = sub.add_parser("balance", help="paired games with and without a card: score and win-rate differences with intervals")
    bal.add_argument("cards", nargs="*", metavar="CARD", help="occupations by number or name")
    bal.add_argument("--variant", metavar="DIR", default=None,
                     help="test every occupation this variant folder adds or changes against the content without it")
    game_options(bal, PLUGIN, "balance")
    bal.add_argument("--pairs", type=int, default=2000, metavar="N", help="most paired games per card (default 2000)")
    bal.add_argument("--min-pairs", type=int, default=200, metavar="N", help="paired games before a card may stop early (default 200)")
    bal.add_argument("--batch", type=int, default=100, metavar="N", help="paired games between two looks at the data (default 100)")
    bal.add_argument("--width", type=float, default=1.0, metavar="POINTS",
                     help="stop when the 95%% interval of the score difference is this narrow each side (default 1.0)")
    bal.add_argument("--html", default="balance.html", metavar="FILE", help="the HTML report (default balance.html)")
    bal.add_argument("--out", default=BALANCE_OUT, metavar="DIR",
                     help=f"the store of the pairs and the games worth opening (default ./{BALANCE_OUT})")
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
    exit_1_on_errors(bal)
