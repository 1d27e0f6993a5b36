"""The first game's part of the language's evaluator (`rulesdsl/core/expressions.py`): what
`it` and `this space / ship / tile / card / column` refer to in its contexts, and the quick
count of a player's own ships or buildings (numbers the game offers: `queries.py`)."""

from __future__ import annotations

from rulesdsl.core import expressions
from rulesdsl.lang import tree as t


class Expressions(expressions.Expressions):
    """Values of the `Interpreter`."""

    def compiled_conditions(self) -> dict:
        """Kept in the content's catalog tables, shared by every game on the content and their
        forks (`compiled_count` below reads the content and the context only): a fork's
        interpreter no longer makes its conditions' functions anew."""
        return self.catalog.tables.setdefault("compiled conditions", {})

    def compiled_count(self, selector):
        """`count(selector, ctx)` for a count of the acting player's own ships or buildings
        (`my ...` without modifiers: what "as soon as" watches count, re-checked for every
        player's watch after every change), as one function of the player; None for others."""
        if type(selector) is not t.Selector or selector.owner not in (None, "my"):
            return None
        plan = self.q.count_plan(selector)
        if plan is None:
            return None
        ships, buildings, boards, animals, supply = plan
        if boards or animals or supply:
            return None
        if not buildings:
            return lambda ctx: sum([1 for x in ctx.p.ships if x.kind in ships])
        if not ships:
            return lambda ctx: sum([1 for b in ctx.p.buildings if b.kind in buildings])
        return lambda ctx: sum([1 for x in ctx.p.ships if x.kind in ships]) + sum([1 for b in ctx.p.buildings if b.kind in buildings])

    def resolve_ref(self, ref, ctx):
        """A bound name, `it` (what the statement before brought) or `this ...` of the context."""
        if isinstance(ref, t.Var):
            return ctx.vars.get(ref.name)
        if isinstance(ref, t.It):
            return ctx.it
        if isinstance(ref, t.This):
            if ref.name == "space":
                return ctx.space
            if ref.name in ("longship", "ship"):
                return ctx.dice.longship if ctx.dice is not None and ctx.dice.longship is not None else (ctx.info.data.get("ship") if ctx.info else None)
            if ref.name in ("tile", "good"):
                return next(iter(ctx.info.items)) if ctx.info and ctx.info.items else None
            if ref.name == "card":
                return ctx.card
            if ref.name == "column":
                return ctx.action.column if ctx.action else None
        return None
