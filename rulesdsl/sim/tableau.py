"""`rulesdsl --game NAME simulate` for tableau rulesets (rulesdsl.tableau): many seeded games,
stored in the first game's store and tables (`sim.store.SCHEMA`: one DuckDB store per folder,
batches as transactions, `--resume`, `--new`, a store refused for other content or options),
and a balance report per seat and per agent: mean place, win rate and the mean of every currency.

The rows: `games` (the ruleset's id as the game, no length), `scores` (the total is the
ranking's first currency, with the place and the win) and `points` (every currency of every
player); a tableau ruleset has no cards, spaces or anytime actions to count.

Games run in the first game's runner (`sim.runner`: worker processes, `--jobs`, progress,
Ctrl-C and `--resume`); a game is given by its setup and seed alone (agents
are seeded from the seed and the seat, the same rule as `play`), so a worker anywhere plays it
to the same rows. `balance` compares cards with and without them: a game without cards has
nothing for it, which the message says.
"""

from __future__ import annotations

import json
import time

import attrs

from rulesdsl.core.record import fingerprint
from rulesdsl.errors import RulesError
from rulesdsl.games.options import parse_options
from rulesdsl.games.seats import agent_seed, play_agents
from rulesdsl.sim.agents import check as check_agents
from rulesdsl.sim.agents import make_agent
from rulesdsl.sim.command import check_games, run_simulation
from rulesdsl.sim.store import read_store
from rulesdsl.tableau.game import TableauGame, check_options
from rulesdsl.tableau.rulesets import load

@attrs.frozen
class TableauSetup:
    """Everything of a simulated tableau game but its seed."""

    game: str  # the ruleset's id or folder
    players: int
    options: tuple  # (name, value) pairs, sorted
    agents: tuple
    budget: int | None = None

    def play_many(self, content: None, seeds) -> list[dict]:
        """Several games in a row (a worker's task, through `sim.runner`: the ruleset is loaded by name)."""
        return play_many(self, seeds)

    def to_json(self) -> dict:
        """The setup as plain data (the store's `setup` entry)."""
        return {"game": self.game, "players": self.players, "options": dict(self.options), "agents": list(self.agents),
                "budget": self.budget}


def play(setup: TableauSetup, seed: int) -> dict:
    """One game to its end; its rows by table."""
    start = time.perf_counter()
    ruleset = load(setup.game)
    game = TableauGame(ruleset, setup.players, dict(setup.options), seed)
    agents = [make_agent(name, agent_seed(seed, seat), setup.budget, game=ruleset.id) for seat, name in enumerate(setup.agents)]
    play_agents(game, agents)
    rows = game.scores()
    currencies = [c.id for c in ruleset.components.currencies]
    first = ruleset.manifest.ranking[0]  # what the places are counted in first: the total of the store
    winners = ",".join(str(r["player"]) for r in rows if r["place"] == 1)
    return {"games": [(seed, ruleset.id, setup.players, None, len(game.log), winners, round(time.perf_counter() - start, 6))],
            "scores": [(seed, r["player"], setup.agents[r["player"]], r.get(first, 0), r["place"] == 1, r["place"])
                       for r in rows],
            "points": [(seed, r["player"], c, r.get(c, 0)) for r in rows for c in currencies],
            "cards": [], "fired": [], "spaces": [], "anytime": []}


def play_many(setup: TableauSetup, seeds) -> list[dict]:
    """Several games in a row (a worker's task)."""
    return [play(setup, seed) for seed in seeds]


def setup_of(args, ruleset) -> TableauSetup:
    """The setup the command line asks for; RulesError for unknown agents, options or player counts."""
    names = [a.strip() for a in (args.agents or "random").split(",") if a.strip()]
    names = names * args.players if len(names) == 1 else names
    if len(names) != args.players:
        raise RulesError(f"--agents names {len(names)} agents for {args.players} players")
    r = ruleset.manifest.players
    if not r.min <= args.players <= r.max:
        raise RulesError(f"{ruleset.manifest.name} takes {r.min} to {r.max} players, not {args.players}")
    given = parse_options(args.option)
    check_options(ruleset, given)
    check_agents(names, game=ruleset.id)
    return TableauSetup(ruleset.id, args.players, tuple(sorted(given.items())), tuple(names), args.budget)


