"""`rulesdsl simulate`, written once for every game of the registry: the game's plug-in
(`GamePlugin.simulation`, a `SimHooks`) gives only its rules, its setup and its own parts of
the report; everything else is here and the same for every game: the seeds the command line names played on a backend (local processes or Ray,
`sim.runner`) into the store, the line that says what was played, an interruption told with
its exit code, the store's meta, and the report of a store (`sim.report`: in the terminal, and
as HTML with --html) after a run or with --report."""

from __future__ import annotations

import json
import sys
from typing import Any

from rulesdsl.errors import RulesError
from rulesdsl.games.registry import GamePlugin, SimHooks, Simulated, plugin_for, plugins
from rulesdsl.sim.consoles import output_console, progress_console
from rulesdsl.sim.report import print_report, store_report
from rulesdsl.sim.report_html import write_html
from rulesdsl.sim.runner import Interrupted, simulate
from rulesdsl.sim.store import StoreError, read_store, stored_setup


def run(args: Any) -> int:
    """Run `simulate` for the game `args.game` names."""
    plugin = plugin_for(args.game)
    hooks = simulation_of(args, plugin)
    if args.report:
        report(args, hooks)
        return 0
    check_games(args)
    rules = hooks.rules(args)
    setup = hooks.setup(args, rules)
    return run_simulation(args, rules, setup, hooks)


def simulation_of(args: Any, plugin: GamePlugin) -> SimHooks:
    """The game's simulation hooks; RulesError naming the games that are simulated otherwise."""
    if plugin.simulation is None:
        having = [name for other in plugins() if other.simulation is not None for name in other.offers()]
        raise RulesError(f"{args.game} has nothing to simulate; the games simulated: {', '.join(having)}")
    return plugin.simulation


def check_games(args: Any) -> None:
    """--games is at least 1 (before anything is loaded)."""
    if args.games < 1:
        raise RulesError(f"--games must be at least 1, not {args.games}")


def store_meta(rules: Simulated, setup: Any) -> dict[str, str]:
    """What a store must agree on to be extended: the game, its content and the setup (not the seeds)."""
    return {"game": rules.game, "fingerprint": rules.fingerprint, "setup": json.dumps(setup.to_json(), sort_keys=True),
            **rules.meta}


def run_simulation(args: Any, rules: Simulated, setup: Any, hooks: SimHooks) -> int:
    """Play the seeds of `args` with `setup` into the store `args.out`, then the report of the
    store; the exit code (130 after Ctrl-C, with the games stored so far kept)."""
    check_games(args)
    try:
        result = simulate(rules.bundle, setup, range(args.seed, args.seed + args.games), args.out, backend=args.backend,
                          jobs=args.jobs, address=args.address, resume=args.resume, new=args.new,
                          progress=not args.no_progress, console=progress_console(), meta=store_meta(rules, setup))
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
    report(args, hooks, rules, sections=False)
    return 0


def report(args: Any, hooks: SimHooks, rules: Simulated | None = None, sections: bool = True) -> None:
    """Print the report of the store `args.out` (the game's own tables always, its own sections when `sections`)
    and write it as HTML when --html names a file; StoreError for a store of another game or
    other content."""
    rules = hooks.rules(args) if rules is None else rules
    con, meta = read_store(args.out, rules.game)
    try:
        if meta.get("fingerprint") != rules.fingerprint:
            raise StoreError(f"the store in {args.out} holds games of other content (it was written with "
                             f"{meta.get('content', 'other rules')!s:.200}); give the same --content folders or "
                             f"--game folder to report on it")
        stored_setup(meta)  # a foreign store's setup is refused, not trusted
        own = hooks.sections(con, meta, rules) if sections and hooks.sections is not None else []
        tables = hooks.tables(con, meta, rules) if hooks.tables is not None else []  # cheap: after a run too
        found = store_report(con, rules.title, own, tables)
    finally:
        con.close()
    html = getattr(args, "html", None)
    if html:  # before the terminal's tables: a reader that stops early (`| head`) still gets the file
        write_html(found, html)
    print_report(found, output_console())
    if html:
        print(f"report: {html}")
