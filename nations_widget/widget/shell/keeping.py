"""Every game kept, hot seat and against bots too: the widget's side of
:mod:`nations_widget.tables.kept`.

A widget made with ``keep=True`` (the app's), or in a process whose environment sets
``NATIONS_KEEP_GAMES``, keeps each game it plays in the store (this process's,
:func:`~nations_widget.widget.shell.table_mode.shared_store`, or the store given) from its
first move on.  The game a widget opens with, which nobody asked for, waits for a person's
first move (or, with no person's seat, any first move): the app's page makes its game
before it reads its address, and a page opened at a kept game's link would otherwise keep
a new game each time a bot opened it.  After each update of the board is sent,
:meth:`Keeping.follow` works out what changed since the last write (moves, an undo, a seat
handed to a bot) and hands the write to the writer thread, so a move's latency does not
carry the store's write.

The ``kept`` trait gives the page the game's link (``token``) once it is kept: the page
keeps it in this browser's "Continue a game" list and in its address, and nowhere else
(it is the game's only credential; the kernel does not log it).  It always names the game
shown: :meth:`Keeping.shown`, inside the board's update, empties it for a new game and
names a kept game opened again, so that the page gets a game and its link together (a
reload then brings the game shown, never the one before).  When the store cannot be
written the game plays on and the trait says once why it is not kept.

A widget at a shared table keeps nothing here: the table is the store's already.

**In the browser** (the static site: Pyodide, no store, no server).  There the truth is
the browser's storage, which only the page can reach (the kernel runs in a web worker):
``keep=True`` becomes :data:`IN_BROWSER`, and after each update the ``kept`` trait carries
the game's save text (the widget's own Save, :meth:`save_json`) under an id of its own,
``{"status": "browser", "id", "kind", "summary", "save"}``; the page stores it per game
(``js/src/shell/tablelist.js``) and lists it in "Continue a game".  A reload, or Continue,
sends the text back and the app loads it (:meth:`Keeping.resume`, before the load's
update): the game goes on under the same id.  The same rule says when a game is kept
first (a person's first move).
"""

from __future__ import annotations

import logging
import os
import re
import secrets
import sys
import threading
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any, Literal, Protocol

from ...core.history import HistoryGame
from ...tables import Store
from ...tables.games import kind_of
from ...tables.kept import KEEP_VARIABLE, KeptGame, write_later
from ...tables.table import Table
from . import table_mode

#: seconds a move's write to the store waits, so that the page's update is sent first
#: (``benchmarks/browser_latency.py --keep``, real moves, medians of six figures each:
#: 16.3 ms with the write at once, 15.55 ms with this wait, as with no keeping at all;
#: see docs/performance.md)
WRITE_AFTER = 0.02


class KeptShown(Protocol):
    """What keeping needs of a widget: its ``kept`` trait (what the page is told of the
    game's keeping; a Protocol rather than the widget class, which imports this module)."""

    kept: dict[str, Any]


#: ``keep`` for a game kept by the page in the browser's storage (see the module's text)
IN_BROWSER: Literal["browser"] = "browser"
#: what a widget's ``keep`` may ask: nothing, this process's store, a store, the browser
Keep = bool | Store | Literal["browser"]
#: an id of a game kept in the browser, as the page sends it back
BROWSER_ID = re.compile(r"[A-Za-z0-9_-]{16}")


def in_browser() -> bool:
    """Whether this Python runs in a browser (Pyodide: the static site)."""
    return sys.platform == "emscripten"


def keeping_asked(keep: Keep | None) -> Keep:
    """What ``keep`` asks: ``None`` reads :data:`KEEP_VARIABLE` from the environment;
    ``True`` in a browser is :data:`IN_BROWSER` (there is no store there)."""
    if keep is None:
        keep = os.environ.get(KEEP_VARIABLE, "").strip().lower() in ("1", "true", "yes")
    if keep is True and in_browser():
        return IN_BROWSER
    return keep


