"""The search agent: rollout search over the answers the greedy agent ranks best.

At a decision, the greedy agent's lookahead ranks the legal answers and the best WIDTH stay
candidates. Each iteration picks a candidate by UCB1, plays it on a fork with fresh dice and
hidden piles cut anew, lets every player go on with a fast greedy policy (the greedy agent
judging a small sample of answers) until the searching player's next turn or DEPTH answers,
and scores the leaf as the player's value minus the best opponent's; a leaf at the player's
next turn takes the value of the best answer there (judged as greedy judges), so an action
that sets up the next one (silver to buy with, goods to upgrade) is worth what that gives. The n-th rollout of
every candidate meets the same dice and hidden piles (common random numbers), and of the
candidates tried (nearly) as often as the most tried the best mean is answered.

The budget is a number of iterations (deterministic: every seed comes from the agent's seed,
the game's answer count and the iteration) or seconds per decision (`think`, CPU seconds of this process), stopping
after the first iteration that ends past it.
"""

from __future__ import annotations

import math
import random
import time

from rulesdsl.agents.greedy import GreedyAgent
from rulesdsl.agents.lookahead import TOP_KINDS, fork_for_lookahead
from rulesdsl.errors import RulesError

CLOCK = time.process_time  # the think budget is this process's CPU time: a busy machine does not shorten the search
WIDTH = 4
DEPTH = 40
EXPLORE = 8.0  # UCB1 exploration constant, in points of value


class SearchAgent:
    name = "search"

    def __init__(self, seed: int = 0, iterations: int | None = 16, think: float | None = None, weights=None,
                 width: int = WIDTH, depth: int = DEPTH, follow_up: bool = True):
        self.seed = seed
        self.iterations = iterations
        self.think = think
        self.width = width
        self.depth = depth
        self.follow_up = follow_up  # a leaf at the player's next turn is valued by its best answer there
        self.greedy = GreedyAgent(seed, weights)
        self.playout = GreedyAgent(seed + 1, self.greedy.weights, sample=4, menus=False)  # cheap: no nested judging
        self.decisions = 0
        self.rollouts = 0

    def answer(self, game, decision) -> str:
        legal = decision.legal()
        if len(legal) == 1:
            return self.greedy.answer(game, decision)
        scores = self.greedy.scores(game, decision)
        ranked = sorted(scores, key=lambda k: -scores[k])
        candidates = ranked[: self.width]
        if len(candidates) == 1 or decision.kind not in TOP_KINDS:
            return self.greedy.answer(game, decision)  # nested questions: the greedy choice
        self.decisions += 1
        totals = {k: 0.0 for k in candidates}
        visits = {k: 0 for k in candidates}
        start = CLOCK()
        base = random.Random(self.seed * 1_000_033 + len(game.log)).getrandbits(32)
        iteration = 0
        while True:
            if self.iterations is not None and iteration >= self.iterations:
                break
            if self.think is not None and iteration >= len(candidates) and CLOCK() - start >= self.think:
                break
            key = self._select(candidates, totals, visits, iteration)
            # the n-th rollout of every candidate meets the same dice and piles (common random numbers)
            totals[key] += self._rollout(game, decision.player, key, base + visits[key])
            visits[key] += 1
            iteration += 1
            self.rollouts += 1
        # the best mean of those tried as often as the most tried but one (the greedy order breaks ties)
        most = max(visits.values())
        tried = [k for k in candidates if visits[k] >= max(1, most - 1)]
        best = max(tried, key=lambda k: totals[k] / visits[k]) if tried else candidates[0]
        self.greedy.note(decision, best)
        return best

    def _select(self, candidates, totals, visits, iteration: int) -> str:
        for key in candidates:
            if visits[key] == 0:
                return key
        log_n = math.log(iteration)
        return max(candidates, key=lambda k: totals[k] / visits[k] + EXPLORE * math.sqrt(log_n / visits[k]))

    def _rollout(self, game, player: int, key: str, seed: int) -> float:
        """Play `key` and on with the fast policy; the leaf's value for the player against the best opponent."""
        f = fork_for_lookahead(game, seed)
        f.halt_at_resume = False
        valuer = self.greedy.valuer(game)
        try:
            f.answer(key)
            others_moved = False
            for _ in range(self.depth):
                d = f.decision
                if d is None:
                    break
                if d.player != player:
                    others_moved = True
                elif others_moved and d.kind in TOP_KINDS:
                    break
                f.answer(self.playout.answer(f, d))
            d = f.decision
            if self.follow_up and d is not None and d.player == player and d.kind in TOP_KINDS and len(d.legal()) > 1:
                # the player's best next answer counts: an action that sets up the next one is worth that
                mine = max(self.playout.scores(f, d).values())
            else:
                mine = valuer.value(f, player)
        except RulesError:
            return -1e6
        others = [valuer.value(f, q) for q in range(len(f.state.players)) if q != player]
        return mine - (max(others) if others else 0.0)
