"""The dice game's search bot: the shared open-loop MCTS with the dice game's hooks.

The search itself (determinizations by :meth:`GameState.reseeded`, open-loop tree, UCB1
with availability, progressive widening, common random numbers, iteration and time
budget) is :class:`nations_widget.core.bots.mcts.MCTSBot`.  Here are the dice game's parts:

- **Actions**: abstract below the root, where the dice differ between iterations ("buy
  tile t1-05", "build the wonder", "reroll", "pass"); concrete moves at the root.  Only the
  actions step branches; books, famine and war decisions follow the rollout policy.
- **Prior and rollouts**: the balanced heuristic's ranking orders a node's actions
  (``tree_width`` of them, always including passing; ``width`` at the root, plus two
  rerolls: every die not showing gold, every unused die), and the heuristic plays the
  playouts.
- **Horizon**: ``horizon`` round ends (then the position is evaluated: VP now plus what
  each seat's dice, advisor, chits, wonder and book lead are worth for the rounds left).
- **Reward**: half for being first, half a smooth function of the margin over the best
  other seat, so close wins and near misses both teach something.
"""

from __future__ import annotations

import math
from collections.abc import Hashable

from ...core.bots.mcts import MCTSBot as SearchBot
from ...core.bots.mcts import SearchStats
from ..catalogue import CHIT_KINDS, DIE_COLOURS, GREEN
from ..machine import GameState
from ..moves import Build, Buy, Move, Pass, Reroll
from ..rules import unrest_due
from ..state import GOLD, REROLL_CHIT, ROUNDS
from .heuristic import BALANCED, Option, Strategy, action_options, decide


def move_key(move: Move) -> Hashable:
    """What the search tells moves apart by: a buy by its tile, a reroll by its ``star``,
    every build and every pass as one, any other move by itself (the coach compares moves
    by it too)."""
    if isinstance(move, Buy):
        return ("buy", move.tile)
    if isinstance(move, Build):
        return ("build",)
    if isinstance(move, Reroll):
        return ("reroll", move.star)
    if isinstance(move, Pass):
        return ("pass",)
    return (move.type, move.to_json_str())


def root_candidates(state: GameState, seat: int, strategy: Strategy,
                    width: int) -> list[Move]:
    """The moves searched at the root, best-first by the heuristic: its top ``width``
    actions (always including passing), plus two more rerolls (every die not showing
    gold; every unused die)."""
    if state.step != "actions" or unrest_due(state, seat):
        return list(state.legal_moves())
    options = action_options(state, seat, strategy)
    moves = [o.move for o in options[:width]]
    if not any(isinstance(m, Pass) for m in moves):
        moves.append(next(o.move for o in options if isinstance(o.move, Pass)))
    p = state.players[seat]
    if p.chits[REROLL_CHIT] > 0:
        dice = state.unused_dice(seat)
        extra = [tuple(d for d in dice if not state.face(d)[GOLD]), tuple(dice)]
        seen = {m.dice for m in moves if isinstance(m, Reroll)}
        for group in extra:
            if group and group not in seen:
                seen.add(group)
                moves.append(Reroll(group))
    return moves


def _tree_options(state: GameState, seat: int, strategy: Strategy,
                  width: int) -> list[Option]:
    options = action_options(state, seat, strategy)
    top = options[:width]
    if unrest_due(state, seat):        # the two ways to settle Unrest, nothing else
        return top
    if not any(isinstance(o.move, Pass) for o in top):
        top.append(next(o for o in options if isinstance(o.move, Pass)))
    return top


# Expected VP still to come, per feature, by rounds left; fitted by least squares on 2000
# four-player games of the balanced heuristic against itself (the rollout policy), from
# each seat's position at the start of rounds 2, 3 and 4 to its final score.
FEATURES = ("white dice", "blue dice", "orange dice", "red dice", "reroll chits",
            "gold chits", "stone chits", "food chits", "book chits", "strength chits",
            "unbuilt wonder VP", "players with fewer books", "constant")
EVAL_COEF: dict[int, tuple[float, ...]] = {
    3: (2.21, 2.28, 1.90, 4.91, 0.20, 1.26, -0.66, 0.30, 0.59, 0.00, 0.27, 0.67, 11.01),
    2: (1.62, 1.23, 1.24, 3.20, -0.04, 1.06, -0.10, 0.24, 0.39, 1.81, 0.20, 0.96, 7.42),
    1: (0.74, 0.49, 0.54, 1.42, 0.01, 0.44, -0.12, 0.00, 0.19, 1.02, 0.08, 0.62, 5.13),
}
#: Where each feature sits in :func:`features`' list.
DICE_SLOT: dict[str, int] = {c: FEATURES.index(f"{c} dice") for c in DIE_COLOURS}
# Unrest's green dice were not in the fitted games: they count as orange dice, the other
# mixed-resource colour (an approximation, not a fit).
DICE_SLOT[GREEN] = DICE_SLOT["orange"]
CHIT_SLOT: tuple[int, ...] = tuple(FEATURES.index(f"{k} chits") for k in CHIT_KINDS)
WONDER_SLOT = FEATURES.index("unbuilt wonder VP")
BOOK_LEAD_SLOT = FEATURES.index("players with fewer books")
CONSTANT_SLOT = FEATURES.index("constant")


