"""Finding payments, and the automation's "must this player decide?" tests.

A payment for ``cost`` of one resource combines dice showing it, chits of it, and (for
gold, stone and food, when the rules allow) trades of two other dice for one.  The
canonical payment is the least wasteful one, compared in this order:

1. fewest trades (a trade burns two dice for one symbol, so trade only when dice and
   chits showing the resource cannot cover the cost);
2. fewest symbols paid beyond the cost (there is no change);
3. least worth lost: symbols of *other* resources on the dice given up, weighted by what
   they can still be used for in this phase (in the famine only strength still matters);
4. fewest chits (chits are exact and keep their value, so dice go first);
5. fewest dice; then lowest die numbers, for a stable answer.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from .moves import Payment
from .state import BOOK, FOOD, STRENGTH

if TYPE_CHECKING:
    from .state import StateData

# How much a symbol of each resource (gold, stone, food, book, strength) is still worth.
ACTION_WEIGHTS: tuple[int, ...] = (1, 1, 1, 1, 1)
FAMINE_WEIGHTS: tuple[int, ...] = (0, 0, 0, 0, 10)   # after the famine only strength counts
WAR_WEIGHTS: tuple[int, ...] = (0, 0, 0, 0, 0)


def find_payment(state: StateData, seat: int, res: int, cost: int, trades_ok: bool,
                 weights: Sequence[int] = ACTION_WEIGHTS,
                 exclude: Collection[int] = ()) -> Payment | None:
    """The canonical payment of ``cost`` symbols of resource ``res``, or None if the seat
    cannot pay.  ``exclude``: dice that may not be used (e.g. pledged dice)."""
    return find_payments(state, seat, res, (cost,), trades_ok, weights, exclude)[cost]


def find_payments(state: StateData, seat: int, res: int, costs: Sequence[int],
                  trades_ok: bool, weights: Sequence[int] = ACTION_WEIGHTS,
                  exclude: Collection[int] = (),
                  unused: Sequence[int] | None = None) -> dict[int, Payment | None]:
    """:func:`find_payment` for several costs of one resource, in one search.
    ``unused``: the seat's unused dice, when the caller already has them."""
    chits = state.chits_of(seat, res)
    faces, face_idx, totals = state.comp.die_faces, state.dice_face, state.comp.die_totals
    # the dice showing ``res``, by (its symbols, the worth of their other symbols); the
    # others as (worth, die), for trades
    groups: dict[tuple[int, int], list[int]] = {}
    others: list[tuple[int, int]] = []
    total = chits
    plain = weights == ACTION_WEIGHTS
    for d in state.unused_dice(seat) if unused is None else unused:
        if exclude and d in exclude:
            continue
        f = faces[d][face_idx[d]]
        v = f[res]
        if plain:
            worth = totals[d][face_idx[d]] - v
        else:
            worth = 0
            for i in range(5):
                if i != res and f[i]:
                    worth += weights[i] * f[i]
        if v:
            groups.setdefault((v, worth), []).append(d)
            total += v
        elif totals[d][face_idx[d]]:
            others.append((worth, d))
        # (a die showing nothing shows Unrest: it cannot even be traded)
    tradeable = len(others) // 2 if trades_ok else 0
    total += tradeable
    result: dict[int, Payment | None] = dict.fromkeys(costs)
    todo = [c for c in costs if c <= total]
    if not todo:
        return result
    top = max(todo)
    trade_worth = [0]
    if total - tradeable < top:       # some cost may need trades: rank the dice to trade
        others.sort()
        # prefix sums of the worth of the cheapest dice to trade away
        for w, _ in others:
            trade_worth.append(trade_worth[-1] + w)
    keys = sorted(groups)
    reach = _cheapest_values(groups, keys, top)
    best: dict[int, tuple[tuple[int, ...], tuple[int, ...], int, int]] = {}
    for value, (lost, n, counts) in reach.items():
        for cost in todo:
            need = cost - value
            if need <= 0:
                key: tuple[int, ...] = (0, -need, lost, 0, n)
                chit_n = trades = 0
            else:
                chit_n = chits if chits < need else need
                trades = need - chit_n
                if trades > tradeable or (trades and len(trade_worth) == 1):
                    # (trade_worth is only ranked when some cost cannot be met otherwise;
                    # when it is not, a payment without trades exists and wins)
                    continue
                key = (trades, 0, lost + trade_worth[2 * trades], chit_n, n)
            known = best.get(cost)
            if known is None or key < known[0]:
                best[cost] = (key, counts, chit_n, trades)
    for cost, (_, counts, chit_n, trades) in best.items():
        dice = tuple(sorted([d for k, c in zip(keys, counts, strict=True) for d in groups[k][:c]]))
        pairs: tuple[tuple[int, int], ...] = ()
        if trades:
            traded = [d for _, d in others[:2 * trades]]
            pairs = tuple(sorted((min(a, b), max(a, b))
                                 for a, b in zip(traded[::2], traded[1::2], strict=True)))
        result[cost] = Payment.of_sorted(dice, chit_n, pairs)
    return result


