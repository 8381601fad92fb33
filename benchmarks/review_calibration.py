"""Does the review's accuracy tell players apart?  Games between seats of known strength,
reviewed with the app's budgets, every seat graded: mean accuracy per bot, per game kind and
player count (issue 30: a uniformly random mover at most 60%, ``heuristic`` at least 85%,
the strongest search at least 90%, and random < heuristic-easy < heuristic < mcts).

    nice -n 10 .venv/bin/python benchmarks/review_calibration.py --games 4 --jobs 2 \\
        --out /tmp/calibration.jsonl                       # play, review, print the table
    .venv/bin/python benchmarks/review_calibration.py --table /tmp/calibration.jsonl

The four seats of each kind, weakest first: ``random`` (a uniformly random legal move),
``heuristic-easy`` (each game's easy level), ``heuristic`` and
``mcts`` (the strongest search of each game's bot menu at an affordable think time: the
dice game's ``mcts``, 300 playouts per move, rated with ``mcts-hard``; the board game's
``mcts``).  Game ``g`` of ``n`` players seats the bots ``g, g+1, ... g+n-1`` (mod 4), so
over 4 games each bot sits in every lineup of ``n`` equally often; every game is reviewed
with the app's budget (each game's ``coach.REVIEW_PLAYOUTS``) and every seat graded.  Board
games are shortened to ``--board-ages`` ages (2 rounds each) to fit the time: the review's
budget per decision is the app's.

``--out`` appends one JSON line per game (the lineup, each graded decision's loss and its
error, and the review's accuracy per seat), so the table can be printed again (``--table``)
or a new accuracy formula tried on the same searches (``--rescore``: the accuracy
recomputed from the stored losses with :func:`nations_widget.core.review.accuracy_of`).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from datetime import date
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # this checkout's package

from nations_widget.core.bots.tournament import executor_for

#: The seats of known strength, weakest first, per game kind.
BOTS = {
    "dice": ("random", "heuristic-easy", "heuristic", "mcts"),
    "board": ("random", "heuristic-easy", "heuristic", "mcts"),
}
#: The level each seat stands for in the table.
LEVELS = ("random", "heuristic-easy", "heuristic", "mcts")


def lineup(kind: str, players: int, game: int) -> list[str]:
    """The bots of game number ``game`` of ``players``: a rotation of the four."""
    bots = BOTS[kind]
    return [bots[(game + i) % len(bots)] for i in range(players)]


def game_seed(kind: str, players: int, game: int) -> int:
    return (1 if kind == "dice" else 2) * 100_000 + players * 1_000 + game + 1


def play_and_review(kind: str, players: int, game: int, board_ages: int) -> dict[str, Any]:
    """Play game number ``game`` of ``kind`` and ``players`` to its end and review it with
    the app's budget, every seat graded (a module-level function: it runs in a pool)."""
    seed = game_seed(kind, players, game)
    names = lineup(kind, players, game)
    coach = importlib.import_module(f"nations_widget.{kind}.coach")
    if kind == "board":
        from nations_widget.board import Game as BoardGame
        from nations_widget.board.bots import make_bot as board_bot
        played: Any = BoardGame(players=players, seed=seed, ages=board_ages)
        bots = [board_bot(name, seed * 10 + s) for s, name in enumerate(names)]
    else:
        from nations_widget.dice import Game as DiceGame
        from nations_widget.dice.bots import make_bot as dice_bot
        played = DiceGame(players=players, seed=seed)
        bots = [dice_bot(name, seed * 10 + s) for s, name in enumerate(names)]
    start = time.process_time()
    while not played.is_over:
        state = played.state
        played.play(bots[state.current_player()].choose(state))
    play_seconds = time.process_time() - start
    start = time.process_time()
    result = coach.review(played, playouts=coach.REVIEW_PLAYOUTS)
    review_seconds = time.process_time() - start
    seats = []
    for s, name in enumerate(names):
        mine = [d for d in result.decisions if d.seat == s and d.graded]
        summary = result.summaries[s]
        seats.append({
            "bot": name, "level": LEVELS[BOTS[kind].index(name)],
            "accuracy": summary.accuracy, "marks": [summary.inaccuracies, summary.mistakes,
                                                     summary.blunders],
            "final": None if result.final is None else result.final[s],
            "losses": [[round(d.loss or 0.0, 5), round(d.loss_error or 0.0, 5),
                        d.loss_error is None] for d in mine],
            "points": [[round(d.points_loss or 0.0, 4), round(d.points_loss_error or 0.0, 4),
                        d.points_loss_error is None] for d in mine]})
    return {"kind": kind, "players": players, "game": game, "seed": seed,
            "ages": board_ages if kind == "board" else None,
            "playouts": coach.REVIEW_PLAYOUTS, "moves": played.length,
            "decisions": len(result.decisions), "play_cpu": round(play_seconds, 1),
            "review_cpu": round(review_seconds, 1), "seats": seats}


def _read(paths: Iterable[str]) -> list[dict[str, Any]]:
    rows = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            rows += [json.loads(line) for line in f if line.strip()]
    return rows


