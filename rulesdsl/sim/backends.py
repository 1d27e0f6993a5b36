"""Where simulated games run: local worker processes, or a Ray cluster.

Both take the same tasks (a tag, a content bundle, a setup and a few seeds) and give back
(tag, rows): a game
depends only on its content, setup and seed. Workers load the content themselves from the
bundle (the package from their own install, a variant's YAML bytes from the task).
Results come back as each task ends, in any order; the runner stores them.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import socket
from collections.abc import Iterator
from typing import Any
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from rulesdsl.errors import RulesError
from rulesdsl.sim import bundle as bundles


# tasks handed out per worker: enough that no worker waits while the driver stores a batch
QUEUED = 4


class WorkerLost(RulesError):
    """A worker died (killed, out of memory) before finishing its games."""


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


# ---------------------------------------------------------------------------- local processes
_WORKER: dict = {}


def _init_worker(bundle) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the driver's to handle: it stores, then stops us
    if bundle is not None:
        bundles.load(bundle)


def run_task(task: tuple[Any, Any, Any, tuple[int, ...]]) -> tuple[Any, list[dict[str, list[tuple]]]]:
    """Play one task: (tag, bundle, setup, seeds) -> (tag, rows of each game). Every game's
    setup plays its own games (`setup.play_many(content, seeds)`: `registry.SimHooks`), so the
    backends know no game."""
    tag, bundle, setup, seeds = task
    content = bundles.load(bundle) if bundle is not None else None  # None: a game whose setup loads its own rules
    return tag, setup.play_many(content, seeds)


class LocalBackend:
    name = "local"

    def __init__(self, jobs: int):
        if jobs < 1:
            raise RulesError(f"--jobs must be at least 1, not {jobs}")
        self.jobs = jobs
        self.pool = None

    def start(self, bundle=None) -> None:
        # spawn: a fresh interpreter per worker, nothing inherited from the driver's threads
        self.pool = ProcessPoolExecutor(self.jobs, mp_context=multiprocessing.get_context("spawn"),
                                        initializer=_init_worker, initargs=(bundle,))

    def run(self, tasks) -> Iterator[tuple]:
        tasks = iter(tasks)
        pending = set()
        try:
            while True:
                while len(pending) < QUEUED * self.jobs:
                    task = next(tasks, None)
                    if task is None:
                        break
                    pending.add(self.pool.submit(run_task, task))
                if not pending:
                    return
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
        except BrokenProcessPool:
            raise WorkerLost("a worker process died before finishing its games") from None

    def stop(self) -> None:
        if self.pool is not None:
            processes = list((getattr(self.pool, "_processes", None) or {}).values())
            self.pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:  # a worker in the middle of a game is not waited for
                if process.is_alive():
                    process.terminate()
            self.pool = None


# ---------------------------------------------------------------------------- Ray
def _ray():
    try:
        import ray  # import here: the optional `cluster` extra, only for --backend ray
    except ImportError:
        raise RulesError("the Ray backend needs Ray: pip install 'rulesdsl[cluster]'") from None
    return ray


def check_reachable(address: str, timeout: float = 5.0) -> None:
    """Refuse quickly an address where nothing listens (Ray itself would retry for a long time)."""
    if address in ("auto", "local"):
        return
    target = address.split("://", 1)[-1]
    host, _, port = target.rpartition(":")
    if not host or not port.isdigit():
        raise RulesError(f"--address '{address}' is not host:port (or ray://host:port)")
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as err:
        raise RulesError(f"cannot reach the Ray cluster at {address}: {err.strerror or err}") from None


class RayBackend:
    name = "ray"

    def __init__(self, address: str | None, jobs: int | None = None):
        self.address = address
        self.jobs = jobs
        self.started = False

    def start(self, bundle=None) -> None:
        ray = _ray()
        if self.address:
            check_reachable(self.address)
        if not ray.is_initialized():
            kwargs = {"address": self.address} if self.address else {"num_cpus": self.jobs}
            try:
                ray.init(ignore_reinit_error=True, log_to_driver=False, include_dashboard=False,
                         configure_logging=False, **kwargs)
            except (ConnectionError, RuntimeError, ValueError) as err:
                raise RulesError(f"cannot start or join Ray ({self.address or 'a local instance'}): {err}") from None
            self.started = True
        self.task = ray.remote(run_task)
        self.width = self.jobs or max(1, int(ray.cluster_resources().get("CPU", 1)))

    def run(self, tasks) -> Iterator[tuple]:
        ray = _ray()
        tasks = iter(tasks)
        pending: list = []
        while True:
            while len(pending) < QUEUED * self.width:
                task = next(tasks, None)
                if task is None:
                    break
                pending.append(self.task.remote(task))
            if not pending:
                return
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                try:
                    yield ray.get(ref)
                except ray.exceptions.RayError as err:
                    cause = getattr(err, "cause", None)
                    if isinstance(cause, RulesError):
                        raise cause from None
                    raise WorkerLost(f"a Ray task failed: {str(err).strip().splitlines()[0]}") from None

    def stop(self) -> None:
        if self.started:
            _ray().shutdown()
            self.started = False


def make_backend(name: str, jobs: int | None, address: str | None) -> LocalBackend | RayBackend:
    """The backend called `name` (local or ray); RulesError for another name or a misplaced --address."""
    if name == "local":
        if address:
            raise RulesError("--address is for --backend ray")
        return LocalBackend(default_jobs() if jobs is None else jobs)
    if name == "ray":
        return RayBackend(address, jobs)
    raise RulesError(f"unknown backend '{name}'; use local or ray")
