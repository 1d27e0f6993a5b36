"""Grammar sections defined outside rulesdsl.lang (a game's own statements): their grammar
rules, tree builders and printers, registered by the game.

A section registers its grammar rules with `extend_grammar` (Lark text appended to
grammar/card.lark: `%extend core: RULE` adds a one-line statement, `%extend compound: RULE` a
statement with a block), its builders with `extend_builders` and its printer with `extend`.
The parser builds its tables from the language's grammar and every registered section's and
mixes the registered builders into its transformer, and the language's printer asks the
registered sections for the statements it does not know, so the language never imports a game
(it is the lowest layer). No section is registered on import. The games' registry gives
`grammars_from` the grammar rules of every built-in game (read from their files, no game
imported), so the grammar, its keywords and its syntax errors are the same whichever game was
opened first; a game's plug-in registers its builders and printer when the registry asks
(`GamePlugin.language`: the registry asks the plug-in of a game it opens, and `find_with` lets
it answer a reader that meets a statement no registered section reads or builds, such as
`rulesdsl fmt` on a ruleset's file)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SimplePrinter = Callable[[Any], str]
CompoundPrinter = Callable[[Any, int, list[str]], None]

_SECTIONS: list[tuple[tuple[type, ...], SimplePrinter, CompoundPrinter]] = []  # (simple node types, simple(node) -> str, compound(node, depth, out))
_BUILDERS: list[type] = []  # Lark transformer mixins, one per section, in the order registered
_GRAMMARS: list[str] = []  # the sections' own grammar rules (Lark text), in the order registered
_FINDERS: list[Callable[[], None]] = []  # what registers more sections when a reader meets an unbuilt statement
_SOURCES: list[Callable[[], tuple[str, ...]]] = []  # the grammar rules always read (every built-in game's)


def extend_builders(builder: type) -> None:
    """Register the tree builders (a Lark `Transformer` mixin) of a grammar section defined outside rulesdsl.lang."""
    if builder not in _BUILDERS:
        _BUILDERS.append(builder)


def extend_grammar(text: str) -> None:
    """Register the grammar rules of a section defined outside rulesdsl.lang (Lark text, appended
    to the language's; its statements join the language's with `%extend core:` or `%extend compound:`)."""
    if text not in _GRAMMARS:
        _GRAMMARS.append(text)


def grammars_from(source: Callable[[], tuple[str, ...]]) -> None:
    """Register a source of grammar rules that are always read: asked each time the grammar is
    (so it caches its answer), it registers the rules it answers that are not registered yet."""
    if source not in _SOURCES:
        _SOURCES.append(source)


def grammars() -> tuple[str, ...]:
    """The registered sections' grammar rules (the sources' included)."""
    for source in _SOURCES:
        for text in source():
            if text not in _GRAMMARS:
                _GRAMMARS.append(text)
    return tuple(_GRAMMARS)


def builders() -> tuple[type, ...]:
    """The registered sections' tree builders."""
    return tuple(_BUILDERS)


def find_with(finder: Callable[[], None]) -> None:
    """Register a finder of sections: called with no arguments when the parser meets a statement
    that no registered section builds, it registers the sections it knows (the games' registry's)."""
    if finder not in _FINDERS:
        _FINDERS.append(finder)


def find_more() -> bool:
    """Ask every finder for its sections; whether grammar rules or builders were registered that were not before."""
    before = (len(_GRAMMARS), len(_BUILDERS))
    for finder in list(_FINDERS):
        finder()
    return (len(_GRAMMARS), len(_BUILDERS)) != before


def extend(simple_types: tuple[type, ...], simple_printer: SimplePrinter, compound_printer: CompoundPrinter) -> None:
    """Register the printer of a grammar section defined outside rulesdsl.lang."""
    if not any(entry[1] is simple_printer for entry in _SECTIONS):
        _SECTIONS.append((tuple(simple_types), simple_printer, compound_printer))


def is_simple(stmt: object) -> bool:
    """Whether a registered section prints the statement on one line."""
    return any(isinstance(stmt, types) for types, _, _ in _SECTIONS)


def simple(stmt: object) -> str:
    """The one-line text of a registered section's statement."""
    for types, printer, _ in _SECTIONS:
        if isinstance(stmt, types):
            return printer(stmt)
    raise TypeError(f"not a simple statement: {type(stmt).__name__}")


def compound(stmt: object, depth: int, out: list[str]) -> None:
    """The lines of a registered section's statement with a block (each printer raises TypeError for others)."""
    for *_, printer in _SECTIONS:
        try:
            return printer(stmt, depth, out)
        except TypeError:
            continue
    raise TypeError(f"cannot print {type(stmt).__name__}")
