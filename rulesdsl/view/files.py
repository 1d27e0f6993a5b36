"""Saved games to pictures: read a record, replay it to a step, write SVG or PNG."""

from __future__ import annotations

import json
from pathlib import Path

from rulesdsl.errors import RulesError


def read_saved(path: Path) -> dict:
    """The JSON record of a saved game; RulesError naming the file if it cannot be read."""
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise RulesError(f"cannot read saved game {path}: {err}") from None


def game_at(content, data: dict, step: int | None = None):
    """The game after `step` answers (all of them by default), replayed from the record."""
    from rulesdsl.engine.game import Game

    answers = data.get("answers", []) if isinstance(data, dict) else []
    if step is not None:
        if not 0 <= step <= len(answers):
            raise RulesError(f"--step {step} is outside the game: it has steps 0 to {len(answers)}")
        data = dict(data, answers=answers[:step])
    return Game.load(content, data)


def write_picture(svg: str, output: Path) -> str:
    """Write SVG, or PNG when the name ends in .png (needs cairosvg); returns what was written."""
    output = Path(output)
    if output.suffix.lower() == ".png":
        try:
            import cairosvg
        except (ImportError, OSError):  # not installed, or the cairo library is missing
            raise RulesError("PNG needs cairosvg and the cairo library (pip install 'rulesdsl[web]' or pip install cairosvg); "
                             "or write an .svg file") from None
        cairosvg.svg2png(bytestring=svg.encode("utf-8"), write_to=str(output))
        return "PNG"
    output.write_text(svg, encoding="utf-8")
    return "SVG"
