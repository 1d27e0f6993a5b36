"""The one protocol of a game in progress, whatever its ruleset: what front ends (the library
API, the command line, simulations, the web table, agents) may rely on.

A game holds its pending `decision` (None once `over`); `legal()` lists the keys `answer`
accepts; `answer(key)` applies one, or raises `IllegalMove` (a `RulesError` with the reason)
and leaves the game as it was; `fork()` is an independent copy at the same decision; `save()`
is its JSON record, which the class's `load(content, record, force)` replays to the identical
state on the same content; `scores()` is one row per player of the game's own columns.
"""

from __future__ import annotations

from typing import Any, Protocol, Self, runtime_checkable

from rulesdsl.core.decisions import Decision


@runtime_checkable
class Game(Protocol):
    """A game in progress of any ruleset."""

    decision: Decision | None  # the pending question (None once the game is over)

    @property
    def over(self) -> bool:
        """True once the game has ended (no question is pending)."""
        ...

    def legal(self) -> list[str]:
        """The keys `answer` accepts now (empty when the game is over)."""
        ...

    def answer(self, key: str) -> None:
        """Apply one answer; IllegalMove, the game unchanged, if the rules refuse `key`."""
        ...

    def fork(self) -> Game:
        """An independent copy of the game at the same pending decision."""
        ...

    def save(self) -> dict[str, Any]:
        """The game's JSON record: what `load` replays."""
        ...

    @classmethod
    def load(cls, content: Any, data: dict[str, Any], force: bool = False) -> Self:
        """Replay a record on `content` (RecordError if it is not one; RulesError if it was
        made on other content, unless `force`)."""
        ...

    def scores(self) -> list[dict[str, Any]]:
        """One row per player: the game's own scoring columns."""
        ...
