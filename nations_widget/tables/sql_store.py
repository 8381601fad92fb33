"""What both stores share: the queries of the :class:`~nations_widget.tables.store.Store`
protocol over the same tables, one connection per thread, and the rows read back.

A store says how it connects and writes (:meth:`SQLStore._db`, :meth:`SQLStore._write`: one
transaction), its driver's placeholder (``?`` or ``%s``; the queries here are written with
``?``) and its null-safe equality (``IS`` or ``IS NOT DISTINCT FROM``), what a stored event
tells the other kernels (:meth:`SQLStore._moved`: nothing for SQLite, whose watchers poll;
a ``NOTIFY`` for PostgreSQL) and how it waits (:meth:`wait`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any, cast

from .store import ChatRow, EventRow, LinkRow, LobbyRow, Role, TableRow


class SQLStore:
    """The queries of a store; a subclass connects, writes and waits."""

    #: the driver's placeholder for a parameter
    PARAM = "?"
    #: equality that holds for two NULLs (a link's seat is NULL for the host and spectators)
    SAME = "IS"

    def __init__(self) -> None:
        self._local = threading.local()
        self._all: list[Any] = []           # every thread's connections, for close()
        self._lock = threading.Lock()

    # ------------------------------------------------------------ connections
    def _db(self) -> Any:
        raise NotImplementedError

    def _write(self) -> AbstractContextManager[Any]:
        raise NotImplementedError

    def _moved(self, db: Any, table_id: str) -> None:
        """Tell the other kernels that ``table_id`` moved (in the writing transaction)."""

    def _sql(self, sql: str) -> str:
        return sql if self.PARAM == "?" else sql.replace("?", self.PARAM)

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return cast("list[Any]", self._db().execute(self._sql(sql), tuple(params)).fetchall())

    def _run(self, db: Any, sql: str, params: Sequence[Any] = ()) -> Any:
        return db.execute(self._sql(sql), tuple(params))

    # ----------------------------------------------------------------- tables
    def create_table(self, table: TableRow, links: Sequence[LinkRow],
                     listed: bool = False) -> None:
        with self._write() as db:
            self._run(db, "INSERT INTO nations_tables (id, record, head, created, updated) "
                          "VALUES (?, ?, 0, ?, ?)",
                      (table.id, table.record, table.created, table.updated))
            for k in links:
                self._run(db, "INSERT INTO nations_links VALUES (?, ?, ?, ?, ?, ?)",
                          (k.digest, k.table_id, k.role, k.seat, k.created, k.revoked))
            if listed:
                self._run(db, "INSERT INTO nations_lobby VALUES (?, ?, ?, NULL)",
                          (table.id, table.created, table.created))

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
        return [EventRow(int(r[0]), r[1], float(r[2])) for r in rows]

    def append(self, table_id: str, seen: int, record: str,
               link: LinkRow | None = None) -> bool:
        now = time.time()
        with self._write() as db:
            moved = self._run(db, "UPDATE nations_tables SET head = head + 1, updated = ?, "
                                  "claim_number = NULL, claim_owner = NULL, claim_until = NULL "
                                  "WHERE id = ? AND head = ?", (now, table_id, seen))
            if moved.rowcount != 1:
                return False
            self._run(db, "INSERT INTO nations_events VALUES (?, ?, ?, ?)",
                      (table_id, seen + 1, record, now))
            if link is not None:
                self._replace_link(db, link)
            self._moved(db, table_id)
        return True

    def delete_table(self, table_id: str, unmoved_since: float | None = None) -> bool:
        sql = "UPDATE nations_tables SET head = head WHERE id = ?"
        params: list[object] = [table_id]
        if unmoved_since is not None:
            sql += " AND updated < ?"
            params.append(unmoved_since)
        with self._write() as db:
            # the table's row first: PostgreSQL then holds its lock, so an append under way
            # finishes before the events are deleted, and one waiting finds no table
            if self._run(db, sql, params).rowcount != 1:
                return False
            for rows in ("nations_events", "nations_links", "nations_presence",
                         "nations_names", "nations_lobby", "nations_chat"):
                self._run(db, f"DELETE FROM {rows} WHERE table_id = ?", (table_id,))
            self._run(db, "DELETE FROM nations_tables WHERE id = ?", (table_id,))
            self._moved(db, table_id)       # its watchers wake and find it gone
        return True

    def head(self, table_id: str) -> int | None:
        rows = self._read("SELECT head FROM nations_tables WHERE id = ?", (table_id,))
        return int(rows[0][0]) if rows else None

    # ------------------------------------------------------------------ links
    def find_link(self, digest: str) -> LinkRow | None:
        rows = self._read("SELECT digest, table_id, role, seat, created, revoked "
                          "FROM nations_links WHERE digest = ?", (digest,))
        return _link_row(rows[0]) if rows else None

    def replace_link(self, link: LinkRow) -> None:
        with self._write() as db:
            self._replace_link(db, link)

    def _replace_link(self, db: Any, link: LinkRow) -> None:
        self._run(db, f"UPDATE nations_links SET revoked = ? WHERE table_id = ? AND role = ? "
                      f"AND seat {self.SAME} ? AND revoked IS NULL",
                  (link.created, link.table_id, link.role, link.seat))
        self._run(db, "INSERT INTO nations_links VALUES (?, ?, ?, ?, ?, ?)",
                  (link.digest, link.table_id, link.role, link.seat, link.created,
                   link.revoked))

    # ------------------------------------------------------------------ lobby
    def lobby(self, alive_since: float) -> list[LobbyRow]:
        rows = self._read("SELECT table_id, listed, alive, closed FROM nations_lobby "
                          "WHERE closed IS NULL AND alive >= ? ORDER BY listed, table_id",
                          (alive_since,))
        return [LobbyRow(str(r[0]), float(r[1]), float(r[2]), None) for r in rows]

    def touch_lobby(self, table_id: str) -> None:
        with self._write() as db:
            self._run(db, "UPDATE nations_lobby SET alive = ? WHERE table_id = ? "
                          "AND closed IS NULL", (time.time(), table_id))

    def close_lobby(self, table_id: str) -> None:
        with self._write() as db:
            self._run(db, "UPDATE nations_lobby SET closed = ? WHERE table_id = ? "
                          "AND closed IS NULL", (time.time(), table_id))

    # ------------------------------------------------------------------- bots
    def claim(self, table_id: str, number: int, owner: str, seconds: float) -> bool:
        now = time.time()
        with self._write() as db:
            took = self._run(
                db, "UPDATE nations_tables SET claim_number = ?, claim_owner = ?, "
                    "claim_until = ? WHERE id = ? AND head = ? AND (claim_number IS NULL "
                    "OR claim_number <> ? OR claim_until < ? OR claim_owner = ?)",
                (number, owner, now + seconds, table_id, number, number, now, owner))
            return bool(took.rowcount == 1)

    # -------------------------------------------------------------- presence
    def set_presence(self, table_id: str, screen: str, seats: Sequence[int],
                     seconds: float) -> None:
        now = time.time()
        with self._write() as db:
            self._run(db, "DELETE FROM nations_presence WHERE table_id = ? AND (screen = ? "
                          "OR until < ?)", (table_id, screen, now))
            for seat in sorted(set(seats)):
                self._run(db, "INSERT INTO nations_presence VALUES (?, ?, ?, ?)",
                          (table_id, screen, seat, now + seconds))

    def presence(self, table_id: str) -> list[int]:
        rows = self._read("SELECT DISTINCT seat FROM nations_presence WHERE table_id = ? "
                          "AND until >= ? ORDER BY seat", (table_id, time.time()))
        return [int(r[0]) for r in rows]

    # ------------------------------------------------------------------ names
    def set_name(self, table_id: str, seat: int, name: str | None) -> bool:
        now = time.time()
        with self._write() as db:
            if self._run(db, "UPDATE nations_tables SET head = head WHERE id = ?",
                         (table_id,)).rowcount != 1:
                return False
            self._run(db, "DELETE FROM nations_names WHERE table_id = ? AND seat = ?",
                      (table_id, seat))
            if name is not None:
                self._run(db, "INSERT INTO nations_names VALUES (?, ?, ?, ?)",
                          (table_id, seat, name, now))
        return True

    def names(self, table_id: str) -> dict[int, str]:
        rows = self._read("SELECT seat, name FROM nations_names WHERE table_id = ? "
                          "ORDER BY seat", (table_id,))
        return {int(r[0]): str(r[1]) for r in rows}

    # ------------------------------------------------------------------- chat
    def add_chat(self, table_id: str, kind: str, seat: int | None, move: int, text: str,
                 burst: int, window: float) -> int | None:
        now = time.time()
        with self._write() as db:
            # the table's row first: one writer of its chat at a time (PostgreSQL's row
            # lock; SQLite's write lock is the database's)
            if self._run(db, "UPDATE nations_tables SET head = head WHERE id = ?",
                         (table_id,)).rowcount != 1:
                return None
            if seat is not None:
                recent = self._run(db, "SELECT COUNT(*) FROM nations_chat WHERE table_id = ? "
                                       "AND seat = ? AND created > ?",
                                   (table_id, seat, now - window)).fetchone()
                if int(recent[0]) >= burst:
                    return 0
            last = self._run(db, "SELECT COALESCE(MAX(number), 0) FROM nations_chat "
                                 "WHERE table_id = ?", (table_id,)).fetchone()
            number = int(last[0]) + 1
            self._run(db, "INSERT INTO nations_chat VALUES (?, ?, ?, ?, ?, ?, ?)",
                      (table_id, number, kind, seat, move, text, now))
            self._moved(db, table_id)
        return number

    def chat(self, table_id: str, last: int) -> list[ChatRow]:
        rows = self._read("SELECT number, kind, seat, move, text, created FROM nations_chat "
                          "WHERE table_id = ? ORDER BY number DESC LIMIT ?", (table_id, last))
        switch = self._read("SELECT number, kind, seat, move, text, created FROM nations_chat "
                            "WHERE table_id = ? AND kind <> 'line' ORDER BY number DESC "
                            "LIMIT 1", (table_id,))
        found = {int(r[0]): r for r in [*rows, *switch]}
        return [ChatRow(int(r[0]), str(r[1]), None if r[2] is None else int(r[2]), int(r[3]),
                        str(r[4]), float(r[5])) for _, r in sorted(found.items())]

    def chat_head(self, table_id: str) -> int:
        rows = self._read("SELECT COALESCE(MAX(number), 0) FROM nations_chat "
                          "WHERE table_id = ?", (table_id,))
        return int(rows[0][0])

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


__all__ = ["SQLStore"]
