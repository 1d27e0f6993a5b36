"""Slash positions (`pay 2/4/6 silver -> gain 1/2/3 hide`): how many a statement has, and the
signal that a value needs one chosen. Trees are immutable, so sizes are read once, into a table
the caller keeps with the content (the runner's: its game's catalog's, shared by that content's games)."""

from __future__ import annotations

from rulesdsl.lang import tree as t


class NoSlash(Exception):
    pass


def has_slash(node, sizes: dict) -> bool:
    """Whether the statement has slash positions (`sizes`: the table `slash_size` keeps)."""
    return slash_size(node, sizes) > 0


def slash_size(node, sizes: dict) -> int:
    """How many slash positions the statement has, remembered in `sizes` (id of a node ->
    (the node, its size): the entry keeps its node alive, so the id stays that node's)."""
    if not isinstance(node, (t.Acquire, t.Pay, t.Exchange, t.Draw, t.Upgrade, t.Loot, t.Emigrate)):
        return 0
    found = sizes.get(id(node))
    if found is None or found[0] is not node:
        found = sizes[id(node)] = (node, read_slash_size(node))
    return found[1]


def read_slash_size(node) -> int:
    for n in t.walk(node):
        if isinstance(n, t.SlashAmount):
            return len(n.values)
        if isinstance(n, t.Item) and n.slash:
            return len(n.words)
    return 0
