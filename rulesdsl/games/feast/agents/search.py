"""The search agent: rollout search over the answers the greedy agent ranks best.

With `learned=True` that agent is the learned one (agents.learned): the lookahead that ranks
the candidates, the playouts and the leaves are all valued by the model learned from self-play.
By default (`learned=False`) by the hand-set weights, as measured below: the shipped model is not
yet stronger than them (docs/AGENTS.md) and costs 2.3x the time.

At a turn's question, the greedy agent's lookahead ranks the legal answers (up to RANK_SAMPLE
of them, as greedy now does too; against the earlier greedy, which sampled 16, judging all of a
turn's 20-35 answers was most of what the search gained, see below) and the best WIDTH stay candidates. Round by round, each candidate is played on a fork with fresh dice and hidden
piles cut anew (the same ones for every candidate in a round: common random numbers), every
player goes on as the greedy agent would (every answer of a turn judged, nested questions one
level deeper: PLAYOUT_SAMPLE, PLAYOUT_MENUS) until the searching player's next turn, the end of
the phase or DEPTH answers, and the leaf is scored as the
player's value minus the best opponent's; a leaf at the player's next turn takes the value of
the best answer there (judged as greedy judges), so an action that sets up the next one
(silver to buy with, goods to upgrade) is worth what that gives. Greedy's best is answered
unless another candidate beat it in the paired rollouts by more than MARGIN points plus twice
the standard error of the difference: a few noisy rollouts do not overturn the lookahead.

The budget is a number of rollouts (deterministic: every seed comes from the agent's seed,
the game's answer count and the round) or seconds per decision (`think`, CPU seconds of this
process), stopping after the first round that ends past it. Nested questions get greedy's answer.

Against the default agent `fast` (2026-12-07, `bench_agents.py --agents "" --vs search:fast
--think 0.07s --h2h-games 100 --first-seed 10000|10050 --cpu --search-opt ranked=true`, two runs
of 100 games, seeds 10000-10099, seats swapped): see docs/AGENTS.md for the figures; ranked is
the default since then (unranked at the same budget: 11.9 s a game, 70.8% of 60 games).

Options measured against greedy (0.2 s, --cpu, seeds 0-19 or fewer, so indicative only):
judging every answer of a turn (rank_sample 64) won 6 of 9 games (+10 points); `fresh`
playout samples (playout.PlayoutAgent: the paired spread is real, not frozen at ~0) with
width 6, pruning and two turns deep won 56% of 23 (+3); the same with one turn 25-31% of 16-18;
two turns deep with frozen samples 39% of 9. So those stay options, off by default.

Against the greedy agent that values the last round's tiles by a packing (200 games, seeds
3000-3099, seats alternated, 0.2 s CPU a decision; tools/bench_agents.py --vs search:greedy):
the search as it was won 41% (35 games; 59% of 200 against the greedy before the packing, whose
judgement of the last round the rollouts then beat). Rollouts that stop where their phase ends
(SAME_PHASE: no leaf valued across the income, feast and new round, where the value jumps) won
43% of 73; with greedy's lookahead gap as a prior as well (PRIOR) 49.5% of 200 (95% 42.6-56.4%,
gap +0.6 +- 2.6 points), answering otherwise than greedy's best at 12% of its decisions, with
about 77 rollouts each. Both are on by default.

The playout itself (same measure, greedy 0.81x the time it took above): greedy on 4 sampled
answers with nested questions answered cheaply, as it was, 65% of 20 (seeds 3000-3009, gap
-0.3 +- 7.6); judging every answer, nested questions still cheap, 60.5% of 128 (seeds 3000-3031
and 3050-3081, gap +6.0 +- 3.4); greedy itself (nested questions judged one level deeper, as the
opponent judges them: the rollouts then foresee what a greedy opponent takes), 85% of 20 on
other seeds (4000-4009, gap +17.0 +- 8.2) with 35 rollouts a decision, and on seeds 3000-3099
72.8% of 200 (95% 66.2-78.4%; medians 70.0 vs 60.5, gap +10.4 +- 2.4), 87 ms a decision, about
38 rollouts at each searched one, answering otherwise than greedy's best at 9%.
"""

from __future__ import annotations

import random

