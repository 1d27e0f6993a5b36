"""Plots as pictures to embed in a self-contained HTML page: matplotlib with its file-only
backend, imported only when a report is drawn, and a figure as a base64 PNG. Shared by the
game-neutral store report (`sim.report_html`) and the first game's balance report
(`rulesdsl.games.feast.balance_html`)."""

from __future__ import annotations

import base64
import io
from typing import Any


def png(figure: Any) -> str:
    """A matplotlib figure as a base64 PNG (to embed in a page), the figure closed."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
    import matplotlib.pyplot as plt  # import here: pyplot() below imported it first, with its backend set

    plt.close(figure)
    return base64.b64encode(buffer.getvalue()).decode()


def pyplot() -> Any:
    """matplotlib's pyplot with its file-only backend (Agg)."""
    # matplotlib only when a report is drawn: it costs half a second to import, and its
    # file-only backend (Agg) must be chosen before pyplot is first imported
    # import here: (see above)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # import here: after use("Agg"), as above

    return plt
