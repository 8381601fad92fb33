"""The tournament runner for any game: seats rotated, games run in parallel (processes,
or any ``concurrent.futures`` executor, e.g. a Dask cluster's), win rates with Wilson
intervals, per-game CSV.

A game supplies a picklable function that plays one game (a job) and returns a
:class:`GameResult`, and the names of the score sources it reports (``sources``: for the
dice game books, famine, war and the tile kinds).  :func:`rotated_seats` gives each game's
seating, :func:`run_jobs` plays the jobs (here, in ``jobs`` local processes, or on a given
executor), :func:`summarise` and :func:`write_csv` report.  :func:`executor_for` opens the
executor a command line asked for (``--jobs N``, ``--dask ADDRESS``).

Every game is seeded by its job, so the results are the same whatever runs them: the
same jobs give the same rows (the think times aside), in game order.
"""

from __future__ import annotations

import csv
import math
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any, TextIO


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval for a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def rotated_seats(players: int, game: int, rotate: bool = True) -> list[int]:
    """Which entry plays each seat in game number ``game``: seat ``i`` gets entry
    ``(i + game) mod players``, so every entry sits in every seat equally often."""
    return [((i + game) % players if rotate else i) for i in range(players)]


@dataclass
class SeatResult:
    seat: int
    entry: int           # index into the tournament's bot list
    bot: str
    score: int
    rank: int            # 1 = winner
    breakdown: dict[str, int]
    times: list[float] = field(default_factory=list)


@dataclass
class GameResult:
    game: int
    seed: int
    seats: list[SeatResult]
    moves: int
    title: str | None = None


def play_out(state: Any, bots: Sequence[Any], *, game: int, seed: int,
             entries: Sequence[int], specs: Sequence[str], log: bool = True,
             sources: Sequence[str] | None = None) -> GameResult:
    """Play ``state`` to its end, seat ``i`` by ``bots[i]`` (entry ``entries[i]`` of the
    line-up ``specs``), timing each decision; the result of game number ``game`` (seeded
    ``seed``).  ``log``: the engine writes its log (the dice game's tournaments always
    did); ``sources``: the score breakdown's parts kept (None: all of them)."""
    times: list[list[float]] = [[] for _ in entries]
    moves = 0
    while not state.is_terminal():
        seat = state.current_player()
        assert seat is not None
        start = time.perf_counter()
        move = bots[seat].choose(state)
        times[seat].append(time.perf_counter() - start)
        state.apply(move, log=log)
        moves += 1
    scores = state.scores()
    ranking = state.ranking()
    seats = []
    for seat, e in enumerate(entries):
        parts = state.score_breakdown(seat)
        if sources is not None:
            parts = {k: parts[k] for k in sources}
        seats.append(SeatResult(seat, e, specs[e], scores[seat], ranking.index(seat) + 1,
                                parts, times[seat]))
    return GameResult(game, seed, seats, moves)


def run_jobs(play: Callable[[Any], GameResult], work: Sequence[Any], jobs: int = 1,
             progress: TextIO | None = None,
             executor: Executor | None = None) -> list[GameResult]:
    """Play every job with ``play`` (a module-level function, so that it pickles) and
    return the results in game order: on ``executor`` if given (any
    ``concurrent.futures.Executor``: a process pool, a Dask cluster's; it is left open),
    else in ``jobs`` fresh local processes if more than one, else here."""
    results: list[GameResult] = []
    if executor is None and jobs > 1:
        with ProcessPoolExecutor(jobs, mp_context=get_context("spawn")) as pool:
            return run_jobs(play, work, progress=progress, executor=pool)
    if executor is not None:
        for future in as_completed([executor.submit(play, job) for job in work]):
            results.append(future.result())
            _progress(progress, results[-1], len(results), len(work))
        results.sort(key=lambda r: r.game)
    else:
        for job in work:
            results.append(play(job))
            _progress(progress, results[-1], len(results), len(work))
    return results


class DaskMissingError(RuntimeError):
    """``--dask`` was given but the ``distributed`` package is not installed."""


@contextmanager
def executor_for(jobs: int = 1, dask: str | None = None) -> Iterator[Executor | None]:
    """The executor a command asked for: with ``dask`` (a scheduler address such as
    ``tcp://10.0.0.5:8786``), the existing Dask cluster's (``distributed`` is imported
    only then; :class:`DaskMissingError` if it is not installed); else a pool of ``jobs``
    local processes if more than one; else None (play here, one game after another)."""
    if dask:
        try:
            from distributed import Client
        except ImportError as exc:
            raise DaskMissingError(
                "--dask needs the 'distributed' package: pip install 'dask[distributed]'"
            ) from exc
        with Client(dask) as client:  # type: ignore[no-untyped-call]
            yield client.get_executor()
    elif jobs > 1:
        with ProcessPoolExecutor(jobs, mp_context=get_context("spawn")) as pool:
            yield pool
    else:
        yield None


def _progress(out: TextIO | None, r: GameResult, done: int, total: int) -> None:
    if out is None:
        return
    parts = ", ".join(f"{s.bot}={s.score}" + ("*" if s.rank == 1 else "") for s in r.seats)
    print(f"[{done}/{total}] game {r.game} seed {r.seed}: {parts}", file=out, flush=True)


