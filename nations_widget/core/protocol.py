"""The state-machine protocol both engines speak (OpenSpiel's shape).

Bots, the history :class:`~nations_widget.core.history.Game`, the tournament runner, the
conformance tests and the widget use only these methods, so that one implementation of
each serves both games.

- ``current_player()``: the seat that must decide now, or ``None`` once the game is over.
  Chance (rolls, shuffles, draws) never waits: it is resolved inside ``apply`` from the
  generator kept in the state.
- ``legal_moves()``: every legal move of the current player, in a stable sorted order.
- ``apply(move, log=True)``: play a move in place and run everything automatic up to the
  next decision; an illegal move raises :class:`~nations_widget.core.errors.IllegalMoveError`
  and leaves the state untouched.  Returns the log entries written.
- ``is_terminal()``, ``scores()``, ``winner()``: the end of the game and its result.
- ``clone()``: an independent copy (cheap: search calls it thousands of times).
- ``reseeded(seed)``: a clone whose hidden future (rolls, deck order) is drawn afresh, so a
  search cannot peek at the real game's.
- ``view(seat)``: what ``seat`` (``None``: a spectator) may see, as JSON-ready data.
- ``to_json()``: the complete state as versioned JSON-ready data.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from .log import LogEntry


@runtime_checkable
class MoveLike(Protocol):
    """A move: an immutable value with a JSON form and a readable ``str``."""

    type: str

    def to_json(self) -> dict[str, Any]: ...


S = TypeVar("S", bound="GameStateLike")


@runtime_checkable
class GameStateLike(Protocol):
    """What every engine's ``GameState`` provides."""

    def current_player(self) -> int | None: ...

    def legal_moves(self) -> Sequence[Any]: ...

    def apply(self, move: Any, log: bool = True) -> list[LogEntry]: ...

    def is_terminal(self) -> bool: ...

    def scores(self) -> list[int]: ...

    def winner(self) -> int | None: ...

    def clone(self: S) -> S: ...

    def reseeded(self: S, seed: int) -> S: ...

    def view(self, seat: int | None) -> dict[str, Any]: ...

    def to_json(self) -> dict[str, Any]: ...


__all__ = ["GameStateLike", "MoveLike"]
