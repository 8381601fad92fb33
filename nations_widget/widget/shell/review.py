"""The ``review`` trait: the coach's review of the game as the page shows it (plain data).

``{"status", "available", "done", "total", "result", "answer", "upto", "seats"}``:

- ``status``: "off" (none asked), "running" (``done`` of ``total`` decisions searched),
  "done" (``result``: :meth:`nations_widget.core.review.Review.to_json`), "cancelled" or
  "failed" (``message`` says why in words);
- ``available``: the page offers "Review the game": the game is over, or it was loaded
  (an unfinished game is reviewed up to where it is);
- ``answer``: the last puzzle answer graded by Python
  (:meth:`nations_widget.core.review.Answer.to_json`), None before any;
- ``upto``: the history positions reviewed (the first ``upto`` moves); ``seats``: the seats
  graded (the human seats, or every seat when bots play them all).

A review stays shown while the moves it reviewed are the game's (a move played on after
it, from where it ended, keeps it; an undo past it, a new game or a load drops it).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

#: The review trait before anything was asked.
REVIEW_OFF: dict[str, Any] = {"status": "off", "available": False, "done": 0, "total": 0,
                              "result": None, "answer": None, "upto": 0, "seats": [],
                              "message": ""}

#: The intents that leave a running review alone (looking around, saving, the review's
#: own); any other intent stops it, as the brief's "the next intent stops it" asks.
KEEPS_REVIEW = frozenset({"goto", "back_to_game", "log_sync", "clear_error", "save",
                          "review", "puzzle_answer", "preview", "hint", "coach",
                          "presence"})


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

    def current(self, game: Any) -> bool:
        """Whether the moves reviewed are still ``game``'s, and the game has not gone back
        before their end (an undo past it; looking through the history does not count)."""
        return (game is self.game and game.game_position >= self.upto
                and game.state_at(self.upto) is self.end_state)


def review_payload(old: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """The trait's new value: ``old`` with ``changes`` (a new dict, so that it is sent)."""
    return {**REVIEW_OFF, **old, **changes}


__all__ = ["KEEPS_REVIEW", "REVIEW_OFF", "ReviewJob", "review_payload"]
