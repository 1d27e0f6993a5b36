"""Slash positions (`pay 2/4/6 silver -> gain 1/2/3 hide`): how many a statement has, and the
signal that a value needs one chosen. Trees are immutable, so sizes are read once."""

from __future__ import annotations

from rulesdsl.lang import tree as t


class NoSlash(Exception):
    pass


def has_slash(node) -> bool:
    return slash_size(node) > 0


_SLASH_SIZES: dict = {}  # id(node) -> (node, size): trees are immutable, read once


def slash_size(node) -> int:
    if not isinstance(node, (t.Acquire, t.Pay, t.Exchange, t.Draw, t.Upgrade, t.Loot, t.Emigrate)):
        return 0
    found = _SLASH_SIZES.get(id(node))
    if found is None or found[0] is not node:
        found = _SLASH_SIZES[id(node)] = (node, read_slash_size(node))
    return found[1]


def read_slash_size(node) -> int:
    for n in t.walk(node):
        if isinstance(n, t.SlashAmount):
            return len(n.values)
        if isinstance(n, t.Item) and n.slash:
            return len(n.words)
    return 0
