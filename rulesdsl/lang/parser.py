"""Card-language text -> typed effect tree.

`parse(text)` runs the LALR parser built from ``grammar/card.lark`` and turns
Lark's parse tree into the attrs nodes of :mod:`rulesdsl.lang.tree`. Any
problem with the text raises `CardSyntaxError` with a line and column inside
the text and the list of things the grammar would have accepted there.
"""

from __future__ import annotations

import functools

import attrs
from lark import Lark, Token, Transformer, v_args
from lark.exceptions import (
    LarkError,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)
from lark.indenter import DedentError, Indenter

from rulesdsl.errors import CardSyntaxError
from rulesdsl.lang import tree as t
from rulesdsl.tableau.nodes import TableauBuilders

class _CardIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR"]
    CLOSE_PAREN_types = ["RPAR"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8


_LARK_OPTIONS = {"parser": "lalr", "propagate_positions": True, "maybe_placeholders": False}


@functools.cache
def _lark() -> Lark:
    """The card-language parser, from the signed cache in the private cache folder when it is there.

    Lark's own `cache=True` would write a pickle under a predictable name in the shared
    temporary folder and unpickle whatever is found there; rulesdsl.content.cache keeps
    the built tables instead, MAC-checked before they are read (see its docstring)."""
    import hashlib
    import io

    from rulesdsl.content import cache
    from rulesdsl.resources import grammar_path

    grammar = grammar_path().read_text(encoding="utf-8")
    key = hashlib.sha256(f"{grammar}|{sorted(_LARK_OPTIONS.items())}|{cache.dependency_versions()}".encode()).hexdigest()
    name = f"grammar-{key}.lark"
    from lark.lark import _LOAD_ALLOWED_OPTIONS

    blob = cache.read_verified(name)
    if blob is not None:
        try:
            # the options Lark's own cache passes again on loading (the rest is in the tables)
            again = {k: v for k, v in _LARK_OPTIONS.items() if k in _LOAD_ALLOWED_OPTIONS}
            return Lark.__new__(Lark)._load(io.BytesIO(blob), postlex=_CardIndenter(), **again)
        except Exception:  # written by another Lark that slipped past the key: rebuild
            pass
    parser = Lark(grammar, postlex=_CardIndenter(), **_LARK_OPTIONS)
    try:
        out = io.BytesIO()
        parser.save(out, _LOAD_ALLOWED_OPTIONS)  # what Lark's own cache stores
        cache.write_verified(name, out.getvalue(), prune="grammar-*.lark")
    except Exception:  # caching is only a speed-up
        pass
    return parser


@functools.cache
def reserved_words() -> frozenset[str]:
    """Keywords of the language: they cannot serve as names of goods, spaces and so on."""
    import re

    name = re.compile(r"[a-z][a-z0-9_]*\Z")
    return frozenset(
        term.pattern.value
        for term in _lark().terminals
        if term.pattern.type == "str" and name.match(term.pattern.value)
    )


_READABLE = {
    "NAME": "a name",
    "INT": "a number",
    "VAR": "a capitalised name (S, G ...)",
    "_NL": "end of line",
    "_INDENT": "an indented block",
    "_DEDENT": "the end of the block",
    "CMP": "a comparison (>=, <=, =, !=, <, >)",
    "ADDOP": "'+' or '-'",
    "$END": "end of text",
}


def _readable(term: str) -> str:
    if term in _READABLE:
        return _READABLE[term]
    try:
        pattern = _lark().get_terminal(term).pattern
    except KeyError:
        return term.lower()
    if pattern.type == "str":
        return f"'{pattern.value}'"
    return term.lower()


def _expected_text(expected) -> str:
    names = sorted({_readable(e) for e in expected})
    if not names:
        return ""
    if len(names) > 12:
        names = names[:12] + ["..."]
    return "expected " + ", ".join(names)


def _describe_token(token) -> str:
    if token is None or token.type == "$END":
        return "end of text"
    if token.type == "_NL":
        return "end of line"
    if token.type in ("_INDENT", "_DEDENT"):
        return "a change of indentation"
    return f"'{token}'"


def parse(text: str) -> t.Program:
    """Parse card-language text into a Program; raise CardSyntaxError on bad text."""
    if not isinstance(text, str):
        raise CardSyntaxError(1, 1, "effect text must be a string")
    source = text.expandtabs(8) if "\t" in text else text
    if not source.endswith("\n"):
        source += "\n"
    try:
        raw = _lark().parse(source)
        return _ToNodes().transform(raw)
    except VisitError as err:
        if isinstance(err.orig_exc, CardSyntaxError):
            raise err.orig_exc from None
        raise CardSyntaxError(1, 1, f"cannot build the effect tree: {err.orig_exc}") from None
    except UnexpectedToken as err:
        hint = _indentation_problem(err.token, source)
        if hint is not None:
            raise CardSyntaxError(*hint) from None
        misspelled = _misspelled_keyword(source, err.token)
        if misspelled is not None:
            raise CardSyntaxError(*misspelled) from None
        where = _describe_token(err.token)
        line, column = _token_position(err.token, source)
        raise CardSyntaxError(line, column, f"unexpected {where}; {_expected_text(err.expected)}") from None
    except UnexpectedCharacters as err:
        bad = source[err.pos_in_stream] if err.pos_in_stream < len(source) else "?"
        raise CardSyntaxError(
            err.line, err.column, f"unexpected character {bad!r}; {_expected_text(err.allowed)}"
        ) from None
    except UnexpectedEOF as err:
        lines = source.rstrip("\n").split("\n")
        raise CardSyntaxError(len(lines), len(lines[-1]) + 1, f"unexpected end of text; {_expected_text(err.expected)}") from None
    except DedentError:
        line, column = _dedent_line(source)
        raise CardSyntaxError(line, column, "this line's indentation does not match any enclosing block") from None
    except UnexpectedInput as err:  # pragma: no cover - every subclass is handled above
        raise CardSyntaxError(getattr(err, "line", 1), getattr(err, "column", 1), str(err)) from None
    except LarkError as err:
        raise CardSyntaxError(1, 1, str(err)) from None
    except RecursionError:
        raise CardSyntaxError(1, 1, "text is nested too deeply") from None


def keyword_terminals() -> dict[str, str]:
    """Terminal name -> keyword text for every keyword of the grammar (`AFTER` -> `after`)."""
    return _keyword_terminals()


@functools.cache
def _keyword_terminals() -> dict[str, str]:
    return {term.name: term.pattern.value for term in _lark().terminals
            if term.pattern.type == "str" and term.pattern.value in reserved_words()}


def _misspelled_keyword(source: str, bad) -> tuple[int, int, str] | None:
    """(line, column, message) when a name on the failing line is a near miss of a keyword
    the grammar accepted at that name's place (`aftr phase feast` -> 'after'), else None.

    The text is parsed again token by token up to the failure; the state before each name
    says which keywords would have been accepted there.
    """
    import difflib

    bad_line = getattr(bad, "line", None)
    keywords = _keyword_terminals()
    candidates = []
    interactive = _lark().parse_interactive(source)
    try:
        for token in interactive.iter_parse():
            if token.type == "NAME" and token.line == bad_line and str(token) not in reserved_words():
                accepted = sorted(keywords[name] for name in interactive.accepts() if name in keywords)
                close = difflib.get_close_matches(str(token), accepted, n=1, cutoff=0.6)
                if close:
                    candidates.append((token.line, token.column, f"unexpected '{token}'; did you mean '{close[0]}'?"))
            if token is bad or (token.line, token.column) == (bad_line, getattr(bad, "column", None)):
                break
    except LarkError:
        pass
    return candidates[-1] if candidates else None


def _token_position(token, source: str) -> tuple[int, int]:
    line = getattr(token, "line", None)
    column = getattr(token, "column", None)
    if line is None or column is None:
        lines = source.rstrip("\n").split("\n")
        return len(lines), len(lines[-1]) + 1
    if token.type == "_NL":
        # Lark places a newline token at its own start: that is the end of a line.
        return line, column
    return line, column


def _indentation_problem(token, source: str):
    """A clearer message when a block is opened or indented wrongly, or None."""
    lines = source.split("\n")
    if token.type == "_INDENT":
        # The indent belongs to the first non-empty line after the newline token.
        number = token.line + 1
        while number <= len(lines) and not lines[number - 1].strip():
            number += 1
        if number <= len(lines):
            text = lines[number - 1]
            return number, len(text) - len(text.lstrip(" ")) + 1, "unexpected indentation: only a line ending in ':' opens an indented block"
    line = getattr(token, "line", None)
    if line is None or line < 2 or token.type in ("_NL", "_DEDENT", "$END"):
        return None
    previous = line - 1
    while previous >= 1 and (not lines[previous - 1].strip() or lines[previous - 1].lstrip().startswith("#")):
        previous -= 1
    if previous < 1:
        return None
    before = lines[previous - 1].split("#", 1)[0].rstrip()
    current = lines[line - 1]
    indent_before = len(before) - len(before.lstrip(" "))
    indent_now = len(current) - len(current.lstrip(" "))
    if before.endswith(":") and indent_now <= indent_before:
        return line, indent_now + 1, f"expected an indented block after the ':' ending line {previous}"
    return None


def _dedent_line(source: str) -> tuple[int, int]:
    widths = [0]
    for number, line in enumerate(source.split("\n"), start=1):
        stripped = line.lstrip(" ")
        if not stripped or stripped.startswith("#"):
            continue
        width = len(line) - len(stripped)
        if width > widths[-1]:
            widths.append(width)
            continue
        while width < widths[-1]:
            widths.pop()
        if width != widths[-1]:
            return number, width + 1
    return 1, 1


# ---------------------------------------------------------------------------- transformer
def _pos(meta) -> t.Pos | None:
    if getattr(meta, "empty", True):
        return None
    return t.Pos(meta.line, meta.column)


def _nodes(children):
    return [c for c in children if not isinstance(c, Token)]


def _tokens(children, *types):
    return [c for c in children if isinstance(c, Token) and (not types or c.type in types)]


def _error(meta, message: str):
    pos = _pos(meta)
    raise CardSyntaxError(pos.line if pos else 1, pos.column if pos else 1, message)


def _soft_keyword(meta, token, *allowed):
    if str(token) not in allowed:
        line = getattr(token, "line", None)
        column = getattr(token, "column", None)
        if line is None:
            _error(meta, f"expected '{allowed[0]}', found '{token}'")
        raise CardSyntaxError(line, column, f"unexpected '{token}'; expected '{allowed[0]}'")


def _flatten(statements) -> tuple:
    out = []
    for s in statements:
        if isinstance(s, list):
            out.extend(s)
        else:
            out.append(s)
    return tuple(out)


@v_args(meta=True)
class _ToNodes(TableauBuilders, Transformer):
    # ---- top level
    def start(self, meta, children):
        return t.Program(_flatten(children), pos=_pos(meta))

    def hook(self, meta, children):
        timing, event, *rest = children
        cond = None
        filters = []
        body = rest[-1]
        for c in rest[:-1]:
            if isinstance(c, _Cond):
                cond = c.cond
            else:
                filters.append(c)
        return t.Hook(timing, event, tuple(filters), cond, body, pos=_pos(meta))

    def before(self, meta, children):
        return "before"

    def after(self, meta, children):
        return "after"

    def when(self, meta, children):
        return "when"

    def during(self, meta, children):
        return "during"

    def instead(self, meta, children):
        return "instead"

    def phase_event(self, meta, children):
        return t.Event("phase", str(children[0]), pos=_pos(meta))

    def action_event(self, meta, children):
        return t.Event("action", None, pos=_pos(meta))

    def part_event(self, meta, children):
        return t.Event("part", str(children[0]), pos=_pos(meta))

    def named_event(self, meta, children):
        return t.Event("named", str(children[0]), pos=_pos(meta))

    def on_filter(self, meta, children):
        return t.OnFilter(children[0], pos=_pos(meta))

    def for_filter(self, meta, children):
        return t.ForFilter(tuple(str(c) for c in children), pos=_pos(meta))

    def of_filter(self, meta, children):
        return t.OfFilter(_plain(children[0]), pos=children[0].pos or _pos(meta))

    def how_filter(self, meta, children):
        return t.HowFilter(tuple(str(c) for c in children), pos=_pos(meta))

    def as_filter(self, meta, children):
        return t.AsFilter(str(children[0]), pos=_pos(meta))

    def with_filter(self, meta, children):
        return t.WithFilter(int(children[0]), str(children[1]), pos=_pos(meta))

    def condition_clause(self, meta, children):
        return _Cond(children[0])

    def anytime(self, meta, children):
        mode = None
        cond = None
        for c in children[:-1]:
            if isinstance(c, _Cond):
                cond = c.cond
            elif isinstance(c, str):
                mode = c
        return t.Anytime(mode, cond, children[-1], pos=_pos(meta))

    def mode_once(self, meta, children):
        return "once"

    def mode_repeatable(self, meta, children):
        return "repeatable"

    def watch(self, meta, children):
        cond, body = _nodes(children)
        return t.Watch(cond, body, pos=_pos(meta))

    def once_hook(self, meta, children):
        return t.OnceHook(_nodes(children)[0], pos=_pos(meta))

    # ---- blocks
    def suite(self, meta, children):
        return _flatten(children)

    def simple_line(self, meta, children):
        return list(children)

    def if_stmt(self, meta, children):
        cond, then, *rest = children
        return t.If(cond, then, rest[0].body if rest else None, pos=_pos(meta))

    def otherwise(self, meta, children):
        return _Otherwise(children[0])

    def choose_one(self, meta, children):
        must = bool(_tokens(children, "MUST"))
        alts = _nodes(children)[-1]
        return t.ChooseOne(alts, must=must, pos=_pos(meta))

    def inline_alternatives(self, meta, children):
        return tuple((c,) for c in children)

    def block_alternatives(self, meta, children):
        alts = []
        for c in children:
            alts.append(tuple(c) if isinstance(c, list) else (c,))
        return tuple(alts)

    def _binding(self, meta, children, cls):
        nodes = _nodes(children)
        var = _tokens(children, "VAR")[0]
        noun = tuple(nodes[0])
        where = nodes[1] if len(nodes) == 3 else None
        return cls(noun, str(var), where, nodes[-1], pos=_pos(meta))

    def choose_var(self, meta, children):
        node = self._binding(meta, children, t.ChooseVar)
        return attrs.evolve(node, must=True) if _tokens(children, "MUST") else node

    def for_each(self, meta, children):
        return self._binding(meta, children, t.ForEach)

    def first_of(self, meta, children):
        brackets = tuple(c for c in children if isinstance(c, t.Bracket))
        other = [c.body for c in children if isinstance(c, _Otherwise)]
        return t.FirstOf(brackets, other[0] if other else None, pos=_pos(meta))

    def bracket(self, meta, children):
        return t.Bracket(children[0], children[1], pos=_pos(meta))

    def by_slash(self, meta, children):
        expr, cmp, keys, body = children
        if str(cmp) != "=":
            _error(meta, f"a slash table compares with '=', not '{cmp}'")
        values, open_top = keys
        return t.BySlash(expr, values, open_top, body, pos=_pos(meta))

    def slash_keys(self, meta, children):
        ints = tuple(int(c) for c in _tokens(children, "INT"))
        signs = _tokens(children, "ADDOP")
        if signs and str(signs[0]) != "+":
            _error(meta, "only '+' may follow the last key of a slash table (meaning 'or more')")
        return ints, bool(signs)

    def by_table(self, meta, children):
        expr = children[0]
        rows = tuple(c for c in children[1:] if isinstance(c, t.Row))
        other = [c.body for c in children if isinstance(c, _Otherwise)]
        return t.ByTable(expr, rows, other[0] if other else None, pos=_pos(meta))

    def table_row(self, meta, children):
        key = int(_tokens(children, "INT")[0])
        signs = _tokens(children, "ADDOP")
        if signs and str(signs[0]) != "+":
            _error(meta, "only '+' may follow a table key (meaning 'or more')")
        return t.Row(key, bool(signs), children[-1], pos=_pos(meta))

    def repeat_times(self, meta, children):
        return t.RepeatTimes(children[0], children[1], pos=_pos(meta))

    def repeat_until(self, meta, children):
        return t.RepeatUntil(children[0], children[1], pos=_pos(meta))

    def as_phase(self, meta, children):
        return t.AsPhase(str(children[0]), children[1], pos=_pos(meta))

    def part(self, meta, children):
        return t.Part(str(children[0]), children[1], pos=_pos(meta))

    # ---- dice
    def dice(self, meta, children):
        kind, die, direction, *clauses = children
        fields = {}
        for name, value, clause_meta in clauses:
            if name in fields:
                _error(clause_meta, f"the dice action already has a '{name.replace('_', ' ')}' clause")
            fields[name] = value
        return t.Dice(str(kind), str(die), direction, pos=_pos(meta), **fields)

    def low(self, meta, children):
        return "low"

    def high(self, meta, children):
        return "high"

    def dice_rolls(self, meta, children):
        return ("rolls", int(_tokens(children, "INT")[0]), meta)

    def dice_sail(self, meta, children):
        rng, sel, *ore = children
        return ("sail", t.Sail(rng, sel, ore[0] if ore else None, pos=_pos(meta)), meta)

    def dice_pay_per_pip(self, meta, children):
        return ("pay_per_pip", children[0], meta)

    def dice_add_per_item(self, meta, children):
        return ("add_per_item", children[0], meta)

    def dice_fail_at(self, meta, children):
        return ("fail_at_most", int(_tokens(children, "INT")[0]), meta)

    def dice_stop_at_zero(self, meta, children):
        return ("stop_at_zero", True, meta)

    def dice_success(self, meta, children):
        return ("success", children[0], meta)

    def dice_failure(self, meta, children):
        return ("failure", children[0], meta)

    def ore_adds(self, meta, children):
        _soft_keyword(meta, children[-1], "ore")
        return "adding"

    def ore_subtracts(self, meta, children):
        _soft_keyword(meta, children[-1], "ore")
        return "subtracting"

    def ore_ignored(self, meta, children):
        _soft_keyword(meta, children[-1], "ore")
        return "ignoring"

    # ---- simple statements
    def simple_stmt(self, meta, children):
        if len(children) == 2:
            return t.Mood(children[0], children[1], pos=_pos(meta))
        return children[0]

    result = simple_stmt

    def must(self, meta, children):
        return "must"

    def may(self, meta, children):
        return "may"

    def acquire(self, meta, children):
        verb, bundle, *rest = children
        per = next((r.selector for r in rest if type(r) is _Per), None)
        placed = next((r.selector for r in rest if type(r) is _Placed), None)
        return t.Acquire(verb, bundle, per, placed, pos=_pos(meta))

    def gain(self, meta, children):
        return "gain"

    def build(self, meta, children):
        return "build"

    def buy(self, meta, children):
        return "buy"

    def per(self, meta, children):
        return _Per(children[0])

    def placed(self, meta, children):
        return _Placed(children[0])

    def pay(self, meta, children):
        return t.Pay(children[0], pos=_pos(meta))

    def exchange(self, meta, children):
        return t.Exchange(children[0], tuple(children[1:]), pos=_pos(meta))

    def pay_cost(self, meta, children):
        return children[0]

    def as_phase_result(self, meta, children):
        name, *rest = children
        stmt = t.Mood(rest[0], rest[1], pos=_pos(meta)) if len(rest) == 2 else rest[0]
        return t.AsPhase(str(name), (stmt,), pos=_pos(meta))

    def draw(self, meta, children):
        return t.Draw(children[0], str(children[1]), pos=_pos(meta))

    def play(self, meta, children):
        return t.Play(children[0], str(children[1]), pos=_pos(meta))

    def upgrade(self, meta, children):
        rng, sel, *rest = children
        diagonal = bool(_tokens(rest, "DIAGONALLY"))
        target = _nodes(rest)[0]
        if isinstance(target, _Steps):
            return t.Upgrade(rng, sel, diagonal, steps=target.amount, pos=_pos(meta))
        return t.Upgrade(rng, sel, diagonal, to_color=target.color, pos=_pos(meta))

    def steps(self, meta, children):
        return _Steps(children[0])

    def to_color(self, meta, children):
        return _ToColor(str(children[0]))

    def flip(self, meta, children):
        return t.Flip(children[0], children[1], pos=_pos(meta))

    def take_mountain(self, meta, children):
        only = None
        if isinstance(children[1], _Nouns):
            only = _plain(children[1])
            children = [children[0], *children[2:]]
        first, source, *more = children
        if isinstance(source, _EachStrip):
            if more:
                _error(meta, "'each of ... mountain strips' cannot be combined with 'plus ... from another strip'")
            return t.TakeMountain((first,), source.range, only, pos=_pos(meta))
        return t.TakeMountain((first, *more), None, only, pos=_pos(meta))

    def one_strip(self, meta, children):
        return _OneStrip()

    def each_strip(self, meta, children):
        return _EachStrip(_nodes(children)[0])

    def return_vikings(self, meta, children):
        amount, word, place = children
        _soft_keyword(meta, word, "vikings", "viking")
        return t.ReturnVikings(amount, place, pos=_pos(meta))

    def require(self, meta, children):
        return t.Require(children[0], children[1], pos=_pos(meta))

    def emigrate(self, meta, children):
        _soft_keyword(meta, children[1], "silver")
        return t.Emigrate(children[0], pos=_pos(meta))

    def explore(self, meta, children):
        return t.Explore(tuple(str(c) for c in children), pos=_pos(meta))

    def do_named(self, meta, children):
        return t.DoNamed(str(children[0]), pos=_pos(meta))

    def do_space(self, meta, children):
        return t.DoSpace(children[0], pos=_pos(meta))

    def imitate(self, meta, children):
        return t.Imitate(children[0], pos=_pos(meta))

    def run_phase(self, meta, children):
        return t.RunPhase(str(children[0]), children[1] if len(children) > 1 else None, pos=_pos(meta))

    def load_ore(self, meta, children):
        _soft_keyword(meta, children[1], "ore")
        return t.LoadOre(children[0], children[2], pos=_pos(meta))

    def remove_ore(self, meta, children):
        _soft_keyword(meta, children[1], "ore")
        return t.RemoveOre(children[0], children[2], pos=_pos(meta))

    def unload_ore(self, meta, children):
        _soft_keyword(meta, children[1], "ore")
        return t.UnloadOre(children[0], children[2], pos=_pos(meta))

    def place_bundle(self, meta, children):
        return t.PlaceBundle(children[0], children[1], pos=_pos(meta))

    def place_all(self, meta, children):
        return t.PlaceAll(children[0], children[1], pos=_pos(meta))

    def place_any(self, meta, children):
        nodes = _nodes(children)
        return t.PlaceAll(nodes[0], nodes[1], any_number=True, pos=_pos(meta))

    def loot(self, meta, children):
        return t.Loot(children[0], children[1], pos=_pos(meta))

    def make_pregnant(self, meta, children):
        return t.MakePregnant(children[0], children[1], pos=_pos(meta))

    def harvest(self, meta, children):
        _soft_keyword(meta, children[0], "harvest")
        return t.Harvest(int(children[1]), pos=_pos(meta))

    def lift(self, meta, children):
        return t.Lift(children[0], children[1], children[2], pos=_pos(meta))

    def nothing(self, meta, children):
        return t.Nothing(pos=_pos(meta))

    def _modifier_parts(self, children):
        name = str(children[0])
        rest = children[1:]
        filters = tuple(c for c in rest if isinstance(c, (t.OnFilter, t.ForFilter, t.OfFilter, t.HowFilter, t.AsFilter, t.WithFilter)))
        conds = [c.cond for c in rest if isinstance(c, _Cond)]
        return name, filters, (conds[0] if conds else None)

    def modify(self, meta, children):
        name, filters, cond = self._modifier_parts(children[:-1])
        return t.Modify(name, filters, cond, children[-1], pos=_pos(meta))

    def set_value(self, meta, children):
        name, filters, cond = self._modifier_parts(children[:-1])
        return t.SetValue(name, filters, cond, children[-1], pos=_pos(meta))

    def allow(self, meta, children):
        name, filters, cond = self._modifier_parts(children)
        return t.Allow(name, filters, cond, pos=_pos(meta))

    # ---- bundles, amounts, ranges
    def bundle(self, meta, children):
        return t.Bundle(tuple(children), pos=_pos(meta))

    def bundle_part(self, meta, children):
        return tuple(children)

    def bundle_item(self, meta, children):
        amount, (words, slash, where), *attr = children
        return t.Item(amount, words, slash, str(attr[0]) if attr else None, pos=where or _pos(meta))

    def var_item(self, meta, children):
        return t.VarItem(children[0], str(children[1]), pos=_pos(meta))

    # Items and selectors are located at their first word, where a misspelt name stands.
    def plain_words(self, meta, children):
        return (tuple(str(c) for c in children), False, _pos(meta))

    def slash_words(self, meta, children):
        return (tuple(str(c) for c in children), True, _pos(meta))

    def int_amount(self, meta, children):
        return t.IntAmount(int(children[0]), pos=_pos(meta))

    def slash_amount(self, meta, children):
        return t.SlashAmount(tuple(int(c) for c in children), pos=_pos(meta))

    def expr_amount(self, meta, children):
        return t.ExprAmount(children[0], pos=_pos(meta))

    def exact_range(self, meta, children):
        return t.Exactly(children[0], pos=_pos(meta))

    def up_to_range(self, meta, children):
        return t.UpTo(children[0], pos=_pos(meta))

    def between_range(self, meta, children):
        return t.Between(children[0], children[1], pos=_pos(meta))

    def any_number(self, meta, children):
        return t.AnyNumber(pos=_pos(meta))

    # ---- selectors and places
    def selector(self, meta, children):
        owner = None
        if isinstance(children[0], _Owner):
            owner = children[0].name
            children = children[1:]
        nouns = children[0]
        return t.Selector(owner, _plain(nouns), tuple(children[1:]), pos=nouns.pos or _pos(meta))

    def ref_selector(self, meta, children):
        return t.RefSelector(children[0], tuple(children[1:]), pos=_pos(meta))

    def my(self, meta, children):
        return _Owner("my")

    def any_player(self, meta, children):
        return _Owner("any")

    def another_player(self, meta, children):
        return _Owner("another")

    def each_player(self, meta, children):
        return _Owner("each")

    def noun_alts(self, meta, children):
        return _Nouns(children, _pos(meta))

    def noun(self, meta, children):
        return _Words((str(c) for c in children), _pos(meta))

    def on_mod(self, meta, children):
        return t.OnMod(children[0], pos=_pos(meta))

    def in_mod(self, meta, children):
        return t.InMod(tuple(str(c) for c in children), pos=_pos(meta))

    def from_mod(self, meta, children):
        return t.FromMod(str(children[0]), pos=_pos(meta))

    def with_mod(self, meta, children):
        return t.WithMod(children[0], str(children[1]), pos=_pos(meta))

    def with_most_mod(self, meta, children):
        return t.WithMostMod(str(_tokens(children, "NAME")[0]), pos=_pos(meta))

    def same_kind_mod(self, meta, children):
        return t.SameKindMod(pos=_pos(meta))

    def different_kinds_mod(self, meta, children):
        return t.DifferentKindsMod(pos=_pos(meta))

    def group_place(self, meta, children):
        return t.GroupPlace(tuple(str(c) for c in children), pos=_pos(meta))

    def column_place(self, meta, children):
        return t.ColumnPlace(tuple(int(c) for c in children), pos=_pos(meta))

    def space_place(self, meta, children):
        return t.SpacePlace(tuple(str(c) for c in children), pos=_pos(meta))

    def ref_place(self, meta, children):
        return t.RefPlace(children[0], pos=_pos(meta))

    def noun_place(self, meta, children):
        owner = children[0].name if isinstance(children[0], _Owner) else None
        return t.NounPlace(owner, tuple(children[-1]), pos=children[-1].pos or _pos(meta))

    def var_ref(self, meta, children):
        return t.Var(str(children[0]), pos=_pos(meta))

    def it_ref(self, meta, children):
        return t.It(pos=_pos(meta))

    def this_ref(self, meta, children):
        return t.This(str(children[0]), pos=_pos(meta))

    # ---- conditions and expressions
    def or_cond(self, meta, children):
        return t.Or(tuple(children), pos=_pos(meta))

    def and_cond(self, meta, children):
        return t.And(tuple(children), pos=_pos(meta))

    def not_(self, meta, children):
        return t.Not(children[0], pos=_pos(meta))

    def have_each(self, meta, children):
        return t.HaveEach(int(children[0]), tuple(children[1]), pos=_pos(meta))

    def comparison(self, meta, children):
        left, op, right = children
        return t.Compare(str(op), left, right, pos=_pos(meta))

    def sum(self, meta, children):
        result = children[0]
        for op, operand in zip(children[1::2], children[2::2]):
            result = t.BinOp(str(op), result, operand, pos=_pos(meta))
        return result

    def product(self, meta, children):
        result = children[0]
        for operand in children[1:]:
            result = t.BinOp("*", result, operand, pos=_pos(meta))
        return result

    def signed(self, meta, children):
        sign, arg = str(children[0]), children[1]
        if isinstance(arg, t.Num):  # "-1" is the number -1, not a sign applied to 1
            return t.Num(-arg.value if sign == "-" else arg.value, pos=_pos(meta))
        return t.Signed(sign, arg, pos=_pos(meta))

    def number(self, meta, children):
        return t.Num(int(children[0]), pos=_pos(meta))

    def quantity(self, meta, children):
        return t.Quantity(str(children[0]), pos=_pos(meta))

    def query(self, meta, children):
        return t.Query(str(children[0]), children[1] if len(children) > 1 else None, pos=_pos(meta))

    def min_(self, meta, children):
        return t.MinOf(tuple(children), pos=_pos(meta))

    def max_(self, meta, children):
        return t.MaxOf(tuple(children), pos=_pos(meta))

    def half(self, meta, children):
        return t.Half(children[0], pos=_pos(meta))


def _plain(nouns) -> tuple:
    return tuple(tuple(words) for words in nouns)


class _Words(tuple):
    """A tuple of words that also knows where it stood (only while building the tree)."""

    def __new__(cls, words, pos):
        self = super().__new__(cls, words)
        self.pos = pos
        return self


class _Nouns(_Words):
    pass


class _Cond:
    __slots__ = ("cond",)

    def __init__(self, cond):
        self.cond = cond


class _Otherwise:
    __slots__ = ("body",)

    def __init__(self, body):
        self.body = body


class _Owner:
    __slots__ = ("name",)

    def __init__(self, name):
        self.name = name


class _Per:
    __slots__ = ("selector",)

    def __init__(self, selector):
        self.selector = selector


class _Placed(_Per):
    __slots__ = ()


class _Steps:
    __slots__ = ("amount",)

    def __init__(self, amount):
        self.amount = amount


class _ToColor:
    __slots__ = ("color",)

    def __init__(self, color):
        self.color = color


class _OneStrip:
    __slots__ = ()


class _EachStrip:
    __slots__ = ("range",)

    def __init__(self, rng):
        self.range = rng
