"""One lesson's definition (:class:`Lesson`), apart from the list of lessons
(:mod:`nations_widget.lessons`), so that each game's lessons can import it without an
import circle through the package."""

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


__all__ = ["TOPICS", "Lesson", "Verdict"]
