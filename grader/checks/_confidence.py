"""Verdicts near a line, taken with confidence: intervals for a share (of games won, of tactics played) and for
a median (of move times), and whether they are clear of a line.

A check that decides by a line (full credit from a win rate, a median under a limit) asks more games or
positions while its interval still holds the line, up to a cap, so a verdict does not flip on one move.
The intervals are at :data:`Z` (90% two-sided); the checks' own seeds fix which games and positions come
next, so the same submission still gets the same points.
"""

from __future__ import annotations

import math
from typing import Sequence

#: standard normal quantile of the intervals: 90% two-sided
Z = 1.645


def share_interval(points: float, n: int, z: float = Z) -> tuple[float, float]:
    """Wilson score interval of a share of ``points`` out of ``n`` (a draw is half a point)."""
    if n <= 0:
        return 0.0, 1.0
    p = min(1.0, max(0.0, points / n))
    spread = z * z / n
    centre = (p + spread / 2) / (1 + spread)
    half = z * math.sqrt(p * (1 - p) / n + spread / (4 * n)) / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)


def clear_of(line: float, interval: tuple[float, float]) -> bool:
    """Whether an interval lies wholly on one side of ``line`` (at ``line`` counts as above it)."""
    low, high = interval
    return low >= line or high < line


def settled_share(points: float, n: int, line: float) -> bool:
    """Whether a share is decided against ``line``: its interval clears the line, or one position (or game)
    the other way would leave it on the same side."""
    if n <= 0:
        return False
    if clear_of(line, share_interval(points, n)):
        return True
    return (max(0.0, points - 1) / n >= line) == (min(n, points + 1) / n >= line)


def median_interval(values: Sequence[float], confidence: float = 0.9) -> tuple[float, float]:
    """A distribution-free interval of the median: the order statistics that hold it with ``confidence``
    (the smallest and largest value when there are too few values for that)."""
    ordered = sorted(values)
    n = len(ordered)
    if n == 0:
        return 0.0, math.inf
    outside = (1 - confidence) / 2
    k, below = 0, 0.0  # the median is below ordered[k] with probability P(Binomial(n, 1/2) <= k)
    for i in range(n):
        below += math.comb(n, i) / 2 ** n
        if below > outside:
            break
        k = i + 1
    k = min(k, (n - 1) // 2)
    return ordered[k], ordered[n - 1 - k]
