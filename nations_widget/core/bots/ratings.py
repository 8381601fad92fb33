"""Ratings for bots from games of any number of players: a Plackett-Luce fit.

Each game gives a finishing order of its seats (best first; seats with equal scores tie).
The Plackett-Luce model gives each bot a strength ``g`` and reads a finishing order as
drawn from the top: the winner is seat ``s`` with probability ``g[s] / (sum of the
strengths of the seats still in)``, then the second from the seats left, and so on.  With
two players this is the Bradley-Terry model, and on the scale ``400 * log10(g)`` used here
a difference of ``d`` points means winning a head-to-head game with probability
``1 / (1 + 10 ** (-d / 400))``, as in Elo.

The fit is the MM algorithm of Hunter (2004, "MM algorithms for generalized Bradley-Terry
models", Annals of Statistics 32): each step sets a bot's strength to the number of times
it was picked over the sum, over the picks it took part in, of its seats still in divided
by the strengths of the seats still in; the likelihood rises at every step.  A bot can fill
several seats of a game (they share its strength).  Ties: a group of ``k`` tied seats
counts as every one of its ``k!`` orders, each with weight ``1/k!``.

A bot that won every game it played would have an infinite maximum-likelihood strength,
so a weak prior is added: every bot plays :data:`PRIOR_GAMES` virtual head-to-head games
against a fixed reference of strength 1, winning half of them.  Its pull is that of a
couple of games, negligible once a bot has played dozens.

Ratings are reported relative to an anchor (``anchor``, e.g. the random bot = 0), with 95%
intervals from a bootstrap over games (games resampled with replacement, the fit redone,
the 2.5th and 97.5th percentiles of each bot's rating relative to the anchor; the anchor's
own interval is therefore [0, 0]).

>>> orders = [[["a"], ["b"]]] * 3 + [[["b"], ["a"]]]      # a beats b 3 times out of 4
>>> fit = fit_ratings(orders, anchor="b", prior_games=0.0)
>>> round(fit["a"]), fit["b"]                              # 400 * log10(3)
(191, 0.0)
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise, permutations

#: A finishing order: groups of bot names, best first; the names in a group tie.
Finish = Sequence[Sequence[str]]

#: Virtual head-to-head games each bot plays against a reference of strength 1 (half won).
PRIOR_GAMES = 2.0
#: Points per factor of 10 in strength: Elo's scale.
SCALE = 400.0


@dataclass(frozen=True)
class Rating:
    """A bot's rating relative to the anchor, its 95% interval and how much it played."""

    name: str
    rating: float
    low: float
    high: float
    games: int
    wins: int


@dataclass(frozen=True)
class _Pick:
    """One step of a finishing order: who was picked, the bots still in (with how many
    seats each) and the step's weight (1, or less for an order expanded from a tie)."""

    chosen: str
    present: tuple[tuple[str, int], ...]
    weight: float


def _orders(finish: Finish) -> list[tuple[list[str], float]]:
    """The strict orders a finish stands for, each with its weight (ties expanded)."""
    out: list[tuple[list[str], float]] = [([], 1.0)]
    for group in finish:
        names = list(group)
        if len(names) == 1:
            out = [(order + names, w) for order, w in out]
            continue
        perms = list(permutations(names))
        out = [(order + list(p), w / len(perms)) for order, w in out for p in perms]
    return out


def _picks(finishes: Sequence[Finish]) -> list[_Pick]:
    picks: list[_Pick] = []
    for finish in finishes:
        for order, weight in _orders(finish):
            for i in range(len(order) - 1):       # the last seat left is no choice
                left: dict[str, int] = {}
                for name in order[i:]:
                    left[name] = left.get(name, 0) + 1
                picks.append(_Pick(order[i], tuple(sorted(left.items())), weight))
    return picks


def fit_strengths(finishes: Sequence[Finish], prior_games: float = PRIOR_GAMES,
                  iterations: int = 2000, tolerance: float = 1e-10) -> dict[str, float]:
    """Each bot's Plackett-Luce strength (the reference of the prior has strength 1)."""
    picks = _picks(finishes)
    names = sorted({name for finish in finishes for group in finish for name in group})
    if not names:
        return {}
    # merge identical picks: many games repeat the same line-ups
    merged: dict[tuple[str, tuple[tuple[str, int], ...]], float] = {}
    for p in picks:
        merged[(p.chosen, p.present)] = merged.get((p.chosen, p.present), 0.0) + p.weight
    wins = {n: prior_games / 2 for n in names}
    for (chosen, _), w in merged.items():
        wins[chosen] += w
    by_present: dict[tuple[tuple[str, int], ...], float] = {}
    for (_, present), w in merged.items():
        by_present[present] = by_present.get(present, 0.0) + w
    strength = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        denominators = {n: prior_games / (strength[n] + 1.0) for n in names}
        for present, w in by_present.items():
            total = sum(strength[n] * c for n, c in present)
            for n, c in present:
                denominators[n] += w * c / total
        new = {n: wins[n] / denominators[n] if denominators[n] > 0 else strength[n]
               for n in names}
        change = max(abs(math.log(new[n] / strength[n])) for n in names)
        strength = new
        if change < tolerance:
            break
    return strength


def fit_ratings(finishes: Sequence[Finish], anchor: str,
                prior_games: float = PRIOR_GAMES) -> dict[str, float]:
    """Each bot's rating: ``400 * log10`` of its strength over the anchor's."""
    strength = fit_strengths(finishes, prior_games)
    if anchor not in strength:
        raise ValueError(f"the anchor {anchor!r} played no game")
    base = math.log10(strength[anchor])
    return {n: SCALE * (math.log10(g) - base) for n, g in strength.items()}


