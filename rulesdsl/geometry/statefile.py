"""A board state written as YAML, for `rulesdsl render` and for rules questions:

    board: home_long            # home_long, home_short, an exploration board, stone_house, long_house
    tiles:
      - {item: silverware, at: [11, 1]}
      - {item: cloak_pin, at: [5, 2], turn: 90, mirror: true}

`at` is the [row, column] of the top-left corner of the turned tile's bounding box. Tiles
are placed in order through the placement rules; a refused tile is reported at its line.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from rulesdsl.content.models import ranged
from rulesdsl.content.structure import structure
from rulesdsl.content.yamlfile import YamlReadError, read_yaml
from rulesdsl.errors import ContentError, IllegalMove, IllegalPlacement, Problem
from rulesdsl.geometry import pieces
from rulesdsl.geometry.placement import BoardState, empty, place


@attrs.frozen(kw_only=True)
class TileSpec:
    item: str
    at: tuple[int, int] = ranged(0, 100)
    turn: int = ranged(0, 270, 0)
    mirror: bool = False


@attrs.frozen(kw_only=True)
class BoardSpec:
    board: str
    tiles: tuple[TileSpec, ...] = ()


def load_state(path: Path, content) -> BoardState:
    try:
        doc = read_yaml(path, str(path))
    except YamlReadError as err:
        raise ContentError([err.problem]) from None
    spec, errors = structure(doc.data, BoardSpec)
    if errors:
        raise ContentError([Problem(doc.location(sub), message) for sub, message in errors])
    try:
        state = empty(pieces.grid(content, spec.board))
    except IllegalMove as err:
        raise ContentError([Problem(doc.location(("board",)), err.reason)]) from None
    for index, tile in enumerate(spec.tiles):
        try:
            state = place(state, pieces.piece(content, tile.item), tile.at[0], tile.at[1], tile.turn, tile.mirror)
        except IllegalPlacement as err:
            raise ContentError([Problem(doc.location(("tiles", index)), f"{err.reason} [{err.rule}]")]) from None
        except IllegalMove as err:
            raise ContentError([Problem(doc.location(("tiles", index, "item")), err.reason)]) from None
    return state
