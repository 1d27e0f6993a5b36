"""Choosing among candidate answers by paired rollouts: both search agents (of either game)
keep the greedy agent's best unless the rollouts clearly favour another."""

from __future__ import annotations

import math
import statistics


def choose(candidates: list, results: dict, margin: float) -> str:
    """Greedy's best (the first candidate), unless another did better in the paired rollouts by
    more than `margin` plus twice the standard error of the difference (with one pair: twice `margin`)."""
    incumbent, best, best_gain = candidates[0], candidates[0], 0.0
    for key in candidates[1:]:
        pairs = [a - b for a, b in zip(results[key], results[incumbent])]
        if not pairs:
            continue
        mean = statistics.fmean(pairs)
        need = margin + 2 * statistics.stdev(pairs) / math.sqrt(len(pairs)) if len(pairs) > 1 else 2 * margin
        if mean > need and mean > best_gain:
            best, best_gain = key, mean
    return best
