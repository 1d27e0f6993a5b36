"""Player-facing English for the values a statement carries: names and nouns (with their
plurals from the content), amounts, bundles, selectors, places, conditions and expressions.

Everything is told from the tree itself, never by rewriting the canonical text, so no word
of the card language (`count(`, `my`, ids, operators) can leak into what a player reads.
The statements and timing points are `rulesdsl.authoring.english`'s.
"""

from __future__ import annotations

from rulesdsl.authoring import english_words as w
from rulesdsl.lang import tree as t

# Collections whose items are named things a player can hold or place.
_NAMED = ("goods", "special_tiles", "resources", "ships", "weapons", "buildings", "exploration_boards",
          "mountain_items")
_OPS = {">=": "at least", "<=": "at most", "=": "exactly", ">": "more than", "<": "fewer than", "!=": "not exactly"}
_IS_OPS = {">=": "is at least", "<=": "is at most", "=": "is", ">": "is more than", "<": "is less than", "!=": "is not"}
_NEGATED = {">=": "<", "<=": ">", "=": "!=", "!=": "=", ">": "<=", "<": ">="}
_OWNERS = {"my": "your", "any": "any player's", "another": "another player's", "each": "each player's"}


def join(parts, word: str = "and") -> str:
    """`a`, `a and b`, `a, b and c`."""
    parts = [p for p in parts if p]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {word} " + parts[-1]


def sentence(text: str) -> str:
    """A clause as a sentence: capital first letter, one full stop."""
    text = text.strip()
    return (text[:1].upper() + text[1:]).rstrip(".") + "."


def lower_first(text: str) -> str:
    """The text with a small first letter (to follow a colon)."""
    return text[:1].lower() + text[1:]


def article(text: str) -> str:
    """"a" or "an" before the text."""
    return ("an " if text[:1].lower() in "aeiou" else "a ") + text


def plain(name: str) -> str:
    """A name of the language put in words when the content has no English name for it."""
    return str(name).replace("_", " ")


