"""What a game's `Flow` reads once from its content and setup (the players, the extension tiles'
sides): the spaces in play, each space's plan, blank actions, dice definitions, and what the
mechanisms and phases remember. One `FlowTables` is made with a game and handed to the flow of
every fork of it (a fork has the same content and setup), so a fork reads none of it again; it
is freed with the last game that holds it."""

from __future__ import annotations

import attrs


@attrs.define(eq=False)
class FlowTables:
    """The readings of one game's content and setup, shared by the game and its forks."""

    in_play: list | None = None  # the spaces in play, in content order
    in_play_set: frozenset | None = None
    entries: list | None = None  # (space, name) of the spaces in play: a turn's candidates
    plans: dict = attrs.field(factory=dict)  # space -> its plan (ActionSpaces._space_plan)
    blank_actions: dict = attrs.field(factory=dict)  # (space, Vikings) -> the blank Action its check runs with
    dice_defs: dict | None = None  # dice kind -> its definition
    memo: dict = attrs.field(factory=dict)  # what mechanisms and phases remember (derived from content only)

    def with_spaces_changed(self) -> "FlowTables":
        """These tables for a game whose spaces in play changed (extension tiles turned): what
        depends on the spaces in play is read again, the rest (content only) is kept."""
        return FlowTables(blank_actions=self.blank_actions, dice_defs=self.dice_defs, memo=self.memo)
