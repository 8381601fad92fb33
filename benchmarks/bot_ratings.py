"""Ratings for every bot level of a game on one scale, from games of 2 to 5 players.

    python benchmarks/bot_ratings.py play --game dice --minutes 40 --csv dice_games.csv
    python benchmarks/bot_ratings.py play --game board --games 300 --jobs 2 --csv board.csv
    python benchmarks/bot_ratings.py fit dice_games.csv [--samples 400]

``play`` plays games whose line-ups are drawn at random: the number of players (2-4 for
the dice game, 2-5 for the board game), then each seat's bot, with replacement, with the
weights below (the slow search bots sit in fewer seats, so that a run fits in its time:
the ratings' intervals say how much each bot played).  Game ``g`` has seed ``SEED + g``
and its line-up is drawn from its own generator, so the games are the same on one core,
in ``--jobs N`` local processes or on a Dask cluster (``--dask ADDRESS``).  Each finished
game is appended to the CSV at once (one row per seat: game, seed, players, seat, bot,
score, rank, decisions, think_seconds), so a run stopped by ``--minutes`` keeps every game
it finished; a CSV that exists is continued (its games are not played again).

``fit`` reads one or more such CSVs and fits the Plackett-Luce ratings
(:mod:`nations_widget.core.bots.ratings`): finishing orders by score (equal scores tie),
Elo-like scale, the random bot = 0, 95% bootstrap intervals over games; it prints a
Markdown table, and with ``--game`` a second one: how far each level of the game's bot
menu is above the level below (the levels' mean ratings and the closest pair of bots,
each difference with its interval from the same resamples).
"""

from __future__ import annotations

import argparse
import csv
import importlib
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nations_widget.core.bots.ratings import bootstrap, finish_from_scores, level_gaps, rate
from nations_widget.core.bots.tournament import GameResult, executor_for

#: Seat weights per game: how often each bot is drawn for a seat (relative).  The dice
#: game's games of 2026-11-26 (benchmarks/ratings/dice_2026-11-26.csv) were drawn with
#: ``--weights random=1,heuristic-books=1,heuristic-wonders=1,heuristic-builder=1,``
#: ``heuristic-military=1,heuristic=1,mcts-easy=1,mcts=0.5,mcts-hard=0.3``; these weights
#: (2026-11-29) seat the levels' edges more often: the noisy heuristic, the balanced one
#: and the searches.  The board game's games of 2026-11-26 and 2026-11-29 were played
#: before ``heuristic`` looked to the round's end: the bot that sat in them, named
#: ``heuristic`` then, is ``heuristic-quick`` now, and their rows were renamed so.  The
#: look-ahead's games (``board_2026-11-29_lookahead_*.csv``, ``--seed 20001`` and ``--seed
#: 30001``) were drawn with
#: ``--weights random=0.4,heuristic-easy=1,heuristic=1.5,mcts-easy=1,mcts=0.4``.
WEIGHTS: dict[str, dict[str, float]] = {
    "dice": {"random": 0.5, "heuristic-easy": 1.0, "heuristic-books": 0.4,
             "heuristic-wonders": 0.4, "heuristic-builder": 0.4, "heuristic-military": 0.4,
             "heuristic": 1.0, "mcts-easy": 1.0, "mcts": 0.6, "mcts-hard": 0.35},
    "board": {"random": 1.0, "heuristic-easy": 1.0, "heuristic-quick": 1.0,
              "heuristic": 1.0, "mcts-easy": 0.6, "mcts": 0.3},
}
#: The player counts drawn from (a repeated count is drawn more often): small games are
#: cheaper, and a 5-player board game seats every level, the slowest too.
PLAYERS = {"dice": (2, 2, 3, 3, 4), "board": (2, 2, 3, 3, 4, 5)}
FIELDS = ["game", "seed", "players", "seat", "bot", "score", "rank", "decisions",
          "think_seconds"]


def line_up(kind: str, seed: int, game: int,
            weights: dict[str, float] | None = None) -> list[str]:
    """Game ``game``'s bots by seat, drawn from its own generator: the player count, then
    the bots one seat after another, each with its weight (``weights``, default
    :data:`WEIGHTS`) among those not yet seated (a game of one bot against itself would
    tell nothing)."""
    rng = random.Random(f"{kind}:{seed}:{game}")
    players = rng.choice(PLAYERS[kind])
    left = dict(weights or WEIGHTS[kind])
    seats = []
    for _ in range(players):
        name = rng.choices(list(left), list(left.values()))[0]
        seats.append(name)
        del left[name]
    return seats


