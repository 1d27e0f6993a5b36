"""Effect tree -> canonical card-language text.

The canonical form is what `rulesdsl show` prints and what the round-trip
property rests on: ``parse(to_text(tree)) == tree`` for every tree the parser
can produce. Layout rules: two-space indentation; a block that is a single
simple statement stays on the colon's line; `;`-joined statements are split
one per line; bundle parts are joined with `and`.

This module prints programs, hooks, events, filters and statements; the values a statement
carries (bundles, amounts, selectors, conditions, expressions) are `print_values.py`'s.
"""

from __future__ import annotations

from rulesdsl.lang import sections
from rulesdsl.lang import tree as t
from rulesdsl.lang.print_values import amount, bundle, cond, expr, item, nouns, place, ref, rng, selector

__all__ = ["INDENT", "amount", "bundle", "cond", "event", "expr", "filters", "is_simple", "item", "place", "ref", "rng",
           "selector", "simple", "statement", "to_text"]  # the values are print_values' (re-exported for callers)

INDENT = "  "
MAX_INLINE = 100

_SIMPLE = (
    t.Acquire, t.Pay, t.Exchange, t.Draw, t.Play, t.Upgrade, t.Flip, t.TakeMountain,
    t.ReturnVikings, t.Require, t.Emigrate, t.Explore, t.DoNamed, t.DoSpace, t.Imitate,
    t.RunPhase, t.LoadOre, t.RemoveOre, t.UnloadOre, t.PlaceBundle, t.PlaceAll, t.Loot,
    t.MakePregnant, t.Harvest, t.Lift, t.Nothing, t.Use, t.Modify, t.SetValue, t.Allow, t.Mood,
)


def is_simple(stmt) -> bool:
    """Whether the statement prints on one line."""
    return isinstance(stmt, _SIMPLE) or sections.is_simple(stmt)


def to_text(program: t.Program) -> str:
    lines: list[str] = []
    for item in program.items:
        _item(item, 0, lines)
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- items and blocks
def _item(item, depth: int, out: list[str]) -> None:
    if isinstance(item, t.Hook):
        _suite(_hook_head(item), item.body, depth, out)
    elif isinstance(item, t.Anytime):
        head = f"anytime, {item.mode}"
        if item.cond is not None:
            head += f" if {cond(item.cond)}"
        _suite(head, item.body, depth, out)
    elif isinstance(item, t.Watch):
        _suite(f"once as soon as {cond(item.cond)}", item.body, depth, out)
    elif isinstance(item, t.OnceHook):
        _suite("once " + _hook_head(item.hook), item.hook.body, depth, out)
    else:
        statement(item, depth, out)


def _hook_head(hook: t.Hook) -> str:
    timing = "instead of" if hook.timing == "instead" else hook.timing
    head = f"{timing} {event(hook.event)}{filters(hook.filters)}"
    if hook.cond is not None:
        head += f" if {cond(hook.cond)}"
    return head


def event(ev: t.Event) -> str:
    if ev.kind == "phase":
        return f"phase {ev.name}"
    if ev.kind == "action":
        return "action"
    if ev.kind == "part":
        return f"part {ev.name}"
    return ev.name


def _suite(head: str, body: tuple, depth: int, out: list[str]) -> None:
    pad = INDENT * depth
    if len(body) == 1 and is_simple(body[0]):
        out.append(f"{pad}{head}: {simple(body[0])}")
        return
    out.append(f"{pad}{head}:")
    for stmt in body:
        statement(stmt, depth + 1, out)


