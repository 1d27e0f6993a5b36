"""What a store tells: the summary after a run, and the coverage report (`simulate --report`):
cards whose effects never fired although they were played, spaces no Viking was ever
placed on, anytime actions never taken."""

from __future__ import annotations

from rich.table import Table

from rulesdsl.engine.game import GameOptions
from rulesdsl.lang import tree as t
from rulesdsl.sim.store import stored_setup

BASE_ANYTIME = ("place", "buy", "load", "unload", "slot")  # the anytime actions every player has


def summary_rows(con) -> dict:
    """Per seat: games, mean score, win rate; overall: games, mean decisions, cards played per player."""
    games, decisions, seconds = con.execute("SELECT count(*), avg(decisions), avg(seconds) FROM games").fetchone()
    seats = con.execute("SELECT player, any_value(agent), avg(total), avg(CAST(winner AS INTEGER)), min(total), max(total) "
                        "FROM scores GROUP BY player ORDER BY player").fetchall()
    played = con.execute("SELECT avg(n) FROM (SELECT seed, player, sum(CAST(played AS INTEGER)) AS n "
                         "FROM cards GROUP BY seed, player)").fetchone()[0]
    return {"games": games, "decisions": decisions or 0, "seconds": seconds or 0, "seats": seats, "played": played or 0}


def print_summary(con, console) -> None:
    data = summary_rows(con)
    table = Table(title=f"{data['games']} games: {data['decisions']:.0f} decisions and {data['seconds']:.2f} s per game, "
                        f"{data['played']:.1f} occupations played per player")
    for name in ("seat", "agent", "mean score", "win rate", "min", "max"):
        table.add_column(name, justify="right")
    for player, agent, mean, wins, low, high in data["seats"]:
        table.add_row(f"P{player + 1}", agent, f"{mean:.1f}", f"{wins:.1%}", str(low), str(high))
    console.print(table)


def coverage(con, meta: dict, content) -> dict:
    """Cards played but never fired, spaces never used, anytime actions never taken."""
    setup = stored_setup(meta)  # a foreign store's text is refused, not trusted
    options = GameOptions.from_json(setup["options"])
    played = dict(con.execute("SELECT card, count(*) FROM cards WHERE played GROUP BY card").fetchall())
    fired = dict(con.execute("SELECT card, sum(fired) FROM cards WHERE played GROUP BY card").fetchall())
    counted = {number for number in played if _has_counted_effects(content, number)}
    never_fired = sorted(n for n in counted if not fired.get(n))
    static_only = sorted(n for n in played if n not in counted)
    in_decks = sorted(n for n, o in content.occupations.items() if o.deck in options.decks)
    never_played = [n for n in in_decks if n not in played]
    used = {row[0] for row in con.execute("SELECT DISTINCT space FROM spaces").fetchall()}
    spaces = [sid for sid, sp in content.spaces.items() if options.players in sp.players]
    taken = {row[0] for row in con.execute("SELECT DISTINCT action FROM anytime").fetchall()}
    kinds_taken = {a.split(":", 1)[0] for a in taken}
    anytime_cards = [(n, i) for n in played for i, item in enumerate(content.programs[("occupations", n)].items)
                     if isinstance(item, t.Anytime)]
    return {
        "games": con.execute("SELECT count(*) FROM games").fetchone()[0],
        "never_fired": never_fired,
        "static_only": static_only,
        "never_played": never_played,
        "spaces_never_used": sorted(sid for sid in spaces if sid not in used),
        "spaces": len(spaces),
        "anytime_never_taken": [k for k in BASE_ANYTIME if k not in kinds_taken],
        "card_anytime_never_taken": sorted((n, i) for n, i in anytime_cards if f"card:{n}:{i}" not in taken),
    }


def _has_counted_effects(content, number: int) -> bool:
    """Whether a card has effects the telemetry counts (static modifiers are always on, never 'fired')."""
    static = (t.Modify, t.SetValue, t.Allow)
    return any(not isinstance(item, static) for item in content.programs[("occupations", number)].items)


def print_coverage(report: dict, content) -> None:
    def card(n):
        return f"{n} {content.occupations[n].name}"

    print(f"coverage of {report['games']} stored games")
    sections = [
        ("played cards whose effects never fired", [card(n) for n in report["never_fired"]]),
        ("anytime card effects never taken (card played)", [f"{card(n)} (effect {i + 1})" for n, i in report["card_anytime_never_taken"]]),
        ("anytime actions never taken", list(report["anytime_never_taken"])),
        (f"spaces never used (of {report['spaces']} in play)", [f"{s} {content.spaces[s].name}" for s in report["spaces_never_used"]]),
        ("cards in the decks never played", [card(n) for n in report["never_played"]]),
        ("played cards with only lasting modifiers (not counted as firing)", [card(n) for n in report["static_only"]]),
    ]
    for title, items in sections:
        print(f"\n{title}: {len(items)}")
        for item in items:
            print(f"  {item}")
