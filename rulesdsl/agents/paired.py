"""Choosing among candidate answers by paired rollouts: both search agents (of either game)
keep the greedy agent's best unless the rollouts clearly favour another."""

from __future__ import annotations

import itertools
import math
import statistics
import time

CLOCK = time.process_time  # the think budget is this process's CPU time: a busy machine does not shorten the search


def rollouts(candidates: list, rollout, seed: int, iterations: int | None, think: float | None,
             prune: tuple[float, float] | None = None) -> tuple[dict, int]:
    """({candidate: values}, rollouts done) within the budget (`iterations` in all, or `think`
    CPU seconds), round by round: the n-th rollout of each candidate, `rollout(key, seed + n)`,
    meets the same dice and piles. With `prune` = (margin, z), from the third round on a
    challenger whose paired gain over the first candidate cannot reach `margin` (its mean plus
    `z` standard errors falls short) gets no more rollouts: the budget goes to the contenders."""
    results = {k: [] for k in candidates}
    live = list(candidates)
    start = CLOCK()
    done = 0
    for n in itertools.count():
        for key in live:
            if iterations is not None and done >= iterations:
                return results, done
            results[key].append(rollout(key, seed + n))
            done += 1
        if think is not None and CLOCK() - start >= think:
            return results, done
        if prune is not None and n >= 2:
            live = [live[0]] + [k for k in live[1:] if _reach(results[k], results[live[0]], prune[1]) > prune[0]]
            if len(live) == 1:
                return results, done


def _reach(values: list, incumbent: list, z: float) -> float:
    """The paired gain over the incumbent's values at `z` standard errors above its mean."""
    mean, error = _paired(values, incumbent)
    return mean + z * error


def _paired(values: list, incumbent: list) -> tuple[float, float]:
    """(mean, standard error) of the paired differences from the incumbent's values (at least two pairs)."""
    pairs = [a - b for a, b in zip(values, incumbent)]
    return statistics.fmean(pairs), statistics.stdev(pairs) / math.sqrt(len(pairs))


def choose(candidates: list, results: dict, margin: float, z: float = 2.0, behind: dict | None = None) -> str:
    """Greedy's best (the first candidate), unless another did better in the paired rollouts by
    more than `margin` plus `z` standard errors of the difference (with one pair: twice `margin`)
    plus, with `behind` ({candidate: how far greedy's lookahead puts it behind the best}), that gap:
    the rollouts overturn the lookahead only where it is nearly indifferent."""
    incumbent, best, best_gain = candidates[0], candidates[0], 0.0
    for key in candidates[1:]:
        n = min(len(results[key]), len(results[incumbent]))
        if not n:
            continue
        if n > 1:
            mean, error = _paired(results[key], results[incumbent])
            need = margin + z * error
        else:
            mean, need = results[key][0] - results[incumbent][0], 2 * margin
        if behind is not None:
            need += behind.get(key, 0.0)
        if mean > need and mean > best_gain:
            best, best_gain = key, mean
    return best
