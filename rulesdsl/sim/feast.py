"""`simulate` and `balance` of A Feast for Odin: the setup the command line asks for, the games
played into the store (`sim.runner`) and the paired card tests (`sim.balance`)."""

from __future__ import annotations

import sys

from rulesdsl.agents.registry import default_agent
from rulesdsl.engine.game import GameOptions
from rulesdsl.errors import RulesError
from rulesdsl.sim import bundle as bundles
from rulesdsl.sim.balance import run_balance
from rulesdsl.sim.consoles import output_console, progress_console
from rulesdsl.sim.play import GAME, Setup
from rulesdsl.sim.report import coverage, print_coverage, print_summary
from rulesdsl.sim.runner import Interrupted, simulate
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
    if args.games < 1:
        raise RulesError(f"--games must be at least 1, not {args.games}")
    bundle = bundles.make_bundle(args.content, not args.no_builtin)
    console = progress_console()
    try:
        result = simulate(bundle, _setup(args), range(args.seed, args.seed + args.games), args.out,
                          backend=args.backend, jobs=args.jobs, address=args.address, resume=args.resume,
                          new=args.new, progress=not args.no_progress, console=console)
    except Interrupted as err:
        print(err, file=sys.stderr)
        return err.code
    except RuntimeError as err:  # DuckDB's word for Ctrl-C during a query outside a batch
        if "interrupted" not in str(err).lower():
            raise
        print(f"interrupted; the games stored in {args.out} are intact: --resume goes on", file=sys.stderr)
        return 130
    rate = result.played / result.seconds if result.seconds and result.played else 0
    skipped = f", {result.skipped} already stored" if result.skipped else ""
    print(f"{result.played} games played in {result.seconds:.1f} s ({rate:.1f} games/s){skipped}; "
          f"{result.stored} games in {args.out}")
    con, _ = read_store(args.out)
    try:
        print_summary(con, output_console())
    finally:
        con.close()
    return 0


def _balance(args) -> int:
    return run_balance(args, _setup(args), progress_console())
