"""The default store: one SQLite file (the standard library's :mod:`sqlite3`, WAL mode).

Each thread gets its own connection, so threads (and processes) race on the database
itself, where SQLite's write lock settles them: a write opens with ``BEGIN IMMEDIATE`` and
:meth:`SQLiteStore.append` moves the table's head from ``seen`` to ``seen + 1`` with
``UPDATE ... WHERE head = seen`` before it inserts the event.  ``synchronous=FULL``: a move
is on disk once :meth:`~SQLiteStore.append` returns.  Watchers poll the head (SQLite has no
notifications), every 20 ms at first, backing off to 250 ms.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, cast

from .errors import StoreError
from .store import SCHEMA_VERSION, EventRow, LinkRow, Role, TableRow, check_schema

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
"""

_POLL_FIRST = 0.02
_POLL_MOST = 0.25


class SQLiteStore:
    """Tables in one SQLite file (its folder is made if missing)."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
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

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return self._db().execute(sql, tuple(params)).fetchall()

    # ----------------------------------------------------------------- tables
    def create_table(self, table: TableRow, links: Sequence[LinkRow]) -> None:
        with self._write() as db:
            db.execute("INSERT INTO nations_tables (id, record, head, created, updated) "
                       "VALUES (?, ?, 0, ?, ?)",
                       (table.id, table.record, table.created, table.updated))
            db.executemany("INSERT INTO nations_links VALUES (?, ?, ?, ?, ?, ?)",
                           [(k.digest, k.table_id, k.role, k.seat, k.created, k.revoked)
                            for k in links])

    def load_table(self, table_id: str) -> TableRow | None:
        rows = self._read("SELECT id, record, head, created, updated FROM nations_tables "
                          "WHERE id = ?", (table_id,))
        return _table_row(rows[0]) if rows else None

    def list_tables(self) -> list[TableRow]:
        rows = self._read("SELECT id, record, head, created, updated FROM nations_tables "
                          "ORDER BY updated DESC")
        return [_table_row(r) for r in rows]

    def events(self, table_id: str, after: int = 0) -> list[EventRow]:
        rows = self._read("SELECT number, record, created FROM nations_events "
                          "WHERE table_id = ? AND number > ? ORDER BY number",
                          (table_id, after))
        return [EventRow(r[0], r[1], r[2]) for r in rows]

    def append(self, table_id: str, seen: int, record: str) -> bool:
        now = time.time()
        with self._write() as db:
            moved = db.execute("UPDATE nations_tables SET head = head + 1, updated = ?, "
                               "claim_number = NULL, claim_owner = NULL, claim_until = NULL "
                               "WHERE id = ? AND head = ?", (now, table_id, seen))
            if moved.rowcount != 1:
                return False
            db.execute("INSERT INTO nations_events VALUES (?, ?, ?, ?)",
                       (table_id, seen + 1, record, now))
        return True

    def head(self, table_id: str) -> int | None:
        rows = self._read("SELECT head FROM nations_tables WHERE id = ?", (table_id,))
        return int(rows[0][0]) if rows else None

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

    # ------------------------------------------------------------------ links
    def find_link(self, digest: str) -> LinkRow | None:
        rows = self._read("SELECT digest, table_id, role, seat, created, revoked "
                          "FROM nations_links WHERE digest = ?", (digest,))
        return _link_row(rows[0]) if rows else None

    def replace_link(self, link: LinkRow) -> None:
        with self._write() as db:
            db.execute("UPDATE nations_links SET revoked = ? WHERE table_id = ? AND role = ? "
                       "AND seat IS ? AND revoked IS NULL",
                       (link.created, link.table_id, link.role, link.seat))
            db.execute("INSERT INTO nations_links VALUES (?, ?, ?, ?, ?, ?)",
                       (link.digest, link.table_id, link.role, link.seat, link.created,
                        link.revoked))

    # ------------------------------------------------------------------ bots
    def claim(self, table_id: str, number: int, owner: str, seconds: float) -> bool:
        now = time.time()
        with self._write() as db:
            took = db.execute(
                "UPDATE nations_tables SET claim_number = ?, claim_owner = ?, claim_until = ? "
                "WHERE id = ? AND head = ? AND (claim_number IS NULL OR claim_number <> ? "
                "OR claim_until < ? OR claim_owner = ?)",
                (number, owner, now + seconds, table_id, number, number, now, owner))
            return took.rowcount == 1

    # -------------------------------------------------------------- presence
    def set_presence(self, table_id: str, screen: str, seats: Sequence[int],
                     seconds: float) -> None:
        until = time.time() + seconds
        with self._write() as db:
            db.execute("DELETE FROM nations_presence WHERE table_id = ? AND (screen = ? "
                       "OR until < ?)", (table_id, screen, time.time()))
            db.executemany("INSERT INTO nations_presence VALUES (?, ?, ?, ?)",
                           [(table_id, screen, seat, until) for seat in set(seats)])

    def presence(self, table_id: str) -> list[int]:
        rows = self._read("SELECT DISTINCT seat FROM nations_presence WHERE table_id = ? "
                          "AND until >= ? ORDER BY seat", (table_id, time.time()))
        return [int(r[0]) for r in rows]

    def close(self) -> None:
        with self._lock:
            for db in self._all:
                db.close()
            self._all.clear()
        self._local = threading.local()


def _table_row(r: Any) -> TableRow:
    return TableRow(r[0], r[1], int(r[2]), float(r[3]), float(r[4]))


def _link_row(r: Any) -> LinkRow:
    return LinkRow(r[0], r[1], cast(Role, r[2]), r[3], float(r[4]),
                   None if r[5] is None else float(r[5]))


__all__ = ["SQLiteStore"]
