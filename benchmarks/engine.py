"""Speed of the dice-game engine: random play, per-step cost, clone, state size.

    python benchmarks/engine.py            # the figures the README reports
    python benchmarks/engine.py --quick    # a fast look
    python benchmarks/engine.py --unrest   # random play with and without Unrest, one run

Random play means: at every decision, a uniformly random move from ``legal_moves()``,
played with ``apply`` (fully validated; the sentence log is skipped, as bots and search
skip it).  Each figure is the median of several runs, because this machine is shared and
noisy; the per-step cost is the median over every step of every game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nations_widget.dice import Game, GameState


def random_games(players: int, games: int, seed: int, unrest: bool = False
                 ) -> tuple[float, list[float], int]:
    """Play ``games`` random games (with Unrest if ``unrest``); return (games per second,
    per-step seconds, max JSON)."""
    step_times: list[float] = []
    biggest = 0
    clock = time.perf_counter
    start = clock()
    for g in range(games):
        state = GameState.new(players=players, seed=seed + g, unrest=unrest)
        chooser = random.Random(seed + g)
        while not state.is_terminal():
            t0 = clock()
            state.apply(chooser.choice(state.legal_moves()), log=False)
            step_times.append(clock() - t0)
        if g == 0:
            biggest = len(state.to_json_str())
    elapsed = clock() - start
    return games / elapsed, step_times, biggest


def compare_unrest(runs: int, games: int) -> None:
    """Random play with and without Unrest, interleaved run by run (the same seeds), so
    the machine's load hits both alike; time per move and per game."""
    for players in (2, 4):
        rates: dict[bool, list[float]] = {False: [], True: []}
        steps: dict[bool, list[float]] = {False: [], True: []}
        for r in range(runs):
            for unrest in (False, True):
                rate, step_times, _ = random_games(players, games, 1000 * r, unrest)
                rates[unrest].append(rate)
                steps[unrest].extend(step_times)
        base, unr = (statistics.median(rates[u]) for u in (False, True))
        base_step, unr_step = (statistics.median(steps[u]) * 1e6 for u in (False, True))
        print(f"{players} players: base {base:6.0f} games/s, {base_step:5.1f} µs/step; "
              f"Unrest {unr:6.0f} games/s, {unr_step:5.1f} µs/step; Unrest per step "
              f"{100 * (unr_step / base_step - 1):+.0f}%, per game "
              f"{100 * (base / unr - 1):+.0f}% time")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer games and runs")
    parser.add_argument("--unrest", action="store_true",
                        help="compare random play with and without the Unrest expansion")
    args = parser.parse_args()
    runs, games = (3, 40) if args.quick else (7, 150)
    print(f"Python {sys.version.split()[0]}; {runs} runs of {games} games each; medians.")
    if args.unrest:
        compare_unrest(runs, games)
        return
    for players in (2, 4):
        rates, steps = [], []
        size = 0
        for r in range(runs):
            rate, step_times, size = random_games(players, games, 1000 * r)
            rates.append(rate)
            steps.extend(step_times)
        print(f"{players} players: {statistics.median(rates):6.0f} random games/s "
              f"(runs {min(rates):.0f}-{max(rates):.0f}); legal_moves()+apply per step "
              f"{statistics.median(steps) * 1e6:5.1f} µs median; final state JSON {size} B")
    # clone() and JSON size in the middle of a 4-player game
    state = GameState.new(players=4, seed=5)
    chooser = random.Random(5)
    for _ in range(30):
        state.apply(chooser.choice(state.legal_moves()), log=False)
    reps = 20000
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(reps):
            state.clone()
        times.append((time.perf_counter() - t0) / reps)
    print(f"clone(): {statistics.median(times) * 1e6:.1f} µs median; "
          f"mid-game 4-player state JSON {len(state.to_json_str())} B")
    # The validated, logged path a person's move takes (Game.play keeps history and log).
    game = Game(players=4, seed=9)
    chooser = random.Random(9)
    play_times = []
    while not game.is_over:
        move = chooser.choice(game.legal_moves())
        t0 = time.perf_counter()
        game.play(move)
        play_times.append(time.perf_counter() - t0)
    print(f"Game.play() with history and log: {statistics.median(play_times) * 1e6:.0f} µs "
          f"median per move; saved game JSON {len(game.to_json_str())} B")


if __name__ == "__main__":
    main()