from rulesdsl.games.feast.agents.greedy import GreedyAgent, preference
from rulesdsl.games.feast.agents.learned import LearnedAgent
from rulesdsl.games.feast.agents.lookahead import TOP_KINDS, cheap_answer, fork_for_lookahead, hide_hands
from rulesdsl.agents.paired import choose, rollouts
from rulesdsl.games.feast.agents.playout import PlayoutAgent
from rulesdsl.games.feast.agents.ranker import load_ranker
from rulesdsl.errors import RulesError

WIDTH = 4
DEPTH = 40
TURNS = 1
MARGIN = 0.5  # points by which rollouts must favour another answer over greedy's best
Z = 2.0  # standard errors of the paired difference that must lie beyond MARGIN
PLAYOUT_SAMPLE = None  # answers the playout policy judges at a question (None: as greedy, all of a turn's; 4 was the default before)
PRIOR = True  # rollouts overturn greedy's best only by more than greedy's own gap to it
SAME_PHASE = True  # rollouts stop at the end of the phase (the round's actions) they started in
PLAYOUT_MENUS = True  # the playout and follow-up judge nested questions one level deeper (greedy's own lookahead)
RANK_SAMPLE = 64  # answers of a turn's question greedy judges to pick the candidates (its own games judge 16)
# the fast agent's answer ranker prunes the turns' answers of the ranking, the playouts and the
# follow-ups (each judges only the ranker's first KEEP on forks): about 0.65x the time a game
# (7.8 against 11.9 s CPU at --think 0.07s), so the rollouts stay within 10 s a game (see below)
RANKED = True


def play_to_next_turn(f, player: int, answer, where: tuple | None, depth: int, turns: int = 1,
                      seen=None) -> None:
    """Answer `f`'s questions by `answer(f, decision)` until `player`'s `turns`-th next turn's
    question after the others moved, the end of the phase `where` ((round, phase); None: no
    such end) or `depth` answers; `seen(f, decision)` is told of every question it answers
    (and of the one it stops at inside the phase)."""
    others_moved, passed = False, 0
    for _ in range(depth):
        d = f.decision
        if d is None or where is not None and (f.state.round, f.state.phase) != where:
            break
        if seen is not None:
            seen(f, d)
        if d.player != player:
            others_moved = True
        elif others_moved and d.kind in TOP_KINDS:
            passed, others_moved = passed + 1, False
            if passed >= turns:
                break
        f.answer(answer(f, d))


def turn_value(f, player: int, judge, valuer) -> float:
    """The player's value where a rollout stopped: at its own turn's question (of more than one
    answer, not the game's end, whose placements the packing counts in `leaf_value`) the best
    value `judge` gives one of its answers (what the state set up for the next action), else
    the state's `leaf_value`."""
    d = f.decision
    if d is not None and d.player == player and d.kind in TOP_KINDS and len(d.legal()) > 1 and f.state.phase != "end":
        return max(judge.scores(f, d).values())
    return valuer.leaf_value(f, player)


