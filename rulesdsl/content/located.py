"""Parsed YAML data together with the file position of every value.

Kept apart from the YAML reader so that loading cached content does not import it.
"""

from __future__ import annotations

import attrs

from rulesdsl.errors import Location


@attrs.define
class TextOrigin:
    """Where the text of a scalar starts and how its lines map back to the file."""

    line: int
    column: int
    block: bool  # literal block scalar: text line k is file line `line + k`, indented by `column - 1`
    # Folded and multi-line plain scalars: where each piece of the text stands in the file,
    # as (text line, text column, file line, file column), in text order; empty otherwise.
    segments: tuple = ()


@attrs.define
class YamlDoc:
    path: str
    data: object
    values: dict = attrs.field(factory=dict)  # path tuple -> (line, column) of the value
    keys: dict = attrs.field(factory=dict)  # path tuple -> (line, column) of the mapping key
    texts: dict = attrs.field(factory=dict)  # path tuple -> TextOrigin for string scalars

    def location(self, path: tuple, key: bool = False) -> Location:
        """The best known location for `path`: the value (or its key), else the nearest parent."""
        table = self.keys if key else self.values
        probe = tuple(path)
        while True:
            if probe in table:
                line, column = table[probe]
                return Location(self.path, line, column)
            if key and probe in self.values:
                line, column = self.values[probe]
                return Location(self.path, line, column)
            if not probe:
                return Location(self.path, 1, 1)
            probe = probe[:-1]

    def text_location(self, path: tuple, line: int, column: int) -> Location:
        """Map (line, column) inside the string at `path` to a file location."""
        origin = self.texts.get(tuple(path))
        if origin is None:
            return self.location(path)
        if origin.segments:
            found = origin.segments[0]
            for segment in origin.segments:
                if segment[:2] <= (line, column):
                    found = segment
            text_line, text_column, file_line, file_column = found
            if text_line != line:  # a line of its own past the last piece: count from its start
                return Location(self.path, file_line + line - text_line, column)
            return Location(self.path, file_line, file_column + column - text_column)
        if origin.block:
            return Location(self.path, origin.line + line - 1, origin.column + column - 1)
        if line == 1:
            return Location(self.path, origin.line, origin.column + column - 1)
        return Location(self.path, origin.line + line - 1, column)

    def text_position(self, path: tuple, line: int, column: int) -> tuple[int, int] | None:
        """The (line, column) inside the string at `path` of file position (line, column),
        or None when the position is not inside that string: the inverse of text_location."""
        origin = self.texts.get(tuple(path))
        value = self._value(path)
        if origin is None or not isinstance(value, str):
            return None
        lines = value.split("\n")
        if origin.segments:
            found = None
            for text_line, text_column, file_line, file_column in origin.segments:
                if file_line == line and column >= file_column:
                    found = (text_line, text_column + column - file_column)
            return found
        if origin.block:
            text_line, text_column = line - origin.line + 1, column - origin.column + 1
        elif line == origin.line:
            text_line, text_column = 1, column - origin.column + 1
        else:
            text_line, text_column = line - origin.line + 1, column
        if not 1 <= text_line <= len(lines) or text_column < 1 or text_column > len(lines[text_line - 1]) + 1:
            return None
        return text_line, text_column

    def _value(self, path: tuple):
        value = self.data
        for part in path:
            try:
                value = value[part]
            except (KeyError, IndexError, TypeError):
                return None
        return value

