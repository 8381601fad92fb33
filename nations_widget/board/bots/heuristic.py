"""The board game's rule-based bots.

Three levels share the same rules of thumb, following the rulebook's advice for beginners
(take no worker in the first rounds, build up gold and stone production, do not pay early
for strength, stability or books you do not need):

- :func:`quick_move` scores each action with rules of thumb and no look-ahead: what a
  card adds over the weakest card it would replace, what a worker produces on a card for
  the rounds left, what an architect adds to the wonder, less the gold or stone paid.
  ``heuristic-easy`` plays it with noise on the scores and takes workers from the first
  round; the tree search's playouts play it as is;
- ``heuristic`` plays each of the :data:`LOOKAHEAD_WIDTH` best actions by those scores
  (passing always among them) to the end of the round, every nation playing the quick
  rules, on a copy whose hidden decks are shuffled afresh, and keeps the action after
  which the :mod:`evaluation` of its position against the best other nation is highest
  (:func:`lookahead_move`): the rules of thumb propose, one look at the round's end
  disposes.  The quick rules alone put workers on cards before buying the card another
  nation would take, and move workers where passing is worth more (what the review's
  coach found them losing most on); the look-ahead sees both;
- ``heuristic-quick`` plays the quick rules' action as it is, with ``heuristic``'s
  decisions and growth;
- decisions (placing a card, golden age, battle, event choices, books at zero):
  ``heuristic`` and ``heuristic-quick`` try each answer, play the resolution step out with
  the quick rules and keep the answer after which the evaluation of the position is
  highest; ``heuristic-easy`` (and the playouts) look at the position right after the
  answer only.

Growth: the bonus resource in the first two rounds (gold, or stone or food when short of
them), then a worker when the nation can feed it (food section) or stay out of revolt
(stability section).  The evaluation keeps food for famine and upkeep and fears revolt.
"""

from __future__ import annotations

import random
from typing import Any

from ...core.bots.base import BaseBot, check_turn
from ..constants import FOOD, GOLD, PRICES, RESOURCES, STONE
from ..decisions import GoldenAgeChoice, GrowChoice, LoseOther, PlaceBm
from ..in_play import modifiers_on
from ..machine import GameState
from ..moves import Buy, Choose, Deploy, Grow, Hire, Move, Pass, Special, Undeploy
from ..rules import golden_options, production_of
from ..scoring import stability, strength_track
from ..state import columns
from .evaluation import (
    FAMINE_BY_AGE,
    productions_left,
    relative_value,
    seat_value,
    unit_values,
    worker_value,
)


# --------------------------------------------------------------------------- growth
def growth_move(s: GameState, seat: int, moves: list[Move], early_rounds: int = 2) -> Move:
    """A bonus resource in the first ``early_rounds`` rounds; later a worker when the
    nation can afford its upkeep, else the resource it needs most."""
    p = s.players[seat]
    net = production_of(s, seat)
    by = {(m.worker, m.bonus): m for m in moves if isinstance(m, Grow)}
    if s.round > early_rounds and s.round < s.config.rounds:
        free = by.get(("free", None))
        if free is not None:
            return free
        # a worker from the food section costs 3 food a round; keep a margin for famine
        food_ok = net[FOOD] - 3 >= 0 or (net[FOOD] - 3 >= -1 and p.res[FOOD] >= 6)
        if food_ok and ("food", None) in by:
            return by[("food", None)]
        if stability(s, seat) >= 4 and ("stability", None) in by:
            return by[("stability", None)]
    if net[FOOD] < 0 and p.res[FOOD] + net[FOOD] < 3:
        return by[(None, "food")]
    if p.res[STONE] < 3 or (net[STONE] <= 0 and p.res[STONE] < 5):
        return by[(None, "stone")]
    return by[(None, "gold")]


# ------------------------------------------------------------------- quick scoring
def weakest_slot_value(s: GameState, seat: int, unit: tuple[float, ...], left: int) -> float:
    """What a worker on the weakest building or military is worth (0 with a slot empty):
    what a new building or military must beat."""
    p = s.players[seat]
    u = (unit[0], unit[1], unit[2], unit[3])
    current = [worker_value(s, seat, c, 0, u, left) for c in p.bm if c >= 0]
    return max(0.0, min(current)) if len(current) == len(p.bm) else 0.0


