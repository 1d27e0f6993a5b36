"""One-line texts of statements for the questions the engine asks."""

from __future__ import annotations

from rulesdsl.lang import tree as t
from rulesdsl.lang.printer import bundle as text, is_simple, simple


def describe(node: t.Node) -> str:
    """The statement as written when it fits one line, else its kind."""
    if is_simple(node):
        return simple(node)
    return type(node).__name__.lower()


def describe_bundle(bundle: t.Bundle) -> str:
    """A bundle of items as written (`2 silver and 1 wood`)."""
    return text(bundle)
