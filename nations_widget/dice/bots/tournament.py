"""Bot tournaments and the catalogue balance report (command-line tools).

``python -m nations_widget.dice tournament --players 4 --games 400 \\
--bots mcts,heuristic,heuristic,heuristic --seed 1 --csv results.csv``

plays ``--games`` games; game ``g`` uses seed ``seed + g`` and rotates the seats (seat
``i`` gets bot ``(i + g) mod players``), so every bot sits in every seat equally often.
It prints, per bot, the win rate with a 95% Wilson confidence interval, the mean score
and the mean and median time per decision (and, for solo games, the Hall of Fame titles).
``--csv`` writes one row per seat per game.

``python -m nations_widget.dice balance --games 400 --seed 1``

pits the four heuristic strategies against each other in 4-player games (seats rotated)
and reports each one's win rate, and the share of all VP that comes from books, famine,
war and each tile type; ``--pairwise N`` adds 2-player head-to-head win rates.  Both
commands take ``--catalogue FILE`` to try a modified catalogue.

A bot in ``--bots`` is a name from :data:`BOT_NAMES`, optionally with search settings
after slashes: ``mcts/iterations=400/horizon=2/seconds=1``.

``--jobs N`` plays games in N local processes; ``--dask ADDRESS`` on an existing Dask
cluster instead (its scheduler's address; needs ``pip install "dask[distributed]"``).  Each
game is seeded by its number, so the rows are the same either way (think times aside).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import Executor
from typing import Any, TextIO

from ...core.bots.tournament import (
    DaskMissingError,
    GameResult,
    SeatResult,
    executor_for,
    play_out,
    rotated_seats,
    run_jobs,
    score_shares,
    wilson,
)
from ...core.bots.tournament import summarise as summarise_results
from ...core.bots.tournament import write_csv as write_rows
from ..catalogue import Catalogue, default_catalogue, load_catalogue
from ..machine import GameState
from ..state import GameConfig, Variant
from . import BOT_NAMES, make_bot
from .base import Bot
from .heuristic import HeuristicBot
from .mcts import MCTSBot

SOURCES = ("books", "famine", "war", "buildings", "advisor", "colonies", "wonders")
DEFAULT_STRATEGIES = ("heuristic-builder", "heuristic-wonders", "heuristic-military",
                      "heuristic-books")


# ----------------------------------------------------------------------- bot specs
def make_bot_spec(spec: str, seed: int) -> Bot:
    """A bot from ``name`` or ``name/key=value/...`` (search settings for mcts bots:
    iterations, seconds, horizon (a number or 'end'), width, tree_width, exploration; for
    a heuristic bot, ``noise``: the share of random moves)."""
    name, *settings = spec.split("/")
    bot = make_bot(name, seed)
    if not settings:
        return bot
    if isinstance(bot, HeuristicBot):
        for item in settings:
            key, _, raw = item.partition("=")
            if key != "noise":
                raise ValueError(f"{name!r} takes only noise=0-1, got {item!r}")
            bot = HeuristicBot(bot.strategy, seed, bot.name, noise=float(raw))
        return bot
    if not isinstance(bot, MCTSBot):
        raise ValueError(f"{name!r} takes no settings (only the mcts and heuristic bots do)")
    for item in settings:
        key, _, raw = item.partition("=")
        if key in ("iterations", "width", "tree_width"):
            setattr(bot, key, int(raw))
        elif key in ("seconds", "exploration", "widening"):
            setattr(bot, key, float(raw))
        elif key == "search_opponents":
            bot.search_opponents = raw.lower() in ("1", "true", "yes")
        elif key == "horizon":
            bot.horizon = None if raw in ("end", "none", "") else int(raw)
        else:
            raise ValueError(f"unknown mcts setting {key!r} in {spec!r}")
    bot.name = spec
    return bot


# ------------------------------------------------------------------------ one game
def play_game(specs: Sequence[str], entries: Sequence[int], config: GameConfig,
              catalogue: Catalogue, game: int, bot_seed: int) -> GameResult:
    """Play one game; seat ``i`` is played by ``specs[entries[i]]``."""
    bots = [make_bot_spec(specs[e], bot_seed + 7919 * i) for i, e in enumerate(entries)]
    state = GameState.new(config, catalogue)
    result = play_out(state, bots, game=game, seed=config.seed, entries=entries, specs=specs)
    if config.players == 1:
        result.title = state.hall_of_fame_title()
    return result


def _play_job(job: tuple[Sequence[str], Sequence[int], GameConfig, str | None, int, int]
              ) -> GameResult:
    specs, entries, config, cat_path, game, bot_seed = job
    catalogue = load_catalogue(cat_path) if cat_path else default_catalogue()
    return play_game(specs, entries, config, catalogue, game, bot_seed)


def run_games(specs: Sequence[str], players: int, games: int, seed: int, variant: Variant,
              cat_path: str | None, jobs: int = 1, rotate: bool = True,
              progress: TextIO | None = None, unrest: bool = False,
              executor: Executor | None = None) -> list[GameResult]:
    """Play ``games`` games with seats rotated; on ``executor`` if given (any
    ``concurrent.futures.Executor``), else in ``jobs`` processes if more than one; with the
    Unrest expansion if ``unrest``."""
    if len(specs) != players:
        raise ValueError(f"give one bot per seat: {players} bots, got {len(specs)}")
    work = [(list(specs), rotated_seats(players, g, rotate),
             GameConfig(players, seed + g, variant, unrest=unrest),
             cat_path, g, (seed + g) * 104729) for g in range(games)]
    return run_jobs(_play_job, work, jobs, progress, executor)


def summarise(results: Sequence[GameResult], specs: Sequence[str], out: TextIO) -> None:
    """The shared report, with the solo game's Hall of Fame."""
    summarise_results(results, specs, out,
                      solo_note="(solo: the score is measured against the Hall of Fame, "
                                "10-50 VP)",
                      titles_label="Hall of Fame", untitled="(below 10 VP)")


