"""One-line texts of statements for the questions the engine asks."""

from __future__ import annotations

from rulesdsl.lang import tree as t
from rulesdsl.lang.printer import bundle as text, is_simple, simple


def describe(node: t.Node, kept: dict[int, tuple[t.Node, str]] | None = None) -> str:
    """The statement as written when it fits one line, else its kind. `kept` (id of a node ->
    (the node, its text)) keeps the texts written: the questions of a choice and of `may` write
    them at every asking, in every fork (a runner passes its content's table)."""
    found = kept.get(id(node)) if kept is not None else None
    if found is not None and found[0] is node:
        return found[1]
    written = simple(node) if is_simple(node) else type(node).__name__.lower()
    if kept is not None:
        kept[id(node)] = (node, written)  # (the node kept: its id is not reused while it is here)
    return written


def describe_bundle(bundle: t.Bundle) -> str:
    """A bundle of items as written (`2 silver and 1 wood`)."""
    return text(bundle)
