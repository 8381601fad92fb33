"""A widget's seat at a table: the table binding's place in the widget.

:class:`TableSeating` holds the :class:`~.table_mode.TableBinding` a widget sits at, if
any, and does for the widget what sitting at a table changes (see :mod:`~.table_mode` for
the rules):

- **opening and leaving**: links opened in this process's store and checked against the
  widget's game (:meth:`TableSeating.open`), the binding made and its watcher started
  (:meth:`TableSeating.sit`), stopped (:meth:`TableSeating.leave`); a New game with seats
  to invite stores a new table (:func:`invite`);
- **writing**: a move, an undo or a seat handed over is stored first, then shown; a
  refusal in words shows the table as it is now (:meth:`TableSeating.write`);
- **refusing** what a table does not allow (:meth:`TableSeating.refuse`: redo, the coach
  and Save at a shared table...), and a bot deciding while the page looks back;
- **names**: the players' chosen names put in at the last step of a publish
  (:meth:`TableSeating.named`);
- **the page's word**: its presence (:meth:`TableSeating.presence`) and its player's name
  (:meth:`TableSeating.set_name`).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from ...core.history import HistoryGame
from ...tables import create_table
from .intents import IntentError
from .table_mode import (
    INVITE,
    OPEN,
    WATCH_SECONDS,
    Hands,
    TableBinding,
    open_hands,
    shared_store,
    with_names,
)

T = TypeVar("T")


@dataclass(frozen=True)
class SeatingHooks:
    """What a widget's seat at a table asks of the widget."""

    #: show the board as it is (called with the widget's lock held)
    publish: Callable[[], None]
    #: show a refusal on the board; clear it
    fail: Callable[[str], None]
    clear_error: Callable[[], None]
    #: the pause before each bot move (seconds)
    bot_delay: Callable[[], float]
    #: the widget's logger (the watcher's failures go there)
    log: logging.Logger
    #: a message to the page (the watcher asks whether the page is still there)
    ping: Callable[[dict[str, Any]], None]


