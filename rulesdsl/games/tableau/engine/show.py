"""`rulesdsl --game NAME show ITEM` and `interactions` for tableau rulesets, printed from the ruleset's data.

An item is anything with an id in the ruleset's files (a currency, figure kind, tile kind, ring,
supply, bag, the board, an option), a row of the board (`row:N`), a tile kind by its code, or a
program (`round`, `final`, `anytime`: its canonical text and tree). `collection:id` picks one
of several items of the same id. The line and column come from the file itself.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from rulesdsl.content.yamlfile import YamlReadError, read_yaml
from rulesdsl.errors import RulesError
from rulesdsl.mechanisms.exchanges import Exchange, cycle_text, find_cycles
from rulesdsl.lang import printer, tree as t
from rulesdsl.lang.dump import dump
from rulesdsl.lang.printer import to_text

_SINGULAR = {"currencies": "currency", "supplies": "supply"}


def items(ruleset) -> list[tuple[str, str, object, tuple]]:
    """(collection, id, item, path in its file) of every item with an id."""
    out = []
    c = ruleset.components
    for field in attrs.fields(type(c)):
        value = getattr(c, field.name)
        if isinstance(value, list):
            out += [(field.name, x.id, x, ("components.yaml", field.name, i)) for i, x in enumerate(value)]
        elif hasattr(value, "id"):
            out.append((field.name, value.id, value, ("components.yaml", field.name)))
            rows = getattr(value, "rows", None) or []
            out += [("rows", f"row:{r.row}", r, ("components.yaml", field.name, "rows", i)) for i, r in enumerate(rows)]
    out += [("options", o.id, o, ("ruleset.yaml", "ruleset", "options", i)) for i, o in enumerate(ruleset.manifest.options)]
    out += [("programs", name, program, ("rules.yaml", "programs", i)) for i, (name, program) in enumerate(ruleset.programs.items())]
    return out


def find(ruleset, name: str) -> list[tuple]:
    """The items called `name` (an id, `collection:id`, a tile code or `row:N`)."""
    collection, _, key = name.rpartition(":") if ":" in name and not name.startswith("row:") else ("", "", name)
    found = [x for x in items(ruleset) if x[1] == key and (not collection or x[0] == collection)]
    if not found:
        found = [x for x in items(ruleset) if x[0] == "tiles" and x[2].code == key]
    return found


def location(ruleset, path: tuple) -> str:
    """`file:line:col` of the item at `path` in the ruleset's folder."""
    file = Path(ruleset.folder) / path[0]
    try:
        return str(read_yaml(file).location(path[1:]))
    except (YamlReadError, OSError, KeyError):
        return str(file)


def show(ruleset, name: str, tree_only: bool = False) -> str:
    """The text `show` prints for `name`; RulesError naming the choices if it is unknown or ambiguous."""
    found = find(ruleset, name)
    if not found:
        raise RulesError(f"nothing of {ruleset.manifest.name} is called '{name}'; try a tile, figure, currency, option, "
                         f"row:N or a program ({', '.join(ruleset.programs)})")
    if len(found) > 1:
        choices = ", ".join(f"{collection}:{key}" for collection, key, _, _ in found)
        raise RulesError(f"'{name}' is ambiguous; which one is meant: {choices}")
    collection, key, item, path = found[0]
    kind = _SINGULAR.get(collection, collection.removesuffix("s"))
    if collection == "programs":
        if tree_only:
            return dump(item)
        body = "\n".join("  " + line for line in to_text(item).splitlines())
        return f"program {key}\n  from {location(ruleset, path)}\n\n{body}\n\n{dump(item)}"
    lines = [f"{kind} {key.removeprefix('row:')}", f"  from {location(ruleset, path)}"]
    for field in attrs.fields(type(item)):
        value = getattr(item, field.name)
        if value is None or value == [] or field.name == "id":
            continue
        if field.name == "rows" and collection != "rows":
            value = f"{len(value)} (rulesdsl --game {ruleset.id} show row:N)"
        lines.append(f"  {field.name}: {_plain(value)}")
    return "\n".join(lines) + "\n"


def _plain(value) -> str:
    """A field's value as short text: attrs instances as `name=value` pairs."""
    if attrs.has(type(value)):
        return ", ".join(f"{f.name}={_plain(getattr(value, f.name))}" for f in attrs.fields(type(value))
                         if getattr(value, f.name) is not None)
    if isinstance(value, list):
        return "[" + ", ".join(_plain(v) for v in value) + "]"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_plain(v)}" for k, v in value.items())
    return str(getattr(value, "value", value))


TABLEAU_NOTE = ("{name} has no cards: no timing points, modifiers or replacements are shared, so the card checks "
                "(order, stacking, conflicts) do not apply; its rules are the programs round, final and anytime "
                "(rulesdsl --game {id} show PROGRAM).")


def tableau_report(ruleset) -> str:
    """For a tableau ruleset (rulesdsl.games.tableau.engine): the card checks do not apply (no cards); its
    anytime exchanges are listed and checked for cycles that make something out of nothing."""
    lines = [TABLEAU_NOTE.format(name=ruleset.manifest.name, id=ruleset.id), ""]

    exchanges = []
    for item in ruleset.programs.get("anytime", t.Program(())).items:
        for stmt in getattr(item, "body", ()):
            if isinstance(stmt, t.Exchange) and isinstance(stmt.cost, t.Bundle):
                pay = tuple((" ".join(i.words), i.amount.value) for part in stmt.cost.parts for i in part[:1])
                gain = tuple((" ".join(i.words), i.amount.value) for r in stmt.results for part in r.bundle.parts for i in part[:1])
                exchanges.append(Exchange("anytime rule", pay, gain, printer.simple(stmt)))
    lines.append(f"Anytime exchanges: {len(exchanges) or 'none'}")
    lines += [f"  - {ex.text}" for ex in exchanges]
    cycles = find_cycles(exchanges)
    lines.append("Exchange cycles that make something out of nothing: " + ("none" if not cycles else ""))
    lines += [f"  - {cycle_text(cycle)}" for cycle in cycles]
    return "\n".join(lines) + "\n"
