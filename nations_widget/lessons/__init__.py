"""Guided lessons for both games: one source for the texts the app and the notebooks show.

A :class:`Lesson` is a position (a scenario description for the game's ``scenario``
builder), a short explanation, a task the learner answers by playing on that position, a
check, a hint and a right answer ("Show me").  The check is a predicate on what was
played and the position reached (``check(before, moves, after)``), never on clicks: any
legal way to reach the goal counts.

>>> from nations_widget.lessons import LESSONS, lesson
>>> sorted(LESSONS), lesson("dice-buy").game
(['board', 'dice'], 'dice')

:func:`judge` tells how an attempt stands after each move: ``"done"`` (the check holds),
``"wrong"`` (the learner's turn is over, or no way on reaches the task within the lesson's
number of moves, free moves such as taking a worker back not counted) or ``"trying"``.
A wrong try is told in the player's words (``Lesson.verdict_words``): which move went
wrong, what it did and what the task needed instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .lesson import TOPICS, Lesson, Verdict


def _all() -> dict[str, tuple[Lesson, ...]]:
    from .board import BOARD_LESSONS
    from .dice import DICE_LESSONS
    return {"dice": DICE_LESSONS, "board": BOARD_LESSONS}


class _Lessons(Mapping[str, tuple[Lesson, ...]]):
    """The lessons by game, loaded on first use (the engines load only when asked)."""

    _data: dict[str, tuple[Lesson, ...]] | None = None

    def _load(self) -> dict[str, tuple[Lesson, ...]]:
        if self._data is None:
            self._data = _all()
        return self._data

    def __getitem__(self, key: str) -> tuple[Lesson, ...]:
        return self._load()[key]

    def __iter__(self) -> Any:
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())


#: every lesson, by game ("dice", "board"), in teaching order
LESSONS: Mapping[str, tuple[Lesson, ...]] = _Lessons()


def all_lessons() -> list[Lesson]:
    return [x for game in ("dice", "board") for x in LESSONS[game]]


def lesson(key: str) -> Lesson:
    """The lesson called ``key``; an unknown key raises :class:`KeyError`."""
    for x in all_lessons():
        if x.key == key:
            return x
    raise KeyError(f"there is no lesson called {key!r}")


def lesson_text(key: str) -> Any:
    """The lesson ``key``'s text as a notebook shows it (an IPython ``Markdown`` object;
    the notebooks read the lessons' words from here, as the app does)."""
    from IPython.display import Markdown
    return Markdown(lesson(key).markdown())  # type: ignore[no-untyped-call]


def next_lesson(key: str) -> Lesson | None:
    """The lesson after ``key`` in its game (None after the last)."""
    current = lesson(key)
    run = LESSONS[current.game]
    at = run.index(current)
    return run[at + 1] if at + 1 < len(run) else None


__all__ = ["LESSONS", "TOPICS", "Lesson", "Verdict", "all_lessons", "lesson", "lesson_text",
           "next_lesson"]