class TableSeating:
    """The table a widget sits at, if any (see the module docstring)."""

    def __init__(self, lock: threading.RLock, hooks: SeatingHooks) -> None:
        self._lock = lock
        self._hooks = hooks
        #: the table this screen sits at (None: a game played only here)
        self.binding: TableBinding | None = None

    def open(self, hands: Hands | Sequence[str], kind: str) -> Hands:
        """``hands``, or the links it is, opened in this process's store, checked to be a
        table of the game ``kind``."""
        if not isinstance(hands, Hands):
            hands = open_hands(shared_store(), list(hands))
        if hands.table.kind.name != kind:
            raise ValueError(f"this is a table of the {hands.table.kind.name} game; open it "
                             f"with that game's widget")
        return hands

    def sit(self, hands: Hands, *, run_bots: bool) -> TableBinding:
        """Sit at ``hands``'s table (with the widget's lock held; start the binding once
        the widget shows the table): this screen plays its seats, sees only their view,
        and follows the other screens' moves.  ``run_bots``: this screen plays the table's
        bots' turns (each stored once whoever else runs them)."""
        self.leave()
        hooks = self._hooks
        self.binding = TableBinding(hands, lock=self._lock, publish=hooks.publish,
                                    fail=hooks.fail, bot_delay=hooks.bot_delay,
                                    run_bots=run_bots, log=hooks.log, ping=hooks.ping)
        return self.binding

    def leave(self) -> TableBinding | None:
        """Stop following the table (it stays in the store); the binding left, if any
        (:meth:`wait_gone` waits for its watcher, without the widget's lock)."""
        binding = self.binding
        if binding is not None:
            binding.stop()
            self.binding = None
        return binding

    @staticmethod
    def wait_gone(binding: TableBinding | None) -> None:
        if binding is not None:
            binding.join(WATCH_SECONDS * 4)

    def write(self, change: Callable[[TableBinding], int]) -> None:
        """A change to the table (a move, an undo, a seat handed over), stored first, then
        shown; a refusal in words shows the table as it is now, and is raised."""
        binding = self.binding
        assert binding is not None
        try:
            change(binding)
        except ValueError as exc:
            binding.refresh()
            self._hooks.publish()
            self._hooks.fail(str(exc))
            raise
        binding.refresh()
        self._hooks.clear_error()
        self._hooks.publish()

    def refuse(self, reason: str, shared_only: bool = False) -> None:
        """Refuse (shown and raised) at a table, or with ``shared_only`` at a table shared
        with other people."""
        binding = self.binding
        if binding is not None and (binding.hands.shared or not shared_only):
            self._hooks.fail(reason)
            raise IntentError(reason)

    def refuse_looking_back(self, game: HistoryGame[Any, Any]) -> None:
        """At a table a bot decides only where the game is (its move is stored there)."""
        if self.binding is not None and game.viewing_history:
            reason = "go back to the game first: a bot decides where the game is"
            self._hooks.fail(reason)
            raise IntentError(reason)

    def named(self, value: T) -> T:
        """``value`` (a payload, the log, a message) with the players' chosen names where
        it says "Player 2" (at a table; elsewhere ``value`` itself)."""
        binding = self.binding
        if binding is None or not binding.names:
            return value
        named: T = with_names(value, binding.names)
        return named

    def presence(self, here: bool, hidden: bool) -> None:
        """The page says it is there (``hidden``: in a background tab) or that it leaves:
        whether this screen's seats count as connected (nothing away from a table)."""
        binding = self.binding
        if binding is None:
            return
        if here:
            binding.page_here(hidden)
        else:
            binding.page_left()

    def set_name(self, name: object, seat: int | None) -> None:
        """The name this page's player chose, for their seat at this table (kept in the
        store; every screen shows it)."""
        with self._lock:
            binding = self.binding
            if binding is None:
                raise IntentError("a name is shown at a shared table only; this game is "
                                  "played at this screen")
            binding.set_name(name, seat)
            self._hooks.clear_error()
            self._hooks.publish()

    def start_with_bots(self, bot: str) -> None:
        """The host's "Start now" of a table waiting for its open seats (the
        ``start_table`` intent): a bot ``bot`` in each seat nobody took."""
        with self._lock:
            if self.binding is None:
                raise IntentError("there is no shared table here: this game is played at "
                                  "this screen")
            self.write(lambda b: b.start_with_bots(bot))

    def say(self, text: object) -> None:
        """A line in the table's chat for this screen's seat (the ``chat`` intent)."""
        self._chat(lambda b: b.say(text))

    def set_chat(self, on: bool) -> None:
        """The host turns the table's chat on or off (the ``chat_switch`` intent)."""
        self._chat(lambda b: b.set_chat(on))

    def _chat(self, change: Callable[[TableBinding], object]) -> None:
        with self._lock:
            binding = self.binding
            if binding is None:
                raise IntentError("there is no shared table here: this game is played at "
                                  "this screen")
            try:
                change(binding)
            except ValueError as exc:
                self._hooks.fail(str(exc))
                raise IntentError(str(exc)) from None
            self._hooks.clear_error()
            self._hooks.publish()


def invite(game: HistoryGame[Any, Any], seats: list[str], bot_names: Sequence[str],
           seat_count: int) -> Hands:
    """Store ``game`` as a new table: "human" seats sit at this screen, "invite" seats get
    a link each (in the ``table`` trait), "open" seats wait in the lobby for anyone on this
    server, bots play theirs."""
    allowed = {"human", INVITE, OPEN, *bot_names}
    if len(seats) != seat_count or any(s not in allowed for s in seats):
        raise ValueError("give each seat 'human', 'invite', 'open' or a bot's name")
    store = shared_store()
    links = create_table(store, game, [None if s in ("human", INVITE, OPEN) else s
                                       for s in seats],
                         open_seats=[i for i, s in enumerate(seats) if s == OPEN])
    mine = [links.seats[i] for i, s in enumerate(seats) if s == "human"]
    hands = open_hands(store, [*mine, links.host])
    hands.links = links
    return hands


__all__ = ["SeatingHooks", "TableSeating", "invite"]
