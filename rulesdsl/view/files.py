"""Saved games to pictures: read a record, replay it to a step, write SVG or PNG."""

from __future__ import annotations

from pathlib import Path

from rulesdsl.errors import RulesError
from rulesdsl.savefile import read_json, write_atomic, write_bytes_atomic


def read_saved(path: Path) -> dict:
    """The JSON record of a saved game (the bounded reader of rulesdsl.savefile); a located error if unusable."""
    data, _doc = read_json(Path(path))
    return data


def game_at(content, data: dict, step: int | None = None):
    """The game after `step` answers (all of them by default), replayed from the record."""
    # rulesdsl.games.commands (loaded by every `rulesdsl` start) imports this module for write_picture:
    # import here: the first game's engine (about 60 modules) only when a saved game is replayed
    from rulesdsl.games.feast.engine.game import Game

    answers = data.get("answers", []) if isinstance(data, dict) else []
    if step is not None:
        if not 0 <= step <= len(answers):
            raise RulesError(f"--step {step} is outside the game: it has steps 0 to {len(answers)}")
        data = dict(data, answers=answers[:step])
    return Game.load(content, data)


def write_picture(svg: str, output: Path) -> str:
    """Write SVG, or PNG when the name ends in .png (needs cairosvg), atomically; returns what was written."""
    output = Path(output)
    if output.suffix.lower() == ".png":
        try:
            import cairosvg  # import here: cairosvg is the optional `web` extra (ImportError handled)
        except (ImportError, OSError):  # not installed, or the cairo library is missing
            raise RulesError("PNG needs cairosvg and the cairo library (pip install 'rulesdsl[web]' or pip install cairosvg); "
                             "or write an .svg file") from None
        write_bytes_atomic(output, cairosvg.svg2png(bytestring=svg.encode("utf-8")))
        return "PNG"
    write_atomic(output, svg)
    return "SVG"
