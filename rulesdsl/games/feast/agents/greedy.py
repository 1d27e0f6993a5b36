"""The greedy agent: every legal answer is tried on a copy of the game and judged by the
value of the state it leads to (`value.Valuer`); the best one is given.

Large decisions are judged on part of their answers, the answers that decline always among
them: where to lay a tile (often 100+ placements) on the placements that add most to the
board by its geometry alone (`placement`), a nested question on a seeded sample of SAMPLE.
A turn's question (20-35 answers) is judged in full, up to TURN_SAMPLE: the action a turn
takes decides most of the game (judging all of them instead of 16 added about 4 points a
player in 2-player self-play, for about 40% more time per game; judging in full only the best 8
by a cheap first judgement, nested questions answered cheaply, lost 5.8 points a player for 22%
less time, seeds 400-429: a nested question's answer often decides what a turn's action is worth).

Speed: the nested questions a lookahead answers cheaply (the anytime menu, judged one level
deeper on its best tiles; where a tile goes, by geometry) get the same cheap answer in the
real game (`lookahead.nested_answer`), not a fork per answer: the turn's answer was chosen on
the value they lead to. (The seats of a feast so answered, by the first fitting good, cost
about 9 points a game over 86 games, so a feast's seats are judged in full.) The fast agent
(`FAST`) judges the real game's nested questions more cheaply still: one trial an answer (but
which strip, which card, rerolls), a feast seat's dominated answers left out, and the menu opened
unjudged where the only other answer passes (docs/AGENTS.md). The answer depends on the game alone (no memory
in the agent), so a saved game resumed with a new agent goes on as it would have. An agent that keeps choosing
anytime actions (a menu, an item, where it goes, and back to the same question) is stopped
after MAX_ANYTIME such answers in a row: the menu is then left out.
"""

from __future__ import annotations

import random

from rulesdsl.games.feast.agents.lookahead import (ANYTIME, DECLINE, MENU_KIND, TOP_KINDS, lookahead_seed, nested_answer, ranked_answers,
                                       try_answer)
from rulesdsl.games.feast.agents.ranker import KEEP
from rulesdsl.games.feast.agents.value import Valuer, Weights, load_weights, shared_valuer

ANYTIME_KINDS = frozenset({MENU_KIND, "place"})
PLACEMENTS_TRIED = 6  # placements tried on forks: the best by the board's geometry (the fork adds what cards do)
MAX_ANYTIME = 36  # answers in a row spent on anytime actions (menu, item, where it goes)
SAMPLE = 16  # answers of a nested question judged at most (a seeded sample of the rest)
TURN_SAMPLE = 64  # answers of a turn's question judged at most (in practice all of them)
# `width`: a turn's answers judged in full (nested questions one level deeper) after a first
# judgement of all on one fork each: at most `width` of those the first judgement could not
# settle, within `margin` of its best (lookahead.ranked_answers). Off by default (None: every
# answer judged in full): width 4, margin 6 against the default, 2-player long seeds 400-419
# with seats alternated: 36.2% wins (95% 23.2-51.7%), -9.5 +- 6.3 points, for 0.70x the CPU;
# again once forks of a lookahead's fork were copies of it: 42.5% (28.5-57.8%), -7.7 +- 5.6, 0.70x.
WIDTH = None
MARGIN = 6.0
# `nested_width`: as `width`, for a nested question of the real game judged on forks (which
# strip, which card, a feast's seat ...); 0: each answer judged by one trial, the rest of the
# choice finished cheaply (none judged one level deeper). Off for greedy, 0 for fast (FAST).
# Not for DEEP_KINDS: at the real nested questions of 6 fast self-play games (seeds 400-405) the
# cheap judgement's answer lost this much of the full judgement's own value a game (both seats),
# for so much CPU saved: which strip 4.4 points (0.054 s), which card 1.7 (0.044 s), a reroll 1.3
# (0.013 s); a feast's seats 0.5 (0.088 s), which choice 0.2 (0.017 s), the rest (which good to
# upgrade, yes or no, which die, what to pay ...) nothing (0.03 s)
NESTED_WIDTH = None
DEEP_KINDS = frozenset({"mountain", "play", "reroll"})
# a feast seat's answers (engine/steps/feast.py): `item:long` / `item:up`, a coin, one seat empty, all the rest empty
SEAT_KIND, LONG, UPRIGHT, COIN, ONE_EMPTY, STOP_ALL = "feast", ":long", ":up", "coin", "empty", "stop"
QUICK_KINDS = frozenset({MENU_KIND, "place"})  # nested questions answered as a lookahead answers them (a feast is judged in full: cheap seats lost 9 points a game)
# the fast agent's cheaper judgement beside its ranker (each measured against the fast agent
# without it in docs/AGENTS.md, "Cheaper judgement"): nested questions one trial an answer, a
# feast seat's dominated answers left out, the menu opened unjudged where passing is the other answer
FAST = {"nested_width": 0, "seat_prune": True, "menu_direct": True}


