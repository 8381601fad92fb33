"""Games played at one screen (hot seat, or against bots), kept in the store as they are
played, so that a closed tab, a reload or a dead kernel loses nothing.

Such a game is a table of its own whose undo rule is "screen" (its history goes back
anywhere, as the widget's does) and which has one link, the host's: the screen that plays
it holds the link, and only that browser has it (the app keeps it in the page's "Continue a
game" list and address), so the link is the game's only credential.  Nobody else sits at
it.

The widget plays the game as before, on its own engine game; a :class:`KeptGame` follows
it.  :meth:`KeptGame.changes` compares the game's line (its moves up to where the game is,
and the seats) with the line last stored and gives the events that bring the store there:
an undo back to where the two part, then the moves after it, and a seat handed to a bot
or taken back.  The engine checked every one of those moves as the widget played them; the
store replays them through the engine when the game is opened again
(:class:`~nations_widget.tables.table.Table`), so what comes back is a game the rules reach.

:meth:`KeptGame.write` stores them (the widget calls it after the board's update is sent,
in a writer thread: :func:`write_later`).  A store that cannot be written (a disk full, a
read-only folder, a database gone) stops nothing: the game plays on, and :attr:`failed`
says in words why it is no longer kept.

**Forgetting.**  :func:`forget_kept` deletes a kept game for whoever holds its link (the
page's Forget); a shared table is never deleted so, since other players still sit at it.
A screen still playing a game forgotten elsewhere (another tab) finds its next write
refused and says once that the game is no longer kept (:attr:`KeptGame.gone`).
:func:`prune_kept` deletes the kept games nobody played for some days (``python -m
nations_widget tables prune --days N``), and shared tables too only when asked.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..core.history import HistoryGame
from .errors import LinkError, RecordError, TableError
from .games import GameKind, kind_of, kinds
from .links import check_token_shape, digest, new_table_id, new_token
from .records import Event, TableRecord, read_table
from .store import LinkRow, Store, TableRow
from .table import Table

#: The environment variable that turns keeping on for widgets made in a notebook
#: (``GameWidget(keep=None)``, the default): "1", "true" or "yes".
KEEP_VARIABLE = "NATIONS_KEEP_GAMES"


@dataclass
class KeptGame:
    """One game kept in ``store`` as table ``table_id``: the line stored so far (``moves``
    up to where the game is, ``bots`` per seat) and the store's ``head``."""

    store: Store
    kind: GameKind
    table_id: str
    token: str
    moves: list[Any] = field(default_factory=list)
    bots: list[str | None] = field(default_factory=list)
    head: int = 0
    created: bool = False
    #: why the game is no longer kept, in words ('' while it is)
    failed: str = ""
    #: its record was deleted (forgotten at another screen, or pruned): the page takes it
    #: off its "Continue a game" list
    gone: bool = False
    _start: str = ""                    # the table's record, until it is stored

    @classmethod
    def new(cls, store: Store, game: HistoryGame[Any, Any],
            bots: Sequence[str | None]) -> KeptGame:
        """A game to keep from where it is now (its moves so far become its start);
        nothing is stored until :meth:`write`."""
        kind = kind_of(game)
        if kind is None:
            raise TableError("tables do not know this kind of game")
        start = game.to_json()
        at = game.game_position
        start["moves"] = start["moves"][:at]
        start["position"] = at
        known = [b if b in kind.bot_names else None for b in bots]
        record = TableRecord(kind.name, start, tuple(known), "screen")
        kept = cls(store, kind, new_table_id(), new_token(),
                   moves=[game.move_at(i) for i in range(at)], bots=known)
        kept._start = record.to_text()
        return kept

    @classmethod
    def reopened(cls, table: Table, token: str) -> KeptGame:
        """A kept game opened again (its table replayed): it goes on being kept."""
        game = table.game
        return cls(table.store, table.kind, table.id, token,
                   moves=[game.move_at(i) for i in range(game.game_position)],
                   bots=list(table.bots), head=table.number, created=True)

    # ------------------------------------------------------------------ changes
    def changes(self, game: HistoryGame[Any, Any], bots: Sequence[str | None]) -> list[str]:
        """The events (as stored text) that bring the stored line to ``game``'s (called
        with the game standing still: the widget's lock held); the line is then taken as
        stored."""
        at = game.game_position
        same = 0
        limit = min(at, len(self.moves))
        while same < limit:
            stored = self.moves[same]
            played = game.move_at(same)
            if stored is not played and stored != played:
                break
            same += 1
        events: list[str] = []
        if same < len(self.moves):
            seat = game.state_at(same).current_player()
            events.append(Event("undo", 0 if seat is None else seat, to=same).to_text())
            del self.moves[same:]
        for position in range(same, at):
            move = game.move_at(position)
            seat = game.state_at(position).current_player()
            events.append(Event("move", 0 if seat is None else seat,
                                move=move.to_json()).to_text())
            self.moves.append(move)
        known = [b if b in self.kind.bot_names else None for b in bots]
        for seat, bot in enumerate(known):
            if seat < len(self.bots) and bot != self.bots[seat]:
                events.append(Event("seat", seat, bot=bot, by=None).to_text())
                self.bots[seat] = bot
        return events

    def write(self, events: Sequence[str]) -> bool:
        """Store ``events`` (creating the table first if it is not yet); ``False``, with
        :attr:`failed` set, when the store could not take them (nothing raises)."""
        if self.failed:
            return False
        try:
            if not self.created:
                now = time.time()
                self.store.create_table(TableRow(self.table_id, self._start, 0, now, now),
                                        [LinkRow(digest(self.token), self.table_id, "host",
                                                 None, now)])
                self.created = True
            for text in events:
                if not self.store.append(self.table_id, self.head, text):
                    self.gone = self.store.head(self.table_id) is None
                    self.failed = (FORGOTTEN if self.gone else
                                   "another screen wrote to this game's record: it is no "
                                   "longer kept from here")
                    return False
                self.head += 1
        except Exception as exc:            # a full disk, a read-only folder, no database
            self.failed = _why(exc)
            return False
        return True


