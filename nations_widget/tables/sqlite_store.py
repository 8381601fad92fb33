"""The default store: one SQLite file (the standard library's :mod:`sqlite3`, WAL mode).

Each thread gets its own connection, so threads (and processes) race on the database
itself, where SQLite's write lock settles them: a write opens with ``BEGIN IMMEDIATE`` and
:meth:`SQLiteStore.append` moves the table's head from ``seen`` to ``seen + 1`` with
``UPDATE ... WHERE head = seen`` before it inserts the event.  ``synchronous=FULL``: a move
is on disk once :meth:`~SQLiteStore.append` returns.  Watchers poll the head (SQLite has no
notifications), every 20 ms at first, backing off to 250 ms.

A Python without :mod:`sqlite3` (Pyodide, where ``nations-widget static`` runs the app in the
browser) still imports this module: opening a store there is refused in words
(:data:`NO_SQLITE`), the games in one browser page play on without one.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import cast

from .errors import StoreError
from .sql_store import SQLStore
from .store import SCHEMA_VERSION, check_schema

try:
    import sqlite3
except ModuleNotFoundError:          # Pyodide: the standard library comes without it
    sqlite3 = None  # type: ignore[assignment]

#: why a store cannot be opened in a Python without sqlite3 (the static site's browser)
NO_SQLITE = ("games cannot be stored here: this Python has no SQLite (the app runs in the "
             "browser, from a static site); shared tables and kept games need the app served "
             "by a server (nations-widget play)")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS nations_meta (
    key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS nations_tables (
    id TEXT PRIMARY KEY, record TEXT NOT NULL, head INTEGER NOT NULL,
    created REAL NOT NULL, updated REAL NOT NULL,
    claim_number INTEGER, claim_owner TEXT, claim_until REAL);
CREATE TABLE IF NOT EXISTS nations_events (
    table_id TEXT NOT NULL REFERENCES nations_tables(id), number INTEGER NOT NULL,
    record TEXT NOT NULL, created REAL NOT NULL, PRIMARY KEY (table_id, number));
CREATE TABLE IF NOT EXISTS nations_links (
    digest TEXT PRIMARY KEY, table_id TEXT NOT NULL REFERENCES nations_tables(id),
    role TEXT NOT NULL, seat INTEGER, created REAL NOT NULL, revoked REAL);
CREATE INDEX IF NOT EXISTS nations_links_by_table ON nations_links (table_id);
CREATE TABLE IF NOT EXISTS nations_presence (
    table_id TEXT NOT NULL, screen TEXT NOT NULL, seat INTEGER NOT NULL,
    until REAL NOT NULL, PRIMARY KEY (table_id, screen, seat));
CREATE TABLE IF NOT EXISTS nations_names (
    table_id TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,
    updated REAL NOT NULL, PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS nations_lobby (
    table_id TEXT PRIMARY KEY, listed REAL NOT NULL, alive REAL NOT NULL, closed REAL);
CREATE TABLE IF NOT EXISTS nations_chat (
    table_id TEXT NOT NULL, number INTEGER NOT NULL, kind TEXT NOT NULL, seat INTEGER,
    move INTEGER NOT NULL, text TEXT NOT NULL, created REAL NOT NULL,
    PRIMARY KEY (table_id, number));
"""

_POLL_FIRST = 0.02
_POLL_MOST = 0.25


class SQLiteStore(SQLStore):
    """Tables in one SQLite file (its folder is made if missing)."""

    def __init__(self, path: Path | str) -> None:
        if sqlite3 is None:
            raise StoreError(NO_SQLITE)
        super().__init__()
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"the tables' folder cannot be made ({exc.strerror})") from None
        try:
            self._db().executescript(_SCHEMA)
            with self._write() as db:
                db.execute("INSERT OR IGNORE INTO nations_meta VALUES ('schema', ?)",
                           (str(SCHEMA_VERSION),))
                row = db.execute("SELECT value FROM nations_meta WHERE key = 'schema'"
                                 ).fetchone()
            check_schema(str(row[0]), "this tables file")
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"the tables file {self.path} cannot be read as a SQLite "
                             f"database ({type(exc).__name__})") from None

    def __repr__(self) -> str:
        return f"<SQLiteStore {self.path}>"

    # ------------------------------------------------------------ connections
    def _db(self) -> sqlite3.Connection:
        db = cast("sqlite3.Connection | None", getattr(self._local, "db", None))
        if db is None:
            try:
                db = sqlite3.connect(self.path, timeout=30.0, isolation_level=None,
                                     check_same_thread=False)
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=FULL")
                db.execute("PRAGMA foreign_keys=ON")
            except sqlite3.DatabaseError as exc:
                raise StoreError(f"the tables file {self.path} cannot be read as a SQLite "
                                 f"database ({type(exc).__name__})") from None
            self._local.db = db
            with self._lock:
                self._all.append(db)
        return db

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, holding SQLite's write lock from its start."""
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    # ------------------------------------------------------------------ waits
    def wait(self, table_id: str, seen: int, timeout: float) -> int | None:
        deadline = time.monotonic() + max(0.0, timeout)
        pause = _POLL_FIRST
        while True:
            head = self.head(table_id)
            left = deadline - time.monotonic()
            if head is None or head != seen or left <= 0:
                return head
            time.sleep(min(pause, left))
            pause = min(pause * 1.5, _POLL_MOST)


__all__ = ["NO_SQLITE", "SQLiteStore"]
