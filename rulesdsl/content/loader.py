"""Load content from an ordered list of roots into one checked `Content`.

A root is a folder with `boards/` (collection files: top-level keys name
collections such as `goods` or `spaces`, plus an optional `remove` list) and/or
`cards/` (one occupation per file). The built-in content comes first; each
later root (a fan variant) may add items, replace an item by giving the same
id, or remove one with ``remove: {spaces: [some_space]}``. Every item remembers
the file and line it came from.

Loading is all or nothing: every problem of every file is collected, and if
there is any, `ContentError` lists them all and no `Content` is returned.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
from pathlib import Path

import attrs

from rulesdsl import resources
from rulesdsl.content import cache
from rulesdsl.content import models as m
from rulesdsl.content.located import YamlDoc
from rulesdsl.content.structure import structure
from rulesdsl.content.tables import TABLES
from rulesdsl.content.validate import validate_content
from rulesdsl.content.yamlfile import YamlReadError, parse_yaml_bytes, read_bounded
from rulesdsl.errors import ContentError, Location, Problem, describe

def builtin_root() -> Path:
    """The content shipped with the package (the repository's boards/ and cards/)."""
    return resources.builtin_root()


@attrs.define
class ItemSource:
    """Where an item was defined: its file and the path of its mapping there."""

    doc: YamlDoc
    path: tuple
    root: str

    def location(self, *field) -> Location:
        return self.doc.location(self.path + tuple(field))

    def text_location(self, field: str, line: int, column: int) -> Location:
        return self.doc.text_location(self.path + (field,), line, column)


@attrs.define
class RootChanges:
    """What one content root did to the content before it: (collection, id) lists."""

    root: str
    added: list = attrs.field(factory=list)
    replaced: list = attrs.field(factory=list)
    removed: list = attrs.field(factory=list)


@attrs.define(eq=False, slots=False)
class Content:
    """Every component of the game, keyed by collection and id, plus parsed effects."""

    collections: dict[str, dict]
    sources: dict[tuple, ItemSource]
    roots: tuple[str, ...]
    programs: dict[tuple, object] = attrs.field(factory=dict)  # (collection, id) -> Program
    # what each root changed, in load order (`rulesdsl validate` prints it)
    changes: tuple[RootChanges, ...] = ()
    files: dict[str, str] = attrs.field(factory=dict)  # "root/relative path" -> sha256 of its bytes (saved games)

    def __attrs_post_init__(self):
        # content.goods, content.spaces ... as plain attributes: the engine reads them constantly
        for name, collection in self.collections.items():
            if not hasattr(type(self), name) and name not in attrs.fields_dict(type(self)):
                self.__dict__[name] = collection

    def __getattr__(self, name):
        # content.goods, content.spaces ... read the collection of that name
        try:
            collections = object.__getattribute__(self, "collections")
        except AttributeError:
            raise AttributeError(name) from None
        if name in collections:
            return collections[name]
        raise AttributeError(name)

    def __getstate__(self) -> dict:
        # the readings made of it (content/tables.py) are made again where it is loaded
        return {k: v for k, v in self.__dict__.items() if k != TABLES}

    def source(self, collection: str, item_id) -> ItemSource:
        return self.sources[(collection, item_id)]

    def program(self, collection: str, item_id):
        return self.programs[(collection, item_id)]

    def find(self, key: str) -> list[tuple[str, object]]:
        """Items whose id, number or name matches `key` (case-insensitive).

        A bare number means an occupation (the card number is its identity);
        `collection:id` names one collection (`columns:1`, `spaces:some_space`).
        """
        key = key.strip()
        only = None
        if ":" in key:
            only, key = (part.strip() for part in key.split(":", 1))
        if only is None and key.isdigit() and int(key) in self.collections["occupations"]:
            return [("occupations", self.collections["occupations"][int(key)])]
        wanted = key.lower().replace(" ", "_")
        found = []
        for collection, items in self.collections.items():
            if only is not None and collection != only:
                continue
            for item_id, item in items.items():
                names = {str(item_id).lower()}
                name = getattr(item, "name", None)
                if isinstance(name, str):
                    names.add(name.lower().replace(" ", "_"))
                if wanted in names:
                    found.append((collection, item))
        return found


# ------------------------------------------------------------------------------ reading
_CARD_NAME = re.compile(r"(?P<number>\d+)-[a-z0-9-]+\.ya?ml\Z")


@attrs.define
class _RootItems:
    items: dict = attrs.field(factory=dict)  # (collection, id) -> (model, ItemSource)
    removals: list = attrs.field(factory=list)  # (collection, id, Location)


def yaml_files(folder: Path, problems: list[Problem]) -> list[Path]:
    """Every YAML file under `folder`, symlinks followed; what cannot be read is a problem."""
    found: list[Path] = []
    if folder.is_symlink() or folder.exists():
        _walk(folder, found, problems, ())
    return sorted(found)


def _walk(folder: Path, found: list[Path], problems: list[Problem], ancestors: tuple) -> None:
    # A content folder that can only be read in part would load a different game
    # without a word, so every unreadable folder and broken or looping link is reported.
    def problem(path: Path, message: str) -> None:
        problems.append(Problem(Location(display_path(path), 1, 1), message))

    try:
        info = os.stat(folder)
        ident = (info.st_dev, info.st_ino)
        if ident in ancestors:
            problem(folder, "symbolic link loop: this folder contains itself")
            return
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=lambda e: e.name)
    except OSError as err:
        problem(folder, f"cannot read folder: {err.strerror or err}")
        return
    for entry in entries:
        path = Path(entry.path)
        try:
            target = os.stat(path)
        except OSError as err:
            what = "broken symbolic link" if entry.is_symlink() else "cannot read"
            problem(path, f"{what}: {err.strerror or err}")
            continue
        if stat.S_ISDIR(target.st_mode):
            if not _is_ruleset(path):  # a ruleset folder is a game of its own (rulesdsl.games.tableau.engine)
                _walk(path, found, problems, ancestors + (ident,))
        elif path.suffix in (".yaml", ".yml"):
            if stat.S_ISREG(target.st_mode):
                found.append(path)
            else:
                problem(path, "not a regular file")


