"""How long the coach's review of a whole game takes, on one core and on the app's pool
of processes (issue 30's targets: a 2-player dice game in 15 s, a 4-player board game of 8
rounds in 60 s, on this project's 2-core machine when quiet).

    .venv/bin/python benchmarks/review_speed.py                   # both games, 3 games each
    .venv/bin/python benchmarks/review_speed.py --games 5 --board-playouts 16 24
    .venv/bin/python benchmarks/review_speed.py --jobs 2          # the same on a process pool
    .venv/bin/python benchmarks/review_speed.py --only dice --players 2 --app

Each game is played to its end by heuristic bots (the board game: its 4 ages of 2 rounds;
the dice game: its 4 rounds; 4 players unless ``--players``), seeded 1, 2, 3...; then
reviewed with Player 1's decisions graded (the widget grades the human seats) at each
budget asked, in this process (one core) unless ``--jobs``.  ``--app``: each game is
reviewed twice, in this process and as the app reviews it (on
``nations_widget.widget.shell.review.review_pool``, the machine's cores, its processes
started before the clock as the app's are after its first review), and the two reviews
are checked to be the same.  Prints per game the decisions and seconds, then the medians,
with the machine's load average before and after.  Both the wall time and this process's
CPU time are given: on a shared machine the CPU time is the one core's share the review
really took (the wall time grows with the load; the figures are only comparable within
one run).
"""

from __future__ import annotations

import argparse
import importlib
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # this checkout's package

from nations_widget.core.bots.tournament import executor_for


def _played(kind: str, seed: int, players: int = 4) -> Any:
    if kind == "board":
        from nations_widget.board import Game as BoardGame
        from nations_widget.board.bots import make_bot as board_bot
        game: Any = BoardGame(players=players, seed=seed)
        bots = [board_bot("heuristic", seed * 10 + s) for s in range(players)]
    else:
        from nations_widget.dice import Game as DiceGame
        from nations_widget.dice.bots import make_bot as dice_bot
        game = DiceGame(players=players, seed=seed)
        bots = [dice_bot("heuristic", seed * 10 + s) for s in range(players)]
    while not game.is_over:
        state = game.state
        game.play(bots[state.current_player()].choose(state))
    return game


def _same(a: Any, b: Any) -> bool:
    return {**a.to_json(), "seconds": 0} == {**b.to_json(), "seconds": 0}


def _app(kind: str, games: list[Any], coach: Any) -> None:
    """Each game reviewed in this process and on the app's pool; the medians."""
    from nations_widget.widget.shell.review import review_pool, review_processes
    processes = review_processes()
    pool = review_pool(10 ** 6)
    if pool is not None:                 # its processes started, as after the app's first
        list(pool.map(abs, range(processes * 4)))
    serial, pooled, cpu = [], [], []
    for n, game in enumerate(games, start=1):
        start, start_cpu = time.perf_counter(), time.process_time()
        alone = coach.review(game, seats=[0])
        serial.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        load = os.getloadavg()[0]
        start = time.perf_counter()
        shared = coach.review(game, seats=[0], executor=review_pool(game.length))
        pooled.append(time.perf_counter() - start)
        same = _same(alone, shared)
        print(f"{kind} game {n}: {game.config.players} players, {game.length} moves, "
              f"{len(alone.decisions)} decisions: one process {serial[-1]:.1f} s "
              f"({cpu[-1]:.1f} s CPU), the app's pool of {processes} {pooled[-1]:.1f} s; "
              f"the same review: {'yes' if same else 'NO'} (load average {load:.1f} / "
              f"{os.getloadavg()[0]:.1f})", flush=True)
        assert same, "the pool's review differs from the serial one"
    print(f"{kind}, {coach.REVIEW_PLAYOUTS} playouts per decision, median over {len(games)} "
          f"games: one process {statistics.median(serial):.1f} s "
          f"({statistics.median(cpu):.1f} s CPU), the app's pool "
          f"{statistics.median(pooled):.1f} s; load average {os.getloadavg()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--board-playouts", type=int, nargs="*", default=None)
    parser.add_argument("--dice-playouts", type=int, nargs="*", default=None)
    parser.add_argument("--only", choices=("board", "dice"), default=None)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--app", action="store_true",
                        help="one process against the app's pool, results compared")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()}")
    for kind in ("board", "dice"):
        if args.only and kind != args.only:
            continue
        coach = importlib.import_module(f"nations_widget.{kind}.coach")
        budgets = getattr(args, f"{kind}_playouts") or [coach.REVIEW_PLAYOUTS]
        games = [_played(kind, seed, args.players) for seed in range(1, args.games + 1)]
        if args.app:
            _app(kind, games, coach)
            continue
        for playouts in budgets:
            times, cpu, counts = [], [], []
            for n, game in enumerate(games, start=1):
                review: Callable[..., Any] = coach.review
                with executor_for(args.jobs) as pool:
                    start, start_cpu = time.perf_counter(), time.process_time()
                    result = review(game, seats=[0], playouts=playouts, executor=pool)
                    seconds = time.perf_counter() - start
                    cpu_seconds = time.process_time() - start_cpu
                times.append(seconds)
                cpu.append(cpu_seconds)
                counts.append(len(result.decisions))
                marks = len(result.marked())
                print(f"{kind} game {n}: {game.length} moves, {len(result.decisions)} "
                      f"decisions, {playouts} playouts: {seconds:.1f} s ({cpu_seconds:.1f} s CPU) "
                      f"({seconds / max(1, len(result.decisions)) * 1000:.0f} ms each), "
                      f"{marks} marks")
            wall, core = statistics.median(times), statistics.median(cpu)
            print(f"{kind}, {playouts} playouts per decision: median {wall:.1f} s "
                  f"({core:.1f} s CPU) over {len(times)} games (median "
                  f"{statistics.median(counts):.0f} decisions); load average "
                  f"{os.getloadavg()}")


if __name__ == "__main__":
    main()
