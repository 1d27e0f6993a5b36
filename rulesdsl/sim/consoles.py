"""Where the simulation commands write: the tables on standard output, progress on standard error."""

from __future__ import annotations

import sys

from rich.console import Console


def output_console() -> Console:
    """The console tables go to: standard output, wide enough for them when it is not a terminal."""
    return Console() if sys.stdout.isatty() else Console(width=200)


def progress_console() -> Console:
    """The console of the progress bar and the messages beside it (standard error)."""
    return Console(stderr=True)
