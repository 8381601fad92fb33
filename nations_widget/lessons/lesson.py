"""One lesson's definition (:class:`Lesson`), apart from the list of lessons
(:mod:`nations_widget.lessons`), so that each game's lessons can import it without an
import circle through the package."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

Verdict = Literal["trying", "done", "wrong"]

#: a lesson without its own ``dead_end`` is searched for a way on when at most this many
#: of its moves are left (every legal continuation of the learner's)
SEARCH_MOVES = 3
#: ... and the search gives up (no early verdict: the learner plays on) past this many
#: positions tried
SEARCH_POSITIONS = 3000

#: the topics a game's lessons cover, in the order a round meets them
TOPICS = ("round", "buying", "dice", "workers", "food", "war", "end")


@dataclass(frozen=True)
class Lesson:
    """One lesson: what the panel shows, the table's position and how an answer is judged.

    ``check(before, moves, after)``: the start position, the moves played since, the
    position reached; True when the task is done.  ``show_me``: the moves (as JSON) of one
    right answer, played from the start position.  ``max_moves``: how many moves an answer
    may take before a position that fails the check counts as a wrong try (free moves,
    such as taking a worker back in the board game, count too).

    A step that no continuation can bring to the task is judged wrong at once, not when the
    moves are used up: ``dead_end(before, moves, after)``, when given, says so; else every
    continuation of the learner's within the moves left is tried (:data:`SEARCH_MOVES`,
    :data:`SEARCH_POSITIONS`)."""

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
    dead_end: Callable[[Any, Sequence[Any], Any], bool] | None = None

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
        if self.cannot_succeed(before, moves, after):
            return "wrong"
        return "trying"

    def cannot_succeed(self, before: Any, moves: Sequence[Any], after: Any) -> bool:
        """No way on from ``after`` to the task within the moves left: the lesson's own
        ``dead_end``, else a search of the learner's continuations (False when the search
        would be too long: the learner then hears when the moves are used up)."""
        if self.dead_end is not None:
            return bool(self.dead_end(before, moves, after))
        left = self.max_moves - len(moves)
        if not 0 < left <= SEARCH_MOVES:
            return False
        tried = [0]
        try:
            return not self._way_on(before, list(moves), after, left, tried)
        except _TooLong:
            return False

    def _way_on(self, before: Any, moves: list[Any], state: Any, left: int,
                tried: list[int]) -> bool:
        """Some continuation of at most ``left`` moves, the learner's own, passes the
        check."""
        if left <= 0 or state.is_terminal() or state.current_player() != self.learner:
            return False
        for move in state.legal_moves():
            tried[0] += 1
            if tried[0] > SEARCH_POSITIONS:
                raise _TooLong
            trial = state.clone()
            trial.apply(move)
            line = [*moves, move]
            if self.check(before, line, trial) or self._way_on(before, line, trial,
                                                               left - 1, tried):
                return True
        return False

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


class _TooLong(Exception):
    """The search for a way on tried more than :data:`SEARCH_POSITIONS` positions."""


__all__ = ["SEARCH_MOVES", "SEARCH_POSITIONS", "TOPICS", "Lesson", "Verdict"]
