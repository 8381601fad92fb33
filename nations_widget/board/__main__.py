"""Command line: ``python -m nations_widget.board simulate --players N --games K --seed S``
and ``... tournament --players N --games K --bots a,b --seed S --jobs J [--csv FILE]``.

``simulate`` plays random legal games and checks, after every move, the engine's
invariants (cards each in one place, workers conserved, no negative resource), a JSON
round trip, and determinism (the same seed and moves replayed give the same final state).
It exits with status 1 if anything breaks, so it doubles as a smoke test of the rules.
``simulate --sweep K`` plays K such games for every configuration; ``--jobs N`` plays them
in N local processes, ``--dask ADDRESS`` on an existing Dask cluster (the report is the
same: every game is seeded by its place in the sweep).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor
from typing import TextIO

from ..core.bots.tournament import DaskMissingError, executor_for
from .bots.tournament import add_parser as add_tournament_parser
from .constants import DIFFICULTIES
from .machine import GameState
from .serialization import check_invariants
from .state import DECK_CHOICES, FIVE_PLAYER_SETS, GameConfig, default_decks


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


def simulate(players: int, games: int, seed: int,
             difficulty: str | tuple[str, ...] = "prince", ages: int = 4,
             easier: bool = False, out: TextIO | None = None, decks: str | None = None,
             sides: str | tuple[str, ...] = "A") -> int:
    """Play ``games`` random games; return how many broke something."""
    stream = out if out is not None else sys.stdout
    broken = 0
    finals: list[int] = []
    moves = 0
    start = time.perf_counter()
    for g in range(games):
        config = GameConfig(players=players, seed=seed + g, difficulty=difficulty, ages=ages,
                            easier=easier, decks=decks, sides=sides)
        problem, state, picks = _one_game(config, seed + g)
        moves += picks
        if problem:
            broken += 1
            print(f"game {g + 1} (seed {seed + g}): BROKEN {problem}", file=stream)
            continue
        scores = state.scores()
        finals.extend(scores)
        print(f"game {g + 1} (seed {seed + g}): scores {scores}, winner seat "
              f"{state.winner()}, {picks} moves", file=stream)
    elapsed = time.perf_counter() - start
    level = difficulty if isinstance(difficulty, str) else ",".join(difficulty)
    side_text = sides if isinstance(sides, str) else ",".join(sides)
    deck_name = decks if decks is not None else default_decks(players)
    print(f"\n{games} games, {players} player(s) ({level}, decks {deck_name}, "
          f"sides {side_text}, "
          f"{ages} ages{', easier' if easier else ''}): {broken} broken; "
          f"{moves / max(1, games):.0f} moves per game; {elapsed:.1f} s (checked)",
          file=stream)
    if finals:
        print(f"mean final score {statistics.mean(finals):.1f}, best {max(finals)}",
              file=stream)
    return broken


def _one_game(config: GameConfig, seed: int) -> tuple[str, GameState, int]:
    """A checked random game: (problem or "", final state, number of moves)."""
    try:
        state, picks, problem = play_random(config, random.Random(seed))
    except Exception as exc:       # an engine crash is a finding, reported as such
        return f"the engine raised {type(exc).__name__}: {exc}", GameState.new(config), 0
    if not problem and replay(config, picks) != state:
        problem = "replaying the same seed and moves gave another state"
    return problem, state, len(picks)


SWEEP_SIDES = ("A", "B", "choose")


def _sweep_problem(job: tuple[GameConfig, int]) -> str:
    """One checked game of the sweep: its problem, or "" (module-level: it pickles)."""
    return _one_game(*job)[0]


def sweep_decks() -> list[tuple[int, str]]:
    """The sweep's (players, deck choice) pairs: every deck choice for 1-4 players, and for
    5 those with the advanced or expert cards (the base cards alone run short)."""
    return [(players, decks) for players in range(1, 6) for decks in DECK_CHOICES
            if players < 5 or set(DECK_CHOICES[decks]) & set(FIVE_PLAYER_SETS)]


def sweep(games_per_config: int, seed: int, out: TextIO | None = None,
          executor: Executor | None = None) -> int:
    """The conformance sweep: every deck choice x side setting x difficulty x 1-5 players,
    ``games_per_config`` checked random games each (one line per configuration); on
    ``executor`` if given (any ``concurrent.futures.Executor``), else here."""
    stream = out if out is not None else sys.stdout
    broken = total = 0
    start = time.perf_counter()
    jobs: list[tuple[GameConfig, int]] = []
    k = 0
    for players, decks in sweep_decks():
        for sides in SWEEP_SIDES:
            for level in DIFFICULTIES:
                for _ in range(games_per_config):
                    k += 1
                    jobs.append((GameConfig(players=players, seed=seed + k,
                                            difficulty=level, decks=decks, sides=sides),
                                 seed + k))
    run: Callable[[Callable[[tuple[GameConfig, int]], str], Iterable[tuple[GameConfig, int]]],
                  Iterator[str]] = map if executor is None else executor.map
    problems = run(_sweep_problem, jobs)
    k = 0
    for players, decks in sweep_decks():
        for sides in SWEEP_SIDES:
            for level in DIFFICULTIES:
                bad = 0
                for _ in range(games_per_config):
                    k += 1
                    problem = next(problems)
                    if problem:
                        bad += 1
                        print(f"  BROKEN seed {seed + k} ({players}p {decks} {sides} "
                              f"{level}): {problem}", file=stream)
                total += games_per_config
                broken += bad
                print(f"{players}p decks={decks} sides={sides} {level}: "
                      f"{games_per_config} games, {bad} broken", file=stream, flush=True)
    print(f"\nsweep: {total} games, {broken} broken, "
          f"{time.perf_counter() - start:.0f} s (every move checked: invariants, JSON round "
          "trip; every game replayed)", file=stream)
    return broken


def _per_seat(value: str) -> str | tuple[str, ...]:
    """"prince" for every seat, or "prince,king": one per seat."""
    return tuple(value.split(",")) if "," in value else value


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m nations_widget.board",
                                     description="Nations (the board game) engine tools.")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play random legal games and check the engine")
    sim.add_argument("--players", type=int, default=3, choices=(1, 2, 3, 4, 5),
                     help="1: the solo game against the shadow opponent")
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--difficulty", default="prince",
                     help=f"one of {', '.join(DIFFICULTIES)}, or one per seat separated "
                          "by commas (prince,king,...)")
    sim.add_argument("--decks", choices=tuple(DECK_CHOICES), default=None,
                     help="the progress decks (balanced: base cards, some exchanged; default: "
                          "base, and base+advanced with 5 players, who need more cards)")
    sim.add_argument("--sides", default="A",
                     help="A; B (drawn boards' B sides); choose (the boards chosen as moves, "
                          "at random); or one side per seat separated by commas "
                          "(china-b,A,...)")
    sim.add_argument("--ages", type=int, default=4, choices=(1, 2, 3, 4),
                     help="the short game: play the first N ages")
    sim.add_argument("--easier", action="store_true", help="the easier-game variant")
    sim.add_argument("--sweep", type=int, metavar="K", default=0,
                     help="instead: K games for every decks x sides x difficulty x 1-5 "
                          "players (216 configurations: 5 players only with the advanced "
                          "or expert cards)")
    sim.add_argument("--jobs", type=int, default=1,
                     help="with --sweep: games played in parallel local processes")
    sim.add_argument("--dask", metavar="ADDRESS",
                     help="with --sweep: play the games on this existing Dask cluster")
    add_tournament_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "tournament":
        return int(args.run(args))
    if args.sweep:
        try:
            with executor_for(args.jobs, args.dask) as executor:
                return 1 if sweep(args.sweep, args.seed, executor=executor) else 0
        except DaskMissingError as exc:
            parser.error(str(exc))
    try:
        GameConfig(players=args.players, difficulty=_per_seat(args.difficulty),
                   sides=_per_seat(args.sides), decks=args.decks)
    except ValueError as exc:
        parser.error(str(exc))
    broken = simulate(args.players, args.games, args.seed, _per_seat(args.difficulty),
                      args.ages, args.easier, decks=args.decks, sides=_per_seat(args.sides))
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
