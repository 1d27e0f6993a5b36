"""Control flow: moods, `if`, `choose`, `for each`, `first of`, `by` tables, `repeat`, `nothing`, blocks - the nodes and how they are built from the parse."""


import attrs  # noqa: F401
from lark import Transformer, v_args

from rulesdsl.lang.nodes_base import child_nodes, error_at, flatten, Node, node, OtherwiseClause, pos_of, tokens_of
from rulesdsl.lang.nodes_expressions import Cond, Expr


@node
class Nothing(Node):
    pass


@node
class Mood(Node):
    """`must` or `may` in front of a simple statement."""

    mood: str
    stmt: "Statement"


@node
class If(Node):
    cond: Cond
    then: tuple
    otherwise: tuple | None = None


@node
class ChooseOne(Node):
    alternatives: tuple  # tuple of statement tuples
    must: bool = False


@node
class ChooseVar(Node):
    noun: tuple[str, ...]
    var: str
    where: Cond | None
    body: tuple
    must: bool = False  # `must choose ...`: the choice cannot be declined when a value exists


@node
class ForEach(Node):
    noun: tuple[str, ...]
    var: str
    where: Cond | None
    body: tuple


@node
class Bracket(Node):
    cond: Cond
    body: tuple


@node
class FirstOf(Node):
    brackets: tuple[Bracket, ...]
    otherwise: tuple | None = None


@node
class BySlash(Node):
    """`by <expr> = 1/2/3+: <statements with slash amounts>`: the position whose
    key equals the value applies; `open_top` lets the last key also cover every
    larger value."""

    expr: Expr
    keys: tuple[int, ...]
    open_top: bool
    body: tuple


@node
class Row(Node):
    key: int
    open_top: bool
    body: tuple


@node
class ByTable(Node):
    expr: Expr
    rows: tuple[Row, ...]
    otherwise: tuple | None = None


@node
class RepeatTimes(Node):
    times: Expr
    body: tuple


@node
class RepeatUntil(Node):
    cond: Cond
    body: tuple


@v_args(meta=True)
class ControlBuilder(Transformer):
    """Builds the nodes above from Lark's parse tree (one method per grammar rule)."""

    def suite(self, meta, children):
        return flatten(children)

    def simple_line(self, meta, children):
        return list(children)

    def simple_stmt(self, meta, children):
        if len(children) == 2:
            return Mood(children[0], children[1], pos=pos_of(meta))
        return children[0]

    result = simple_stmt

    def must(self, meta, children):
        return "must"

    def may(self, meta, children):
        return "may"

    def if_stmt(self, meta, children):
        cond, then, *rest = children
        return If(cond, then, rest[0].body if rest else None, pos=pos_of(meta))

    def otherwise(self, meta, children):
        return OtherwiseClause(children[0])

    def choose_one(self, meta, children):
        must = bool(tokens_of(children, "MUST"))
        alts = child_nodes(children)[-1]
        return ChooseOne(alts, must=must, pos=pos_of(meta))

    def inline_alternatives(self, meta, children):
        return tuple((c,) for c in children)

    def block_alternatives(self, meta, children):
        alts = []
        for c in children:
            alts.append(tuple(c) if isinstance(c, list) else (c,))
        return tuple(alts)

    def _binding(self, meta, children, cls):
        nodes = child_nodes(children)
        var = tokens_of(children, "VAR")[0]
        noun = tuple(nodes[0])
        where = nodes[1] if len(nodes) == 3 else None
        return cls(noun, str(var), where, nodes[-1], pos=pos_of(meta))

    def choose_var(self, meta, children):
        node = self._binding(meta, children, ChooseVar)
        return attrs.evolve(node, must=True) if tokens_of(children, "MUST") else node

    def for_each(self, meta, children):
        return self._binding(meta, children, ForEach)

    def first_of(self, meta, children):
        brackets = tuple(c for c in children if isinstance(c, Bracket))
        other = [c.body for c in children if isinstance(c, OtherwiseClause)]
        return FirstOf(brackets, other[0] if other else None, pos=pos_of(meta))

    def bracket(self, meta, children):
        return Bracket(children[0], children[1], pos=pos_of(meta))

    def by_slash(self, meta, children):
        expr, cmp, keys, body = children
        if str(cmp) != "=":
            error_at(meta, f"a slash table compares with '=', not '{cmp}'")
        values, open_top = keys
        return BySlash(expr, values, open_top, body, pos=pos_of(meta))

    def slash_keys(self, meta, children):
        ints = tuple(int(c) for c in tokens_of(children, "INT"))
        signs = tokens_of(children, "ADDOP")
        if signs and str(signs[0]) != "+":
            error_at(meta, "only '+' may follow the last key of a slash table (meaning 'or more')")
        return ints, bool(signs)

    def by_table(self, meta, children):
        expr = children[0]
        rows = tuple(c for c in children[1:] if isinstance(c, Row))
        other = [c.body for c in children if isinstance(c, OtherwiseClause)]
        return ByTable(expr, rows, other[0] if other else None, pos=pos_of(meta))

    def table_row(self, meta, children):
        key = int(tokens_of(children, "INT")[0])
        signs = tokens_of(children, "ADDOP")
        if signs and str(signs[0]) != "+":
            error_at(meta, "only '+' may follow a table key (meaning 'or more')")
        return Row(key, bool(signs), children[-1], pos=pos_of(meta))

    def repeat_times(self, meta, children):
        return RepeatTimes(children[0], children[1], pos=pos_of(meta))

    def repeat_until(self, meta, children):
        return RepeatUntil(children[0], children[1], pos=pos_of(meta))

    def nothing(self, meta, children):
        return Nothing(pos=pos_of(meta))
