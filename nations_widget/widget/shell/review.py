"""The ``review`` trait: the coach's review of the game as the page shows it (plain data).

``{"status", "available", "done", "total", "result", "answer", "upto", "seats"}``:

- ``status``: "off" (none asked), "running" (``done`` of ``total`` decisions searched),
  "done" (``result``: :meth:`nations_widget.core.review.Review.to_json`), "cancelled" or
  "failed" (``message`` says why in words);
- ``available``: the page offers "Review the game": the game is over, or it was loaded
  (an unfinished game is reviewed up to where it is);
- ``answer``: the last puzzle answer graded by Python
  (:meth:`nations_widget.core.review.Answer.to_json`), None before any;
- ``puzzle``: the puzzle open on the board, ``{index, position, seat}`` (None: none): while
  the board shows its position, that seat's moves are the page's to play, and a move
  played there is the puzzle's answer (the ``puzzle_answer`` intent), never the game's;
- ``checking``: the number of the puzzle whose answer Python is grading now (None: none);
- ``upto``: the history positions reviewed (the first ``upto`` moves); ``seats``: the seats
  graded (the human seats, or every seat when bots play them all).

A review stays shown while the moves it reviewed are the game's (a move played on after
it, from where it ended, keeps it; an undo past it, a new game or a load drops it).

The searches of a review in the app are spread over a pool of processes
(:func:`review_pool`) where the machine lends this process more than one core: the same
review (each decision's search is seeded by its position), in about half the time on two
cores (docs/review.md, "Speed").
"""

from __future__ import annotations

import os
import sys
import threading
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any

#: The review trait before anything was asked.
REVIEW_OFF: dict[str, Any] = {"status": "off", "available": False, "done": 0, "total": 0,
                              "result": None, "answer": None, "upto": 0, "seats": [],
                              "message": "", "puzzle": None, "checking": None}

#: The intents that leave a running review alone (looking around, saving, the review's
#: own); any other intent stops it, as the brief's "the next intent stops it" asks.
KEEPS_REVIEW = frozenset({"goto", "back_to_game", "log_sync", "clear_error", "save",
                          "review", "puzzle_answer", "puzzle_open", "puzzle_close",
                          "preview", "hint", "coach", "presence"})


@dataclass
class ReviewJob:
    """One review under way or done: the game and the state it ends at (a history changed
    before it makes it stale), its number, its stop flag, and the result once there."""

    number: int
    game: Any
    upto: int
    end_state: Any
    seats: tuple[int, ...]
    stop: threading.Event = field(default_factory=threading.Event)
    result: Any = None
    #: the puzzle open on the board (its number), if any
    puzzle: int | None = None

    def current(self, game: Any) -> bool:
        """Whether the moves reviewed are still ``game``'s, and the game has not gone back
        before their end (an undo past it; looking through the history does not count)."""
        return (game is self.game and game.game_position >= self.upto
                and game.state_at(self.upto) is self.end_state)


#: The environment variable that sets how many processes a review in the app uses (0 or
#: 1: none, the review runs in the kernel's worker thread).
PROCESSES_VARIABLE = "NATIONS_REVIEW_PROCESSES"
#: The most processes a review in the app uses (each holds a copy of the engine).
MOST_PROCESSES = 4
#: A review of fewer moves runs in the kernel's own thread: the pool's first start
#: (a fresh interpreter importing the engine, about a second) would cost more than it saves.
POOL_MOVES = 24

_pool: ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()


def review_processes() -> int:
    """How many processes a review in the app spreads its searches over: the
    :data:`PROCESSES_VARIABLE` if set, else the cores this process may run on (at most
    :data:`MOST_PROCESSES`); 1 where there are no processes to start (Pyodide)."""
    if sys.platform == "emscripten":
        return 1
    asked = os.environ.get(PROCESSES_VARIABLE, "").strip()
    if asked:
        try:
            return max(1, int(asked))
        except ValueError:
            return 1
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:              # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(MOST_PROCESSES, cores))


def review_pool(moves: int) -> Executor | None:
    """The pool a review of a game's first ``moves`` moves runs on (None: in this thread, one
    decision after another): made on the first review that needs it and kept for the
    next (its processes start from a fresh interpreter, "spawn", as the tournaments'
    do: a kernel's threads are not forked), made again if a process of it died."""
    global _pool
    processes = review_processes()
    if processes < 2 or moves < POOL_MOVES:
        return None
    with _pool_lock:
        if _pool is not None and getattr(_pool, "_broken", False):
            _pool.shutdown(wait=False, cancel_futures=True)
            _pool = None
        if _pool is None:
            _pool = ProcessPoolExecutor(processes, mp_context=get_context("spawn"))
        return _pool


def review_payload(old: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """The trait's new value: ``old`` with ``changes`` (a new dict, so that it is sent)."""
    return {**REVIEW_OFF, **old, **changes}


__all__ = ["KEEPS_REVIEW", "MOST_PROCESSES", "POOL_MOVES", "PROCESSES_VARIABLE", "REVIEW_OFF",
           "ReviewJob", "review_payload", "review_pool", "review_processes"]