def _rescored(rows: list[dict[str, Any]]) -> None:
    """Each seat's accuracy recomputed from its stored losses with the review's formula."""
    from nations_widget.core.review import NOISE_PER_ERROR, accuracy_of
    for row in rows:
        coach = importlib.import_module(f"nations_widget.{row['kind']}.coach")
        for seat in row["seats"]:
            counted = [0.0 if unknown else loss - NOISE_PER_ERROR * error
                       for loss, error, unknown in seat["points"]]
            seat["accuracy"] = (accuracy_of(counted, coach.REVIEW_COACH.accuracy_points)
                                if counted else None)


def _counted_points(seat: dict[str, Any]) -> float:
    """A seat's mean points lost per decision less the expected noise (what the accuracy
    maps), 0 at least."""
    from nations_widget.core.review import NOISE_PER_ERROR
    counted = [0.0 if unknown else loss - NOISE_PER_ERROR * error
               for loss, error, unknown in seat["points"]]
    return max(0.0, sum(counted) / len(counted)) if counted else 0.0


def _chance_lost(seat: dict[str, Any]) -> float:
    """A seat's mean chance lost per decision (points of 100), less the expected noise."""
    from nations_widget.core.review import NOISE_PER_ERROR
    counted = [0.0 if unknown else loss - NOISE_PER_ERROR * error
               for loss, error, unknown in seat["losses"]]
    return 100 * max(0.0, sum(counted) / len(counted)) if counted else 0.0


def table(rows: Sequence[dict[str, Any]], what: str = "accuracy") -> str:
    """Per level, per game kind and player count: the mean over games of ``what``
    ("accuracy"; "points": the mean points lost per decision; "chance": the mean chance
    lost per decision, in points of 100), its standard deviation over games, the lowest and
    highest, and the number of games."""
    figure = {"accuracy": lambda seat: seat["accuracy"], "points": _counted_points,
              "chance": _chance_lost}[what]
    cells: dict[tuple[str, int, str], list[float]] = defaultdict(list)
    for row in rows:
        for seat in row["seats"]:
            if seat["accuracy"] is not None:
                cells[(row["kind"], row["players"], seat["level"])].append(figure(seat))
    digits = 0 if what == "accuracy" else 2
    lines = ["| game | players | " + " | ".join(LEVELS) + " |",
             "| --- | --- | " + " | ".join("---" for _ in LEVELS) + " |"]
    for kind in ("dice", "board"):
        for players in (2, 3, 4):
            if not any(k == kind and n == players for k, n, _ in cells):
                continue
            figures = []
            for level in LEVELS:
                xs = cells.get((kind, players, level), [])
                if not xs:
                    figures.append("–")
                    continue
                spread = statistics.stdev(xs) if len(xs) > 1 else 0.0
                figures.append(f"{statistics.mean(xs):.{digits}f} ± {spread:.{digits}f} "
                               f"({min(xs):.{digits}f}-{max(xs):.{digits}f}; {len(xs)})")
            lines.append(f"| {kind} | {players} | " + " | ".join(figures) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4,
                        help="games per game kind and player count (a multiple of 4 seats "
                             "every bot equally often)")
    parser.add_argument("--first", type=int, default=0, help="the first game's number")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--only", choices=("board", "dice"), default=None)
    parser.add_argument("--board-ages", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default=None, help="append one JSON line per game here")
    parser.add_argument("--table", nargs="*", default=None,
                        help="print the table of these JSON-lines files, play nothing")
    parser.add_argument("--rescore", action="store_true",
                        help="with --table: accuracy recomputed with the current formula")
    args = parser.parse_args()
    if args.table is not None:
        rows = _read(args.table)
        if args.rescore:
            _rescored(rows)
        for what in ("accuracy", "points", "chance"):
            print(f"{what}:\n{table(rows, what)}\n")
        return
    print(f"{date.today()}: load average before: {os.getloadavg()}", flush=True)
    jobs = [(kind, n, g, args.board_ages)
            for g in range(args.first, args.first + args.games)
            for kind in ("dice", "board") if args.only in (None, kind)
            for n in args.players]
    rows: list[dict[str, Any]] = []
    with executor_for(args.jobs) as pool:
        if pool is None:
            results: Iterable[dict[str, Any]] = (play_and_review(*job) for job in jobs)
        else:
            from concurrent.futures import as_completed
            futures = [pool.submit(play_and_review, *job) for job in jobs]
            results = (f.result() for f in as_completed(futures))
        for row in results:
            rows.append(row)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as f:
                    f.write(json.dumps(row) + "\n")
            seats = ", ".join(f"{s['bot']} {s['accuracy']:.0f}%" for s in row["seats"]
                              if s["accuracy"] is not None)
            print(f"[{len(rows)}/{len(jobs)}] {row['kind']} {row['players']}p game "
                  f"{row['game']}: {row['decisions']} decisions, play {row['play_cpu']} s, "
                  f"review {row['review_cpu']} s CPU: {seats}", flush=True)
    print(f"load average after: {os.getloadavg()}")
    for what in ("accuracy", "points", "chance"):
        print(f"{what}:\n{table(rows, what)}\n")


if __name__ == "__main__":
    main()
