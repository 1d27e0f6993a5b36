"""The search agent's playout policy: the greedy agent judging a few answers, the answers
picked so that rollouts of different candidates meet the same ones (common random numbers).

The greedy agent samples a large decision's answers with a seed of the game's answer count,
so two rollouts that differ only in an early answer sample different answers later, and a
candidate's leaf then depends more on which answers happened to be judged than on the
candidate. Here each answer's place in the sample is a hash of the rollout's seed and the
answer itself: an answer legal in both rollouts is judged in both or in neither, and the
dice of the answers judged follow the rollout's seed alone.
"""

from __future__ import annotations

import zlib

from rulesdsl.games.feast.agents.greedy import SAMPLE, TURN_SAMPLE, GreedyAgent
from rulesdsl.games.feast.agents.lookahead import ANYTIME, DECLINE, PLACE_KIND, TOP_KINDS, try_answer


def draw(seed: int, key: str) -> int:
    """Where `key` stands in the sample of the rollout with `seed` (stable across processes)."""
    return zlib.crc32(f"{seed}:{key}".encode())


class PlayoutAgent(GreedyAgent):
    """Greedy on a sample of answers chosen by `draw` (module docstring); `seed` is set per rollout."""

    def candidates(self, game, decision, sample: int | None = None) -> list[str]:
        """The legal answers to judge: all of them, or the `sample` drawn first of a large decision
        (where a tile goes: the best by geometry, as greedy picks them)."""
        if sample is None:
            sample = self.sample
        if sample is None:  # greedy's own samples
            sample = TURN_SAMPLE if decision.kind in TOP_KINDS else SAMPLE
        if decision.kind == PLACE_KIND:
            return super().candidates(game, decision, sample)
        every = super().candidates(game, decision, len(decision.legal()) + 1)  # every answer greedy would consider, then drawn here
        if len(every) <= sample:
            return every
        keep = [k for k in every if k in DECLINE or k.startswith(ANYTIME)]
        rest = sorted((k for k in every if k not in keep), key=lambda k: draw(self.seed, k))
        picked = set(rest[: max(1, sample - len(keep))])
        return [k for k in every if k in picked or k in keep]

    def scores(self, game, decision, candidates=None) -> dict[str, float]:
        """The value of every candidate answer, their dice seeded by the rollout alone."""
        valuer = self.valuer(game)
        if candidates is None:
            candidates = self.candidates(game, decision)
        return {key: try_answer(game, decision.player, key, self.seed, valuer, self.menus) for key in candidates}
