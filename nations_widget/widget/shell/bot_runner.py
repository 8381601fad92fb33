"""A widget's bot runner: when and where the bots of a game played at one screen move.

The bots' turns are played by the one loop every bot runs through
(:func:`nations_widget.core.bots.runner.play_bot_turns`); here the place their moves go is
the widget's game (:class:`LocalPlace`: played on it only if nothing changed it while the
bot thought).  A table's bots go through the same loop with the store as their place
(:class:`nations_widget.tables.table.StorePlace`), run by the table's watcher
(:mod:`~nations_widget.widget.shell.table_mode`).

:class:`BotRunner` decides where the loop runs: here and now when ``bot_delay`` is 0 and
Python asked (a script, a notebook cell, a test: the bots have answered when the call
returns), else in a thread of its own, so that neither a bot's search nor the pause
between moves ever holds the kernel's message loop (Jupyter, Voila); where no thread can
start (Pyodide: ``nations-widget static`` runs the app in the browser, :data:`THREADS`)
it is a task on the kernel's event loop, one move at a time with the pause awaited.

One runner per widget: while one is playing the current game, another request is ignored
(a double click whose busy flag had not reached the page yet, a second page on the same
kernel).  Anything that changes the game bumps the runner's *epoch* (:meth:`BotRunner.cancel`),
which wakes a pausing runner and stops it without playing what its bot chose.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.bots.runner import BotTurn, nothing_held, play_bot_turns
from ...core.history import HistoryGame
from .adapter import Bot, BotFactory
from .bots import choose_bot
from .intents import IntentError

#: this Python can start threads: not in Pyodide (``nations-widget static`` runs the app
#: there, in the visitor's browser), where the bots' runner is a task on the event loop
THREADS = sys.platform != "emscripten"


def loop_running() -> bool:
    """An asyncio loop runs on this thread (a Jupyter or Voila kernel's)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


class SeatBots:
    """The bots that play a widget's seats: one per bot seat, made the first time it moves
    and kept for the game (:attr:`made`), each seeded from the game's seed and its seat."""

    def __init__(self, factory: BotFactory, names: Sequence[str], preferred: str) -> None:
        self.factory = factory
        self.names = tuple(names)
        self.preferred = preferred
        #: the seats' bots made so far, by seat (forgotten when the seats or the game change)
        self.made: dict[int, Bot] = {}

    def bot_for(self, game: HistoryGame[Any, Any], seats: Sequence[str], seat: int,
                name: str | None = None) -> Bot:
        """The bot that decides for ``seat``: its own bot, or ``name``, or for a human seat
        the preferred bot (a hint, seeded by the position too)."""
        who = name or seats[seat]
        if who == "human":
            if not self.names:
                raise IntentError("no bot is available")
            who = choose_bot(self.names, self.preferred)
        if name is None and seats[seat] != "human":
            bot = self.made.get(seat)
            if bot is None:
                bot = self.made[seat] = self.factory(who, bot_seed(game, seat))
            return bot
        return self.factory(who, bot_seed(game, seat) + game.position)


def bot_seed(game: HistoryGame[Any, Any], seat: int) -> int:
    """A seat's bot's seed, from the game's: the same game gives the same bots."""
    return (int(game.config.seed) * 7919 + seat * 104729) % (2**31)


@dataclass(frozen=True)
class BotHooks:
    """What a :class:`BotRunner` asks of its widget (each called with the widget's lock
    held, but ``hint_now`` and ``failed``)."""

    #: a bot is to move (a bot's seat, not a person's, not the end)
    due: Callable[[], bool]
    #: the turn due now: the seat to move, its bot, a copy of the state, and the game and
    #: state played on as the ``mark`` (None: the game is over)
    turn: Callable[[], BotTurn | None]
    #: play a bot's move if the game is still at the turn's position; ``publish``: show it
    apply: Callable[[BotTurn, Any, bool], bool]
    #: the ``busy`` flag (the page shows the bots thinking)
    busy: Callable[[bool], None]
    #: show the board as it is
    publish: Callable[[], None]
    #: a bot failed: shown on the board and logged
    failed: Callable[[BaseException], None]
    #: a bot plays the current decision here and now (the page's "let a bot decide")
    hint_now: Callable[[], object]
    #: the pause before each bot move (seconds)
    delay: Callable[[], float]
    #: a message from the page is being handled (so a kernel's loop may be running)
    in_intent: Callable[[], bool]


class LocalPlace:
    """The widget's game as the place a bot's move goes
    (:class:`~nations_widget.core.bots.runner.MovePlace`): a turn is handed out and its
    move played only while the runner's epoch stands (nothing changed the game since the
    runner started), and only on the very state the bot was given a copy of."""

    def __init__(self, runner: BotRunner, epoch: int, *, hint: bool, publish: bool) -> None:
        self._runner = runner
        self._epoch = epoch
        self._hint = hint           # the first turn is a person's, decided by a bot
        self._publish = publish

    def _current(self) -> bool:
        return self._epoch == self._runner.epoch

    def due(self) -> bool:
        return self._current() and self._runner.hooks.due()

    def next_turn(self) -> BotTurn | None:
        with self._runner.lock:
            if not self._current() or not (self._hint or self._runner.hooks.due()):
                return None
            self._hint = False
            return self._runner.hooks.turn()

    def thinking(self, turn: BotTurn) -> Any:
        return nothing_held()

    def apply(self, turn: BotTurn, move: Any) -> bool:
        with self._runner.lock:
            return self._current() and self._runner.hooks.apply(turn, move, self._publish)


class BotRunner:
    """Where and when a widget's bots play (see the module docstring)."""

    def __init__(self, lock: threading.RLock, hooks: BotHooks) -> None:
        self.lock = lock
        self.hooks = hooks
        #: bumped by anything that changes the game: a runner of an older epoch stops
        self.epoch = 0
        self._stop = threading.Event()          # set to wake the runner's pause: stop
        self._live: int | None = None           # the epoch of the live runner, if any
        self._skipping: int | None = None       # the epoch of the last "skip to my turn"
        #: the last runner's thread, or (where threads are not: Pyodide) its task
        self.thread: threading.Thread | None = None
        self.task: asyncio.Task[None] | None = None

    @property
    def live(self) -> bool:
        """A runner is playing the current game (it started after the last change)."""
        return self._live is not None and self._live == self.epoch

    def cancel(self) -> None:
        """Forget any scheduled bot move (the game changed under it): the live runner, if
        any, sees the new epoch and stops without applying what its bot chose."""
        self.epoch += 1
        self._stop.set()
        self.hooks.busy(False)

    def schedule(self, hint: bool = False) -> None:
        """Let the bots answer (after a person's decision, a seat change, a new game, or
        the page's "play the bots" / "let a bot decide"); ``hint``: a bot first plays the
        current decision even if a person sits there.  Here and now or in a runner of its
        own: see the module docstring."""
        hooks = self.hooks
        if not hint and not hooks.due():
            return
        if self.live:
            return
        if hooks.delay() <= 0 and not (hooks.in_intent() and loop_running()):
            try:
                if hint:
                    hooks.hint_now()
                self.play_now()
            except Exception as exc:
                hooks.failed(exc)
            return
        self._launch(self._start(), hint=hint, pause=hooks.delay())

    def play_now(self, max_moves: int = 100_000) -> int:
        """Play the bots here and now until a person must decide or the game ends (the
        board is updated once, at the end); how many moves they made."""
        with self.lock:
            self.cancel()
            try:
                return self.run(self.epoch, limit=max_moves, quiet=True)
            finally:
                self.hooks.busy(False)
                self.hooks.publish()

    def skip(self) -> None:
        """"Skip to my turn": the bots play with no pause, in a runner of their own inside
        Jupyter or Voila (five search bots took 113 s on the message thread once, and the
        page got no answer meanwhile), the board updated once at the end, when it lists
        what they did; here and now from a script.  A runner pausing before its next move
        gives way to this one; the next change to the game stops it like any other."""
        if not loop_running():
            self.play_now()
            return
        with self.lock:
            if self.live and self._skipping == self.epoch:
                return           # a double click: that skip is under way
            self.cancel()
            epoch = self._skipping = self._start()
        self._launch(epoch, quiet=True)

    def run(self, epoch: int, *, hint: bool = False, pause: float = 0.0,
            limit: int | None = None, quiet: bool = False,
            stop: threading.Event | None = None) -> int:
        """The bots' turns through the one loop, with the widget's game as the place
        (:class:`LocalPlace`); how many moves were played.  ``quiet``: not shown move by
        move (the board is updated when the runner ends)."""
        place = LocalPlace(self, epoch, hint=hint, publish=not quiet)
        return play_bot_turns(place, limit=limit, pause=pause, stop=stop,
                              pause_first=not hint)

    def _start(self) -> int:
        with self.lock:
            epoch = self._live = self.epoch
            self._stop = threading.Event()
            self.hooks.busy(True)
            return epoch

    def _launch(self, epoch: int, *, hint: bool = False, pause: float = 0.0,
                quiet: bool = False) -> None:
        """:meth:`run` in a thread of its own: a failure is shown and logged, and the busy
        flag drops when it ends (unless the game changed meanwhile: the new runner owns
        it).  Where this Python starts no thread, a task on the event loop instead
        (:meth:`_on_loop`)."""
        stop = self._stop
        if not THREADS:
            self.task = asyncio.get_event_loop().create_task(
                self._on_loop(epoch, hint=hint, pause=pause, quiet=quiet, stop=stop))
            return

        def drive() -> None:
            try:
                self.run(epoch, hint=hint, pause=pause, quiet=quiet, stop=stop)
            except Exception as exc:
                if epoch == self.epoch:
                    self.hooks.failed(exc)
            finally:
                self._ended(epoch, quiet)

        self.thread = threading.Thread(target=drive, daemon=True, name="nations-bots")
        self.thread.start()

    async def _on_loop(self, epoch: int, *, hint: bool, pause: float, quiet: bool,
                       stop: threading.Event) -> None:
        """The runner where there are no threads: one bot move at a time through
        :meth:`run`, the pause before each awaited, so that the page's messages (a new
        game, an undo: they stop the runner) are answered between moves.  A bot's own
        search still holds the loop while it thinks (a fraction of a second for the app's
        bots)."""
        try:
            while epoch == self.epoch and not stop.is_set():
                if pause > 0 and not hint:
                    await asyncio.sleep(pause)
                    if stop.is_set() or epoch != self.epoch:
                        break
                if self.run(epoch, hint=hint, limit=1, quiet=quiet, stop=stop) == 0:
                    break
                hint = False
                await asyncio.sleep(0)
        except Exception as exc:
            if epoch == self.epoch:
                self.hooks.failed(exc)
        finally:
            self._ended(epoch, quiet)

    def _ended(self, epoch: int, quiet: bool) -> None:
        """A runner has ended: it no longer holds the widget (and, if the game is still
        the one it played, the busy flag drops and a quiet runner shows where it got)."""
        with self.lock:
            if self._live == epoch:
                self._live = None
            if epoch == self.epoch:
                if quiet:
                    self.hooks.publish()
                self.hooks.busy(False)


__all__ = ["THREADS", "BotHooks", "BotRunner", "LocalPlace", "SeatBots", "bot_seed",
           "loop_running"]
