"""Read one YAML file into plain Python data plus the position of every node.

ruamel.yaml composes the node graph (with the C parser when installed, which is
several times faster than the pure one) and this module turns it into dicts,
lists and scalars itself, recording where each value and each mapping key
stands. Positions are keyed by the path of the value: ``("goods", 3, "shape")``.

Effect texts are block scalars; `text_origin` tells where the first character
of such a text lies so that card-language errors can point into the file.

Every file is untrusted: before anything is composed, one pass over the parser's
event stream (which keeps its own stack, so it cannot overflow) enforces the limits
below and refuses tags other than the standard scalar ones. The composers recurse —
the C one segfaults near 30,000 levels, the Python conversion here hits Python's
recursion limit near 500 — so depth is checked before either sees the document, and
the size a document grows to once its aliases are expanded is counted from the
events, so a few hundred bytes of aliases cannot expand into gigabytes.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

from rulesdsl.content.located import TextOrigin, YamlDoc
from rulesdsl.errors import Location, Problem

try:  # the C composer is optional; the pure one gives the same nodes, slower
    import _ruamel_yaml  # noqa: F401

    _PURE = False
except ImportError:  # pragma: no cover - depends on the platform
    _PURE = True

_yaml = YAML(typ="safe", pure=_PURE)

_TAG = "tag:yaml.org,2002:"

MAX_FILE_BYTES = 4 * 1024 * 1024  # the largest content file is ~20 KB; saves of long games stay far below
MAX_DEPTH = 64  # nested lists and mappings; content uses fewer than 10
MAX_VALUES = 200_000  # values of one document with every alias expanded (~7,700 in all built-in content)
MAX_EXPANDED_CHARS = MAX_FILE_BYTES  # characters of one document's texts with every alias expanded
# Standard tags a file may write out: plain scalars, lists and mappings (`!` is the non-specific tag).
_ALLOWED_TAGS = {None, "!"} | {_TAG + kind for kind in ("str", "int", "float", "bool", "null", "seq", "map")}


class YamlReadError(Exception):
    def __init__(self, problem: Problem):
        super().__init__(str(problem))
        self.problem = problem


def read_yaml(path: Path, display: str | None = None) -> YamlDoc:
    """Parse `path`; raise YamlReadError with a located Problem on any failure."""
    shown = display or str(path)
    raw = read_bounded(path, shown)
    return parse_yaml_bytes(raw, shown)


def read_bounded(path: Path, shown, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of `path`: the one reader of every file a user names (content, saves, states,
    scenarios, records). A file larger than `limit` is refused without being read, and only
    a regular file is read: a pipe, a device or a socket could block or never end.

    `shown` is the name for messages, or a function giving it (computed only on an error)."""

    def refuse(message: str):
        name = shown() if callable(shown) else shown
        raise YamlReadError(Problem(Location(str(name), 1, 1), message))

    try:  # O_NONBLOCK: opening a pipe with no writer must not wait for one
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as err:
        refuse(f"cannot read file: {err.strerror or err}")
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            refuse("this is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            refuse("this is not a regular file (a pipe, a device or a socket); only files are read")
        if info.st_size > limit:
            refuse(_too_large(limit))
        with os.fdopen(fd, "rb", closefd=False) as handle:
            raw = handle.read(limit + 1)
    except OSError as err:
        refuse(f"cannot read file: {err.strerror or err}")
    finally:
        os.close(fd)
    if len(raw) > limit:
        refuse(_too_large(limit))
    return raw


def _too_large(limit: int) -> str:
    return f"file is larger than {limit // (1024 * 1024)} MB; content, scenario, state and save files are far smaller"




def check_size(raw: bytes, shown: str, limit: int = MAX_FILE_BYTES) -> None:
    """Refuse data longer than `limit` bytes."""
    if len(raw) > limit:
        raise YamlReadError(Problem(Location(shown, 1, 1), _too_large(limit)))


def parse_yaml_bytes(raw: bytes, shown: str) -> YamlDoc:
    """Decode `raw` as UTF-8 and parse it; raise YamlReadError with a located Problem."""
    check_size(raw, shown)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + 1
        column = err.start - (raw.rfind(b"\n", 0, err.start) + 1) + 1
        raise YamlReadError(
            Problem(Location(shown, line, column), f"file is not UTF-8 text (byte 0x{raw[err.start]:02x} cannot be decoded)")
        ) from None
    return parse_yaml_text(text, shown)


def parse_yaml_text(text: str, shown: str) -> YamlDoc:
    """Parse YAML text within the limits; raise YamlReadError with a located Problem."""
    if text.startswith("\ufeff"):
        text = text[1:]
    if len(text) > MAX_FILE_BYTES:
        check_size(text.encode("utf-8"), shown)
    try:
        _check_events(text, shown)
        nodes = list(_yaml.compose_all(text))
    except MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        message = (err.problem or err.context or "invalid YAML").strip()
        raise YamlReadError(Problem(Location(shown, line, column), f"invalid YAML: {message}")) from None
    except YAMLError as err:
        raise YamlReadError(Problem(Location(shown, 1, 1), f"invalid YAML: {err}")) from None
    except (RecursionError, ValueError, TypeError) as err:  # malformed input the composer cannot handle
        raise YamlReadError(Problem(Location(shown, 1, 1), f"invalid YAML: {err}")) from None
    if len(nodes) > 1:
        mark = nodes[1].start_mark
        raise YamlReadError(Problem(Location(shown, mark.line + 1, mark.column + 1), "a content file holds one YAML document, found a second one"))
    doc = YamlDoc(shown, None)
    if not nodes or nodes[0] is None:
        return doc
    lines = text.split("\n")
    doc.data = _convert(nodes[0], (), doc, lines, set())
    return doc


def _check_events(text: str, shown: str) -> None:
    """Enforce depth, expanded size and tags on the event stream, before composing."""
    depth = 0
    total = 0  # values so far, aliases counted with the size of what they stand for
    chars = 0  # characters of the texts so far, counted the same way
    sizes: dict = {}  # anchor -> (expanded values, expanded characters) of its node
    open_nodes: list = []  # (anchor, total at start) of the collections being read

    def fail(event, message):
        mark = event.start_mark
        raise YamlReadError(Problem(Location(shown, mark.line + 1, mark.column + 1), message))

    for event in _yaml.parse(text):
        kind = type(event).__name__
        if kind in ("ScalarEvent", "SequenceStartEvent", "MappingStartEvent"):
            tag = event.tag
            if tag not in _ALLOWED_TAGS:
                shown_tag = "!!" + tag[len(_TAG):] if tag.startswith(_TAG) else tag
                fail(event, f"YAML tag '{shown_tag}' is not allowed: write plain values, lists and mappings "
                            "(only !!str, !!int, !!float, !!bool and !!null may be given)")
            total += 1
            if kind == "ScalarEvent":
                chars += len(event.value)
                if event.anchor is not None:
                    sizes[event.anchor] = (1, len(event.value))
            else:
                depth += 1
                if depth > MAX_DEPTH:
                    fail(event, f"lists and mappings are nested more than {MAX_DEPTH} deep")
                open_nodes.append((event.anchor, total - 1, chars))
        elif kind in ("SequenceEndEvent", "MappingEndEvent"):
            depth -= 1
            anchor, start, start_chars = open_nodes.pop()
            if anchor is not None:
                sizes[anchor] = (total - start, chars - start_chars)
        elif kind == "AliasEvent":
            values, characters = sizes.get(event.anchor, (1, 0))
            total += values
            chars += characters
        else:
            continue
        if total > MAX_VALUES:
            fail(event, f"the document holds more than {MAX_VALUES:,} values once its aliases are expanded")
        if chars > MAX_EXPANDED_CHARS:
            fail(event, f"the document's texts pass {MAX_EXPANDED_CHARS:,} characters once its aliases are expanded")


def _mark(node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


def _convert(node, path: tuple, doc: YamlDoc, lines: list[str], active: set):
    doc.values[path] = _mark(node)
    if isinstance(node, ScalarNode):
        value = _scalar(node, doc)
        if isinstance(value, str):
            doc.texts[path] = _text_origin(node, lines)
        return value
    if id(node) in active:
        raise YamlReadError(Problem(doc.location(path), "a YAML alias refers to itself"))
    active.add(id(node))
    try:
        if isinstance(node, SequenceNode):
            return [_convert(child, path + (i,), doc, lines, active) for i, child in enumerate(node.value)]
        if isinstance(node, MappingNode):
            out: dict = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, ScalarNode):
                    line, column = _mark(key_node)
                    raise YamlReadError(Problem(Location(doc.path, line, column), "a mapping key must be a plain word or number"))
                key = _scalar(key_node, doc)
                if isinstance(key, (list, dict)) or key is None:
                    line, column = _mark(key_node)
                    raise YamlReadError(Problem(Location(doc.path, line, column), "a mapping key must be a plain word or number"))
                if key in out:
                    line, column = _mark(key_node)
                    first = doc.keys.get(path + (key,))
                    where = f" (first at line {first[0]})" if first else ""
                    raise YamlReadError(Problem(Location(doc.path, line, column), f"duplicate key '{key}'{where}"))
                doc.keys[path + (key,)] = _mark(key_node)
                out[key] = _convert(value_node, path + (key,), doc, lines, active)
            return out
    finally:
        active.discard(id(node))
    raise YamlReadError(Problem(doc.location(path), f"unsupported YAML node {type(node).__name__}"))


_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False,
         "yes": True, "no": False, "on": True, "off": False}