def run(args) -> int:
    """`simulate` (and `balance`) for a tableau game."""
    ruleset = load(args.game)
    if args.command == "balance":
        raise RulesError(f"balance compares games with and without a card; {ruleset.manifest.name} has no cards "
                         f"(simulate reports its seats and agents)")
    if args.report:
        report_store(args.out, ruleset)
        return 0
    check_games(args)
    if args.backend != "local":
        raise RulesError(f"--backend {args.backend} plays the first game only; {ruleset.manifest.name} runs in local "
                         f"worker processes (--jobs N)")
    setup = setup_of(args, ruleset)
    meta = {"fingerprint": fingerprint(ruleset)["digest"], "setup": json.dumps(setup.to_json(), sort_keys=True),
            "game": ruleset.id}
    return run_simulation(args, None, setup, lambda con: print_report(con, ruleset), meta=meta)


def report_store(out, ruleset) -> None:
    """Print the balance report of the store in `out`."""
    con, _meta = read_store(out, ruleset.id)
    try:
        print_report(con, ruleset)
    finally:
        con.close()


def report_rows(con, ruleset) -> dict:
    """Per seat and per agent: games, mean place, win rate and each currency's mean."""
    currencies = [c.id for c in ruleset.components.currencies]
    # each currency's mean from the `points` rows, one column per currency (ids are parameters, never SQL text)
    means = ", avg(points) FILTER (WHERE category = ?)" * len(currencies)
    scores = ("(SELECT s.player, s.agent, s.place, s.winner, p.category, p.points FROM scores s "
              "JOIN points p USING (seed, player))")
    games, decisions, seconds = con.execute("SELECT count(*), avg(decisions), avg(seconds) FROM games").fetchone()
    seats = con.execute(f"SELECT player, any_value(agent), count(*) FILTER (WHERE category = ?), avg(place), "
                        f"avg(CAST(winner AS INTEGER)){means} FROM {scores} GROUP BY player ORDER BY player",
                        [currencies[0], *currencies]).fetchall()
    agents = con.execute(f"SELECT agent, count(*) FILTER (WHERE category = ?), avg(place), avg(CAST(winner AS INTEGER)){means} "
                         f"FROM {scores} GROUP BY agent ORDER BY agent", [currencies[0], *currencies]).fetchall()
    return {"games": games, "decisions": decisions or 0, "seconds": seconds or 0, "seats": seats, "agents": agents,
            "currencies": currencies}


def print_report(con, ruleset) -> None:
    """The balance report as plain text tables."""
    data = report_rows(con, ruleset)
    names = data["currencies"]
    print(f"{ruleset.manifest.name}: {data['games']} games, {data['decisions']:.0f} decisions and "
          f"{data['seconds'] * 1000:.0f} ms per game")
    head = "".join(f"{'mean ' + n:>12}" for n in names)
    print(f"{'seat':>6}{'agent':>10}{'games':>8}{'mean place':>12}{'win rate':>10}{head}")
    for player, agent, n, place, wins, *values in data["seats"]:
        print(f"{'P' + str(player + 1):>6}{agent:>10}{n:>8}{place:>12.2f}{wins:>10.1%}" + "".join(f"{v:>12.1f}" for v in values))
    print(f"{'':>6}{'agent':>10}{'seats':>8}{'mean place':>12}{'win rate':>10}{head}")
    for agent, n, place, wins, *values in data["agents"]:
        print(f"{'':>6}{agent:>10}{n:>8}{place:>12.2f}{wins:>10.1%}" + "".join(f"{v:>12.1f}" for v in values))
