"""Mutation testing of the content: do the scenarios notice when a card or a space says something else?

    python tools/mutate_cards.py [--only 69,60,build_house_and_ship_4] [--kind occupations|spaces]
                                 [--category number,good,condition,nothing,how] [--sample N] [--jobs J]
                                 [--results FILE] [--fresh] [--survivors] [--all-swaps]

For every occupation and action space, mutants of its effect tree are made that still pass the
checker: each number +1 and -1, each good (resource, weapon, animal, special tile, ship) swapped
for the next one of its kind (`--all-swaps`: for every other one), each condition negated, the whole effect (and each timing item's
body) replaced by `nothing`. Each mutant replaces the item's program in the loaded content and
runs the scenarios that name the item (`cards:`, `played`, `hand`, `play:` for occupations; the
space id anywhere in the file for spaces). A mutant is killed when one of them fails, errs or
runs past the time limit. Survivors are listed with the reason: no scenario names the item, or
the scenarios do not tell the difference, or a hand-written reason why the mutant is equivalent
(`tools/mutants_equivalent.yaml`: item, mutant text, reason).

Results go to a JSON-lines file (default `mutants.jsonl` in the cache directory of `rulesdsl`,
`$RULESDSL_CACHE_DIR`), keyed by the item,
the mutant text and a hash of the item's scenarios and the engine sources, so a run can be
stopped and resumed, and a second run only redoes what changed. `--jobs` runs items in
parallel processes (the machine is shared: measure with `--sample` first).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import random
import signal
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulesdsl.lang import tree as t  # noqa: E402

CATEGORIES = ("number", "good", "condition", "nothing", "how")
# `how` filters: each removed (every way hears the hook), and each set of words of one family
# replaced by the other readings of that family: how an action came about (placed on the space,
# on the space or an imitation copying it, on an imitation only, granted by a card) or how a phase did
HOW_READINGS = ((("placed",), ("space",), ("copied",), ("granted",)), (("phase",), ("extra",)))
TIME_LIMIT = 20  # seconds per mutant (all its scenarios): a mutant that loops is killed
EQUIVALENT_FILE = ROOT / "tools" / "mutants_equivalent.yaml"


# ------------------------------------------------------------------ making mutants
class Mutator:
    """Mutants of one effect tree; the content tells which names are goods of which kind."""

    def __init__(self, content, all_swaps: bool = False):
        from rulesdsl.games.feast.engine.game import _catalog

        self.content = content
        self.all_swaps = all_swaps
        self.catalog = _catalog(content)
        kinds = defaultdict(list)
        for good in sorted(content.goods.values(), key=lambda g: g.id):
            if good.color == "animal":
                if not good.pregnant:
                    kinds["animal"].append(good.id)
            else:
                kinds[f"good:{good.color}"].append(good.id)
        for family, table in (("resource", content.resources), ("weapon", content.weapons), ("special", content.special_tiles),
                              ("ship", content.ships), ("building", content.buildings)):
            kinds[family] = sorted(x for x in table if family != "resource" or x != "silver")
        self.family = {name: family for family, names in kinds.items() for name in names}
        self.kinds = kinds

    def swap(self, name: str) -> str | None:
        """The next item of the same kind (a good of the same colour, another resource ...)."""
        others = self.swaps(name)
        return others[0] if others else None

    def swaps(self, name: str) -> list[str]:
        """Items of the same kind to put in `name`'s place: the next one, or with all_swaps every other one."""
        family = self.family.get(name)
        if family is None:
            return []
        names = self.kinds[family]
        if len(names) < 2:
            return []
        start = names.index(name)
        others = [names[(start + k) % len(names)] for k in range(1, len(names))]
        return others if self.all_swaps else others[:1]

    def resolve(self, words) -> str | None:
        name = self.catalog.resolve(tuple(words))
        return name if name in self.family else None

    def mutants(self, program: t.Program):
        """(category, description, mutant program) for every mutation point of the program."""
        yield "nothing", "the whole effect -> nothing", t.Program((t.Nothing(),))
        if len(program.items) > 1 or any(hasattr(i, "body") for i in program.items):
            for index, item in enumerate(program.items):
                target = item.hook if isinstance(item, t.OnceHook) else item
                if isinstance(target, (t.Hook, t.Watch, t.Anytime)) and target.body != (t.Nothing(),):
                    new = attrs.evolve(target, body=(t.Nothing(),))
                    if target is not item:
                        new = attrs.evolve(item, hook=new)
                    items = program.items[:index] + (new,) + program.items[index + 1:]
                    yield "nothing", f"item {index + 1} body -> nothing", t.Program(items)
        for category, desc, new in self._walk(program.items):
            yield category, desc, t.Program(new)

    def _walk(self, value):
        if isinstance(value, tuple):
            for i, child in enumerate(value):
                if isinstance(child, t.HowFilter):
                    where = f" at {child.pos.line}:{child.pos.column}" if child.pos is not None else ""
                    yield "how", f"how {', '.join(child.names)} removed{where}", value[:i] + value[i + 1:]
                for category, desc, new in self._walk(child):
                    yield category, desc, value[:i] + (new,) + value[i + 1:]
            return
        if not isinstance(value, t.Node):
            return
        yield from self._own(value)
        for field in attrs.fields(type(value)):
            if field.name == "pos":
                continue
            child = getattr(value, field.name)
            if isinstance(child, (t.Node, tuple)):
                for category, desc, new in self._walk(child):
                    yield category, desc, attrs.evolve(value, **{field.name: new})

    def _own(self, node):
        where = f" at {node.pos.line}:{node.pos.column}" if node.pos is not None else ""
        kind = type(node).__name__
        for field in attrs.fields(type(node)):
            if field.name == "pos":
                continue
            value = getattr(node, field.name)
            # numbers: every whole number the text writes, +1 and -1 (never below 0)
            if isinstance(value, int) and not isinstance(value, bool):
                for delta in (1, -1):
                    if value + delta >= 0:
                        yield "number", f"{kind}.{field.name} {value} -> {value + delta}{where}", attrs.evolve(node, **{field.name: value + delta})
            elif isinstance(value, tuple) and value and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                for i, v in enumerate(value):
                    for delta in (1, -1):
                        if v + delta >= 0:
                            new = value[:i] + (v + delta,) + value[i + 1:]
                            yield "number", f"{kind}.{field.name}[{i}] {v} -> {v + delta}{where}", attrs.evolve(node, **{field.name: new})
            # conditions: negated
            elif field.name in ("cond", "where") and value is not None and not isinstance(value, (str, tuple)):
                yield "condition", f"{kind}.{field.name} negated{where}", attrs.evolve(node, **{field.name: t.Not(value)})
        if isinstance(node, t.HowFilter):
            for family in HOW_READINGS:
                if set(node.names) <= {w for reading in family for w in reading}:
                    for reading in family:
                        if reading != tuple(node.names):
                            yield "how", f"how {', '.join(node.names)} -> {', '.join(reading)}{where}", attrs.evolve(node, names=reading)
        # goods: each concrete item name swapped for the next of its kind
        if isinstance(node, t.Item):
            names = [(w,) for w in node.words] if node.slash else [node.words]
            for i, words in enumerate(names):
                name = self.resolve(words)
                for other in self.swaps(name) if name else ():
                    new_words = (node.words[:i] + (other,) + node.words[i + 1:]) if node.slash else (other,)
                    yield "good", f"{name} -> {other}{where}", attrs.evolve(node, words=new_words)
        nouns = getattr(node, "nouns", None)
        if isinstance(node, (t.Selector, t.OfFilter)) and nouns:
            for i, words in enumerate(nouns):
                name = self.resolve(words)
                for other in self.swaps(name) if name else ():
                    yield "good", f"{name} -> {other}{where}", attrs.evolve(node, nouns=nouns[:i] + ((other,),) + nouns[i + 1:])