def card_value(s: GameState, seat: int, ref: int, unit: tuple[float, ...], left: int,
               worst: float | None = None) -> float:
    """What buying card ``ref`` is worth, before its price (rules of thumb by type);
    ``worst``: :func:`weakest_slot_value`, when the caller has it already."""
    card = s.comp.cards[ref]
    p = s.players[seat]
    fig = card.produces
    per_round = sum(fig[r] * unit[r] for r in range(4)) + 0.2 * fig[4] + 0.15 * fig[5]
    t = card.type
    if card.is_bm:
        u = (unit[0], unit[1], unit[2], unit[3])
        mine = worker_value(s, seat, ref, 0, u, left)
        if worst is None:
            worst = weakest_slot_value(s, seat, unit, left)
        if t == "military":
            # strength matters when someone is stronger or a war is on the board
            rivals = max((strength_track(s, x) for x in range(len(s.players)) if x != seat),
                         default=s.shadow[0] if s.shadow else 0)   # solo: the shadow
            mine += 0.5 if rivals >= strength_track(s, seat) else 0.0
        return 0.8 * max(0.0, mine - worst)
    if t == "advisor":
        old = [s.comp.cards[c].produces for c in p.advisors]
        old_value = sum(sum(f[r] * unit[r] for r in range(4)) + 0.2 * f[4] + 0.15 * f[5]
                        for f in old)
        return (per_round - old_value) * left
    if t == "colony":
        return card.vp + per_round * left
    if t == "wonder":
        if (p.wonder >= 0 and p.built > 0) or left < len(card.stages):
            return -1.0
        return 0.6 * (card.vp + per_round * max(0, left - 2))
    if t == "golden age":
        need = max(0, card.age)
        return 1.0 if sum(p.res[:4]) >= need + 3 else 2 * unit[max(0, card.golden_age)]
    if t == "battle":
        return 0.5 * 3 * unit[FOOD] * 3
    if t == "war":
        mine = strength_track(s, seat)
        weaker = sum(1 for x in range(len(s.players))
                     if x != seat and strength_track(s, x) < mine)
        return 1.5 * weaker if weaker == len(s.players) - 1 else -2.0
    return 0.0


