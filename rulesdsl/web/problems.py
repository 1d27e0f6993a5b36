"""Why a game could not be started or opened, in one line for the page."""

from __future__ import annotations

from rulesdsl.errors import ContentError

SHOWN = 5  # problems of bad content named on the page; the rest are counted


def problems(err: Exception) -> str:
    """The error as the page shows it: bad content's first problems, else the message."""
    if isinstance(err, ContentError):
        more = len(err.problems) - SHOWN
        return "; ".join(map(str, err.problems[:SHOWN])) + (f" (and {more} more)" if more > 0 else "")
    return str(err)
