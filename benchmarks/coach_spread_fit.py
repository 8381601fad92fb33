"""Fit how far the final scores stray from the search bots' estimates (the coach's spread).

    PYTHONPATH=. nice python benchmarks/coach_spread_fit.py --game dice --games 600
    PYTHONPATH=. nice python benchmarks/coach_spread_fit.py --game board --games 240

A search bot stops its playouts at the end of the round and estimates every seat's final
score there (the dice game's :func:`~nations_widget.dice.bots.mcts.evaluate`, the board
game's :func:`~nations_widget.board.bots.evaluation.values`).  The coach turns those
estimates into a chance of finishing first with
:func:`~nations_widget.core.odds.win_chance`: each final score is the estimate plus a
normal error of standard deviation ``spread``, which depends on how much of the game is
left.  This script plays games of 2, 3 and 4 heuristic bots (the dice game: mixed
strategies; the board game: three seats in four the heuristic, the others its noisy "easy"
level), records every seat's estimate at the start of every round after the first (where
the playouts stop) and, for each number of rounds left, picks the spread under which the
estimates best predict who won (maximum likelihood over a grid of 0.5 VP).  It prints the
spreads to paste into the game's table (``SPREAD_BY_ROUNDS_LEFT``) and a calibration
check: the seats grouped by the chance they were given, and how often they won.
Deterministic (seeded games and bots), single process.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nations_widget.core.odds import win_chance

#: One seat's view at a round start: (rounds left, every seat's estimate, the winner).
Row = tuple[int, list[float], int]
GRID = [x / 2 for x in range(2, 61)]


def dice_rows(games: int, seed: int) -> list[Row]:
    from nations_widget.dice import GameState
    from nations_widget.dice.bots import make_bot
    from nations_widget.dice.bots.mcts import evaluate, rounds_left
    names = ["heuristic", "heuristic", "heuristic-books", "heuristic-wonders",
             "heuristic-builder", "heuristic-military"]
    rows: list[Row] = []
    for g in range(games):
        players = 2 + g % 3
        rng = random.Random(seed * 100_003 + g)
        s = GameState.new(players=players, seed=seed * 100_003 + g)
        bots = [make_bot(rng.choice(names), g * 10 + k) for k in range(players)]
        seen = s.round
        pending: list[tuple[int, list[float]]] = []
        while not s.is_terminal():
            if s.round != seen:
                seen = s.round
                pending.append((rounds_left(s), evaluate(s)))
            seat = s.current_player()
            assert seat is not None
            s.apply(bots[seat].choose(s), log=False)
        winner = s.winner()
        assert winner is not None
        rows += [(left, v, winner) for left, v in pending]
    return rows


def board_rows(games: int, seed: int) -> list[Row]:
    from nations_widget.board import GameConfig, GameState
    from nations_widget.board.bots import HeuristicBot
    from nations_widget.board.bots.evaluation import productions_left, values
    rows: list[Row] = []
    for g in range(games):
        players = 2 + g % 3
        rng = random.Random(seed * 100_003 + g)
        bots = [HeuristicBot(g * 10 + x, "normal" if rng.random() < 0.75 else "easy")
                for x in range(players)]
        s = GameState.new(GameConfig(players=players, seed=seed * 100_003 + g))
        seen = s.round
        pending: list[tuple[int, list[float]]] = []
        while not s.is_terminal():
            if s.round != seen:
                seen = s.round
                pending.append((productions_left(s), values(s)))
            seat = s.current_player()
            assert seat is not None
            s.apply(bots[seat].choose(s), log=False)
        scores = s.scores()
        winner = min(range(players), key=lambda x: (-scores[x], s.order.index(x)))
        rows += [(left, v, winner) for left, v in pending]
    return rows


def fit(rows: list[Row]) -> dict[int, float]:
    out: dict[int, float] = {}
    for left in sorted({r[0] for r in rows}):
        group = [r for r in rows if r[0] == left]

        def loglik(spread: float, group: list[Row] = group) -> float:
            return sum(math.log(max(1e-9, win_chance(v, w, spread))) for _, v, w in group)
        spread = max(GRID, key=loglik)
        out[left] = spread
        bins: dict[int, list[bool]] = {}
        for _, v, w in group:
            for seat in range(len(v)):
                p = win_chance(v, seat, spread)
                bins.setdefault(min(9, int(p * 10)), []).append(seat == w)
        check = "  ".join(f"{b * 10}-{b * 10 + 10}%: won {sum(x) / len(x):.0%} of {len(x)}"
                          for b, x in sorted(bins.items()))
        print(f"{left} rounds left: {len(group)} positions, spread {spread} VP")
        print(f"    calibration: {check}")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("dice", "board"), default="dice")
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    start = time.perf_counter()
    play: Callable[[int, int], list[Row]] = dice_rows if args.game == "dice" else board_rows
    rows = play(args.games, args.seed)
    print(f"{args.game}: {args.games} games, {len(rows)} round starts "
          f"({time.perf_counter() - start:.0f} s)")
    spreads = fit(rows)
    print("SPREAD_BY_ROUNDS_LEFT =", spreads)


if __name__ == "__main__":
    main()
