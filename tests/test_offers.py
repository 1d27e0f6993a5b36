"""A lazily written placement offer holds exactly what the written-out list would, in order."""

import pytest

from rulesdsl.games.feast.engine.legality.offers import AreaOffer, PlacementEntries, placement_key
from rulesdsl.geometry import pieces
from rulesdsl.geometry.placement import empty, legal_placements, legal_positions, place


@pytest.fixture(scope="module")
def grids(content):
    return pieces.grids(content)


@pytest.mark.parametrize("board", ["stone_house", "long_house"])
def test_offer_entries_are_the_written_out_list(content, grids, board):
    peas, coin = pieces.piece(content, "peas"), pieces.piece(content, "coin_1")
    state = empty(grids[board])
    first = legal_placements(state, peas)[0]
    state = place(state, peas, first.row, first.column, first.turn, first.mirror)  # a board with a tile on it
    offers = [AreaOffer("house:1", "stone house", "peas", None, legal_positions(state, peas), peas, False),
              AreaOffer("house:1", "stone house", "coin_1", "coin_1", legal_positions(state, coin), coin, False)]
    entries = PlacementEntries([o for o in offers if o.positions]) + [("back", "back")]
    written = [(placement_key("house:1", pl), pl) for pl in legal_placements(state, peas)]
    written += [(placement_key("house:1", pl, "coin_1"), pl) for pl in legal_placements(state, coin)]
    assert len(entries) == len(written) + 1 and len(written) > 10
    assert [key for key, _ in entries] == [key for key, _ in written] + ["back"]
    assert [entries[i][0] for i in range(len(entries))] == [key for key, _ in entries]
    # a full list reads the entries in order, one at a time: the same labels as read by position
    assert [label() for _, label in list(entries)[:-1]] == [entries[i][1]() for i in range(len(entries) - 1)]
    assert "peas on stone house at (" in entries[0][1]()
    for key, placement in written:
        offer, found = entries.find(key)
        assert found == placement and offer.coin == (key.partition("@")[2].partition(":")[2] or None)
    assert entries.find("house:1@99,99,0") is None and entries.find("back") is None
    # one key's label without writing the others: what a dict of the written-out entries holds
    whole = dict(entries)
    for key in list(whole) + ["house:1@99,99,0", "house:1@0,0,0:coin_9", "nowhere"]:
        label, expected = entries.label_of(key), whole.get(key)
        assert (label() if callable(label) else label) == (expected() if callable(expected) else expected)
    assert entries.keys_only() == [key for key, _ in entries]
