"""What the language server knows about an open content file, without any LSP types:
its problems (from the real loader and checker, with the editor's unsaved text), the
completions the grammar allows at a position, what a name is, and where an id is defined.

Positions here are the project's: lines and columns count from 1.
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs
from lark.exceptions import LarkError

from rulesdsl.content.loader import build_content, builtin_root, display_path, root_files
from rulesdsl.content.yamlfile import YamlReadError, parse_yaml_text, read_bounded
from rulesdsl.errors import CardSyntaxError, ContentError, Location, Problem
from rulesdsl.lang import registry as reg, sections
from rulesdsl.lang import tree as t
from rulesdsl.lang.checker import declared_names, vocabulary_from
from rulesdsl.lang.parser import keyword_terminals, lark_parser, parse, reserved_words
from rulesdsl.lang.printer import to_text
from rulesdsl.resources import grammar_path

_WORD = re.compile(r"[A-Za-z0-9_]+")


# ---------------------------------------------------------------------- roots and problems
def root_of(path: Path) -> Path | None:
    """The content root holding `path` (the folder whose boards/ or cards/ it is in), or None."""
    for parent in path.resolve().parents:
        if parent.name in ("boards", "cards") and (parent.parent / parent.name).is_dir():
            return parent.parent
    return None


@attrs.define
class Analysis:
    problems: list[Problem]  # the problems located in the file itself
    content: object | None  # the checked content with the file's text, when it loads


def analyse(path: Path, text: str, extra_roots=()) -> Analysis:
    """Load the content the file belongs to, with `text` in place of the file on disk."""
    path = path.resolve()
    builtin = builtin_root().resolve()
    root = root_of(path)
    roots: list[Path] = [builtin, *(Path(r).resolve() for r in extra_roots)]
    if root is None:
        roots.append(path)  # a single file on top of the built-in content
    elif root.resolve() not in roots:
        roots.append(root.resolve())
    problems: list[Problem] = []
    plan, seen = [], set()
    for entry in roots:
        files = root_files(entry, problems)
        if entry == root and path not in {p.resolve() for _, p in files}:
            files.append(("cards" if "cards" in path.relative_to(root).parts[:1] else "boards", path))
        for kind, file in files:
            resolved = file.resolve()
            if resolved in seen:
                continue
            seen.add(resolved)
            if resolved == path:
                raw = text.encode("utf-8")
            else:  # a file beside the buffer is read only up to the loader's limit (never a huge one whole)
                try:
                    raw = read_bounded(file, display_path(file))
                except YamlReadError as err:
                    problems.append(err.problem)
                    continue
            plan.append((str(entry), kind, file, raw))
    try:
        content = build_content(plan, roots, problems)
    except ContentError as err:
        mine = [p for p in err.problems if p.location is not None and Path(p.location.path).resolve() == path]
        return Analysis(mine, None)
    return Analysis([], content)


def word_at(text: str, line: int, column: int) -> tuple[str, int, int] | None:
    """The word (letters, digits, _) at or just before (line, column): (word, start, end) columns."""
    lines = text.split("\n")
    if not 1 <= line <= len(lines):
        return None
    matches = list(_WORD.finditer(lines[line - 1]))
    for match in matches:  # the word under the cursor, else the one just before it
        if match.start() + 1 <= column < match.end() + 1:
            return match.group(0), match.start() + 1, match.end() + 1
    for match in matches:
        if column == match.end() + 1:
            return match.group(0), match.start() + 1, match.end() + 1
    return None


# ---------------------------------------------------------------------- effects in a file
def effect_at(text: str, line: int, column: int):
    """(yaml doc, path of the effect, text line, text column) when the position is inside an effect."""
    try:
        doc = parse_yaml_text(text, "<buffer>")
    except YamlReadError:
        return None
    for path in doc.texts:
        if path and path[-1] == "effect":
            inside = doc.text_position(path, line, column)
            if inside is not None:
                return doc, path, *inside
    return None


# ---------------------------------------------------------------------- completion
@attrs.frozen
class Completion:
    label: str
    kind: str  # keyword | event | item | space | group | phase | quantity | value | ...
    detail: str = ""


def expected_terminals(prefix: str):
    """(terminals the grammar accepts after `prefix`, the tokens read) or None if it cannot parse."""
    interactive = lark_parser().parse_interactive(prefix)
    tokens = []
    try:
        for token in interactive.iter_parse():
            if token.type == "_DEDENT" and (not tokens or tokens[-1].type not in ("_NL", "_DEDENT")):
                break  # the end of the text closes open blocks (no newline first): the cursor is still inside
            tokens.append(token)
        return interactive.accepts(), tokens
    except LarkError:
        return None


def _names(content) -> dict[str, list[Completion]]:
    vocab = vocabulary_from(content)
    kinds, parts = declared_names(content.programs.values())

    def named(collection, kind):
        return [Completion(str(i), kind, getattr(item, "name", "")) for i, item in content.collections[collection].items()]

    return {
        "events": [Completion(name, "event", e.doc) for name, e in reg.EVENTS.items() if name not in ("phase", "action", "part")],
        "items": [Completion(name, "item", what) for name, what in sorted(vocab.nouns.items())],
        "phases": named("phases", "phase"),
        "groups": named("groups", "group"),
        "spaces": named("spaces", "space"),
        "parts": [Completion(name, "part") for name in sorted(parts)],
        "dice_kinds": [Completion(name, "dice kind") for name in sorted(kinds)],
        "hows": [Completion(name, "how", doc) for name, doc in reg.HOWS.items()],
        "quantities": [Completion(name, "quantity", doc) for name, doc in reg.QUANTITIES.items()]
        + [Completion(name, "query", doc) for name, doc in reg.QUERIES.items()],
        "values": [Completion(name, "value", doc) for name, doc in reg.VALUES.items()],
        "rules": [Completion(name, "rule", doc) for name, doc in reg.RULES.items()],
        "zones": [Completion(name, "zone", doc) for name, doc in reg.ZONES.items()],
        "this": [Completion(name, "this", doc) for name, doc in reg.THIS.items()],
    }


_AFTER = {  # the word before the cursor -> which names fit there
    "before": "events", "after": "events", "when": "events", "during": "events", "of": "events",
    "phase": "phases", "group": "groups", "space": "spaces", "part": "parts", "how": "hows", "for": "dice_kinds",
    "modify": "values", "set": "values", "allow": "rules", "in": "zones", "from": "zones", "this": "this",
}
_EXPRESSION = {"(", "=", "<", ">", "<=", ">=", "!=", "+", "-", "*", "if", "not", "by", "until", "repeat", ","}


def completions(text: str, line: int, column: int, content) -> list[Completion]:
    """What may be typed at (line, column) of a content file: keywords and names the grammar accepts."""
    if content is None:
        return []
    found = effect_at(text, line, column)
    if found is not None:
        doc, path, text_line, text_column = found
        effect_lines = doc._value(path).split("\n")
        if text_line > len(effect_lines):
            effect_lines += [""] * (text_line - len(effect_lines))
        prefix = "\n".join(effect_lines[:text_line - 1] + [effect_lines[text_line - 1][:text_column - 1]])
    else:
        prefix = _empty_effect_prefix(text, line, column)
        if prefix is None:
            return []
    typed = re.search(r"[A-Za-z0-9_]*\Z", prefix).group(0)
    prefix = prefix[:len(prefix) - len(typed)]  # the word being typed is what we complete
    expected = expected_terminals(prefix)
    if expected is None:
        return []
    accepts, tokens = expected
    keywords = keyword_terminals()
    foreign = other_games_keywords(content)
    out = [Completion(keywords[name], "keyword") for name in sorted(accepts)
           if name in keywords and keywords[name] not in foreign]
    if "NAME" in accepts:
        names = _names(content)
        words = [str(tok) for tok in tokens if tok.type not in ("_NL", "_INDENT", "_DEDENT")]
        previous = words[-1] if words else ""
        if previous == "of" and len(words) > 1 and words[-2] != "instead":
            table = ["items"]
        elif previous in _AFTER:
            table = [_AFTER[previous]]
        elif previous == "," and "how" in words:
            table = ["hows"]
        elif previous in _EXPRESSION or previous in ("if", "and", "or"):
            table = ["quantities", "items"]
        else:
            table = ["items", "quantities"]
        for name in table:
            out.extend(names[name])
    return [c for c in out if c.label.startswith(typed)]


def _empty_effect_prefix(text: str, line: int, column: int) -> str | None:
    """The effect text before the cursor when the cursor is on an empty effect (`effect: |` and
    a blank line, or `effect:` with nothing after it), which the YAML holds as no text at all."""
    lines = text.split("\n")
    if not 1 <= line <= len(lines):
        return None
    here = lines[line - 1]
    key = re.match(r"(\s*)effect:\s*([|>][-+]?\s*)?$", here)
    if key is not None:
        return "" if column - 1 >= len(here.rstrip()) else None
    if here.strip():
        return None
    for number in range(line - 1, 0, -1):  # blank lines up to the effect key
        above = lines[number - 1]
        if not above.strip():
            continue
        block = re.match(r"(\s*)effect:\s*[|>][-+]?\s*$", above)
        return "" if block is not None and column - 1 > len(block.group(1)) else None
    return None


def _section_keywords() -> tuple[set[str], set[str]]:
    """(keywords of the card language's own grammar, keywords only the games' sections use: every
    built-in game's, registered before any text is read, and those of the sections registered since)."""
    words = re.compile(r'"([a-z]+)"')
    own = set(words.findall(grammar_path().read_text(encoding="utf-8")))
    return own, set(words.findall("\n".join(sections.grammars()))) - own


def other_games_keywords(content) -> set[str]:
    """Keywords of grammar sections the content's game does not use (a first-game card is
    offered no `auction`); the first game is the one with occupations."""
    _, section = _section_keywords()
    return section if "occupations" in getattr(content, "collections", {}) else set()


# ---------------------------------------------------------------------- hover and definition
def describe_name(word: str, content) -> str | None:
    """What `word` is in the content or the language, in one line; None if nothing."""
    if word.isdigit():  # numbers are told by token_kind (an amount is no card and no column)
        return None
    for collection, items in content.collections.items():
        key = word
        if key in items:
            item = items[key]
            name = getattr(item, "name", None)
            kind = collection[:-1].replace("_", " ") if collection.endswith("s") else collection
            return f"{kind} `{word}`" + (f": {name}" if isinstance(name, str) else "") + \
                   f" (defined at {content.source(collection, key).location('number' if collection == 'occupations' else 'id')})"
    for label, table in (("event", {n: e.doc for n, e in reg.EVENTS.items()}), ("quantity", reg.QUANTITIES),
                         ("query", reg.QUERIES), ("value", reg.VALUES), ("rule", reg.RULES), ("zone", reg.ZONES),
                         ("class", reg.CLASSES), ("how", reg.HOWS), ("attribute", reg.ATTRIBUTES)):
        if word in table:
            return f"{label} `{word}`: {table[word]}"
    if word in reserved_words():
        return f"keyword `{word}` of the card language (docs/LANGUAGE.md)"
    return None


def canonical_statement(text: str, line: int, column: int) -> str | None:
    """The canonical form of the top-level statement of the effect at (line, column)."""
    found = effect_at(text, line, column)
    if found is None:
        return None
    doc, path, text_line, _ = found
    try:
        program = parse(doc._value(path))
    except CardSyntaxError:
        return None
    chosen = None
    for item in program.items:
        start = item.pos.line if item.pos is not None else 1
        if start <= text_line:
            chosen = item
    return to_text(t.Program((chosen,))) if chosen is not None else None


@attrs.frozen
class TokenKind:
    """What the word under the cursor is: an amount, a column, a card number, another number,
    or a name (an id, a keyword)."""

    kind: str  # amount | column | card number | number | name
    word: str
    detail: str = ""  # for a number: the YAML key or the language construct it belongs to


_CARD_KEYS = {"number", "cards", "played", "hand", "card"}  # YAML keys whose numbers are card numbers
_COLUMN_KEYS = {"column", "columns"}


def token_kind(text: str, line: int, column: int) -> TokenKind | None:
    """Classify the word at (line, column) before anything is looked up: inside an effect by
    the language's tokens around it, elsewhere by the YAML key it is the value of."""
    found = word_at(text, line, column)
    if found is None:
        return None
    word = found[0]
    if not word.isdigit():
        return TokenKind("name", word)
    effect = effect_at(text, line, column)
    if effect is not None:
        doc, path, text_line, text_column = effect
        return _number_in_effect(doc._value(path), text_line, text_column, word)
    row = text.split("\n")[line - 1]
    key = re.match(r"\s*(?:-\s*)?([A-Za-z_][A-Za-z0-9_]*)\s*:", row)
    name = key.group(1) if key else ""
    if key and found[1] - 1 < key.end():
        return TokenKind("name", word)
    if name in _CARD_KEYS:
        return TokenKind("card number", word, name)
    if name in _COLUMN_KEYS:
        return TokenKind("column", word, name)
    return TokenKind("number", word, name)


def _number_in_effect(effect: str, line: int, column: int, word: str) -> TokenKind:
    """A number inside effect text: a column after `column`, else an amount (how many of what follows)."""
    tokens = []
    try:
        for token in lark_parser().lex(effect + "\n"):
            tokens.append(token)
    except LarkError:
        pass
    index = next((i for i, tok in enumerate(tokens) if tok.line == line and tok.column <= column < tok.column + len(tok)),
                 None)
    if index is None or tokens[index].type != "INT":
        return TokenKind("amount", word)
    back = index - 1
    while back >= 0 and tokens[back].type in ("INT", "COMMA"):
        back -= 1
    before = str(tokens[back]) if back >= 0 else ""
    after = str(tokens[index + 1]) if index + 1 < len(tokens) else ""
    if before == "column":
        return TokenKind("column", word, "column")
    if before in ("rounds", "times", "most") or (before == "to" and after == "times"):
        return TokenKind("number", word, before)
    if before in ("=", ">=", "<=", "!=", "<", ">", "+", "-", "*", "(", "if", "by") or tokens[back].type in ("CMP", "ADDOP"):
        return TokenKind("number", word, "a number in a condition or expression")
    return TokenKind("amount", word, f"how many {after}" if after and tokens[index + 1].type == "NAME" else "how many")


def hover(text: str, line: int, column: int, content) -> str | None:
    """Markdown for the word at (line, column): what it is and the statement's canonical form."""
    word = word_at(text, line, column)
    if word is None or content is None:
        return None
    kind = token_kind(text, line, column)
    what = _describe_token(kind, content) if kind is not None else None
    statement = canonical_statement(text, line, column)
    parts = [what] if what else []
    if statement:
        parts.append("```\n" + statement.rstrip("\n") + "\n```")
    return "\n\n".join(parts) or None


def _describe_token(kind: TokenKind, content) -> str | None:
    if kind.kind == "name":
        return describe_name(kind.word, content)
    if kind.kind == "card number":
        card = content.occupations.get(int(kind.word))
        if card is None:
            return f"card number `{kind.word}` (no occupation has it)"
        return (f"card number `{kind.word}`: {card.name} "
                f"(defined at {content.source('occupations', card.number).location('number')})")
    if kind.kind == "column":
        spaces = sum(1 for space in content.spaces.values() if space.column == int(kind.word))
        return f"column `{kind.word}`: {spaces} action spaces, each taking {kind.word} Viking{'s' if kind.word != '1' else ''}"
    if kind.kind == "amount":
        return f"amount `{kind.word}`: {kind.detail}" if kind.detail else f"amount `{kind.word}`"
    return f"number `{kind.word}`" + (f" ({kind.detail})" if kind.detail else "")


def definition(text: str, line: int, column: int, content) -> Location | None:
    """Where the id at (line, column) is defined (a space, a good or any other item); a card number
    goes to its card; an amount or another number has no definition."""
    word = word_at(text, line, column)
    if word is None or content is None:
        return None
    kind = token_kind(text, line, column)
    if kind is not None and kind.kind == "card number":
        number = int(kind.word)
        return content.source("occupations", number).location("number") if number in content.occupations else None
    if kind is not None and kind.kind == "column":
        number = int(kind.word)
        return content.source("columns", number).location("id") if number in content.columns else None
    if kind is None or kind.kind != "name":
        return None
    for collection, items in content.collections.items():
        key = word[0]
        if collection in ("columns", "occupations") or key not in items:
            continue
        field = "number" if collection == "occupations" else "id"
        return content.source(collection, key).location(field)
    return None