def most_payable(state: StateData, seat: int, res: int, cost: int, trades_ok: bool,
                 exclude: Collection[int] = ()) -> int:
    """The most of resource ``res`` (up to ``cost``) the seat can pay now (``exclude``:
    dice that may not pay, e.g. pledged ones)."""
    found = find_payments(state, seat, res, range(1, cost + 1), trades_ok, exclude=exclude)
    return max((c for c, pay in found.items() if pay is not None), default=0)


def _cheapest_values(groups: dict[tuple[int, int], list[int]], keys: list[tuple[int, int]],
                     top: int) -> dict[int, tuple[int, int, tuple[int, ...]]]:
    """For each value the dice of ``groups`` can reach (up to ``top`` plus one die's
    overshoot): the least wasteful way, (lost worth, dice count, how many of each group in
    ``keys``' order).

    For a given dice value the chits and trades that complete it are fixed, so only the
    least wasteful way to reach each value matters: a small dynamic programme over the
    groups of alike dice."""
    cap = top + 3
    reach: dict[int, tuple[int, int, tuple[int, ...]]] = {0: (0, 0, ())}
    for v, w in keys:
        size = len(groups[v, w])
        nxt: dict[int, tuple[int, int, tuple[int, ...]]] = {}
        for value, (lost, n, counts) in reach.items():
            for c in range(size + 1):
                nv = value + v * c
                if nv > cap or (c and value >= top):
                    break
                cand = (lost + w * c, n + c, (*counts, c))
                old = nxt.get(nv)
                if old is None or cand < old:
                    nxt[nv] = cand
        reach = nxt
    return reach


def food_now(state: StateData, seat: int, exclude: Collection[int] = ()) -> int:
    """Food the seat could pay right now from unused dice and chits, without trading."""
    total = state.chits_of(seat, FOOD)
    for d in state.unused_dice(seat):
        if d not in exclude:
            total += state.face(d)[FOOD]
    return total


def _trade_reach(state: StateData, seat: int, spare: Sequence[int]) -> tuple[int, int]:
    """(food reachable trading any non-food dice, food reachable trading only dice that show
    none of the ``spare`` resources)."""
    base = food_now(state, seat)
    any_dice = plain = 0
    for d in state.unused_dice(seat):
        f = state.face(d)
        if f[FOOD] or not any(f):           # food, or the Unrest symbol: not traded
            continue
        any_dice += 1
        if not any(f[r] for r in spare):
            plain += 1
    return base + any_dice // 2, base + plain // 2


def must_decide_books(state: StateData, seat: int) -> bool:
    """The online implementation's test: the seat is asked about books only if it lacks
    food for the famine, has a book die, could feed by trading dice, and could only do so
    by trading away a book or strength die."""
    need = state.event_spec.famine
    if food_now(state, seat) >= need:
        return False
    if not any(state.face(d)[BOOK] for d in state.unused_dice(seat)):
        return False
    reach_any, reach_plain = _trade_reach(state, seat, (BOOK, STRENGTH))
    return reach_any >= need > reach_plain


def must_decide_famine(state: StateData, seat: int) -> bool:
    """Likewise for the famine: asked only if feeding is possible but needs trading away a
    strength die (which would otherwise count for player order and war)."""
    need = state.event_spec.famine
    if food_now(state, seat) >= need:
        return False
    if not any(state.face(d)[STRENGTH] for d in state.unused_dice(seat)):
        return False
    reach_any, reach_plain = _trade_reach(state, seat, (STRENGTH,))
    return reach_any >= need > reach_plain
