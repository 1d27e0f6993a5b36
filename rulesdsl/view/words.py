"""What a player reads about spaces, cards, questions and history lines: English from
`rulesdsl explain` (authoring/explain.py) instead of card language and ids, a short
"cost -> yield" line for a space, read from the space's effect tree (no space named). What a
refused space still needs ("needs 2 wood (you have 0)") is counted by the game's engine: its
plug-in's view hooks say it (`registry.ViewHooks.needs`, the first game's `feast/view_words`).
"""

from __future__ import annotations

import re
import weakref

from rulesdsl.authoring.explain import Explainer

_EXPLAINERS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()
_AT_ONCE = re.compile(r"^At once:\s*")


def explainer(content):
    """The content's `Explainer` (made once per content)."""
    try:
        return _EXPLAINERS[content]
    except (KeyError, TypeError):
        made = Explainer(content)
        try:
            _EXPLAINERS[content] = made
        except TypeError:
            pass
        return made


def english(content, text: str) -> str:
    """A line of engine text (a question, a history line) with ids put into words."""
    return explainer(content).words(text.replace(" -> ", " → "))


_MEMO: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _memo(content, key, make):
    """`make()` once per content and key (the English of an item depends on the content only)."""
    try:
        table = _MEMO.setdefault(content, {})
    except TypeError:
        return make()
    if key not in table:
        table[key] = make()
    return table[key]


def effect_lines(content, collection: str, key) -> list[str]:
    """An item's effect in English, line by line ("At once:" left out)."""
    return list(_memo(content, ("lines", collection, key), lambda: _effect_lines(content, collection, key)))


def _effect_lines(content, collection: str, key) -> list[str]:
    program = content.programs.get((collection, key))
    if program is None:
        return []
    lines = explainer(content).program(program)
    if lines and lines[0].strip() == "At once:":
        lines = [line[2:] if line.startswith("  ") else line for line in lines[1:]]
    return [_AT_ONCE.sub("", line).rstrip(".;") if n == 0 else line.rstrip(";") for n, line in enumerate(lines)]


def space_english(content, space: str) -> str:
    """A space's whole effect in English on one line."""
    return _memo(content, ("english", space), lambda: _space_english(content, space))


def _space_english(content, space: str) -> str:
    lines = effect_lines(content, "spaces", space)
    out = ""
    for line in lines:
        text = " ".join(line.split())
        if out and not line.startswith("    ") and not out.endswith(":"):
            out += ";"
        out += (" " if out else "") + text.rstrip(".")
    return out


_SHORT = [
    (re.compile(r"\bpay (.+?), then (?:gain|build) "), r"\1 → "),
    (re.compile(r"\bpay (.+?), then "), r"\1 → "),
    (re.compile(r"\bdice ([a-z ]+?) with (d\d+) (low|high):"), r"roll \2 (\1)"),
    (re.compile(r"\btake up to (\d+) from a mountain strip"), r"up to \1 from a mountain strip"),
    (re.compile(r"\bupgrade up to (\d+) goods? by (\d+)"), r"upgrade \1 goods by \2"),
    (re.compile(r"\bgain \(the least of \(the number of your (\w+), (\d+)\)\) (\w+)"), r"+1 \3 per \1 (max \2)"),
    (re.compile(r"\bgain \(players\) (\w+)"), r"+1 \1 per player"),
    (re.compile(r"\(the '[a-z ]+' part, which a card may replace\): "), ""),
    (re.compile(r"\brequire (.+?);"), r"needs \1:"),
    (re.compile(r"\bIf the number of your (\w+) is at least 1: "), r"with \1: "),
    (re.compile(r"\bgain "), "+"),
    (re.compile(r" and (\d)"), r", \1"),
    (re.compile(r"\s+"), " "),
]


def space_summary(content, space: str) -> str:
    """What a space costs and yields in a few words (`2 wood → 1 shed`, `+1 stockfish`)."""
    return _memo(content, ("summary", space), lambda: _space_summary(content, space))


def _space_summary(content, space: str) -> str:
    lines = [line.strip() for line in effect_lines(content, "spaces", space)]
    parts = [line for line in lines if line and not line.startswith(("pay per pip", "success", "failure", "stop at", "sail",
                                                                     "add per", "fail at", "return", "gain 1 wood", "gain 1 stone"))]
    text = "; ".join(parts[:3]).replace("Choose one of:;", "either").replace(":;", ":")
    for pattern, replacement in _SHORT:
        text = pattern.sub(replacement, text)
    return text.strip(" ;.")
