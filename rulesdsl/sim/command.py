"""`rulesdsl simulate`'s run, written once for every game: the seeds the command line names
played into the store (`sim.runner`), the line that says what was played, an interruption told
with its exit code, then the game's own summary of the store. Each game's module (`sim.feast`,
`sim.tableau`) gives only its setup, the store's meta and its summary."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from rulesdsl.errors import RulesError
from rulesdsl.sim.consoles import progress_console
from rulesdsl.sim.runner import Interrupted, simulate
from rulesdsl.sim.store import read_store


def check_games(args: Any) -> None:
    """--games is at least 1 (before anything is loaded)."""
    if args.games < 1:
        raise RulesError(f"--games must be at least 1, not {args.games}")


def run_simulation(args: Any, bundle: Any, setup: Any, summary: Callable[[Any], None], meta: dict | None = None) -> int:
    """Play the seeds of `args` with `setup` into the store `args.out`, then `summary(connection)`
    of the store; the exit code (130 after Ctrl-C, with the games stored so far kept)."""
    check_games(args)
    try:
        result = simulate(bundle, setup, range(args.seed, args.seed + args.games), args.out, backend=args.backend,
                          jobs=args.jobs, address=args.address, resume=args.resume, new=args.new,
                          progress=not args.no_progress, console=progress_console(), meta=meta)
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
        summary(con)
    finally:
        con.close()
    return 0
