"""The board game's search bot: the shared open-loop MCTS with the board game's hooks.

The search itself (determinizations by :meth:`GameState.reseeded`, which reshuffles every
deck not yet drawn so the bot cannot see the real game's future cards or events; open-loop
tree; UCB1 with availability; progressive widening; common random numbers; iteration and
time budget) is :class:`nations_widget.core.bots.mcts.MCTSBot`.  Here are the board game's
parts:

- **Root**: in the action phase, the ``width`` best actions by the quick rules
  (:func:`~nations_widget.board.bots.heuristic.quick_scores`), passing always included;
  at a decision (growth, placing a card, golden age, battle, event, books at zero), every
  option.
- **Tree**: only the action phase's turns branch (``tree_width`` actions by the quick
  rules, passing included); the key of an action is the move itself (buy this card,
  deploy on that slot, hire, pass): below the root the same move is the same plan even
  when the cards drawn differ.
- **Playouts**: every nation plays the quick rules (``heuristic`` without its
  look-ahead), up to ``horizon`` round ends.
- **Evaluation** at the horizon: each nation's expected final VP
  (:mod:`~nations_widget.board.bots.evaluation`: VP now, production and stock by the
  rounds left, the books lead at the ends of age to come, strength, stability, idle
  workers, the wonder under construction); the **reward** is half for being ahead and half
  a smooth function of the margin over the best other nation.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

from ...core.bots.mcts import MCTSBot as SearchBot
from ...core.bots.mcts import SearchStats
from ..machine import GameState
from ..moves import Move
from .evaluation import productions_left, values
from .heuristic import quick_move, ranked_actions

#: How far a nation's final score strays from the evaluation's estimate (the standard
#: deviation of a normal error, VP), by productions left where a playout stops (the start
#: of a round): the spread under which the estimates best predict who won, fitted by
#: ``benchmarks/coach_spread_fit.py --game board`` on 240 games of 2-4 heuristic bots
#: (1680 round starts; calibrated: the nations given 40-60% won 39-60% of those games).
#: At the start of round 2 the estimate says little yet about the winner (23 VP).
SPREAD_BY_PRODUCTIONS_LEFT: dict[int, float] = {1: 4.0, 2: 6.5, 3: 7.0, 4: 7.0, 5: 8.5,
                                                6: 8.0, 7: 23.0}


def spread(state: GameState) -> float:
    """The standard deviation of a nation's final score around the evaluation (0 once the
    game is over; :data:`SPREAD_BY_PRODUCTIONS_LEFT`, its last entry for longer games)."""
    if state.is_terminal():
        return 0.0
    table = SPREAD_BY_PRODUCTIONS_LEFT
    return table[min(max(productions_left(state), 1), max(table))]


def rewards(vals: list[float], order: list[int]) -> list[float]:
    """Half for being first (ties to the better player order), half for the margin over
    the best other nation (a logistic curve with a 4-VP scale)."""
    n = len(vals)
    best = min(range(n), key=lambda x: (-vals[x], order.index(x)))
    out = []
    for x in range(n):
        margin = vals[x] - max(vals[o] for o in range(n) if o != x)
        out.append(0.5 * (x == best) + 0.5 / (1.0 + math.exp(-margin / 4.0)))
    return out


class MCTSBot(SearchBot):
    """The shared open-loop UCT with the board game's hooks (see the module docstring).

    ``iterations``: playouts per decision; ``seconds``: an optional cap on the time per
    decision (it makes the bot depend on the machine, so the levels use iterations);
    ``horizon``: round ends a playout runs through before the position is evaluated
    (None: to the end of the game); ``width`` / ``tree_width``: actions considered at the
    root / below it.
    """

    name = "mcts"

    def __init__(self, seed: int = 0, iterations: int = 200, seconds: float | None = None,
                 horizon: int | None = 1, width: int = 6, tree_width: int = 3,
                 exploration: float = 0.7, search_opponents: bool = False,
                 widening: float = 0.5, name: str | None = None,
                 max_steps: int | None = None) -> None:
        super().__init__(seed, iterations, seconds, horizon, exploration, search_opponents,
                         widening, name)
        self.width = width
        self.tree_width = tree_width
        self.max_steps = max_steps

    # ------------------------------------------------------------ the hooks
    def root_candidates(self, state: GameState, seat: int) -> list[Move]:
        return ranked_actions(state, seat, self.width)

    def searched(self, state: GameState) -> bool:
        return state.step == "actions" and not state.queue

    def tree_moves(self, state: GameState, seat: int) -> list[Move]:
        return ranked_actions(state, seat, self.tree_width)

    def action_key(self, move: Move) -> Hashable:
        return move

    def rollout_move(self, state: GameState, seat: int) -> Move:
        return quick_move(state, seat)

    def reward(self, state: GameState) -> list[float]:
        return rewards(values(state), state.order)

    def values(self, state: GameState) -> list[float]:
        return values(state)

    def spread(self, state: GameState) -> float:
        return spread(state)

    def horizon_reached(self, root: GameState, state: GameState, horizon: int) -> bool:
        return state.round > root.round + horizon - 1

    def choose(self, state: Any) -> Move:
        move: Move = super().choose(state)
        return move


__all__ = ["SPREAD_BY_PRODUCTIONS_LEFT", "MCTSBot", "SearchStats", "ranked_actions", "rewards",
           "spread"]
