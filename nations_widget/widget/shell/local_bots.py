"""The seats' bots of a game played here: whose turn a bot takes, and where its move goes.

:class:`~.bot_runner.BotRunner` decides when and on which thread the bots play; this part
answers what the runner asks about the widget's game (:class:`LocalBots`):

- whether a bot is to move now (:meth:`LocalBots.due`: a bot's seat, not a person's nor
  another screen's, and never at a table, whose bots the table's watcher runs);
- the turn due now (:meth:`LocalBots.turn`): the seat, its bot (made and kept by
  :class:`~.bot_runner.SeatBots`), a copy of the state to think on, and the game and
  state it was chosen for;
- the move a bot chose, played only if the game is still at that very state
  (:meth:`LocalBots.apply`); at a table with one person (a bot deciding for that person)
  it is stored as this screen's move;
- a bot's failure, shown on the board and logged (:meth:`LocalBots.failed`).

It also lets a bot decide the current decision here and now (:meth:`LocalBots.decide_now`,
the widget's ``bot_move``).  Nothing here imports the widget: what it reads of the widget
and tells it is given as :class:`LocalBotHooks`.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.bots.runner import BotTurn
from ...core.errors import IllegalMoveError
from ...core.history import HistoryGame
from .adapter import Bot, BotFactory, GameAdapter
from .bot_runner import SeatBots
from .seating import TableSeating
from .table_mode import NO_BOT_HELP, REMOTE


def bots_offered(adapter: GameAdapter[Any, Any], factory: BotFactory | None,
                 names: Sequence[str] | None) -> tuple[tuple[str, ...], BotFactory]:
    """The bots a widget seats (their names) and how to make one: the adapter's bots, or
    ``factory`` when given (with ``names``, else none); ``names`` alone narrows the menu."""
    if factory is None:
        offered, factory = adapter.bots()
    else:
        offered = tuple(names or ())
    if names is not None:
        offered = tuple(names)
    return offered, factory


@dataclass(frozen=True)
class LocalBotHooks:
    """What the seats' bots read of the widget and tell it (called with its lock held)."""

    #: the game played (its history) and who plays each seat
    game: Callable[[], HistoryGame[Any, Any]]
    seats: Callable[[], list[str]]
    #: show the board as it is
    publish: Callable[[], None]
    #: show a refusal on the board; clear it
    fail: Callable[[str], None]
    clear_error: Callable[[], None]
    #: keep an unexpected exception for Python (the board shows only its kind)
    internal_error: Callable[[BaseException], None]
    #: the widget's logger (a bot's failure goes there with its traceback)
    log: logging.Logger


class LocalBots:
    """The bots of the seats of a widget's game (see the module docstring)."""

    def __init__(self, lock: threading.RLock, seating: TableSeating, seat_bots: SeatBots,
                 hooks: LocalBotHooks) -> None:
        self._lock = lock
        self._seating = seating
        self._hooks = hooks
        #: the bot of each bot seat, made the first time it moves (see :class:`SeatBots`)
        self.seat_bots = seat_bots

    def forget(self, seat: int | None = None) -> None:
        """Forget the bot made for ``seat`` (None: every seat's), as when the seats or the
        game change: the next one is made afresh."""
        if seat is None:
            self.seat_bots.made.clear()
        else:
            self.seat_bots.made.pop(seat, None)

    def mark(self) -> dict[int, Bot]:
        """The bots made so far (what a load rolled back goes back to)."""
        return dict(self.seat_bots.made)

    def restore(self, mark: dict[int, Bot]) -> None:
        self.seat_bots.made = mark

    def due(self) -> bool:
        """A bot is to move now in the game played here."""
        if self._seating.binding is not None:
            return False              # the table's bots: see TableBinding
        seat = self._hooks.game().current_player
        return seat is not None and self._hooks.seats()[seat] not in ("human", REMOTE)

    def turn(self) -> BotTurn | None:
        """The bot turn due now (None: the game is over): the bot thinks on a copy; the
        game and the state it was chosen for go with it, to be checked when its move
        comes."""
        game = self._hooks.game()
        state = game.state
        seat = state.current_player()
        if seat is None:
            return None
        bot = self.seat_bots.bot_for(game, self._hooks.seats(), seat)
        return BotTurn(seat, bot, state.clone(), mark=(game, state))

    def apply(self, turn: BotTurn, move: Any, publish: bool) -> bool:
        """Play ``move``, which a bot chose for the turn's state, if the game is still
        there: same game, same position (the very state object; an undo followed by
        another move makes a new one).  Returns whether it was played.  ``publish``: show
        it at once (a quiet runner shows its moves when it ends)."""
        game, state = turn.mark
        if self._hooks.game() is not game or game.state is not state:
            return False
        binding = self._seating.binding
        if binding is not None:
            # (a hint at a table with one person: stored as this screen's move)
            try:
                binding.play(move)
            except ValueError as exc:       # the table moved on meanwhile
                self._hooks.fail(str(exc))
                return False
            binding.refresh()
            self._hooks.clear_error()
        else:
            game.play(move)
        if publish:
            self._hooks.publish()
        return True

    def failed(self, exc: BaseException) -> None:
        """A bot's failure: shown on the board, and logged with its traceback for whoever
        runs the server (a bot that raises is a bug)."""
        self._hooks.internal_error(exc)
        self._hooks.log.error("a bot failed", exc_info=exc)
        self._hooks.fail(f"a bot failed ({type(exc).__name__}): {exc}")

    def decide_now(self, name: str | None = None) -> Any:
        """A bot plays the current decision here and now and its move is returned: the
        seat's own bot, or ``name``, or for a person's seat the preferred bot (a hint).
        At a table with one person the move is stored as this screen's; a table shared
        with other people refuses, as does a table looked at back in its history."""
        with self._lock:
            seating, hooks = self._seating, self._hooks
            game = hooks.game()
            seating.refuse(NO_BOT_HELP, shared_only=True)
            seating.refuse_looking_back(game)
            seat = game.current_player
            if seat is None:
                hooks.fail("the game is over")
                raise IllegalMoveError("the game is over")
            bot = self.seat_bots.bot_for(game, hooks.seats(), seat, name)
            move = bot.choose(game.state.clone())
            if seating.binding is not None:
                # a table with one person: the bot's move is stored as this screen's
                seating.write(lambda b: b.play(move))
                return move
            try:
                game.play(move)
            except IllegalMoveError as exc:
                hooks.fail(f"the bot's move was refused: {exc}")
                raise
            hooks.clear_error()
            hooks.publish()
            return move


__all__ = ["LocalBotHooks", "LocalBots", "bots_offered"]