def features(state: GameState, seat: int) -> list[float]:
    """The :data:`FEATURES` of ``seat``'s position (what :func:`evaluate` weighs)."""
    p = state.players[seat]
    tiles = state.comp.tiles
    out = [0.0] * len(FEATURES)
    for ref, k in zip(p.buildings, p.building_dice, strict=True):
        colour = tiles[ref].dice_colour
        assert colour is not None
        out[DICE_SLOT[colour]] += k
    for kind, slot in enumerate(CHIT_SLOT):
        out[slot] = p.chits[kind] + p.chits_used[kind]
    out[CHIT_SLOT[REROLL_CHIT]] += p.stars + p.stars_used   # Unrest's star-marked ones
    out[WONDER_SLOT] = tiles[p.wonder].vp if p.wonder >= 0 else 0
    if state.config.players == 1:
        out[BOOK_LEAD_SLOT] = 1.0 if p.books > state.opponent_books else 0.0
    else:
        out[BOOK_LEAD_SLOT] = sum(1 for o in state.players if o.books < p.books)
    out[CONSTANT_SLOT] = 1.0
    return out


#: How far a seat's final score strays from :func:`evaluate`'s estimate (the standard
#: deviation of a normal error, VP), by rounds left: the spread under which the estimates
#: best predict who won (maximum likelihood of :func:`~nations_widget.core.odds.win_chance`),
#: fitted by ``benchmarks/coach_spread_fit.py`` on 600 games of 2-4 heuristic bots of
#: mixed strategies at the start of rounds 2, 3 and 4 (1800 round starts; calibrated: the
#: seats given 20-30% won 20-27% of those games, those given 90% or more 93%).
SPREAD_BY_ROUNDS_LEFT: dict[int, float] = {1: 3.5, 2: 5.0, 3: 7.5}


def rounds_left(state: GameState) -> int:
    """Rounds whose actions are still to come (the current one's included until they are
    over)."""
    return ROUNDS - state.round + (1 if state.step in ("new_round", "actions") else 0)


def spread(state: GameState) -> float:
    """The standard deviation of a seat's final score around :func:`evaluate` (0 once the
    game is over; :data:`SPREAD_BY_ROUNDS_LEFT`)."""
    if state.is_terminal():
        return 0.0
    return SPREAD_BY_ROUNDS_LEFT[min(max(rounds_left(state), 1), 3)]


def evaluate(state: GameState) -> list[float]:
    """Each seat's expected final VP: its VP now plus, by the rounds left, what its dice,
    chits, unbuilt wonder and book lead are worth (:data:`EVAL_COEF`).  Exact once the
    game is over; meant for positions at the start of a round."""
    scores = state.projected_scores()
    if state.is_terminal():
        return [float(x) for x in state.scores()]
    coef = EVAL_COEF.get(min(rounds_left(state), 3))
    if coef is None:
        return [float(x) for x in scores]
    return [scores[seat] + sum(c * f for c, f in zip(coef, features(state, seat), strict=True))
            for seat in range(state.config.players)]


def rewards(values: list[float], order: list[int]) -> list[float]:
    """Half for finishing first (ties to the better player order), half for the margin."""
    n = len(values)
    if n == 1:
        # Solo: the Hall of Fame runs from 10 to 50 VP.
        return [min(1.0, max(0.0, (values[0] - 10.0) / 45.0))]
    best = min(range(n), key=lambda s: (-values[s], order.index(s)))
    out = []
    for s in range(n):
        margin = values[s] - max(values[o] for o in range(n) if o != s)
        out.append(0.5 * (s == best) + 0.5 / (1.0 + math.exp(-margin / 4.0)))
    return out


class MCTSBot(SearchBot):
    """The shared open-loop UCT with the dice game's hooks (see the module docstring).

    ``iterations``: playouts per decision; ``seconds``: an optional cap on the time per
    decision (a time cap makes the bot depend on the machine's speed, so levels use
    iterations); ``horizon``: round ends a playout runs through before the position is
    evaluated (None: to the end of the game); ``width``: actions considered at the root,
    ``tree_width`` below it.
    """

    name = "mcts"

    def __init__(self, seed: int = 0, iterations: int = 200, seconds: float | None = None,
                 horizon: int | None = 1, width: int = 6, tree_width: int = 4,
                 exploration: float = 0.7, rollout: Strategy = BALANCED,
                 search_opponents: bool = False, widening: float = 0.5,
                 name: str | None = None) -> None:
        super().__init__(seed, iterations, seconds, horizon, exploration, search_opponents,
                         widening, name)
        self.width = width
        self.tree_width = tree_width
        self.rollout = rollout

    # ------------------------------------------------------------ the hooks
    def root_candidates(self, state: GameState, seat: int) -> list[Move]:
        return root_candidates(state, seat, self.rollout, self.width)

    def searched(self, state: GameState) -> bool:
        return state.step == "actions"

    def tree_moves(self, state: GameState, seat: int) -> list[Move]:
        return [o.move for o in _tree_options(state, seat, self.rollout, self.tree_width)]

    def action_key(self, move: Move) -> Hashable:
        return move_key(move)

    def rollout_move(self, state: GameState, seat: int) -> Move:
        return decide(state, seat, self.rollout)

    def reward(self, state: GameState) -> list[float]:
        return rewards(evaluate(state), state.order)

    def values(self, state: GameState) -> list[float]:
        return evaluate(state)

    def spread(self, state: GameState) -> float:
        return spread(state)

    def horizon_reached(self, root: GameState, state: GameState, horizon: int) -> bool:
        return state.round > root.round + horizon - 1

    def choose(self, state: GameState) -> Move:
        move: Move = super().choose(state)
        return move


__all__ = ["SPREAD_BY_ROUNDS_LEFT", "MCTSBot", "SearchStats", "evaluate", "rewards",
           "root_candidates", "rounds_left", "spread"]