def bootstrap(finishes: Sequence[Finish], anchor: str, samples: int = 200, seed: int = 1,
              prior_games: float = PRIOR_GAMES) -> list[dict[str, float]]:
    """The ratings fitted on ``samples`` bootstrap resamples of the games (each drawn
    with replacement; a resample in which the anchor played no game is drawn again):
    what :func:`rate` and :func:`level_gaps` take their intervals from, and may be given
    (``fits``) so that both read one bootstrap."""
    rng = random.Random(seed)
    fits: list[dict[str, float]] = []
    while len(fits) < samples:
        sample = [finishes[rng.randrange(len(finishes))] for _ in finishes]
        if not any(anchor in group for f in sample for group in f):
            continue
        fits.append(fit_ratings(sample, anchor, prior_games))
    return fits


def rate(finishes: Sequence[Finish], anchor: str, samples: int = 200, seed: int = 1,
         prior_games: float = PRIOR_GAMES,
         fits: Sequence[Mapping[str, float]] | None = None) -> list[Rating]:
    """Ratings with 95% bootstrap intervals, strongest first (``fits``: the
    :func:`bootstrap` of these games, when the caller has it; else drawn here)."""
    point = fit_ratings(finishes, anchor, prior_games)
    draws: dict[str, list[float]] = {n: [] for n in point}
    if fits is None:
        fits = bootstrap(finishes, anchor, samples, seed, prior_games)
    for fitted in fits:
        for n in point:
            if n in fitted:
                draws[n].append(fitted[n])
    games = {n: 0 for n in point}
    wins = {n: 0 for n in point}
    for f in finishes:
        seen = {name for group in f for name in group}
        for n in seen:
            games[n] += 1
        if len(f[0]) == 1:
            wins[f[0][0]] += 1
    out = []
    for n, r in point.items():
        low, high = _percentiles(draws[n]) if draws[n] else (-math.inf, math.inf)
        out.append(Rating(n, r, low, high, games[n], wins[n]))
    return sorted(out, key=lambda x: -x.rating)


@dataclass(frozen=True)
class LevelGap:
    """How far a level of bots is above the level below it, in rating points, each with
    its 95% interval from a bootstrap over games (the difference taken within each
    resample, so the anchor's own uncertainty, shared by both, cancels out).

    ``mean``: the level's mean rating over its bots minus the level below's (what a
    player who picks a bot of the level meets, on average); ``closest``: its weakest
    bot's rating minus the strongest's of the level below (``pair``: their names)."""

    lower: int
    upper: int
    mean: float
    mean_low: float
    mean_high: float
    pair: tuple[str, str]
    closest: float
    closest_low: float
    closest_high: float


def level_gaps(finishes: Sequence[Finish], levels: Mapping[str, int], anchor: str,
               samples: int = 200, seed: int = 1,
               prior_games: float = PRIOR_GAMES,
               fits: Sequence[Mapping[str, float]] | None = None) -> list[LevelGap]:
    """Each level's distance above the next level down that has bots in the games
    (``levels``: each bot's level; bots not in ``levels`` or in no game are left out),
    gentlest pair first.  The bootstrap is :func:`rate`'s (same ``seed``, same resamples;
    ``fits``: that bootstrap, when the caller has it); a resample missing a bot of either
    level is left out of that pair's interval."""
    point = fit_ratings(finishes, anchor, prior_games)
    by_level: dict[int, list[str]] = {}
    for name in point:
        if name in levels:
            by_level.setdefault(levels[name], []).append(name)
    order = sorted(by_level)
    if fits is None:
        fits = bootstrap(finishes, anchor, samples, seed, prior_games)

    def gaps(r: Mapping[str, float], low: list[str], high: list[str]
             ) -> tuple[float, float]:
        mean = sum(r[n] for n in high) / len(high) - sum(r[n] for n in low) / len(low)
        return mean, min(r[n] for n in high) - max(r[n] for n in low)

    out = []
    for below, above in pairwise(order):
        low, high = by_level[below], by_level[above]
        mean, closest = gaps(point, low, high)
        drawn = [gaps(f, low, high) for f in fits if all(n in f for n in low + high)]
        mean_low, mean_high = _percentiles([d[0] for d in drawn])
        closest_low, closest_high = _percentiles([d[1] for d in drawn])
        pair = (max(low, key=point.__getitem__), min(high, key=point.__getitem__))
        out.append(LevelGap(below, above, mean, mean_low, mean_high, pair, closest,
                            closest_low, closest_high))
    return out


def _percentiles(values: Sequence[float]) -> tuple[float, float]:
    ordered = sorted(values)
    last = len(ordered) - 1

    def at(q: float) -> float:
        pos = q * last
        lo = math.floor(pos)
        hi = min(lo + 1, last)
        return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)

    return at(0.025), at(0.975)


def finish_from_scores(scores: Mapping[int, tuple[str, float]]) -> list[list[str]]:
    """A finishing order from each seat's ``(bot, score)``: higher scores first, equal
    scores tied."""
    by_score: dict[float, list[str]] = {}
    for _, (bot, score) in sorted(scores.items()):
        by_score.setdefault(score, []).append(bot)
    return [by_score[s] for s in sorted(by_score, reverse=True)]


__all__ = ["PRIOR_GAMES", "SCALE", "Finish", "LevelGap", "Rating", "bootstrap",
           "finish_from_scores", "fit_ratings", "fit_strengths", "level_gaps", "rate"]
