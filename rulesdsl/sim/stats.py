"""The statistics of paired games: mean differences with normal intervals, a sequential stop
with a per-look significance split over the planned looks, and Holm's correction."""

from __future__ import annotations

import math
from statistics import NormalDist

Z95 = NormalDist().inv_cdf(0.975)


class Paired:
    """Running mean and variance of paired differences (Welford)."""

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

    def interval(self, z: float = Z95) -> tuple[float, float]:
        return self.mean - z * self.se, self.mean + z * self.se

    def p_value(self) -> float:
        """Two-sided p of the mean being 0 (normal approximation)."""
        if self.n < 2:
            return 1.0
        if self.se == 0:
            return 1.0 if self.mean == 0 else 0.0
        return 2 * (1 - NormalDist().cdf(abs(self.mean) / self.se))


def look_z(alpha: float, looks: int) -> float:
    """The z a look must pass when `looks` looks share `alpha` (Bonferroni over the looks: conservative)."""
    return NormalDist().inv_cdf(1 - alpha / (2 * max(1, looks)))


def stop_reason(stat: Paired, min_pairs: int, width: float, z_look: float) -> str | None:
    """Why a card's games may stop now: `clear` (the look's interval excludes 0), `precise`
    (the 95% interval is narrower than `width` each side), or None to go on."""
    if stat.n < min_pairs:
        return None
    low, high = stat.interval(z_look)
    if low > 0 or high < 0:
        return "clear"
    if Z95 * stat.se <= width:
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
