"""The statistics of paired games: Student-t intervals of mean differences, sequential looks
that split the error rate over the planned looks, Holm's correction over the cards tested.

Why Student-t and not a bootstrap: every estimate here is the mean of independent units (one
seed's paired differences), so the t interval is the textbook answer, exact for normal
differences and close for the skewed, heavy-tailed ones games give once there are a few dozen
units (the floor below); a percentile bootstrap is too narrow for small samples (with 2 pairs
it is absurd) and costs thousands of resamples at every look. The null-rate test
(tests/test_balance.py) and tools/bench_balance_null.py check the advertised rate on real
game differences.
"""

from __future__ import annotations

import math

from scipy import special  # the t distribution's functions alone: scipy.stats takes seconds to import

ALPHA = 0.05
FLOOR = 20  # independent units (seeds) before any verdict or early stop, whatever --min-pairs says


class Paired:
    """Running mean and variance of independent differences (Welford), with t intervals."""

    def __init__(self):
        self.n, self.mean, self._m2 = 0, 0.0, 0.0

    def add(self, x: float) -> None:
        self.n += 1
        delta = x - self.mean
        self.mean += delta / self.n
        self._m2 += delta * (x - self.mean)

    @property
    def sd(self) -> float:
        return math.sqrt(self._m2 / (self.n - 1)) if self.n > 1 else 0.0

    @property
    def se(self) -> float:
        return self.sd / math.sqrt(self.n) if self.n else math.inf

    def half_width(self, alpha: float = ALPHA) -> float:
        """Half the width of the two-sided (1 - alpha) t interval (infinite below 2 units)."""
        if self.n < 2:
            return math.inf
        return float(special.stdtrit(self.n - 1, 1 - alpha / 2)) * self.se

    def interval(self, alpha: float = ALPHA) -> tuple[float, float]:
        """The two-sided (1 - alpha) Student-t interval of the mean."""
        h = self.half_width(alpha)
        return self.mean - h, self.mean + h

    def p_value(self) -> float:
        """Two-sided p of the mean being 0 (one-sample t test)."""
        if self.n < 2:
            return 1.0
        if self.se == 0:
            return 1.0 if self.mean == 0 else 0.0
        return float(2 * special.stdtr(self.n - 1, -abs(self.mean) / self.se))


def looks_planned(max_units: int, batch: int, first: int) -> int:
    """How many looks a run makes: one per batch of units from the first allowed one on, and the last."""
    first = max(first, FLOOR)
    if first > max_units:
        return 1
    ends = set(range(batch, max_units, batch)) | {max_units}
    return max(1, sum(1 for e in ends if e >= first))


class Sequential:
    """A card's looks at its growing sample: each look tests at alpha / (looks x cards)
    (Bonferroni over the looks and the cards: conservative, and whatever the stopping the
    chance of any false 'clear' stays under alpha); the card's p-value is the smallest look's
    p times the looks, for Holm over the cards at the end."""

    def __init__(self, looks: int, cards: int, alpha: float = ALPHA):
        self.looks, self.cards, self.alpha = looks, cards, alpha
        self.p = 1.0  # min over the looks so far of (p x looks), capped at 1

    def look(self, stat: Paired) -> bool:
        """Take a look; True when the difference is clear at this look's share of alpha."""
        if stat.n < FLOOR:
            return False
        self.p = min(self.p, min(1.0, stat.p_value() * self.looks))
        return self.p * self.cards < self.alpha


def stop_reason(stat: Paired, seq: Sequential, min_units: int, width: float) -> str | None:
    """Why a card's games may stop now: `clear` (this look's test rejects 0), `precise` (the 95%
    t interval is narrower than `width` each side), or None to go on."""
    if stat.n < max(min_units, FLOOR):
        return None
    if seq.look(stat):
        return "clear"
    if stat.half_width() <= width:
        return "precise"
    return None


def holm(p_values: list[float]) -> list[float]:
    """Holm-adjusted p-values, in the order given."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    adjusted = [1.0] * len(p_values)
    running = 0.0
    m = len(p_values)
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted
