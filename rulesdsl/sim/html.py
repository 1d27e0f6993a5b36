"""The balance report as one self-contained HTML file: the table and three plots (matplotlib,
embedded as PNG): score distributions with and without each card, per-card score differences
with their 95% intervals, and how often each card was played and fired."""

from __future__ import annotations

import base64
import html
import io
from pathlib import Path

from rulesdsl.errors import RulesError

MAX_HISTOGRAMS = 12


def _png(figure) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
    import matplotlib.pyplot as plt

    plt.close(figure)
    return base64.b64encode(buffer.getvalue()).decode()


def plots(outcomes) -> dict[str, str]:
    """The report's figures as base64 PNGs by name."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [o.test.label for o in outcomes]
    shown = outcomes[:MAX_HISTOGRAMS]
    cols = min(3, len(shown))
    rows = -(-len(shown) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(4.5 * cols, 3 * rows), squeeze=False)
    for ax, o in zip(axes.flat, shown):
        low = min(o.scores_a + o.scores_b)
        high = max(o.scores_a + o.scores_b)
        bins = max(5, min(40, high - low + 1))
        ax.hist(o.scores_b, bins=bins, range=(low, high + 1), alpha=0.5, label="without")
        ax.hist(o.scores_a, bins=bins, range=(low, high + 1), alpha=0.5, label="with")
        ax.set_title(o.test.label, fontsize=9)
        ax.set_xlabel("score of the card's seat")
        ax.legend(fontsize=7)
    for ax in list(axes.flat)[len(shown):]:
        ax.axis("off")
    figures = {"scores": _png(fig)}

    fig, ax = plt.subplots(figsize=(7, 0.5 * len(outcomes) + 1.2))
    ys = list(range(len(outcomes)))
    means = [o.score.mean for o in outcomes]
    errors = [[o.score.mean - o.score.interval()[0] for o in outcomes], [o.score.interval()[1] - o.score.mean for o in outcomes]]
    ax.errorbar(means, ys, xerr=errors, fmt="o", capsize=4)
    ax.axvline(0, color="grey", linewidth=1)
    ax.set_yticks(ys, labels)
    ax.invert_yaxis()
    ax.set_xlabel("score difference, with minus without (95% interval)")
    figures["deltas"] = _png(fig)

    fig, ax = plt.subplots(figsize=(7, 0.5 * len(outcomes) + 1.2))
    played = [o.played / o.score.n if o.score.n else 0 for o in outcomes]
    fired = [o.fired / o.score.n if o.score.n else 0 for o in outcomes]
    ax.barh([y - 0.2 for y in ys], played, height=0.4, label="played (share of games)")
    ax.barh([y + 0.2 for y in ys], fired, height=0.4, label="effects fired per game")
    ax.set_yticks(ys, labels)
    ax.invert_yaxis()
    ax.legend(fontsize=8)
    figures["usage"] = _png(fig)
    return figures


def write_report(outcomes, setup, path) -> None:
    """Write the HTML report; RulesError if the file cannot be written."""
    figures = plots(outcomes)
    rows = []
    for o in outcomes:
        low, high = o.score.interval()
        wlow, whigh = o.win.interval()
        n = o.score.n
        flag = ' class="flag"' if o.played == 0 else ""
        rows.append(f"<tr{flag}><td>{html.escape(o.test.label)}</td><td>{n}</td><td>{o.played / n:.0%}</td>"
                    f"<td>{o.fired / n:.2f}</td><td>{o.score.mean:+.2f} [{low:+.2f}, {high:+.2f}]</td>"
                    f"<td>{o.win.mean:+.1%} [{wlow:+.1%}, {whigh:+.1%}]</td><td>{o.p_holm:.3g}</td>"
                    f"<td>{html.escape(o.verdict)}</td><td>{o.stopped}</td></tr>")
    opts = setup.options
    text = f"""<!doctype html>
<html><head><meta charset="utf-8"><title>rulesdsl balance report</title>
<style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:4px 8px}}
tr.flag{{background:#fde2c8}}</style></head><body>
<h1>Balance report</h1>
<p>{opts.players} players, {html.escape(opts.length)} game, decks {html.escape(",".join(opts.decks))},
agents {html.escape(", ".join(setup.agents))}. Each pair plays one seed twice (common random numbers): with the card dealt
to a seat (seats rotate) and without it (or with the base version of a changed card). Differences are of that seat's
score and win; intervals are 95%; p-values are Holm-adjusted over the cards tested.</p>
<table><tr><th>card</th><th>pairs</th><th>played</th><th>fired/game</th><th>score diff</th><th>win-rate diff</th>
<th>p (Holm)</th><th>verdict</th><th>stopped</th></tr>
{chr(10).join(rows)}
</table>
<h2>Score differences</h2><img alt="score differences" src="data:image/png;base64,{figures['deltas']}">
<h2>Score distributions</h2><img alt="score distributions" src="data:image/png;base64,{figures['scores']}">
<h2>How often each card was played and fired</h2><img alt="played and fired" src="data:image/png;base64,{figures['usage']}">
</body></html>
"""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as err:
        raise RulesError(f"cannot write the report {path}: {err.strerror}") from None
