"""The tracks, the rankings and the final scoring.

Strength and stability are summed from the board every time they are read.  The tracks
stop at 40 strength and 15 stability ("counted as"), so every comparison and every use of
those values reads the track value.  Rankings follow the rulebook's ties ("most" must be
alone; everybody tied for "least" suffers; nations in revolt all tie for least stability)
and its 5-player rule (positive effects also reach the second unless tied, negative ones
the two lowest and all tied with them).
"""

from __future__ import annotations

from .constants import (
    BOOKS,
    FOOD,
    GOLD,
    STABILITY_F,
    STONE,
    STRENGTH_F,
    TRACK_MAX_STABILITY,
    TRACK_MAX_STRENGTH,
    VP,
)
from .in_play import modifier_total, modifiers_on, modifiers_on_each
from .state import StateData
from .vocabulary import CardEffect


def strength(s: StateData, seat: int) -> int:
    """Military strength: workers on military, advisors, colonies, ready wonders, and any
    change that lasts until the events are over."""
    p = s.players[seat]
    cards = s.comp.cards
    total = p.temp_strength
    for ref, w in zip(p.bm, p.workers, strict=True):
        if w:
            total += cards[ref].per_worker[STRENGTH_F] * w
    for ref in p.advisors:
        total += cards[ref].produces[STRENGTH_F]
    for ref in p.colonies:
        total += cards[ref].produces[STRENGTH_F]
    for ref in p.wonders:
        total += cards[ref].produces[STRENGTH_F]
    for ref in p.specials:
        total += cards[ref].produces[STRENGTH_F]
    return total


def stability(s: StateData, seat: int, modifiers: list[CardEffect] | None = None) -> int:
    """Stability: the cards' figures minus 3 per worker taken from the stability section,
    and the stability modifiers that reach the nation (``modifiers``, when the caller has
    looked them up already)."""
    p = s.players[seat]
    cards = s.comp.cards
    side = s.side_of(seat)
    total = -side.stability_upkeep * p.taken_stab
    # a military card's stability loss is upkeep: a card that waives the owner's military
    # upkeep (Anna Komnene) waives it too ("ignore the resources and stability their
    # cards would take"), at once like every stability change
    free_military = None
    for ref, w in zip(p.bm, p.workers, strict=True):
        if w:
            v = cards[ref].per_worker[STABILITY_F]
            if v < 0 and cards[ref].type == "military":
                if free_military is None:
                    free_military = ("no_military_upkeep" in s.comp.by_modifier
                                     and _waives_military_upkeep(s, seat))
                if free_military:
                    continue
            total += v * w
    for ref in p.advisors:
        total += cards[ref].produces[STABILITY_F]
    for ref in p.colonies:
        total += cards[ref].produces[STABILITY_F]
    for ref in p.wonders:
        total += cards[ref].produces[STABILITY_F]
    for ref in p.specials:
        total += cards[ref].produces[STABILITY_F]
    if "stability" in s.comp.by_modifier:
        if modifiers is None:
            modifiers = modifiers_on(s, seat, "stability")
        total += sum(e.amount for e in modifiers)
    return total


def _waives_military_upkeep(s: StateData, seat: int) -> bool:
    return modifier_total(s, seat, "no_military_upkeep") > 0


def strength_track(s: StateData, seat: int) -> int:
    return min(TRACK_MAX_STRENGTH, strength(s, seat))


def stability_track(s: StateData, seat: int) -> int:
    return min(TRACK_MAX_STABILITY, stability(s, seat))


def stability_rank_value(s: StateData, seat: int,
                         modifiers: list[CardEffect] | None = None) -> int:
    """Stability as rankings compare it: every nation in revolt ties at -1, and a nation
    that counts as least stable for the round (Versailles) is at that bottom too: with
    nobody in revolt it is the least alone; with nations in revolt it ties with them
    ("All nations with negative Stability are considered to tie for last place")."""
    if s.players[seat].least_stab:
        return -1
    return max(-1, min(TRACK_MAX_STABILITY, stability(s, seat, modifiers)))


def stability_rank_values(s: StateData) -> list[int]:
    """:func:`stability_rank_value` of every seat (the stability modifiers looked up once
    for all)."""
    each = modifiers_on_each(s, "stability") if "stability" in s.comp.by_modifier else None
    return [stability_rank_value(s, x, None if each is None else each[x])
            for x in range(len(s.players))]


def most_of(values: list[int]) -> list[int]:
    """Seats that have the most (alone); with 5 players also the second unless tied, and
    two tied for the most both count."""
    n = len(values)
    ordered = sorted(values, reverse=True)
    top = ordered[0]
    at_top = [x for x in range(n) if values[x] == top]
    if n < 5:
        return at_top if len(at_top) == 1 else []
    if len(at_top) == 2:
        return at_top
    if len(at_top) > 2:
        return []
    second = [x for x in range(n) if values[x] == ordered[1]]
    return at_top + (second if len(second) == 1 else [])


def least_of(values: list[int]) -> list[int]:
    """Seats that have the least, everybody tied included; with 5 players the two lowest
    and all tied with them."""
    ordered = sorted(values)
    threshold = ordered[1] if len(values) >= 5 else ordered[0]
    return [x for x in range(len(values)) if values[x] <= threshold]


def worker_vp(s: StateData, seat: int) -> int:
    """VP of the workers on buildings and military: the first worker on a card scores the
    first figure, the second the next, and workers beyond the figures score nothing."""
    p = s.players[seat]
    cards = s.comp.cards
    return sum(sum(cards[ref].worker_vp[:w]) for ref, w in zip(p.bm, p.workers, strict=True)
               if w)


def final_breakdown(s: StateData, seat: int) -> dict[str, int]:
    """The final scoring of one nation, part by part (the score pad's A-E)."""
    p = s.players[seat]
    cards = s.comp.cards
    goods = p.res[GOLD] + p.res[STONE] + p.res[FOOD] + p.res[BOOKS]
    pile = goods + strength_track(s, seat) + stability_track(s, seat)
    parts = {
        "vp": p.res[VP],
        "colonies": sum(cards[c].vp for c in p.colonies),
        "wonders": sum(cards[c].vp for c in p.wonders),
        "workers": worker_vp(s, seat),
        "resources": max(0, pile) // 10,
    }
    parts["total"] = sum(parts.values())
    return parts


def book_vp(books: list[int]) -> list[int]:
    """End of an age: each nation gains 1 VP per nation with fewer books."""
    return [sum(1 for other in books if other < mine) for mine in books]


def scores(s: StateData) -> list[int]:
    """VP per seat: the VP tokens during the game; the full final scoring once over."""
    if s.is_terminal():
        return projected_scores(s)
    return [p.res[VP] for p in s.players]


def projected_scores(s: StateData) -> list[int]:
    """The final scoring as if the game ended now."""
    return [final_breakdown(s, seat)["total"] for seat in range(len(s.players))]


def ranking(s: StateData) -> list[int]:
    """Seats from best to worst: most VP, ties to the earlier player order."""
    values = projected_scores(s) if s.is_terminal() else scores(s)
    return sorted(s.order, key=lambda seat: (-values[seat], s.order.index(seat)))


__all__ = ["book_vp", "final_breakdown", "least_of", "most_of", "projected_scores", "ranking",
           "scores", "stability", "strength", "worker_vp"]
