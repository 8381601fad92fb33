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
``"wrong"`` (the learner's turn is over, or the lesson's number of moves is used up,
without the check holding) or ``"trying"``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

Verdict = Literal["trying", "done", "wrong"]

#: the topics a game's lessons cover, in the order a round meets them
TOPICS = ("round", "buying", "dice", "workers", "food", "war", "end")


@dataclass(frozen=True)
class Lesson:
    """One lesson: what the panel shows, the table's position and how an answer is judged.

    ``check(before, moves, after)``: the start position, the moves played since, the
    position reached; True when the task is done.  ``show_me``: the moves (as JSON) of one
    right answer, played from the start position.  ``max_moves``: how many moves an answer
    may take before a position that fails the check counts as a wrong try (free moves,
    such as taking a worker back in the board game, count too)."""

    key: str
    game: Literal["dice", "board"]
    topic: str
    title: str
    explanation: tuple[str, ...]
    scenario: Mapping[str, Any]
    task: str
    hint: str
    show_me: tuple[Mapping[str, Any], ...]
    check: Callable[[Any, Sequence[Any], Any], bool]
    well_done: str
    max_moves: int = 1
    learner: int = 0
    #: the heading of the notebook section this lesson's text also serves ('' for none)
    notebook: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)

    def build(self) -> Any:
        """The lesson's start position (a fresh state each call)."""
        if self.game == "dice":
            from ..dice import scenario as dice_scenario
            return dice_scenario(dict(self.scenario))
        from ..board import scenario as board_scenario
        return board_scenario(dict(self.scenario))

    def parse_moves(self) -> list[Any]:
        """The show-me moves as the game's move objects."""
        if self.game == "dice":
            from ..dice.moves import move_from_json as dice_move
            return [dice_move(dict(m)) for m in self.show_me]
        from ..board import move_from_json as board_move
        return [board_move(dict(m)) for m in self.show_me]

    def judge(self, before: Any, moves: Sequence[Any], after: Any) -> Verdict:
        """How an attempt stands (see the module docstring)."""
        if not moves:
            return "trying"
        if self.check(before, moves, after):
            return "done"
        if len(moves) >= self.max_moves or after.current_player() != self.learner:
            return "wrong"
        return "trying"

    def markdown(self) -> str:
        """The lesson's text for a notebook: its explanation, then where to play it."""
        body = "\n\n".join(self.explanation)
        return (f"{body}\n\n<small>The app's lesson *{self.title}* (its Learn entry) says "
                f"this and asks: {self.task} `learn_here(\"{self.key}\")` plays it here on a "
                "live table.</small>")

    def to_json(self) -> dict[str, Any]:
        """What the lesson panel shows (the check and the answer stay in Python)."""
        return {"key": self.key, "game": self.game, "topic": self.topic, "title": self.title,
                "explanation": list(self.explanation), "task": self.task}


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