def seat_answers(keys: list[str]) -> list[str]:
    """A feast seat's answers worth a fork: not an item upright where it may lie lengthwise (the
    same item covering fewer seats), not the way that leaves every remaining seat empty where
    something else is offered (leaving one seat empty is offered beside it), not one seat left
    empty where a coin may cover it. In 173 seat questions of fast self-play (seeds 400-403) the
    full judgement chose one of these twice (upright where lengthwise fitted), for 36% fewer forks."""
    lengthwise = {k[:-len(LONG)] for k in keys if k.endswith(LONG)}
    dropped = {k for k in keys if k.endswith(UPRIGHT) and k[:-len(UPRIGHT)] in lengthwise}
    if len(keys) > 1:
        dropped.add(STOP_ALL)
    if COIN in keys:
        dropped.add(ONE_EMPTY)
    return [k for k in keys if k not in dropped] or keys


def preference(decision, key: str) -> tuple[bool, bool]:
    """How answers of equal value are told apart. In the anytime menu, the way back (an entry
    worth no more changes nothing). Elsewhere not the menu, then one that does something: the
    rest of the choice is finished judging each small question, so a tie means declining now
    would only defer doing it."""
    if decision.kind == MENU_KIND:
        return key in DECLINE, True
    return not key.startswith(ANYTIME), key not in DECLINE