def play_dice(job: tuple[int, int, list[str]]) -> GameResult:
    from nations_widget.dice.bots.tournament import play_game
    from nations_widget.dice.catalogue import default_catalogue
    from nations_widget.dice.state import GameConfig
    game, seed, specs = job
    return play_game(specs, list(range(len(specs))), GameConfig(len(specs), seed),
                     default_catalogue(), game, seed * 104729)


def play_board(job: tuple[int, int, list[str]]) -> GameResult:
    from nations_widget.board.bots.tournament import Job, play_game
    game, seed, specs = job
    return play_game(Job(game, seed, tuple(specs), rotate=False))


PLAY: dict[str, Callable[[tuple[int, int, list[str]]], GameResult]] = {
    "dice": play_dice, "board": play_board}


def rows_of(r: GameResult) -> Iterator[list[Any]]:
    for s in r.seats:
        yield [r.game, r.seed, len(r.seats), s.seat, s.bot, s.score, s.rank, len(s.times),
               f"{sum(s.times):.3f}"]


def parse_weights(text: str) -> dict[str, float]:
    """``name=weight,...`` as a dict (a weight must be a positive number)."""
    weights = {}
    for item in text.split(","):
        name, _, raw = item.strip().partition("=")
        if not name or float(raw) <= 0:
            raise SystemExit(f"give weights as name=positive number, got {item!r}")
        weights[name] = float(raw)
    return weights


def play(args: argparse.Namespace) -> int:
    path = Path(args.csv)
    done: set[int] = set()
    if path.exists():
        with path.open(newline="") as fh:
            done = {int(row["game"]) for row in csv.DictReader(fh)}
    else:
        path.write_text(",".join(FIELDS) + "\n")
    weights = parse_weights(args.weights) if args.weights else None
    work = [(g, args.seed + g, line_up(args.game, args.seed, g, weights))
            for g in range(args.games) if g not in done]
    deadline = time.monotonic() + 60 * args.minutes if args.minutes else None
    fn = PLAY[args.game]
    finished = 0

    def record(r: GameResult) -> None:
        nonlocal finished
        with path.open("a", newline="") as fh:
            csv.writer(fh).writerows(rows_of(r))
        finished += 1
        parts = ", ".join(f"{s.bot}={s.score}" for s in r.seats)
        print(f"[{finished}] game {r.game}: {parts}", file=sys.stderr, flush=True)

    def out_of_time() -> bool:
        return deadline is not None and time.monotonic() > deadline

    with executor_for(args.jobs, args.dask) as executor:
        if executor is None:
            for job in work:
                if out_of_time():
                    break
                record(fn(job))
        else:
            # keep a few games per worker in flight, so that a stop by the clock waits
            # only for the games under way
            ahead = max(2, 2 * args.jobs)
            pending: set[Future[GameResult]] = set()
            queue = list(work)
            while queue or pending:
                while queue and len(pending) < ahead and not out_of_time():
                    pending.add(executor.submit(fn, queue.pop(0)))
                if not pending:
                    break
                finished_now, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished_now:
                    record(future.result())
    print(f"{finished} games played, written to {path}", file=sys.stderr)
    return 0


def read_rows(paths: Sequence[str]) -> list[tuple[str, dict[str, str]]]:
    """Every seat's row of the CSVs, with the file it came from."""
    rows = []
    for p in paths:
        with open(p, newline="") as fh:
            rows += [(p, row) for row in csv.DictReader(fh)]
    return rows


def finishes_of(rows: Sequence[tuple[str, dict[str, str]]]
                ) -> tuple[list[list[list[str]]], dict[int, int]]:
    """The games of :func:`read_rows`' rows as finishing orders (by score, equal scores
    tied), and the games per player count."""
    games: dict[tuple[str, int], dict[int, tuple[str, float]]] = {}
    for p, row in rows:
        key = (p, int(row["game"]))
        games.setdefault(key, {})[int(row["seat"])] = (row["bot"], float(row["score"]))
    counts: dict[int, int] = {}
    for seats in games.values():
        counts[len(seats)] = counts.get(len(seats), 0) + 1
    return [finish_from_scores(seats) for _, seats in sorted(games.items())], counts


