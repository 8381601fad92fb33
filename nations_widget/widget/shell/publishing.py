"""Publishing: the board's traits worked out from the game and set as one update.

:class:`Publisher` is the part of a :class:`~nations_widget.widget.shell.widget.GameWidget`
that turns its game into what the page draws: the ``view`` and ``legal`` of the position
shown (kept per position by :class:`~.positions.ShownPositions`), the ``log_patch`` (what
changed in the log since the page's copy, :func:`~.log.log_patch`), the ``history``
(where Undo goes back to: :func:`undo_target`), the ``seats``, ``settings`` and ``fair``
traits, the table's payload or the game's keeping.  Everything is set inside one
``hold_sync``, so the page gets one update per change, and the players' names at a table
are put in at the last step (:meth:`~.seating.TableSeating.named`).

After a person's decision is shown, it also works out, once the event loop is idle, the
positions of the moves they are likely to make (:meth:`Publisher.prepare_soon`,
:meth:`Publisher.prepare_likely_moves`).

Nothing here imports the widget: what a publish writes is a :class:`Board` (the widget's
traits), what it reads of the widget's game is given as :class:`PublishHooks`.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol

from ...core.history import HistoryGame
from .adapter import GameAdapter
from .bot_runner import BotRunner, loop_running
from .bots import choose_bot
from .coaching import Coaching
from .intents import MAX_MESSAGE_CHARS, IntentError
from .keeping import Keeping
from .log import history_payload, log_patch
from .positions import ShownPositions
from .seating import TableSeating
from .secrecy import published_settings
from .table_mode import REMOTE

#: seconds after a person's decision is shown before its likely next positions are worked
#: out (the update has gone and the page is drawing it; a click before then plays as usual)
PREPARE_AFTER = 0.05

#: what :meth:`Publisher.mark` records: the log the page holds and its patch number
LogMark = tuple[list[dict[str, Any]], int]


class Board(Protocol):
    """The traits a publish sets (the widget; a Protocol, since the widget imports this
    module).  A game's own traits are set by name (``setattr``)."""

    seats: list[str]
    settings: dict[str, Any]
    fair: dict[str, Any]
    view: dict[str, Any]
    legal: list[Any]
    log_patch: dict[str, Any]
    history: dict[str, Any]
    table: dict[str, Any]
    preview: dict[str, Any]
    kept: dict[str, Any]
    bot_delay: float
    log_limit: int

    def hold_sync(self) -> AbstractContextManager[Any]: ...


@dataclass(frozen=True)
class PublishHooks:
    """What a publish reads of the widget's own records (not traits)."""

    #: the game played (its history)
    game: Callable[[], HistoryGame[Any, Any]]
    #: who plays each seat ("human", a bot's name, ``"remote"``); and setting them (at a
    #: table, the table's seats are taken at each publish)
    seats: Callable[[], list[str]]
    set_seats: Callable[[list[str]], None]
    #: the ``game`` number of the ``history`` trait (a new game or a load is the next)
    game_number: Callable[[], int]
    #: the coach's ``coach`` and ``review`` traits as it wrote them, by trait: at a table
    #: they are shown anew with the players' names at each publish (a name chosen since)
    said: Callable[[], dict[str, dict[str, Any]]]


@dataclass(frozen=True)
class PublishParts:
    """The widget's other parts a publish asks or tells."""

    positions: ShownPositions
    seating: TableSeating
    coaching: Coaching
    keeping: Keeping
    bot_runner: BotRunner


def game_info(adapter: GameAdapter[Any, Any], bot_names: Sequence[str]) -> dict[str, Any]:
    """The ``game_info`` trait (sent once): the game's kind, title, player counts, the bot
    a hint asks, each bot's level in words and the game's words for its fair dice."""
    return {"kind": adapter.kind, "title": adapter.title,
            "player_counts": list(adapter.player_counts),
            "preferred_bot": choose_bot(bot_names, adapter.preferred_bot),
            "bot_levels": adapter.bot_levels(bot_names),
            "fair_words": dict(adapter.fair_words)}


def undo_target(game: HistoryGame[Any, Any], seats: Sequence[str]) -> int:
    """The position the board's Undo goes back to: the previous decision of a human seat
    (so that undoing in a game against bots does not land on a bot's turn), never the
    question a move asks next (where the card just bought goes: Undo goes back to before
    that move)."""
    pos = game.position
    everyone = all(s == "human" for s in seats)
    for p in range(pos - 1, -1, -1):
        seat = game.state_at(p).current_player()
        if (everyone or (seat is not None and seats[seat] == "human")) \
                and not game.follows(p):
            return p
    return pos - 1


