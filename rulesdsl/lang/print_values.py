"""Effect tree -> canonical text, the values: bundles and items, amounts and ranges, selectors,
places and references, conditions and expressions (the statements are `printer.py`'s)."""

from __future__ import annotations

from rulesdsl.lang import tree as t


# ---------------------------------------------------------------- bundles, amounts, selectors
def bundle(b: t.Bundle) -> str:
    return " and ".join(" or ".join(item(i) for i in part) for part in b.parts)


def item(i) -> str:
    if isinstance(i, t.VarItem):
        return f"{amount(i.amount)} {i.var}"
    words = "/".join(i.words) if i.slash else " ".join(i.words)
    text = f"{amount(i.amount)} {words}"
    if i.attribute is not None:
        text += f" with {i.attribute}"
    return text


def amount(a) -> str:
    if isinstance(a, t.IntAmount):
        return str(a.value)
    if isinstance(a, t.SlashAmount):
        return "/".join(str(v) for v in a.values)
    if isinstance(a, t.ExprAmount):
        return f"({expr(a.expr)})"
    raise TypeError(type(a).__name__)


def rng(r) -> str:
    if isinstance(r, t.Exactly):
        return amount(r.amount)
    if isinstance(r, t.UpTo):
        return f"up to {amount(r.amount)}"
    if isinstance(r, t.Between):
        return f"{amount(r.low)} to {amount(r.high)}"
    if isinstance(r, t.AnyNumber):
        return "any number of"
    raise TypeError(type(r).__name__)


_OWNER_TEXT = {"my": "my", "any": "any", "another": "another player's", "each": "each player's"}


def nouns(names) -> str:
    """Nouns joined by `or`."""
    return " or ".join(" ".join(words) for words in names)


def selector(s) -> str:
    if isinstance(s, t.RefSelector):
        text = ref(s.ref)
    else:
        text = nouns(s.nouns)
        if s.owner is not None:
            text = f"{_OWNER_TEXT[s.owner]} {text}"
    for m in s.mods:
        text += " " + _mod(m)
    return text


def _mod(m) -> str:
    if isinstance(m, t.OnMod):
        return f"on {place(m.place)}"
    if isinstance(m, t.InMod):
        return "in " + ", ".join(m.zones)
    if isinstance(m, t.FromMod):
        return f"from {m.zone}"
    if isinstance(m, t.WithMod):
        return f"with {rng(m.range)} {m.name}"
    if isinstance(m, t.WithMostMod):
        return f"with most {m.name}"
    if isinstance(m, t.SameKindMod):
        return "of one kind"
    if isinstance(m, t.DifferentKindsMod):
        return "of different kinds"
    raise TypeError(type(m).__name__)


def place(p) -> str:
    if isinstance(p, t.GroupPlace):
        return "group " + ", ".join(p.names)
    if isinstance(p, t.ColumnPlace):
        return "column " + ", ".join(str(c) for c in p.columns)
    if isinstance(p, t.SpacePlace):
        return "space " + ", ".join(p.names)
    if isinstance(p, t.RefPlace):
        return ref(p.ref)
    if isinstance(p, t.NounPlace):
        words = " ".join(p.words)
        return f"{_OWNER_TEXT[p.owner]} {words}" if p.owner else words
    raise TypeError(type(p).__name__)


def ref(r) -> str:
    if isinstance(r, t.Var):
        return r.name
    if isinstance(r, t.It):
        return "it"
    if isinstance(r, t.This):
        return f"this {r.name}"
    raise TypeError(type(r).__name__)


# ---------------------------------------------------------------- conditions and expressions
def cond(c) -> str:
    if isinstance(c, t.Or):
        return " or ".join(cond(a) for a in c.args)
    if isinstance(c, t.And):
        return " and ".join(cond(a) for a in c.args)
    if isinstance(c, t.Not):
        return f"not {cond(c.arg)}"
    if isinstance(c, t.Compare):
        return f"{expr(c.left)} {c.op} {expr(c.right)}"
    if isinstance(c, t.HaveEach):
        return f"you have {c.amount} of each {' '.join(c.noun)}"
    return expr(c)


_ADD, _MUL, _UNARY, _ATOM = 1, 2, 3, 4


def _prec(e) -> int:
    if isinstance(e, t.BinOp):
        return _MUL if e.op == "*" else _ADD
    if isinstance(e, t.Signed):
        return _UNARY
    return _ATOM


def expr(e) -> str:
    if isinstance(e, t.Num):
        return str(e.value)
    if isinstance(e, t.Quantity):
        return e.name
    if isinstance(e, t.Query):
        return f"{e.name}({selector(e.arg) if e.arg is not None else ''})"
    if isinstance(e, t.MinOf):
        return "min(" + ", ".join(expr(a) for a in e.args) + ")"
    if isinstance(e, t.MaxOf):
        return "max(" + ", ".join(expr(a) for a in e.args) + ")"
    if isinstance(e, t.Half):
        return f"half({expr(e.arg)})"
    if isinstance(e, t.Signed):
        inner = expr(e.arg)
        if _prec(e.arg) < _UNARY:
            inner = f"({inner})"
        return f"{e.sign}{inner}"
    if isinstance(e, t.BinOp):
        mine = _prec(e)
        left = expr(e.left)
        if _prec(e.left) < mine:
            left = f"({left})"
        right = expr(e.right)
        if _prec(e.right) <= mine:
            right = f"({right})"
        return f"{left} {e.op} {right}"
    if isinstance(e, (t.Var, t.It, t.This)):
        return ref(e)
    raise TypeError(f"not an expression: {type(e).__name__}")
