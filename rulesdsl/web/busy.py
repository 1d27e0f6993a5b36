"""The page a game shows while its agents answer, or once their run has failed."""

from __future__ import annotations

from typing import Any

from flask import render_template

from rulesdsl.web.runner import busy


def busy_page(session: Any, again: str) -> tuple[str, int] | None:
    """The busy page of `session` (asking again at the URL `again`) while its agents answer or
    after their run failed; None when the game's own page can be drawn."""
    if not (busy(session) or session.error):
        return None
    return render_template("busy.html", session=session, stopped=session.error, answers=len(session.game.log),
                           again=again), 200 if busy(session) else 409
