"""`rulesdsl simulate` for every game: play a seed range on a backend, store every game, show
progress. Games are stored in batches, each one transaction; an interrupted run (Ctrl-C,
a dead worker) keeps what was stored, and `--resume` plays only the seeds not yet there.
It knows no game: a setup plays its own games (`registry.SimHooks`), on either backend."""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs

from rulesdsl.errors import RulesError
from rulesdsl.sim.backends import WorkerLost, make_backend
from rulesdsl.sim.progress import progress_bar
from rulesdsl.sim.store import Store, StoreError, open_store

FLUSH_SECONDS = 1.0  # store what has arrived at least this often
FLUSH_GAMES = 200


class Interrupted(RulesError):
    """The run stopped early; the games stored so far are kept."""

    def __init__(self, message: str, code: int):
        super().__init__(message)
        self.code = code


@attrs.frozen
class RunResult:
    """What a run did: the games stored in the end, played by it, skipped (already there) and its time."""

    stored: int  # games in the store at the end
    played: int  # games played by this run
    skipped: int  # seeds already stored (with --resume)
    seconds: float


def simulate(bundle: Any, setup: Any, seeds: Iterable[int], out: str | Path, meta: dict[str, str], backend: str = "local",
             jobs: int | None = None, address: str | None = None, resume: bool = False, new: bool = False,
             progress: bool = True, chunk: int = 1, console: Any = None) -> RunResult:
    """Play `seeds` into the store at `out` (of `meta`: `sim.command.store_meta`); see the module docstring.

    `setup` is any game's checked setup (`registry.SimHooks`): a worker plays its games with
    `setup.play_many(content, seeds)`, `content` loaded from `bundle` (None: the setup loads
    its own rules)."""
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
                    played = play_into(runner, store, bundle, setup, todo, chunk, progress, console)
                finally:
                    runner.stop()
        return RunResult(store.count(), played, len(already), time.perf_counter() - start)
    finally:
        store.close()


_ENDING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


@contextmanager
def ending_signals_interrupt() -> Iterator[None]:
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
def no_interrupt() -> Iterator[None]:
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


def play_into(runner: Any, store: Store, bundle: Any, setup: Any, todo: list[int], chunk: int = 1, show: bool = True,
              console: Any = None) -> int:
    """Play the seeds `todo` on a started backend `runner` into the open `store`, `chunk` seeds a
    task, with a progress bar when `show`; the number of games stored. Interrupted (with the
    games played so far stored) on Ctrl-C, a full store or a lost worker."""
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
