"""`rulesdsl fmt`: rewrite effect text to its canonical printed form, touching nothing else.

The file is composed with ruamel.yaml to find each effect scalar and the exact span it
occupies; only that span is rewritten, so every comment, the key order, the quoting and
the layout of the rest of the file stay byte for byte. A literal block stays a literal
block, a one-line plain or quoted scalar stays one (a text that becomes several lines
turns into a literal block). The result is read back and must hold the same data with
the canonical effects, or the file is left alone with a problem reported.

Comments inside an effect are kept: the text is cut into its top-level items, each with
the comment lines above it; an item is reprinted on its own, and an item with a comment
inside it is kept as written.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import attrs
from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError
from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

from rulesdsl.content import models as m
from rulesdsl.content.loader import display_path
from rulesdsl.content.yamlfile import YamlReadError, parse_yaml_text, read_bounded
from rulesdsl.errors import CardSyntaxError, Location, Problem, RulesError
from rulesdsl.lang.parser import parse
from rulesdsl.lang.printer import to_text
from rulesdsl.resources import builtin_root
from rulesdsl.savefile import write_atomic


@attrs.define
class _Chunk:
    comments: list = attrs.field(factory=list)  # comment (and blank) lines above the item
    code: list = attrs.field(factory=list)  # the item's own lines


def _chunks(text: str) -> tuple[list[_Chunk], list[str]]:
    """Top-level items with the comments above them, and the comment lines after the last."""
    chunks: list[_Chunk] = []
    pending: list[str] = []
    for line in text.rstrip("\n").split("\n"):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            if chunks and chunks[-1].code and line.startswith((" ", "\t")) and stripped:
                chunks[-1].code.append(line)  # a comment inside the item's block
            else:
                pending.append(line)
            continue
        if line[0] in " \t" and chunks:
            chunks[-1].code.extend(pending)
            pending = []
            chunks[-1].code.append(line)
            continue
        chunks.append(_Chunk(pending, [line]))
        pending = []
    return chunks, pending


def canonical_effect(text: str) -> str:
    """The canonical form of effect `text`, comments kept; raise CardSyntaxError if it does not parse."""
    program = parse(text)
    if "#" not in text:
        return to_text(program)
    chunks, trailing = _chunks(text)
    out: list[str] = []
    for chunk in chunks:
        out.extend(line.rstrip() for line in chunk.comments)
        code = "\n".join(chunk.code) + "\n"
        if "#" in code:
            out.extend(line.rstrip() for line in chunk.code)
        else:
            out.extend(to_text(parse(code)).rstrip("\n").split("\n"))
    out.extend(line.rstrip() for line in trailing)
    while out and not out[0].strip():
        out.pop(0)
    result = "\n".join(out).rstrip("\n") + "\n"
    if parse(result) != program:  # cutting at the wrong place must never change the meaning
        return to_text(program) if "#" not in text else text
    return result


def _same(a: str, b: str) -> bool:
    return a.rstrip("\n") == b.rstrip("\n")


# ---------------------------------------------------------------------- files
def compose(text: str):
    """The YAML node graph of `text`, with the start and end of every scalar.

    The safe composer gives scalar values as they read (the round-trip one marks folds
    with BEL characters); only positions are taken from it, the text is never re-dumped.
    """
    return YAML(typ="safe", pure=True).compose(text)


def _effect_nodes(root) -> list[tuple]:
    """(key node, value node) of every effect scalar of a card or collection file."""
    def effect_of(mapping):
        for key, value in mapping.value:
            if isinstance(key, ScalarNode) and key.value == "effect" and isinstance(value, ScalarNode):
                yield key, value

    if not isinstance(root, MappingNode):
        return []
    keys = {key.value for key, _ in root.value if isinstance(key, ScalarNode)}
    if "number" in keys:
        return list(effect_of(root))
    found = []
    for key, value in root.value:
        if isinstance(key, ScalarNode) and key.value in m.EFFECT_COLLECTIONS and isinstance(value, SequenceNode):
            for entry in value.value:
                if isinstance(entry, MappingNode):
                    found.extend(effect_of(entry))
    return found


def _block(indicator: str, text: str, indent: int) -> list[str]:
    pad = " " * indent
    return [indicator] + [pad + line if line else "" for line in text.rstrip("\n").split("\n")]


def _quote(style, text: str) -> str:
    if style == '"':
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if style == "'":
        return "'" + text.replace("'", "''") + "'"
    return text


def _rewrite(lines: list[str], key, node, new: str) -> None:
    """Replace the scalar `node` in `lines` (in place) by `new` in the same style if it can be."""
    start, end = node.start_mark, node.end_mark
    style = node.style
    if style in ("|", ">"):
        indicator = lines[start.line][start.column:].split("#", 1)[0].rstrip()
        last = end.line - 1 if end.column == 0 else end.line
        while last > start.line and not lines[last].strip():
            last -= 1
        body = [lines[i] for i in range(start.line + 1, last + 1) if lines[i].strip()]
        indent = min((len(b) - len(b.lstrip(" ")) for b in body), default=key.start_mark.column + 2)
        if style == ">" and "\n" in new.rstrip("\n"):
            indicator = "|" + indicator[1:]
        replacement = _block(indicator, new, indent)
        lines[start.line:last + 1] = [lines[start.line][:start.column] + replacement[0], *replacement[1:]]
        return
    head, tail = lines[start.line][:start.column], lines[end.line][end.column:]
    one_line = new.rstrip("\n")
    if "\n" in one_line:
        replacement = _block("|", new, key.start_mark.column + 2)
        lines[start.line:end.line + 1] = [head + replacement[0] + tail.rstrip(), *replacement[1:]]
    else:
        lines[start.line:end.line + 1] = [head + _quote(style, one_line) + tail]


@attrs.define
class FileResult:
    path: Path
    text: str  # the file as it is
    new: str  # the file with canonical effects (== text when nothing changes)
    problems: list = attrs.field(factory=list)

    @property
    def changed(self) -> bool:
        return self.new != self.text


def format_text(text: str, shown: str) -> tuple[str, list[Problem]]:
    """The file text with every effect canonical, and problems (then the text is unchanged)."""
    try:
        root = compose(text)
        before = parse_yaml_text(text, shown)
    except (YAMLError, YamlReadError) as err:
        problem = getattr(err, "problem", None)
        return text, [problem if isinstance(problem, Problem) else Problem(Location(shown, 1, 1), f"invalid YAML: {err}")]
    lines = text.split("\n")
    problems = []
    # bottom to top, so that earlier spans keep their line numbers
    for key, node in sorted(_effect_nodes(root), key=lambda kn: kn[1].start_mark.index, reverse=True):
        try:
            new = canonical_effect(node.value)
        except CardSyntaxError as err:
            problems.append(Problem(Location(shown, node.start_mark.line + 1, node.start_mark.column + 1),
                                    f"effect does not parse ({err.line}:{err.column}: {err.message}); left as written"))
            continue
        if not _same(new, node.value):
            _rewrite(lines, key, node, new)
    result = "\n".join(lines)
    if result == text:
        return text, problems
    after = parse_yaml_text(result, shown)
    if not _same_data(before.data, after.data):
        return text, problems + [Problem(Location(shown, 1, 1), "formatting would change more than effect text; file left as written")]
    return result, problems


def _same_data(a, b) -> bool:
    """Equal data where effect texts only need to mean the same (and be canonical in `b`)."""
    if isinstance(a, dict) and isinstance(b, dict):
        if list(a) != list(b):
            return False
        for key in a:
            if key == "effect" and isinstance(a[key], str) and isinstance(b[key], str):
                if not _same(canonical_effect(a[key]), b[key]):
                    return False
            elif not _same_data(a[key], b[key]):
                return False
        return True
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same_data(x, y) for x, y in zip(a, b))
    return a == b and type(a) is type(b)


def content_files(paths) -> list[Path]:
    """The YAML files named or found under `paths`; no path: the built-in boards and cards."""
    if not paths:
        root = builtin_root()
        paths = [root / "boards", root / "cards"]
    files = []
    for path in map(Path, paths):
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file()))
        else:
            files.append(path)
    return files


def format_files(paths) -> list[FileResult]:
    """Format each file (in memory); the caller writes or reports."""
    results = []
    for path in content_files(paths):
        shown = display_path(path)
        try:  # the bounded reader: no pipe, device or giant file
            text = read_bounded(path, shown).decode("utf-8")
        except YamlReadError as err:
            results.append(FileResult(path, "", "", [err.problem]))
            continue
        except UnicodeDecodeError as err:
            results.append(FileResult(path, "", "", [Problem(Location(shown, 1, 1), f"cannot read file: not UTF-8 text ({err.reason})")]))
            continue
        new, problems = format_text(text, shown)
        results.append(FileResult(path, text, new, problems))
    return results


def run(paths, check: bool, out) -> int:
    """`rulesdsl fmt`: rewrite (or with `check`, list) files whose effects are not canonical (atomically)."""
    results = format_files(paths)
    changed = [r for r in results if r.changed]
    for result in results:
        for problem in result.problems:
            print(problem, file=sys.stderr)
    for result in changed:
        if check:
            print(f"would reformat {display_path(result.path)}", file=out)
        else:
            try:
                if not os.access(result.path, os.W_OK):
                    raise RulesError(f"cannot write {display_path(result.path)}: the file is read-only")
                write_atomic(result.path, result.new)
            except RulesError as err:
                print(f"{display_path(result.path)}:1:1: {err}", file=sys.stderr)
                result.problems.append(Problem(Location(display_path(result.path), 1, 1), str(err)))
                continue
            print(f"reformatted {display_path(result.path)}", file=out)
    if check:
        print(f"{len(changed)} file{'s' if len(changed) != 1 else ''} would change, {len(results) - len(changed)} already canonical", file=out)
    else:
        print(f"{len(changed)} file{'s' if len(changed) != 1 else ''} reformatted, {len(results) - len(changed)} unchanged", file=out)
    failed = any(r.problems for r in results)
    return 1 if failed or (check and changed) else 0