class SearchAgent:
    name = "search"

    def __init__(self, seed: int = 0, iterations: int | None = 16, think: float | None = None, weights=None,
                 width: int = WIDTH, depth: int = DEPTH, follow_up: bool = True, turns: int = TURNS,
                 margin: float = MARGIN, z: float = Z, playout_sample: int | None = PLAYOUT_SAMPLE,
                 prune: float | None = None, cheap_nested: bool = False, follow_sample: int | None = None,
                 fresh: bool = False, rank_sample: int | None = RANK_SAMPLE, same_phase: bool = SAME_PHASE,
                 prior: bool = PRIOR, playout_menus: bool = PLAYOUT_MENUS, model=None, learned: bool = False,
                 ranked: bool = RANKED, from_round: int = 1, to_round: int = 99):
        self.seed = seed
        # rounds searched: before from_round and after to_round answered as the fast policy answers (no rollouts)
        self.from_round, self.to_round = from_round, to_round
        self.iterations = iterations
        self.think = think
        self.width = width
        self.depth = depth
        self.turns = turns  # the rollout stops at the player's turns-th next turn
        self.follow_up = follow_up  # a leaf at the player's next turn is valued by its best answer there
        self.margin, self.z = margin, z
        self.prune = prune  # z of the pruning of challengers that cannot win (paired.rollouts); None: equal rounds
        self.cheap_nested = cheap_nested  # the playout answers nested questions by the cheap policy (no forks)
        self.rank_sample = rank_sample  # answers of a turn's question greedy judges to rank the candidates (None: its own sample)
        if learned:  # the learned agent ranks, plays the rollouts and values their leaves (agents.learned)
            self.greedy = LearnedAgent(seed, model, weights)
            model = self.greedy.model

            def kind(agent_seed, weights, **options):
                return LearnedAgent(agent_seed, model, weights, **options)
        else:
            self.greedy = GreedyAgent(seed, weights)
            kind = PlayoutAgent if fresh else GreedyAgent
        if ranked:  # the ranker of the fast agent prunes the turns' answers of the ranking, playouts and follow-ups
            ranker = load_ranker()
            self.greedy.ranker = ranker
            plain = kind

            def kind(agent_seed, weights, **options):
                return plain(agent_seed, weights, ranker=ranker, **options)
        # playout_menus: the playout judges nested questions one level deeper, as greedy does (else cheaply)
        self.playout = kind(seed + 1, self.greedy.weights, sample=playout_sample, menus=playout_menus)
        # the follow-up's judge: the answers it samples decide the leaf, so it may sample more than the playout
        self.follower = kind(seed + 2, self.greedy.weights, sample=follow_sample or playout_sample, menus=playout_menus)
        self.fresh = fresh  # the playout's samples come from the rollout's seed: rounds differ, and average
        self.same_phase = same_phase  # a rollout stops where the phase it started in ends
        self.prior = prior  # a challenger must also beat greedy's lookahead gap to the best (paired.choose)
        self.decisions = 0
        self.rollouts = 0
        self.changed = 0  # searched decisions answered otherwise than greedy's best
        self.first: str | None = None  # at the last decision, if searched: greedy's best (the rollouts' first candidate)

    def answer(self, game, decision) -> str:
        self.first = None
        if decision.kind not in TOP_KINDS or not self.from_round <= game.state.round <= self.to_round:
            return self.greedy.answer(game, decision)  # nested questions (and rounds not searched): the greedy choice
        # a turn's question: greedy judges more of its answers than it would alone
        candidates = self.greedy.candidates(game, decision, self.rank_sample)
        if len(candidates) == 1:
            return self.greedy.answer(game, decision)
        scores = self.greedy.scores(game, decision, candidates)
        candidates = sorted(scores, key=lambda k: (scores[k], *preference(decision, k)), reverse=True)[: self.width]
        self.first = candidates[0]
        self.decisions += 1
        base = random.Random(self.seed * 1_000_033 + len(game.log)).getrandbits(32)
        results, done = rollouts(candidates, lambda key, seed: self._rollout(game, decision.player, key, seed),
                                 base, self.iterations, self.think,
                                 None if self.prune is None else (self.margin, self.prune))
        self.rollouts += done
        behind = {k: scores[candidates[0]] - scores[k] for k in candidates} if self.prior else None
        best = choose(candidates, results, self.margin, self.z, behind)
        self.changed += best != candidates[0]
        self.greedy.note(decision, best)
        return best

    def _rollout(self, game, player: int, key: str, seed: int) -> float:
        """Play `key` and on with the fast policy; the leaf's value for the player against the best opponent."""
        f = fork_for_lookahead(game, seed)
        f.halt_at_resume = False
        hide_hands(f, player)  # the opponents play on with cards dealt from those the player cannot see
        if self.fresh:
            self.playout.seed = self.follower.seed = seed
        self.playout.forget()  # what an earlier rollout left in the policy does not carry over
        self.follower.forget()
        valuer = self.greedy.valuer(game)
        try:
            f.answer(key)
            where = (game.state.round, game.state.phase) if self.same_phase else None

            def policy(f, d):
                if self.cheap_nested and d.kind not in TOP_KINDS:
                    return cheap_answer(d, f, valuer)
                return self.playout.answer(f, d)

            play_to_next_turn(f, player, policy, where, self.depth, self.turns)
            # the player's best next answer counts: an action that sets up the next one is worth that
            mine = turn_value(f, player, self.follower, valuer) if self.follow_up else valuer.leaf_value(f, player)
        except RulesError:
            return -1e6
        others = [valuer.leaf_value(f, q) for q in range(len(f.state.players)) if q != player]
        return mine - (max(others) if others else 0.0)
