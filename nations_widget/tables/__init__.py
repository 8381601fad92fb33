"""Durable tables: every game kept in a store as it is played, one screen per seat.

- :mod:`~nations_widget.tables.table`: :func:`create_table`, :func:`join_table` and the
  :class:`TableSeat` handle (play, undo, view, wait, bots), and the rules a table keeps;
- :mod:`~nations_widget.tables.store`: the :class:`Store` protocol;
  :mod:`~nations_widget.tables.opening`: :func:`open_store` (which store the environment
  names);
- :class:`SQLiteStore` (default, embedded) and :class:`PostgresStore` (several machines);
- :mod:`~nations_widget.tables.links`: the seat links (random tokens, kept as digests);
- :mod:`~nations_widget.tables.names`: the players' display names (cleaned, kept per seat);
- :mod:`~nations_widget.tables.lobby`: open tables anyone on the server may take a seat at;
- :mod:`~nations_widget.tables.chat`: a table's chat (short lines, cleaned, kept per table).

The engines are untouched: a table stores only moves its game's engine has checked and
replays them through the engine when it is opened.
"""

from .errors import (
    ChatRefused,
    LinkError,
    LobbyError,
    NameRefused,
    RecordError,
    SeatError,
    SeatTaken,
    StaleMoveError,
    StoreError,
    TableError,
)
from .names import MAX_NAME_CHARS, clean_name
from .opening import open_store
from .sqlite_store import SQLiteStore
from .store import Store
from .table import Links, Table, TableSeat, create_table, join_table

__all__ = [
    "MAX_NAME_CHARS",
    "ChatRefused",
    "LinkError",
    "Links",
    "LobbyError",
    "NameRefused",
    "RecordError",
    "SQLiteStore",
    "SeatError",
    "SeatTaken",
    "StaleMoveError",
    "Store",
    "StoreError",
    "Table",
    "TableError",
    "TableSeat",
    "clean_name",
    "create_table",
    "join_table",
    "open_store",
]
