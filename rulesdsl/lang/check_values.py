"""Static checks of bundles, amounts, ranges, selectors, places, references, conditions and expressions."""

from __future__ import annotations

from rulesdsl.lang import registry as reg
from rulesdsl.lang import tree as t


class ValueChecks:
    """The value checks of the checker."""

    def bundle(self, b: t.Bundle) -> None:
        for part in b.parts:
            for i in part:
                self.amount(i.amount)
                if isinstance(i, t.VarItem):
                    if not self.bound(i.var):
                        self.error(i, f"'{i.var}' is not bound here (bind it with 'choose' or 'for each')")
                    continue
                if self.v.items is not None:  # a game whose items are names of one kind
                    kind = self.v.items
                    self.one_of(i, " ".join(i.words), self.v.names.get(kind, ()), kind)
                elif i.slash:
                    for word in i.words:
                        self.noun(i, (word,), "item")
                else:
                    self.noun(i, i.words, "item")
                if i.attribute is not None:
                    self.one_of(i, i.attribute, reg.ATTRIBUTES, "attribute")

    def amount(self, a) -> None:
        if isinstance(a, t.ExprAmount):
            self.expr(a.expr)

    def range(self, r) -> None:
        if isinstance(r, (t.Exactly, t.UpTo)):
            self.amount(r.amount)
        elif isinstance(r, t.Between):
            self.amount(r.low)
            self.amount(r.high)
            if isinstance(r.low, t.IntAmount) and isinstance(r.high, t.IntAmount) and r.low.value > r.high.value:
                self.error(r, f"range {r.low.value} to {r.high.value} is empty")

    def selector(self, s) -> None:
        if isinstance(s, t.RefSelector):
            self.ref(s.ref)
        else:
            for words in s.nouns:
                self.noun(s, words)
        for mod in s.mods:
            if isinstance(mod, t.OnMod):
                self.place(mod.place)
            elif isinstance(mod, (t.InMod,)):
                for zone in mod.zones:
                    self.one_of(mod, zone, reg.ZONES, "zone")
            elif isinstance(mod, t.FromMod):
                self.one_of(mod, mod.zone, reg.ZONES, "zone")
            elif isinstance(mod, t.WithMod):
                self.range(mod.range)
                self.one_of(mod, mod.name, reg.ATTRIBUTES, "attribute")
            elif isinstance(mod, t.WithMostMod):
                self.one_of(mod, mod.name, reg.ATTRIBUTES, "attribute")

    def place(self, p) -> None:
        if isinstance(p, t.GroupPlace):
            for name in p.names:
                self.one_of(p, name, self.v.groups, "group")
        elif isinstance(p, t.ColumnPlace):
            for column in p.columns:
                self.one_of(p, column, self.v.columns, "column")
        elif isinstance(p, t.SpacePlace):
            for name in p.names:
                self.one_of(p, name, self.v.spaces, "space")
        elif isinstance(p, t.RefPlace):
            self.ref(p.ref)
        elif isinstance(p, t.NounPlace):
            self.noun(p, p.words, "place")

    def ref(self, r) -> None:
        if isinstance(r, t.Var) and not self.bound(r.name):
            self.error(r, f"'{r.name}' is not bound here (bind it with 'choose' or 'for each')")
        elif isinstance(r, t.This):
            self.one_of(r, r.name, reg.THIS, "'this' object")

    def cond(self, c) -> None:
        if isinstance(c, (t.And, t.Or)):
            for a in c.args:
                self.cond(a)
        elif isinstance(c, t.Not):
            self.cond(c.arg)
        elif isinstance(c, t.Compare):
            self.expr(c.left)
            self.expr(c.right)
        elif isinstance(c, t.HaveEach):
            name = self.noun(c, c.noun)
            if name is not None and not self.v.nouns.get(name, "").startswith("class"):
                self.error(c, f"'{' '.join(c.noun)}' is one kind of thing; `of each` needs a class of kinds (weapon, building_resource ...)")
        else:
            self.expr(c)

    def expr(self, e) -> None:
        if isinstance(e, t.Quantity):
            self.one_of(e, e.name, reg.QUANTITIES if self.v.quantities is None else self.v.quantities, "quantity")
        elif isinstance(e, t.Query):
            self.one_of(e, e.name, reg.QUERIES if self.v.queries is None else self.v.queries, "query")
            if e.arg is not None and self.v.query_args is not None:  # a game whose arguments are names of one kind
                kind = self.v.query_args
                for words in e.arg.nouns:
                    self.one_of(e, " ".join(words), self.v.names.get(kind, ()), kind)
            elif e.arg is not None:
                self.selector(e.arg)
        elif isinstance(e, (t.MinOf, t.MaxOf)):
            for a in e.args:
                self.expr(a)
        elif isinstance(e, (t.Half, t.Signed)):
            self.expr(e.arg)
        elif isinstance(e, t.BinOp):
            self.expr(e.left)
            self.expr(e.right)
        elif isinstance(e, (t.Var, t.It, t.This)):
            self.ref(e)
