"""Hypothesis strategies that build effect trees of every shape the parser can produce.

The trees respect the few invariants the text form implies (conditions nest `or` above
`and` above `not`; a bundle part holds items or `or`-alternatives; a number after a sign
is a negative number, not a sign node ...), so printing and re-parsing must give the very
same tree back.
"""

from __future__ import annotations

import functools

from hypothesis import strategies as st

from rulesdsl.lang import tree as t
from rulesdsl.lang.parser import reserved_words

_RESERVED = reserved_words()

names = st.from_regex(r"[a-z][a-z0-9_]{0,7}", fullmatch=True).filter(lambda n: n not in _RESERVED)
variables = st.from_regex(r"[A-Z][A-Z0-9_]{0,2}", fullmatch=True)
small = st.integers(min_value=0, max_value=20)
words = st.lists(names, min_size=1, max_size=3).map(tuple)
nouns = st.lists(words, min_size=1, max_size=3).map(tuple)
name_list = st.lists(names, min_size=1, max_size=3).map(tuple)


def tup(strategy, min_size=1, max_size=3):
    return st.lists(strategy, min_size=min_size, max_size=max_size).map(tuple)


# ------------------------------------------------------------------ references and places
refs = st.one_of(variables.map(t.Var), st.just(t.It()), names.map(t.This))
owners = st.sampled_from([None, "my", "any", "another", "each"])
places = st.one_of(
    name_list.map(t.GroupPlace),
    tup(st.integers(0, 9)).map(t.ColumnPlace),
    name_list.map(t.SpacePlace),
    refs.map(t.RefPlace),
    st.builds(t.NounPlace, owners, words),
)

# ------------------------------------------------------------------ expressions and conditions
@functools.cache
def _exprs(depth: int):
    leaves = st.one_of(
        st.integers(-20, 20).map(t.Num),
        names.map(t.Quantity),
        refs,
    )
    if depth <= 0:
        return leaves
    sub = st.deferred(lambda: _exprs(depth - 1))
    return st.one_of(
        leaves,
        st.builds(t.Query, names, st.one_of(st.none(), selectors(depth - 1))),
        tup(sub, 2, 3).map(t.MinOf),
        tup(sub, 2, 3).map(t.MaxOf),
        sub.map(t.Half),
        st.builds(t.Signed, st.sampled_from(["+", "-"]), sub.filter(lambda e: not isinstance(e, t.Num))),
        st.builds(t.BinOp, st.sampled_from(["+", "-", "*"]), sub, sub),
    )


@functools.cache
def exprs(depth: int = 2):
    return _exprs(depth)


@functools.cache
def _not_level(depth: int):
    base = st.one_of(exprs(depth), st.builds(t.Compare, st.sampled_from([">=", "<=", "=", "!=", "<", ">"]), exprs(depth), exprs(depth)),
                     st.builds(t.HaveEach, small, words))
    return st.one_of(base, base.map(t.Not), base.map(lambda c: t.Not(t.Not(c))))


@functools.cache
def conds(depth: int = 1):
    not_level = _not_level(depth)
    and_level = st.one_of(not_level, tup(not_level, 2, 3).map(t.And))
    return st.one_of(and_level, tup(and_level, 2, 3).map(t.Or))


# ------------------------------------------------------------------ amounts, ranges, selectors, bundles
@functools.cache
def amounts(depth: int = 1):
    return st.one_of(
        small.map(t.IntAmount),
        tup(small, 2, 4).map(t.SlashAmount),
        exprs(depth).map(t.ExprAmount),
    )


@functools.cache
def ranges(depth: int = 1):
    a = amounts(depth)
    return st.one_of(a.map(t.Exactly), a.map(t.UpTo), st.builds(t.Between, a, a), st.just(t.AnyNumber()))


@functools.cache
def sel_mods(depth: int):
    return st.one_of(
        places.map(t.OnMod),
        name_list.map(t.InMod),
        names.map(t.FromMod),
        st.builds(t.WithMod, ranges(depth), names),
        names.map(t.WithMostMod),
        st.just(t.SameKindMod()),
        st.just(t.DifferentKindsMod()),
    )


@functools.cache
def selectors(depth: int = 1):
    mods = tup(sel_mods(max(depth - 1, 0)), 0, 2)
    return st.one_of(
        st.builds(t.Selector, owners, nouns, mods),
        st.builds(t.RefSelector, refs, mods),
    )


items = st.one_of(
    st.builds(t.Item, amounts(0), words, st.just(False), st.one_of(st.none(), names)),
    st.builds(t.Item, amounts(0), tup(names, 2, 3), st.just(True), st.one_of(st.none(), names)),
    st.builds(t.VarItem, amounts(0), variables),
)
bundles = tup(tup(items, 1, 2), 1, 3).map(t.Bundle)

filters = st.one_of(
    places.map(t.OnFilter),
    name_list.map(t.ForFilter),
    nouns.map(t.OfFilter),
    name_list.map(t.HowFilter),
    names.map(t.AsFilter),
    st.builds(t.WithFilter, st.integers(0, 9), names),
)
maybe_cond = st.one_of(st.none(), conds(0))

