"""cattrs structuring of plain YAML data into the content models, with errors
turned into (path, message) pairs that the loader maps back to file positions.

The hooks are strict on purpose: YAML's `3` is an int and `"3"` is not, `yes`
is not a string, and a mapping may not carry keys the model does not know. Fields
declared with a range (`models.ranged`) or a length (`models.bounded_text`) are
checked before the item is built, so an absurd number never reaches the engine.
"""

from __future__ import annotations

import re
import typing
from typing import Literal, get_args, get_origin

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError
from cattrs.errors import AttributeValidationNote, IterableValidationNote

from rulesdsl.errors import describe


class StructureProblem(Exception):
    def __init__(self, message: str, subpath: tuple = ()):
        super().__init__(message)
        self.message = message
        self.subpath = subpath


def _strict_int(value, _type):
    if isinstance(value, bool) or not isinstance(value, int):
        raise StructureProblem(f"expected a whole number, found {describe(value)}")
    return value


def _strict_str(value, _type):
    if not isinstance(value, str):
        raise StructureProblem(f"expected text, found {describe(value)}")
    return value


def _strict_bool(value, _type):
    if not isinstance(value, bool):
        raise StructureProblem(f"expected true or false, found {describe(value)}")
    return value


def _make_converter() -> cattrs.Converter:
    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    conv.register_structure_hook(int, _strict_int)
    conv.register_structure_hook(str, _strict_str)
    conv.register_structure_hook(bool, _strict_bool)

    def is_literal(tp) -> bool:
        return get_origin(tp) is Literal

    def structure_literal(value, tp):
        allowed = get_args(tp)
        if value not in allowed or isinstance(value, bool) != isinstance(allowed[0], bool):
            choices = ", ".join(str(a) for a in allowed)
            raise StructureProblem(f"expected one of {choices}; found {describe(value)}")
        return value

    conv.register_structure_hook_func(is_literal, structure_literal)

    def is_str_tuple(tp) -> bool:
        return get_origin(tp) is tuple

    def structure_tuple(value, tp):
        if not isinstance(value, list):
            raise StructureProblem(f"expected a list, found {describe(value)}")
        args = get_args(tp)
        fixed = bool(args) and args[-1] is not Ellipsis  # tuple[int, int]: exactly that many
        if fixed and len(value) != len(args):
            raise StructureProblem(f"expected a list of {len(args)} values, found {len(value)}")
        out = []
        errors = []
        for index, element in enumerate(value):
            inner = args[index] if fixed else (args[0] if args else typing.Any)
            try:
                out.append(conv.structure(element, inner))
            except Exception as exc:  # collected and re-raised as one iterable error
                exc.__notes__ = [*getattr(exc, "__notes__", []), IterableValidationNote(f"@ index {index}", index, inner)]
                errors.append(exc)
        if errors:
            raise IterableValidationError("while structuring a list", errors, tp)
        return tuple(out)

    conv.register_structure_hook_func(is_str_tuple, structure_tuple)

    def is_str_int_dict(tp) -> bool:
        return get_origin(tp) is dict

    def structure_dict(value, tp):
        if not isinstance(value, dict):
            raise StructureProblem(f"expected a mapping, found {describe(value)}")
        key_type, value_type = get_args(tp)
        out = {}
        for k, v in value.items():
            try:
                out[conv.structure(k, key_type)] = conv.structure(v, value_type)
            except StructureProblem as problem:
                raise StructureProblem(problem.message, (k,) + problem.subpath) from None
        return out

    conv.register_structure_hook_func(is_str_int_dict, structure_dict)

    def attrs_factory(cl):
        generated = make_dict_structure_fn(cl, conv, _cattrs_forbid_extra_keys=True, _cattrs_detailed_validation=True)
        bounded = [(f.name, f.metadata) for f in attrs.fields(cl) if {"range", "max_length", "max_items"} & set(f.metadata)]

        def structure_attrs(value, _type):
            if not isinstance(value, dict):
                raise StructureProblem(f"expected a mapping with the fields of {_kind(cl)}, found {describe(value)}")
            for name, metadata in bounded:
                if name in value:
                    check_bounds(value[name], metadata, (name,))
            return generated(value, cl)

        return structure_attrs

    conv.register_structure_hook_factory(attrs.has, attrs_factory)
    return conv


