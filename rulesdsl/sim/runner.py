"""`rulesdsl simulate` for every game: play a seed range on a backend, store every game, show
progress. Games are stored in batches, each one transaction; an interrupted run (Ctrl-C,
a dead worker) keeps what was stored, and `--resume` plays only the seeds not yet there."""

from __future__ import annotations

import json
import signal
import threading
import time
from contextlib import contextmanager

import attrs

from rulesdsl.errors import RulesError
from rulesdsl.resources import version
from rulesdsl.sim import agents as agent_names
from rulesdsl.sim import bundle as bundles
from rulesdsl.sim.backends import WorkerLost, make_backend
from rulesdsl.sim.play import GAME, Setup, new_game
from rulesdsl.sim.progress import progress_bar
from rulesdsl.sim.store import StoreError, open_store

FLUSH_SECONDS = 1.0  # store what has arrived at least this often
FLUSH_GAMES = 200


class Interrupted(RulesError):
    """The run stopped early; the games stored so far are kept."""

    def __init__(self, message: str, code: int):
        super().__init__(message)
        self.code = code


@attrs.frozen
class RunResult:
    stored: int  # games in the store at the end
    played: int  # games played by this run
    skipped: int  # seeds already stored (with --resume)
    seconds: float


def store_meta(bundle, setup: Setup) -> dict:
    """What a store must agree on: the content fingerprint and the setup (not the seeds)."""
    return {"game": GAME, "fingerprint": bundle.fingerprint, "setup": json.dumps(setup.to_json(), sort_keys=True),
            "content": json.dumps(["<built-in>"] * bundle.builtin + [r.name for r in bundle.roots]),
            "rulesdsl": version()}


def check_setup(content, setup: Setup) -> None:
    """Unknown options or agents fail here, before any worker starts."""
    if len(setup.agents) != setup.options.players:
        raise RulesError(f"--agents names {len(setup.agents)} agents for {setup.options.players} players")
    agent_names.check(setup.agents, getattr(setup, "model", None))
    new_game(content, setup, 0)  # the engine's own checks of players, length, decks and cards dealt


def simulate(bundle, setup, seeds, out, backend="local", jobs=None, address=None, resume=False, new=False,
             progress=True, chunk=1, console=None, meta: dict | None = None) -> RunResult:
    """Play `seeds` into the store at `out`; see the module docstring.

    `setup` is the first game's `Setup` (checked here against the content of `bundle`), or the
    setup of another game that plays its own games (`setup.play_many(content, seeds)`, checked
    by its caller, with no bundle) and gives the store's `meta` itself."""
    if meta is None:
        content = bundles.load(bundle)
        check_setup(content, setup)
        meta = store_meta(bundle, setup)
    seeds = list(dict.fromkeys(seeds))
    runner = make_backend(backend, jobs, address)
    store = open_store(out, meta, new=new)
    try:
        stored = store.seeds()
        already = [s for s in seeds if s in stored]
        if already and not resume:
            raise RulesError(f"{len(already)} of these seeds are already in {store.path} (first: {already[0]}); "
                             f"--resume plays only the missing ones, --new starts the store afresh")
        todo = [s for s in seeds if s not in stored]
        start = time.perf_counter()
        played = 0
        if todo:
            with ending_signals_interrupt():  # SIGTERM/SIGHUP: store what is done, stop the workers, exit
                runner.start(bundle)
                try:
                    played = _run(runner, store, bundle, setup, todo, chunk, progress, console)
                finally:
                    runner.stop()
        return RunResult(store.count(), played, len(already), time.perf_counter() - start)
    finally:
        store.close()


_ENDING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


@contextmanager
def ending_signals_interrupt():
    """SIGTERM and SIGHUP end a run as Ctrl-C does (games stored, workers stopped) instead of
    killing the driver alone and leaving its worker processes behind."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(*_):
        raise KeyboardInterrupt

    old = {signum: signal.signal(signum, interrupt) for signum in _ENDING}
    try:
        yield
    finally:
        for signum, handler in old.items():
            signal.signal(signum, handler)


@contextmanager
def no_interrupt():
    """Hold Ctrl-C back while a batch is written and counted: it lands right after, never half-way.
    (Blocking the signal is not enough: any other thread may receive it, and DuckDB turns it into
    an interrupted query; so the handler only takes note until the batch is in.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list = []
    old = {signum: signal.signal(signum, lambda *_: caught.append(True)) for signum in (signal.SIGINT, *_ENDING)}
    try:
        yield
    finally:
        for signum, handler in old.items():
            signal.signal(signum, handler)
    if caught:
        raise KeyboardInterrupt


def _run(runner, store, bundle, setup, todo, chunk, show, console) -> int:
    tasks = ((None, bundle, setup, tuple(todo[i:i + chunk])) for i in range(0, len(todo), chunk))
    buffer: list = []
    played = 0

    def flush() -> None:
        nonlocal buffer, played
        with no_interrupt():
            store.add(buffer)
            played += len(buffer)
            buffer = []

    last = time.perf_counter()
    with progress_bar(len(todo), show, console) as advance:
        try:
            for _, games in runner.run(tasks):
                buffer.extend(games)
                advance(len(games))
                now = time.perf_counter()
                if len(buffer) >= FLUSH_GAMES or now - last >= FLUSH_SECONDS:
                    flush()
                    last = now
            flush()
        except KeyboardInterrupt:
            flush()
            raise Interrupted(f"interrupted: {played} games stored by this run ({store.count()} in {store.path}); "
                              f"run the same command with --resume to go on", 130) from None
        except StoreError as err:
            raise Interrupted(f"{err}; make room, then run the same command with --resume to go on", 1) from None
        except WorkerLost as err:
            flush()
            raise Interrupted(f"{err}: {played} games stored by this run ({store.count()} in {store.path}); "
                              f"run the same command with --resume to play the rest", 1) from None
    return played
