"""Chances of finishing first from score estimates, and the error of a simulated mean.

A search bot stops its playouts before the end of the game and estimates each seat's final
score there (its evaluation).  Whether the seat is ahead *on that estimate* says little:
the estimate has the rest of the game's luck and play still to come, so the share of
playouts "ahead" is 0% or 100% for most moves once the scores part.  :func:`win_chance`
instead treats each seat's final score as its estimate plus an independent normal error of
standard deviation ``spread`` (what a game's fit says is left to happen; 0 once the game is
over) and gives the probability that ``seat`` ends with the most points.  A coach averages
it over its playouts (:func:`mean_and_error`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

#: Points of the rule over the standard normal (every 0.5 from -6 to 6): the integrand is a
#: Gaussian times smooth factors of unit scale, so 25 points agree with 61 to 1e-9.
_NODES = tuple(-6.0 + 0.5 * i for i in range(25))
_WEIGHTS = tuple(math.exp(-z * z / 2) for z in _NODES)
_WEIGHT_SUM = sum(_WEIGHTS)


def _normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def win_chance(values: Sequence[float], seat: int, spread: float) -> float:
    """The probability that ``seat`` finishes with the most points when each seat's final
    score is ``values[s]`` plus an independent normal error of standard deviation
    ``spread``; with ``spread`` 0 (the scores are final): 1 ahead, 0 behind, a tie shared
    (1/k among k seats level at the top).  A solo seat always "wins" (1.0)."""
    mine = values[seat]
    leads = [mine - v for s, v in enumerate(values) if s != seat]
    if not leads:
        return 1.0
    if spread <= 0.0:
        if min(leads) < 0:
            return 0.0
        return 1.0 / (1 + sum(1 for d in leads if d == 0))
    # P(mine + e0 > v + e for every other seat) = E over z of prod Phi(z + lead / spread)
    total = 0.0
    for z, w in zip(_NODES, _WEIGHTS, strict=True):
        p = w
        for d in leads:
            p *= _normal_cdf(z + d / spread)
        total += p
    return total / _WEIGHT_SUM


def chance_rewards(values: Sequence[float], spread: float) -> list[float]:
    """A search's reward per seat from estimated final scores: half the chance of
    finishing first (:func:`win_chance`), half a logistic curve of the margin over the best
    other seat (4 VP scale), so that both a likelier win and a narrower gap count.  (A
    reward of "half for being ahead on the estimate" is 0 or 1 for every move once the
    scores part, and then tells the moves apart by the margin alone.)"""
    out = []
    for seat, mine in enumerate(values):
        best_other = max((v for s, v in enumerate(values) if s != seat), default=mine)
        margin = mine - best_other
        out.append(0.5 * win_chance(values, seat, spread)
                   + 0.5 / (1.0 + math.exp(-margin / 4.0)))
    return out


def mean_and_error(xs: Sequence[float]) -> tuple[float, float]:
    """The mean of ``xs`` and its standard error (0 with fewer than 2 values)."""
    n = len(xs)
    if n == 0:
        return 0.0, 0.0
    mean = sum(xs) / n
    if n < 2:
        return mean, 0.0
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, math.sqrt(var / n)


__all__ = ["chance_rewards", "mean_and_error", "win_chance"]