def first_player_line(results: Sequence[GameResult], variant: Variant, unrest: bool,
                      cat_path: str | None) -> str:
    """How often the first player of round 1 won, with its 95% Wilson interval: the
    first-player advantage (the setup order is drawn from each game's seed)."""
    catalogue = load_catalogue(cat_path) if cat_path else default_catalogue()
    games = [r for r in results if len(r.seats) > 1]
    if not games:
        return "first player: no multi-player games"
    wins = 0
    for r in games:
        config = GameConfig(len(r.seats), r.seed, variant, unrest=unrest)
        first = GameState.new(config, catalogue).order[0]
        wins += r.seats[first].rank == 1
    low, high = wilson(wins, len(games))
    return (f"first player (round 1) wins {100 * wins / len(games):.1f}% "
            f"(95% CI {100 * low:.1f}-{100 * high:.1f}; par {100 / len(games[0].seats):.1f}%)")


def write_csv(results: Sequence[GameResult], path: str) -> None:
    write_rows(results, path, SOURCES)


def vp_shares(results: Sequence[GameResult], bot: str | None = None) -> dict[str, float]:
    """The share of all VP scored (by ``bot``, or by everybody) from each source."""
    return score_shares(results, SOURCES, bot)


# ------------------------------------------------------------------------- commands
def _catalogue_path(args: argparse.Namespace) -> str | None:
    path: str | None = args.catalogue
    if path:
        load_catalogue(path)   # fail early, with the loader's message
    return path


def default_bots(players: int) -> list[str]:
    """The line-up when ``--bots`` names none: a tree search against heuristic bots."""
    return ["mcts"] + ["heuristic"] * (players - 1)


def run_tournament(args: argparse.Namespace) -> int:
    specs = ([b.strip() for b in args.bots.split(",") if b.strip()] if args.bots
             else default_bots(args.players))
    try:
        for spec in specs:
            make_bot_spec(spec, 0)
        if len(specs) != args.players:
            raise ValueError(f"--bots lists {len(specs)} bots for {args.players} players")
    except ValueError as exc:
        print(f"tournament: {exc}", file=sys.stderr)
        return 2
    out = sys.stdout
    print(f"Tournament: {args.games} games, {args.players} players, variant {args.variant}"
          f"{', Unrest expansion' if args.unrest else ''}, "
          f"seeds {args.seed}..{args.seed + args.games - 1}, bots {', '.join(specs)}",
          file=out, flush=True)
    start = time.perf_counter()
    try:
        with executor_for(args.jobs, args.dask) as executor:
            results = run_games(specs, args.players, args.games, args.seed, args.variant,
                                _catalogue_path(args), args.jobs, not args.no_rotate,
                                sys.stderr if args.progress else None, args.unrest, executor)
    except DaskMissingError as exc:
        print(f"tournament: {exc}", file=sys.stderr)
        return 2
    summarise(results, specs, out)
    if args.players > 1:
        print(first_player_line(results, args.variant, args.unrest, args.catalogue), file=out)
    print(f"wall time {time.perf_counter() - start:.1f} s", file=out)
    if args.csv:
        write_csv(results, args.csv)
        print(f"per-game results written to {args.csv}", file=out)
    return 0


def run_balance(args: argparse.Namespace) -> int:
    specs = [b.strip() for b in args.strategies.split(",") if b.strip()]
    if len(specs) != 4:
        print("balance: --strategies lists four bots", file=sys.stderr)
        return 2
    try:
        with executor_for(args.jobs, args.dask) as executor:
            return _balance(args, specs, executor)
    except DaskMissingError as exc:
        print(f"balance: {exc}", file=sys.stderr)
        return 2


