"""The stores every test of tests/tables runs against: SQLite in a temporary folder, and
PostgreSQL in a throwaway server started once per session (a fresh database per test).

Without PostgreSQL (or psycopg) the PostgreSQL half is skipped with the reason, except
under CI (CI=true), where it fails: CI must test both stores."""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from nations_widget.tables import SQLiteStore, Store
from nations_widget.tables.throwaway import NoPostgres, throwaway_postgres

UNDER_CI = os.environ.get("CI", "").lower() == "true"


def _missing(reason: str) -> None:
    if UNDER_CI:
        pytest.fail(f"PostgreSQL is needed under CI: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _missing("psycopg is not installed (pip install -e '.[dev]')")
    try:
        with throwaway_postgres() as url:
            yield url
    except NoPostgres as exc:
        _missing(str(exc))


def _fresh_database(server: str) -> str:
    import psycopg
    name = "t_" + secrets.token_hex(6)
    with psycopg.connect(server, autocommit=True) as db:
        db.execute(f"CREATE DATABASE {name}")
    return server.replace("/postgres?", f"/{name}?")


@pytest.fixture
def make_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], Store]]:
    """Opens the test's store (again: a second call is another kernel on the same store)."""
    opened: list[Any] = []
    if request.param == "sqlite":
        path = tmp_path / "tables.sqlite3"

        def make() -> Store:
            opened.append(SQLiteStore(path))
            return opened[-1]
    else:
        from nations_widget.tables.postgres_store import PostgresStore
        url = _fresh_database(request.getfixturevalue("postgres_server"))

        def make() -> Store:
            opened.append(PostgresStore(url))
            return opened[-1]
    yield make
    for store in opened:
        store.close()


@pytest.fixture
def store(make_store: Callable[[], Store]) -> Store:
    return make_store()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "make_store" in metafunc.fixturenames:
        metafunc.parametrize("make_store", ["sqlite", "postgres"], indirect=True)


def store_location(store: Store) -> str:
    """What a child process needs to open the same store."""
    return getattr(store, "url", None) or f"sqlite:///{store.path}"  # type: ignore[attr-defined]


def raw_sql(store: Store, sql: str, params: tuple[Any, ...] = ()) -> None:
    """Write to the store's database behind its back (to corrupt a row); ``?`` for
    parameters."""
    if isinstance(store, SQLiteStore):
        import sqlite3
        db = sqlite3.connect(store.path, isolation_level=None)
        try:
            db.execute(sql, params)
        finally:
            db.close()
    else:
        import psycopg
        with psycopg.connect(store.url, autocommit=True) as db:  # type: ignore[attr-defined]
            db.execute(sql.replace("?", "%s"), params)
