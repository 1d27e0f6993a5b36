"""`rulesdsl explain`: an effect tree told in generated English, next to the printed text.

A reviewer checks an encoding without reading the language: each timing point becomes a
sentence opening ("Each time after you use a Hunting space:"), blocks become indented
lines, and names are replaced by what the content calls them (`salt_meat` -> "Salt Meat",
`group hunting` -> "a Hunting space"). Statements keep the language's verbs (gain, pay,
upgrade ...), which read as English already; computed values and events are explained
with their descriptions from the engine's registry.
"""

from __future__ import annotations

import html
import re

from rulesdsl.lang import printer as p
from rulesdsl.lang import registry
from rulesdsl.lang import tree as t

# Collections whose names stand in for ids anywhere; phases, spaces and groups only where
# the language names one (their ids may be words of other meaning: a phase called weapon).
_NAMED = ("goods", "special_tiles", "resources", "ships", "weapons", "buildings", "exploration_boards",
          "mountain_items")
_PLACES = ("phases", "spaces", "groups")


class Explainer:
    """Turns effect trees of one content into English lines."""

    def __init__(self, content):
        self.content = content
        self.names: dict[str, str] = {}
        for collection in _NAMED:
            for item_id, item in content.collections[collection].items():
                name = getattr(item, "name", None)
                if isinstance(item_id, str) and isinstance(name, str):
                    self.names.setdefault(item_id, name)
        self.places = {collection: {item_id: item.name for item_id, item in content.collections[collection].items()}
                       for collection in _PLACES}

    # ---------------------------------------------------------------- words
    def _name(self, word: str, collection: str | None = None) -> str:
        table = self.places[collection] if collection else self.names
        return table.get(word, word.replace("_", " "))

    def words(self, text: str) -> str:
        """Canonical text with names, places and queries put into words."""
        text = re.sub(r"\bgroup ([a-z0-9_]+)", lambda mt: f"a {self._name(mt.group(1), 'groups')} space", text)
        text = re.sub(r"\bspace ([a-z0-9_]+)", lambda mt: f"the {self._name(mt.group(1), 'spaces')} space", text)
        text = re.sub(r"\bcolumn (\d+)", r"a column-\1 space", text)
        text = re.sub(r"\bcount\(my ([^()]+)\)", r"the number of your \1", text)
        text = re.sub(r"\bcount\(([^()]+)\)", r"the number of \1", text)
        text = re.sub(r"\bkinds\(([^()]+)\)", r"the number of kinds of \1", text)
        text = re.sub(r"\bmin\(", "the least of (", text)
        text = re.sub(r"\bmax\(", "the most of (", text)
        text = re.sub(r"\bhalf\(", "half of (", text)
        text = text.replace(" -> ", ", then ").replace(" then ", " then ")
        text = re.sub(r"\bmy\b", "your", text)
        for op, words in ((" >= ", " is at least "), (" <= ", " is at most "), (" != ", " is not "),
                          (" = ", " is "), (" > ", " is more than "), (" < ", " is less than ")):
            text = text.replace(op, words)
        return re.sub(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\b[a-z]+\b", lambda mt: self._name(mt.group(0))
                      if mt.group(0) in self.names else mt.group(0).replace("_", " "), text)

    def _cond(self, c) -> str:
        return self.words(p.cond(c))

    def _event(self, hook: t.Hook) -> str:
        ev, timing = hook.event, hook.timing
        on = [f for f in hook.filters if isinstance(f, t.OnFilter)]
        rest = [f for f in hook.filters if not isinstance(f, t.OnFilter)]
        where = self.words(p.place(on[0].place)) if on else None
        if ev.kind == "phase":
            head = {"before": "before", "during": "during", "after": "after"}[timing]
            text = f"{head} the {self._name(ev.name, 'phases')} phase"
        elif ev.kind == "action":
            target = where or "an action space"
            text = {"before": f"before you take the action of {target}", "after": f"after you use {target}",
                    "instead": f"you would take the action of {target}, instead"}[timing]
            where = None
        elif ev.kind == "part":
            text = f"instead of the '{ev.name.replace('_', ' ')}' part of the action"
        else:
            doc = registry.EVENTS[ev.name].doc if ev.name in registry.EVENTS else ev.name.replace("_", " ")
            text = ("just before " if timing == "before" else "") + doc
        if where is not None:
            text += f" (on {where})"
        for f in rest:
            if isinstance(f, t.HowFilter):
                text += " (" + ", or ".join(registry.HOWS.get(n, n) for n in f.names) + ")"
            else:
                text += f" ({self.words(p.filters((f,)).strip())})"
        if hook.cond is not None:
            text += f", if {self._cond(hook.cond)}"
        if timing == "instead" and ev.kind not in ("action", "part"):
            text += ", instead of that"
        return text

    # ---------------------------------------------------------------- blocks
    def program(self, program: t.Program) -> list[str]:
        """English lines for a whole effect."""
        out: list[str] = []
        bare = [item for item in program.items if not isinstance(item, (t.Hook, t.Anytime, t.Watch, t.OnceHook))
                and not isinstance(item, (t.Modify, t.SetValue, t.Allow))]
        for item in program.items:
            if isinstance(item, t.Hook):
                self._suite(f"Each time {self._event(item)}", item.body, 0, out)
            elif isinstance(item, t.OnceHook):
                self._suite(f"Once, the first time {self._event(item.hook)}", item.hook.body, 0, out)
            elif isinstance(item, t.Watch):
                self._suite(f"Once, as soon as {self._cond(item.cond)}", item.body, 0, out)
            elif isinstance(item, t.Anytime):
                mode = "once per game" if item.mode == "once" else "any number of times"
                head = f"At any time ({mode})" + (f", if {self._cond(item.cond)}" if item.cond is not None else "")
                self._suite(head, item.body, 0, out)
            elif isinstance(item, (t.Modify, t.SetValue, t.Allow)):
                out.append("Always: " + self._static(item) + ".")
            elif item is bare[0]:
                self._suite("At once", tuple(bare), 0, out)
        return out

    def _static(self, s) -> str:
        where = self.words(p.filters(s.filters).strip())
        cond = f" if {self._cond(s.cond)}" if s.cond is not None else ""
        if isinstance(s, t.Modify):
            what = registry.VALUES.get(s.value, s.value.replace("_", " "))
            return f"{what} {where} changes by {self.words(p.expr(s.by))}{cond}".replace("  ", " ")
        if isinstance(s, t.SetValue):
            what = registry.VALUES.get(s.value, s.value.replace("_", " "))
            return f"{what} {where} is {self.words(p.expr(s.to))}{cond}".replace("  ", " ")
        what = registry.RULES.get(s.rule, s.rule.replace("_", " "))
        return f"you may allow {what} {where}{cond}".replace("  ", " ")

    def _suite(self, head: str, body: tuple, depth: int, out: list[str]) -> None:
        pad = "  " * depth
        if len(body) == 1 and p.is_simple(body[0]):
            out.append(f"{pad}{head}: {self._simple(body[0])}.")
            return
        out.append(f"{pad}{head}:")
        for stmt in body:
            self._statement(stmt, depth + 1, out)

    def _branches(self, head: str, branches: list, otherwise, depth: int, out: list[str]) -> None:
        out.append(f"{'  ' * depth}{head}:")
        for label, body in branches + ([("otherwise", otherwise)] if otherwise is not None else []):
            self._suite(label, body, depth + 1, out)

    def _simple(self, s) -> str:
        if isinstance(s, (t.Modify, t.SetValue, t.Allow)):
            return self._static(s)
        return self.words(p.simple(s))

    def _statement(self, s, depth: int, out: list[str]) -> None:
        pad = "  " * depth
        if p.is_simple(s):
            out.append(f"{pad}{self._simple(s)}.")
        elif isinstance(s, t.If):
            self._suite(f"If {self._cond(s.cond)}", s.then, depth, out)
            if s.otherwise is not None:
                self._suite("Otherwise", s.otherwise, depth, out)
        elif isinstance(s, t.ChooseOne):
            out.append(f"{pad}{'You must choose' if s.must else 'Choose'} one of:")
            for alt in s.alternatives:
                if all(p.is_simple(x) for x in alt):
                    out.append(f"{pad}  - " + ", then ".join(self._simple(x) for x in alt) + ";")
                else:
                    self._suite("- this", alt, depth + 1, out)
        elif isinstance(s, t.ChooseVar):
            where = f" where {self._cond(s.where)}" if s.where is not None else ""
            self._suite(f"Choose one {self._name(' '.join(s.noun))} (call it {s.var}){where}", s.body, depth, out)
        elif isinstance(s, t.ForEach):
            where = f" where {self._cond(s.where)}" if s.where is not None else ""
            self._suite(f"For each {self._name(' '.join(s.noun))} {s.var}{where}", s.body, depth, out)
        elif isinstance(s, t.BySlash):
            keys = " / ".join(str(k) for k in s.keys) + (" or more" if s.open_top else "")
            self._suite(f"Depending on whether {self.words(p.expr(s.expr))} is {keys} (respectively)", s.body, depth, out)
        elif isinstance(s, t.ByTable):
            rows = [(f"{row.key}{' or more' if row.open_top else ''}", row.body) for row in s.rows]
            self._branches(f"Depending on {self.words(p.expr(s.expr))}", rows, s.otherwise, depth, out)
        elif isinstance(s, t.FirstOf):
            brackets = [(f"if {self._cond(b.cond)}", b.body) for b in s.brackets]
            self._branches("The first of these that applies", brackets, s.otherwise, depth, out)
        elif isinstance(s, t.RepeatTimes):
            self._suite(f"{self.words(p.expr(s.times))} times", s.body, depth, out)
        elif isinstance(s, t.RepeatUntil):
            self._suite(f"Repeat until {self._cond(s.cond)}", s.body, depth, out)
        elif isinstance(s, t.AsPhase):
            self._suite(f"As if it were the {self._name(s.phase, 'phases')} phase", s.body, depth, out)
        elif isinstance(s, t.Part):
            self._suite(f"(the '{s.name.replace('_', ' ')}' part, which a card may replace)", s.body, depth, out)
        else:  # dice actions and anything else: their canonical text, in words
            lines: list[str] = []
            p.statement(s, depth, lines)
            out.extend(self.words(line) for line in lines)