def read_finishes(paths: Sequence[str]) -> tuple[list[list[list[str]]], dict[int, int]]:
    """The CSVs' games as finishing orders, and the games per player count."""
    return finishes_of(read_rows(paths))


def think_times(rows: Sequence[tuple[str, dict[str, str]]]) -> dict[str, float]:
    """Each bot's think time per decision (seconds): the median over its seats in the
    games of each seat's mean (the machine's load moves it: read it as an order of size)."""
    per_seat: dict[str, list[float]] = {}
    for _, row in rows:
        if int(row["decisions"]):
            per_seat.setdefault(row["bot"], []).append(
                float(row["think_seconds"]) / int(row["decisions"]))
    return {bot: statistics.median(times) for bot, times in per_seat.items()}


def fit(args: argparse.Namespace) -> int:
    rows = read_rows(args.csv)
    finishes, counts = finishes_of(rows)
    # one bootstrap for both tables: the ratings' intervals and the levels' gaps
    fits = bootstrap(finishes, args.anchor, samples=args.samples, seed=1)
    ratings = rate(finishes, args.anchor, fits=fits)
    think = think_times(rows)
    print(f"{len(finishes)} games (" + ", ".join(
        f"{n} players: {c}" for n, c in sorted(counts.items())) + ")")
    print()
    print("| bot | rating | 95% interval | games | wins | think time per decision |")
    print("|---|---:|---|---:|---:|---:|")
    for r in ratings:
        t = think.get(r.name)
        shown = ("" if t is None else f"{t * 1000:.1f} ms" if t < 0.01
                 else f"{t * 1000:.0f} ms" if t < 1 else f"{t:.1f} s")
        print(f"| {r.name} | {r.rating:+.0f} | [{r.low:+.0f}, {r.high:+.0f}] | {r.games} | "
              f"{r.wins} | {shown} |")
    if args.game:
        print_level_gaps(finishes, args, fits)
    return 0


def bot_levels(kind: str) -> dict[str, int]:
    """Each bot's level in the game's menu (0 = gentlest)."""
    bots: Any = importlib.import_module(f"nations_widget.{kind}.bots")
    return {name: info.level for name, info in bots.BOT_INFO.items()}


def print_level_gaps(finishes: list[list[list[str]]], args: argparse.Namespace,
                     fits: Sequence[dict[str, float]]) -> None:
    """The menu's levels, each above the one below: the level means' difference and the
    closest pair's, with 95% intervals taken within the same bootstrap resamples."""
    levels = bot_levels(args.game)
    gaps = level_gaps(finishes, levels, args.anchor, fits=fits)
    print()
    print("| levels | bots | mean above the level below | closest pair | its gap |")
    print("|---|---|---|---|---|")
    for g in gaps:
        names = ", ".join(sorted((n for n, lv in levels.items() if lv == g.upper)))
        print(f"| {g.lower} → {g.upper} | {names} | {g.mean:+.0f} [{g.mean_low:+.0f}, "
              f"{g.mean_high:+.0f}] | {g.pair[0]} → {g.pair[1]} | {g.closest:+.0f} "
              f"[{g.closest_low:+.0f}, {g.closest_high:+.0f}] |")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play", help="play games with random line-ups, appending to a CSV")
    p.add_argument("--game", choices=("dice", "board"), required=True)
    p.add_argument("--games", type=int, default=1000, help="games at most (default 1000)")
    p.add_argument("--minutes", type=float, default=0,
                   help="stop starting games after this many minutes (0: no limit)")
    p.add_argument("--seed", type=int, default=1, help="game g has seed SEED+g")
    p.add_argument("--jobs", type=int, default=1, help="local processes (default 1)")
    p.add_argument("--dask", metavar="ADDRESS", help="an existing Dask cluster's scheduler")
    p.add_argument("--csv", required=True, help="the CSV of games (continued if it exists)")
    p.add_argument("--weights", help="seat weights name=w,... (default: WEIGHTS[game])")
    f = sub.add_parser("fit", help="fit the ratings of the games in CSV files")
    f.add_argument("csv", nargs="+")
    f.add_argument("--anchor", default="random", help="the bot rated 0 (default random)")
    f.add_argument("--samples", type=int, default=200, help="bootstrap samples (default 200)")
    f.add_argument("--game", choices=("dice", "board"),
                   help="also print how far each of this game's menu levels is above the "
                        "one below")
    args = parser.parse_args(argv)
    return play(args) if args.command == "play" else fit(args)


if __name__ == "__main__":
    sys.exit(main())