class Words:
    """The names of one content and the values of effect trees in English."""

    def __init__(self, content):
        self.content = content
        self.nouns: dict[str, tuple[str, str]] = {}  # id -> (singular, plural)
        collections = getattr(content, "collections", {})
        for collection in _NAMED:
            for item_id, item in collections.get(collection, {}).items():
                name = getattr(item, "name", None)
                if isinstance(item_id, str) and isinstance(name, str):
                    self.nouns.setdefault(item_id, (name, getattr(item, "plural", None) or name))
        for good in collections.get("goods", {}).values():
            color = getattr(good, "color", None)
            if color and color != "animal":
                self.nouns.setdefault(f"{color}_good", (f"{color} good", f"{color} goods"))
                self.nouns.setdefault(f"{color}_tile", (f"{color} tile", f"{color} tiles"))
        for ship in collections.get("ships", {}).values():
            size = getattr(ship, "size", None)
            if size:
                self.nouns.setdefault(f"{size}_ship", (f"{size} ship", f"{size} ships"))
        for name, forms in w.CLASSES.items():
            self.nouns.setdefault(name, forms)
        self.places = {collection: {item_id: getattr(item, "name", None) or plain(item_id)
                                    for item_id, item in collections.get(collection, {}).items()}
                       for collection in ("phases", "spaces", "groups")}
        self.faces = {die_id: getattr(die, "faces", None) for die_id, die in collections.get("dice", {}).items()}
        self.bound: list[dict[str, str]] = [{}]  # variable -> what it stands for ("that space")

    # ---------------------------------------------------------------- names
    def resolve(self, words) -> str | None:
        """The id a noun of the language names (plurals accepted), or None."""
        joined = "_".join(words)
        for candidate in (joined, joined[:-3] + "y" if joined.endswith("ies") else None,
                          joined[:-2] if joined.endswith("es") else None, joined[:-1] if joined.endswith("s") else None):
            if candidate and candidate in self.nouns:
                return candidate
        return None

    def noun(self, words, plural: bool = False) -> str:
        """A noun (a tuple of words or one name) in English, singular or plural."""
        words = (words,) if isinstance(words, str) else tuple(words)
        found = self.resolve(words)
        if found is None:
            return plain(" ".join(words))
        return self.nouns[found][1 if plural else 0]

    def countable(self, words) -> bool:
        """Whether the noun has a plural of its own (a mass noun such as wood has not)."""
        found = self.resolve((words,) if isinstance(words, str) else words)
        return found is not None and self.nouns[found][0] != self.nouns[found][1]

    def a(self, words) -> str:
        """The noun with an indefinite article where English puts one."""
        text = self.noun(words)
        if not self.countable(words):
            return text
        return ("an " if text[:1].lower() in "aeiou" else "a ") + text

    def phase(self, name: str) -> str:
        return f"{self.places['phases'].get(name, plain(name))} phase"

    def space(self, name: str) -> str:
        return self.places["spaces"].get(name, plain(name))

    def group(self, name: str) -> str:
        return self.places["groups"].get(name, plain(name))

    def words(self, name: str) -> str:
        """Any other name (a dice kind, a part, a ring) in words."""
        if name in self.nouns:
            return self.nouns[name][0]
        if name in self.places["spaces"]:
            return self.places["spaces"][name]
        return plain(name)

    # ---------------------------------------------------------------- amounts and bundles
    def count(self, a) -> int | None:
        """The number an amount stands for, when it is a plain number."""
        return a.value if isinstance(a, t.IntAmount) else None

    def items(self, a, words, plural_forms=None) -> str:
        """`2 chests`, `1 wood`, `wood equal to the round number`."""
        if isinstance(a, t.IntAmount):
            return f"{a.value} {self.noun(words, a.value != 1)}"
        if isinstance(a, t.SlashAmount):  # a slash outside a table: read through `Choices`
            return f"{' or '.join(str(v) for v in a.values)} {self.noun(words, True)}"
        return f"{self.noun(words, True)} equal to {self.expr(a.expr)}"

    def item(self, i) -> str:
        if isinstance(i, t.VarItem):
            if isinstance(i.amount, t.IntAmount) and i.amount.value == 1:
                return f"1 more of {self.ref_name(i.var)}"
            return f"{self.amount(i.amount)} more of {self.ref_name(i.var)}"
        if i.slash:
            text = self.items(i.amount, i.words[0]) + "".join(f" or {self.noun(word)}" for word in i.words[1:])
        else:
            text = self.items(i.amount, i.words)
        if i.attribute is not None:
            text += " " + w.ATTRIBUTES.get(i.attribute, f"with {plain(i.attribute)}")
        return text

    def bundle(self, b: t.Bundle) -> str:
        """Parts joined with "and"; a part of alternatives is the player's choice, and what
        stands beside it comes either way (`1 milk or 1 cabbage and 1 silver`)."""
        sure = [self.item(part[0]) for part in b.parts if len(part) == 1]
        choices = [join([self.item(i) for i in part], "or") for part in b.parts if len(part) > 1]
        if not choices:
            return join(sure)
        if len(b.parts) == 1:  # one choice alone needs no "your choice of"
            return choices[0]
        text = join([f"your choice of {c}" for c in choices])
        if sure:
            text += f", and {join(sure)} either way"
        return text

    def amount(self, a) -> str:
        if isinstance(a, t.IntAmount):
            return str(a.value)
        if isinstance(a, t.SlashAmount):
            return " or ".join(str(v) for v in a.values)
        return self.expr(a.expr)

    def rng(self, r) -> tuple[str, bool]:
        """(words of a range, whether what follows is plural)."""
        if isinstance(r, t.Exactly):
            number = self.count(r.amount)
            if number is None and not isinstance(r.amount, t.SlashAmount):
                return f"as many as {self.expr(r.amount.expr)}:", True
            return self.amount(r.amount), number != 1
        if isinstance(r, t.UpTo):
            return f"up to {self.amount(r.amount)}", self.count(r.amount) != 1
        if isinstance(r, t.Between):
            return f"{self.amount(r.low)} to {self.amount(r.high)}", True
        return "any number of", True

    def ranged(self, r, selector) -> str:
        """`up to 2 goods`, `1 orange good`, `any number of green goods`."""
        words, plural = self.rng(r)
        if words.endswith(":"):  # a computed number: the things first
            return f"{self.selector(selector, plural=True)} {words[:-1]}"
        return f"{words} {self.selector(selector, plural=plural)}"

    # ---------------------------------------------------------------- selectors and places
    def selector(self, s, plural: bool = True, owner: str | None = None) -> str:
        """A selector in words; `owner` stands in where the selector names none (counts: "your")."""
        if isinstance(s, t.RefSelector):
            text = self.ref(s.ref)
        else:
            text = join([self.noun(words, plural) for words in s.nouns], "or")
            zoned = any(isinstance(m, (t.InMod, t.FromMod)) for m in s.mods)
            whose = _OWNERS.get(s.owner) if s.owner else (None if zoned else owner)
            if whose:
                text = f"{whose} {text}"
        for m in s.mods:
            text += " " + self.mod(m, plural)
        return text

    def mod(self, m, plural: bool) -> str:
        if isinstance(m, t.OnMod):
            return "on " + self.place(m.place, plural)
        if isinstance(m, t.InMod):
            return join([w.ZONES.get(z, plain(z)) for z in m.zones], "or")
        if isinstance(m, t.FromMod):
            return w.ZONES.get(m.zone, "from " + plain(m.zone))
        if isinstance(m, t.WithMod):
            words, many = self.rng(m.range)
            return f"with {words.rstrip(':')} {w.ATTRIBUTES.get(m.name, self.noun(m.name, many))}"
        if isinstance(m, t.WithMostMod):
            return f"with the most {w.ATTRIBUTES.get(m.name, self.noun(m.name, True))}"
        if isinstance(m, t.SameKindMod):
            return "all of one kind"
        if isinstance(m, t.DifferentKindsMod):
            return "each of a different kind"
        raise TypeError(type(m).__name__)

    def place(self, p, plural: bool = False) -> str:
        """Where: "a Hunting space" (or "Hunting spaces" where several are counted)."""
        if isinstance(p, t.GroupPlace):
            names = join([self.group(n) for n in p.names], "or")
            return f"{names} spaces" if plural else article(names) + " space"
        if isinstance(p, t.ColumnPlace):
            names = join([f"column-{c}" for c in p.columns], "or")
            return f"{names} spaces" if plural else f"a {names} space"
        if isinstance(p, t.SpacePlace):
            return self.spaces(p.names)
        if isinstance(p, t.RefPlace):
            return self.ref(p.ref)
        if isinstance(p, t.NounPlace):
            text = self.noun(p.words, plural=True)
            return f"{_OWNERS[p.owner]} {text}" if p.owner else text
        raise TypeError(type(p).__name__)

    def spaces(self, names) -> str:
        """Every space of a list by its name; spaces of one name are told apart by their column
        ("an Overseas trading space (column 1 or 2)")."""
        spaces = getattr(self.content, "collections", {}).get("spaces", {})
        by_name: dict[str, list] = {}
        for name in names:
            by_name.setdefault(self.space(name), []).append(getattr(spaces.get(name), "column", None))
        shared: dict[str, int] = {}
        for space in spaces.values():
            shared[getattr(space, "name", None)] = shared.get(getattr(space, "name", None), 0) + 1
        parts = []
        for name, columns in by_name.items():
            shown = f'"{name}"' if "," in name else name
            if shared.get(name, 0) > 1 and all(c is not None for c in columns):
                word = "column" if len(columns) == 1 else "column"
                shown += f" space ({word} {join([str(c) for c in columns], 'or')})"
                parts.append(("an " if len(columns) > 1 and shown[:1].lower() in "aeiou" else "a " if len(columns) > 1 else "the ") + shown)
            else:
                parts.append(f"the {shown} space")
        return join(parts, "or")

    def ref_name(self, var: str) -> str:
        for scope in reversed(self.bound):
            if var in scope:
                return scope[var]
        return "the chosen one"

    def ref(self, r) -> str:
        if isinstance(r, t.Var):
            return self.ref_name(r.name)
        if isinstance(r, t.It):
            return "it"
        if isinstance(r, t.This):
            return w.THIS.get(r.name, f"this {self.noun(r.name)}")
        raise TypeError(type(r).__name__)

    # ---------------------------------------------------------------- conditions
    def cond(self, c) -> str:
        if isinstance(c, t.Or):
            return join([self.cond(a) for a in c.args], "or")
        if isinstance(c, t.And):
            return join([self.cond(a) for a in c.args], "and")
        if isinstance(c, t.Not):
            return self.negated(c.arg)
        if isinstance(c, t.Compare):
            return self.compare(c.op, c.left, c.right)
        if isinstance(c, t.HaveEach):
            return f"you have at least {c.amount} of every kind of {self.noun(c.noun)}"
        truth = self.truth(c)
        if truth is not None:
            return truth[0]
        return f"{self.expr(c)} is not 0"

    def negated(self, c) -> str:
        if isinstance(c, t.Compare):
            return self.compare(_NEGATED[c.op], c.left, c.right)
        truth = self.truth(c)
        if truth is not None:
            return truth[1]
        if isinstance(c, t.HaveEach):
            return f"you lack {c.amount} of some kind of {self.noun(c.noun)}"
        if isinstance(c, (t.And, t.Or)):
            flipped = (t.Or if isinstance(c, t.And) else t.And)(tuple(t.Not(a) for a in c.args))
            return self.cond(flipped)
        if isinstance(c, t.Not):
            return self.cond(c.arg)
        return f"{self.expr(c)} is 0"

    def truth(self, e) -> tuple[str, str] | None:
        """(holds, does not hold) clauses of a yes-or-no quantity or query, else None."""
        if isinstance(e, t.Quantity) and isinstance(w.QUANTITIES.get(e.name), tuple):
            return w.QUANTITIES[e.name]
        if isinstance(e, t.Query) and isinstance(w.QUERIES.get(e.name), tuple):
            thing = self.selector(e.arg, plural=False) if e.arg is not None else "it"
            yes, no = w.QUERIES[e.name]
            return yes.format(thing), no.format(thing)
        return None

    def compare(self, op: str, left, right) -> str:
        truth = self.truth(left)
        if truth is not None and isinstance(right, t.Num) and right.value in (0, 1) and op in ("=", "!="):
            return truth[0] if (op == "=") == (right.value == 1) else truth[1]
        if isinstance(left, t.Query) and isinstance(right, t.Num) and left.arg is not None:
            if left.name in ("column", "row") and op == "=":
                return f"{self.selector(left.arg, plural=False)} is in {left.name} {right.value}"
            if left.name in ("ore", "loaded_ore"):
                what = "ore" if left.name == "ore" else "loaded ore"
                count = f"{_OPS[op]} {right.value} {what}" if (op, right.value) != (">=", 1) else f"any {what}"
                return f"{self.selector(left.arg, plural=False)} carries {count}"
            if left.name == "count":
                return "you have " + self.how_many(op, right.value, left.arg, "your")
            if left.name == "vikings":
                vikings = t.Selector(None, (("vikings",),), (t.OnMod(_place_of(left.arg)),))
                return "you have " + self.how_many(op, right.value, vikings, "your")
            if left.name in w.CLAUSES:
                return w.CLAUSES[left.name].format(self.how_many(op, right.value, left.arg, None))
        return f"{self.expr(left)} {_IS_OPS[op]} {self.expr(right)}"

    def how_many(self, op: str, number: int, selector, mine: str | None) -> str:
        """"at least 2 grain", "no cattle", "any sheep" ("your" dropped: the sentence says whose)."""
        if isinstance(selector, t.Selector) and selector.owner == "my":
            selector = t.Selector(None, selector.nouns, selector.mods)
        if isinstance(selector, t.RefSelector):
            words = {">=": "at least", "<=": "at most", "=": "exactly", ">": "more than", "<": "fewer than",
                     "!=": "other than"}[op]
            return f"{words} {number} of {self.selector(selector)}"
        if (op == ">=" and number == 1) or (op == ">" and number == 0):
            return f"any {self.selector(selector, plural=True)}"
        if (op == "=" and number == 0) or (op == "<" and number == 1) or (op == "<=" and number == 0):
            return f"no {self.selector(selector, plural=True)}"
        return f"{_OPS[op]} {number} {self.selector(selector, plural=number != 1)}"

    # ---------------------------------------------------------------- expressions
    def expr(self, e) -> str:
        if isinstance(e, t.Num):
            return str(e.value)
        if isinstance(e, t.Quantity):
            found = w.QUANTITIES.get(e.name, plain(e.name))
            return f"1 if {found[0]}, else 0" if isinstance(found, tuple) else found
        if isinstance(e, t.Query):
            return self.query(e)
        if isinstance(e, t.MinOf):
            numbers = [a for a in e.args if isinstance(a, t.Num)]
            rest = [a for a in e.args if not isinstance(a, t.Num)]
            if len(numbers) == 1 and rest:
                return f"{join([self.expr(a) for a in rest], 'or')}, at most {numbers[0].value}"
            return "the smallest of " + join([self.expr(a) for a in e.args])
        if isinstance(e, t.MaxOf):
            zero = [a for a in e.args if isinstance(a, t.Num) and a.value == 0]
            rest = [a for a in e.args if a not in zero]
            if zero and len(rest) == 1:
                return f"{self.expr(rest[0])}, but never less than 0"
            return "the largest of " + join([self.expr(a) for a in e.args])
        if isinstance(e, t.Half):
            return f"half of {self.expr(e.arg)}, rounded down"
        if isinstance(e, t.Signed):
            return ("minus " if e.sign == "-" else "") + self.expr(e.arg)
        if isinstance(e, t.BinOp):
            if e.op == "+":
                return "the sum of " + join([self.expr(a) for a in _terms(e)])
            word = {"-": "minus", "*": "times"}[e.op]
            return f"{self.expr(e.left)} {word} {self.expr(e.right)}"
        if isinstance(e, (t.Var, t.It, t.This)):
            return self.ref(e)
        raise TypeError(f"not an expression: {type(e).__name__}")

    def query(self, q: t.Query) -> str:
        template = w.QUERIES.get(q.name)
        if template is None:
            template = plain(q.name) + " of {}"
        if isinstance(template, tuple):
            return f"1 if {template[0].format(self.selector(q.arg, plural=False) if q.arg is not None else 'it')}, else 0"
        if q.arg is None:
            return template.format("them").replace(" of them", "").replace("number of them", "number")
        single = q.name in ("column", "row", "ore", "loaded_ore", "sword_value", "price", "vikings")
        zoned = isinstance(q.arg, t.Selector) and any(isinstance(m, (t.InMod, t.FromMod)) for m in q.arg.mods)
        whose = "your" if q.name in ("count", "kinds") and not zoned else None
        return template.format(self.selector(q.arg, plural=not single, owner=whose))


def _place_of(selector):
    """The place a selector of spaces stands for (`vikings(S)`: S, `vikings(this space)` ...)."""
    if isinstance(selector, t.RefSelector):
        return t.RefPlace(selector.ref)
    return t.NounPlace(selector.owner, selector.nouns[0])


def _terms(e) -> list:
    if isinstance(e, t.BinOp) and e.op == "+":
        return _terms(e.left) + _terms(e.right)
    return [e]
