"""How often the coach's first choice agrees with a 4x stronger search.

    nice python benchmarks/coach_agreement.py                # the README's figure
    nice python benchmarks/coach_agreement.py --positions 20 # a fast look

The positions come from real games: games of 2, 3 and 4 players played by the balanced
heuristic bot (the search bot's own playout policy, a fair stand-in for a club player),
sampled at the players' action decisions that offer at least two moves (books, famine
and war choices are rarely close).  At each one the coach (the default level: 300
playouts) and a search with 1200 playouts (another seed) choose; the benchmark reports
how often they choose the same action ("buy Harbor", "build", "reroll", "pass": the coach
is not graded on which dice pay) and the same exact move, with a 95% Wilson interval,
and the coach's time per hint.  Single process: the CPU stays bounded to one core.
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

from nations_widget.dice import GameState
from nations_widget.dice.bots import make_bot
from nations_widget.dice.bots.mcts import _key
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--strong", type=int, default=4 * COACH_ITERATIONS,
                        help="playouts of the reference search (default: 4x the coach's)")
    args = parser.parse_args()
    positions = sample_positions(args.positions, args.seed)
    same_action = same_move = 0
    times: list[float] = []
    for i, state in enumerate(positions):
        t0 = time.perf_counter()
        coach = hint(state, iterations=COACH_ITERATIONS, seconds=None, seed=i).best.move
        times.append(time.perf_counter() - t0)
        strong = hint(state, iterations=args.strong, seconds=None, seed=10_000 + i).best.move
        same_action += _key(coach) == _key(strong)
        same_move += coach == strong
        if (i + 1) % 10 == 0:
            print(f"  {i + 1} positions: same action {same_action}, same move {same_move}",
                  flush=True)
    n = len(positions)
    lo, hi = wilson(same_action, n)
    print(f"positions: {n} (action decisions from {args.seed}-seeded heuristic games, "
          f"2-4 players)")
    print(f"coach ({COACH_ITERATIONS} playouts) vs search ({args.strong} playouts)")
    print(f"same action: {same_action}/{n} = {same_action / n:.0%} "
          f"(95% interval {lo:.0%}-{hi:.0%})")
    print(f"same exact move (dice too): {same_move}/{n} = {same_move / n:.0%}")
    print(f"coach time per hint: median {statistics.median(times):.2f} s, "
          f"max {max(times):.2f} s")


if __name__ == "__main__":
    main()
