"""One-line texts of statements for the questions the engine asks."""

from __future__ import annotations
from rulesdsl.lang.printer import bundle as text, is_simple, simple


def describe(node) -> str:
    if is_simple(node):
        return simple(node)
    return type(node).__name__.lower()


def describe_bundle(bundle) -> str:
    return text(bundle)
