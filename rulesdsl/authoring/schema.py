"""JSON Schemas of the content files, generated from the attrs models.

The models in `rulesdsl/content/models.py` are the one source of truth: each field's
type becomes a JSON type (Literal -> enum, `X | None` -> X or null, tuples -> arrays,
dicts -> objects, nested models -> `$defs`), fields without a default are required, and a
field's `metadata["range"] == (lo, hi)` becomes minimum/maximum. `rulesdsl schema DIR`
writes them; the package ships them in `schemas/`, and every content file names its
schema on its first line (`# yaml-language-server: $schema=...`) so that editors with
the YAML language server check keys and types while one types.

Files written: `card.schema.json` (one occupation per file), `board.schema.json` (a
collection file: any of the collections and `remove`), `remove.schema.json`, and one
`<collection>.schema.json` per collection (a list of its items); and each game plug-in's own
files' schemas (`GamePlugin.schemas`: a tableau ruleset folder's three files).
"""

from __future__ import annotations

import json
import os
import sys
import types
import typing
from pathlib import Path
from typing import Literal, get_args, get_origin

import attrs

from rulesdsl.content import models as m
from rulesdsl.errors import RulesError
from rulesdsl.games.registry import plugins  # the games' own files' schemas (a tableau ruleset folder's)
from rulesdsl.resources import schemas_root
from rulesdsl.savefile import write_atomic

DIALECT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_LINE = "# yaml-language-server: $schema="


class _Builder:
    """Collects the `$defs` of nested models while types are translated."""

    def __init__(self):
        self.defs: dict[str, dict] = {}

    def type_schema(self, tp) -> dict:
        origin = get_origin(tp)
        if tp is bool:
            return {"type": "boolean"}
        if tp is int:
            return {"type": "integer"}
        if tp is float:
            return {"type": "number"}
        if tp is str:
            return {"type": "string"}
        if tp is type(None):
            return {"type": "null"}
        if origin is Literal:
            return {"enum": list(get_args(tp))}
        if origin in (typing.Union, types.UnionType):
            return {"anyOf": [self.type_schema(arg) for arg in get_args(tp)]}
        if origin is tuple:
            args = get_args(tp)
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.type_schema(args[0])}
            return {"type": "array", "prefixItems": [self.type_schema(a) for a in args],
                    "minItems": len(args), "maxItems": len(args)}
        if origin is list:
            return {"type": "array", "items": self.type_schema(get_args(tp)[0])}
        if origin is dict:
            key, value = get_args(tp)
            return {"type": "object", "additionalProperties": self.type_schema(value)}
        if attrs.has(tp):
            if tp.__name__ not in self.defs:
                self.defs[tp.__name__] = {}  # placeholder against cycles
                self.defs[tp.__name__] = self.model_schema(tp)
            return {"$ref": f"#/$defs/{tp.__name__}"}
        raise TypeError(f"no JSON Schema for the type {tp!r}")  # pragma: no cover - a new kind of field

    def model_schema(self, cls) -> dict:
        hints = typing.get_type_hints(cls, {**vars(m), **vars(sys.modules[cls.__module__])})
        properties, required = {}, []
        # the base's `replaces` last: the item's own fields are what an author looks for
        for field in sorted(attrs.fields(cls), key=lambda f: f.name == "replaces"):
            schema = self.type_schema(hints[field.name])
            low, high = field.metadata.get("range", (None, None))
            for target in _integer_parts(schema):
                if low is not None:
                    target["minimum"] = low
                if high is not None:
                    target["maximum"] = high
            if field.name == "replaces":
                schema["description"] = "true: replace the item of the same id from an earlier content root"
            properties[field.name] = schema
            if field.default is attrs.NOTHING:
                required.append(field.name)
        out = {"type": "object", "properties": properties, "required": required, "additionalProperties": False}
        description = _description(cls)
        if description:
            out = {"description": description, **out}
        return out


def _integer_parts(schema: dict) -> list[dict]:
    if schema.get("type") == "integer":
        return [schema]
    return [part for sub in schema.get("anyOf", []) for part in _integer_parts(sub)]


