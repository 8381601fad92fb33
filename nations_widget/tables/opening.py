"""Which store the environment names: :func:`open_store`.

Apart from :mod:`~nations_widget.tables.store` (the protocol and its rows) because it
imports both stores, which import the protocol's module: here the imports run one way.

``NATIONS_TABLES_URL``
    a ``postgresql://`` connection URL: the tables live in that PostgreSQL database.
``NATIONS_TABLES_DIR``
    otherwise, the folder of the SQLite file ``tables.sqlite3`` (default: the per-user data
    folder, ``$XDG_DATA_HOME/nations_widget/tables`` or
    ``~/.local/share/nations_widget/tables``; ``%LOCALAPPDATA%`` on Windows; see
    :func:`~nations_widget.tables.store.default_folder`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from .errors import StoreError
from .postgres_store import PostgresStore
from .sqlite_store import SQLiteStore
from .store import URL_VARIABLE, Store, default_folder


def open_store(url: str | None = None, environ: Mapping[str, str] | None = None) -> Store:
    """The store the environment names (see the module docstring); ``url`` overrides it:
    a ``postgresql://`` URL, or a ``sqlite:///path/to/file`` / plain folder path."""
    env = os.environ if environ is None else environ
    target = url if url is not None else env.get(URL_VARIABLE)
    if target and target.startswith(("postgresql://", "postgres://")):
        return PostgresStore(target)
    if target and target.startswith("sqlite:///"):
        return SQLiteStore(Path(target.removeprefix("sqlite:///")))
    if target:
        raise StoreError(f"{URL_VARIABLE} must be a postgresql:// or sqlite:/// URL")
    return SQLiteStore(default_folder(env) / "tables.sqlite3")


__all__ = ["open_store"]
