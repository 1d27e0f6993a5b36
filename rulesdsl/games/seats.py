"""Agents at the table, for every game: how a seat's agent is seeded, and the one loop that
lets agents answer until a person must, the game ends or a limit is reached.

Every front end (play, simulate, the web table, render's random game, the tools) plays agents
through `play_agents`, so the rule of who answers next lives here once. The seed rule is the
one `rulesdsl play` has always used: a game's seed and a seat give the seat's agent its seed,
so a game of agents is fully given by its setup and seed, and a resumed game goes on the same.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import Any, ContextManager

SEAT_STRIDE = 7919  # a prime: the agents of seeds n and n+1 never share a seed


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the agent at `seat` in the game of `seed`."""
    return seed * SEAT_STRIDE + seat


def play_agents(game: Any, agents: Sequence[Any], *, limit: int | None = None,
                hold: Callable[[], ContextManager[Any]] = contextlib.nullcontext,
                answer: Callable[[str], None] | None = None,
                after: Callable[[Any, str], None] | None = None) -> int:
    """Let the agents answer until a person's seat (None) is asked, the game ends or `limit`
    answers are given; the number of answers given.

    `hold()` is entered around each answer (a lock, or nothing); `answer(key)` carries the key
    out instead of `game.answer` (to hold signals back, say); `after(decision, key)` is told of
    each answer once it went through.
    """
    given = 0
    carry = answer or game.answer
    while limit is None or given < limit:
        with hold():
            decision = game.decision
            if decision is None or agents[decision.player] is None:
                return given
            key = agents[decision.player].answer(game, decision)
            carry(key)
        given += 1
        if after is not None:
            after(decision, key)
    return given
