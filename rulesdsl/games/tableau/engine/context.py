"""Who acts in a tableau statement."""

from __future__ import annotations


class Ctx:
    """Who acts and about what: the player, the lot being bought, the scored cell and its source.
    `slash` and `pending` are what the shared core reads of every context (a tableau program
    has no slash positions and no arrivals announced per yield: both stay None)."""

    __slots__ = ("player", "lot", "slot", "cell", "source", "slash", "pending", "vars")

    def __init__(self, player: int, lot=None, slot=None, cell=None, source=None):
        self.player, self.lot, self.slot, self.cell, self.source = player, lot, slot, cell, source
        self.slash = self.pending = None
        self.vars = {}

    def derive(self, **changes) -> "Ctx":
        """A copy with some fields changed."""
        new = Ctx(self.player, self.lot, self.slot, self.cell, self.source)
        new.slash, new.pending, new.vars = self.slash, self.pending, self.vars
        for name, value in changes.items():
            setattr(new, name, value)
        return new