# ------------------------------------------------------------------------ reports
@dataclass
class EntryStats:
    label: str
    games: int = 0
    wins: int = 0
    scores: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    breakdown: dict[str, int] = field(default_factory=dict)
    titles: dict[str, int] = field(default_factory=dict)

    def add(self, s: SeatResult, title: str | None = None, solo: bool = False,
            untitled: str = "(no title)") -> None:
        self.games += 1
        self.wins += s.rank == 1
        self.scores.append(s.score)
        self.times += s.times
        for k, v in s.breakdown.items():
            self.breakdown[k] = self.breakdown.get(k, 0) + v
        if solo:
            key = title or untitled
            self.titles[key] = self.titles.get(key, 0) + 1

    def line(self, solo: bool = False) -> str:
        lo, hi = wilson(self.wins, self.games)
        rate = self.wins / self.games if self.games else 0.0
        mean = statistics.mean(self.scores) if self.scores else 0.0
        sd = statistics.pstdev(self.scores) if len(self.scores) > 1 else 0.0
        t_mean = statistics.mean(self.times) if self.times else 0.0
        t_med = statistics.median(self.times) if self.times else 0.0
        wins = (f"{'-':>5} {'-':>7} {'-':>14}" if solo else
                f"{self.wins:>5} {100 * rate:6.1f}% [{100 * lo:5.1f}, {100 * hi:5.1f}]")
        return (f"{self.label:<28} {self.games:>5} {wins} {mean:6.1f} ±{sd:4.1f} "
                f"{1000 * t_mean:9.1f} {1000 * t_med:9.1f} {len(self.times):>7}")


HEADER = (f"{'bot':<28} {'games':>5} {'wins':>5} {'win%':>7} {'95% CI':>14} "
          f"{'mean score':>13} {'ms/move':>9} {'median':>9} {'moves':>7}")


def entry_labels(specs: Sequence[str]) -> list[str]:
    labels = []
    for i, s in enumerate(specs):
        dup = sum(1 for t in specs if t == s) > 1
        labels.append(f"{s} (#{specs[:i + 1].count(s)})" if dup else s)
    return labels


def summarise(results: Sequence[GameResult], specs: Sequence[str], out: TextIO,
              solo_note: str = "(solo: the score is what counts)",
              titles_label: str = "Titles", untitled: str = "(no title)") -> None:
    """Per entry (and per bot name, when a bot fills several seats): games, wins, the win
    rate with its 95% Wilson interval, the mean score and the time per decision.  A solo
    tournament reports the titles its games reached instead of wins."""
    players = len(specs)
    labels = entry_labels(specs)
    per_entry = [EntryStats(label) for label in labels]
    per_name: dict[str, EntryStats] = {}
    solo = players == 1
    for r in results:
        for s in r.seats:
            per_entry[s.entry].add(s, r.title, solo, untitled)
            per_name.setdefault(s.bot, EntryStats(s.bot + " (all seats)")).add(
                s, r.title, solo, untitled)
    print(HEADER, file=out)
    for e in per_entry:
        print(e.line(solo), file=out)
    for name, stats in per_name.items():
        if specs.count(name) > 1:
            print(stats.line(), file=out)
    if players > 1:
        print(f"(par: {100 / players:.1f}% wins; ties go to the better player order)",
              file=out)
    else:
        e = per_entry[0]
        print(solo_note, file=out)
        print(f"{titles_label}: " + ", ".join(
            f"{t}: {n}" for t, n in sorted(e.titles.items(), key=lambda kv: -kv[1])),
            file=out)
    if results:
        moves = statistics.mean(r.moves for r in results)
        print(f"{len(results)} games, {moves:.0f} decisions per game", file=out)


def write_csv(results: Sequence[GameResult], path: str, sources: Sequence[str]) -> None:
    """One row per seat per game, with the score by ``sources``."""
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["game", "seed", "seat", "bot", "score", "rank", "win", *sources,
                    "decisions", "think_seconds", "median_seconds", "title"])
        for r in results:
            for s in r.seats:
                w.writerow([r.game, r.seed, s.seat, s.bot, s.score, s.rank, int(s.rank == 1),
                            *(s.breakdown[k] for k in sources), len(s.times),
                            f"{sum(s.times):.4f}",
                            f"{statistics.median(s.times) if s.times else 0.0:.4f}",
                            r.title or ""])


def score_shares(results: Sequence[GameResult], sources: Sequence[str],
                 bot: str | None = None) -> dict[str, float]:
    """The share of all points scored (by ``bot``, or by everybody) from each source."""
    totals = {k: 0 for k in sources}
    for r in results:
        for s in r.seats:
            if bot is None or s.bot == bot:
                for k in sources:
                    totals[k] += s.breakdown[k]
    grand = sum(totals.values()) or 1
    return {k: totals[k] / grand for k in sources}


__all__ = ["HEADER", "DaskMissingError", "EntryStats", "GameResult", "SeatResult", "entry_labels",
           "executor_for", "play_out", "rotated_seats", "run_jobs", "score_shares", "summarise",
           "wilson",
           "write_csv"]