converter = _make_converter()


def check_bounds(value, metadata, path: tuple) -> None:
    """Raise StructureProblem if a number (in lists and mappings too) leaves the field's range or text is too long."""
    if "range" in metadata and not isinstance(value, bool):
        lo, hi = metadata["range"]
        if isinstance(value, int) and not lo <= value <= hi:
            shown = value if abs(value) < 10**15 else f"a number of about {int(abs(value).bit_length() * 0.30103) + 1} digits"
            raise StructureProblem(f"expected a whole number from {lo} to {hi}, found {shown}", path)
        if isinstance(value, list):
            for index, element in enumerate(value):
                check_bounds(element, metadata, path + (index,))
        if isinstance(value, dict):
            for key, element in value.items():
                check_bounds(element, metadata, path + (key,))
    limit = metadata.get("max_length")
    if limit is not None and isinstance(value, str) and len(value) > limit:
        raise StructureProblem(f"text of {len(value):,} characters; at most {limit:,} are allowed here", path)
    items = metadata.get("max_items")
    if items is not None and isinstance(value, list):
        if len(value) > items:
            raise StructureProblem(f"a list of {len(value):,} entries; at most {items:,} are allowed here", path)
        if limit is not None:
            for index, element in enumerate(value):
                check_bounds(element, {"max_length": limit}, path + (index,))


def structure(data, cls) -> tuple[object | None, list[tuple[tuple, str]]]:
    """Structure `data` into `cls`; return (object, []) or (None, [(path, message), ...])."""
    if not isinstance(data, dict):
        return None, [((), f"expected a mapping with the fields of {_kind(cls)}, found {describe(data)}")]
    try:
        return converter.structure(data, cls), []
    except Exception as exc:  # every failure is flattened into located messages
        problems: list[tuple[tuple, str]] = []
        _flatten(exc, (), cls, data, problems)
        return None, problems


def _kind(cls) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", " ", cls.__name__).lower()


def _flatten(exc: BaseException, path: tuple, cls, data, out: list) -> None:
    if isinstance(exc, ForbiddenExtraKeysError):
        names = [a.name for a in attrs.fields(exc.cl)] if attrs.has(exc.cl) else []
        known = ", ".join(sorted(names, key=lambda name: name == "replaces"))  # the base's field last
        for key in sorted(exc.extra_fields, key=str):
            out.append((path + (key,), f"unknown key '{key}'; expected one of: {known}"))
        return
    if isinstance(exc, (ClassValidationError, IterableValidationError)):
        for sub in exc.exceptions:
            sub_path = path
            for note in getattr(sub, "__notes__", []):
                if isinstance(note, AttributeValidationNote):
                    sub_path = path + (note.name,)
                elif isinstance(note, IterableValidationNote):
                    sub_path = path + (note.index,)
            if isinstance(sub, KeyError) and not isinstance(sub, StructureProblem):
                name = sub.args[0] if sub.args else "?"
                out.append((path, f"missing required key '{name}'"))
                continue
            _flatten(sub, sub_path, cls, data, out)
        return
    if isinstance(exc, StructureProblem):
        out.append((path + exc.subpath, exc.message))
        return
    if isinstance(exc, KeyError):
        name = exc.args[0] if exc.args else "?"
        out.append((path[:-1] if path else path, f"missing required key '{name}'"))
        return
    if isinstance(exc, TypeError) and "missing" in str(exc) and "argument" in str(exc):
        out.append((path, f"missing required key: {str(exc).split('missing', 1)[1].strip()}"))
        return
    out.append((path, f"invalid value: {exc}"))
