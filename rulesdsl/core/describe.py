"""One-line texts of statements for the questions the engine asks."""

from __future__ import annotations

from rulesdsl.lang import tree as t
from rulesdsl.lang.printer import bundle as text, is_simple, simple


def describe(node: t.Node) -> str:
    """The statement as written when it fits one line, else its kind (kept per node: the
    questions of a choice and of `may` write them at every asking, in every fork)."""
    found = _WRITTEN.get(id(node))
    if found is not None and found[0] is node:
        kept: str = found[1]
        return kept
    written = simple(node) if is_simple(node) else type(node).__name__.lower()
    if len(_WRITTEN) >= _WRITTEN_MAX:
        _WRITTEN.clear()
    _WRITTEN[id(node)] = (node, written)
    return written


_WRITTEN: dict[int, tuple[t.Node, str]] = {}  # id(node) -> (the node, its text): trees are immutable, the node is kept to check the id
_WRITTEN_MAX = 4096


def describe_bundle(bundle: t.Bundle) -> str:
    """A bundle of items as written (`2 silver and 1 wood`)."""
    return text(bundle)
