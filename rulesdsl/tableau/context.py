"""Who acts in a tableau statement."""

from __future__ import annotations


class Ctx:
    """Who acts and about what: the player, the lot being bought, the scored cell and its source."""

    __slots__ = ("player", "lot", "slot", "cell", "source")

    def __init__(self, player: int, lot=None, slot=None, cell=None, source=None):
        self.player, self.lot, self.slot, self.cell, self.source = player, lot, slot, cell, source