def statement(stmt, depth: int, out: list[str]) -> None:
    pad = INDENT * depth
    if is_simple(stmt):
        out.append(pad + simple(stmt))
    elif isinstance(stmt, t.If):
        _suite(f"if {cond(stmt.cond)}", stmt.then, depth, out)
        if stmt.otherwise is not None:
            _suite("otherwise", stmt.otherwise, depth, out)
    elif isinstance(stmt, t.ChooseOne):
        head = ("must " if stmt.must else "") + "choose one"
        alts = stmt.alternatives
        inline = f"{pad}{head}: " + " | ".join(simple(a[0]) for a in alts if a and is_simple(a[0]))
        if len(alts) >= 2 and all(len(a) == 1 and is_simple(a[0]) for a in alts) and len(inline) <= MAX_INLINE:
            out.append(inline)
        else:
            out.append(f"{pad}{head}:")
            for alt in alts:
                if all(is_simple(s) for s in alt):
                    out.append(INDENT * (depth + 1) + "; ".join(simple(s) for s in alt))
                else:
                    for s in alt:
                        statement(s, depth + 1, out)
    elif isinstance(stmt, (t.ChooseVar, t.ForEach)):
        word = ("must choose" if stmt.must else "choose") if isinstance(stmt, t.ChooseVar) else "for each"
        head = f"{word} {' '.join(stmt.noun)} {stmt.var}"
        if stmt.where is not None:
            head += f" where {cond(stmt.where)}"
        _suite(head, stmt.body, depth, out)
    elif isinstance(stmt, t.FirstOf):
        out.append(f"{pad}first of:")
        for b in stmt.brackets:
            _suite(cond(b.cond), b.body, depth + 1, out)
        if stmt.otherwise is not None:
            _suite("otherwise", stmt.otherwise, depth + 1, out)
    elif isinstance(stmt, t.BySlash):
        keys = "/".join(str(k) for k in stmt.keys) + ("+" if stmt.open_top else "")
        _suite(f"by {expr(stmt.expr)} = {keys}", stmt.body, depth, out)
    elif isinstance(stmt, t.ByTable):
        out.append(f"{pad}by {expr(stmt.expr)}:")
        for row in stmt.rows:
            _suite(f"{row.key}{'+' if row.open_top else ''}", row.body, depth + 1, out)
        if stmt.otherwise is not None:
            _suite("otherwise", stmt.otherwise, depth + 1, out)
    elif isinstance(stmt, t.RepeatTimes):
        _suite(f"repeat {expr(stmt.times)} times", stmt.body, depth, out)
    elif isinstance(stmt, t.RepeatUntil):
        _suite(f"repeat until {cond(stmt.cond)}", stmt.body, depth, out)
    elif isinstance(stmt, t.AsPhase):
        _suite(f"as phase {stmt.phase}", stmt.body, depth, out)
    elif isinstance(stmt, t.Part):
        _suite(f"part {stmt.name}", stmt.body, depth, out)
    elif isinstance(stmt, t.Dice):
        _dice(stmt, depth, out)
    else:  # a statement of a grammar section defined elsewhere (or a TypeError)
        sections.compound(stmt, depth, out)


def _dice(d: t.Dice, depth: int, out: list[str]) -> None:
    pad = INDENT * (depth + 1)
    out.append(f"{INDENT * depth}dice {d.kind} with {d.die} {d.direction}:")
    if d.rolls is not None:
        out.append(f"{pad}roll up to {d.rolls} times")
    if d.sail is not None:
        line = f"{pad}sail {rng(d.sail.range)} {selector(d.sail.selector)}"
        if d.sail.ore:
            line += f" {d.sail.ore} ore"
        out.append(line)
    if d.stop_at_zero:
        out.append(f"{pad}stop at zero")
    if d.pay_per_pip is not None:
        out.append(f"{pad}pay per pip: {selector(d.pay_per_pip)}")
    if d.add_per_item is not None:
        out.append(f"{pad}add per item: {selector(d.add_per_item)}")
    if d.fail_at_most is not None:
        out.append(f"{pad}fail at most {d.fail_at_most}")
    if d.success is not None:
        _suite("success", d.success, depth + 1, out)
    if d.failure is not None:
        _suite("failure", d.failure, depth + 1, out)