def _balance(args: argparse.Namespace, specs: list[str], executor: Executor | None) -> int:
    cat_path = _catalogue_path(args)
    out = sys.stdout
    print(f"Balance report: {args.games} 4-player games, seeds {args.seed}.."
          f"{args.seed + args.games - 1}, catalogue "
          f"{cat_path or default_catalogue().name}"
          f"{', Unrest expansion' if args.unrest else ''}", file=out, flush=True)
    results = run_games(specs, 4, args.games, args.seed, args.variant, cat_path, args.jobs,
                        True, sys.stderr if args.progress else None, args.unrest, executor)
    summarise(results, specs, out)
    print(first_player_line(results, args.variant, args.unrest, cat_path), file=out)
    print("\nShare of VP by source (all seats; then per strategy):", file=out)
    print(f"{'':<22}" + "".join(f"{k:>10}" for k in SOURCES) + f"{'mean VP':>10}", file=out)
    rows: list[tuple[str, str | None]] = [("all", None)] + [(s, s) for s in specs]
    for label, bot in rows:
        shares = vp_shares(results, bot)
        seats = [s for r in results for s in r.seats if bot is None or s.bot == bot]
        mean = statistics.mean(s.score for s in seats) if seats else 0.0
        print(f"{label:<22}" + "".join(f"{100 * shares[k]:9.1f}%" for k in SOURCES)
              + f"{mean:10.1f}", file=out)
    if args.pairwise:
        print(f"\nHead to head (2 players, {args.pairwise} games per pair, seats "
              "alternating): row's win rate against column", file=out)
        print(f"{'':<22}" + "".join(f"{s[10:] if s.startswith('heuristic-') else s:>12}"
                                     for s in specs), file=out)
        for a in specs:
            cells = []
            for b in specs:
                if a == b:
                    cells.append(f"{'-':>12}")
                    continue
                rs = run_games([a, b], 2, args.pairwise, args.seed, args.variant, cat_path,
                               args.jobs, unrest=args.unrest, executor=executor)
                wins = sum(1 for r in rs for s in r.seats if s.entry == 0 and s.rank == 1)
                cells.append(f"{100 * wins / len(rs):11.1f}%")
            print(f"{a:<22}" + "".join(cells), file=out)
    if args.csv:
        write_csv(results, args.csv)
        print(f"per-game results written to {args.csv}", file=out)
    return 0


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    p.add_argument("--seed", type=int, default=1, help="game g uses seed SEED+g (default 1)")
    p.add_argument("--variant", choices=("original", "accelerated"), default="original")
    p.add_argument("--catalogue", metavar="FILE", help="play with this catalogue file")
    p.add_argument("--unrest", action="store_true",
                   help="play with the Unrest expansion (its components are a reconstruction)")
    p.add_argument("--csv", metavar="FILE", help="write per-game results to this CSV file")
    p.add_argument("--jobs", type=int, default=1,
                   help="games played in parallel processes (default 1: one core)")
    p.add_argument("--dask", metavar="ADDRESS",
                   help="play the games on this existing Dask cluster (its scheduler's "
                        "address, e.g. tcp://10.0.0.5:8786) instead of local processes")
    p.add_argument("--progress", action="store_true", help="print each game on stderr")


def add_tournament_parser(subparsers: Any) -> None:
    """Register ``tournament`` on an argparse sub-parser set."""
    p = subparsers.add_parser(
        "tournament", help="play bots against each other and report win rates",
        description="Play bots against each other with rotating seats. Bots: "
                    + ", ".join(BOT_NAMES) + " (mcts bots take settings: "
                    "mcts/iterations=400/horizon=2/seconds=1).")
    p.add_argument("--players", type=int, default=4, choices=(1, 2, 3, 4))
    p.add_argument("--bots", default=None,
                   help="comma-separated bots, one per seat (default: mcts in the first seat "
                        "and heuristic in the others: mcts,heuristic,heuristic,heuristic "
                        "for 4 players)")
    p.add_argument("--no-rotate", action="store_true", help="keep bot i in seat i")
    _common(p)
    p.set_defaults(run=run_tournament)


def add_balance_parser(subparsers: Any) -> None:
    """Register ``balance`` on an argparse sub-parser set."""
    p = subparsers.add_parser(
        "balance", help="the heuristic strategies against each other: win rates, VP sources",
        description="Balance report for a catalogue: the four heuristic strategies in "
                    "4-player games (seats rotated), their win rates and where VP come from.")
    p.add_argument("--strategies", default=",".join(DEFAULT_STRATEGIES),
                   help="four comma-separated bots (default: the four strategies)")
    p.add_argument("--pairwise", type=int, default=0, metavar="N",
                   help="also play N 2-player games per pair of strategies")
    _common(p)
    p.set_defaults(run=run_balance)


__all__ = [
    "GameResult",
    "SeatResult",
    "add_balance_parser",
    "add_tournament_parser",
    "default_bots",
    "make_bot_spec",
    "play_game",
    "run_games",
    "summarise",
    "vp_shares",
    "wilson",
    "write_csv",
]