def explain_card(content, key: str) -> str:
    """The printed text and the generated English of one item (a card number, name or id)."""
    from rulesdsl.errors import RulesError

    found = [(c, i) for c, i in content.find(key) if (c, i.id) in content.programs]
    if not found:
        raise RulesError(f"no card, space or rule with an effect is called '{key}'")
    if len(found) > 1:
        raise RulesError(f"'{key}' names several items: " + ", ".join(f"{c}:{i.id}" for c, i in found))
    collection, item = found[0]
    lines = Explainer(content).program(content.programs[(collection, item.id)])
    head = f"{collection[:-1]} {item.id}: {getattr(item, 'name', '')}"
    printed = getattr(item, "text", None)
    out = [head, f"  from {content.source(collection, item.id).location()}", ""]
    if printed:
        out += ["printed:", "  " + printed, ""]
    out += ["generated:", *("  " + line for line in lines), "", "effect:",
            *("  " + line for line in p.to_text(content.programs[(collection, item.id)]).rstrip("\n").split("\n"))]
    return "\n".join(out) + "\n"


def review_page(content) -> str:
    """Every occupation: printed text, generated English and effect side by side (HTML)."""
    explainer = Explainer(content)
    rows = []
    for number, card in sorted(content.occupations.items()):
        program = content.programs[("occupations", number)]
        english = "<br>".join(html.escape(line).replace("  ", "&nbsp;&nbsp;") for line in explainer.program(program))
        effect = html.escape(p.to_text(program).rstrip("\n"))
        rows.append(f"<tr id=\"card-{number}\"><td>{number}</td><td>{html.escape(card.name)}<br><small>{card.deck}, "
                    f"{card.category}, {card.points} points</small></td><td>{html.escape(card.text)}</td>"
                    f"<td>{english}</td><td><pre>{effect}</pre></td></tr>")
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>rulesdsl: the {len(rows)} occupations, printed and generated</title>
<style>
body {{ font-family: sans-serif; margin: 1em; }}
table {{ border-collapse: collapse; }}
td, th {{ border: 1px solid #bbb; padding: 4px 6px; vertical-align: top; }}
th {{ background: #eee; position: sticky; top: 0; }}
pre {{ margin: 0; white-space: pre-wrap; }}
</style></head><body>
<h1>The {len(rows)} occupations: printed text and generated English</h1>
<p>Each row shows a card's printed text next to English generated from its effect tree
(<code>rulesdsl explain NUMBER</code> prints one). A row whose two texts disagree is an encoding to check.</p>
<table>
<tr><th>#</th><th>card</th><th>printed</th><th>generated from the effect</th><th>effect</th></tr>
{chr(10).join(rows)}
</table></body></html>
"""
