"""How often the coach's first choice agrees with a 4x stronger search.

    nice python benchmarks/coach_agreement.py                # the README's figure
    nice python benchmarks/coach_agreement.py --positions 20 # a fast look
    nice python benchmarks/coach_agreement.py --game board   # the board game's coach

The positions come from real games: games of 2, 3 and 4 players played by the balanced
heuristic bot (the search bot's own playout policy, a fair stand-in for a club player),
sampled at the players' action decisions that offer at least two moves (books, famine
and war choices are rarely close).  At each one the coach (the default level: 300
playouts) and a search with 1200 playouts (another seed) choose; the benchmark reports
how often they choose the same action ("buy Harbor", "build", "reroll", "pass": the coach
is not graded on which dice pay) and the same exact move, with a 95% Wilson interval,
and the coach's time per hint.  It also reports how often, where the two differ, the
stronger search itself rates the coach's choice "about as good as" its own (within its
margin of error, on shared playouts), and how often the coach tells its first move apart
from its second.  Single process: the CPU stays bounded to one core.

With ``--game board``: the same on the board game, from games of its heuristic bot (2-4
players, action turns with at least two moves), the coach at its default level (100
playouts of one round, at most 3,000 simulated moves) against 400 playouts; a board move
is its own action.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from collections.abc import Callable, Hashable
from typing import Any

from nations_widget.core.coach import Hint
from nations_widget.dice import GameState
from nations_widget.dice.bots import make_bot
from nations_widget.dice.bots.mcts import move_key
from nations_widget.dice.coach import COACH_ITERATIONS, hint


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def sample_positions(count: int, seed: int) -> list[GameState]:
    """``count`` action decisions from heuristic games, spread over the games."""
    rng = random.Random(seed)
    out: list[GameState] = []
    game_no = 0
    while len(out) < count:
        players = 2 + game_no % 3
        state = GameState.new(players=players, seed=seed * 1000 + game_no)
        bots = [make_bot("heuristic", seed + game_no * 10 + s) for s in range(players)]
        candidates: list[GameState] = []
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            if state.step == "actions" and len(state.legal_moves()) >= 2:
                candidates.append(state.clone())
            state.apply(bots[seat].choose(state), log=False)
        # a few positions per game, so that many games are represented
        out += rng.sample(candidates, min(4, len(candidates)))
        game_no += 1
    return out[:count]


def sample_board_positions(count: int, seed: int) -> list[Any]:
    """``count`` action turns from heuristic games of the board game."""
    from nations_widget.board import GameConfig
    from nations_widget.board import GameState as BoardState
    from nations_widget.board.bots import make_bot as make_board_bot
    rng = random.Random(seed)
    out: list[Any] = []
    game_no = 0
    while len(out) < count:
        players = 2 + game_no % 3
        state = BoardState.new(GameConfig(players=players, seed=seed * 1000 + game_no))
        bots = [make_board_bot("heuristic", seed + game_no * 10 + s) for s in range(players)]
        candidates: list[Any] = []
        while not state.is_terminal():
            seat = state.current_player()
            assert seat is not None
            if state.step == "actions" and not state.queue and len(state.legal_moves()) >= 2:
                candidates.append(state.clone())
            state.apply(bots[seat].choose(state), log=False)
        out += rng.sample(candidates, min(4, len(candidates)))
        game_no += 1
    return out[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--game", choices=("dice", "board"), default="dice")
    parser.add_argument("--strong", type=int, default=None,
                        help="playouts of the reference search (default: 4x the coach's)")
    args = parser.parse_args()
    coach_hint: Callable[..., Hint]
    key: Callable[[Any], Hashable]
    if args.game == "board":
        from nations_widget.board.coach import COACH_ITERATIONS as level
        from nations_widget.board.coach import hint as coach_hint
        positions = sample_board_positions(args.positions, args.seed)
        key = _same
    else:
        level, coach_hint, key = COACH_ITERATIONS, hint, move_key
        positions = sample_positions(args.positions, args.seed)
    strong_playouts = args.strong or 4 * level
    same_action = same_move = as_good = told_apart = 0
    times: list[float] = []
    for i, state in enumerate(positions):
        t0 = time.perf_counter()
        coach = coach_hint(state, iterations=level, seconds=None, seed=i)
        times.append(time.perf_counter() - t0)
        strong = coach_hint(state, iterations=strong_playouts, seconds=None,
                            seed=10_000 + i, top=99)
        same_action += key(coach.best.move) == key(strong.best.move)
        same_move += coach.best.move == strong.best.move
        if key(coach.best.move) != key(strong.best.move):
            rated = next((s for s in strong.suggestions
                          if key(s.move) == key(coach.best.move)), None)
            as_good += bool(rated is not None and rated.versus_first is not None
                            and rated.versus_first.as_good)
        second = coach.suggestions[1] if len(coach.suggestions) > 1 else None
        told_apart += bool(second is not None and second.versus_first is not None
                           and not second.versus_first.as_good)
        if (i + 1) % 10 == 0:
            print(f"  {i + 1} positions: same action {same_action}, same move {same_move}",
                  flush=True)
    n = len(positions)
    lo, hi = wilson(same_action, n)
    agree_or_good = same_action + as_good
    lo2, hi2 = wilson(agree_or_good, n)
    print(f"{args.game}: positions: {n} (action decisions from {args.seed}-seeded heuristic "
          f"games, 2-4 players)")
    print(f"coach ({level} playouts) vs search ({strong_playouts} playouts)")
    print(f"same action: {same_action}/{n} = {same_action / n:.0%} "
          f"(95% interval {lo:.0%}-{hi:.0%})")
    print(f"same exact move: {same_move}/{n} = {same_move / n:.0%}")
    print(f"same action, or the coach's choice 'about as good' by the stronger search: "
          f"{agree_or_good}/{n} = {agree_or_good / n:.0%} (95% interval {lo2:.0%}-{hi2:.0%})")
    print(f"coach's first move told apart from its second: {told_apart}/{n}")
    print(f"coach time per hint: median {statistics.median(times):.2f} s, "
          f"max {max(times):.2f} s")


def _same(move: Any) -> Hashable:
    """A board move is its own action."""
    return str(move.to_json_str())


if __name__ == "__main__":
    main()
