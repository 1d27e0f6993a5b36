"""The progress bar of a run (rich): games done, games per second, time left."""

from __future__ import annotations

from contextlib import contextmanager

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn


@contextmanager
def progress_bar(total: int, show: bool = True, console=None, what: str = "games"):
    """Yield `advance(n, total=None)` (a new total when less work is left) counting `what`; draws
    nothing when `show` is false."""
    if not show:
        yield lambda n, total=None: None
        return

    columns = (TextColumn(what), BarColumn(), MofNCompleteColumn(),
               TextColumn(f"{{task.fields[rate]}} {what}/s"), TextColumn("left"), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=False, refresh_per_second=4) as bar:
        task = bar.add_task(what, total=total, rate="-")

        def advance(n: int, total: int | None = None) -> None:
            bar.update(task, advance=n, total=total)
            speed = bar.tasks[0].speed
            bar.update(task, rate=f"{speed:.1f}" if speed else "-")

        yield advance
