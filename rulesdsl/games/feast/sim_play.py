"""One simulated game and the rows it leaves: the game, each player's score breakdown, each
occupation that was in a hand or played, how often each card's effects fired, the spaces
Vikings were placed on and the anytime actions taken.

A game is fully given by its `Setup` and its seed (agents are seeded from the seed and the
seat), so any worker anywhere plays it to the same rows.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterable
from typing import Any

import attrs

from rulesdsl.errors import RulesError
from rulesdsl.games.feast.engine.game import Game, GameOptions
from rulesdsl.games.feast.engine.scoring import CATEGORIES, final_scores
from rulesdsl.games.registry import DEFAULT_GAME
from rulesdsl.games.seats import agent_seed, play_agents
from rulesdsl.sim.agents import check as check_agents
from rulesdsl.sim.agents import make_agent

TIMING_KEYS = ("round",)  # telemetry entries that are not counts of effects
GAME = DEFAULT_GAME  # the game these rows are of (the store's `games.game`)


@attrs.frozen
class Setup:
    """Everything but the seed: options (with any cards dealt or taken out), agents (one per seat)."""

    options: GameOptions
    agents: tuple[str, ...]
    budget: int | None = None
    model: str | None = None  # the value model file of the learned and search agents (None: the shipped one)

    def play_many(self, content: Any, seeds: Iterable[int]) -> list[dict[str, list[tuple]]]:
        """Several games in a row on `content` (a worker's task, through `rulesdsl.sim.backends`)."""
        return play_many(content, self, seeds)

    def to_json(self) -> dict:
        """The setup as plain data (the store's `setup` entry)."""
        found = {"options": self.options.to_json(), "agents": list(self.agents), "budget": self.budget}
        if self.model is not None:  # only when given: stores written before models existed still match
            found["model"] = self.model
        return found


def check_setup(content: Any, setup: Setup) -> None:
    """Unknown options or agents fail here, before any worker starts."""
    if len(setup.agents) != setup.options.players:
        raise RulesError(f"--agents names {len(setup.agents)} agents for {setup.options.players} players")
    check_agents(setup.agents, setup.model)
    new_game(content, setup, 0)  # the engine's own checks of players, length, decks and cards dealt


def new_game(content, setup: Setup, seed: int) -> Game:
    """The game of this setup and seed, at its first decision."""
    return Game(content, setup.options, seed)


def play(content, setup: Setup, seed: int) -> dict[str, list[tuple]]:
    """Play one game to the end; its rows by table (see store.SCHEMA for the columns)."""
    start = time.perf_counter()
    game = new_game(content, setup, seed)
    agents = [make_agent(name, agent_seed(seed, seat), setup.budget, setup.model) for seat, name in enumerate(setup.agents)]
    players = game.state.players
    dealt = [frozenset(p.hand) for p in players]
    seen = [set(p.hand) for p in players]
    spaces: Counter = Counter()
    anytime: Counter = Counter()

    def count(decision, key: str) -> None:
        if decision.kind == "space" and not key.startswith("anytime:") and key != "pass":
            spaces[(decision.player, key)] += 1
        elif decision.kind == "anytime" and key != "back":
            anytime[(decision.player, anytime_kind(key))] += 1
        for p in game.state.players:
            if p.hand:
                seen[p.index].update(p.hand)

    play_agents(game, agents, after=count)
    return rows_of(game, setup, seed, dealt, seen, spaces, anytime, time.perf_counter() - start)


def anytime_kind(key: str) -> str:
    """An anytime answer without where exactly: `buy:knarr`, `card:12:0`, `load`, `place:wood`, `slot:stone`."""
    kind, _, rest = key.partition(":")
    if kind in ("load", "unload"):
        return kind
    if kind == "slot":
        return f"slot:{rest.rsplit(':', 1)[-1]}"
    return key


def rows_of(game, setup: Setup, seed: int, dealt, seen, spaces, anytime, seconds: float) -> dict[str, list[tuple]]:
    content, state = game.content, game.state
    scores = final_scores(game)
    winners = ",".join(str(r["player"]) for r in scores if r["winner"])
    out: dict[str, list[tuple]] = {
        "games": [(seed, GAME, len(state.players), game.options.length, len(game.log), winners, round(seconds, 6))],
        "scores": [(seed, r["player"], setup.agents[r["player"]], r["total"], r["winner"],
                    1 + sum(other["total"] > r["total"] for other in scores)) for r in scores],
        "points": [(seed, r["player"], c, r[c]) for r in scores for c in CATEGORIES],
        "cards": [], "fired": [], "spaces": [], "anytime": [],
    }
    fired_by_card: Counter = Counter()
    for (player, card, timing), times in sorted(state.fired.items()):
        if timing in TIMING_KEYS:
            continue
        fired_by_card[(player, card)] += times
        out["fired"].append((seed, player, card, timing, times))
    for p in state.players:
        for card in sorted(seen[p.index] | set(p.played)):
            played = card in p.played
            out["cards"].append((seed, p.index, card, content.occupations[card].deck, card in dealt[p.index], played,
                                 state.fired.get((p.index, card, "round")) if played else None,
                                 fired_by_card[(p.index, card)], content.occupations[card].points if played else 0))
    out["spaces"] = [(seed, player, space, n) for (player, space), n in sorted(spaces.items())]
    out["anytime"] = [(seed, player, kind, n) for (player, kind), n in sorted(anytime.items())]
    out["answers"] = [tuple(entry) for entry in game.log]  # not stored by simulate; balance keeps some as records
    return out


def play_many(content, setup: Setup, seeds) -> list[dict[str, list[tuple]]]:
    """Several games in a row (a worker's task)."""
    return [play(content, setup, seed) for seed in seeds]
