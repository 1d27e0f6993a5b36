"""Self-play games that leave training rows for a learned value.

A `SelfPlay` is a simulation setup (sim.backends runs it like any other: its `play_many`
plays its own games): every seat plays the same agent (`greedy`, or `learned` on the model
whose bytes travel with the setup, so a worker anywhere plays the same games). At every turn's
question (the states a lookahead values: a choice complete, the next one about to start) the
feature row of every player is kept; when the game ends each row gets the player's final score
and margin over the best opponent. A game is given by the setup and its seed.

Branches (`branches` > 0): at a share (`branch_rate`) of the turns' questions, the agent's best
`branches` answers by its own lookahead are each played out to the end of the game on a fork,
every fork with the same dice and the same agents (common random numbers), and the state where
the answer's choice is complete (what a lookahead values) is kept with the final score it led
to. A group of branches compares answers to one question in one state, so what tells them
apart is what the answers did, not what the player's earlier play had made of the game: the
rows a value can be fitted to without learning what merely goes with winning under one policy
(see training.fit_grouped).

A branch's horizon (`horizon`): "game" plays it out to the end and keeps the final score; "turn"
plays on only until the player's next turn's question in the same phase (or the phase's end, as
the search agent's rollouts do) and keeps the value there: the best of the player's answers to
that question as its own agent judges them (what the state set up for the next action), else the
state's value. A turn's branch costs a few dozen answers instead of half a game, so a session's
machine time gives thousands of branched questions; the target is then the agent's own value one
turn later (temporal differences, as the search agent's rollouts see it), so the correction
learns what an answer sets up for the next turn, which a one-level lookahead does not see.
"""

from __future__ import annotations

import random

import attrs
import numpy as np

from rulesdsl.games.feast.agents.features import BASE, FeatureReader
from rulesdsl.games.feast.agents.learned import LearnedAgent
from rulesdsl.games.feast.agents.lookahead import TOP_KINDS, fork_for_lookahead, hide_hands
from rulesdsl.games.feast.agents.model import from_bytes
from rulesdsl.games.feast.agents.ranker import RANKED_KIND, load_ranker
from rulesdsl.games.feast.agents.search import play_to_next_turn, turn_value
from rulesdsl.agents.registry import make_agent
from rulesdsl.errors import RulesError
from rulesdsl.games.feast.engine.game import Game, GameOptions
from rulesdsl.games.feast.engine.scoring import final_scores
from rulesdsl.games.seats import agent_seed

BRANCHED = "space"  # the kind of question branched: a turn's action (not the game's end placements)
HORIZONS = ("game", "turn")  # how far a branch is played out (module docstring)
MAX_TURN_ANSWERS = 120  # answers a "turn" branch plays at most before it is valued where it stands


