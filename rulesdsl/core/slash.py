"""Slash positions (`pay 2/4/6 silver -> gain 1/2/3 hide`): how many a statement has, and the
signal that a value needs one chosen. Which statement kinds choose a position as a whole is the
game's (`Runner.slashed`); trees are immutable, so sizes are read once, into a table the caller
keeps with the content (the runner's: its game's catalog's, shared by that content's games)."""

from __future__ import annotations

from typing import Any

from rulesdsl.lang import tree as t


class NoSlash(Exception):
    """A value read a slash amount before a position was chosen: the caller tries each position."""


def has_slash(node: t.Node, sizes: dict[int, tuple[t.Node, int]], kinds: tuple[type, ...]) -> bool:
    """Whether the statement has slash positions (`sizes`: the table `slash_size` keeps)."""
    return slash_size(node, sizes, kinds) > 0


def slash_size(node: t.Node, sizes: dict[int, tuple[t.Node, int]], kinds: tuple[type, ...]) -> int:
    """How many slash positions a statement of one of `kinds` has (others: none), remembered in
    `sizes` (id of a node -> (the node, its size): the entry keeps its node alive, so the id
    stays that node's)."""
    if not isinstance(node, kinds):
        return 0
    found = sizes.get(id(node))
    if found is None or found[0] is not node:
        found = sizes[id(node)] = (node, read_slash_size(node))
    return found[1]


def read_slash_size(node: t.Node) -> int:
    """The number of positions of the first slash amount or slash item in the statement (0: none)."""
    n: Any
    for n in t.walk(node):
        if isinstance(n, t.SlashAmount):
            return len(n.values)
        if isinstance(n, t.Item) and n.slash:
            return len(n.words)
    return 0
