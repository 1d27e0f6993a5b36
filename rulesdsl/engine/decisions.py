"""What the engine asks a player, and the answers it accepts."""

from __future__ import annotations

import attrs


@attrs.frozen
class Option:
    key: str  # the answer that picks this option; stable, recorded in saved games
    label: str
    refusal: str | None = None  # why this option may not be taken now (shown, never legal)
    piece: str | None = None  # a placement's tile, so that a board can be drawn and chosen by square


@attrs.frozen
class Decision:
    player: int
    kind: str  # space, pass, choose, pay, upgrade, reroll, feast, place, ...
    prompt: str
    options: tuple[Option, ...]

    def legal(self) -> list[str]:
        return [o.key for o in self.options if o.refusal is None]

    def option(self, key: str) -> Option | None:
        for o in self.options:
            if o.key == key:
                return o
        return None
