"""What a position is worth to each nation, in victory points to be expected at the end.

Shared by the heuristic bot (which looks one decision ahead and keeps the best value) and
the tree search (which scores a playout where its horizon stops it).  The value is the VP
the nation holds now (tokens, colonies, ready wonders, workers on cards) plus estimates of
what the rest of the game adds, term by term:

- **production**: the net gold, stone, food and books of a round (upkeep included) for every
  production still to come, added to the stock, and the stock priced per unit (a good is
  worth more early, when it still buys cards and workers; at the end only its tenth, the
  final scoring's resource part);
- **shortfalls**: a round that ends a resource below zero (famine included, estimated by
  age) costs a VP and books: the reason nations starve;
- **books**: the VP of every remaining end of age, from the projected books of all nations
  (1 VP per nation with fewer books);
- **tracks**: strength (player order, wars, colonies, events) and stability (wars' losses,
  events), and a heavy price for each round spent in revolt;
- **war**: a nation weaker than the war in play expects its loss and its VP;
- **workers and wonders**: an idle worker is one not yet producing; an unfinished wonder is
  worth part of its VP while there is time to finish it.

Each term is computed by rules of thumb (:func:`seat_terms`) and weighted by phase with
weights fitted on self-play outcomes (:data:`FITTED_WEIGHTS`, see
``benchmarks/board_eval_fit.py``); every weight 1.0 (:data:`HAND_WEIGHTS`) is the hand-set
evaluation the fit started from.
"""

from __future__ import annotations

from ..constants import BOOKS, FOOD, GOLD, STONE, VP
from ..machine import GameState
from ..rules import STEP_INDEX, production_of, war_strength_of
from ..scoring import final_breakdown, stability, strength_track

#: The step after which the current round's production has happened.
_PRODUCTION = STEP_INDEX["resolution.production"]
_WAR = STEP_INDEX["resolution.war"]
_FAMINE = STEP_INDEX["resolution.famine"]
_BOOKS = STEP_INDEX["resolution.books"]

#: Mean famine of the base game's event cards, by age (the cards' figures).
FAMINE_BY_AGE = (1.3, 1.8, 2.5, 3.5)


def step_index(s: GameState) -> int:
    """The place of the current step in the round (past the last step once over)."""
    return STEP_INDEX.get(s.step, len(STEP_INDEX))


def productions_left(s: GameState) -> int:
    """How many production steps the game still has (the current round's included until
    its production has been made)."""
    left = s.config.rounds - s.round
    return left + (1 if step_index(s) < _PRODUCTION or
                   (step_index(s) == _PRODUCTION and s.stage == 0) else 0)


def unit_values(left: int) -> tuple[float, float, float, float]:
    """VP per unit of gold, stone, food and books with ``left`` productions to come: a
    tenth at the very end (the final scoring), more while they still buy progress."""
    late = min(1.0, left / 3)
    return (0.1 + 0.25 * late, 0.1 + 0.2 * late, 0.1 + 0.12 * late, 0.1 + 0.05 * late)


