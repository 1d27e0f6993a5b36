"""Where a tile may go, offered without writing out every answer.

An anytime placement offers every legal position on every area the player owns: often several
hundred. A sampling agent reads one of them, so `PlacementEntries` is the `Candidates.entries`
sequence of such an offer that knows how many positions each area has (bit tests on the
board, see `geometry.placement.legal_positions`) and writes the answer key, its label and its
`Placement` only for the positions someone reads. Reading all of them (a full list) gives
exactly the entries a list would hold, in the same order.
"""

from __future__ import annotations

from rulesdsl.geometry.placement import Placement


class PlacementLabel:
    """`peas on your home board at (3, 4) turned 90`, written when read."""

    __slots__ = ("piece", "area", "where")

    def __init__(self, piece: str, area: str, where: tuple):
        self.piece, self.area, self.where = piece, area, where  # where: (row, column, turn, mirror)

    def __call__(self) -> str:
        row, column, turn, mirror = self.where
        return f"{self.piece} on {self.area} at ({row}, {column}) turned {turn}" + (" over" if mirror else "")


def placement_key(area: str, placement, piece: str | None = None) -> str:
    """`home@11,0,90` (row, column, turn; `m` when turned over); coins add `:coin_4`."""
    key = f"{area}@{placement.row},{placement.column},{placement.turn}{'m' if placement.mirror else ''}"
    return f"{key}:{piece}" if piece else key


class AreaOffer:
    """The legal positions of one piece on one area: (mask, edges, row, column, turn, mirror) each."""

    __slots__ = ("key", "label", "piece_id", "coin", "positions", "piece", "allowed")

    def __init__(self, key: str, label: str, piece_id: str, coin: str | None, positions, piece, allowed: bool):
        self.key, self.label, self.piece_id, self.coin = key, label, piece_id, coin
        self.positions, self.piece, self.allowed = positions, piece, allowed

    def entry(self, index: int) -> tuple:
        """(answer key, label, placement) of one position."""
        mask, _, row, column, turn, mirror = self.positions[index]
        placement = Placement(row, column, turn, mirror, mask)
        return placement_key(self.key, placement, self.coin), PlacementLabel(self.piece_id, self.label, (row, column, turn, mirror)), placement

    def entries(self):
        """(answer key, label) of every position, in order, with no `Placement` made (a full list)."""
        piece_id, label = self.piece_id, self.label
        for key, (_, _, row, column, turn, mirror) in zip(self.keys(), self.positions):
            yield key, PlacementLabel(piece_id, label, (row, column, turn, mirror))

    def keys(self) -> list[str]:
        """The answer key of every position, in order (`entries` without the labels)."""
        area, tail = self.key, f":{self.coin}" if self.coin else ""
        return [f"{area}@{row},{column},{turn}{'m' if mirror else ''}{tail}" for _, _, row, column, turn, mirror in self.positions]


class PlacementEntries:
    """(key, label) of every position of some area offers, then `tail` (plain entries): a
    sequence written one entry at a time, as it is read."""

    __slots__ = ("offers", "tail", "_size")

    def __init__(self, offers: list[AreaOffer], tail=()):
        self.offers = offers
        self.tail = list(tail)
        self._size = sum(len(o.positions) for o in offers) + len(self.tail)

    def __len__(self) -> int:
        return self._size

    def __add__(self, more) -> "PlacementEntries":
        return PlacementEntries(self.offers, self.tail + list(more))

    def __getitem__(self, index: int) -> tuple:
        if index < 0:
            index += self._size
        for offer in self.offers:
            n = len(offer.positions)
            if index < n:
                return offer.entry(index)[:2]
            index -= n
        return self.tail[index]

    def __iter__(self):
        for offer in self.offers:
            yield from offer.entries()
        yield from self.tail

    def label_of(self, key: str):
        """The label of an offered key (None: not offered), as `dict(self).get(key)` gives it,
        with only that key's entry written."""
        found = self.find(key)
        if found is not None:
            offer, placement = found
            return PlacementLabel(offer.piece_id, offer.label, (placement.row, placement.column, placement.turn, placement.mirror))
        label = None
        for entry_key, entry_label in self.tail:  # the last of a key, as a dict made from the entries keeps
            if entry_key == key:
                label = entry_label
        return label

    def keys_only(self) -> list[str]:
        """Every entry's key, in order, without its label (`Decision.legal` reads no label)."""
        keys = []
        for offer in self.offers:
            keys += offer.keys()
        keys += [key for key, _ in self.tail]
        return keys

    def find(self, answer: str):
        """(offer, placement) of a position's answer key, or None."""
        area, _, where = answer.partition("@")
        where, _, coin = where.partition(":")
        try:
            row, column, turn = where.rstrip("m").split(",")
            wanted = (int(row), int(column), int(turn), where.endswith("m"))
        except ValueError:
            return None
        for offer in self.offers:
            if offer.key == area and (offer.coin or "") == coin:
                for index, position in enumerate(offer.positions):
                    if position[2:] == wanted:
                        key, _, placement = offer.entry(index)
                        if key == answer:
                            return offer, placement
        return None