def _is_ruleset(folder: Path) -> bool:
    try:
        return stat.S_ISREG(os.stat(folder / "ruleset.yaml").st_mode)
    except OSError:  # unreadable: not skipped, so the walk reports it
        return False


def display_path(path: Path) -> str:
    """How a file is named in messages: relative to the working folder where it lies below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError, RuntimeError):
        return str(path)


def root_files(root: Path, problems: list[Problem]) -> list[tuple[str, Path]]:
    """The files of one root as (kind, path): a folder's boards/ and cards/, or one file."""
    try:
        info = os.stat(root)
    except OSError as err:
        broken = root.is_symlink()
        message = f"broken symbolic link: {err.strerror}" if broken else \
            "no such content folder or file" if isinstance(err, FileNotFoundError) else f"cannot read: {err.strerror or err}"
        problems.append(Problem(Location(display_path(root), 1, 1), message))
        return []
    if stat.S_ISREG(info.st_mode):
        return [("file", root)]
    if not stat.S_ISDIR(info.st_mode):
        problems.append(Problem(Location(display_path(root), 1, 1), "not a content folder or a regular file"))
        return []
    try:
        names = set(os.listdir(root))
    except OSError as err:
        problems.append(Problem(Location(display_path(root), 1, 1), f"cannot read folder: {err.strerror or err}"))
        return []
    if "boards" not in names and "cards" not in names:
        problems.append(Problem(Location(display_path(root), 1, 1), "a content folder needs a boards/ or cards/ subfolder"))
        return []
    boards, cards = root / "boards", root / "cards"
    return [("boards", p) for p in yaml_files(boards, problems)] + [("cards", p) for p in yaml_files(cards, problems)]


def _digests(plan) -> dict[str, str]:
    """Each loaded file's hash under a name that does not depend on where the roots lie."""
    builtin = builtin_root().resolve() if _has_builtin() else None
    out = {}
    for root, _kind, path, raw in plan:
        base = Path(root).resolve()
        if not base.is_dir():  # a single file named as a root
            out[base.name] = hashlib.sha256(raw).hexdigest()
            continue
        label = "builtin" if base == builtin else base.name
        try:
            name = path.resolve().relative_to(base).as_posix()
        except ValueError:  # a link out of the root
            name = path.name
        out[f"{label}/{name}"] = hashlib.sha256(raw).hexdigest()
    return out


def _has_builtin() -> bool:
    try:
        builtin_root()
        return True
    except Exception:  # a damaged install has no built-in root to name
        return False


def _read_bytes(path: Path, problems: list[Problem]) -> bytes | None:
    """The bytes of a content file (bounded in size), or None with a problem."""
    try:
        return read_bounded(path, lambda: display_path(path))
    except YamlReadError as err:
        problems.append(err.problem)
        return None