def _future_famines(s: GameState) -> list[float]:
    """The famine expected at each production still to come (the current event's for
    this round while its famine step is ahead)."""
    out = []
    first = s.round if productions_left(s) > s.config.rounds - s.round else s.round + 1
    for r in range(first, s.config.rounds + 1):
        if r == s.round and s.event >= 0 and step_index(s) <= _FAMINE:
            out.append(float(s.comp.events[s.event].famine))
        else:
            out.append(FAMINE_BY_AGE[(r + 1) // 2 - 1])
    return out


def _book_vp_ahead(s: GameState, prods: list[list[int]]) -> list[float]:
    """The VP each nation can expect from the ends of ages still ahead, from its books now
    plus its book production until then."""
    n = len(s.players)
    out = [0.0] * n
    first_prod_round = s.round if productions_left(s) > s.config.rounds - s.round \
        else s.round + 1
    for end in range(2, s.config.rounds + 1, 2):
        if end < s.round or (end == s.round and step_index(s) > _BOOKS):
            continue
        rounds = max(0, end - first_prod_round + 1)
        books = [s.players[x].res[BOOKS] + max(0, prods[x][BOOKS]) * rounds
                 for x in range(n)]
        for x in range(n):
            out[x] += sum(1 for o in books if o < books[x])
    return out


def _shortfall(stock: int, net: int, famines: list[float], food: bool) -> tuple[float, int]:
    """(VP expected to be lost to shortfalls, stock left at the end) for one resource."""
    lost = 0.0
    level = float(stock)
    for famine in famines:
        level += net - (famine if food else 0.0)
        if level < 0:
            # a VP (at most one a round), and a book or another good per missing unit
            lost += 1.0 + 0.25 * -level
            level = 0.0
    return lost, int(level)


#: The terms of :func:`seat_terms`, after the VP already held (which counts as it is).
TERMS: tuple[str, ...] = ("shortfalls", "stock", "books ahead", "strength", "stability",
                          "revolt", "war loss", "workers", "wonder", "constant")

#: The weight of each term, by productions left (see :func:`weights_for`): a least-squares
#: fit of the VP still to come at the end (final score less the VP held) on the terms, over
#: 8,640 positions (each seat at the start of each round of 360 self-play games of 2-4
#: heuristic bots), every weight but the constant kept at 0 or above;
#: ``benchmarks/board_eval_fit.py`` reproduces it.  On 90 held-out games it predicts the
#: final score within 8.4 VP (root mean square; the hand-set weights: 15.3) and the nation
#: it puts ahead wins 62% of the time (hand-set: 56%); in the search it beats the hand-set
#: weights (``benchmarks/board_eval_ab.py``, figures in ``benchmarks/board_bots_strength.md``).
#: The war loss is never in play at a round start, so its weight stays the hand-set 1.0.
#: The hand-set evaluation is :data:`HAND_WEIGHTS`.
FITTED_WEIGHTS: dict[str, tuple[float, ...]] = {
    # shortfalls, stock, books ahead, strength, stability, revolt, war loss, workers,
    # wonder, constant
    "early": (0.000, 0.428, 0.390, 2.909, 4.242, 0.909, 1.000, 0.605, 0.807, -1.172),
    "middle": (0.310, 0.518, 0.511, 2.279, 2.345, 0.020, 1.000, 0.170, 0.497, -3.498),
    "late": (0.694, 0.526, 0.666, 1.911, 2.875, 0.311, 1.000, 0.346, 0.336, -1.093),
}
#: Every term as it is computed (the evaluation before the fit).
HAND_WEIGHTS: tuple[float, ...] = (1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0)


def phase_of(left: int) -> str:
    """The weights' bucket for ``left`` productions to come: early (6 or more), middle
    (3-5), late (0-2)."""
    return "early" if left >= 6 else "middle" if left >= 3 else "late"


def weights_for(left: int) -> tuple[float, ...]:
    """The :data:`FITTED_WEIGHTS` used with ``left`` productions to come."""
    return FITTED_WEIGHTS[phase_of(left)]


def seat_terms(s: GameState, seat: int, prods: list[list[int]] | None = None,
               books_ahead: list[float] | None = None) -> tuple[float, list[float]]:
    """(the VP ``seat`` holds now, the :data:`TERMS` estimating what the rest of the game
    adds); the game must not be over."""
    p = s.players[seat]
    if prods is None:
        prods = [production_of(s, x) for x in range(len(s.players))]
    if books_ahead is None:
        books_ahead = _book_vp_ahead(s, prods)
    left = productions_left(s)
    cards = s.comp.cards
    parts = final_breakdown(s, seat)
    now = float(parts["vp"] + parts["colonies"] + parts["wonders"] + parts["workers"])
    famines = _future_famines(s)
    unit = unit_values(left)
    net = prods[seat]
    shortfalls = stock = 0.0
    for r in (GOLD, STONE, FOOD, BOOKS):
        lost, end = _shortfall(p.res[r], net[r], famines, r == FOOD)
        shortfalls -= lost
        stock += unit[r] * end
    st = strength_track(s, seat)
    stab = stability(s, seat)
    late = min(1.0, left / 3)
    revolt = -left * (1.2 + 0.15 * -stab) if stab < 0 else 0.0  # a VP and books a round
    # the war in play: a nation weaker than it pays its loss (less its stability) and a VP
    war = 0.0
    if s.war >= 0 and step_index(s) <= _WAR and war_strength_of(s, seat) < s.war_strength:
        res, amount = cards[s.war].war_loss
        loss = max(0, amount - max(0, stab))
        war = -(1.0 + loss * (unit[res] if res < VP else 1.0))
    workers = wonder = 0.0
    if left > 0:
        workers = worker_potential(s, seat, unit, left)
        if p.wonder >= 0:
            card = cards[p.wonder]
            need = len(card.stages) - p.built
            if need <= 2 * left:
                wonder = (card.vp + 1.0) * (p.built + 1) / (len(card.stages) + 1)
    return now, [shortfalls, stock, books_ahead[seat], (0.1 + 0.1 * late) * st,
                 (0.1 + 0.08 * late) * min(stab, 15), revolt, war, workers, wonder, 1.0]


def seat_value(s: GameState, seat: int, prods: list[list[int]] | None = None,
               books_ahead: list[float] | None = None,
               weights: tuple[float, ...] | None = None) -> float:
    """The VP ``seat`` can expect at the end of the game (exact once it is over): the VP it
    holds plus the weighted :func:`seat_terms` (``weights``: :func:`weights_for` by
    default)."""
    if s.is_terminal():
        return float(final_breakdown(s, seat)["total"])
    now, terms = seat_terms(s, seat, prods, books_ahead)
    w = weights_for(productions_left(s)) if weights is None else weights
    return now + sum(a * b for a, b in zip(w, terms, strict=True))


def worker_value(s: GameState, seat: int, ref: int, on_card: int,
                 unit: tuple[float, float, float, float], left: int) -> float:
    """What one more worker on card ``ref`` (holding ``on_card`` workers) brings for the rest
    of the game: its production per round, its VP, less the stone it costs."""
    card = s.comp.cards[ref]
    fig = card.per_worker
    per_round = sum(fig[r] * unit[r] for r in range(4)) + 0.2 * fig[4] + 0.15 * fig[5]
    vp = card.worker_vp[on_card] if on_card < len(card.worker_vp) else 0
    return per_round * left + vp - card.deploy_cost * unit[STONE]


def worker_potential(s: GameState, seat: int, unit: tuple[float, float, float, float],
                     left: int) -> float:
    """Idle workers are worth most of the best card they could go to; with none idle, a
    better card than the worst manned one is worth part of the move."""
    p = s.players[seat]
    slots = [(worker_value(s, seat, ref, w, unit, left), k)
             for k, (ref, w) in enumerate(zip(p.bm, p.workers, strict=True)) if ref >= 0]
    if not slots:
        return 0.0
    best = max(v for v, _ in slots)
    if p.idle:
        # only as many as the stone at hand and soon produced can deploy
        cost = max(1, min(s.comp.cards[p.bm[k]].deploy_cost for _, k in slots))
        now = min(p.idle, p.res[STONE] // cost)
        later = min(p.idle - now, max(0, production_of(s, seat)[STONE]) // cost)
        rest = p.idle - now - later
        return max(0.0, best) * (0.7 * now + 0.3 * later * (left - 1) / left + 0.05 * rest)
    # a better card still empty is a worker move waiting (counted once, so that moving
    # workers back and forth between manned cards gains nothing)
    manned = [v for v, k in slots if p.workers[k]]
    empty = [v for v, k in slots if not p.workers[k]]
    if not manned or not empty:
        return 0.0
    return 0.4 * max(0.0, max(empty) - min(manned))


def values(s: GameState) -> list[float]:
    """:func:`seat_value` of every seat."""
    n = len(s.players)
    if s.is_terminal():
        return [float(x) for x in s.scores()]
    prods = [production_of(s, x) for x in range(n)]
    ahead = _book_vp_ahead(s, prods)
    return [seat_value(s, x, prods, ahead) for x in range(n)]


def relative_value(s: GameState, seat: int) -> float:
    """``seat``'s value less the best of the others' (what winning is about)."""
    v = values(s)
    others = [v[x] for x in range(len(v)) if x != seat]
    return v[seat] - (max(others) if others else 0.0)


__all__ = ["FAMINE_BY_AGE", "FITTED_WEIGHTS", "HAND_WEIGHTS", "TERMS", "phase_of",
           "productions_left", "relative_value", "seat_terms", "seat_value", "step_index",
           "unit_values", "values", "weights_for"]
