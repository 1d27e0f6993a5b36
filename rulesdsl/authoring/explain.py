"""`rulesdsl explain`: an effect told in English a player reads, next to the card's texts.

A reviewer checks an encoding without reading the language: the English comes from
`rulesdsl.authoring.english` (timing points as sentence openings, names as the content calls
them, "you may" where the player chooses); the printed card (the `printed:` field, facts
from the component reference) and the project's own `text:` stand beside it, and the effect
itself last. `explain --all` is the review page of `rulesdsl.authoring.review`.
"""

from __future__ import annotations

import textwrap

from rulesdsl.lang import printer as p

from rulesdsl.authoring.english import OPENINGS, English
from rulesdsl.errors import RulesError

Explainer = English  # the name `explain` has always used for the English of effect trees


def explain_card(content, key: str) -> str:
    """The printed text and the generated English of one item (a card number, name or id)."""
    found = [(c, i) for c, i in content.find(key) if (c, i.id) in content.programs]
    if not found:
        raise RulesError(f"no card, space or rule with an effect is called '{key}'")
    if len(found) > 1:
        raise RulesError(f"'{key}' names several items: " + ", ".join(f"{c}:{i.id}" for c, i in found))
    collection, item = found[0]
    lines = Explainer(content).program(content.programs[(collection, item.id)], OPENINGS.get(collection))
    head = f"{collection[:-1]} {item.id}: {getattr(item, 'name', '')}"
    out = [head, f"  from {content.source(collection, item.id).location()}", ""]
    if getattr(item, "printed", None):
        out += ["printed card (reference):", *("  " + line for line in textwrap.wrap(item.printed, 96)), ""]
    if getattr(item, "text", None):
        out += ["card text:", "  " + item.text, ""]
    out += ["generated:", *("  " + line for line in lines), "", "effect:",
            *("  " + line for line in p.to_text(content.programs[(collection, item.id)]).rstrip("\n").split("\n"))]
    return "\n".join(out) + "\n"