def _read_file(kind: str, path: Path, raw: bytes, root: str, out: _RootItems, problems: list[Problem]) -> None:
    try:
        doc = parse_yaml_bytes(raw, display_path(path))
    except YamlReadError as err:
        problems.append(err.problem)
        return
    if kind == "file":
        kind = "cards" if isinstance(doc.data, dict) and "number" in doc.data else "boards"
    if kind == "cards":
        _card_file(doc, path, root, out, problems)
    else:
        _collection_file(doc, root, out, problems)


def _add(out: _RootItems, collection: str, item, source: ItemSource, problems: list[Problem]) -> None:
    key = (collection, m.item_id(item))
    if key in out.items:
        first = out.items[key][1].location()
        problems.append(
            Problem(source.location("number" if collection == "occupations" else "id"),
                    f"duplicate id '{key[1]}' in {collection} (first defined at {first})")
        )
        return
    out.items[key] = (item, source)


def _collection_file(doc: YamlDoc, root: str, out: _RootItems, problems: list[Problem]) -> None:
    if doc.data is None:
        return
    if not isinstance(doc.data, dict):
        problems.append(Problem(doc.location(()), f"expected a mapping of collections ({', '.join(m.COLLECTIONS)}), found {describe(doc.data)}"))
        return
    for name, entries in doc.data.items():
        if name == "remove":
            _removals(doc, entries, out, problems)
            continue
        cls = m.COLLECTIONS.get(name)
        if cls is None:
            problems.append(Problem(doc.location((name,), key=True), f"unknown collection '{name}'; expected one of: {', '.join(m.COLLECTIONS)}, remove"))
            continue
        if not isinstance(entries, list):
            problems.append(Problem(doc.location((name,)), f"'{name}' must be a list of items, found {describe(entries)}"))
            continue
        for index, entry in enumerate(entries):
            path = (name, index)
            item, errors = structure(entry, cls)
            for sub, message in errors:
                problems.append(Problem(doc.location(path + sub, key=message.startswith("unknown key")), message))
            if item is not None:
                _add(out, name, item, ItemSource(doc, path, root), problems)


def _removals(doc: YamlDoc, entries, out: _RootItems, problems: list[Problem]) -> None:
    if not isinstance(entries, dict):
        problems.append(Problem(doc.location(("remove",)), f"'remove' must map collection names to lists of ids, found {describe(entries)}"))
        return
    for name, ids in entries.items():
        if name not in m.COLLECTIONS:
            problems.append(Problem(doc.location(("remove", name), key=True), f"unknown collection '{name}' in remove"))
            continue
        if not isinstance(ids, list):
            problems.append(Problem(doc.location(("remove", name)), f"expected a list of ids to remove, found {describe(ids)}"))
            continue
        for index, item_id in enumerate(ids):
            out.removals.append((name, item_id, doc.location(("remove", name, index))))


def _card_file(doc: YamlDoc, path: Path, root: str, out: _RootItems, problems: list[Problem]) -> None:
    item, errors = structure(doc.data, m.Occupation)
    for sub, message in errors:
        problems.append(Problem(doc.location(sub, key=message.startswith("unknown key")), message))
    if item is None:
        return
    match = _CARD_NAME.match(path.name)
    if match and int(match.group("number")) != item.number:
        problems.append(Problem(doc.location(("number",)), f"card number {item.number} does not match the file name '{path.name}'"))
    if path.parent.name in ("A", "B", "C") and path.parent.name != item.deck:
        problems.append(Problem(doc.location(("deck",)), f"deck {item.deck} does not match the folder '{path.parent.name}'"))
    _add(out, "occupations", item, ItemSource(doc, (), root), problems)


# ------------------------------------------------------------------------------ merging
def load_content(extra_roots=(), include_builtin: bool = True) -> Content:
    """Load the built-in content, then each extra root in order; raise ContentError on any problem."""
    if not include_builtin:
        return load_roots([Path(r) for r in extra_roots])

    root = builtin_root()
    missing = resources.missing_packaged_files()
    if missing:
        raise resources.DamagedInstall(missing[0], f"a built-in content file is missing ({len(missing)} in all)")
    try:
        return load_roots([root, *(Path(r) for r in extra_roots)])
    except ContentError as err:
        # A file of the built-in content that cannot be read is a damaged install, not the user's mistake.
        for problem in err.problems:
            if problem.message.startswith("cannot read file") and problem.location is not None \
                    and _inside(Path(problem.location.path), root):
                raise resources.DamagedInstall(problem.location.path, problem.message) from None
        raise


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
        return True
    except ValueError:
        return False