def in_anytime(decision, key: str) -> bool:
    """Whether an answer belongs to an anytime action, which leaves the question before it pending."""
    return key.startswith(ANYTIME) or decision.kind in ANYTIME_KINDS


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int = 0, weights: Weights | None = None, sample: int | None = None, menus: bool = True,
                 width: int | None = WIDTH, margin: float = MARGIN, ranker=None, keep: int = KEEP,
                 nested_width: int | None = NESTED_WIDTH, seat_prune: bool = False, menu_direct: bool = False):
        self.seed = seed
        self.menu_direct = menu_direct  # a turn's question of one answer beside the menu: the menu opened unjudged (see answer)
        self.seat_prune = seat_prune  # a feast's seat answers that another covers better are not judged (seat_answers)
        self.nested_width = nested_width  # a real nested question: answers judged in full after a trial each (NESTED_WIDTH)
        self.ranker, self.keep = ranker, keep  # a turn's answers judged on forks: the ranker's `keep` first (None: all)
        self.width, self.margin = width, margin  # a turn's answers judged in full (see WIDTH)
        self.menus = menus  # judge opening the anytime menu by its best entry (costs a fork per entry)
        self.weights = weights if weights is not None else load_weights()
        self.sample = sample  # answers judged at most in every question; None: TURN_SAMPLE at a turn, SAMPLE elsewhere
        self._valuer = None
        self._players = 0  # the number of players the valuer's weights hold for
        self._anytime_streak = 0
        self._menu_closed = False
        self.last_scored: dict[str, float] | None = None
        self._opened_at: int | None = None  # the answers in the log when this agent last gave an anytime entry at a turn's question

    def valuer(self, game) -> Valuer:
        """The value of this agent's weights as they hold for the game's number of players."""
        players = len(game.state.players)
        if self._valuer is None or self._valuer.content is not game.content or self._players != players:
            # (one per content and weights)
            self._valuer = shared_valuer(game.content, game.catalog, self.weights.for_players(players))
            self._players = players
        return self._valuer

    def candidates(self, game, decision, sample: int | None = None) -> list[str]:
        """The legal answers to judge: all of them, or a seeded sample of a large decision
        (`sample` answers at most; None: the agent's own)."""
        if sample is None:
            sample = self.sample
        if sample is None:
            sample = TURN_SAMPLE if decision.kind in TOP_KINDS else SAMPLE
        legal = decision.legal()
        if self._anytime_streak >= MAX_ANYTIME or self._menu_closed or decision.kind not in TOP_KINDS:
            # anytime actions wait for the next turn's question (opening the menu costs a fork per entry)
            legal = [k for k in legal if not k.startswith(ANYTIME)] or legal
        if self.ranker is not None:
            legal = self.ranker.top(game, decision, legal, self.keep)
        if self.seat_prune and decision.kind == SEAT_KIND:
            legal = seat_answers(legal)
        placed = self.valuer(game).placement_ranked(game, decision, min(PLACEMENTS_TRIED, max(1, sample - 1)))
        if placed is None and len(legal) <= sample:
            return legal
        keep = [k for k in legal if k in DECLINE or k.startswith(ANYTIME)]
        rest = [k for k in legal if k not in keep]
        room = max(1, sample - len(keep))
        if placed:
            picked = {k for k, _ in placed}
        else:
            picked = set(random.Random(self.seed * 7_919 + len(game.log)).sample(rest, min(room, len(rest))))
        return [k for k in legal if k in picked or k in keep]

    def scores(self, game, decision, candidates=None) -> dict[str, float]:
        """The value of every candidate answer."""
        valuer = self.valuer(game)
        seed = lookahead_seed(self.seed, game)
        if candidates is None:
            candidates = self.candidates(game, decision)
        if self.width is not None and self.menus and decision.kind in TOP_KINDS and len(candidates) > 1:
            return ranked_answers(game, decision.player, candidates, seed, valuer, self.width, self.margin)
        if (self.nested_width is not None and decision.kind not in TOP_KINDS and decision.kind not in DEEP_KINDS
                and len(candidates) > self.nested_width):
            return ranked_answers(game, decision.player, candidates, seed, valuer, self.nested_width, self.margin)
        return {key: try_answer(game, decision.player, key, seed, valuer, self.menus) for key in candidates}

    def answer(self, game, decision) -> str:
        self.last_scored = None  # the values of the answers judged at this decision, if it judged several (self-play keeps them)
        if self._opened_at == len(game.log) - 1 and decision.kind in TOP_KINDS:
            # the anytime entry given at the last answer came straight back to this question (nothing
            # in it was asked: the engine took its only answer, the way back): it does nothing now
            self._menu_closed = True
        self._opened_at = None
        candidates = self.candidates(game, decision)
        if decision.kind in QUICK_KINDS and len(candidates) > 1:
            key = nested_answer(game, decision, decision.player, self.valuer(game), lookahead_seed(self.seed, game), self.menus)
            self.note(decision, key)
            return key
        if len(candidates) == 1:
            key = candidates[0]
        elif self.menu_direct and decision.kind in TOP_KINDS and len(candidates) == 2 and sum(
                k.startswith(ANYTIME) for k in candidates) == 1:
            # nothing to choose but the menu (no Viking left, or the game over: the other answer is to pass
            # or finish): the menu's own judgement, its way back among its answers, decides whether
            # anything is laid, so judging the menu here as well would judge its entries twice
            key = next(k for k in candidates if k.startswith(ANYTIME))
        else:
            scored = self.last_scored = self.scores(game, decision, candidates)
            key = max(scored, key=lambda k: (scored[k], *preference(decision, k)))
        if decision.kind in TOP_KINDS and key.startswith(ANYTIME):
            self._opened_at = len(game.log)
        self.note(decision, key)
        return key

    def forget(self) -> None:
        """Start afresh (a policy put to a new fork): no anytime answers counted, no menu closed."""
        self._anytime_streak, self._menu_closed, self._opened_at = 0, False, None

    def note(self, decision, key: str) -> None:
        """Keep count of anytime answers; a menu left by its way back stays closed until the
        question it was opened from is answered (else the same menu is opened again and again)."""
        anytime = in_anytime(decision, key)
        self._anytime_streak = self._anytime_streak + 1 if anytime else 0
        if decision.kind == MENU_KIND and key in DECLINE:
            self._menu_closed = True
        elif not anytime:
            self._menu_closed = False
