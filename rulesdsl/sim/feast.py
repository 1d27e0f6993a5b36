"""`simulate` and `balance` of A Feast for Odin: the setup the command line asks for, the games
played into the store (`sim.runner`) and the paired card tests (`sim.balance`)."""

from __future__ import annotations

from rulesdsl.agents.registry import default_agent
from rulesdsl.engine.game import GameOptions
from rulesdsl.errors import RulesError
from rulesdsl.sim import bundle as bundles
from rulesdsl.sim.balance import run_balance
from rulesdsl.sim.command import check_games, run_simulation
from rulesdsl.sim.consoles import output_console, progress_console
from rulesdsl.sim.play import GAME, Setup
from rulesdsl.sim.report import coverage, print_coverage, print_summary
from rulesdsl.sim.store import read_store


def run(args) -> int:
    """Run `simulate` or `balance` for A Feast for Odin."""
    if args.command == "simulate":
        return _simulate(args)
    return _balance(args)


def _setup(args):
    names = [a.strip() for a in (args.agents or default_agent()).split(",") if a.strip()]
    if len(names) == 1:
        names *= args.players
    options = GameOptions(players=args.players, length="short" if args.short else "long",
                          decks=tuple(d.strip().upper() for d in args.decks.split(",") if d.strip()))
    return Setup(options, tuple(names), args.budget, model=getattr(args, "model", None))


def _simulate(args) -> int:
    if args.report:
        con, meta = read_store(args.out, GAME)
        try:
            bundle = bundles.make_bundle(args.content, not args.no_builtin)
            if meta.get("fingerprint") != bundle.fingerprint:
                raise RulesError(f"the store in {args.out} holds games of other content (it was written with "
                                 f"{meta.get('content')}); give the same --content folders to report on it")
            content = bundles.load(bundle)
            print_coverage(coverage(con, meta, content), content)
        finally:
            con.close()
        return 0
    check_games(args)
    bundle = bundles.make_bundle(args.content, not args.no_builtin)
    return run_simulation(args, bundle, _setup(args), lambda con: print_summary(con, output_console()))


def _balance(args) -> int:
    return run_balance(args, _setup(args), progress_console())
