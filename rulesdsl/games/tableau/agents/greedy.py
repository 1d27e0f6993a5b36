"""The greedy agent of tableau games (rulesdsl.games.tableau.engine): every answer tried on a fork, judged by
what the ruleset itself says the state is worth.

A state's worth is the end of the game played on from it with nothing more for sale: the market
ring and the face-down stacks emptied, every later question answered by its first legal answer,
the ruleset's own round programs (their scorings by round parity) and its `final` program run to
the end. A player's value is then his ranking key (the ranked currencies, the first counting most)
minus the best opponent's. Nothing of a particular game is named here: the rules that say what
a figure or a pattern of tiles is worth are the ruleset's programs.

An answer that leads to another question of the same player (which lot, then where its tile
goes, then whether its figure stands) is judged by the best answer to that question, down to
DEPTH questions; deeper ones take the first legal answer. Forks replay from the game's round
checkpoints (`TableauGame.fork`) and deal the unseen stacks and bag anew from the agent's seed,
so a look ahead never sees the real future; the agent keeps its own checkpointed copy of the
game it is asked about, brought up to date answer by answer.
"""

from __future__ import annotations

import random

from rulesdsl.errors import RulesError

SAMPLE = 8  # answers judged at most per question: the first legal one and a seeded sample of the rest
DEPTH = 2  # questions of the same player judged ahead (this one included)
PROJECTION_STEPS = 2000  # answers the played-on end of the game may take at most
CONVERSION = "anytime:"  # the engine's key prefix for an anytime exchange (it leads back to the same question)


def ranking_key(game, player: int) -> float:
    """A player's ranked currencies as one number: the first counts most, each next one 1/1000 as much."""
    money = game.table.seats[player].money
    return sum(money.get(name, 0) * 1000.0 ** -i for i, name in enumerate(game.ruleset.manifest.ranking))


def relative(game, player: int) -> float:
    """The player's ranking key minus the best opponent's."""
    others = [ranking_key(game, p) for p in range(game.players) if p != player]
    return ranking_key(game, player) - (max(others) if others else 0.0)


def first_legal(decision) -> str:
    """The first legal answer in the engine's order (judging no more than it must)."""
    return decision.count_legal(1)[1]


def play_on(game, until=None) -> None:
    """Answer `game`'s questions by their first legal answer to its end (or while `until(decision)` is false)."""
    for _ in range(PROJECTION_STEPS):
        decision = game.decision
        if decision is None or (until is not None and until(decision)):
            return
        game.answer(first_legal(decision))
    raise RulesError(f"the played-on game did not end within {PROJECTION_STEPS} answers")


def project(game, player: int):
    """The end of `game` (a fork, used up) with nothing more for sale: the player's turn finished
    with first legal answers, the stacks emptied; lots still on the ring leave it and the round
    is played again from its start (its scoring to come), else the game simply goes on."""
    play_on(game, lambda d: d.player != player)
    table = game.table
    for stack in table.stacks:
        stack.clear()
    if game.decision is not None and any(lot is not None for lot in table.ring):
        # an open question may be about the lots: go on from the table alone, at this round's start
        # the lots' figures go back to the bag, so the round played again can draw as many
        table.bag += [lot[1] for lot in table.ring if lot is not None and lot[1] is not None] + table.drawn
        table.drawn = []
        table.ring[:] = [None] * len(table.ring)
        table.hand.clear()
        table.stacks.append([])  # the round played again lays out one more (empty) stack
        table.round -= 1
        game = type(game).from_table(game.ruleset, game.players, game.given, game.seed, table)
    play_on(game)
    return game


def synced(shadow, game):
    """A checkpointed copy of `game` at its open decision: `shadow` brought up to date, or a new one."""
    if game.checkpoints is not None:
        return game
    if shadow is None or shadow.seed != game.seed or shadow.log != game.log[:len(shadow.log)] or shadow.given != game.given:
        shadow = type(game)(game.ruleset, game.players, game.given, game.seed, game.prepare, game.program, checkpoints=True)
    for key in game.log[len(shadow.log):]:
        shadow.answer(key)
    return shadow


class TableauGreedyAgent:
    """Greedy over forks valued by the played-on end of the game (module docstring)."""

    name = "greedy"

    def __init__(self, seed: int = 0, sample: int = SAMPLE, depth: int = DEPTH):
        self.seed = seed
        self.sample = sample
        self.depth = depth
        self._shadow = None
        self._plan: tuple = ((), ())  # (answers of the game, the best answers after them judged ahead)

    def answer(self, game, decision) -> str:
        """The best answer by the forks (a single legal one at once; a later question of a judged turn by its plan)."""
        legal = decision.legal()
        if len(legal) == 1:
            return legal[0]
        planned = self.planned(game, legal)
        if planned is not None:  # judged already, as the best answer after the one given before
            self._plan = ((*game.log, planned), self._plan[1][1:])
            return planned
        scores = self.scores(game, decision)
        best = max(scores, key=lambda key: (scores[key][0], -legal.index(key)))
        self.commit(game, best, scores[best][1])
        return best

    def planned(self, game, legal) -> str | None:
        """The answer judged already for this question (a later question of the turn), or None."""
        log, ahead = self._plan
        if ahead and len(log) == len(game.log) and list(log) == game.log and ahead[0] in legal:
            return ahead[0]
        return None

    def commit(self, game, key: str, ahead=()) -> None:
        """Remember that `key` is answered now and `ahead` are the best answers judged after it."""
        self._plan = ((*game.log, key), tuple(ahead))

    def base(self, game):
        """The checkpointed copy of `game` the forks are made from."""
        self._shadow = synced(self._shadow, game)
        return self._shadow

    def candidates(self, decision, step: int) -> list[str]:
        """The answers to judge: all legal ones, or the first and a seeded sample of a large question;
        anytime exchanges only when nothing else is legal (they lead back to the same question)."""
        legal = decision.legal()
        legal = [key for key in legal if not key.startswith(CONVERSION)] or legal
        if len(legal) <= self.sample:
            return legal
        rest = random.Random(self.seed * 7_919 + step).sample(legal[1:], self.sample - 1)
        return [key for key in legal if key == legal[0] or key in rest]

    def scores(self, game, decision, candidates=None) -> dict[str, tuple]:
        """(value, the best answers judged after it) of each candidate answer for the deciding player."""
        base = self.base(game)
        if candidates is None:
            candidates = self.candidates(decision, len(game.log))
        hidden = self.seed * 1_000_003 + len(game.log)
        return {key: self.value(base, decision.player, [key], self.depth - 1, hidden) for key in candidates}

    def value(self, base, player: int, path: list, depth: int, hidden: int, fork=None) -> tuple:
        """(value, best answers after `path`) of answering `path` from `base`: the best next answer
        of the same player while `depth` lasts, else the played-on end of the game. `fork`: a
        fork of `base` at the question before the last answer of `path` (spares a replay)."""
        if fork is None:
            fork = base.fork(hidden)
            for key in path[:-1]:
                fork.answer(key)
        fork.answer(path[-1])
        decision = fork.decision
        if depth > 0 and decision is not None and decision.player == player:
            keys = self.candidates(decision, len(fork.log))
            if len(keys) > 1:
                best = None
                for index, key in enumerate(keys):  # the last one goes on from this fork
                    found = self.value(base, player, [*path, key], depth - 1, hidden, fork if index == len(keys) - 1 else None)
                    if best is None or found[0] > best[0]:
                        best = (found[0], (key, *found[1]))
                return best
        return relative(project(fork, player), player), ()
