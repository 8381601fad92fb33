"""Finding payments, and the automation's "must this player decide?" tests.

A payment for ``cost`` of one resource combines dice showing it, chits of it, and (for
gold, stone and food, when the rules allow) trades of two other dice for one.  The
canonical payment is the least wasteful one, compared in this order:

1. fewest symbols paid beyond the cost (there is no change);
2. fewest trades (a trade burns two dice for one symbol);
3. least worth lost: symbols of *other* resources on the dice given up, weighted by what
   they can still be used for in this phase (in the famine only strength still matters);
4. fewest chits (chits are exact and keep their value, so dice go first);
5. fewest dice; then lowest die numbers, for a stable answer.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import product
from typing import TYPE_CHECKING

from .moves import Payment
from .state import BOOK, FOOD, STRENGTH

if TYPE_CHECKING:
    from .state import GameState

# How much a symbol of each resource (gold, stone, food, book, strength) is still worth.
ACTION_WEIGHTS: tuple[int, ...] = (1, 1, 1, 1, 1)
FAMINE_WEIGHTS: tuple[int, ...] = (0, 0, 0, 0, 10)   # after the famine only strength counts
WAR_WEIGHTS: tuple[int, ...] = (0, 0, 0, 0, 0)


def find_payment(state: GameState, seat: int, res: int, cost: int, trades_ok: bool,
                 weights: Sequence[int] = ACTION_WEIGHTS,
                 exclude: Collection[int] = ()) -> Payment | None:
    """The canonical payment of ``cost`` symbols of resource ``res``, or None if the seat
    cannot pay.  ``exclude``: dice that may not be used (e.g. pledged dice)."""
    player = state.players[seat]
    chits = player.chits[res + 1]
    faces, face_idx, owner, used = (state.comp.die_faces, state.dice_face,
                                    state.dice_owner, state.dice_used)
    groups: dict[tuple[int, int], list[int]] = {}
    others: list[tuple[int, int]] = []
    total = chits
    for d in range(len(owner)):
        if owner[d] != seat or used[d] or d in exclude:
            continue
        f = faces[d][face_idx[d]]
        v = f[res]
        worth = 0
        for i in range(5):
            if i != res and f[i]:
                worth += weights[i] * f[i]
        if v:
            groups.setdefault((v, worth), []).append(d)
            total += v
        else:
            others.append((worth, d))
    if trades_ok:
        total += len(others) // 2
    if total < cost:
        return None
    others.sort()
    keys = sorted(groups)
    best: tuple[tuple[int, ...], tuple[int, ...], int, int] | None = None
    for counts in product(*(range(len(groups[k]) + 1) for k in keys)):
        value = lost = n = 0
        for k, c in zip(keys, counts):
            value += k[0] * c
            lost += k[1] * c
            n += c
        need = cost - value
        if need <= 0:
            key: tuple[int, ...] = (-need, 0, lost, 0, n)
            chit_n = trades = 0
        else:
            chit_n = min(chits, need)
            trades = need - chit_n
            if trades:
                if not trades_ok or 2 * trades > len(others):
                    continue
                lost += sum(w for w, _ in others[:2 * trades])
            key = (0, trades, lost, chit_n, n)
        if best is None or key < best[0]:
            best = (key, counts, chit_n, trades)
    if best is None:
        return None
    _, counts, chit_n, trades = best
    dice = [d for k, c in zip(keys, counts) for d in groups[k][:c]]
    traded = [d for _, d in others[:2 * trades]]
    pairs = tuple((traded[i], traded[i + 1]) for i in range(0, len(traded), 2))
    return Payment(tuple(dice), chit_n, pairs)


def food_now(state: GameState, seat: int, exclude: Collection[int] = ()) -> int:
    """Food the seat could pay right now from unused dice and chits, without trading."""
    total = state.players[seat].chits[FOOD + 1]
    for d in state.unused_dice(seat):
        if d not in exclude:
            total += state.face(d)[FOOD]
    return total


def _trade_reach(state: GameState, seat: int, spare: Sequence[int]) -> tuple[int, int]:
    """(food reachable trading any non-food dice, food reachable trading only dice that show
    none of the ``spare`` resources)."""
    base = food_now(state, seat)
    any_dice = plain = 0
    for d in state.unused_dice(seat):
        f = state.face(d)
        if f[FOOD]:
            continue
        any_dice += 1
        if not any(f[r] for r in spare):
            plain += 1
    return base + any_dice // 2, base + plain // 2


def must_decide_books(state: GameState, seat: int) -> bool:
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


def must_decide_famine(state: GameState, seat: int) -> bool:
    """Likewise for the famine: asked only if feeding is possible but needs trading away a
    strength die (which would otherwise count for player order and war)."""
    need = state.event_spec.famine
    if food_now(state, seat) >= need:
        return False
    if not any(state.face(d)[STRENGTH] for d in state.unused_dice(seat)):
        return False
    reach_any, reach_plain = _trade_reach(state, seat, (STRENGTH,))
    return reach_any >= need > reach_plain
