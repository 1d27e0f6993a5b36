"""The tableau section of the card language, registered with `rulesdsl.lang.sections` when the
registry asks (the plug-in's `language` hook): its tree builders and its printer. Its grammar
rules are rulesdsl/games/tableau/card.lark, which the registry gives the language before any
text is read, without importing this package. Importing the engine registers nothing; the
language itself never imports a game."""

from __future__ import annotations

from rulesdsl.games.tableau.engine import printing
from rulesdsl.games.tableau.engine.nodes import TableauBuilders
from rulesdsl.lang.sections import extend, extend_builders


def register() -> None:
    """Register the tableau section's builders and printer with the card language (once)."""
    extend_builders(TableauBuilders)
    extend(printing.SIMPLE, printing.simple, printing.compound)
