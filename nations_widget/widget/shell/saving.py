"""Save and load: a widget's game as a file, and a file shown as the widget's game.

A save (:func:`save_text`) is the engine's replayable history (settings, moves, position)
plus the widget's ``seats``.  A load reads the file (:func:`read_save`: a bad file raises
:class:`~nations_widget.core.errors.StateFormatError` with the reason, and changes
nothing), takes its seats when they still make sense (:func:`saved_seats`), and shows it;
should showing it fail (a position the payloads cannot read), the widget goes back to the
game it had, every synced trait and part with it (:class:`Rollback`), and says so in
words (:data:`SHOWING_FAILED`).

Nothing here imports the widget: a rollback records what it is given (the widget's traits
by name, and its parts as :class:`Markable`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from ...core.envelope import json_object
from ...core.history import HistoryGame
from .adapter import GameAdapter

G = TypeVar("G", bound=HistoryGame[Any, Any])

#: why a load that was read but could not be shown is refused (the kind of fault stays in
#: the widget's ``last_internal_error``, for Python)
SHOWING_FAILED = ("the saved position cannot be shown (something went wrong inside the "
                  "app); the game goes on as it was")


def save_text(game: HistoryGame[Any, Any], seats: Sequence[str],
              indent: int | None = None) -> str:
    """The game as JSON text (the engine's replayable history) plus who plays each seat."""
    data = game.to_json()
    data["seats"] = list(seats)
    return json.dumps(data, indent=indent)


def read_save(text: str | bytes | dict[str, Any],
              adapter: GameAdapter[G, Any]) -> tuple[dict[str, Any], G]:
    """A saved game's JSON object and the game it holds; a bad file raises
    :class:`~nations_widget.core.errors.StateFormatError` with the reason."""
    data = json_object(text, "a saved game")
    return data, adapter.load_game(data)


def saved_seats(data: dict[str, Any], players: int, current: Sequence[str],
                checked: Callable[[Sequence[str], int], list[str]],
                defaults: Callable[[int], list[str]]) -> list[str]:
    """The seats saved with the game when they still make sense (``checked`` accepts
    them), else the current ones, or the defaults when the number of seats changed."""
    seats = data.get("seats")
    if isinstance(seats, list):
        try:
            return checked(seats, players)
        except (ValueError, TypeError):
            pass
    if len(current) == players:
        return list(current)
    return defaults(players)


class Markable(Protocol):
    """A part whose state a rollback records (:meth:`mark`) and puts back (:meth:`restore`)."""

    def mark(self) -> Any: ...

    def restore(self, mark: Any) -> None: ...


@dataclass(frozen=True)
class Marks:
    """A :class:`Markable` made of two functions (a widget's own records)."""

    take: Callable[[], Any]
    put: Callable[[Any], None]

    def mark(self) -> Any:
        return self.take()

    def restore(self, mark: Any) -> None:
        self.put(mark)


class Synced(Protocol):
    """A widget's traits, set as one update."""

    def hold_sync(self) -> AbstractContextManager[Any]: ...


@dataclass(frozen=True)
class Rollback:
    """What showing another game changes, recorded before it is shown: each part's mark
    and every synced trait's value (the page gets back what it had)."""

    marks: tuple[tuple[Markable, Any], ...]
    traits: dict[str, Any]

    @classmethod
    def record(cls, widget: Synced, traits: Iterable[str],
               parts: Iterable[Markable]) -> Rollback:
        return cls(tuple((part, part.mark()) for part in parts),
                   {name: getattr(widget, name) for name in traits})

    def restore(self, widget: Synced) -> None:
        """Every part back to its mark, then every trait, sent as one update."""
        for part, mark in self.marks:
            part.restore(mark)
        with widget.hold_sync():
            for name, value in self.traits.items():
                setattr(widget, name, value)
