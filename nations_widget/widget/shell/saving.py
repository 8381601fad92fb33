"""Save and load: a widget's game as a file, and a file shown as the widget's game.

A save (:func:`save_text`) is the engine's replayable history (settings, moves, position)
plus the widget's ``seats``.  A load reads the file (:func:`read_save`: a bad file raises
:class:`~nations_widget.core.errors.StateFormatError` with the reason, and changes
nothing), takes its seats when they still make sense (:func:`saved_seats`), and shows it;
should showing it fail (a position the payloads cannot read), the widget goes back to the
game it had, every synced trait and part with it (:class:`Rollback`), and says so in
words (:data:`SHOWING_FAILED`).  :func:`load` is the whole of it, given what it asks of
the widget as :class:`Loading`.

Nothing here imports the widget: a rollback records what it is given (the widget's traits
by name, and its parts as :class:`Markable`), and a load asks the widget only through
:class:`Loading`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from ...core.envelope import json_object
from ...core.errors import StateFormatError
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


@dataclass(frozen=True)
class Loading(Generic[G]):
    """What a load asks of the widget (called with the widget's lock held)."""

    #: the game's adapter (it reads the save)
    adapter: GameAdapter[G, Any]
    #: the seats a loaded game with that many seats takes (see :func:`saved_seats`)
    seats: Callable[[dict[str, Any], int], list[str]]
    #: the widget's traits and parts recorded, before the game loaded is shown
    record: Callable[[], Rollback]
    #: the widget, whose traits a rollback puts back
    widget: Synced
    #: show the game loaded as the widget's, with its seats (and the id the page keeps it
    #: under in the browser, when it does: see :mod:`~.keeping`)
    show: Callable[[G, list[str], str | None], None]
    #: a refusal shown on the board; an unexpected exception kept for Python
    fail: Callable[[str], None]
    internal_error: Callable[[BaseException], None]


def load(text: str | bytes | dict[str, Any], loading: Loading[G],
         browser_id: str | None = None) -> G:
    """Read a save and show its game (returned).  A bad file raises
    :class:`~nations_widget.core.errors.StateFormatError` with the reason and changes
    nothing; a game that cannot be shown puts everything back (:class:`Rollback`) and
    raises it with :data:`SHOWING_FAILED`, the fault kept by ``internal_error``."""
    try:
        data, game = read_save(text, loading.adapter)
    except StateFormatError as exc:
        loading.fail(f"could not load the game: {exc}")
        raise
    seats = loading.seats(data, loading.adapter.seat_count(game))
    # the bots wait until told to play (as after an undo): a loaded position is looked at
    # first.  Showing it can still fail (a position the payloads cannot read): then the
    # widget goes back to the game it had, every trait with it
    rollback = loading.record()
    try:
        loading.show(game, seats, browser_id)
    except Exception as exc:
        # a game kept in the browser goes on being kept under its own link (not started
        # again under a new one, which would leave its record with no page holding a link)
        rollback.restore(loading.widget)
        loading.internal_error(exc)
        refusal = StateFormatError(SHOWING_FAILED)
        loading.fail(f"could not load the game: {refusal}")
        raise refusal from exc
    return game
