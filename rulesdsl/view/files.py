"""Pictures to files: SVG, or PNG for a .png name (a saved game is read by `rulesdsl.savefile` and
replayed by its plug-in's `load_game`)."""

from __future__ import annotations

from pathlib import Path

from rulesdsl.errors import RulesError
from rulesdsl.savefile import write_atomic, write_bytes_atomic


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
