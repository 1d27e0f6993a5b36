"""The review page of `rulesdsl explain --all` and the review marks kept beside the content.

An author works through the occupations on one page: search and filters (deck, kind,
category, mark), and for each card what the printed card says (its `printed:` field), the
project's own `text:`, the generated English, the doubts decided in the card file
(`# Decided` comments), the effect, a link to file:line and the card's review mark.

Marks live in `review-marks.yaml` at the root of the content (beside `boards/` and `cards/`,
which the loader reads; this file it never reads), written by `rulesdsl explain --mark`.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from rulesdsl.authoring.english import English, OPENINGS
from rulesdsl.content.yamlfile import YamlReadError, read_bounded
from rulesdsl.errors import RulesError
from rulesdsl.lang import printer as p
from rulesdsl.resources import builtin_root
from rulesdsl.savefile import write_atomic

MARKS_FILE = "review-marks.yaml"
MARKS = ("ok", "flagged")
_MAX_NOTE = 2000


def marks_path(content) -> Path:
    """Where the review marks of this content are kept: its last folder root."""
    for root in reversed(getattr(content, "roots", ()) or ()):
        folder = Path(root)
        if folder.is_dir():
            return folder / MARKS_FILE
    return Path(builtin_root()) / MARKS_FILE


def read_marks(path: Path) -> dict[int, dict]:
    """Card number -> {"mark": ..., "note": ...}; an absent file is no marks, a bad one an error."""
    if not path.exists():
        return {}
    try:
        raw = read_bounded(path, str(path))
    except YamlReadError as err:
        raise RulesError(str(err.problem)) from None
    try:
        data = YAML(typ="safe").load(raw.decode("utf-8")) or {}
    except (YAMLError, UnicodeDecodeError) as err:
        raise RulesError(f"{path}:1:1: not a review marks file ({err})") from None
    marks = data.get("marks", {}) if isinstance(data, dict) else None
    if not isinstance(marks, dict):
        raise RulesError(f"{path}:1:1: expected 'marks:' mapping card numbers to a mark")
    out = {}
    for number, entry in marks.items():
        if not isinstance(number, int) or not isinstance(entry, dict) or entry.get("mark") not in MARKS:
            raise RulesError(f"{path}:1:1: card {number!r}: expected {{mark: ok or flagged, note: text}}")
        out[number] = {"mark": entry["mark"], "note": str(entry.get("note") or "")[:_MAX_NOTE]}
    return out


def write_mark(content, card: str, mark: str, note: str | None) -> Path:
    """Set (or with `clear` remove) the review mark of one occupation; the file is written atomically."""
    found = [item for collection, item in content.find(card) if collection == "occupations"]
    if len(found) != 1:
        raise RulesError(f"'{card}' names no single occupation")
    number = found[0].number
    if mark not in MARKS + ("clear",):
        raise RulesError(f"unknown mark '{mark}'; expected ok, flagged or clear")
    path = marks_path(content)
    marks = read_marks(path)
    if mark == "clear":
        marks.pop(number, None)
    else:
        marks[number] = {"mark": mark, "note": (note or marks.get(number, {}).get("note") or "")[:_MAX_NOTE]}
    lines = ["# Review marks of `rulesdsl explain --all` (written by `rulesdsl explain --mark CARD ok|flagged|clear`).",
             "marks:"]
    for key in sorted(marks):
        lines.append(f"  {key}: {{mark: {marks[key]['mark']}, note: {json.dumps(marks[key]['note'])}}}")
    write_atomic(path, "\n".join(lines) + "\n")
    return path


def decided(path: str) -> list[str]:
    """The `# Decided` comments of a card file, each with its continuation lines."""
    try:
        text = read_bounded(Path(path), path).decode("utf-8", "replace")
    except Exception:  # noqa: BLE001 - an unreadable file shows no doubts; the loader reported it
        return []
    out: list[str] = []
    current: list[str] | None = None
    for line in text.split("\n"):
        stripped = line.strip()
        if re.match(r"#\s*Decided\b", stripped):
            current = [re.sub(r"^#\s*", "", stripped)]
            out.append("")
        elif current is not None and stripped.startswith("#") and not stripped.startswith("# yaml-language-server"):
            current.append(stripped.lstrip("#").strip())
        else:
            current = None
        if current is not None:
            out[-1] = " ".join(current)
    return out


def review_page(content, marks: dict[int, dict] | None = None) -> str:
    """Every occupation on one page an author works through (HTML, no server needed)."""
    english = English(content)
    marks = read_marks(marks_path(content)) if marks is None else marks
    cards, index = [], []
    for number, card in sorted(content.occupations.items()):
        program = content.programs[("occupations", number)]
        where = content.source("occupations", number).location()
        file = Path(where.path).resolve()
        link = file.as_uri() if file.exists() else ""
        editor = f"vscode://file{file}:{where.line}" if file.exists() else ""  # editors that open file:line links
        lines = english.program(program, OPENINGS["occupations"])
        doubts = decided(where.path)
        mark = marks.get(number, {})
        kind = "starting" if card.starting else "normal"
        search = " ".join([str(number), card.name, card.text, card.printed or "", *lines, *doubts]).lower()
        e = html.escape
        cards.append(f"""<section class="card" id="card-{number}" data-deck="{e(card.deck)}" data-kind="{kind}"
 data-category="{e(card.category)}" data-mark="{e(mark.get('mark', 'none'))}" data-search="{e(search)}">
