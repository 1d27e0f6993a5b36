"""Where a game's flow stands, read from its chain of suspended generators (what forking.py
needs to recognise a turn's question asked again, or an anytime action begun at it)."""

from __future__ import annotations

from collections.abc import Generator

from rulesdsl.core.decisions import Decision
from rulesdsl.core.runner import Runner
from rulesdsl.games.feast.engine.flow import Flow


def asked(decision: Decision) -> tuple:
    """Who is asked what: how a turn's question asked again is recognised."""
    return decision.player, decision.kind, decision.prompt


def chain(gen: Generator | None) -> list[Generator]:
    """The generators a generator is suspended in, outermost first."""
    found = []
    while gen is not None:
        found.append(gen)
        gen = gen.gi_yieldfrom
    return found


def turn_asker(gen: Generator | None) -> Generator | None:
    """The generator asking a turn's question that `gen` is suspended in (the `ask` the flow's
    turn, or its end's last question, waits on: asking, or in an anytime action begun there), or None."""
    while gen is not None:
        inner = gen.gi_yieldfrom
        if inner is not None and inner.gi_code is ASK_CODE and gen.gi_code in TURN_CODES:
            return inner
        gen = inner
    return None


def innermost(gen: Generator) -> Generator:
    """The generator that yielded a generator's pending value (the one asking the question)."""
    while True:
        inner = gen.gi_yieldfrom
        if inner is None:
            return gen
        gen = inner


# the flow's turn and its run (whose end asks each player last): their questions are restarted at
# their resume points, also inside an anytime action begun there (`Forking._opened`)
TURN_CODES = frozenset({Flow.turn.__code__, Flow.run.__code__})
ASK_CODE = Runner.ask.__code__