def quick_scores(s: GameState, seat: int, moves: list[Move]) -> list[float]:
    """A score per action-phase move (Pass is 0): rules of thumb, no look-ahead."""
    p = s.players[seat]
    left = productions_left(s)
    unit = unit_values(left)
    u = (unit[0], unit[1], unit[2], unit[3])
    net = production_of(s, seat)
    stab = stability(s, seat)
    worst = weakest_slot_value(s, seat, unit, left)
    cost_mods = modifiers_on(s, seat, "card_cost")   # read once: it is the costly part
    cols = columns(s)
    out = []
    for m in moves:
        if isinstance(m, Pass):
            out.append(0.0)
        elif isinstance(m, Buy):
            ref = s.comp.card_ref[m.card]
            card_type = s.comp.cards[ref].type
            price = max(0, PRICES[s.board.index(ref) // cols]
                        + sum(e.amount for e in cost_mods if card_type in e.of))
            out.append(card_value(s, seat, ref, unit, left, worst) - price * unit[GOLD])
        elif isinstance(m, Deploy):
            ref = p.bm[m.slot]
            card = s.comp.cards[ref]
            gain = worker_value(s, seat, ref, p.workers[m.slot], u, left)
            if m.source != "idle":
                src = int(m.source)
                gain -= worker_value(s, seat, p.bm[src], p.workers[src] - 1, u, left)
            # a worker that eats what the nation lacks, or pushes it into revolt
            for r in (GOLD, STONE, FOOD):
                if card.per_worker[r] < 0 and net[r] + card.per_worker[r] < 0 \
                        and p.res[r] < 4:
                    gain -= 2.0
            if stab + card.per_worker[5] < 0:
                gain -= 3.0
            out.append(gain)
        elif isinstance(m, Hire):
            card = s.comp.cards[p.wonder]
            out.append((card.vp + 1.0) / (len(card.stages) + 1)
                       - card.stages[p.built] * unit[STONE] + 0.3)
        elif isinstance(m, Undeploy):
            card = s.comp.cards[p.bm[m.slot]]
            fixes = stab < 0 and card.per_worker[5] < 0 and m.count == 1
            out.append(1.0 if fixes else -1.0)
        elif isinstance(m, Special):
            out.append(0.3)
        else:
            out.append(0.0)
    return out


def quick_move(s: GameState, seat: int, rng: random.Random | None = None,
               noise: float = 0.0) -> Move:
    """The rules-of-thumb move (``noise``: the spread of random jitter on the scores)."""
    moves = s.legal_moves()
    if len(moves) == 1:
        return moves[0]
    if s.queue:
        decision = s.queue[0]
        if isinstance(decision, GrowChoice):
            return growth_move(s, seat, moves)
        if isinstance(decision, PlaceBm):
            return moves[_slot_to_replace(s, seat)]
        if isinstance(decision, LoseOther):
            return _resource_to_lose(s, seat, moves)
        if isinstance(decision, GoldenAgeChoice):
            moves = _golden_candidates(s, seat, moves)
        return best_by_value(s, seat, moves, relative=False, settle=False)
    scores = quick_scores(s, seat, moves)
    if rng is not None and noise > 0:
        scores = [x + rng.gauss(0.0, noise) for x in scores]
    best = max(range(len(moves)), key=lambda i: (scores[i], -i))
    return moves[best]


def _resource_to_lose(s: GameState, seat: int, moves: list[Move]) -> Move:
    """With no books left to lose, the resource (one unit) the nation can best spare: the
    one with the most left after the next production, food counting the age's usual
    famine (the quick rules: no look-ahead)."""
    p = s.players[seat]
    net = production_of(s, seat)
    famine = FAMINE_BY_AGE[min(3, (s.round + 1) // 2 - 1)]

    def spare(m: Move) -> float:
        r = RESOURCES.index(m.option) if isinstance(m, Choose) else GOLD
        return p.res[r] + net[r] - (famine if r == FOOD else 0.0)
    return max(moves, key=lambda m: (spare(m), -moves.index(m)))


def _golden_candidates(s: GameState, seat: int, moves: list[Move]) -> list[Move]:
    """A golden age's options worth weighing: its resource, and the two cheapest ways to
    pay for the VP (by what the goods paid are worth now): the look-ahead of every
    payment mix costs more than it tells."""
    left = productions_left(s)
    unit = unit_values(left)
    golden = s.queue[0]
    assert isinstance(golden, GoldenAgeChoice)
    cost = {label: -sum(change[r] * unit[r] for r in range(4))
            for label, change in golden_options(s, seat, golden.card)}
    take = [m for m in moves if isinstance(m, Choose) and m.option.startswith("take ")]
    pay = sorted((m for m in moves if m not in take),
                 key=lambda m: (cost.get(m.option, 0.0) if isinstance(m, Choose) else 0.0,
                                moves.index(m)))
    return take + pay[:2]


def _slot_to_replace(s: GameState, seat: int) -> int:
    """The slot a new building or military goes to: an empty one, else the card whose
    workers (sent back idle) and figures are worth least."""
    p = s.players[seat]
    left = productions_left(s)
    unit = unit_values(left)

    def loss(k: int) -> float:
        ref = p.bm[k]
        if ref < 0:
            return -1e9
        return (p.workers[k] * 3.0 + worker_value(s, seat, ref, 0, unit, left)
                + (0.5 if s.comp.cards[ref].set == "printed" else 0.0))
    return min(range(len(p.bm)), key=lambda k: (loss(k), k))


def ranked_actions(state: GameState, seat: int, width: int) -> list[Move]:
    """The ``width`` best moves by the quick rules, best first, passing always among them.
    At a decision (anything but an action turn), every option."""
    moves: list[Move] = state.legal_moves()
    if state.queue or state.step != "actions" or len(moves) <= width:
        return moves
    scores = quick_scores(state, seat, moves)
    order = sorted(range(len(moves)), key=lambda i: (-scores[i], i))
    top = [moves[i] for i in order[:width]]
    if not any(isinstance(m, Pass) for m in top):
        top.append(next(m for m in moves if isinstance(m, Pass)))
    return top


# ---------------------------------------------------------------- look one ahead
#: How many actions (the best by the quick rules, passing added) ``heuristic`` plays out to
#: the round's end: as many as the tree search's root weighs.
LOOKAHEAD_WIDTH = 6
#: A bound on the moves of one play-out (a round of five nations takes a few hundred).
_ROUND_MOVES = 2000


def play_round_out(s: GameState) -> None:
    """Play ``s`` to the start of the next round (or the end of the game), every nation
    by the quick rules."""
    start = s.round
    for _ in range(_ROUND_MOVES):
        if s.is_terminal() or s.round != start:
            return
        who = s.current_player()
        assert who is not None
        s.apply(quick_move(s, who), log=False)


def lookahead_move(s: GameState, seat: int, seed: int,
                   width: int = LOOKAHEAD_WIDTH) -> Move:
    """The action, of the ``width`` best by the quick rules (passing added), after which
    ``seat``'s evaluated margin over the best other nation is highest at the start of the
    next round, each played out by the quick rules on a copy reshuffled with ``seed`` (the
    same shuffle for every action: they are compared on the same luck, and the real order
    of the decks is never read)."""
    candidates = ranked_actions(s, seat, width)
    if len(candidates) == 1:
        return candidates[0]
    best, best_value = candidates[0], -1e9
    for m in candidates:
        t = s.reseeded(seed)
        t.apply(m, log=False)
        play_round_out(t)
        v = relative_value(t, seat)
        if v > best_value + 1e-9:
            best, best_value = m, v
    return best


def _settle(s: GameState, seat: int, depth: int, relative: bool) -> None:
    """Finish what the move started: the mover's own follow-up decisions (placing the
    card, ...) at their best, and the rest of a resolution step by the quick rules."""
    steps = 0
    while not s.is_terminal() and steps < 60:
        who = s.current_player()
        if who is None:
            return
        if s.step == "actions" or s.step.startswith("maintenance"):
            if who != seat or not s.queue or isinstance(s.queue[0], GrowChoice) or depth <= 0:
                return
            move = best_by_value(s, seat, s.legal_moves(), relative, True, depth - 1)
        else:
            move = quick_move(s, who)
        s.apply(move, log=False)
        steps += 1


def _value(s: GameState, seat: int, relative: bool) -> float:
    return relative_value(s, seat) if relative else seat_value(s, seat)


def best_by_value(s: GameState, seat: int, moves: list[Move], relative: bool = True,
                  settle: bool = True, depth: int = 2) -> Move:
    """The move after which ``seat``'s evaluated position is best."""
    if len(moves) == 1:
        return moves[0]
    best, best_value = moves[0], -1e9
    for i, m in enumerate(moves):
        if isinstance(m, Pass):
            # passing changes nothing on the board: the position as it stands (playing the
            # round's resolution here would compare its events with positions before them)
            v = _value(s, seat, relative) + 0.05
        else:
            t = s.clone()
            t.apply(m, log=False)
            if settle:
                _settle(t, seat, depth, relative)
            v = _value(t, seat, relative)
        if v > best_value + 1e-9 or i == 0:
            best, best_value = m, v
    return best


class HeuristicBot(BaseBot):
    """The rule-based bot.  ``level``: ``"easy"`` plays :func:`quick_move` with some noise;
    ``"normal"`` plays its ``width`` best actions out to the round's end
    (:func:`lookahead_move`; 0: the quick rules' action, ``heuristic-quick``, which was
    ``heuristic`` before 2026-11-29) and looks one step ahead at decisions (see the module
    docstring)."""

    name = "heuristic"

    def __init__(self, seed: int = 0, level: str = "normal", name: str | None = None,
                 width: int = LOOKAHEAD_WIDTH) -> None:
        if level not in ("easy", "normal"):
            raise ValueError(f"level must be 'easy' or 'normal', got {level!r}")
        if width < 0:
            raise ValueError(f"width must be 0 or more, got {width}")
        super().__init__(seed, name or ("heuristic" if level == "normal" else "heuristic-easy"))
        self.level = level
        self.width = width

    def choose(self, state: Any) -> Move:
        seat = check_turn(state)
        moves: list[Move] = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        if self.level == "easy":
            if state.queue and isinstance(state.queue[0], GrowChoice):
                # simpler: a worker whenever it can be fed, from the first round
                return growth_move(state, seat, moves, early_rounds=0)
            return quick_move(state, seat, self.rng_for(state), noise=0.8)
        if state.queue and not isinstance(state.queue[0], GrowChoice):
            # a decision: try each answer, play the step out, keep the best
            return best_by_value(state, seat, moves)
        if state.step == "actions" and not state.queue and self.width > 0:
            return lookahead_move(state, seat, self.rng_for(state).getrandbits(62),
                                  self.width)
        return quick_move(state, seat)


__all__ = ["LOOKAHEAD_WIDTH", "HeuristicBot", "best_by_value", "card_value", "growth_move",
           "lookahead_move", "play_round_out", "quick_move", "quick_scores", "ranked_actions"]