# ---------------------------------------------------------------- simple statements
def simple(s) -> str:
    if isinstance(s, t.Mood):
        return f"{s.mood} {simple(s.stmt)}"
    if isinstance(s, t.Acquire):
        text = f"{s.verb} {bundle(s.bundle)}"
        if s.per is not None:
            text += f" per {selector(s.per)}"
        if s.placed_on is not None:
            text += f" placed on {selector(s.placed_on)}"
        return text
    if isinstance(s, t.Pay):
        return f"pay {bundle(s.bundle)}"
    if isinstance(s, t.Exchange):
        cost = f"pay {bundle(s.cost)}" if isinstance(s.cost, t.Bundle) else simple(s.cost)
        return f"{cost} -> " + " then ".join(_result(r) for r in s.results)
    if isinstance(s, t.Draw):
        return f"draw {amount(s.amount)} {s.what}"
    if isinstance(s, t.Play):
        return f"play {rng(s.range)} {s.what}"
    if isinstance(s, t.Upgrade):
        text = f"upgrade {rng(s.range)} {selector(s.selector)}"
        if s.diagonal:
            text += " diagonally"
        if s.steps is not None:
            return text + f" by {amount(s.steps)}"
        return text + f" to {s.to_color}"
    if isinstance(s, t.Flip):
        return f"flip {rng(s.range)} {selector(s.selector)}"
    if isinstance(s, t.TakeMountain):
        only = f" {nouns(s.only)}" if s.only else ""
        if s.strips is not None:
            return f"take {rng(s.takes[0])}{only} from each of {rng(s.strips)} mountain strips"
        text = f"take {rng(s.takes[0])}{only} from a mountain strip"
        for more in s.takes[1:]:
            text += f" plus {rng(more)} from another strip"
        return text
    if isinstance(s, t.ReturnVikings):
        noun = "viking" if isinstance(s.amount, t.IntAmount) and s.amount.value == 1 else "vikings"
        return f"return {amount(s.amount)} {noun} from {place(s.place)}"
    if isinstance(s, t.Require):
        return f"require {rng(s.range)} {selector(s.selector)}"
    if isinstance(s, t.Emigrate):
        return f"emigrate for {amount(s.cost)} silver"
    if isinstance(s, t.Explore):
        return "explore " + " or ".join(s.boards)
    if isinstance(s, t.DoNamed):
        return f"do {s.name}"
    if isinstance(s, t.DoSpace):
        return f"do action of {ref(s.ref)}"
    if isinstance(s, t.Imitate):
        return f"imitate {place(s.place)}"
    if isinstance(s, t.RunPhase):
        text = f"run phase {s.phase}"
        if s.on is not None:
            text += f" on {selector(s.on)}"
        return text
    if isinstance(s, t.LoadOre):
        return f"load {amount(s.amount)} ore onto {ref(s.target)}"
    if isinstance(s, t.RemoveOre):
        return f"remove {amount(s.amount)} ore from {ref(s.source)}"
    if isinstance(s, t.UnloadOre):
        return f"unload {amount(s.amount)} ore from {ref(s.source)}"
    if isinstance(s, t.PlaceBundle):
        return f"place {bundle(s.bundle)} into {selector(s.into)}"
    if isinstance(s, t.PlaceAll):
        how_many = "any number of" if s.any_number else "all"
        return f"place {how_many} {selector(s.selector)} into {selector(s.into)}"
    if isinstance(s, t.Loot):
        return f"loot {amount(s.amount)} {selector(s.selector)}"
    if isinstance(s, t.MakePregnant):
        return f"make {amount(s.amount)} {selector(s.selector)} pregnant"
    if isinstance(s, t.Harvest):
        return f"harvest up to {s.up_to}"
    if isinstance(s, t.Lift):
        return f"lift {selector(s.selector)} off {selector(s.off)} refill with {bundle(s.refill)}"
    if isinstance(s, t.Nothing):
        return "nothing"
    if isinstance(s, t.Use):
        args = ", ".join(f"{name} {amount(a)}" for name, a in s.args)
        return f"use {s.name} with {args}" if args else f"use {s.name}"
    if isinstance(s, t.Modify):
        return f"modify {s.value}{filters(s.filters)}{_if(s.cond)} by {expr(s.by)}"
    if isinstance(s, t.SetValue):
        return f"set {s.value}{filters(s.filters)}{_if(s.cond)} to {expr(s.to)}"
    if isinstance(s, t.Allow):
        return f"allow {s.rule}{filters(s.filters)}{_if(s.cond)}"
    return sections.simple(s)


def _result(r) -> str:
    if isinstance(r, t.AsPhase):
        return f"as phase {r.phase}: {simple(r.body[0])}"
    return simple(r)


def _if(c) -> str:
    return "" if c is None else f" if {cond(c)}"


def filters(fs) -> str:
    parts = []
    for f in fs:
        if isinstance(f, t.OnFilter):
            parts.append(f"on {place(f.place)}")
        elif isinstance(f, t.ForFilter):
            parts.append("for " + ", ".join(f.names))
        elif isinstance(f, t.OfFilter):
            parts.append("of " + nouns(f.nouns))
        elif isinstance(f, t.HowFilter):
            parts.append("how " + ", ".join(f.names))
        elif isinstance(f, t.AsFilter):
            parts.append(f"as {f.name}")
        elif isinstance(f, t.WithFilter):
            parts.append(f"with {f.amount} {f.noun}")
        else:  # pragma: no cover
            raise TypeError(type(f).__name__)
    return "".join(" " + p for p in parts)
