"""`rulesdsl show` for items without an effect, as readable text: fields as words and lists,
a board's squares drawn as `render`'s text board (with its legend), nested parts indented."""

from __future__ import annotations

import attrs

from rulesdsl.errors import IllegalMove
from rulesdsl.geometry import pieces
from rulesdsl.geometry.placement import empty
from rulesdsl.view.present import board_text


def _scalar(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ") if isinstance(value, str) and " " not in str(value) else str(value)


def _value_lines(name: str, value, depth: int = 0) -> list[str]:
    pad = "  " * depth
    label = name.replace("_", " ")
    if value is None:
        return []
    if attrs.has(type(value)):
        lines = [f"{pad}{label}:"]
        for field in attrs.fields(type(value)):
            if field.name in ("replaces", "pos"):
                continue
            lines += _value_lines(field.name, getattr(value, field.name), depth + 1)
        return lines
    if isinstance(value, dict):
        if not value:
            return [f"{pad}{label}: none"]
        if all(not attrs.has(type(v)) and not isinstance(v, (list, tuple, dict)) for v in value.values()):
            return [f"{pad}{label}: " + ", ".join(f"{_scalar(k)} {_scalar(v)}" for k, v in value.items())]
        lines = [f"{pad}{label}:"]
        for k, v in value.items():
            lines += _value_lines(str(k), v, depth + 1)
        return lines
    if isinstance(value, (list, tuple)):
        if not value:
            return [f"{pad}{label}: none"]
        if all(not attrs.has(type(v)) and not isinstance(v, (list, tuple, dict)) for v in value):
            return [f"{pad}{label}: " + ", ".join(_scalar(v) for v in value)]
        lines = [f"{pad}{label}:"]
        for n, v in enumerate(value, start=1):
            lines += _value_lines(f"{n}", v, depth + 1)
        return lines
    return [f"{pad}{label}: {_scalar(value)}"]


def grid_lines(content, name: str) -> list[str] | None:
    """A board with squares (`home_long`, `shetland`, `long_house` ...) drawn as text, or None."""
    try:
        grid = pieces.grid(content, name)
    except IllegalMove:
        return None
    lines = [f"board {name}: {grid.name}, {grid.width} columns and {grid.height} rows"]
    lines += ["  " + line for line in board_text(empty(grid))]
    return lines


def item_lines(content, item) -> list[str]:
    """An item's fields as readable lines; its squares drawn when it has a board."""
    lines: list[str] = []
    board = None
    for field in attrs.fields(type(item)):
        value = getattr(item, field.name)
        if field.name == "replaces" and not value:
            continue
        if field.name == "area" and value is not None:
            board = grid_lines(content, item.id) or grid_lines(content, f"home_{item.id}")
            if board is not None:
                continue
        lines += _value_lines(field.name, value)
    if board is not None:
        lines += ["squares (as `rulesdsl render` draws them):"] + ["  " + line for line in board[1:]]
    return lines