def valid_mutants(content, key, program, all_swaps: bool = False):
    """The distinct mutants that print, parse back and pass the checker: (category, description, text)."""
    from rulesdsl.lang.checker import check, declared_names, vocabulary_from
    from rulesdsl.lang.parser import parse
    from rulesdsl.lang.printer import to_text

    vocab = vocabulary_from(content)
    vocab.dice_kinds, vocab.parts = declared_names(content.programs.values())
    original = to_text(program)
    seen = {original}
    out = []
    for category, desc, mutant in Mutator(content, all_swaps).mutants(program):
        try:
            text = to_text(mutant)
            parsed = parse(text)
        except Exception:  # a mutant the printer or parser cannot take is no mutant
            continue
        if text in seen or check(parsed, vocab):
            continue
        seen.add(text)
        out.append((category, desc, text))
    return out


# ------------------------------------------------------------------ which scenarios prove what
def scenario_index(folder: Path):
    """item key -> scenario files naming it."""
    from rulesdsl.content.yamlfile import read_yaml

    index = defaultdict(list)
    import re

    for path in sorted(folder.rglob("*.yaml")):
        raw = path.read_text()
        try:
            data = read_yaml(path, str(path)).data
        except Exception:
            continue
        if not isinstance(data, dict) or "format" not in data:
            continue
        numbers = set(data.get("cards") or [])
        for pdata in (data.get("setup") or {}).get("players") or []:
            numbers |= set(pdata.get("played") or []) | set(pdata.get("hand") or [])
        for step in data.get("steps") or []:
            if isinstance(step, dict) and "play" in step:
                numbers.add(step["play"])
        for n in numbers:
            index[("occupations", n)].append(path)
        for word in set(re.findall(r"[a-z][a-z0-9_]*", raw)):
            index[("spaces", word)].append(path)
    return index


