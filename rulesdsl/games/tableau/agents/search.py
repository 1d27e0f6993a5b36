"""The search agent of tableau games: rollouts over the answers the tableau greedy agent ranks best.

At a question the greedy agent has no plan for (the first question of a turn; the questions
that follow it in the same turn take the plan greedy made judging it), greedy ranks the
answers and the best WIDTH stay candidates. Round by round, each candidate is played on a fork
whose unseen stacks and bag are dealt anew from the agent's seed (the same deal for every
candidate in a round: common random numbers); every player goes on with a cheap greedy policy
(judging a few answers one question ahead) until the searching player's next turn or DEPTH
answers, and the leaf is worth the best value greedy finds there (its played-on end of the
game), the player's ranking key minus the best opponent's. Greedy's best is answered unless
another candidate beat it in the paired rollouts by more than MARGIN plus twice the standard
error of the difference.

The budget is a number of rollouts (`iterations`: deterministic, every seed comes from the
agent's seed, the game's answer count and the round) or CPU seconds per decision (`think`),
stopping after the first round that ends past it.
"""

from __future__ import annotations

import random

from rulesdsl.agents.paired import choose, rollouts
from rulesdsl.errors import RulesError
from rulesdsl.games.tableau.agents.greedy import TableauGreedyAgent, project, relative

WIDTH = 3
DEPTH = 24
MARGIN = 1.0  # points of the first ranked currency by which rollouts must favour another answer


class TableauSearchAgent:
    """Rollout search over greedy's best answers (module docstring)."""

    name = "search"

    def __init__(self, seed: int = 0, iterations: int | None = 8, think: float | None = None,
                 width: int = WIDTH, depth: int = DEPTH):
        self.seed = seed
        self.iterations = iterations
        self.think = think
        self.width = width
        self.depth = depth
        self.greedy = TableauGreedyAgent(seed)
        self.playout = TableauGreedyAgent(seed + 1, sample=3, depth=1)
        self.decisions = 0
        self.rollouts = 0

    def answer(self, game, decision) -> str:
        """Greedy's answer, or the best of its candidates by the rollouts at a question it had no plan for."""
        legal = decision.legal()
        if len(legal) == 1:
            return legal[0]
        if self.greedy.planned(game, legal) is not None:  # a later question of the turn greedy judged
            return self.greedy.answer(game, decision)
        scores = self.greedy.scores(game, decision)
        ranked = sorted(scores, key=lambda k: (scores[k][0], -legal.index(k)), reverse=True)
        candidates = ranked[: self.width]
        if len(candidates) > 1:
            best = self._search(self.greedy.base(game), decision.player, candidates, len(game.log))
        else:
            best = candidates[0]
        self.greedy.commit(game, best, scores[best][1])
        return best

    def _search(self, base, player: int, candidates: list, step: int) -> str:
        self.decisions += 1
        seed = random.Random(self.seed * 1_000_033 + step).getrandbits(32)
        results, done = rollouts(candidates, lambda key, n: self._rollout(base, player, key, n), seed, self.iterations, self.think)
        self.rollouts += done
        return choose(candidates, results, MARGIN)

    def _rollout(self, base, player: int, key: str, seed: int) -> float:
        """Play `key` and on with the cheap policy to the player's next turn; the leaf's value."""
        fork = base.fork(seed)
        try:
            fork.answer(key)
            others_moved = False
            for _ in range(self.depth):
                d = fork.decision
                if d is None:
                    break
                if d.player != player:
                    others_moved = True
                elif others_moved:
                    break
                fork.answer(self.playout.answer(fork, d))
            d = fork.decision
            if d is not None and d.player == player and len(d.legal()) > 1:
                return max(v for v, _ in self.playout.scores(fork, d).values())
            return relative(project(fork, player), player)
        except RulesError:
            return -1e6
