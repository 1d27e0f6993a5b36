"""The table of a tableau game: plain data, so a state compares, copies and prints exactly.

Cells are (row, column), rows from 1 at the top, columns from 1 next to the home board.
`ring` holds one lot per slot: [tile id, figure id or None], or None once bought.
"""

from __future__ import annotations

import random

import attrs


@attrs.define
class Seat:
    """One player's side of the table."""

    money: dict  # currency id -> amount
    tiles: dict = attrs.field(factory=dict)  # (row, column) -> tile id
    figures: dict = attrs.field(factory=dict)  # (row, column) -> figure id (on a tile)
    holding: dict = attrs.field(factory=dict)  # figure id -> count in the holding area
    held: list = attrs.field(factory=list)  # tiles dealt to be placed with the first lot
    turns: int = 0  # lots bought so far

    def hold(self, figure: str, count: int = 1) -> None:
        left = self.holding.get(figure, 0) + count
        if left:
            self.holding[figure] = left
        else:
            self.holding.pop(figure, None)

    def to_data(self) -> dict:
        return {"money": dict(self.money), "tiles": {f"{r},{c}": k for (r, c), k in sorted(self.tiles.items())},
                "figures": {f"{r},{c}": k for (r, c), k in sorted(self.figures.items())},
                "holding": dict(sorted(self.holding.items())), "held": list(self.held), "turns": self.turns}


@attrs.define
class Table:
    seats: list
    ring: list  # slot -> [tile, figure] | None
    stacks: list  # the face-down stacks still to come, each a list of tile ids
    bag: list  # figure ids in the bag (drawn at random)
    rng: random.Random
    round: int = 0
    start: int = 0  # the start player
    drawn: list = attrs.field(factory=list)  # figures drawn and not yet beside a lot
    hand: list = attrs.field(factory=list)  # pieces bought and not yet placed
    out: dict = attrs.field(factory=dict)  # what left the game: id -> count
    forced_draws: list = attrs.field(factory=list)  # a scenario's draws, taken before the bag's random ones
    over: bool = False

    def remove(self, what: str, count: int = 1) -> None:
        """`what` leaves the game (counted, so pieces stay conserved)."""
        self.out[what] = self.out.get(what, 0) + count

    def draw(self) -> str:
        """One figure from the bag: a scenario's forced draw first, else a random one."""
        if self.forced_draws:
            figure = self.forced_draws.pop(0)
            self.bag.remove(figure)
            return figure
        index = self.rng.randrange(len(self.bag))
        self.bag[index], self.bag[-1] = self.bag[-1], self.bag[index]
        return self.bag.pop()

    def to_data(self) -> dict:
        """The whole table as plain data (the random generator as its position)."""
        return {"round": self.round, "start": self.start, "ring": [list(lot) if lot else None for lot in self.ring],
                "stacks": [list(s) for s in self.stacks], "bag": sorted(self.bag), "drawn": sorted(self.drawn), "hand": list(self.hand),
                "out": dict(sorted(self.out.items())), "over": self.over, "seats": [s.to_data() for s in self.seats]}
