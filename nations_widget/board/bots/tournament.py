"""The board game's tournament: bots against each other with rotating seats, on the core
runner (:mod:`nations_widget.core.bots.tournament`: parallel jobs, Wilson intervals, CSV).

``python -m nations_widget.board tournament --players 2 --games 200 --bots heuristic,random
--seed 1 --jobs 2 --csv out.csv``

``--dask ADDRESS`` plays the games on an existing Dask cluster instead (its scheduler's
address; needs ``pip install "dask[distributed]"``).  Every game is seeded by its number, so
the rows are the same on one core, on a process pool or on a cluster (think times aside).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from ...core.bots.tournament import (
    DaskMissingError,
    GameResult,
    executor_for,
    play_out,
    rotated_seats,
    run_jobs,
    summarise,
    write_csv,
)
from ...core.errors import UnknownBotError
from ..machine import GameState
from ..state import GameConfig
from . import BOT_NAMES, make_bot

#: The final scoring's parts, as the CSV's score sources.
SOURCES: tuple[str, ...] = ("vp", "colonies", "wonders", "workers", "resources")


@dataclass(frozen=True)
class Job:
    """One game: its number, its seed and the bot names by entry (seats rotate)."""

    game: int
    seed: int
    specs: tuple[str, ...]
    rotate: bool = True


def play_game(job: Job) -> GameResult:
    """Play one game to the end; each seat's bot is seeded from the game's seed."""
    players = len(job.specs)
    entries = rotated_seats(players, job.game, job.rotate)
    bots = [make_bot(job.specs[e], job.seed * 10 + seat) for seat, e in enumerate(entries)]
    state = GameState.new(GameConfig(players=players, seed=job.seed))
    return play_out(state, bots, game=job.game, seed=job.seed, entries=entries,
                    specs=job.specs, log=False, sources=SOURCES)


def run_tournament(specs: list[str], games: int, seed: int, jobs: int = 1,
                   rotate: bool = True, progress: Any = None,
                   executor: Executor | None = None) -> list[GameResult]:
    """Play ``games`` games of ``len(specs)`` players (game g has seed ``seed + g``), on
    ``executor`` if given (any ``concurrent.futures.Executor``), else in ``jobs`` local
    processes."""
    for name in specs:
        if name not in BOT_NAMES:
            raise UnknownBotError(f"unknown bot {name!r}; choose from: {', '.join(BOT_NAMES)}")
    work = [Job(g, seed + g, tuple(specs), rotate) for g in range(games)]
    return run_jobs(play_game, work, jobs, progress, executor)


def default_bots(players: int) -> list[str]:
    """The line-up when ``--bots`` names none: one heuristic bot against random ones."""
    return ["heuristic"] + ["random"] * (players - 1)


def main(args: argparse.Namespace) -> int:
    """The ``tournament`` command (``args`` from :func:`add_parser`)."""
    specs = ([b.strip() for b in args.bots.split(",") if b.strip()] if args.bots
             else default_bots(args.players))
    if len(specs) == 1:
        specs = specs * args.players
    if len(specs) != args.players:
        print(f"tournament: --bots names {len(specs)} bots for {args.players} players",
              file=sys.stderr)
        return 2
    out = sys.stdout
    print(f"Tournament: {args.games} games, {args.players} players, seeds {args.seed}.."
          f"{args.seed + args.games - 1}, bots {', '.join(specs)}", file=out, flush=True)
    start = time.perf_counter()
    try:
        with executor_for(args.jobs, args.dask) as executor:
            results = run_tournament(specs, args.games, args.seed, args.jobs,
                                     not args.no_rotate, sys.stderr if args.progress else None,
                                     executor)
    except (ValueError, DaskMissingError) as exc:
        print(f"tournament: {exc}", file=sys.stderr)
        return 2
    summarise(results, specs, out)
    print(f"wall time {time.perf_counter() - start:.1f} s", file=out)
    if args.csv:
        write_csv(results, args.csv, SOURCES)
        print(f"per-game results written to {args.csv}", file=out)
    return 0


def add_parser(subparsers: Any) -> None:
    """Register ``tournament`` on an argparse sub-parser set."""
    p = subparsers.add_parser(
        "tournament", help="play bots against each other and report win rates",
        description="Play bots against each other with rotating seats. Bots: "
                    + ", ".join(BOT_NAMES) + ".")
    p.add_argument("--players", type=int, default=2, choices=(2, 3, 4, 5))
    p.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    p.add_argument("--bots", default=None,
                   help="comma-separated bots, one per seat (one name: every seat; default: "
                        "heuristic in the first seat and random in the others)")
    p.add_argument("--seed", type=int, default=1, help="game g uses seed SEED+g (default 1)")
    p.add_argument("--jobs", type=int, default=1,
                   help="games played in parallel processes (default 1: one core)")
    p.add_argument("--dask", metavar="ADDRESS",
                   help="play the games on this existing Dask cluster (its scheduler's "
                        "address, e.g. tcp://10.0.0.5:8786) instead of local processes")
    p.add_argument("--csv", metavar="FILE", help="write per-game results to this CSV file")
    p.add_argument("--no-rotate", action="store_true", help="keep bot i in seat i")
    p.add_argument("--progress", action="store_true", help="print each game on stderr")
    p.set_defaults(run=main)


__all__ = ["SOURCES", "Job", "add_parser", "default_bots", "main", "play_game", "run_tournament"]