def load_roots(roots) -> Content:
    problems: list[Problem] = []
    plan: list[tuple[str, str, Path, bytes]] = []  # (root, kind, path, bytes) in load order
    seen: set = set()
    for root in roots:
        for kind, path in root_files(Path(root), problems):
            resolved = path.resolve()
            if resolved in seen:
                continue  # a file named on its own that a folder already brought in
            seen.add(resolved)
            raw = _read_bytes(path, problems)
            if raw is not None:
                plan.append((str(root), kind, path, raw))
    key = cache.key_for([(f"{root}|{kind}|{display_path(path)}", raw) for root, kind, path, raw in plan])
    if not problems:
        cached = cache.get(key)
        if cached is not None:
            return cached

    content = build_content(plan, roots, problems)
    cache.put(key, content)
    return content


def build_content(plan: list, roots, problems: list[Problem]) -> Content:
    """Read the planned (root, kind, path, bytes) files, merge them root by root and check
    the result; raise ContentError listing `problems` and every new one if there are any.

    The language server calls this with the text of unsaved editor buffers in the plan.
    """
    read: list[tuple[str, _RootItems]] = []
    for root in dict.fromkeys(str(r) for r in roots):
        items = _RootItems()
        for _, kind, path, raw in (entry for entry in plan if entry[0] == root):
            _read_file(kind, path, raw, root, items, problems)
        read.append((root, items))
    content = _merge(read, roots, problems)
    content.files = _digests(plan)

    # Effects are parsed even when some files are broken (syntax errors need no
    # other content); names are checked only once every item could be read.
    checked = validate_content(content, check_names=not problems)
    if checked and not problems and any(items.removals for _, items in read):
        checked = _blame_removals(read, roots, checked)
    problems.extend(checked)
    if problems:
        raise ContentError(problems)
    return content


def _merge(read: list, roots, problems: list[Problem], skip: frozenset = frozenset()) -> Content:
    """Apply each root's removals, then its items, over the roots before it.

    An item whose id an earlier root defined replaces it only with `replaces: true`;
    removals listed in `skip` (their locations) are left out.
    """
    collections: dict[str, dict] = {name: {} for name in m.COLLECTIONS}
    sources: dict[tuple, ItemSource] = {}
    changes = []
    for root, items in read:
        change = RootChanges(display_path(Path(root)))
        for collection, item_id, location in items.removals:
            if location in skip:
                continue
            if (collection, item_id) not in sources:
                problems.append(Problem(location, f"cannot remove {collection} '{item_id}': no earlier content defines it"))
                continue
            del collections[collection][item_id]
            del sources[(collection, item_id)]
            change.removed.append((collection, item_id))
        for (collection, item_id), (item, source) in items.items.items():
            earlier = sources.get((collection, item_id))
            field = "number" if collection == "occupations" else "id"
            if earlier is not None and not item.replaces:
                problems.append(Problem(source.location(field),
                                        f"{collection} '{item_id}' is already defined at {earlier.location(field)}; "
                                        f"add 'replaces: true' to replace it"))
                continue
            if earlier is None and item.replaces:
                problems.append(Problem(source.location("replaces"),
                                        f"'replaces: true' but no earlier content defines {collection} '{item_id}'"))
                continue
            (change.replaced if earlier is not None else change.added).append((collection, item_id))
            collections[collection][item_id] = item
            sources[(collection, item_id)] = source
        changes.append(change)
    return Content(collections, sources, tuple(display_path(Path(r)) for r in roots), changes=tuple(changes))


def _blame_removals(read: list, roots, problems: list[Problem]) -> list[Problem]:
    """Problems that only a `remove:` causes, moved to that removal's line.

    The content is checked again without each removal in turn; a problem that goes away
    without removal R is reported at R's line, naming where it shows.
    """
    removals = [location for _, items in read for _, _, location in items.removals]
    if len(removals) > 20:  # re-checking costs a full validation per removal
        return problems

    def places(skip) -> set:  # where problems show when the removals in `skip` are left out
        return {p.location for p in validate_content(_merge(read, roots, [], frozenset(skip)))}

    without_all = places(removals)
    names = {location: f"{collection} '{item_id}'" for _, items in read for collection, item_id, location in items.removals}
    without_one = {location: places({location}) for location in removals} if len(removals) > 1 else {}
    out = []
    for problem in problems:
        if problem.location in without_all:
            out.append(problem)
            continue
        # the first removal without which the problem goes away (the only one, if one)
        blamed = next((loc for loc in removals if problem.location not in without_one.get(loc, ())), removals[0])
        out.append(Problem(blamed, f"removing {names[blamed]} breaks {problem.location}: {problem.message}"))
    return out
