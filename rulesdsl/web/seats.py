"""Who a request at the table speaks for, in every game: the seats people play at the page,
the seat a request looks from, and which answer an undo takes back.

A seat's URL (`/game/1?seat=2`) shows only what that player may see and answers only that
player's questions; `seat=all` is a spectator. Without `seat`, a game with one person at the
page is that person's seat, and a game of several people shows the seat whose question is
open (players share the screen)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

SPECTATOR = None  # the viewer of `seat=all`: every seat's hand hidden until the game is over


def humans(session: Any) -> list[int]:
    """The seats a person plays at the page."""
    return [i for i, agent in enumerate(session.agents) if agent is None]


def viewer_of(session: Any, arg: str | None) -> int | None:
    """The seat a request looks from (an index), or SPECTATOR; `arg` is `?seat=` (1-based, or `all`)."""
    game = session.game
    players = len(session.agents)
    if arg is not None and arg.strip().lower() in ("all", "spectator"):
        return SPECTATOR
    number = arg.strip().lstrip("pP") if arg is not None else ""
    if number.isdigit() and 1 <= int(number) <= players:
        return int(number) - 1
    people = humans(session)
    if len(people) == 1:
        return people[0]
    if game.decision is not None and game.decision.player in people:
        return int(game.decision.player)
    return SPECTATOR


def seat_arg(viewer: int | None, asked: str | None) -> str | None:
    """The `seat` to keep in the page's links (only when the request named one)."""
    if asked is None:
        return None
    return "all" if viewer is SPECTATOR else str(viewer + 1)


def undo_point(session: Any, viewer: int | None, answered_by: Sequence[int]) -> int | None:
    """How many answers stay when the last answer of a person (of `viewer`'s seat, when one)
    is taken back, with every agent answer after it; None when there is none. `answered_by`:
    the seat of every answer so far."""
    people = set(humans(session))
    for index in range(len(answered_by) - 1, -1, -1):
        player = answered_by[index]
        if player in people and (viewer is SPECTATOR or player == viewer):
            return index
        if player in people:
            return None  # another person answered since: not this seat's to take back
    return None
