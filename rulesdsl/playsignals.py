"""Stopping a game by a signal without losing it.

`play --save` must save the game so far when the terminal closes (SIGHUP), the process
is told to end (SIGTERM) or Ctrl-C is pressed. The handlers raise `Stopped` so that a
player waiting at the prompt is interrupted at once; while the engine is carrying out an
answer the signal only marks itself and is raised as soon as the answer is complete, so
the record never ends in the middle of one.
"""

from __future__ import annotations

import contextlib
import signal


class Stopped(Exception):
    """The game was stopped by a signal."""

    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum
        self.name = signal.Signals(signum).name


class _Guard:
    def __init__(self):
        self.busy = False
        self.pending: int | None = None

    def handle(self, signum, _frame):
        if self.busy:
            self.pending = signum
            return
        raise Stopped(signum)

    @contextlib.contextmanager
    def engine(self):
        """Hold signals back while the engine runs one answer."""
        self.busy = True
        try:
            yield
        finally:
            self.busy = False
        if self.pending is not None:
            signum, self.pending = self.pending, None
            raise Stopped(signum)


_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGINT") if hasattr(signal, name))


@contextlib.contextmanager
def stops_saved():
    """Turn SIGTERM, SIGHUP and SIGINT into `Stopped` for the duration of a game."""
    guard = _Guard()
    previous = {}
    try:
        for signum in _SIGNALS:
            try:
                previous[signum] = signal.signal(signum, guard.handle)
            except (ValueError, OSError):  # not the main thread: signals stay as they are
                pass
        yield guard
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
