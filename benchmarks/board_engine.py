"""Speed of the board-game engine: random games, per-decision cost, clone, and a profile.

    python benchmarks/board_engine.py            # the figures the README reports
    python benchmarks/board_engine.py --quick    # a fast look
    python benchmarks/board_engine.py --decks base all   # the decks compared (default)
    python benchmarks/board_engine.py --interleave 200    # base and all in turn, ratios

Random play: at every decision a uniformly random move from ``legal_moves()``, played with
``apply(move, log=False)`` (fully validated; the sentence log skipped, as bots and search
skip it).  Each figure is the median of several runs (the machine is shared and noisy).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nations_widget.board import GameState


def random_games(players: int, games: int, seed: int, decks: str = "base"
                 ) -> tuple[float, list[float], int]:
    """Play ``games`` random games; (games per second, per-decision seconds, moves)."""
    clock = time.perf_counter
    decisions: list[float] = []
    moves = 0
    start = clock()
    for g in range(games):
        state = GameState.new(players=players, seed=seed + g, decks=decks)
        chooser = random.Random(seed + g)
        while not state.is_terminal():
            t0 = clock()
            legal = state.legal_moves()
            state.apply(legal[chooser.randrange(len(legal))], log=False)
            decisions.append(clock() - t0)
            moves += 1
    return games / (clock() - start), decisions, moves


def interleaved(decks: list[str], players: int, games: int, seed: int = 1000) -> None:
    """The deck choices measured turn about, game by game on the same seeds, so that the
    machine's load touches them alike: per choice the median, the 5%-trimmed mean and the
    mean per-decision time, and their ratios to the first choice's.  On a loaded machine
    the mean follows the load (a decision the system interrupts counts milliseconds); the
    median and the trimmed mean stay comparable."""
    clock = time.perf_counter
    times: dict[str, list[float]] = {d: [] for d in decks}
    for d in decks:
        GameState.new(players=players, seed=seed, decks=d)      # load the components' view
    start = clock()
    for g in range(games):
        turn = decks if g % 2 == 0 else decks[::-1]
        for d in turn:
            times[d] += random_games(players, 1, seed + g, d)[1]

    def figures(values: list[float]) -> tuple[float, float, float]:
        ordered = sorted(values)
        cut = len(ordered) // 20
        return (statistics.median(ordered), statistics.mean(ordered[cut:len(ordered) - cut]),
                statistics.mean(ordered))

    print(f"{players} players, {games} random games per deck choice, game by game in turn "
          f"({clock() - start:.0f} s); per decision (legal_moves() + apply()):")
    reference = figures(times[decks[0]])
    for d in decks:
        median, trimmed, mean = figures(times[d])
        line = (f"  {d:14s} {len(times[d]):7d} decisions: median {median * 1e6:5.1f} µs, "
                f"5%-trimmed mean {trimmed * 1e6:5.1f} µs, mean {mean * 1e6:5.1f} µs")
        if d != decks[0]:
            ratios = (median / reference[0] - 1, trimmed / reference[1] - 1,
                      mean / reference[2] - 1)
            line += (f"; against {decks[0]}: median {ratios[0]:+.1%}, trimmed mean "
                     f"{ratios[1]:+.1%}, mean {ratios[2]:+.1%}")
        print(line)


def mid_game(players: int = 4, seed: int = 5, moves: int = 80) -> GameState:
    state = GameState.new(players=players, seed=seed)
    chooser = random.Random(seed)
    for _ in range(moves):
        legal = state.legal_moves()
        if not legal:
            break
        state.apply(legal[chooser.randrange(len(legal))], log=False)
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer games and runs")
    parser.add_argument("--decks", nargs="+", default=["base", "all"],
                        choices=["base", "base+advanced", "all", "balanced"],
                        help="the deck choices to measure (the first is the reference)")
    parser.add_argument("--interleave", type=int, metavar="GAMES", default=0,
                        help="only compare the deck choices, game by game in turn, over "
                        "GAMES games each")
    parser.add_argument("--players", type=int, default=4, help="with --interleave")
    args = parser.parse_args()
    if args.interleave:
        interleaved(args.decks, args.players, args.interleave)
        return
    runs, games = (3, 30) if args.quick else (5, 100)
    print(f"Python {sys.version.split()[0]}; {runs} runs of {games} games; medians.")
    per_decision: dict[tuple[str, int], float] = {}
    for decks in args.decks:
        for players in (2, 4):
            rates, decisions = [], []
            total_moves = 0
            for r in range(runs):
                rate, times, moves = random_games(players, games, 1000 * r, decks)
                rates.append(rate)
                decisions.extend(times)
                total_moves += moves
            per_decision[(decks, players)] = statistics.mean(decisions)
            print(f"decks {decks}, {players} players: {statistics.median(rates):6.0f} random "
                  f"games/s (runs {min(rates):.0f}-{max(rates):.0f}); legal_moves()+apply per "
                  f"decision {statistics.median(decisions) * 1e6:5.1f} µs median, "
                  f"{statistics.mean(decisions) * 1e6:5.1f} µs mean; "
                  f"{total_moves / (runs * games):.0f} decisions per game")
    reference = args.decks[0]
    for decks in args.decks[1:]:
        for players in (2, 4):
            ratio = per_decision[(decks, players)] / per_decision[(reference, players)]
            print(f"decks {decks} against {reference}, {players} players: mean time per "
                  f"decision x{ratio:.2f} ({(ratio - 1) * 100:+.0f}%)")
    state = mid_game()
    reps = 20_000
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(reps):
            state.clone()
        times.append((time.perf_counter() - t0) / reps)
    print(f"clone() mid-game (4 players, round {state.round}): "
          f"{statistics.median(times) * 1e6:.1f} µs median; state JSON "
          f"{len(state.to_json_str())} B")
    profile = cProfile.Profile()
    profile.enable()
    random_games(4, 20 if args.quick else 60, 77)
    profile.disable()
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(12)
    print("\nWhere the time goes (4 players, by own time):")
    print("\n".join(line for line in out.getvalue().splitlines()[6:] if line.strip()))


if __name__ == "__main__":
    main()
