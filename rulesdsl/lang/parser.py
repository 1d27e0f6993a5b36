"""Card-language text -> typed effect tree.

`parse(text)` runs the LALR parser built from ``grammar/card.lark`` and turns
Lark's parse tree into the attrs nodes of :mod:`rulesdsl.lang.tree`. Any
problem with the text raises `CardSyntaxError` with a line and column inside
the text and the list of things the grammar would have accepted there.
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import io
import re

from lark import Lark
from lark.exceptions import (
    LarkError,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)
from lark.indenter import DedentError, Indenter
from lark.lark import _LOAD_ALLOWED_OPTIONS  # private import: the options Lark's own cache saves and loads (no public name)

from rulesdsl.content import cache
from rulesdsl.errors import CardSyntaxError
from rulesdsl.lang import sections, tree as t
from rulesdsl.lang.nodes_actions import ActionsBuilder
from rulesdsl.lang.nodes_boards import BoardsBuilder
from rulesdsl.lang.nodes_cards import CardsBuilder
from rulesdsl.lang.nodes_control import ControlBuilder
from rulesdsl.lang.nodes_expressions import ExpressionBuilder
from rulesdsl.lang.nodes_goods import GoodsBuilder
from rulesdsl.lang.nodes_selectors import SelectorBuilder
from rulesdsl.lang.nodes_ships import ShipsBuilder
from rulesdsl.lang.nodes_timing import TimingBuilder
from rulesdsl.resources import grammar_path

class _CardIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR"]
    CLOSE_PAREN_types = ["RPAR"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8


_LARK_OPTIONS = {"parser": "lalr", "propagate_positions": True, "maybe_placeholders": False}


def lark_parser() -> Lark:
    """The card-language parser (the language's grammar and every registered section's), from
    the signed cache in the private cache folder when it is there.

    Lark's own `cache=True` would write a pickle under a predictable name in the shared
    temporary folder and unpickle whatever is found there; rulesdsl.content.cache keeps
    the built tables instead, MAC-checked before they are read (see its docstring)."""
    return _lark_parser(sections.grammars())


@functools.cache
def _lark_parser(extra: tuple[str, ...]) -> Lark:
    grammar = "\n".join((grammar_path().read_text(encoding="utf-8"), *extra))
    key = hashlib.sha256(f"{grammar}|{sorted(_LARK_OPTIONS.items())}|{cache.dependency_versions()}".encode()).hexdigest()
    name = f"grammar-{key}.lark"
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


def reserved_words() -> frozenset[str]:
    """Keywords of the language (its registered sections' too): they cannot serve as names of goods, spaces and so on."""
    return _reserved_words(sections.grammars())


@functools.cache
def _reserved_words(extra: tuple[str, ...]) -> frozenset[str]:
    name = re.compile(r"[a-z][a-z0-9_]*\Z")
    return frozenset(
        term.pattern.value
        for term in _lark_parser(extra).terminals
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
        pattern = lark_parser().get_terminal(term).pattern
    except KeyError:
        return term.lower()
    if pattern.type == "str":
        return f"'{pattern.value}'"
    return term.lower()


def _expected_text(expected) -> str:
    names = sorted({_readable(e) for e in expected})
    if not names:  # never an empty list: say what a line may start with
        return "expected a statement (gain, pay, ...), a timing point (after, before, when, instead of), anytime or once"
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
    read = sections.grammars()
    try:
        return _parse(source)
    except CardSyntaxError:
        # perhaps a statement of a section not registered yet: the finders register theirs (a
        # game's plug-in, through the registry) and the text is read again with its rules, once
        if sections.find_more() and sections.grammars() != read:
            return _parse(source)
        raise


def _parse(source: str) -> t.Program:
    try:
        return _build(lark_parser().parse(source))
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
        message = f"unexpected {where}; {_expected_text(err.expected)}{_near_miss(source, line)}"
        raise CardSyntaxError(line, column, message) from None
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


# Common near-misses of new authors: the start of the failing line -> what to write instead.
_NEAR_MISSES = (
    ("each time ", "a timing point starts with when, before, after or instead of, e.g. 'after phase feast:' "
                   "or 'when received of silver:'"),
    ("whenever ", "a timing point starts with when, before, after or instead of, e.g. 'when received of silver:'"),
    ("exchange ", "an exchange is written cost -> result, e.g. 'pay 2 hides -> gain 1 silver'"),
    ("trade ", "an exchange is written cost -> result, e.g. 'pay 2 hides -> gain 1 silver'"),
    ("anytime:", "anytime says how often: 'anytime, repeatable: ...' or 'anytime, once: ...'"),
    ("anytime if", "anytime says how often: 'anytime, repeatable if ...: ...' or 'anytime, once if ...: ...'"),
    ("take ", "goods come with 'gain', e.g. 'gain 2 silver'; 'take' is for mountain strips: 'take up to 2 from a mountain strip'"),
    ("get ", "goods come with 'gain', e.g. 'gain 2 silver'"),
)


def _near_miss(source: str, line: int) -> str:
    """A hint for a common near-miss on the failing line, or ''."""
    lines = source.split("\n")
    text = lines[line - 1].strip().lower() if 0 < line <= len(lines) else ""
    for start, hint in _NEAR_MISSES:
        if text.startswith(start) or text == start.strip():
            return f"; hint: {hint}"
    return ""


def keyword_terminals() -> dict[str, str]:
    """Terminal name -> keyword text for every keyword of the grammar (`AFTER` -> `after`)."""
    return _keyword_terminals(sections.grammars())


@functools.cache
def _keyword_terminals(extra: tuple[str, ...]) -> dict[str, str]:
    return {term.name: term.pattern.value for term in _lark_parser(extra).terminals
            if term.pattern.type == "str" and term.pattern.value in _reserved_words(extra)}


def _misspelled_keyword(source: str, bad) -> tuple[int, int, str] | None:
    """(line, column, message) when a name on the failing line is a near miss of a keyword
    the grammar accepted at that name's place (`aftr phase feast` -> 'after'), else None.

    The text is parsed again token by token up to the failure; the state before each name
    says which keywords would have been accepted there.
    """
    bad_line = getattr(bad, "line", None)
    keywords = keyword_terminals()
    candidates = []
    interactive = lark_parser().parse_interactive(source)
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


class _Unbuilt(Exception):
    """A rule of the parse that no builder handles: a statement of a section not registered yet."""

    def __init__(self, rule: str, meta):
        super().__init__(rule)
        self.rule = rule
        self.where = (1, 1) if getattr(meta, "empty", True) else (meta.line, meta.column)


class _CoreNodes(ExpressionBuilder, SelectorBuilder, GoodsBuilder, CardsBuilder, BoardsBuilder, ShipsBuilder, ControlBuilder, ActionsBuilder, TimingBuilder):
    """Lark parse tree -> effect tree: each node module's builder handles its grammar rules."""

    def __default__(self, data, children, meta):
        # Lark would keep an unbuilt rule as a raw Tree inside the program; say so instead
        raise _Unbuilt(str(data), meta)


_TRANSFORMERS: dict[tuple[type, ...], type] = {}  # by the sections' builders registered (lang/sections.py)


def _to_nodes() -> _CoreNodes:
    """The transformer of the language's own builders and every registered section's."""
    registered = sections.builders()
    made = _TRANSFORMERS.get(registered)
    if made is None:
        made = _TRANSFORMERS[registered] = type("_ToNodes", (*registered, _CoreNodes), {"__doc__": _CoreNodes.__doc__})
    return made()


def _build(raw) -> t.Program:
    """The effect tree of a parse; a statement of a section not registered yet has the finders
    register theirs (a game's plug-in, through the registry) and is built again while they add builders."""
    try:
        return _to_nodes().transform(raw)
    except _Unbuilt as unbuilt:
        if sections.find_more():
            return _build(raw)
        line, column = unbuilt.where
        raise CardSyntaxError(line, column, f"'{unbuilt.rule}' belongs to a game's section of the card language "
                              "that no game has registered (open the game through rulesdsl.games.registry)") from None