class Publisher:
    """One widget's publishing (see the module docstring): it keeps the log the page holds
    and the idle-time preparation waiting, if any."""

    def __init__(self, board: Board, adapter: GameAdapter[Any, Any],
                 lock: threading.RLock, parts: PublishParts, hooks: PublishHooks) -> None:
        self._board = board
        self._adapter = adapter
        self._lock = lock
        self._parts = parts
        self._hooks = hooks
        #: the log entries the browser holds, and the last log patch's number (0: none yet)
        self.log: list[dict[str, Any]] = []
        self.log_seq = 0
        #: the idle-time preparation waiting on the event loop, if any
        self._preparing: asyncio.TimerHandle | None = None

    def mark(self) -> LogMark:
        """What :meth:`restore` goes back to (a load rolled back)."""
        return self.log, self.log_seq

    def restore(self, mark: LogMark) -> None:
        self.log, self.log_seq = mark

    def show_preview(self, move: Any, ask: int | None = None) -> dict[str, Any]:
        """What ``move`` would do now (the adapter's ``preview_payload``; nothing is
        played), also set as the ``preview`` trait with the ``position``, the ``move``, the
        page's ``ask`` number when given, and ``asked`` (this widget's previews counted, so
        that the same preview asked again is a new value).  An illegal move raises
        :class:`~nations_widget.core.errors.IllegalMoveError` with the reason."""
        game = self._hooks.game()
        parsed = self._adapter.parse_move(move)
        if game.current_player is None:
            raise IntentError("the game is over: no more moves")
        result = self._adapter.preview_payload(game, parsed)
        shown = {**result, "position": game.position, "move": parsed.to_json(),
                 "asked": int(self._board.preview.get("asked", 0)) + 1}
        if ask is not None:
            shown["ask"] = ask
        self._board.preview = self._parts.seating.named(shown)   # "Ada passes.", at a table
        return result

    def publish_log(self, reset: bool = False) -> None:
        """Send the browser what changed in the log (everything when ``reset``)."""
        board = self._board
        entries = self._adapter.log_entries(self._hooks.game(), board.log_limit)
        entries = self._parts.seating.named(entries)
        if not reset and self.log_seq and entries == self.log:
            return
        prev = None if reset or not self.log_seq else self.log_seq
        self.log_seq += 1
        board.log_patch = log_patch(self.log, entries, self.log_seq, prev)
        self.log = entries

    def resend_log(self) -> None:
        """Send the page the whole log (its copy is not the one the last patch builds on:
        the ``log_sync`` intent)."""
        with self._lock:
            self.publish_log(reset=True)

    def publish(self, full: bool = False, reset_log: bool = False) -> None:
        """Send the board the game as it is now (the widget's lock held); ``full``: the
        game-only traits whole (a new widget, a load, a refresh, new components)."""
        board, adapter, parts = self._board, self._adapter, self._parts
        game = self._hooks.game()
        binding = parts.seating.binding
        if binding is not None:
            self._hooks.set_seats(binding.seats())
        seats = self._hooks.seats()
        undo_to = undo_target(game, seats) if game.can_undo else None
        bots = [None if s in ("human", REMOTE) else s for s in seats]
        with board.hold_sync():
            for name, value in adapter.extra_traits(game, full).items():
                setattr(board, name, value)
            board.seats = list(seats)
            # the seed decides every draw to come: the page gets it once the game is over
            board.settings = {**published_settings(adapter.settings_of(game), game),
                              "bot_delay": board.bot_delay, "max_message": MAX_MESSAGE_CHARS}
            board.fair = game.fairness()
            if full:
                parts.positions.clear()
            # a review's puzzle shown: its seat's moves are the page's to answer with
            current = game.current_player
            answering = (current is not None
                         and parts.coaching.puzzle_seat(game.position) == current)
            view, board.legal = parts.positions.payloads(game, seats, answering)
            # the players' names at a table, put in at the last step (the payloads kept
            # per position, like the engine's log, say "Player 2")
            board.view = parts.seating.named(view)
            self.publish_log(reset=reset_log)
            board.history = {**history_payload(game, undo_to), "game": self._hooks.game_number()}
            parts.coaching.sync_review()
            if binding is not None:
                board.table = binding.payload()
                for trait, said in self._hooks.said().items():    # a name chosen since
                    setattr(board, trait, parts.seating.named(said))
                board.history = {**board.history, "can_undo": binding.can_undo(),
                                 "can_redo": False}
            else:
                if board.table:
                    board.table = {}
                parts.keeping.shown(board, game, bots)   # its link goes with the game
        # the board's update is sent: now the store follows (its write in a thread)
        if binding is None:
            parts.keeping.follow(board, game, bots)
        self.prepare_soon()

    def prepare_soon(self) -> None:
        """After an update of a person's decision, while the player thinks: work out the
        payloads of the moves they are likely to make (:mod:`~.positions`), once the loop
        is idle; nothing without an event loop (plain Python) or at a table."""
        if not loop_running():
            return          # (plain Python, or a bot's thread: its timer is the loop's)
        if self._preparing is not None:
            self._preparing.cancel()
            self._preparing = None
        if self._parts.seating.binding is not None:
            return
        self._preparing = asyncio.get_running_loop().call_later(
            PREPARE_AFTER, self.prepare_likely_moves)

    def prepare_likely_moves(self) -> int:
        """Work out now the next positions of the moves the person to decide is likely to
        make (the move previewed, the game's own likely ones: a pass); returns how many.
        Only at the game's latest position, a person's decision at this screen, no bot
        running."""
        self._preparing = None
        parts = self._parts
        with self._lock:
            game = self._hooks.game()
            seats = self._hooks.seats()
            job = parts.coaching.review_job
            if job is not None and job.result is None and not job.stop.is_set():
                return 0            # a review reads this game's history while it runs
            current = game.current_player
            if (current is None or seats[current] != "human" or game.viewing_history
                    or game.can_redo or parts.seating.binding is not None
                    or parts.bot_runner.live):
                return 0
            moves: list[Any] = []
            preview = self._board.preview
            if preview.get("position") == game.position and "move" in preview:
                moves.append(preview["move"])
            moves += self._adapter.likely_moves(game)
            return parts.positions.prepare(game, seats, moves)
