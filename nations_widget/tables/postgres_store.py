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

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, cast

from .errors import StoreError
from .sql_store import SQLStore
from .store import SCHEMA_VERSION, check_schema

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
    "CREATE TABLE IF NOT EXISTS nations_names (table_id TEXT NOT NULL, seat INTEGER NOT NULL, "
    "name TEXT NOT NULL, updated DOUBLE PRECISION NOT NULL, PRIMARY KEY (table_id, seat))",
    "CREATE TABLE IF NOT EXISTS nations_lobby (table_id TEXT PRIMARY KEY, "
    "listed DOUBLE PRECISION NOT NULL, alive DOUBLE PRECISION NOT NULL, "
    "closed DOUBLE PRECISION)",
    "CREATE TABLE IF NOT EXISTS nations_chat (table_id TEXT NOT NULL, number BIGINT NOT NULL, "
    "kind TEXT NOT NULL, seat INTEGER, move BIGINT NOT NULL, text TEXT NOT NULL, "
    "created DOUBLE PRECISION NOT NULL, PRIMARY KEY (table_id, number))",
]


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise StoreError("the PostgreSQL store needs psycopg 3: pip install "
                         "'nations_widget[tables-pg]'") from None
    return psycopg


class PostgresStore(SQLStore):
    """Tables in a PostgreSQL database given by a ``postgresql://`` URL."""

    PARAM = "%s"
    SAME = "IS NOT DISTINCT FROM"

    def __init__(self, url: str) -> None:
        super().__init__()
        self._pg = _psycopg()
        self.url = url
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

    def _moved(self, db: Any, table_id: str) -> None:
        db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, table_id))

    # ------------------------------------------------------------------ waits
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


__all__ = ["CHANNEL", "PostgresStore"]
