"""One-line texts of statements for the questions the engine asks."""

from __future__ import annotations


def describe(node) -> str:
    from rulesdsl.lang.printer import is_simple, simple

    if is_simple(node):
        return simple(node)
    return type(node).__name__.lower()


def describe_bundle(bundle) -> str:
    from rulesdsl.lang.printer import bundle as text

    return text(bundle)