def _engine_hash() -> str:
    h = hashlib.sha256()
    for path in sorted((ROOT / "rulesdsl").rglob("*.py")) + sorted((ROOT / "rulesdsl").rglob("*.lark")) + [ROOT / "grammar" / "card.lark"]:
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def _files_hash(paths) -> str:
    h = hashlib.sha256()
    for path in paths:
        h.update(str(path).encode())
        h.update(Path(path).read_bytes())
    return h.hexdigest()[:16]


# ------------------------------------------------------------------ running
_CONTENT = None


def _init():
    global _CONTENT
    from rulesdsl.content.loader import load_content

    _CONTENT = load_content()


class _Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise _Timeout()


def run_item(task):
    """Run every mutant of one item against its scenarios: a list of result records."""
    key, mutants, files, stamp = task
    from rulesdsl.games.feast.engine.legality.relevance import forget
    from rulesdsl.games.feast.scenario import run_file
    from rulesdsl.lang.parser import parse

    content = _CONTENT
    original = content.programs[key]
    records = []
    signal.signal(signal.SIGALRM, _alarm)
    try:
        for category, desc, text in mutants:
            verdict, detail = "survived", ""
            content.programs[key] = parse(text)
            forget(content)  # what was read of the original program (a space's plan, its needs ...) no longer holds
            signal.alarm(TIME_LIMIT)
            try:
                for path in files:
                    result = run_file(path, content)
                    if not result.passed:
                        verdict, detail = "killed", f"{Path(path).name}: {result.failures[0][:160]}"
                        break
            except _Timeout:
                verdict, detail = "killed", "time limit (the mutant loops)"
            except Exception as err:  # a crash is a difference the scenarios noticed
                verdict, detail = "killed", f"error: {type(err).__name__}: {str(err)[:120]}"
            finally:
                signal.alarm(0)
                content.programs[key] = original
                forget(content)
            records.append({"item": list(key), "category": category, "mutant": desc, "text": text, "verdict": verdict,
                            "detail": detail, "stamp": stamp})
    finally:
        content.programs[key] = original
        forget(content)
    return records


def _load_results(path: Path) -> dict:
    found = {}
    if path.exists():
        for line in path.read_text().splitlines():
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line cut off when a run was stopped
            found[(tuple(rec["item"]), rec["text"], rec["stamp"])] = rec
    return found


