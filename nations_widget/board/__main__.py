"""Command line: ``python -m nations_widget.board simulate --players N --games K --seed S``
and ``... tournament --players N --games K --bots a,b --seed S --jobs J [--csv FILE]``.

``simulate`` plays random legal games and checks, after every move, the engine's
invariants (cards each in one place, workers conserved, no negative resource), a JSON
round trip, and determinism (the same seed and moves replayed give the same final state).
It exits with status 1 if anything breaks, so it doubles as a smoke test of the rules.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import TextIO

from .components import DIFFICULTIES
from .serialization import check_invariants
from .state import GameConfig, GameState


def play_random(config: GameConfig, chooser: random.Random, check: bool = True,
                round_trip: bool = True) -> tuple[GameState, list[int], str]:
    """One random game: (final state, the chosen move indices, a problem or "")."""
    state = GameState.new(config)
    picks: list[int] = []
    while not state.is_terminal():
        moves = state.legal_moves()
        if not moves:
            return state, picks, f"no legal move in step {state.step}"
        i = chooser.randrange(len(moves))
        picks.append(i)
        state.apply(moves[i], log=False)
        if check:
            problems = check_invariants(state)
            if problems:
                return state, picks, f"after move {len(picks)} ({moves[i]}): " + "; ".join(
                    problems)
        if round_trip and GameState.from_json(state.to_json_str()) != state:
            return state, picks, f"after move {len(picks)}: the JSON round trip changed it"
        if len(picks) > 20_000:
            return state, picks, "the game did not end"
    return state, picks, ""


def replay(config: GameConfig, picks: list[int]) -> GameState:
    state = GameState.new(config)
    for i in picks:
        state.apply(state.legal_moves()[i], log=False)
    return state


def simulate(players: int, games: int, seed: int, difficulty: str = "prince",
             ages: int = 4, easier: bool = False, out: TextIO | None = None) -> int:
    """Play ``games`` random games; return how many broke something."""
    stream = out if out is not None else sys.stdout
    broken = 0
    finals: list[int] = []
    moves = 0
    start = time.perf_counter()
    for g in range(games):
        config = GameConfig(players=players, seed=seed + g, difficulty=difficulty, ages=ages,
                            easier=easier)
        state, picks, problem = play_random(config, random.Random(seed + g))
        if not problem and replay(config, picks) != state:
            problem = "replaying the same seed and moves gave another state"
        moves += len(picks)
        if problem:
            broken += 1
            print(f"game {g + 1} (seed {seed + g}): BROKEN {problem}", file=stream)
            continue
        scores = state.scores()
        finals.extend(scores)
        print(f"game {g + 1} (seed {seed + g}): scores {scores}, winner seat "
              f"{state.winner()}, {len(picks)} moves", file=stream)
    elapsed = time.perf_counter() - start
    print(f"\n{games} games, {players} players ({difficulty}, {ages} ages"
          f"{', easier' if easier else ''}): {broken} broken; "
          f"{moves / max(1, games):.0f} moves per game; {elapsed:.1f} s (checked)",
          file=stream)
    if finals:
        print(f"mean final score {statistics.mean(finals):.1f}, best {max(finals)}",
              file=stream)
    return broken


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nations_widget.board",
                                     description="Nations (the board game) engine tools.")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play random legal games and check the engine")
    sim.add_argument("--players", type=int, default=3, choices=(2, 3, 4, 5))
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--difficulty", choices=DIFFICULTIES, default="prince")
    sim.add_argument("--ages", type=int, default=4, choices=(1, 2, 3, 4),
                     help="the short game: play the first N ages")
    sim.add_argument("--easier", action="store_true", help="the easier-game variant")
    from .bots.tournament import add_parser as add_tournament_parser
    add_tournament_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "tournament":
        return int(args.run(args))
    broken = simulate(args.players, args.games, args.seed, args.difficulty, args.ages,
                      args.easier)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
