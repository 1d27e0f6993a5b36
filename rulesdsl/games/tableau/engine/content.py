"""A tableau ruleset's files: read, structured into attrs models, checked; all or nothing.

A ruleset folder holds `ruleset.yaml` (the manifest: id, name, player range, rounds,
ranking, options), `components.yaml` (currencies, figure kinds, tile kinds, rings, supplies,
bags, the home board) and `rules.yaml` (the programs `round`, `final`, `anytime` in the card
language). The files are read with the same reader as the first game (limits, located
errors, no tags), structured with the same strict cattrs converter, and every name a
program uses is resolved against the components by the language's one checker
(`rulesdsl.lang.checker`), to which `vocabulary` registers this ruleset's names. A problem anywhere raises ContentError
with every problem found, each as file:line:col, and nothing is returned half-way.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Literal

import attrs

from rulesdsl.content.models import bounded_text, ranged
from rulesdsl.content.structure import structure
from rulesdsl.content.yamlfile import YamlReadError, parse_yaml_bytes, read_bounded
from rulesdsl.errors import CardSyntaxError, ContentError, Location, Problem
from rulesdsl.games.tableau.engine import nodes as n
from rulesdsl.lang import tree as t
from rulesdsl.lang.checker import Vocabulary
from rulesdsl.lang.checker import check as check_program
from rulesdsl.lang.parser import parse

FILES = ("ruleset.yaml", "components.yaml", "rules.yaml")
Edge = Literal["land", "sea"]


@attrs.frozen
class PlayerRange:
    min: int = ranged(1, 8)
    max: int = ranged(1, 8)
    default: int = ranged(1, 8)


@attrs.frozen
class OptionSpec:
    id: str = bounded_text(60)
    default: int = ranged(0, 100)
    values: list[int] = ranged(0, 100, factory=list)
    text: str = bounded_text(300, default="")


@attrs.frozen
class Manifest:
    id: str = bounded_text(60)
    name: str = bounded_text(200)
    players: PlayerRange
    rounds: int = ranged(1, 50)
    ranking: list[str]
    options: list[OptionSpec] = attrs.field(factory=list)


@attrs.frozen
class RulesetFile:
    ruleset: Manifest


@attrs.frozen
class Currency:
    id: str = bounded_text(60)
    start: int = ranged(0, 10_000)
    start_by_players: dict[int, int] = ranged(0, 10_000, factory=dict)
    scores: bool = False


@attrs.frozen
class FigureKind:
    id: str = bounded_text(60)
    colour: str = bounded_text(60)
    count: int = ranged(0, 1000)
    row: int | None = ranged(1, 50)


@attrs.frozen
class Reward:
    currency: str = bounded_text(60)
    amount: int = ranged(0, 1000)


@attrs.frozen
class Edges:
    w: Edge
    e: Edge
    n: Edge
    s: Edge


@attrs.frozen
class TileKind:
    id: str = bounded_text(60)
    code: str = bounded_text(4)
    category: str = bounded_text(60)
    count: int = ranged(0, 1000)
    start: int = ranged(0, 10, default=0)
    start_column: int | None = ranged(1, 200, default=None)  # where a dealt (start) tile must go
    edges: Edges | None = None
    reach: int | None = ranged(1, 50, default=None)
    reward: Reward | None = None


@attrs.frozen
class Ring:
    id: str = bounded_text(60)
    slots: int = ranged(1, 100)
    currency: str = bounded_text(60)  # what its prices (and bids) are paid in


@attrs.frozen
class Supply:
    id: str = bounded_text(60)
    stacks: int = ranged(1, 100)
    size: int = ranged(1, 100)


@attrs.frozen
class Bag:
    id: str = bounded_text(60)


@attrs.frozen
class RowFill:
    window: int = ranged(1, 50)


@attrs.frozen
class Row:
    row: int = ranged(1, 50)
    category: str = bounded_text(60)
    figure: str | None = None
    fill: RowFill | None = None


@attrs.frozen
class Threat:
    source: str = bounded_text(60)
    from_row: int = ranged(1, 50)
    blocker: str = bounded_text(60)


@attrs.frozen
class Run:
    first: str = bounded_text(60)
    middle: str = bounded_text(60)
    last: str = bounded_text(60)


@attrs.frozen
class Board:
    id: str = bounded_text(60)
    holding: str = bounded_text(60)
    edge: Edge
    columns: int = ranged(1, 200)
    rows: list[Row]
    threat: Threat
    run: Run


@attrs.frozen
class ComponentsFile:
    currencies: list[Currency]
    figures: list[FigureKind]
    tiles: list[TileKind]
    rings: list[Ring]
    supplies: list[Supply]
    bags: list[Bag]
    board: Board


@attrs.frozen
class Program:
    id: Literal["round", "final", "anytime"]
    effect: str = bounded_text(8000)


@attrs.frozen
class RulesFile:
    programs: list[Program]


MODELS = {"ruleset.yaml": RulesetFile, "components.yaml": ComponentsFile, "rules.yaml": RulesFile}
# JSON Schemas of the three files (`rulesdsl schema schemas` writes them with the others).
SCHEMAS = {"tableau_ruleset.schema.json": ("rulesdsl tableau ruleset manifest (ruleset.yaml)", RulesetFile),
           "tableau_components.schema.json": ("rulesdsl tableau components (components.yaml)", ComponentsFile),
           "tableau_rules.schema.json": ("rulesdsl tableau rules (rules.yaml)", RulesFile)}
_FIRST_KEYS = {"ruleset": "tableau_ruleset.schema.json", "board": "tableau_components.schema.json",
               "programs": "tableau_rules.schema.json"}


def schema_name(data) -> str | None:
    """The schema of a ruleset file from its data (None: not a tableau ruleset's file)."""
    if isinstance(data, dict):
        for key, name in _FIRST_KEYS.items():
            if key in data:
                return name
    return None


@attrs.define
class Ruleset:
    """Everything one tableau game is made of, checked."""

    folder: str
    manifest: Manifest
    components: ComponentsFile
    programs: dict  # id -> t.Program
    files: dict  # file name -> sha256 of what was read (the saved game's fingerprint)
    figures: dict = attrs.field(factory=dict)
    tiles: dict = attrs.field(factory=dict)
    rows: dict = attrs.field(factory=dict)

    @property
    def id(self) -> str:
        return self.manifest.id

    def option_defaults(self) -> dict[str, int]:
        return {o.id: o.default for o in self.manifest.options}


def merge(base, override):
    """`override` laid over `base`: mappings key by key; a list of mappings with ids by id."""
    if isinstance(base, dict) and isinstance(override, dict):
        out = dict(base)
        for key, value in override.items():
            out[key] = merge(base.get(key), value) if key in base else value
        return out
    if isinstance(base, list) and isinstance(override, dict) and all(isinstance(x, dict) and "id" in x for x in base):
        ids = {x["id"] for x in base}
        return [merge(x, override[x["id"]]) if x["id"] in override else x for x in base] + \
            [dict(value, id=key) for key, value in override.items() if key not in ids]
    return override


def load_ruleset(folder: Path, override: dict | None = None) -> Ruleset:
    """The ruleset in `folder` (with `override` laid over its files' data); ContentError if bad."""
    problems: list[Problem] = []
    docs, data, digests = {}, {}, {}
    override = override or {}
    for name in FILES:
        path = folder / name
        shown = str(path)
        try:
            raw = read_bounded(path, shown)
            doc = parse_yaml_bytes(raw, shown)
        except YamlReadError as err:
            problems.append(err.problem)
            continue
        except OSError as err:
            problems.append(Problem(Location(shown, 1, 1), f"cannot read: {err.strerror or err}"))
            continue
        docs[name], digests[name] = doc, hashlib.sha256(raw).hexdigest()
        value = doc.data
        if name in override:
            value = merge(value, override[name])
            digests[name + " (override)"] = hashlib.sha256(repr(sorted(override[name].items(), key=str)).encode()).hexdigest()
        obj, found = structure(value, MODELS[name])
        for subpath, message in found:
            problems.append(Problem(doc.location(subpath), message))
        data[name] = obj
    if problems:
        raise ContentError(problems)
    programs = {}
    for index, program in enumerate(data["rules.yaml"].programs):
        try:
            programs[program.id] = _parse(program.effect)
        except CardSyntaxError as err:
            doc = docs["rules.yaml"]
            problems.append(Problem(doc.text_location(("programs", index, "effect"), err.line, err.column), err.message))
    ruleset = Ruleset(str(folder), data["ruleset.yaml"].ruleset, data["components.yaml"], programs, digests)
    if not problems:
        problems += check(ruleset, docs)
    if problems:
        raise ContentError(problems)
    ruleset.figures = {f.id: f for f in ruleset.components.figures}
    ruleset.tiles = {k.id: k for k in ruleset.components.tiles}
    ruleset.rows = {r.row: r for r in ruleset.components.board.rows}
    return ruleset


def _parse(text: str) -> t.Program:
    return parse(text)


# The queries and quantities the tableau interpreter evaluates (besides currencies and options).
QUERIES = {"count", "count_safe", "held", "below", "figures", "runs", "longest_run"}
QUANTITIES = {"round", "last_of_kind", "nothing_affordable"}


def check(ruleset: Ruleset, docs) -> list[Problem]:
    """Every name the programs and components use resolves; the manifest is consistent."""
    c, m = ruleset.components, ruleset.manifest
    problems: list[Problem] = []
    comp, rules, manifest = docs["components.yaml"], docs["rules.yaml"], docs["ruleset.yaml"]

    def at(doc, path, message):
        problems.append(Problem(doc.location(path), message))

    currencies = {x.id for x in c.currencies}
    figures = {x.id for x in c.figures}
    categories = {x.category for x in c.tiles}
    options = {o.id for o in m.options}
    for name, ids in (("currency", [x.id for x in c.currencies]), ("figure", [x.id for x in c.figures]),
                      ("tile", [x.id for x in c.tiles]), ("option", [o.id for o in m.options])):
        seen = set()
        for index, ident in enumerate(ids):
            if ident in seen:
                at(comp if name != "option" else manifest, (), f"the {name} id '{ident}' is used twice")
            seen.add(ident)
    if not m.players.min <= m.players.default <= m.players.max:
        at(manifest, ("ruleset", "players"), "players: expected min <= default <= max")
    for index, key in enumerate(m.ranking):
        if key not in currencies:
            at(manifest, ("ruleset", "ranking", index), f"'{key}' is not a currency; expected one of {sorted(currencies)}")
    for index, option in enumerate(m.options):
        if option.values and option.default not in option.values:
            at(manifest, ("ruleset", "options", index, "default"), f"the default {option.default} is not one of the values {option.values}")
    for index, ring in enumerate(c.rings):
        if ring.currency not in currencies:
            at(comp, ("rings", index, "currency"), f"unknown currency '{ring.currency}'")
    for index, kind in enumerate(c.tiles):
        if kind.reward is not None and kind.reward.currency not in currencies:
            at(comp, ("tiles", index, "reward", "currency"), f"unknown currency '{kind.reward.currency}'")
    rows = set()
    for index, row in enumerate(c.board.rows):
        if row.category not in categories:
            at(comp, ("board", "rows", index, "category"), f"no tile has the category '{row.category}'")
        if row.figure is not None and row.figure not in figures:
            at(comp, ("board", "rows", index, "figure"), f"unknown figure '{row.figure}'")
        rows.add(row.row)
    for index, figure in enumerate(c.figures):
        if figure.row is not None and figure.row not in rows:
            at(comp, ("figures", index, "row"), f"the board has no row {figure.row}")
    threat = c.board.threat
    if threat.source not in categories:
        at(comp, ("board", "threat", "source"), f"no tile has the category '{threat.source}'")
    if threat.blocker not in figures:
        at(comp, ("board", "threat", "blocker"), f"unknown figure '{threat.blocker}'")
    tiles = {x.id for x in c.tiles}
    for key in ("first", "middle", "last"):
        if getattr(c.board.run, key) not in tiles:
            at(comp, ("board", "run", key), f"unknown tile '{getattr(c.board.run, key)}'")
    vocab = vocabulary(ruleset)
    for index, spec in enumerate(getattr(docs["rules.yaml"], "data", {}).get("programs", [])):
        program = ruleset.programs.get(spec.get("id")) if isinstance(spec, dict) else None
        if program is None:
            continue
        for where, message in check_program(program, vocab):
            line, column = (where.line, where.column) if where else (1, 1)
            problems.append(Problem(rules.text_location(("programs", index, "effect"), line, column), message))
    for needed in ("round", "final"):
        if needed not in ruleset.programs:
            at(rules, ("programs",), f"the program '{needed}' is missing")
    return problems


def vocabulary(ruleset: Ruleset) -> Vocabulary:
    """What the ruleset's programs may name, for the language's one checker: its kinds of names
    (components), its currencies as the items gained and paid, its figures as the queries'
    arguments, the quantities and queries of the tableau interpreter, the node kinds it runs."""
    c, m = ruleset.components, ruleset.manifest
    currencies = {x.id for x in c.currencies}
    figures = {x.id for x in c.figures}
    names = {
        "ring": {x.id for x in c.rings}, "supply": {x.id for x in c.supplies}, "bag": {x.id for x in c.bags},
        "category": {x.category for x in c.tiles}, "figure": figures, "currency": currencies,
    }
    nouns = {**{f: "figure" for f in figures}, **{x: "currency" for x in currencies}}
    return Vocabulary(nouns, names=names, quantities=frozenset(currencies | {o.id for o in m.options} | QUANTITIES),
                      queries=frozenset(QUERIES), query_args="figure", items="currency", kinds=KINDS)


# The node kinds of the card language a tableau program may use: its own statements, and the
# general statements and values its interpreter runs (the shared core's currency statements).
KINDS = frozenset({t.Acquire, t.Pay, t.Exchange, t.If, t.Anytime, t.Compare, t.BinOp, t.Num, t.And, t.Or, t.Not,
                   t.Bundle, t.IntAmount, t.ExprAmount, t.Program, t.Selector, t.MinOf, t.MaxOf, t.Signed,
                   t.Item, t.Quantity, t.Query, *n.TABLEAU_NODES})
