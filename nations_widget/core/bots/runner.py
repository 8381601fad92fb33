"""One loop for the bots' turns, whichever place their moves go to.

A bot's turn is always the same four steps: find the turn that is due (whose it is,
which bot plays it, the position it thinks on), let the bot think, put its move where the
game is kept, and put it there only if the game is still at the position the bot thought
about.  What differs is the *place* the move goes to, a :class:`MovePlace`:

- a game played at one screen (the widget's, :mod:`nations_widget.widget.shell.bot_runner`):
  the move is played on the widget's game if nothing changed it meanwhile (no undo, no
  new game, no other move);
- a table in the store (:class:`nations_widget.tables.table.StorePlace`): the turn is
  claimed in the store before the bot thinks (one runner thinks at a time) and the move
  is stored by compare-and-swap on the event the bot saw, so that it is stored once,
  however many screens run the table's bots.

The loop lives here, below both (the engine's bots' package, no Jupyter and no store),
so that a table and a widget run their bots through the same code.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import Any, Final, Literal, Protocol


class Chooser(Protocol):
    """What the loop needs of a bot (:class:`~nations_widget.core.bots.base.Bot` less its
    name): a move for the state's current player, the state left untouched."""

    def choose(self, state: Any) -> Any: ...


@dataclass(frozen=True)
class BotTurn:
    """A bot's turn as a place hands it out: ``seat`` plays, ``bot`` decides, on ``state``
    (an object nobody else changes while the bot thinks: a copy, or the runner's own
    table); ``mark`` is the place's own note of the position (the state object played on,
    or the event number the move is stored on top of), read back when the move comes."""

    seat: int
    bot: Chooser
    state: Any
    mark: Any = None


#: :meth:`MovePlace.next_turn`'s answer when another runner holds the turn: the place has
#: waited a little already; ask again.
WAIT: Final = "wait"


class MovePlace(Protocol):
    """Where a bot's move goes (see the module docstring)."""

    def due(self) -> bool:
        """A bot is to move now (a cheap look, before a pause)."""
        ...

    def next_turn(self) -> BotTurn | Literal["wait"] | None:
        """The bot turn due now; :data:`WAIT`: another runner holds it; None: no bot is to
        move (a person's turn, the end, or the game changed under this runner)."""
        ...

    def thinking(self, turn: BotTurn) -> AbstractContextManager[None]:
        """Held while the bot thinks (a table renews its claim on the turn)."""
        ...

    def apply(self, turn: BotTurn, move: Any) -> bool:
        """Put ``move`` in place if the position is still ``turn``'s; whether it was."""
        ...


@contextmanager
def nothing_held() -> Iterator[None]:
    """:meth:`MovePlace.thinking` for a place that holds nothing while a bot thinks."""
    yield


def play_bot_turns(place: MovePlace, *, limit: int | None = None, pause: float = 0.0,
                   stop: threading.Event | None = None, pause_first: bool = True) -> int:
    """Play the bots' turns at ``place`` until no bot is due, ``limit`` moves are played,
    or ``stop`` is set; returns how many moves were put in place.

    ``pause``: seconds to wait before each move, while a bot is due (``stop`` ends the
    wait); not before the first when ``pause_first`` is false (a move asked for, played at
    once), nor again after a turn another runner held or a move that came too late (the
    place says what is due next).  A move that came too late is not counted: the place's
    next turn decides whether the loop goes on (a table: the next bot's turn; a local
    game changed under the runner: none)."""
    stop = stop or threading.Event()
    played = 0
    wait = pause_first
    while not stop.is_set() and (limit is None or played < limit):
        if wait and pause > 0 and (not place.due() or stop.wait(pause)):
            break
        turn = place.next_turn()
        if turn is None:
            break
        if not isinstance(turn, BotTurn):       # WAIT: another runner holds the turn
            wait = False
            continue
        with place.thinking(turn):
            move = turn.bot.choose(turn.state)
        if place.apply(turn, move):
            played += 1
            wait = True
        else:
            wait = False
    return played


__all__ = ["WAIT", "BotTurn", "Chooser", "MovePlace", "nothing_held", "play_bot_turns"]
