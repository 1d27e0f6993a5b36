"""A store's report (`sim.report.StoreReport`) as one self-contained HTML file, the same for
every game: the terminal's tables (the game's own among them), each seat's score distribution (matplotlib, embedded as
PNG) and the game's own sections."""

from __future__ import annotations

import html
from pathlib import Path

from rulesdsl.savefile import write_atomic
from rulesdsl.sim.plots import png, pyplot
from rulesdsl.sim.report import StoreReport, all_tables, headline


def distribution(report: StoreReport) -> str:
    """Each seat's scores as overlaid histograms, a base64 PNG ("" for an empty store)."""
    if not report.totals:
        return ""
    plt = pyplot()
    low = min(min(values) for values in report.totals.values())
    high = max(max(values) for values in report.totals.values())
    bins = max(5, min(40, high - low + 1))
    fig, ax = plt.subplots(figsize=(7, 3.5))
    for player, values in sorted(report.totals.items()):
        ax.hist(values, bins=bins, range=(low, high + 1), alpha=0.5, label=f"P{player + 1}")
    ax.set_xlabel("score")
    ax.set_ylabel("games")
    ax.legend(fontsize=8)
    return png(fig)


def report_page(report: StoreReport) -> str:
    """The report as an HTML page."""
    parts = [f"<h1>{html.escape(report.title)}</h1><p>{html.escape(headline(report))}</p>"]
    for title, names, rows in all_tables(report):
        head = "".join(f"<th>{html.escape(name)}</th>" for name in names)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows)
        parts.append(f"<h2>{html.escape(title)}</h2><table><tr>{head}</tr>{body}</table>")
    picture = distribution(report)
    if picture:
        parts.append(f'<h2>Score distributions</h2><img alt="score distributions" src="data:image/png;base64,{picture}">')
    if report.sections:
        parts.append(f"<h2>Coverage of {report.games} stored games</h2>")
    for title, items in report.sections:
        listed = "".join(f"<li>{html.escape(item)}</li>" for item in items)
        parts.append(f"<h3>{html.escape(title)}: {len(items)}</h3>" + (f"<ul>{listed}</ul>" if items else ""))
    return f"""<!doctype html>
<html><head><meta charset="utf-8"><title>rulesdsl simulation report: {html.escape(report.title)}</title>
<style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse;margin-bottom:1em}}
td,th{{border:1px solid #ccc;padding:4px 8px}}td+td{{text-align:right}}</style></head><body>
{chr(10).join(parts)}
</body></html>
"""


def write_html(report: StoreReport, path: str | Path) -> None:
    """Write the report as one HTML file; RulesError if it cannot be written."""
    write_atomic(Path(path), report_page(report))
