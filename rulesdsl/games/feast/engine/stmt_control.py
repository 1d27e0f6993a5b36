"""The first game's control statements: the language's (`rulesdsl/core/control.py`) and the
modifiers written inside a block (`modify`, `set`, `allow`), which last until the action ends
(an action is this game's: a space used or an action a card grants)."""

from __future__ import annotations

from rulesdsl.core import control


class ControlStatements(control.ControlStatements):
    """Choices, conditions and loops of the `Interpreter`, and modifiers inside a block."""

    def _temporary(self, node, ctx, mandatory):
        if ctx.action is not None:
            ctx.action.temporary.append((ctx.card, node))
        return True
        yield  # pragma: no cover

    s_Modify = _temporary

    s_SetValue = _temporary

    s_Allow = _temporary