@attrs.frozen
class SelfPlay:
    """Everything but the seed of a self-play game: options, the agent, its model (bytes)."""

    options: GameOptions
    agent: str = "greedy"  # greedy (the hand-set value) or learned (the model below)
    model_npz: bytes = b""
    model_json: str = ""
    generation: int = 0  # of the model that plays (0: greedy)
    branches: int = 0  # answers played out per branched question (0: none)
    branch_rate: float = 0.12  # share of a player's turn questions branched
    horizon: str = "game"  # how far a branch is played out: to the game's end, or to the player's next turn
    ranked: bool = False  # the learned agent judges on forks only what the shipped answer ranker puts first

    def make_agent(self, seed: int):
        """The agent of one seat."""
        if self.agent == "learned":
            model = from_bytes(self.model_npz, self.model_json, f"generation {self.generation}")
            return LearnedAgent(seed, model=model, ranker=load_ranker() if self.ranked else None)
        return make_agent(self.agent, seed)

    def play_many(self, content, seeds) -> list[dict]:
        """The rows of several games (a worker's task)."""
        return [self.play(content, seed) for seed in seeds]

    def play(self, content, seed: int) -> dict:
        """One game: {"games": [(generation, seed, decisions, scores)], "states": [(generation,
        seed, step, player, round, final, margin, features...)], "branches": [(generation, seed,
        step, player, round, final, margin, branch, lookahead, features...)], "answers":
        [(generation, seed, step, player, round, key, value, state row...)] (every answer the
        agent judged at a turn's action question, with its lookahead value: an answer ranker's rows)}."""
        game = Game(content, self.options, seed)
        agents = [self.make_agent(agent_seed(seed, seat)) for seat in range(self.options.players)]
        # the agents that play branches out: seeded apart from the game's own, the same for every branch
        players = [self.make_agent(agent_seed(seed, seat) + 104_729) for seat in range(self.options.players)]
        reader = FeatureReader(content, game.catalog)
        chance = random.Random(seed * 31 + 7)
        rows: list[tuple] = []
        branched: list[tuple] = []
        answered: list[tuple] = []
        while game.decision is not None:
            d = game.decision
            own = None
            if d.kind in TOP_KINDS:
                for player in range(self.options.players):
                    vector = reader.vector(game, player)
                    rows.append((len(game.log), player, game.state.round, vector))
                    if player == d.player:
                        own = vector
            if self.branches and d.kind == BRANCHED and chance.random() < self.branch_rate:
                branched.extend(self.branch(game, d, agents[d.player], players, reader, chance.getrandbits(32)))
            step, rnd = len(game.log), game.state.round
            game.answer(agents[d.player].answer(game, d))
            scored = getattr(agents[d.player], "last_scored", None)
            if d.kind == RANKED_KIND and own is not None and scored:
                answered.extend(_answer_rows(self.generation, seed, step, d.player, rnd, scored, own[:len(BASE)]))
        scores = [r["total"] for r in final_scores(game)]
        margins = _margins(scores)
        states = [(self.generation, seed, step, player, rnd, scores[player], margins[player], *vector.tolist())
                  for step, player, rnd, vector in rows]
        branches = [(self.generation, seed, *row[:-1], *row[-1].tolist()) for row in branched]
        return {"games": [(self.generation, seed, len(game.log), ",".join(map(str, scores)))], "states": states,
                "branches": branches, "answers": answered}

    def branch(self, game, decision, agent, players, reader, seed: int) -> list[tuple]:
        """Rows (step, player, round, final, margin, branch, lookahead, features) of the agent's
        best answers to `decision`, each played out to the end (module docstring)."""
        scored = agent.scores(game, decision)
        ranked = sorted((k for k in scored if scored[k] != float("-inf")), key=lambda k: -scored[k])
        out = []
        for index, key in enumerate(ranked[: self.branches]):
            if self.horizon == "turn":
                played = self.play_turn(game, key, decision.player, players, reader, seed)
            else:
                played = self.play_out(game, key, decision.player, players, reader, seed)
            if played is None:
                continue
            vector, scores = played
            margin = _margins(scores)[decision.player]
            out.append((len(game.log), decision.player, game.state.round, scores[decision.player], margin, index,
                        scored[key], vector))
        return out if len(out) > 1 else []

    @staticmethod
    def play_out(game, key: str, player: int, players, reader, seed: int):
        """(features where the choice `key` begins is complete, final scores) of `key` played
        out on a fork by `players` (the same agents, dice and piles for every answer), or None
        if the answer turned out illegal there."""
        f = game.fork(reseed=seed)
        try:
            _forget(players)
            try:
                f.answer(key)
            except RulesError:
                return None
            vector = None
            while f.decision is not None:
                d = f.decision
                if vector is None and (d.player != player or d.kind in TOP_KINDS):
                    vector = reader.vector(f, player)
                f.answer(players[d.player].answer(f, d))
            if vector is None:
                vector = reader.vector(f, player)
            return vector, [r["total"] for r in final_scores(f)]
        finally:
            f.discard()

    @staticmethod
    def play_turn(game, key: str, player: int, players, reader, seed: int):
        """(features where the choice `key` begins is complete, every player's value one turn on)
        of `key` played on a fork by `players` up to `player`'s next turn's question in the same
        phase (valued by the best answer there as its agent judges it) or the phase's end (valued
        as a state), with the same dice and agents for every answer; None if `key` is illegal there.
        The opponents' hands are dealt anew from what `player` cannot see, as in the search's rollouts."""
        f = fork_for_lookahead(game, seed)
        f.halt_at_resume = False
        try:
            hide_hands(f, player)
            _forget(players)
            try:
                f.answer(key)
            except RulesError:
                return None
            seen: list = []

            def complete(f, d):  # the first question that is not the player's own choice going on
                if not seen and (d.player != player or d.kind in TOP_KINDS):
                    seen.append(reader.vector(f, player))

            play_to_next_turn(f, player, lambda f, d: players[d.player].answer(f, d),
                              (game.state.round, game.state.phase), MAX_TURN_ANSWERS, seen=complete)
            vector = seen[0] if seen else reader.vector(f, player)
            values = [turn_value(f, q, agent, agent.valuer(f)) if q == player else agent.valuer(f).leaf_value(f, q)
                      for q, agent in enumerate(players)]
            return vector, values
        except RulesError:
            return None
        finally:
            f.discard()


def _forget(players) -> None:
    """Clear what an earlier branch left in the agents (a greedy agent's count of anytime answers)."""
    for agent in players:
        forget = getattr(agent, "forget", None)
        if forget is not None:
            forget()


def _answer_rows(generation: int, seed: int, step: int, player: int, rnd: int, scored: dict[str, float],
                 base: np.ndarray) -> list[tuple]:
    """Rows (generation, seed, step, player, round, answer key, its lookahead value, state row...)
    of a turn's question whose answers the agent judged (at least two of them with a value)."""
    finite = {k: v for k, v in scored.items() if v != float("-inf")}
    if len(finite) < 2:
        return []
    state = base.tolist()
    return [(generation, seed, step, player, rnd, key, float(value), *state) for key, value in finite.items()]


def _margins(scores: list) -> list:
    """Each player's margin over the best other (0 alone)."""
    return [s - max((x for j, x in enumerate(scores) if j != i), default=0) if len(scores) > 1 else 0
            for i, s in enumerate(scores)]


def stack(states: list[tuple]) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """(feature matrix, {column: values} of the keys) of state rows as `SelfPlay.play` gives them."""
    keys = ("generation", "seed", "step", "player", "round", "final", "margin")
    if not states:
        return np.zeros((0, 0)), {k: np.zeros(0) for k in keys}
    matrix = np.array([row[len(keys):] for row in states], dtype=np.float64)
    columns = {k: np.array([row[i] for row in states]) for i, k in enumerate(keys)}
    return matrix, columns


def default_options(players: int = 2, length: str = "long") -> GameOptions:
    """The options of training games: every deck, as the benchmarks play."""
    return GameOptions(players=players, length=length, decks=("A", "B", "C"))
