"""What a store tells, the same for every game: the report after a run and of `simulate
--report`, read from the tables every game's store has (`sim.store.SCHEMA`: `games`, `scores`,
`points`): per seat and per agent the games, the mean score, its range, the mean place and the
win rate, and the mean points of each part of the score (a game's scoring categories or
currencies, as its rows name them) per seat. A game adds its own tables (`SimHooks.tables`: A
Feast for Odin's occupations played per seat) and its own parts (`SimHooks.sections`: its cards
never played, say) as titled lists of lines. `sim.report_html` writes the same report as HTML."""

from __future__ import annotations

from typing import Any

import attrs
from rich.table import Table

from rulesdsl.games.registry import ReportTable, Section


@attrs.frozen
class StoreReport:
    """A store's report, ready to print or write."""

    title: str  # the game's name
    games: int
    decisions: float  # per game
    seconds: float  # per game
    seats: list[tuple[Any, ...]]  # (player, agent, games, mean, min, max, mean place, win rate)
    agents: list[tuple[Any, ...]]  # (agent, seats played, mean, mean place, win rate)
    categories: list[str]  # the parts of the score, in the order the game's rows give them
    points: list[tuple[Any, ...]]  # per category: (category, mean of P1, P2 ..., mean of all seats)
    totals: dict[int, list[int]]  # each seat's totals, for the HTML report's distributions
    sections: list[Section] = attrs.field(factory=list)  # the game's own parts
    tables: list[ReportTable] = attrs.field(factory=list)  # the game's own tables, after the report's


def store_report(con: Any, title: str, sections: list[Section] | None = None,
                 tables: list[ReportTable] | None = None) -> StoreReport:
    """The report of the store behind the connection `con`, with the game's own `sections` and `tables`."""
    games, decisions, seconds = con.execute("SELECT count(*), avg(decisions), avg(seconds) FROM games").fetchone()
    seats = con.execute("SELECT player, any_value(agent), count(*), avg(total), min(total), max(total), avg(place), "
                        "avg(CAST(winner AS INTEGER)) FROM scores GROUP BY player ORDER BY player").fetchall()
    agents = con.execute("SELECT agent, count(*), avg(total), avg(place), avg(CAST(winner AS INTEGER)) "
                         "FROM scores GROUP BY agent ORDER BY agent").fetchall()
    # the order the game writes its parts in (its scoring table's), not the alphabet's
    categories = [row[0] for row in con.execute("SELECT category FROM points GROUP BY category ORDER BY min(rowid)").fetchall()]
    players = [row[0] for row in seats]
    means = {(category, player): value for category, player, value in
             con.execute("SELECT category, player, avg(points) FROM points GROUP BY category, player").fetchall()}
    overall = dict(con.execute("SELECT category, avg(points) FROM points GROUP BY category").fetchall())
    points = [(category, *(means.get((category, p), 0.0) for p in players), overall[category]) for category in categories]
    totals: dict[int, list[int]] = {}
    for player, total in con.execute("SELECT player, total FROM scores ORDER BY player, seed").fetchall():
        totals.setdefault(player, []).append(total)
    return StoreReport(title, games, decisions or 0, seconds or 0, seats, agents, categories, points, totals,
                       list(sections or []), list(tables or []))


def headline(report: StoreReport) -> str:
    """The report's first line: the game, the games stored, decisions and time per game."""
    return (f"{report.title}: {report.games} stored games, {report.decisions:.0f} decisions and "
            f"{report.seconds * 1000:.0f} ms per game")


def seat_table(report: StoreReport) -> tuple[list[str], list[list[str]]]:
    """The per-seat table as column names and rows of text."""
    rows = [[f"P{player + 1}", agent, str(n), f"{mean:.1f}", str(low), str(high), f"{place:.2f}", f"{wins:.1%}"]
            for player, agent, n, mean, low, high, place, wins in report.seats]
    return ["seat", "agent", "games", "mean score", "min", "max", "mean place", "win rate"], rows


def agent_table(report: StoreReport) -> tuple[list[str], list[list[str]]]:
    """The per-agent table (over every seat it played) as column names and rows of text."""
    rows = [[agent, str(n), f"{mean:.1f}", f"{place:.2f}", f"{wins:.1%}"] for agent, n, mean, place, wins in report.agents]
    return ["agent", "seats", "mean score", "mean place", "win rate"], rows


def points_table(report: StoreReport) -> tuple[list[str], list[list[str]]]:
    """The mean points of each part of the score per seat (and over all seats)."""
    seats = [f"P{row[0] + 1}" for row in report.seats]
    rows = [[category, *(f"{value:.2f}" for value in values)] for category, *values in report.points]
    return ["part of the score", *seats, "all seats"], rows


TABLES = (("per seat", seat_table), ("per agent", agent_table), ("mean points by part of the score", points_table))


def all_tables(report: StoreReport) -> list[ReportTable]:
    """Every table of the report in the order shown: the same for every game, then the game's own."""
    return [(title, *make(report)) for title, make in TABLES] + report.tables


def print_report(report: StoreReport, console: Any) -> None:
    """The report in the terminal: its tables (the game's own last), then the game's own sections."""
    console.print(headline(report), soft_wrap=True)
    for title, names, rows in all_tables(report):
        table = Table(title=title, title_justify="left")
        for i, name in enumerate(names):
            table.add_column(name, justify="left" if i == 0 else "right", no_wrap=True)
        for row in rows:
            table.add_row(*row)
        console.print(table)
    if report.sections:
        console.print(f"coverage of {report.games} stored games", soft_wrap=True)
    for title, items in report.sections:
        console.print(f"\n{title}: {len(items)}", soft_wrap=True, markup=False, highlight=False)
        for item in items:
            console.print(f"  {item}", soft_wrap=True, markup=False, highlight=False)