# ------------------------------------------------------------------ statements
sel = selectors(1)
rng = ranges(1)
amt = amounts(1)

modifiers = st.one_of(
    st.builds(t.Modify, names, tup(filters, 0, 2), maybe_cond, exprs(1)),
    st.builds(t.SetValue, names, tup(filters, 0, 2), maybe_cond, exprs(1)),
    st.builds(t.Allow, names, tup(filters, 0, 2), maybe_cond),
)

plain_simple = st.one_of(
    st.builds(t.Acquire, st.sampled_from(["gain", "build", "buy"]), bundles, st.one_of(st.none(), sel), st.one_of(st.none(), sel)),
    bundles.map(t.Pay),
    st.builds(t.Draw, amt, names),
    st.builds(t.Play, rng, names),
    st.builds(lambda r, s, d, a: t.Upgrade(r, s, d, steps=a), rng, sel, st.booleans(), amt),
    st.builds(lambda r, s, d, c: t.Upgrade(r, s, d, to_color=c), rng, sel, st.booleans(), names),
    st.builds(t.Flip, rng, sel),
    st.builds(t.TakeMountain, tup(rng, 1, 3), st.none(), st.one_of(st.none(), nouns)),
    st.builds(lambda r, s, o: t.TakeMountain((r,), s, o), rng, rng, st.one_of(st.none(), nouns)),
    st.builds(t.ReturnVikings, amt, places),
    st.builds(t.Require, rng, sel),
    amt.map(t.Emigrate),
    name_list.map(t.Explore),
    names.map(t.DoNamed),
    refs.map(t.DoSpace),
    places.map(t.Imitate),
    st.builds(t.RunPhase, names, st.one_of(st.none(), sel)),
    st.builds(t.LoadOre, amt, refs),
    st.builds(t.RemoveOre, amt, refs),
    st.builds(t.UnloadOre, amt, refs),
    st.builds(t.PlaceBundle, bundles, sel),
    st.builds(t.PlaceAll, sel, sel, st.booleans()),
    st.builds(t.Loot, amt, sel),
    st.builds(t.MakePregnant, amt, sel),
    st.integers(0, 9).map(t.Harvest),
    st.builds(t.Lift, sel, sel, bundles),
    st.just(t.Nothing()),
    modifiers,
)

costs = st.one_of(
    bundles,
    st.builds(t.RemoveOre, amt, refs),
    st.builds(t.UnloadOre, amt, refs),
    st.builds(t.ReturnVikings, amt, places),
    st.builds(t.PlaceBundle, bundles, sel),
    st.builds(t.PlaceAll, sel, sel, st.booleans()),
)
moods = st.sampled_from(["must", "may"])
mooded_plain = st.one_of(plain_simple, st.builds(t.Mood, moods, plain_simple))
results = st.one_of(mooded_plain, st.builds(lambda n, s: t.AsPhase(n, (s,)), names, mooded_plain))
exchanges = st.builds(t.Exchange, costs, tup(results, 1, 2))
core = st.one_of(plain_simple, exchanges)
simple_statements = st.one_of(core, st.builds(t.Mood, moods, core))


@functools.cache
def statements(depth: int):
    if depth <= 0:
        return simple_statements
    sub = st.deferred(lambda: statements(depth - 1))
    block = tup(sub, 1, 3)
    maybe_block = st.one_of(st.none(), block)
    simple_block = tup(simple_statements, 1, 2)
    alternative = st.one_of(simple_block, st.builds(lambda s: (s,), sub))
    dice = st.builds(
        t.Dice, names, names, st.sampled_from(["low", "high"]),
        st.one_of(st.none(), st.integers(0, 9)),
        st.one_of(st.none(), st.builds(t.Sail, rng, sel, st.sampled_from([None, "adding", "subtracting", "ignoring"]))),
        st.one_of(st.none(), sel), st.one_of(st.none(), sel),
        st.one_of(st.none(), st.integers(0, 9)), st.booleans(),
        maybe_block, maybe_block,
    ).filter(lambda d: any(v not in (None, False) for v in (d.rolls, d.sail, d.pay_per_pip, d.add_per_item, d.fail_at_most, d.stop_at_zero, d.success, d.failure)))
    return st.one_of(
        simple_statements,
        st.builds(t.If, conds(1), block, maybe_block),
        st.builds(t.ChooseOne, tup(alternative, 1, 3), st.booleans()),
        st.builds(t.ChooseVar, words, variables, maybe_cond, block, st.booleans()),
        st.builds(t.ForEach, words, variables, maybe_cond, block),
        st.builds(t.FirstOf, tup(st.builds(t.Bracket, conds(1), block), 1, 3), maybe_block),
        st.builds(t.BySlash, exprs(1), tup(small, 2, 4), st.booleans(), block),
        st.builds(t.ByTable, exprs(1), tup(st.builds(t.Row, small, st.booleans(), block), 1, 3), maybe_block),
        st.builds(t.RepeatTimes, exprs(1), block),
        st.builds(t.RepeatUntil, conds(1), block),
        st.builds(t.AsPhase, names, block),
        st.builds(t.Part, names, block),
        dice,
    )