<h2>#{number} {e(card.name)} <small>deck {e(card.deck)}, {kind}, {e(card.category.replace('_', ' '))}, {card.points} points
 &middot; <a href="{e(link)}">{e(f'{where.path}:{where.line}')}</a>
 {f'<a href="{e(editor)}">open in the editor</a>' if editor else ''}</small>
 <span class="mark mark-{e(mark.get('mark', 'none'))}">{e(mark.get('mark', 'not reviewed'))}</span></h2>
<div class="cols">
<div><h3>Printed card (reference)</h3><p>{e(card.printed or '(no printed text in the card file)')}</p>
<h3>Card text</h3><p>{e(card.text)}</p></div>
<div><h3>Generated English</h3>{''.join(f'<p class="en">{e(line)}</p>' for line in lines)}</div>
</div>
{'<h3>Decided</h3>' + ''.join(f'<p class="doubt">{e(d)}</p>' for d in doubts) if doubts else ''}
<details><summary>effect</summary><pre>{e(p.to_text(program).rstrip())}</pre></details>
{f'<p class="note">Note: {e(mark["note"])}</p>' if mark.get('note') else ''}
<p class="how">Mark it: <code>rulesdsl explain --mark {number} ok</code> or <code>rulesdsl explain --mark {number} flagged --note "..."</code></p>
</section>""")
        index.append(f'<a href="#card-{number}" data-for="card-{number}">{number}</a>')
    total = len(cards)
    reviewed = sum(1 for n in content.occupations if n in marks)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>rulesdsl: review of the {total} occupations</title>
<style>
body {{ font-family: sans-serif; margin: 0; }}
header {{ position: sticky; top: 0; background: #f4f4f4; padding: .5em 1em; border-bottom: 1px solid #bbb; }}
header label {{ margin-right: 1em; }}
nav {{ font-size: 80%; line-height: 1.6; }} nav a {{ margin-right: .3em; }}
main {{ padding: 0 1em; }}
.card {{ border-bottom: 1px solid #ccc; padding: .5em 0; }}
.card h2 {{ font-size: 110%; margin: .3em 0; }} .card h3 {{ font-size: 90%; margin: .4em 0 .1em; color: #555; }}
.cols {{ display: grid; grid-template-columns: 1fr 1fr; gap: 1em; }}
.en {{ margin: 0; white-space: pre-wrap; }} .doubt {{ background: #fff8e0; margin: .2em 0; }}
.mark {{ font-size: 80%; padding: 0 .4em; border-radius: 3px; }} .mark-ok {{ background: #cfc; }}
.mark-flagged {{ background: #fcc; }} .mark-none {{ background: #eee; }}
.how {{ font-size: 80%; color: #666; }} pre {{ margin: 0; }}
</style></head><body>
<header>
<strong>{total} occupations</strong> ({reviewed} marked; marks in <code>{html.escape(str(marks_path(content)))}</code>)
<label>Search <input id="q" type="search" placeholder="number, name, text, English"></label>
<label>Deck <select id="deck"><option value="">all</option><option>A</option><option>B</option><option>C</option></select></label>
<label>Kind <select id="kind"><option value="">all</option><option>normal</option><option>starting</option></select></label>
<label>Category <select id="category"><option value="">all</option><option>immediate</option><option>anytime</option>
<option value="each_time">each time</option><option>limited</option></select></label>
<label>Mark <select id="mark"><option value="">all</option><option value="flagged">flagged</option><option value="ok">ok</option>
<option value="none">not reviewed</option></select></label>
<span id="shown"></span>
<nav>{' '.join(index)}</nav>
</header>
<main>
{chr(10).join(cards)}
</main>
<script>
const fields = ["q", "deck", "kind", "category", "mark"].map(id => document.getElementById(id));
function filter() {{
  const [q, deck, kind, category, mark] = fields.map(f => f.value.toLowerCase());
  let shown = 0;
  for (const card of document.querySelectorAll(".card")) {{
    const d = card.dataset;
    const ok = (!q || d.search.includes(q)) && (!deck || d.deck.toLowerCase() === deck) && (!kind || d.kind === kind)
      && (!category || d.category === category) && (!mark || d.mark === mark);
    card.hidden = !ok;
    document.querySelector(`nav a[data-for="${{card.id}}"]`).hidden = !ok;
    shown += ok ? 1 : 0;
  }}
  document.getElementById("shown").textContent = shown + " shown";
}}
fields.forEach(f => f.addEventListener("input", filter));
filter();
</script>
</body></html>
"""
