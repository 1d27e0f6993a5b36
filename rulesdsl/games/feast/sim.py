"""A Feast for Odin's simulation hooks (`registry.SimHooks`, asked by the game-neutral
`rulesdsl.sim.command`): its rules (the content folders as a bundle the workers load), its setup (the
players, length, decks and agents the command line asks for), its own table of the report
(occupations played per player and seat) and its own parts of the report (the coverage of its
content: cards whose effects never fired although they were played, spaces no Viking was ever
placed on, anytime actions never taken). The paired card tests, `rulesdsl balance`, are the
game's own command (`balance`), on the same setup (`setup_of`)."""

from __future__ import annotations

import json
from typing import Any

from rulesdsl.agents.registry import default_agent
from rulesdsl.games.feast.engine.game import GameOptions
from rulesdsl.games.feast.sim_play import GAME, Setup, check_setup
from rulesdsl.games.registry import ReportTable, Section, Simulated
from rulesdsl.lang import tree as t
from rulesdsl.resources import version
from rulesdsl.sim import bundle as bundles
from rulesdsl.sim.store import stored_setup

TITLE = "A Feast for Odin"
BASE_ANYTIME = ("place", "buy", "load", "unload", "slot")  # the anytime actions every player has


def rules(args: Any) -> Simulated:
    """The content the command line names, as a bundle the workers load."""
    return simulated(bundles.make_bundle(args.content, not args.no_builtin))


def simulated(bundle: bundles.ContentBundle) -> Simulated:
    """The content of a bundle as the rules a simulation plays (loaded here, in the driver)."""
    roots = json.dumps(["<built-in>"] * bundle.builtin + [r.name for r in bundle.roots])
    return Simulated(GAME, TITLE, bundle.fingerprint, bundles.load(bundle), bundle,
                     meta={"content": roots, "rulesdsl": version()})


def setup(args: Any, simulated: Simulated) -> Setup:
    """The setup the command line asks for, checked on the content (before any worker starts)."""
    found = setup_of(args)
    check_setup(simulated.rules, found)
    return found


def setup_of(args: Any) -> Setup:
    """The setup of the command line's players, length, decks, agents, budget and model."""
    names = [a.strip() for a in (args.agents or default_agent()).split(",") if a.strip()]
    if len(names) == 1:
        names *= args.players
    options = GameOptions(players=args.players, length="short" if args.short else "long",
                          decks=tuple(d.strip().upper() for d in args.decks.split(",") if d.strip()))
    return Setup(options, tuple(names), args.budget, model=getattr(args, "model", None))


def tables(con: Any, meta: dict[str, str], simulated: Simulated) -> list[ReportTable]:
    """How many occupations a player plays in a game, per seat and over all seats (a seat that
    played none in a game counts as 0 there), as the report's table of the first game."""
    games = con.execute("SELECT count(*) FROM games").fetchone()[0]
    seats = [row[0] for row in con.execute("SELECT DISTINCT player FROM scores ORDER BY player").fetchall()]
    played = dict(con.execute("SELECT player, count(*) FROM cards WHERE played GROUP BY player").fetchall())
    means = [played.get(seat, 0) / games if games else 0.0 for seat in seats]
    overall = sum(played.values()) / (games * len(seats)) if games and seats else 0.0
    return [("occupations played per player", ["", *(f"P{seat + 1}" for seat in seats), "all seats"],
             [["mean per game", *(f"{mean:.2f}" for mean in means), f"{overall:.2f}"]])]


def sections(con: Any, meta: dict[str, str], simulated: Simulated) -> list[Section]:
    """The coverage of the content by the stored games, as the report's sections."""
    content = simulated.rules
    found = coverage(con, meta, content)

    def card(n: int) -> str:
        return f"{n} {content.occupations[n].name}"

    return [
        ("played cards whose effects never fired", [card(n) for n in found["never_fired"]]),
        ("anytime card effects never taken (card played)",
         [f"{card(n)} (effect {i + 1})" for n, i in found["card_anytime_never_taken"]]),
        ("anytime actions never taken", list(found["anytime_never_taken"])),
        (f"spaces never used (of {found['spaces']} in play)", [f"{s} {content.spaces[s].name}" for s in found["spaces_never_used"]]),
        ("cards in the decks never played", [card(n) for n in found["never_played"]]),
        ("played cards with only lasting modifiers (not counted as firing)", [card(n) for n in found["static_only"]]),
    ]


def coverage(con: Any, meta: dict[str, str], content: Any) -> dict[str, Any]:
    """Cards played but never fired, spaces never used, anytime actions never taken."""
    options = GameOptions.from_json(stored_setup(meta)["options"])  # a foreign store's text is refused, not trusted
    played = dict(con.execute("SELECT card, count(*) FROM cards WHERE played GROUP BY card").fetchall())
    fired = dict(con.execute("SELECT card, sum(fired) FROM cards WHERE played GROUP BY card").fetchall())
    counted = {number for number in played if has_counted_effects(content, number)}
    in_decks = sorted(n for n, o in content.occupations.items() if o.deck in options.decks)
    used = {row[0] for row in con.execute("SELECT DISTINCT space FROM spaces").fetchall()}
    spaces = [sid for sid, sp in content.spaces.items() if options.players in sp.players]
    taken = {row[0] for row in con.execute("SELECT DISTINCT action FROM anytime").fetchall()}
    kinds_taken = {a.split(":", 1)[0] for a in taken}
    anytime_cards = [(n, i) for n in played for i, item in enumerate(content.programs[("occupations", n)].items)
                     if isinstance(item, t.Anytime)]
    return {
        "never_fired": sorted(n for n in counted if not fired.get(n)),
        "static_only": sorted(n for n in played if n not in counted),
        "never_played": [n for n in in_decks if n not in played],
        "spaces_never_used": sorted(sid for sid in spaces if sid not in used),
        "spaces": len(spaces),
        "anytime_never_taken": [k for k in BASE_ANYTIME if k not in kinds_taken],
        "card_anytime_never_taken": sorted((n, i) for n, i in anytime_cards if f"card:{n}:{i}" not in taken),
    }


def has_counted_effects(content: Any, number: int) -> bool:
    """Whether a card has effects the telemetry counts (static modifiers are always on, never 'fired')."""
    static = (t.Modify, t.SetValue, t.Allow)
    return any(not isinstance(item, static) for item in content.programs[("occupations", number)].items)
