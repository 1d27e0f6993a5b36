"""The greedy agent: every legal answer is tried on a copy of the game and judged by the
value of the state it leads to (`value.Valuer`); the best one is given.

Large decisions are judged on part of their answers, the answers that decline always among
them: where to lay a tile (often 100+ placements) on the placements that add most to the
board by its geometry alone (`placement`); a turn's question on the answers judged best (or
never judged) at the player's last turns plus a seeded sample of the rest (the worth of a
space changes slowly from turn to turn); anything else on a seeded sample.

Speed: the lookahead that won a turn's question has already answered the nested questions
it led to (the anytime menu, where a tile goes, the seats of a feast); while no die was rolled
and no pile drawn on the way, the real game meets the very same questions, and they get the
same answers without new forks (`planned`). An agent that keeps choosing
anytime actions (a menu, an item, where it goes, and back to the same question) is stopped
after MAX_ANYTIME such answers in a row: the menu is then left out.
"""

from __future__ import annotations

import random

from rulesdsl.agents.lookahead import ANYTIME, DECLINE, MENU_KIND, TOP_KINDS, lookahead_seed, try_answer
from rulesdsl.agents.value import Valuer, Weights, load_weights

ANYTIME_KINDS = frozenset({MENU_KIND, "place"})
PLACEMENTS_TRIED = 6  # placements tried on forks: the best by the board's geometry (the fork adds what cards do)
MAX_ANYTIME = 36  # answers in a row spent on anytime actions (menu, item, where it goes)
EXPLORED = 4  # of a large decision's candidates, one in this many is a seeded sample beyond the pre-ranked
PLANNED_KINDS = frozenset({MENU_KIND, "place", "feast"})  # nested questions answered as the winning lookahead did


def preference(decision, key: str) -> tuple[bool, bool]:
    """How answers of equal value are told apart. In the anytime menu, the way back (an entry
    worth no more changes nothing). Elsewhere not the menu, then one that does something: the
    rest of the choice is finished judging each small question, so a tie means declining now
    would only defer doing it."""
    if decision.kind == MENU_KIND:
        return key in DECLINE, True
    return not key.startswith(ANYTIME), key not in DECLINE


def legal(decision, key: str) -> bool:
    """Whether `key` is a legal answer to `decision`."""
    try:
        return decision.refusal(key) is None
    except KeyError:
        return False


def in_anytime(decision, key: str) -> bool:
    """Whether an answer belongs to an anytime action, which leaves the question before it pending."""
    return key.startswith(ANYTIME) or decision.kind in ANYTIME_KINDS


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int = 0, weights: Weights | None = None, sample: int = 16, menus: bool = True):
        self.seed = seed
        self.menus = menus  # judge opening the anytime menu by its best entry (costs a fork per entry)
        self.weights = weights if weights is not None else load_weights()
        self.sample = sample
        self._valuer = None
        self._anytime_streak = 0
        self._menu_closed = False
        self._plans: dict[str, list] = {}  # candidate -> the nested answers its lookahead gave
        self._plan: list = []  # the chosen answer's nested answers still to give
        self._plan_at = -1  # the length of the game's log when the next planned answer is due
        self._gains: dict[str, float] = {}  # answer -> how far below the best it was judged when last tried

    def valuer(self, game) -> Valuer:
        if self._valuer is None or self._valuer.content is not game.content:
            self._valuer = Valuer(game.content, game.catalog, self.weights)
        return self._valuer

    def candidates(self, game, decision) -> list[str]:
        """The legal answers to judge: all of them, or a seeded sample of a large decision."""
        legal = decision.legal()
        if self._anytime_streak >= MAX_ANYTIME or self._menu_closed or decision.kind not in TOP_KINDS:
            # anytime actions wait for the next turn's question (opening the menu costs a fork per entry)
            legal = [k for k in legal if not k.startswith(ANYTIME)] or legal
        placed = self.valuer(game).placement_ranked(game, decision, min(PLACEMENTS_TRIED, max(1, self.sample - 1)))
        if placed is None and len(legal) <= self.sample:
            return legal
        keep = [k for k in legal if k in DECLINE or k.startswith(ANYTIME)]
        rest = [k for k in legal if k not in keep]
        room = max(1, self.sample - len(keep))
        if placed:
            picked = {k for k, _ in placed}
        elif decision.kind in TOP_KINDS:
            picked = self.pre_ranked(game, rest, room)
        else:
            picked = set(random.Random(self.seed * 7_919 + len(game.log)).sample(rest, min(room, len(rest))))
        return [k for k in legal if k in picked or k in keep]

    def pre_ranked(self, game, rest: list[str], room: int) -> set[str]:
        """`room` of the answers: those never judged or judged best when last offered (how far
        below that decision's best they came), and a seeded sample of the others, so an answer
        that was poor stays a candidate now and then as the state changes."""
        rng = random.Random(self.seed * 7_919 + len(game.log))
        if len(rest) <= room:
            return set(rest)
        order = sorted(rest, key=lambda k: -self._gains.get(k, float("inf")))
        ranked = room - max(1, room // EXPLORED)
        picked = set(order[:ranked])
        others = order[ranked:]
        return picked | set(rng.sample(others, min(room - ranked, len(others))))

    def scores(self, game, decision, candidates=None) -> dict[str, float]:
        """The value of every candidate answer."""
        valuer = self.valuer(game)
        seed = lookahead_seed(self.seed, game)
        if candidates is None:
            candidates = self.candidates(game, decision)
        self._plans = {key: [] for key in candidates}
        scored = {key: try_answer(game, decision.player, key, seed, valuer, self.menus, self._plans[key]) for key in candidates}
        best = max(scored.values(), default=float("-inf"))
        if decision.kind in TOP_KINDS and best > float("-inf"):
            self._gains.update((k, v - best) for k, v in scored.items())
        return scored

    def planned(self, game, decision) -> str | None:
        """The answer the chosen lookahead gave to this very question, if the game has come
        the same way (no dice or draws between) and it is still legal; else None."""
        if not self._plan or self._plan_at != len(game.log):
            self._plan = []
            return None
        kind, prompt, key = self._plan.pop(0)
        if kind != decision.kind or prompt != decision.prompt or kind not in PLANNED_KINDS or not legal(decision, key):
            self._plan = []
            return None
        self._plan_at += 1
        return key

    def answer(self, game, decision) -> str:
        key = self.planned(game, decision)
        if key is None:
            candidates = self.candidates(game, decision)
            if len(candidates) == 1:
                key = candidates[0]
                self._plans = {}
            else:
                scored = self.scores(game, decision, candidates)
                key = max(scored, key=lambda k: (scored[k], *preference(decision, k)))
            self.chosen(game, decision, key)
        else:
            self.note(decision, key)
        return key

    def chosen(self, game, decision, key: str) -> None:
        """`key` is given to `decision` (after `scores`): its lookahead's nested answers become the plan."""
        self._plan, self._plan_at = self._plans.get(key, []), len(game.log) + 1
        self.note(decision, key)

    def note(self, decision, key: str) -> None:
        """Keep count of anytime answers; a menu left by its way back stays closed until the
        question it was opened from is answered (else the same menu is opened again and again)."""
        anytime = in_anytime(decision, key)
        self._anytime_streak = self._anytime_streak + 1 if anytime else 0
        if decision.kind == MENU_KIND and key in DECLINE:
            self._menu_closed = True
        elif not anytime:
            self._menu_closed = False
