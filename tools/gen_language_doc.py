"""Regenerate the vocabulary tables of docs/LANGUAGE.md from rulesdsl/lang/registry.py.

Usage: python tools/gen_language_doc.py [--check]
With --check, exit 1 if the document is out of date instead of writing it.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulesdsl.lang import registry as reg  # noqa: E402

DOC = ROOT / "docs" / "LANGUAGE.md"
START, END = "<!-- vocabulary:start -->", "<!-- vocabulary:end -->"


def _table(title: str, header: tuple[str, ...], rows) -> str:
    lines = [f"### {title}", "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for row in rows:
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines) + "\n"


def vocabulary_markdown() -> str:
    parts = [
        _table("Events", ("event", "timings", "filters", "meaning"),
               ((f"`{e.name}`", ", ".join("instead of" if t == "instead" else t for t in e.timings),
                 ", ".join(e.filters) or "-", e.doc) for e in reg.EVENTS.values())),
        _table("Ways (`how` filters)", ("how", "meaning"), ((f"`{k}`", v) for k, v in reg.HOWS.items())),
        _table("Quantities", ("quantity", "meaning"), ((f"`{k}`", v) for k, v in reg.QUANTITIES.items())),
        _table("Queries", ("query", "meaning"), ((f"`{k}(...)`", v) for k, v in reg.QUERIES.items())),
        _table("Values (`modify`, `set`)", ("value", "meaning"), ((f"`{k}`", v) for k, v in reg.VALUES.items())),
        _table("Rules (`allow`)", ("rule", "meaning"), ((f"`{k}`", v) for k, v in reg.RULES.items())),
        _table("Zones (`in`, `from`)", ("zone", "meaning"), ((f"`{k}`", v) for k, v in reg.ZONES.items())),
        _table("Class nouns", ("noun", "meaning"), ((f"`{k}`", v) for k, v in reg.CLASSES.items())),
        _table("Attributes (`with`)", ("attribute", "meaning"), ((f"`{k}`", v) for k, v in reg.ATTRIBUTES.items())),
        _table("Mechanisms (`use`)", ("mechanism", "parameters", "scope", "meaning"),
               ((f"`{m.name}`", ", ".join(f"`{x}`" for x in m.params) or "-", m.scope, m.doc) for m in reg.MECHANISMS.values())),
        _table("`this` objects", ("object", "meaning"), ((f"`this {k}`", v) for k, v in reg.THIS.items())),
    ]
    return "\n".join(parts)


def render(text: str) -> str:
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{START}\n{vocabulary_markdown()}{END}{tail}"


def main(argv: list[str]) -> int:
    current = DOC.read_text(encoding="utf-8")
    wanted = render(current)
    if "--check" in argv:
        if current != wanted:
            print("docs/LANGUAGE.md is out of date: run python tools/gen_language_doc.py")
            return 1
        return 0
    DOC.write_text(wanted, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
