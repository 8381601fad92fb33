"""The store for several machines serving one site: PostgreSQL through psycopg 3.

The same tables as :class:`~nations_widget.tables.sqlite_store.SQLiteStore`.  Each thread
gets its own connection.  :meth:`PostgresStore.append` moves the table's head with
``UPDATE ... WHERE head = seen``: of two writers on the same number the second waits for
the first's row lock, finds the head moved and writes nothing.  In the same transaction it
sends ``NOTIFY nations_tables, '<table id>'``, which PostgreSQL delivers on commit to every
kernel that waits on the table (:meth:`~PostgresStore.wait` listens; no polling).

Needs the ``tables-pg`` extra (``pip install nations_widget[tables-pg]``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, cast

from .errors import StoreError
from .store import SCHEMA_VERSION, EventRow, LinkRow, Role, TableRow, check_schema

if TYPE_CHECKING:
    import psycopg

CHANNEL = "nations_tables"

_SCHEMA = [
    "CREATE TABLE IF NOT EXISTS nations_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS nations_tables (id TEXT PRIMARY KEY, record TEXT NOT NULL, "
    "head BIGINT NOT NULL, created DOUBLE PRECISION NOT NULL, "
    "updated DOUBLE PRECISION NOT NULL, claim_number BIGINT, claim_owner TEXT, "
    "claim_until DOUBLE PRECISION)",
    "CREATE TABLE IF NOT EXISTS nations_events (table_id TEXT NOT NULL "
    "REFERENCES nations_tables(id), number BIGINT NOT NULL, record TEXT NOT NULL, "
    "created DOUBLE PRECISION NOT NULL, PRIMARY KEY (table_id, number))",
    "CREATE TABLE IF NOT EXISTS nations_links (digest TEXT PRIMARY KEY, table_id TEXT NOT NULL "
    "REFERENCES nations_tables(id), role TEXT NOT NULL, seat INTEGER, "
    "created DOUBLE PRECISION NOT NULL, revoked DOUBLE PRECISION)",
    "CREATE INDEX IF NOT EXISTS nations_links_by_table ON nations_links (table_id)",
    "CREATE TABLE IF NOT EXISTS nations_presence (table_id TEXT NOT NULL, screen TEXT NOT NULL, "
    "seat INTEGER NOT NULL, until DOUBLE PRECISION NOT NULL, "
    "PRIMARY KEY (table_id, screen, seat))",
]


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise StoreError("the PostgreSQL store needs psycopg 3: pip install "
                         "'nations_widget[tables-pg]'") from None
    return psycopg


class PostgresStore:
    """Tables in a PostgreSQL database given by a ``postgresql://`` URL."""

    def __init__(self, url: str) -> None:
        self._pg = _psycopg()
        self.url = url
        self._local = threading.local()
        self._all: list[psycopg.Connection[Any]] = []
        self._lock = threading.Lock()
        db = self._db()
        with db.transaction():
            # one creator at a time: CREATE ... IF NOT EXISTS races between two new stores
            db.execute("SELECT pg_advisory_xact_lock(7412311)")
            for statement in _SCHEMA:
                db.execute(statement)
            db.execute("INSERT INTO nations_meta VALUES ('schema', %s) ON CONFLICT DO NOTHING",
                       (str(SCHEMA_VERSION),))
            row = db.execute("SELECT value FROM nations_meta WHERE key = 'schema'").fetchone()
        check_schema(None if row is None else str(row[0]), "this tables database")

    def __repr__(self) -> str:
        return "<PostgresStore>"            # the URL may hold a password

    # ------------------------------------------------------------ connections
    def _connect(self) -> psycopg.Connection[Any]:
        try:
            db = cast("psycopg.Connection[Any]", self._pg.connect(self.url, autocommit=True))
        except self._pg.Error as exc:
            raise StoreError(f"the tables database cannot be reached ({type(exc).__name__})"
                             ) from None
        with self._lock:
            self._all.append(db)
        return db

    def _db(self) -> psycopg.Connection[Any]:
        db = cast("psycopg.Connection[Any] | None", getattr(self._local, "db", None))
        if db is None or db.closed:
            db = self._connect()
            self._local.db = db
        return db

    def _listener(self) -> psycopg.Connection[Any]:
        db = cast("psycopg.Connection[Any] | None", getattr(self._local, "listener", None))
        if db is None or db.closed:
            db = self._connect()
            db.execute(f"LISTEN {CHANNEL}")
            self._local.listener = db
        return db

    @contextmanager
    def _write(self) -> Iterator[psycopg.Connection[Any]]:
        db = self._db()
        with db.transaction():
            yield db

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return self._db().execute(sql, tuple(params)).fetchall()

    # ----------------------------------------------------------------- tables
    def create_table(self, table: TableRow, links: Sequence[LinkRow]) -> None:
        with self._write() as db:
            db.execute("INSERT INTO nations_tables (id, record, head, created, updated) "
                       "VALUES (%s, %s, 0, %s, %s)",
                       (table.id, table.record, table.created, table.updated))
            with db.cursor() as cur:
                cur.executemany("INSERT INTO nations_links VALUES (%s, %s, %s, %s, %s, %s)",
                                [(k.digest, k.table_id, k.role, k.seat, k.created, k.revoked)
                                 for k in links])

    def load_table(self, table_id: str) -> TableRow | None:
        rows = self._read("SELECT id, record, head, created, updated FROM nations_tables "
                          "WHERE id = %s", (table_id,))
        return _table_row(rows[0]) if rows else None

    def list_tables(self) -> list[TableRow]:
        rows = self._read("SELECT id, record, head, created, updated FROM nations_tables "
                          "ORDER BY updated DESC")
        return [_table_row(r) for r in rows]

    def events(self, table_id: str, after: int = 0) -> list[EventRow]:
        rows = self._read("SELECT number, record, created FROM nations_events "
                          "WHERE table_id = %s AND number > %s ORDER BY number",
                          (table_id, after))
        return [EventRow(int(r[0]), r[1], float(r[2])) for r in rows]

    def append(self, table_id: str, seen: int, record: str) -> bool:
        now = time.time()
        with self._write() as db:
            moved = db.execute("UPDATE nations_tables SET head = head + 1, updated = %s, "
                               "claim_number = NULL, claim_owner = NULL, claim_until = NULL "
                               "WHERE id = %s AND head = %s", (now, table_id, seen))
            if moved.rowcount != 1:
                return False
            db.execute("INSERT INTO nations_events VALUES (%s, %s, %s, %s)",
                       (table_id, seen + 1, record, now))
            db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, table_id))
        return True

    def head(self, table_id: str) -> int | None:
        rows = self._read("SELECT head FROM nations_tables WHERE id = %s", (table_id,))
        return int(rows[0][0]) if rows else None

    def wait(self, table_id: str, seen: int, timeout: float) -> int | None:
        listener = self._listener()         # listening before the head is read: no miss
        deadline = time.monotonic() + max(0.0, timeout)
        while True:
            head = self.head(table_id)
            left = deadline - time.monotonic()
            if head is None or head != seen or left <= 0:
                return head
            for note in listener.notifies(timeout=left, stop_after=1):
                if note.payload == table_id:
                    break

    # ------------------------------------------------------------------ links
    def find_link(self, digest: str) -> LinkRow | None:
        rows = self._read("SELECT digest, table_id, role, seat, created, revoked "
                          "FROM nations_links WHERE digest = %s", (digest,))
        return _link_row(rows[0]) if rows else None

    def replace_link(self, link: LinkRow) -> None:
        with self._write() as db:
            db.execute("UPDATE nations_links SET revoked = %s WHERE table_id = %s AND role = %s "
                       "AND seat IS NOT DISTINCT FROM %s AND revoked IS NULL",
                       (link.created, link.table_id, link.role, link.seat))
            db.execute("INSERT INTO nations_links VALUES (%s, %s, %s, %s, %s, %s)",
                       (link.digest, link.table_id, link.role, link.seat, link.created,
                        link.revoked))

    # ------------------------------------------------------------------- bots
    def claim(self, table_id: str, number: int, owner: str, seconds: float) -> bool:
        now = time.time()
        with self._write() as db:
            took = db.execute(
                "UPDATE nations_tables SET claim_number = %s, claim_owner = %s, "
                "claim_until = %s WHERE id = %s AND head = %s AND (claim_number IS NULL "
                "OR claim_number <> %s OR claim_until < %s OR claim_owner = %s)",
                (number, owner, now + seconds, table_id, number, number, now, owner))
            return took.rowcount == 1

    # -------------------------------------------------------------- presence
    def set_presence(self, table_id: str, screen: str, seats: Sequence[int],
                     seconds: float) -> None:
        now = time.time()
        with self._write() as db:
            db.execute("DELETE FROM nations_presence WHERE table_id = %s AND (screen = %s "
                       "OR until < %s)", (table_id, screen, now))
            for seat in sorted(set(seats)):
                db.execute("INSERT INTO nations_presence VALUES (%s, %s, %s, %s)",
                           (table_id, screen, seat, now + seconds))

    def presence(self, table_id: str) -> list[int]:
        rows = self._read("SELECT DISTINCT seat FROM nations_presence WHERE table_id = %s "
                          "AND until >= %s ORDER BY seat", (table_id, time.time()))
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


__all__ = ["CHANNEL", "PostgresStore"]