#: why a game is no longer kept when its record was deleted while it was played here
FORGOTTEN = ("this game was forgotten (deleted from the server) in another tab or window, or "
             "by whoever runs the server: it is no longer kept")
#: the Forget of a shared table: it stays, for the other players
SHARED_STAYS = ("this is a table shared with other players, who still sit at it, so it stays "
                "on the server")
DAY = 86400.0


def forget_kept(store: Store, token: object) -> bool:
    """Delete the kept game whose link is ``token`` (its record, events and link, in one
    transaction): what the page's Forget asks of a game of one screen.  ``False`` when the
    link opens nothing any more (the game is gone already).  Refused with
    :class:`~nations_widget.tables.errors.LinkError`, never quoting the link and changing
    nothing: a malformed link, a replaced one, or one of a shared table
    (:data:`SHARED_STAYS`)."""
    check_token_shape(token)
    assert isinstance(token, str)
    link = store.find_link(digest(token))
    if link is None:
        return False
    row = store.load_table(link.table_id)
    if row is None:
        return False
    try:
        undo = _undo_rule(row)
    except RecordError:
        raise LinkError("this game's record cannot be read by this version: it is left on "
                        "the server for whoever runs it to look at") from None
    # a kept game has one link, the host's, and is the only table of undo rule "screen"
    if undo != "screen" or link.role != "host":
        raise LinkError(SHARED_STAYS)
    if link.revoked is not None:
        raise LinkError("this link was replaced by a newer one: it no longer opens the game")
    return store.delete_table(link.table_id)


def prune_kept(store: Store, days: float, *, shared: bool = False,
               now: float | None = None) -> int:
    """Delete the kept games (of one screen) nobody played for ``days`` days, and with
    ``shared`` the shared tables left as long too; the number of tables deleted.  A table
    played while this runs is not deleted (:meth:`Store.delete_table`'s
    ``unmoved_since``); a record this version cannot read is left for a person to look
    at (unless ``shared``: then every table left that long goes)."""
    if days < 0:
        raise ValueError("give a number of days of 0 or more")
    cutoff = (time.time() if now is None else now) - days * DAY
    deleted = 0
    for row in store.list_tables():
        if row.updated >= cutoff:
            continue
        if not shared:
            try:
                if _undo_rule(row) != "screen":
                    continue
            except RecordError:
                continue
        if store.delete_table(row.id, unmoved_since=cutoff):
            deleted += 1
    return deleted


def _undo_rule(row: TableRow) -> str:
    """The undo rule of the table stored in ``row`` ("screen": a game kept from one
    screen, the only tables of that rule); :class:`RecordError` when this version cannot
    read its record."""
    return read_table(row.record, row.id, set(kinds())).undo


def _why(exc: BaseException) -> str:
    """A store's failure in a player's words (never a path or a URL)."""
    text = str(exc).lower()
    if "full" in text:
        return "the server's disk is full"
    if "readonly" in text or "read-only" in text or "permission" in text:
        return "the server's game store cannot be written (its folder is read-only)"
    return f"the server's game store cannot be written ({type(exc).__name__})"


_WRITER: ThreadPoolExecutor | None = None
_WRITER_LOCK = threading.Lock()


def write_later(job: Callable[[], None], after: float = 0.0) -> None:
    """Run ``job`` in this process's writer thread (one, so that each game's events are
    stored in the order they were made), not before ``after`` seconds from now."""
    global _WRITER
    due = time.monotonic() + after

    def when_due() -> None:
        wait = due - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        job()
    with _WRITER_LOCK:
        if _WRITER is None:
            _WRITER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="nations-keep")
        _WRITER.submit(when_due if after > 0 else job)


def written(timeout: float = 10.0) -> bool:
    """Wait until every write asked so far is done (tests, a script about to end)."""
    done = threading.Event()
    write_later(done.set)
    return done.wait(timeout)


__all__ = ["FORGOTTEN", "KEEP_VARIABLE", "SHARED_STAYS", "KeptGame", "forget_kept",
           "prune_kept", "write_later", "written"]
