"""The balance report as one self-contained HTML file: the table, three plots (matplotlib,
embedded as PNG: score distributions with and without each card, per-card score differences
with their 95% intervals, how often each card was played and fired) and each card's detail:
scoring categories, the owner's spaces and anytime actions, the card's effects fired, and the
pairs with the largest differences with the commands that open their games. The first game's
alone (balance tests cards); the plotting it shares with the game-neutral report is `sim.plots`."""

from __future__ import annotations

import html
from pathlib import Path

from rulesdsl.savefile import write_atomic
from rulesdsl.games.feast.balance_report import DETAIL_LINES, arm_words, open_command, uncounted_words
from rulesdsl.sim.plots import png, pyplot


MAX_HISTOGRAMS = 12


def plots(outcomes) -> dict[str, str]:
    """The report's figures as base64 PNGs by name."""
    plt = pyplot()
    labels = [o.test.label for o in outcomes]
    shown = outcomes[:MAX_HISTOGRAMS]
    cols = min(3, len(shown))
    rows = -(-len(shown) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(4.5 * cols, 3 * rows), squeeze=False)
    for ax, o in zip(axes.flat, shown):
        low = min(o.scores_a + o.scores_b, default=0)
        high = max(o.scores_a + o.scores_b, default=0)
        bins = max(5, min(40, high - low + 1))
        ax.hist(o.scores_b, bins=bins, range=(low, high + 1), alpha=0.5, label="without")
        ax.hist(o.scores_a, bins=bins, range=(low, high + 1), alpha=0.5, label="with")
        ax.set_title(o.test.label, fontsize=9)
        ax.set_xlabel("score of the card's seat")
        ax.legend(fontsize=7)
    for ax in list(axes.flat)[len(shown):]:
        ax.axis("off")
    figures = {"scores": png(fig)}

    fig, ax = plt.subplots(figsize=(7, 0.5 * len(outcomes) + 1.2))
    ys = list(range(len(outcomes)))
    means = [o.score.mean for o in outcomes]
    errors = [[o.score.mean - o.score.interval()[0] for o in outcomes], [o.score.interval()[1] - o.score.mean for o in outcomes]]
    ax.errorbar(means, ys, xerr=errors, fmt="o", capsize=4)
    ax.axvline(0, color="grey", linewidth=1)
    ax.set_yticks(ys, labels)
    ax.invert_yaxis()
    ax.set_xlabel("score difference, with minus without (95% interval)")
    figures["deltas"] = png(fig)

    fig, ax = plt.subplots(figsize=(7, 0.5 * len(outcomes) + 1.2))
    played = [o.played / o.pairs if o.pairs else 0 for o in outcomes]
    fired = [o.fired / o.pairs if o.pairs else 0 for o in outcomes]
    ax.barh([y - 0.2 for y in ys], played, height=0.4, label="played (share of games)")
    ax.barh([y + 0.2 for y in ys], fired, height=0.4, label="effects fired per game")
    ax.set_yticks(ys, labels)
    ax.invert_yaxis()
    ax.legend(fontsize=8)
    figures["usage"] = png(fig)
    return figures


def _lines(title: str, lines, limit: int | None = None) -> str:
    if not lines:
        return ""
    rows = []
    for line in lines[:limit]:
        low, high = line.stat.interval()
        rows.append(f"<tr><td>{html.escape(line.name)}</td><td>{line.a:.2f}</td><td>{line.b:.2f}</td>"
                    f"<td>{line.stat.mean:+.2f} [{low:+.2f}, {high:+.2f}]</td></tr>")
    return (f"<h4>{html.escape(title)}</h4><table><tr><th></th><th>with</th><th>without</th><th>difference (95%)</th></tr>"
            f"{''.join(rows)}</table>")


