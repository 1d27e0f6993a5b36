"""`rulesdsl new card|space|board`: a filled-in content file in the right place of a root.

The templates are data (`templates/*.yaml`, shipped with the package); this module fills
in what depends on the content already there (a free row in the space's column, the next
free exploration-board slot, the allowed card categories) and the file's schema line, and
writes the file where the loader expects it: `cards/occupations/<deck>/<NNN>-<name>.yaml`
or `boards/<id>.yaml` under the root (a variant folder, or the built-in content).
"""

from __future__ import annotations

import re
import string
import typing
from pathlib import Path

from ruamel.yaml import YAML

from rulesdsl.authoring.schema import schema_for, schema_line, with_schema_line
from rulesdsl.content import models as m
from rulesdsl.content.loader import builtin_root, load_content
from rulesdsl.errors import RulesError
from rulesdsl.resources import schemas_root, templates_root

KINDS = ("card", "space", "board")


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "card"


def _template(kind: str) -> string.Template:
    return string.Template((templates_root() / f"{kind}.yaml").read_text(encoding="utf-8"))


def categories() -> tuple[str, ...]:
    """The allowed values of an occupation's `category` (from the model)."""
    return typing.get_args(typing.get_type_hints(m.Occupation, vars(m))["category"])


def category_examples() -> dict[str, dict]:
    """Per category: the example text, effect and scenario of `new card --category` (templates/categories.yaml)."""
    return YAML(typ="safe").load((templates_root() / "categories.yaml").read_text(encoding="utf-8"))


def _card(root: Path, content, number: str, name: str | None, deck: str, category: str = "each_time") -> tuple[Path, dict]:
    if not number.isdigit():
        raise RulesError(f"a card is named by its number: '{number}' is not a number")
    if int(number) in content.occupations:
        raise RulesError(f"occupation {int(number)} exists already ({content.source('occupations', int(number)).location()}); "
                         "choose a free number (a card that replaces it needs 'replaces: true')")
    if category not in categories():
        raise RulesError(f"unknown category '{category}'; expected one of {', '.join(categories())}")
    name = name or "New Card"
    path = root / "cards" / "occupations" / deck / f"{int(number):03d}-{_slug(name)}.yaml"
    example = category_examples()[category]
    return path, {"number": int(number), "deck": deck, "name": name, "category": category,
                  "categories": ", ".join(categories()), "text": example["text"],
                  "effect": example["effect"].replace("$number", str(int(number)))}


def scenario_stub(root: Path, number: int, name: str, category: str) -> Path:
    """Write a scenario that proves the example card of `category` (`scenarios/<NNN>-<name>.yaml`)."""
    body = category_examples()[category]["scenario"].replace("$number", str(number))
    path = root / "scenarios" / f"{number:03d}-{_slug(name)}.yaml"
    if path.exists():
        raise RulesError(f"{path} exists already")
    head = (f"format: 1\ntitle: {name} does what its text says (change this scenario with the card)\n"
            f"source: card {number} {name}\ncards: [{number}]\ngame: {{players: 2, seed: 1}}\n")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(head + body, encoding="utf-8")
    return path


def _space(root: Path, content, space_id: str, name: str | None) -> tuple[Path, dict]:
    if space_id in content.spaces:
        raise RulesError(f"space '{space_id}' exists already ({content.source('spaces', space_id).location()})")
    column = min(content.columns) if content.columns else 1
    used = [s.row + s.rows - 1 for s in content.spaces.values() if s.column == column]
    return root / "boards" / f"{space_id}.yaml", {
        "id": space_id, "name": name or space_id.replace("_", " ").capitalize(),
        "column": column, "row": max(used, default=0) + 1}


def _board(root: Path, content, board_id: str, name: str | None) -> tuple[Path, dict]:
    if board_id in content.exploration_boards:
        raise RulesError(f"exploration board '{board_id}' exists already")
    slots = {b.slot for b in content.exploration_boards.values()}
    slot = next(letter for letter in string.ascii_uppercase if letter not in slots)
    return root / "boards" / f"{board_id}.yaml", {
        "id": board_id, "name": name or board_id.replace("_", " ").title(), "slot": slot}


def new_file(kind: str, root: Path, content, ident: str, name: str | None = None, deck: str = "A",
             category: str = "each_time") -> Path:
    """Write the template of `kind` for `ident` under `root`; return the file written."""
    if kind == "card":
        path, values = _card(root, content, ident, name, deck, category)
    elif kind == "space":
        path, values = _space(root, content, ident, name)
    elif kind == "board":
        path, values = _board(root, content, ident, name)
    else:
        raise RulesError(f"unknown kind '{kind}': use one of {', '.join(KINDS)}")
    if kind != "card" and not re.fullmatch(r"[a-z][a-z0-9_]*", ident):
        raise RulesError(f"id '{ident}' must be lower-case letters, digits and underscores, starting with a letter")
    if path.exists():
        raise RulesError(f"{path} exists already")
    text = _template(kind).substitute(values)
    line = schema_line(path, schemas_root(), schema_for({"number": 0} if kind == "card" else {}))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(with_schema_line(text, line), encoding="utf-8")
    return path


def run(args, load) -> int:
    """`rulesdsl new KIND ID [NAME]`: write the file, then load the content with it."""
    builtin = builtin_root()
    root = Path(args.root) if args.root else builtin
    extra = [] if root.resolve() == builtin.resolve() else [root]
    if extra and not root.exists():
        root.mkdir(parents=True)
    has_files = (root / "boards").is_dir() or (root / "cards").is_dir()
    content = load(args, extra) if extra and has_files else load(args)
    category = getattr(args, "category", None) or "each_time"
    if args.kind != "card" and getattr(args, "category", None):
        raise RulesError("--category is for cards")
    path = new_file(args.kind, root, content, args.ident, args.name, args.deck.upper(), category)
    print(f"wrote {path}")
    if args.kind == "card":
        stub = scenario_stub(root, int(args.ident), args.name or "New Card", category)
        print(f"wrote {stub}")
    load_content([*args.content, *extra], include_builtin=not args.no_builtin)
    print("the content validates with it")
    return 0
