"""`rulesdsl --game NAME simulate` for tableau rulesets (rulesdsl.tableau): many seeded games,
stored in the first game's store and tables (`sim.store.SCHEMA`: one DuckDB store per folder,
batches as transactions, `--resume`, `--new`, a store refused for other content or options),
and a balance report per seat and per agent: mean place, win rate and the mean of every currency.

The rows: `games` (the ruleset's id as the game, no length), `scores` (the total is the
ranking's first currency, with the place and the win) and `points` (every currency of every
player); a tableau ruleset has no cards, spaces or anytime actions to count.
Games run in worker processes (`--jobs`); a game is given by its setup and seed alone (agents
are seeded from the seed and the seat, the same rule as `play`), so a worker anywhere plays it
to the same rows. `balance` compares cards with and without them: a game without cards has
nothing for it, which the message says.
"""

from __future__ import annotations

import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import attrs

from rulesdsl.engine.record import fingerprint
from rulesdsl.errors import RulesError
from rulesdsl.games.options import parse_options
from rulesdsl.games.seats import agent_seed, play_agents
from rulesdsl.sim.agents import check as check_agents
from rulesdsl.sim.agents import make_agent
from rulesdsl.sim.backends import default_jobs
from rulesdsl.sim.progress import progress_bar
from rulesdsl.sim.runner import Interrupted
from rulesdsl.sim.store import open_store, read_store
from rulesdsl.tableau.game import TableauGame, check_options
from rulesdsl.tableau.rulesets import load

BATCH = 20  # games stored per transaction


@attrs.frozen
class TableauSetup:
    """Everything of a simulated tableau game but its seed."""

    game: str  # the ruleset's id or folder
    players: int
    options: tuple  # (name, value) pairs, sorted
    agents: tuple
    budget: int | None = None

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
    if args.games < 1:
        raise RulesError(f"--games must be at least 1, not {args.games}")
    if args.backend != "local":
        raise RulesError(f"--backend {args.backend} plays the first game only; {ruleset.manifest.name} runs in local "
                         f"worker processes (--jobs N)")
    setup = setup_of(args, ruleset)
    meta = {"fingerprint": fingerprint(ruleset)["digest"], "setup": json.dumps(setup.to_json(), sort_keys=True),
            "game": ruleset.id}
    store = open_store(args.out, meta, new=args.new)
    start = time.perf_counter()
    try:
        stored = store.seeds()
        seeds = list(range(args.seed, args.seed + args.games))
        already = [s for s in seeds if s in stored]
        if already and not args.resume:
            raise RulesError(f"{len(already)} of these seeds are already in {store.path} (first: {already[0]}); "
                             f"--resume plays only the missing ones, --new starts the store afresh")
        todo = [s for s in seeds if s not in stored]
        played = _play_all(setup, todo, args.jobs, not args.no_progress, store)
        count = store.count()
    finally:
        store.close()
    seconds = time.perf_counter() - start
    skipped = f", {len(already)} already stored" if already else ""
    print(f"{played} games played in {seconds:.1f} s{skipped}; {count} games in {args.out}")
    report_store(args.out, ruleset)
    return 0


def report_store(out, ruleset) -> None:
    """Print the balance report of the store in `out`."""
    con, _meta = read_store(out, ruleset.id)
    try:
        print_report(con, ruleset)
    finally:
        con.close()


def _play_all(setup, todo, jobs, show, store) -> int:
    jobs = max(1, jobs or default_jobs())
    size = max(1, min(BATCH, len(todo) // (jobs * 4)))  # small enough that every worker has its share
    chunks = [tuple(todo[i:i + size]) for i in range(0, len(todo), size)]
    jobs = min(jobs, len(chunks) or 1)
    played = 0
    with progress_bar(len(todo), show and sys.stderr.isatty()) as advance:
        try:
            if jobs == 1:
                results = (play_many(setup, chunk) for chunk in chunks)
                for games in results:
                    store.add(games)
                    played += len(games)
                    advance(len(games))
            else:
                with ProcessPoolExecutor(jobs) as pool:
                    for games in pool.map(play_many, [setup] * len(chunks), chunks):
                        store.add(games)
                        played += len(games)
                        advance(len(games))
        except KeyboardInterrupt:
            raise Interrupted(f"interrupted: {played} games stored by this run; run the same command with --resume to go on",
                              130) from None
    return played


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