def summary(bots: Sequence[str | None]) -> str:
    """Who plays, for the "Continue a game" list.

    >>> summary([None, "heuristic"]), summary([None, None]), summary([None])
    ('you against 1 bot', '2 players at this screen', 'solo')
    >>> summary([None, None, "random", "random"])
    '2 players at this screen and 2 bots'
    """
    people = sum(1 for b in bots if b is None)
    machines = len(bots) - people
    if len(bots) == 1:
        return "solo"
    if people == 1:
        return f"you against {machines} bot{'s' if machines != 1 else ''}"
    said = f"{people} players at this screen"
    return said if not machines else f"{said} and {machines} bot{'s' if machines != 1 else ''}"


#: what :meth:`Keeping.mark` records: the game followed, its keeping, the opening game
KeepingMark = tuple["HistoryGame[Any, Any] | None", "KeptGame | None",
                    "HistoryGame[Any, Any] | None", "str | None"]


class Keeping:
    """One widget's kept games (the one it plays now)."""

    def __init__(self, keep: Keep | None, log: logging.Logger,
                 widget_lock: AbstractContextManager[Any],
                 save_text: Callable[[], str] | None = None) -> None:
        """``save_text``: the game shown as its save's text (the widget's ``save_json``),
        which a game kept in the browser sends to the page."""
        self.asked = keeping_asked(keep)
        self._save_text = save_text
        self._log = log
        self._widget_lock = widget_lock     # the widget's lock, held while its traits change
        self._game: HistoryGame[Any, Any] | None = None     # the game followed
        self.kept: KeptGame | None = None                   # None: not (yet) kept
        #: the game the widget opened with, while no person has moved in it
        self._unasked: HistoryGame[Any, Any] | None = None
        #: the id of the game followed in the browser's storage (None: not yet kept there)
        self.browser_id: str | None = None
        self._lock = threading.Lock()

    def _store(self) -> Store:
        if isinstance(self.asked, bool) or self.asked == IN_BROWSER:
            return table_mode.shared_store()
        return self.asked

    def resume(self, game: HistoryGame[Any, Any], browser_id: str) -> None:
        """Follow a game kept in the browser, loaded again from its save (the widget is
        about to show ``game``): it goes on being kept under ``browser_id``."""
        if BROWSER_ID.fullmatch(browser_id) is None:
            raise ValueError("the page sent a kept game's id in a form this app does not read")
        self.asked = IN_BROWSER
        self._game, self.kept, self._unasked = game, None, None
        self.browser_id = browser_id

    def reopen(self, table: Table, token: str) -> None:
        """Follow a kept game opened again (the widget is about to show ``table.game``):
        it goes on being kept, in its own store, even by a widget not asked to keep."""
        if self.asked is False:
            self.asked = table.store
        self._game = table.game
        self.kept = KeptGame.reopened(table, token)

    def shown(self, widget: KeptShown, game: HistoryGame[Any, Any],
              bots: list[str | None]) -> None:
        """Inside a publish (the widget's lock and its traits held, sent as one update):
        the ``kept`` trait names ``game``'s keeping, so the page never gets a game with the
        link of another: ``{}`` for a new game (not kept until its first move), the link
        of a kept game opened again (:meth:`reopen`)."""
        if self.asked is False:
            return
        if game is not self._game:
            # the first game followed is the one the widget opened with
            self._unasked = game if self._game is None else None
            self._game, self.kept, self.browser_id = game, None, None
            if widget.kept:
                widget.kept = {}
        kept = self.kept
        if kept is not None and not kept.failed and widget.kept.get("token") != kept.token:
            widget.kept = {"id": kept.table_id, "kind": kept.kind.name, "token": kept.token,
                           "summary": summary(bots), "status": "kept"}

    def mark(self) -> KeepingMark:
        """What :meth:`restore` goes back to: the game followed, its keeping, and whether
        it is still the opening game nobody moved in."""
        return self._game, self.kept, self._unasked, self.browser_id

    def restore(self, mark: KeepingMark) -> None:
        """Back to ``mark`` (the widget's lock held: a load that failed while it was shown,
        rolled back to the game it had): that game goes on being kept under its own link,
        and a record begun meanwhile for the game that failed is dropped, so that no
        record is left that no page has a link to."""
        dropped = self.kept
        self._game, self.kept, self._unasked, self.browser_id = mark
        if dropped is None or dropped is mark[1]:
            return
        # its writes still waiting are skipped; one under way is done first, then deleted
        dropped.failed = "the game it kept was never shown"
        write_later(lambda: self._drop(dropped))

    def _drop(self, kept: KeptGame) -> None:
        """In the writer thread: delete the record of a game that was never shown."""
        if not kept.created:
            return
        try:
            kept.store.delete_table(kept.table_id)
        except Exception as exc:            # the store gone: prune deletes it later
            self._log.warning("a record begun for a game not shown is left: %s",
                              type(exc).__name__)

    def follow(self, widget: KeptShown, game: HistoryGame[Any, Any],
               bots: list[str | None]) -> None:
        """After a publish, which called :meth:`shown` with ``game`` (the widget's lock
        held): keep what changed in ``game``."""
        if self.asked is False:
            return
        if self.asked == IN_BROWSER:
            self._follow_in_browser(widget, game, bots)
            return
        if self.kept is None:
            if game.game_position == 0 or widget.kept.get("status") == "off":
                return
            if game is self._unasked and not _a_person_moved(game, bots):
                return
            self._unasked = None
            try:
                self.kept = KeptGame.new(self._store(), game, bots)
            except Exception as exc:        # no store at all (a folder that cannot be made)
                self._log.warning("this game is not kept: %s", type(exc).__name__)
                widget.kept = {"status": "off",
                               "message": "the server's game store cannot be opened"}
                return
        kept = self.kept
        if kept.failed:
            return
        self.shown(widget, game, bots)
        events = kept.changes(game, bots)
        if events or not kept.created:
            # the board's update first: the write's Python work would hold the GIL that
            # the kernel's IO thread needs to send it (docs/performance.md)
            write_later(lambda: self._write(widget, kept, events), after=WRITE_AFTER)

    def _follow_in_browser(self, widget: KeptShown, game: HistoryGame[Any, Any],
                           bots: list[str | None]) -> None:
        """The game's save text to the page, which stores it in the browser (from a
        person's first move on, as in a store)."""
        if self.browser_id is None:
            if game.game_position == 0:
                return
            if game is self._unasked and not _a_person_moved(game, bots):
                return
            self._unasked = None
            self.browser_id = secrets.token_urlsafe(12)
        kind = kind_of(game)
        if self._save_text is None or kind is None:
            return
        record = {"status": "browser", "id": self.browser_id, "kind": kind.name,
                  "summary": summary(bots), "save": self._save_text()}
        if widget.kept != record:
            widget.kept = record

    def _write(self, widget: KeptShown, kept: KeptGame,
               events: list[str]) -> None:
        """In the writer thread: store ``events``; a failure is said once on the board."""
        if kept.failed or kept.write(events) or self.kept is not kept:
            return                  # (a failure already said, or a game no longer shown)
        # (the reason only: never the link, nor the store's path)
        self._log.warning("game %s is no longer kept: %s", kept.table_id, kept.failed)
        with self._widget_lock:
            if self.kept is kept and widget.kept.get("status") != "off":
                # a game deleted meanwhile (forgotten in another tab): its id, so that the
                # page takes it off this browser's list (never its link)
                gone = {"id": kept.table_id, "gone": True} if kept.gone else {}
                widget.kept = {"status": "off", "message": kept.failed, **gone}


def _a_person_moved(game: HistoryGame[Any, Any], bots: Sequence[str | None]) -> bool:
    """Whether a seat of a person (``None`` in ``bots``) made one of ``game``'s moves so
    far; with no person's seat, whether a move was made at all."""
    people = {seat for seat, bot in enumerate(bots) if bot is None}
    if not people:
        return game.game_position > 0
    return any(game.state_at(at).current_player() in people
               for at in range(game.game_position))


__all__ = ["BROWSER_ID", "IN_BROWSER", "Keep", "Keeping", "KeptShown", "in_browser",
           "keeping_asked", "summary"]
