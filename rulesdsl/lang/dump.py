"""A readable, indented dump of an effect tree (for `rulesdsl show` and snapshots)."""

from __future__ import annotations

import attrs

from rulesdsl.lang.tree import Node


def dump(tree) -> str:
    lines: list[str] = []
    _node(tree, 0, lines)
    return "\n".join(lines) + "\n"


def _is_leaf(value) -> bool:
    if isinstance(value, Node):
        return False
    if isinstance(value, tuple):
        return all(_is_leaf(v) for v in value)
    return True


def _leaf(value) -> str:
    if isinstance(value, tuple):
        return "(" + ", ".join(_leaf(v) for v in value) + ("," if len(value) == 1 else "") + ")"
    return repr(value)


def _flat(node) -> str | None:
    """`Name(a=1, b='x')` when every field of the node is a leaf, else None."""
    if not isinstance(node, Node):
        return None
    parts = []
    for f in attrs.fields(type(node)):
        if f.name == "pos":
            continue
        value = getattr(node, f.name)
        if not _is_leaf(value):
            return None
        if value is None or value == () or (value is False and f.default is False):
            continue
        parts.append(f"{f.name}={_leaf(value)}")
    return f"{type(node).__name__}({', '.join(parts)})"


def _node(node, depth: int, out: list[str]) -> None:
    pad = "  " * depth
    fields = [f for f in attrs.fields(type(node)) if f.name != "pos"]
    scalars = []
    nested = []
    for f in fields:
        value = getattr(node, f.name)
        if value is None or value == () or (value is False and f.default is False):
            continue
        if _is_leaf(value):
            scalars.append(f"{f.name}={_leaf(value)}")
        else:
            nested.append((f.name, value))
    head = type(node).__name__
    if scalars:
        head += " " + " ".join(scalars)
    out.append(pad + head)
    for name, value in nested:
        if isinstance(value, Node):
            flat = _flat(value)
            if flat is not None:
                out.append(f"{pad}  {name}: {flat}")
                continue
            out.append(f"{pad}  {name}:")
            _node(value, depth + 2, out)
        else:
            out.append(f"{pad}  {name}:")
            _sequence(value, depth + 2, out)


def _sequence(values, depth: int, out: list[str]) -> None:
    pad = "  " * depth
    for value in values:
        if isinstance(value, Node):
            flat = _flat(value)
            if flat is not None:
                out.append(pad + flat)
            else:
                _node(value, depth, out)
        elif isinstance(value, tuple) and not _is_leaf(value):
            out.append(pad + "-")
            _sequence(value, depth + 1, out)
        else:
            out.append(pad + _leaf(value))