timings = st.sampled_from(["before", "after", "when", "during", "instead"])
events = st.one_of(
    names.map(lambda n: t.Event("phase", n)),
    st.just(t.Event("action", None)),
    names.map(lambda n: t.Event("part", n)),
    names.map(lambda n: t.Event("named", n)),
)


@functools.cache
def hooks(depth: int):
    return st.builds(t.Hook, timings, events, tup(filters, 0, 2), maybe_cond, tup(statements(depth), 1, 2))


@functools.cache
def programs(depth: int = 2):
    item = st.one_of(
        statements(depth),
        hooks(depth - 1),
        st.builds(t.Anytime, st.sampled_from(["once", "repeatable"]), maybe_cond, tup(statements(depth - 1), 1, 2)),
        st.builds(t.Watch, conds(1), tup(statements(depth - 1), 1, 2)),
        hooks(depth - 1).map(t.OnceHook),
    )
    return tup(item, 0, 4).map(t.Program)


# ------------------------------------------------------------------ hostile input (issue 10)
def fuzz_settings(examples: int, **kwargs):
    """`examples` runs normally; HYPOTHESIS_PROFILE=deep runs every fuzz test 25 times longer."""
    import os

    from hypothesis import HealthCheck, settings

    scale = 25 if os.environ.get("HYPOTHESIS_PROFILE") == "deep" else 1
    checks = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large,
              *kwargs.pop("suppress_health_check", [])]
    return settings(max_examples=examples * scale, deadline=None, suppress_health_check=checks, **kwargs)


TAGS = ["!!python/object/apply:os.system", "!!python/name:os.system", "!!python/object:collections.OrderedDict",
        "!foo", "!!binary", "!!timestamp", "!!set", "!!omap", "!!pairs", "!<tag:yaml.org,2002:python/none>",
        "!e!x", "!", "!!str", "!!int", "!!float", "!!bool", "!!null", "!!map", "!!seq"]
HUGE_NUMBERS = ["1000000000000000000", "300000000", "-5", "0", "-2", str(2**63), str(2**64 + 1), "9" * 4000,
                "9" * 5000, "1e400", "-1e400", ".inf", "-.inf", ".nan", "0x" + "f" * 60, "0o777777777777777777777",
                "1_000_000_000_000", "2.7", "5.9", "-0", "+12"]


def _flow_nesting(depth: int, opener: str) -> str:
    closer = {"[": "]", "{a: ": "}"}[opener]
    return opener * depth + "x" + closer * depth


@st.composite
def hostile_values(draw) -> str:
    """One YAML value in flow style: a huge number, a tagged value, deep nesting or an alias."""
    kind = draw(st.sampled_from(["number", "tag", "deep", "alias", "plain"]))
    if kind == "number":
        return draw(st.sampled_from(HUGE_NUMBERS) | st.integers(-(10**30), 10**30).map(str))
    if kind == "tag":
        inner = draw(st.sampled_from(["3", "x", "[1, 2]", "{a: 1}", "''"]))
        return f"{draw(st.sampled_from(TAGS))} {inner}"
    if kind == "deep":
        depth = draw(st.one_of(st.integers(1, 80), st.sampled_from([500, 1000, 30_000, 100_000])))
        return _flow_nesting(depth, draw(st.sampled_from(["[", "{a: "])))
    if kind == "alias":
        return "*bomb"
    return draw(st.sampled_from(["x", "1", "true", "null", "[]", "{}", "gain 1 wood"]))


@st.composite
def alias_prelude(draw) -> str:
    """Anchored lines, each holding `width` aliases of the one before (a bomb when large)."""
    levels = draw(st.integers(0, 12))
    width = draw(st.integers(1, 12))
    lines = ["_a0: &a0 [" + ",".join(["x"] * width) + "]"]
    for level in range(1, levels + 1):
        lines.append(f"_a{level}: &a{level} [" + ",".join([f"*a{level - 1}"] * width) + "]")
    lines.append(f"_bomb: &bomb *a{levels}")
    return "\n".join(lines) + "\n"


SKELETONS = [
    "weapons:\n  - {{id: w, name: W, deck: {v}}}\n",
    "dice:\n  - {{id: d, faces: {v}}}\n",
    "spaces:\n  - {{id: s, name: S, group: g, column: 1, row: 1, rows: {v}, effect: gain 1 wood}}\n",
    "coins:\n  - {{id: c, value: 1, shape: ['#'], count: {v}}}\n",
    "goods:\n  - {{id: g, name: {v}, color: blue, shape: ['#'], box_column: 1, sword: 2}}\n",
    "rules:\n  - {{id: r, name: R, effect: {v}}}\n",
    "{v}\n",
]


@st.composite
def hostile_documents(draw) -> str:
    """A content file mixing aliases, deep nesting, huge numbers and tags into real collections."""
    prelude = draw(alias_prelude()) if draw(st.booleans()) else ""
    body = draw(st.sampled_from(SKELETONS)).format(v=draw(hostile_values()))
    if "*bomb" in body and not prelude:
        prelude = "_bomb: &bomb x\n"
    return prelude + body
