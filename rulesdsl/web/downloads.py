"""A game's record as a file the browser downloads."""

from __future__ import annotations

import json
from typing import Any

from flask import Response


def record_download(game: Any, filename: str) -> Response:
    """A game's saved record as a JSON download called `filename`."""
    return Response(json.dumps(game.save(), indent=1), mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})
