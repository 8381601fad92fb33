"""The fitted evaluation against the hand-set one, in the same bot (2-player games).

    PYTHONPATH=. python benchmarks/board_eval_ab.py 20 60 300      # mcts, 20 playouts
    PYTHONPATH=. python benchmarks/board_eval_ab.py heuristic 400 100

Arguments: the bot (``heuristic``, or a number of playouts for the tree search), the games,
the first seed.  Both seats play the same bot; one uses the fitted weights
(:data:`~nations_widget.board.bots.evaluation.FITTED_WEIGHTS`), the other every weight 1.0
(:data:`~nations_widget.board.bots.evaluation.HAND_WEIGHTS`), swapped in before each of its
decisions (one process, one game at a time).  Seats alternate; each line is one game, with
the fitted side's running win count and its 95% Wilson interval.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nations_widget.board import GameConfig, GameState
from nations_widget.board.bots import HeuristicBot, MCTSBot, evaluation
from nations_widget.core.bots.tournament import wilson

FITTED = dict(evaluation.FITTED_WEIGHTS)
HAND = {phase: evaluation.HAND_WEIGHTS for phase in FITTED}


class WithWeights:
    """A bot that plays with the given evaluation weights."""

    def __init__(self, bot: Any, weights: dict[str, tuple[float, ...]]) -> None:
        self.bot, self.weights = bot, weights

    def choose(self, state: GameState) -> Any:
        evaluation.FITTED_WEIGHTS.update(self.weights)
        return self.bot.choose(state)


def main(kind: str, games: int, first_seed: int) -> None:
    def make(seed: int) -> Any:
        return HeuristicBot(seed) if kind == "heuristic" else MCTSBot(seed, iterations=int(kind))
    wins = 0
    for g in range(games):
        seed = first_seed + g
        state = GameState.new(GameConfig(players=2, seed=seed))
        fitted = g % 2
        bots = [WithWeights(make(seed * 10 + x), FITTED if x == fitted else HAND)
                for x in range(2)]
        start = time.perf_counter()
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            state.apply(bots[seat].choose(state), log=False)
        wins += state.winner() == fitted
        low, high = wilson(wins, g + 1)
        print(f"game {g} seed {seed}: scores {state.scores()} (fitted: seat {fitted}), "
              f"{time.perf_counter() - start:.0f} s; fitted wins {wins}/{g + 1} "
              f"[{100 * low:.1f}, {100 * high:.1f}]", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
