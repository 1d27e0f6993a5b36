"""Tableau rulesets' simulation hooks (`registry.SimHooks`, asked by the game-neutral
`rulesdsl.sim.command`): the ruleset the command line names, the setup of its players, options and
agents, and the rows of one game in every game's tables (`rulesdsl.sim.store.SCHEMA`).

The rows: `games` (the ruleset's id as the game, no length), `scores` (the total is the
ranking's first currency, with the place and the win) and `points` (every currency of every
player); a tableau ruleset has no cards, spaces or anytime actions to count, so its report is
the one every game has (`rulesdsl.sim.report`) and it has no `balance`.

A game is given by its setup and seed alone (agents are seeded from the seed and the seat, the
same rule as `play`), so a worker anywhere, a local process or a Ray worker, plays it to the
same rows: the setup names the ruleset by its built-in id (or its folder's path) and carries
the ruleset's digest, which a worker with other rules refuses.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

import attrs

from rulesdsl.agents.registry import default_agent
from rulesdsl.core.record import fingerprint
from rulesdsl.errors import RulesError
from rulesdsl.games.options import parse_options
from rulesdsl.games.registry import Simulated
from rulesdsl.games.seats import agent_seed, play_agents
from rulesdsl.games.tableau.engine.game import TableauGame, check_options
from rulesdsl.games.tableau.engine.rulesets import folder_of, load, ruleset_folders
from rulesdsl.sim.agents import check as check_agents
from rulesdsl.sim.agents import make_agent


@attrs.frozen
class TableauSetup:
    """Everything of a simulated tableau game but its seed."""

    game: str  # the ruleset's id
    players: int
    options: tuple  # (name, value) pairs, sorted
    agents: tuple
    budget: int | None = None
    # where a worker finds the ruleset (a built-in id or a folder's path; "": the id) and what
    # its files must hash to ("": unchecked): not in the store's setup, which the digest
    # (the store's fingerprint) already pins
    folder: str = ""
    digest: str = ""

    def play_many(self, content: None, seeds: Iterable[int]) -> list[dict]:
        """Several games in a row (a worker's task, through `rulesdsl.sim.runner`: the ruleset is loaded by name)."""
        return play_many(self, seeds)

    def to_json(self) -> dict:
        """The setup as plain data (the store's `setup` entry)."""
        return {"game": self.game, "players": self.players, "options": dict(self.options), "agents": list(self.agents),
                "budget": self.budget}


def ruleset_of(setup: TableauSetup) -> Any:
    """The ruleset a setup's games are played on; RulesError when this worker's differs from the driver's."""
    ruleset = load(setup.folder or setup.game)
    if setup.digest and fingerprint(ruleset)["digest"] != setup.digest:
        raise RulesError(f"this worker's ruleset {setup.folder or setup.game} differs from the driver's; "
                         f"install the same rulesdsl (and the same ruleset folder) on every worker")
    return ruleset


def play(setup: TableauSetup, seed: int) -> dict:
    """One game to its end; its rows by table."""
    start = time.perf_counter()
    ruleset = ruleset_of(setup)
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


def play_many(setup: TableauSetup, seeds: Iterable[int]) -> list[dict]:
    """Several games in a row (a worker's task)."""
    return [play(setup, seed) for seed in seeds]


def rules(args: Any) -> Simulated:
    """The ruleset `--game` names (a built-in id or a folder)."""
    ruleset = load(args.game)
    if args.content:
        raise RulesError(f"{args.game} is a ruleset folder: give a variant as its own folder (--game FOLDER), not --content")
    return Simulated(ruleset.id, ruleset.manifest.name, fingerprint(ruleset)["digest"], ruleset)


def setup(args: Any, simulated: Simulated) -> TableauSetup:
    """The checked setup of the command line, with where workers find the ruleset."""
    ruleset = simulated.rules
    built_in = ruleset_folders().get(args.game)
    where = args.game if built_in is not None else str(folder_of(args.game).resolve())
    return attrs.evolve(setup_of(args, ruleset), folder=where, digest=simulated.fingerprint)


def setup_of(args: Any, ruleset: Any) -> TableauSetup:
    """The setup the command line asks for; RulesError for unknown agents, options or player counts."""
    names = [a.strip() for a in (args.agents or default_agent(args.game)).split(",") if a.strip()]
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
