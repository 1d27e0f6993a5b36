"""Printers of grammar sections defined outside rulesdsl.lang (a game's own statements).

A section registers its printer with `extend` when it is imported; the language's printer asks
the registered sections for the statements it does not know, so it never imports them (no
import cycle between the language and a game's statements)."""

from __future__ import annotations

_SECTIONS: list = []  # (simple node types, simple(node) -> str, compound(node, depth, out))


def extend(simple_types: tuple, simple_printer, compound_printer) -> None:
    """Register the printer of a grammar section defined outside rulesdsl.lang."""
    if not any(entry[1] is simple_printer for entry in _SECTIONS):
        _SECTIONS.append((tuple(simple_types), simple_printer, compound_printer))


def is_simple(stmt) -> bool:
    """Whether a registered section prints the statement on one line."""
    return any(isinstance(stmt, types) for types, _, _ in _SECTIONS)


def simple(stmt) -> str:
    """The one-line text of a registered section's statement."""
    for types, printer, _ in _SECTIONS:
        if isinstance(stmt, types):
            return printer(stmt)
    raise TypeError(f"not a simple statement: {type(stmt).__name__}")


def compound(stmt, depth: int, out: list[str]) -> None:
    """The lines of a registered section's statement with a block (each printer raises TypeError for others)."""
    for *_, printer in _SECTIONS:
        try:
            return printer(stmt, depth, out)
        except TypeError:
            continue
    raise TypeError(f"cannot print {type(stmt).__name__}")
