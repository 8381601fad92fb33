"""A widget's coaching part: the hint, the grading of a person's moves, the review of a
game and its puzzles.

Each is a search of a second to a minute.  From Python (no event loop runs: a script, a
notebook cell, a test) a job runs here and now and its result is returned.  Inside
Jupyter or Voila it runs *off the message loop*, in a worker thread (the hints in threads
of their own, :func:`.coach.hint_executor`), so that the page's next intent is answered
meanwhile; and its result is applied **only to the position it was asked for**:

- a hint, while the game still shows the very state it was asked at;
- a grading, while the graded move is still in the game's history (the bots may have
  played on; an undo past it, or a new game, drops it), with the coach still on;
- a review, while the moves it reviewed are still the game's
  (:meth:`~.review.ReviewJob.current`) and it was not stopped;
- a puzzle's answer, while the review it belongs to is the one shown.

A result for a position gone stale is dropped (:meth:`Coaching.off_loop`): the board never
shows advice for another position than the one it was asked at.

The part writes the widget's ``coach`` and ``review`` traits through :class:`CoachHooks`.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, TypeVar

from ...core.bots.mcts import search_progress
from ...core.history import HistoryGame
from ...core.review import ReviewCancelled
from .adapter import GameAdapter, ToJson
from .coach import coach_payload, hint_executor
from .intents import IntentError
from .review import REVIEW_OFF, ReviewJob, review_payload

T = TypeVar("T")

Game = HistoryGame[Any, Any]


@dataclass(frozen=True)
class CoachHooks:
    """What the coaching part asks of its widget."""

    #: the game the widget plays now
    game: Callable[[], Game]
    #: its seats ("human", a bot's name, "remote")
    seats: Callable[[], Sequence[str]]
    #: the game was loaded (a loaded game is offered a review, finished or not)
    loaded: Callable[[], bool]
    #: the ``coach`` and ``review`` traits: read, and written
    coach: Callable[[], dict[str, Any]]
    show_coach: Callable[[dict[str, Any]], None]
    review: Callable[[], dict[str, Any]]
    show_review: Callable[[dict[str, Any]], None]
    #: show a refusal on the board; clear it
    fail: Callable[[str], None]
    clear_error: Callable[[], None]
    #: an unexpected failure, kept for Python (the board shows only its kind)
    internal_error: Callable[[BaseException], None]
    #: raise, with the reason shown, when the coach is off here (a shared table)
    refuse_coach: Callable[[], None]
    #: a message from the page is being handled (a kernel's loop may be running)
    in_intent: Callable[[], bool]
    #: show a position of the history (looking, not playing: the ``goto`` intent), and
    #: where the game is again (``back_to_game``)
    goto: Callable[[int], None]
    back_to_game: Callable[[], None]


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The asyncio loop running on this thread (a Jupyter or Voila kernel's), if any."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class Coaching:
    """The coach, grading, review and puzzles of one widget (see the module docstring)."""

    def __init__(self, adapter: GameAdapter[Any, Any], lock: threading.RLock,
                 hooks: CoachHooks) -> None:
        self._adapter = adapter
        self._lock = lock
        self.hooks = hooks
        #: the review under way or shown, if any
        self.review_job: ReviewJob | None = None
        self._review_number = 0
        #: the jobs running off the loop (kept so that none is collected while it runs)
        self.tasks: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------ off the loop
    def off_loop(self, loop: asyncio.AbstractEventLoop, work: Callable[[], T], *,
                 still_asked: Callable[[], bool], done: Callable[[T], None],
                 failed: Callable[[BaseException], None] | None = None,
                 expected: tuple[type[BaseException], ...] = (),
                 executor: Executor | None = None) -> asyncio.Task[None]:
        """Run ``work`` in a worker thread; then, with the widget's lock held and only
        while ``still_asked()`` (the position it was asked for is still there), apply its
        result (``done``) or its failure (``failed``).  A result for a stale position is
        dropped.  A failure not among the ``expected`` ones is kept for Python."""

        async def job() -> None:
            try:
                result = await loop.run_in_executor(executor, work)
            except Exception as exc:
                if not isinstance(exc, expected):
                    self.hooks.internal_error(exc)
                with self._lock:
                    if failed is not None and still_asked():
                        failed(exc)
                return
            with self._lock:
                if still_asked():
                    done(result)

        task = loop.create_task(job())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    # ------------------------------------------------------------------ hint
    def hint(self, top: int = 3) -> ToJson:
        """The coach's ``top`` best moves for the player to decide, here and now; also
        shown on the board."""
        with self._lock:
            self.hooks.refuse_coach()
            game = self.hooks.game()
            result = self._adapter.hint(game, top)
            if result is None:
                raise IntentError("this game has no coach yet")
            self.hooks.show_coach(coach_payload(self.hooks.coach(), hint=result,
                                                position=game.position))
            return result

    def ask_hint(self, top: int = 3) -> None:
        """The page's Hint: here and now without a loop, else off the loop, its progress
        sent in the ``coach`` trait's ``thinking`` while it runs, its advice shown only if
        the game is still at the position it was asked for."""
        self.hooks.refuse_coach()
        if self.hooks.game().is_over:
            raise IntentError("the game is over: there is nothing to advise")
        loop = running_loop()
        if loop is None:
            self.hint(top)
            return
        with self._lock:
            game = self.hooks.game()
            state, position = game.state, game.position
        hooks = self.hooks

        def still_asked() -> bool:
            return hooks.game() is game and game.state is state

        def progress(done: int, total: int, seconds: float, cap: float | None) -> None:
            with self._lock:
                if still_asked():
                    hooks.show_coach(coach_payload(hooks.coach(), position=position, thinking={
                        "done": done, "total": total, "seconds": round(seconds, 1),
                        "cap": cap}))

        def think() -> ToJson | None:
            with search_progress(progress):
                return self._adapter.hint(game, top)

        def failed(exc: BaseException) -> None:
            hooks.show_coach(coach_payload(hooks.coach(), position=position,
                                           done_thinking=True))
            hooks.fail(f"the coach failed ({type(exc).__name__})")

        def done(result: ToJson | None) -> None:
            if result is None:
                hooks.show_coach(coach_payload(hooks.coach(), position=position,
                                               done_thinking=True))
                hooks.fail("this game has no coach yet")
                return
            hooks.show_coach(coach_payload(hooks.coach(), hint=result, position=position))

        self.off_loop(loop, think, still_asked=still_asked, done=done, failed=failed,
                      executor=hint_executor())

    # ---------------------------------------------------------------- grading
    def set_coach(self, on: bool) -> None:
        """Coach on: after each of a person's moves the board says how it compared with
        the coach's best move (a second or two of thinking per move)."""
        if on:
            self.hooks.refuse_coach()
        self.hooks.show_coach({**self.hooks.coach(), "on": bool(on), "verdict": None})

    def after_move(self) -> None:
        """With the coach on, grade the move just played (called with the lock held):
        here and now from Python, off the loop when the page's move came inside Jupyter
        or Voila (the bots answer meanwhile)."""
        hooks = self.hooks
        game = hooks.game()
        if not hooks.coach().get("on") or game.position == 0:
            return
        position = game.position
        while position > 1 and game.follows(position - 1):
            position -= 1       # a move and its follow-up: the move is graded
        loop = running_loop() if hooks.in_intent() else None
        if loop is None:
            verdict = self._adapter.grade(game, position)
            if verdict is not None:
                hooks.show_coach(coach_payload(hooks.coach(), verdict=verdict,
                                               position=position))
            return
        state = game.state_at(position)

        def still_asked() -> bool:
            return (hooks.game() is game and game.length >= position
                    and game.state_at(position) is state and bool(hooks.coach().get("on")))

        def done(verdict: ToJson | None) -> None:
            if verdict is not None:
                hooks.show_coach(coach_payload(hooks.coach(), verdict=verdict,
                                               position=position))

        # a failure (the history changed under it: an undo) shows no verdict
        self.off_loop(loop, lambda: self._adapter.grade(game, position),
                      still_asked=still_asked, done=done)

    # ----------------------------------------------------------------- review
    def review_available(self) -> bool:
        game = self.hooks.game()
        if self._adapter.seat_count(game) < 2 or game.game_position == 0:
            return False
        return self.hooks.loaded() or bool(game.state_at(game.game_position).is_terminal())

    def review_game(self, seats: Sequence[int] | None = None) -> Any:
        """The coach's review of the game up to where it is, here and now; also shown on
        the board.  ``seats``: the seats graded (default: the human seats, or all when
        bots play them all)."""
        with self._lock:
            job = self._start_review(seats)
        try:
            result = self._adapter.review(job.game, job.upto, job.seats, None, None)
        except Exception:
            with self._lock:
                if self.review_job is job:
                    self.hooks.show_review(review_payload(
                        self.hooks.review(), status="failed", message="The review failed."))
            raise
        with self._lock:
            self._review_done(job, result)
        return result

    def ask_review(self) -> None:
        """The page's "Review the game": here and now without a loop, else (seconds to a
        minute) off the loop, its progress shown; the page's next intent stops it."""
        loop = running_loop()
        if loop is None:
            self.review_game()
            return
        with self._lock:
            job = self._start_review(None)
        hooks = self.hooks

        def progress(done: int, total: int) -> None:
            loop.call_soon_threadsafe(self._review_progress, job, done, total)

        def still_asked() -> bool:
            return self.review_job is job and not job.stop.is_set()

        def failed(exc: BaseException) -> None:
            if not isinstance(exc, ReviewCancelled):       # cancel_review said so already
                hooks.show_review(review_payload(
                    hooks.review(), status="failed",
                    message=f"The review failed ({type(exc).__name__})."))

        self.off_loop(loop, lambda: self._adapter.review(job.game, job.upto, job.seats,
                                                         progress, job.stop.is_set),
                      still_asked=still_asked, done=lambda r: self._review_done(job, r),
                      failed=failed, expected=(ReviewCancelled,))

    def cancel_review(self) -> None:
        """Stop a review under way (nothing happens when none is)."""
        job = self.review_job
        if job is None or job.result is not None or job.stop.is_set():
            return
        job.stop.set()
        self.hooks.show_review(review_payload(self.hooks.review(), status="cancelled",
                                              message="The review was stopped."))

    def _start_review(self, seats: Sequence[int] | None) -> ReviewJob:
        if not self.review_available():
            raise IntentError("a review is for a finished game, or a loaded one, of two "
                              "players or more")
        game = self.hooks.game()
        n = self._adapter.seat_count(game)
        graded = tuple(seats) if seats is not None else tuple(
            s for s, who in enumerate(self.hooks.seats()) if who == "human") or tuple(range(n))
        if self.review_job is not None:
            self.review_job.stop.set()
        self._review_number += 1
        upto = game.game_position
        job = ReviewJob(self._review_number, game, upto, game.state_at(upto), graded)
        self.review_job = job
        self.hooks.show_review(review_payload(REVIEW_OFF, available=True, status="running",
                                              upto=upto, seats=list(graded)))
        return job

    def _review_done(self, job: ReviewJob, result: Any) -> None:
        if self.review_job is not job or job.stop.is_set():
            return
        job.result = result
        data = result.to_json()
        n = len(data["decisions"])
        self.hooks.show_review(review_payload(self.hooks.review(), status="done", done=n,
                                              total=n, result=data, answer=None, message=""))

    def _review_progress(self, job: ReviewJob, done: int, total: int) -> None:
        """A review's progress, on the loop's thread (every 2% or so: a message each)."""
        if self.review_job is not job or job.stop.is_set() or job.result is not None:
            return
        if done in (0, total) or done % max(1, total // 50) == 0:
            self.hooks.show_review(review_payload(self.hooks.review(), done=done,
                                                  total=total))

    def sync_review(self) -> None:
        """After a publish: drop a review whose moves are no longer the game's, and say
        whether a review is offered."""
        job = self.review_job
        available = self.review_available()
        if job is not None and not job.current(self.hooks.game()):
            job.stop.set()
            self.review_job = None
            self.hooks.show_review(review_payload(REVIEW_OFF, available=available))
        elif self.hooks.review().get("available") != available:
            self.hooks.show_review(review_payload(self.hooks.review(), available=available))

    # ---------------------------------------------------------------- puzzles
    def _reviewed(self) -> ReviewJob:
        job = self.review_job
        if job is None or job.result is None or not job.current(self.hooks.game()):
            raise IntentError("there is no review of this game yet: review the game first")
        return job

    def _puzzle(self, job: ReviewJob, puzzle: int) -> Any:
        puzzles = job.result.puzzles
        if isinstance(puzzle, bool) or not 0 <= puzzle < len(puzzles):
            raise IntentError(f"there is no puzzle {puzzle + 1}: the review has "
                              f"{len(puzzles)}")
        return puzzles[puzzle]

    def puzzle_seat(self, position: int) -> int | None:
        """The seat whose decision the open puzzle asks, while the board shows its
        position (that seat's moves are then the page's to play, as a person's, whoever
        played it in the game); None otherwise."""
        job = self.review_job
        if job is None or job.puzzle is None or job.result is None:
            return None
        p = job.result.puzzles[job.puzzle]
        return int(p.seat) if p.position == position else None

    def open_puzzle(self, puzzle: int) -> None:
        """Show puzzle number ``puzzle`` on the board: its position (looking through the
        history: the game stays where it is), the puzzle's seat to play there as the
        page's, and the review trait's ``puzzle`` saying which (``{index, position,
        seat}``); a former answer is put away."""
        with self._lock:
            job = self._reviewed()
            p = self._puzzle(job, puzzle)
            job.puzzle = puzzle
            self.hooks.show_review(review_payload(
                self.hooks.review(), answer=None, checking=None,
                puzzle={"index": puzzle, "position": p.position, "seat": p.seat,
                        "best_preview": self._previewed(job, p)}))
            self.hooks.goto(p.position)

    def _previewed(self, job: ReviewJob, p: Any) -> bool:
        """Whether the game previews the coach's move of puzzle ``p`` (its "Show me" is
        then that preview on the board; the dice game previews only purchases)."""
        if not p.accepted:
            return False
        # the adapter previews on a game's state shown: the puzzle's, read-only
        at = SimpleNamespace(state=job.game.state_at(p.position))
        try:
            self._adapter.preview_payload(at, self._adapter.parse_move(p.accepted[0]))
        except ValueError:          # no preview for such a move (the engine's words)
            return False
        return True

    def close_puzzle(self) -> None:
        """Done with the puzzles: the board shows where the game is."""
        with self._lock:
            job = self.review_job
            if job is not None:
                job.puzzle = None
            if self.hooks.review().get("puzzle") is not None:
                self.hooks.show_review(review_payload(self.hooks.review(), puzzle=None,
                                                      answer=None))
            self.hooks.back_to_game()

    def _checked_answer(self, puzzle: int, move: Any, position: int | None) -> ReviewJob:
        """The review an answer belongs to, once the answer is found to be one: a puzzle
        of the review shown, made on that puzzle's position (a click on a board that
        showed another position, or a puzzle of a review since replaced, is stale), and a
        legal move there (the engine's reason otherwise).  Refusals are in words."""
        job = self._reviewed()
        p = self._puzzle(job, puzzle)
        if position is not None and position != p.position:
            raise IntentError(f"that answer was made on move {position + 1}, and puzzle "
                              f"{puzzle + 1} is at move {p.position + 1}: nothing was checked")
        state = job.game.state_at(p.position)
        try:
            state.check(self._adapter.parse_move(move))
        except ValueError as exc:       # the engine's IllegalMoveError, a malformed move
            raise IntentError(f"that move cannot be played here: {exc}") from exc
        return job

    def answer_puzzle(self, puzzle: int, move: Any,
                      position: int | None = None) -> dict[str, Any]:
        """Grade ``move`` as the answer to puzzle number ``puzzle`` of the review shown,
        here and now; the answer is also shown on the board.  Nothing is played: the
        game stays as it was, the board on the puzzle."""
        with self._lock:
            job = self._checked_answer(puzzle, move, position)
        answer: dict[str, Any] = self._adapter.check_answer(
            job.game, job.result, puzzle, move).to_json()
        with self._lock:
            if self.review_job is job:
                self._show_answer(answer)
        return answer

    def ask_answer(self, puzzle: int, move: Any, position: int | None = None) -> None:
        """The page's answer to a puzzle, played on the board: checked at once (a stale
        position, an illegal move: refused in words), then graded (an answer not among the
        accepted ones is searched, a second or so) off the loop; shown while its review
        is, with the review trait's ``checking`` set meanwhile."""
        loop = running_loop()
        if loop is None:
            self.answer_puzzle(puzzle, move, position)
            return
        with self._lock:
            job = self._checked_answer(puzzle, move, position)
            self.hooks.clear_error()
            self.hooks.show_review(review_payload(self.hooks.review(), answer=None,
                                                  checking=puzzle))
        hooks = self.hooks

        def failed(exc: BaseException) -> None:
            hooks.show_review(review_payload(hooks.review(), checking=None))
            if isinstance(exc, (ValueError, IndexError)):     # an illegal move, no such puzzle
                hooks.fail(str(exc))
            else:
                hooks.fail(f"the answer could not be checked ({type(exc).__name__})")

        self.off_loop(loop, lambda: self._adapter.check_answer(job.game, job.result,
                                                               puzzle, move),
                      still_asked=lambda: self.review_job is job,
                      done=lambda answer: self._show_answer(answer.to_json()),
                      failed=failed, expected=(ValueError, IndexError))

    def _show_answer(self, answer: dict[str, Any]) -> None:
        self.hooks.clear_error()
        self.hooks.show_review(review_payload(self.hooks.review(), answer=answer,
                                              checking=None))


__all__ = ["CoachHooks", "Coaching", "running_loop"]
