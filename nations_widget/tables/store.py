"""Where tables are kept: the :class:`Store` protocol and its rows.

A store keeps, per table, one record (the game's settings and starting position, its seats)
and a log of numbered events (moves, undos, seats handed to a bot or taken back), plus the
digests of the table's links.  It knows nothing of any game: the table layer
(:mod:`nations_widget.tables.table`) writes records the engine has checked and replays
them through the engine when a table is opened.

Concurrency is settled here: :meth:`Store.append` writes event ``seen + 1`` only while the
table is at ``seen`` (compare-and-swap in one transaction), so of two events written on top
of the same number exactly one is stored.

Two stores speak the protocol: :class:`~nations_widget.tables.sqlite_store.SQLiteStore`
(the default, embedded, no set-up) and
:class:`~nations_widget.tables.postgres_store.PostgresStore` (several machines serving one
site).  :func:`~nations_widget.tables.opening.open_store` (also
``nations_widget.tables.open_store``) picks one from the environment:

``NATIONS_TABLES_URL``
    a ``postgresql://`` connection URL: the tables live in that PostgreSQL database.
``NATIONS_TABLES_DIR``
    otherwise, the folder of the SQLite file ``tables.sqlite3`` (default: the per-user data
    folder, ``$XDG_DATA_HOME/nations_widget/tables`` or
    ``~/.local/share/nations_widget/tables``; ``%LOCALAPPDATA%`` on Windows).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol

from .errors import StoreError

#: The layout of the store's tables; a store refuses a database of another layout.
SCHEMA_VERSION = 1
URL_VARIABLE = "NATIONS_TABLES_URL"
DIR_VARIABLE = "NATIONS_TABLES_DIR"

Role = Literal["seat", "spectator", "host"]


@dataclass(frozen=True)
class TableRow:
    """A table as stored: ``record`` is JSON text; ``head`` the number of its last event."""

    id: str
    record: str
    head: int
    created: float
    updated: float


@dataclass(frozen=True)
class EventRow:
    """One numbered event (1, 2, ...) of a table; ``record`` is JSON text."""

    number: int
    record: str
    created: float


@dataclass(frozen=True)
class LobbyRow:
    """An open table listed in the server's lobby (:mod:`~nations_widget.tables.lobby`):
    ``listed`` when it was opened, ``alive`` when a screen of it last said it is there,
    ``closed`` when it left the list (started, or closed by its host)."""

    table_id: str
    listed: float
    alive: float
    closed: float | None = None


@dataclass(frozen=True)
class ChatRow:
    """One line of a table's chat as stored (numbered 1, 2, ... per table): ``kind`` "line",
    "off" or "on"; ``seat`` the writer (None: the host's switch); ``move`` the table's
    event number when it was written."""

    number: int
    kind: str
    seat: int | None
    move: int
    text: str
    created: float


@dataclass(frozen=True)
class LinkRow:
    """A link's digest and what it opens; ``revoked`` is set when a new link replaced it."""

    digest: str
    table_id: str
    role: Role
    seat: int | None
    created: float
    revoked: float | None = None


class Store(Protocol):
    """What the table layer needs from a store.  Every method is safe to call from several
    threads, and several processes (or machines, for PostgreSQL) may share one store."""

    def create_table(self, table: TableRow, links: Sequence[LinkRow],
                     listed: bool = False) -> None:
        """Store a new table (``head`` 0) and its links in one transaction; ``listed``: a
        table with open seats, listed in the lobby from now on (:meth:`lobby`)."""

    def load_table(self, table_id: str) -> TableRow | None:
        """The table, or ``None`` when the store has no table of that id."""

    def list_tables(self) -> list[TableRow]:
        """Every table, most recently moved first."""

    def events(self, table_id: str, after: int = 0) -> list[EventRow]:
        """The table's events numbered above ``after``, in order."""

    def append(self, table_id: str, seen: int, record: str,
               link: LinkRow | None = None) -> bool:
        """Write event ``seen + 1`` if the table is at ``seen``, else write nothing and
        return ``False`` (another event came first).  Tells watchers once committed.
        ``link``: in the same transaction, the seat's link is replaced by this one (as
        :meth:`replace_link`): a visitor sitting at an open seat gets its link only if
        their event is the one stored."""

    def head(self, table_id: str) -> int | None:
        """The number of the table's last event (``None``: no such table)."""

    def wait(self, table_id: str, seen: int, timeout: float) -> int | None:
        """Block until the table is past ``seen`` or ``timeout`` seconds passed; the head
        then (``None``: no such table)."""

    def find_link(self, digest: str) -> LinkRow | None:
        """The link with this digest, revoked or not."""

    def replace_link(self, link: LinkRow) -> None:
        """Revoke the table's live links of ``link``'s role and seat and store ``link``."""

    def claim(self, table_id: str, number: int, owner: str, seconds: float) -> bool:
        """Claim the table's turn at ``number`` for ``owner`` for ``seconds`` (a bot runner
        about to compute a move): ``True`` if the table is at ``number`` and nobody else
        holds a live claim on it."""

    def set_presence(self, table_id: str, screen: str, seats: Sequence[int],
                     seconds: float) -> None:
        """Note that ``screen`` (a kernel's random name) holds ``seats`` of the table for the
        next ``seconds`` (``seats`` empty: it has gone).  Presence is a hint for the other
        screens ("connected"), never a credential."""

    def presence(self, table_id: str) -> list[int]:
        """The table's seats held by a screen whose presence has not run out."""

    def set_name(self, table_id: str, seat: int, name: str | None) -> bool:
        """Keep ``name`` as the display name of the table's ``seat`` (``None``: none, the
        seat is "Player N" again), in place of the one before; ``False`` when the store has
        no such table.  The name is already cleaned
        (:func:`~nations_widget.tables.names.clean_name`); it is not an event (a name
        changed never makes a move stale)."""

    def names(self, table_id: str) -> dict[int, str]:
        """The table's display names by seat (a seat without one is not there)."""

    def lobby(self, alive_since: float) -> list[LobbyRow]:
        """The tables listed in the lobby, not closed, whose screens said they were there
        at ``alive_since`` or later; the longest waiting first."""

    def touch_lobby(self, table_id: str) -> None:
        """A screen of the listed table ``table_id`` is there (its ``alive`` is now)."""

    def close_lobby(self, table_id: str) -> None:
        """Take the table off the lobby's list (it started)."""

    def add_chat(self, table_id: str, kind: str, seat: int | None, move: int, text: str,
                 burst: int, window: float) -> int | None:
        """Keep a chat line (numbered after the table's last): its number; 0 when ``seat``
        wrote ``burst`` lines in the last ``window`` seconds already (nothing kept; checked
        in the same transaction, so every kernel of the seat counts together); ``None``
        when the store has no such table.  Tells the table's watchers once committed."""

    def chat(self, table_id: str, last: int) -> list[ChatRow]:
        """The table's ``last`` latest chat lines, oldest first, and the latest switch
        ("off" / "on") if it is older than those."""

    def chat_head(self, table_id: str) -> int:
        """The number of the table's latest chat line (0: none)."""

    def delete_table(self, table_id: str, unmoved_since: float | None = None) -> bool:
        """Delete the table, its events, its links, its presence and its names in one
        transaction (a game forgotten, or not played for long); with ``unmoved_since``, only if the
        table last moved before that time.  ``True`` when a table was deleted.  A writer
        racing the delete finds the table gone: its :meth:`append` returns ``False``."""

    def close(self) -> None:
        """Release the store's connections."""


def default_folder(environ: Mapping[str, str] | None = None) -> Path:
    """The SQLite store's folder: ``NATIONS_TABLES_DIR``, else the per-user data folder."""
    env = os.environ if environ is None else environ
    chosen = env.get(DIR_VARIABLE)
    if chosen:
        return Path(chosen).expanduser()
    if sys.platform == "win32" and env.get("LOCALAPPDATA"):
        return Path(env["LOCALAPPDATA"]) / "nations_widget" / "tables"
    base = env.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "nations_widget" / "tables"


def check_schema(found: str | None, where: str) -> None:
    """Refuse a store whose layout is not this program's."""
    if found is None or found == str(SCHEMA_VERSION):
        return
    raise StoreError(f"{where} was written by another version of nations_widget (store "
                     f"layout {found[:20]!r}; this program reads layout {SCHEMA_VERSION})")


__all__ = ["DIR_VARIABLE", "SCHEMA_VERSION", "URL_VARIABLE", "ChatRow", "EventRow", "LinkRow",
           "LobbyRow", "Role", "Store", "TableRow", "check_schema", "default_folder"]