def _scalar(node: ScalarNode, doc: YamlDoc):
    tag = node.tag or ""
    value = node.value
    if not tag.startswith(_TAG):
        return value
    kind = tag[len(_TAG):]
    if kind == "str":
        return value
    if kind == "null":
        return None
    if kind == "bool":
        return _BOOL.get(value, bool(value))
    if kind == "int":
        cleaned = value.replace("_", "")
        try:
            if cleaned.lower().startswith(("0x", "-0x", "+0x")):
                return int(cleaned, 16)
            if cleaned.lower().startswith(("0o", "-0o", "+0o")):
                return int(cleaned, 8)
            if cleaned.lower().startswith(("0b", "-0b", "+0b")):
                return int(cleaned, 2)
            return int(cleaned)
        except ValueError:
            return value
    if kind == "float":
        try:
            return float(value.replace("_", ""))
        except ValueError:
            return value
    return value


def _text_origin(node: ScalarNode, lines: list[str]) -> TextOrigin:
    line, column = _mark(node)
    style = node.style
    if style == "|":
        # Content starts on the next non-empty line; its indentation is the block's.
        # Text line 1 is the file line after the `|` indicator; the indentation is
        # that of the first non-empty content line.
        index = line  # 0-based index of the line after the indicator
        while index < len(lines) and not lines[index].strip():
            index += 1
        indent = len(lines[index]) - len(lines[index].lstrip(" ")) if index < len(lines) else 0
        return TextOrigin(line + 1, indent + 1, True)
    if style in ("'", '"'):
        return TextOrigin(line, column + 1, False)
    if style == ">" or node.end_mark.line + 1 > line:
        segments = _folded_segments(node, lines)
        if segments:
            return TextOrigin(line, column, False, segments)
    return TextOrigin(line, column, False)