def _detail(outcome, detail, records) -> str:
    parts = [f"<h3>{html.escape(outcome.test.label)}</h3><p>{outcome.pairs} pairs over {outcome.score.n} seeds: "
             f"{html.escape(outcome.verdict)}</p>",
             _lines("points by scoring category (per game)", detail.categories),
             _lines(f"the owner's Vikings placed, by space (largest {DETAIL_LINES * 2} changes)", detail.spaces, DETAIL_LINES * 2),
             _lines(f"the owner's anytime actions (largest {DETAIL_LINES * 2} changes)", detail.anytime, DETAIL_LINES * 2)]
    if detail.fired:
        rows = "".join(f"<tr><td>{html.escape(line.name)}</td><td>{line.a:.2f} [{line.stat.interval()[0]:.2f}, "
                       f"{line.stat.interval()[1]:.2f}]</td></tr>" for line in detail.fired)
        parts.append(f"<h4>the card's effects fired, per game with the card</h4><table><tr><th>when</th>"
                     f"<th>times per game (95%)</th></tr>{rows}</table>")
    elif not outcome.test.uncounted:
        parts.append("<p>The card's effects never fired.</p>")
    if outcome.test.uncounted:
        words = uncounted_words(outcome.test.uncounted)
        parts.append(f"<p>{html.escape(words[0].upper() + words[1:])}.</p>")
    if records:
        items = []
        for entry in records:
            commands = "".join(f"<br>{word}: <code>{html.escape(open_command(*entry[arm]))}</code>"
                               for arm, word in zip("ab", arm_words(outcome.test)) if arm in entry)
            items.append(f"<li>pair {entry['pair']} (seed {entry['seed']}, seat P{entry['seat'] + 1}): "
                         f"{entry['diff']:+d}{commands}</li>")
        parts.append("<h4>pairs with the largest differences</h4><p>Open a game with its command, or in "
                     "<code>rulesdsl serve</code> (open a saved game, with the same variant folders).</p>"
                     f"<ul>{''.join(items)}</ul>")
    return "\n".join(parts)


def write_report(outcomes, details, records, setup, path) -> None:
    """Write the HTML report; RulesError if the file cannot be written."""
    figures = plots(outcomes)
    rows = []
    for o in outcomes:
        low, high = o.score.interval()
        wlow, whigh = o.win.interval()
        n = o.pairs
        flag = ' class="flag"' if n and o.played == 0 else ""
        rows.append(f"<tr{flag}><td>{html.escape(o.test.label)}</td><td>{n}</td><td>{o.score.n}</td>"
                    f"<td>{o.played / max(n, 1):.0%}</td><td>{o.fired / max(n, 1):.2f}</td>"
                    f"<td>{o.score.mean:+.2f} [{low:+.2f}, {high:+.2f}]</td><td>{o.score.sd:.2f}</td>"
                    f"<td>{o.win.mean:+.1%} [{wlow:+.1%}, {whigh:+.1%}]</td><td>{o.p_holm:.3g}</td>"
                    f"<td>{html.escape(o.verdict)}</td><td>{o.stopped}</td></tr>")
    opts = setup.options
    detail = "\n".join(_detail(o, d, records.get(j, [])) for j, (o, d) in enumerate(zip(outcomes, details)))
    text = f"""<!doctype html>
<html><head><meta charset="utf-8"><title>rulesdsl balance report</title>
<style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse;margin-bottom:1em}}
td,th{{border:1px solid #ccc;padding:4px 8px}}tr.flag{{background:#fde2c8}}code{{font-size:90%}}</style></head><body>
<h1>Balance report</h1>
<p>{opts.players} players, {html.escape(opts.length)} game, decks {html.escape(",".join(opts.decks))},
agents {html.escape(", ".join(setup.agents))}. Each pair plays one seed twice (common random numbers: the same dice,
shuffles and agents' seeds): with the card dealt to a seat and without it (or with the base version of a changed card).
Differences are of that seat's score and win; a seed's pairs count as one observation; intervals are 95% Student-t
intervals over the seeds (spread: their standard deviation); p-values are sequential (each look tested at its share
of 5%) and Holm-adjusted over the cards tested.</p>
<table><tr><th>card</th><th>pairs</th><th>seeds</th><th>played</th><th>fired/game</th><th>score diff</th><th>spread</th>
<th>win-rate diff</th><th>p (Holm)</th><th>verdict</th><th>stopped</th></tr>
{chr(10).join(rows)}
</table>
<h2>Score differences</h2><img alt="score differences" src="data:image/png;base64,{figures['deltas']}">
<h2>Where the differences come from</h2>
{detail}
<h2>Score distributions</h2><img alt="score distributions" src="data:image/png;base64,{figures['scores']}">
<h2>How often each card was played and fired</h2><img alt="played and fired" src="data:image/png;base64,{figures['usage']}">
</body></html>
"""
    write_atomic(Path(path), text)