def _equivalents() -> dict:
    if not EQUIVALENT_FILE.exists():
        return {}
    from ruamel.yaml import YAML

    data = YAML(typ="safe").load(EQUIVALENT_FILE.read_text()) or []
    return {(str(e["item"]), e["mutant"].strip()): e["reason"] for e in data}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", default="", help="comma-separated occupation numbers and space ids")
    ap.add_argument("--kind", choices=("occupations", "spaces"), default=None)
    ap.add_argument("--category", default=",".join(CATEGORIES), help="comma-separated: " + ", ".join(CATEGORIES))
    ap.add_argument("--sample", type=int, default=0, help="only N items picked at random (seeded)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--results", default=None, help="JSON-lines results file (default: mutants.jsonl in the rulesdsl cache directory)")
    ap.add_argument("--fresh", action="store_true", help="ignore stored results")
    ap.add_argument("--survivors", action="store_true", help="list every survivor with its reason")
    ap.add_argument("--scenarios", default=str(ROOT / "scenarios"))
    ap.add_argument("--all-swaps", action="store_true", help="swap each good for every other of its kind (default: the next one)")
    args = ap.parse_args(argv)

    _init()
    content = _CONTENT
    categories = set(args.category.split(","))
    only = {x.strip() for x in args.only.split(",") if x.strip()}
    keys = [("occupations", n) for n in sorted(content.occupations)] + [("spaces", s) for s in sorted(content.spaces)]
    keys = [k for k in keys if (not args.kind or k[0] == args.kind) and (not only or str(k[1]) in only)]
    if args.sample:
        keys = sorted(random.Random(args.seed).sample(keys, min(args.sample, len(keys))), key=str)
    index = scenario_index(Path(args.scenarios))
    engine = _engine_hash()
    from rulesdsl.content.cache import cache_dir

    results_path = Path(args.results) if args.results else (cache_dir() or Path(".")) / "mutants.jsonl"
    results_path.parent.mkdir(parents=True, exist_ok=True)
    stored = {} if args.fresh else _load_results(results_path)

    tasks, done, plans = [], [], {}
    for key in keys:
        files = sorted(set(index.get(key, [])))
        mutants = [m for m in valid_mutants(content, key, content.programs[key], args.all_swaps) if m[0] in categories]
        stamp = f"{engine}:{_files_hash(files)}"
        plans[key] = (files, mutants)
        todo = []
        for m in mutants:
            rec = stored.get((key, m[2], stamp))
            if rec is not None:
                done.append(rec)
            elif files:
                todo.append(m)
            else:
                done.append({"item": list(key), "category": m[0], "mutant": m[1], "text": m[2], "verdict": "survived",
                             "detail": "no scenario names this item", "stamp": stamp})
        if todo:
            tasks.append((key, todo, files, stamp))
    total = sum(len(t_[1]) for t_ in tasks)
    print(f"{len(keys)} items, {sum(len(p[1]) for p in plans.values())} mutants; {total} to run, "
          f"{len(done)} known; {args.jobs} process(es)", file=sys.stderr)
    start = time.monotonic()
    with results_path.open("a") as out:
        def keep(records):
            for rec in records:
                out.write(json.dumps(rec) + "\n")
            out.flush()
            done.extend(records)

        if args.jobs > 1 and tasks:
            with multiprocessing.Pool(args.jobs, initializer=_init) as pool:
                for n, records in enumerate(pool.imap_unordered(run_item, tasks), 1):
                    keep(records)
                    print(f"  {n}/{len(tasks)} items ({time.monotonic() - start:.0f} s)", file=sys.stderr)
        else:
            for n, task in enumerate(tasks, 1):
                keep(run_item(task))
                print(f"  {n}/{len(tasks)} items ({time.monotonic() - start:.0f} s)", file=sys.stderr)
    print(report(done, _equivalents(), args.survivors))
    return 0


def report(records, equivalents, list_survivors: bool) -> str:
    """Per kind and category: mutants, killed, equivalent, survivors, and the kill rate without equivalents."""
    table = defaultdict(Counter)
    survivors = []
    for rec in records:
        kind, item = rec["item"]
        reason = equivalents.get((str(item), rec["text"].strip())) or equivalents.get((str(item), rec["mutant"]))
        verdict = "equivalent" if rec["verdict"] == "survived" and reason else rec["verdict"]
        for row in ((kind, rec["category"]), (kind, "all"), ("all", rec["category"]), ("all", "all")):
            table[row][verdict] += 1
        if verdict != "killed":
            survivors.append((kind, item, rec, reason or rec["detail"] or "the scenarios do not tell the difference", verdict))
    lines = [f"{'kind':12} {'category':10} {'mutants':>8} {'killed':>7} {'equiv.':>7} {'survive':>8} {'killed %':>9}"]
    for (kind, category), c in sorted(table.items(), key=lambda kv: (kv[0][0] == "all", kv[0][0], kv[0][1] == "all", kv[0][1])):
        n = sum(c.values())
        rate = 100.0 * c["killed"] / max(1, n - c["equivalent"])
        lines.append(f"{kind:12} {category:10} {n:>8} {c['killed']:>7} {c['equivalent']:>7} {c['survived']:>8} {rate:>8.1f}%")
    if list_survivors:
        lines.append("")
        for kind, item, rec, reason, verdict in sorted(survivors, key=lambda s: (s[0], str(s[1]), s[2]["mutant"])):
            text = " / ".join(line.strip() for line in rec["text"].strip().splitlines())
            lines.append(f"{'EQUIVALENT' if verdict == 'equivalent' else 'SURVIVES'}  {kind[:-1]} {item}  [{rec['category']}] "
                         f"{rec['mutant']}  ({reason})\n      {text[:200]}")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