def _folded_segments(node: ScalarNode, lines: list[str]) -> tuple:
    """Pieces of a folded (`>`) or multi-line plain scalar: (text line, text column, file
    line, file column) for each file line of content, or () when the folding cannot be
    replayed exactly (the caller then falls back to the scalar's start)."""
    first = node.start_mark.line  # 0-based
    last = min(node.end_mark.line, len(lines) - 1)
    if node.style == ">":
        rows = range(first + 1, last + 1)
        content = [lines[i] for i in rows]
        indents = [len(text) - len(text.lstrip(" ")) for text in content if text.strip()]
        if not indents:
            return ()
        indent = indents[0]
        pieces = [(i + 1, indent + 1, lines[i][indent:].rstrip()) if lines[i].strip() else None for i in rows]
    else:
        pieces = [(first + 1, node.start_mark.column + 1, lines[first][node.start_mark.column:].strip())]
        for i in range(first + 1, last + 1):
            text = lines[i].strip()
            pieces.append((i + 1, len(lines[i]) - len(lines[i].lstrip()) + 1, text) if text else None)
        if node.end_mark.line <= last:  # the plain scalar ends inside its last line
            number, col, _ = pieces[-1]
            end = node.end_mark.column
            pieces[-1] = (number, col, lines[last][col - 1:end].strip())
    value, segments, text_line, blanks = "", [], 1, 0
    for piece in pieces:
        if piece is None:
            blanks += 1
            continue
        number, col, text = piece
        if segments:
            if blanks:
                value += "\n" * blanks
                text_line += blanks
            else:
                value += " "
        blanks = 0
        segments.append((text_line, len(value) - value.rfind("\n"), number, col))
        value += text
    if value.rstrip("\n") != node.value.rstrip("\n"):
        return ()
    return tuple(segments)