def _description(cls) -> str:
    doc = cls.__dict__.get("__doc__")
    if not doc or doc.startswith(f"{cls.__name__}("):  # attrs' generated placeholder
        return ""
    return " ".join(doc.strip().split("\n\n")[0].split())


def _document(name: str, title: str, root: dict, builder: _Builder) -> dict:
    out = {"$schema": DIALECT, "title": title, **root}
    if builder.defs:
        out["$defs"] = dict(sorted(builder.defs.items()))
    return out


def _remove_schema() -> dict:
    return {
        "description": "Items of earlier content roots to remove, by collection and id.",
        "type": "object",
        "properties": {name: {"type": "array", "items": {"type": ["string", "integer"]}} for name in m.COLLECTIONS},
        "additionalProperties": False,
    }


def schemas() -> dict[str, dict]:
    """File name -> JSON Schema of every kind of content file."""
    out: dict[str, dict] = {}
    card = _Builder()
    out["card.schema.json"] = _document("card.schema.json", "rulesdsl occupation card file",
                                        card.model_schema(m.Occupation), card)
    board = _Builder()
    properties = {name: {"type": "array", "items": board.type_schema(cls)}
                  for name, cls in m.COLLECTIONS.items() if name != "occupations"}
    properties["occupations"] = {"type": "array", "items": board.type_schema(m.Occupation)}
    properties["remove"] = _remove_schema()
    out["board.schema.json"] = _document(
        "board.schema.json", "rulesdsl collection file (boards/*.yaml)",
        {"description": "Top-level keys name collections; each holds a list of items. `remove` removes "
                        "items of earlier content roots.",
         "type": "object", "properties": properties, "additionalProperties": False}, board)
    out["remove.schema.json"] = _document("remove.schema.json", "rulesdsl variant removal",
                                          {"type": "object", "properties": {"remove": _remove_schema()},
                                           "required": ["remove"]}, _Builder())
    for name, cls in m.COLLECTIONS.items():
        one = _Builder()
        out[f"{name}.schema.json"] = _document(
            f"{name}.schema.json", f"rulesdsl collection '{name}'",
            {"type": "object", "properties": {name: {"type": "array", "items": one.type_schema(cls)}},
             "required": [name]}, one)
    for plugin in plugins():
        for name, (title, cls) in plugin.schemas.items():
            one = _Builder()
            out[name] = _document(name, title, one.model_schema(cls), one)
    return out


def render(schema: dict) -> str:
    """The schema as it is written to disk (stable, diff-friendly)."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write_schemas(folder: Path) -> list[Path]:
    """Write every schema into `folder`; return the files written."""
    if folder.exists() and not folder.is_dir():
        raise RulesError(f"cannot write schemas into {folder}: it is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise RulesError(f"cannot make the folder {folder}: {err.strerror or err}") from None
    written = []
    for name, schema in schemas().items():
        path = folder / name
        write_atomic(path, render(schema))
        written.append(path)
    return written


def schema_for(data) -> str:
    """The schema file name that fits a content file's data (a card, a collection file, a ruleset's file)."""
    if isinstance(data, dict) and "number" in data:
        return "card.schema.json"
    return next((name for plugin in plugins() if (name := plugin.schema_of(data)) is not None), "board.schema.json")


def schema_line(file: Path, schema_folder: Path, name: str) -> str:
    """The first line naming schema `name` for `file`: a relative path where one exists."""
    target = (schema_folder / name).resolve()
    here = file.resolve().parent
    tree = schema_folder.resolve().parent  # the content tree the schemas belong to
    if not here.is_relative_to(tree):  # a variant folder elsewhere: name the installed file
        return SCHEMA_LINE + target.as_uri()
    return SCHEMA_LINE + os.path.relpath(target, here).replace(os.sep, "/")


def with_schema_line(text: str, line: str) -> str:
    """`text` whose first line is `line` (an existing schema line is replaced)."""
    if text.startswith(SCHEMA_LINE):
        text = text.split("\n", 1)[1] if "\n" in text else ""
    return line + "\n" + text


def expected_schema_line(path: Path, data) -> str:
    """The schema line a built-in content file should start with."""
    return schema_line(path, schemas_root(), schema_for(data))
