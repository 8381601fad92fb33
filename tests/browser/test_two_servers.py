"""Two app servers, one database (issue 32, section 2): two Voila servers on two ports of
127.0.0.1, both with ``NATIONS_TABLES_URL`` naming one throwaway PostgreSQL, and one board
table (the short game) whose screens sit on both: the host's page on server A, the invited
player's on server B, a bot in the third seat.

- Moves cross between the servers through LISTEN/NOTIFY: each move is timed from the
  mover's click to its drawing at the other screen (tests/browser/table_timing.py); the
  median must stay under 0.5 s.
- Each bot turn is played once, not once per server: a trigger in the test's database logs
  every claim on a turn (the store's compare-and-swap on ``nations_tables``), and each
  turn is claimed by one runner (one more only for a turn whose runner died with server B,
  after its claim lapsed); the stored events replay as one game.
- Presence crosses the servers too: the host sees the guest connected; once server B is
  killed, not connected within 5 s; connected again once the guest is back.
- Server B killed mid-game (its whole process group, kernels included, SIGKILL) loses
  nothing: the guest's page says the game stopped, and its own address on server A (its
  seat's link, ``#table=...``) brings the table back at the last stored move; the game is
  then played to its end at both screens, which show the same end.

Without PostgreSQL the test is skipped with the reason, except under CI, where it fails.
"""

from __future__ import annotations

import os
import secrets
import signal
import statistics
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from browser_support import Server, browser_page, require_chromium, require_notebook, voila_server
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from table_timing import STATE, play_timed
from test_voila_kernels import checkout_env
from test_voila_tables import open_link, read, start_table

pytestmark = pytest.mark.browser

#: the issue's bound on a move's median time from one server's screen to the other's
CROSS_MEDIAN_MS = 500.0
#: a seat's presence, once its server is gone, must be gone from the other screens within
PRESENCE_GONE_S = 5.0
MOVES_BEFORE_KILL = 10

# Every claim on a bot's turn, logged by the database itself (the kernels know nothing of it).
CLAIM_LOG = [
    "CREATE TABLE test_claims (table_id TEXT, number BIGINT, owner TEXT, "
    "at TIMESTAMPTZ DEFAULT clock_timestamp())",
    """CREATE FUNCTION test_log_claim() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.claim_owner IS NOT NULL AND (OLD.claim_owner IS DISTINCT FROM NEW.claim_owner
      OR OLD.claim_number IS DISTINCT FROM NEW.claim_number) THEN
    INSERT INTO test_claims (table_id, number, owner)
      VALUES (NEW.id, NEW.claim_number, NEW.claim_owner);
  END IF;
  RETURN NEW;
END $$""",
    "CREATE TRIGGER test_claims AFTER UPDATE ON nations_tables FOR EACH ROW "
    "EXECUTE FUNCTION test_log_claim()",
]

SEAT_LINE = ("(seat) => document.querySelector(`.nw-table-seat[data-seat=\"${seat}\"]`)"
             "?.textContent || ''")
SEAT_SAYS = ("([seat, words]) => (document.querySelector(`.nw-table-seat[data-seat=\"${seat}\"]`)"
             "?.textContent || '').includes(words)")


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    """A fresh database in a throwaway PostgreSQL, its tables made and its claims logged."""
    require_chromium()
    require_notebook()
    from nations_widget.tables.throwaway import NoPostgres, throwaway_postgres

    def missing(reason: str) -> None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"PostgreSQL is needed under CI: {reason}", pytrace=False)
        pytest.skip(reason)

    try:
        import psycopg
    except ImportError:
        missing("psycopg is not installed (pip install -e '.[dev]')")
    try:
        with throwaway_postgres() as server_url:
            name = "two_" + secrets.token_hex(4)
            with psycopg.connect(server_url, autocommit=True) as db:
                db.execute(f"CREATE DATABASE {name}")
            url = server_url.replace("/postgres?", f"/{name}?")
            from nations_widget.tables.postgres_store import PostgresStore
            PostgresStore(url).close()                  # the store's tables, made once
            with psycopg.connect(url, autocommit=True) as db:
                for statement in CLAIM_LOG:
                    db.execute(statement)
            yield url
    except NoPostgres as exc:
        missing(str(exc))


def app_server(folder: Path, database: str, name: str) -> tuple[Server, str]:
    env = checkout_env(folder)
    env["NATIONS_TABLES_URL"] = database
    env.pop("NATIONS_TABLES_DIR", None)
    return voila_server("notebooks/play.ipynb", env=env, name=name)


def on_server(link: str, base: str) -> str:
    """The same link (its path, query and #fragment) on the server at ``base``."""
    parts = urlsplit(link)
    rest = link[len(f"{parts.scheme}://{parts.netloc}"):]
    return base.rstrip("/") + rest


def seat_line(page: Any, seat: int) -> str:
    return str(page.evaluate(SEAT_LINE, seat))


def wait_seat(page: Any, seat: int, words: str, timeout: float) -> float:
    """Wait until the table bar's line for ``seat`` says ``words``; the seconds taken."""
    start = time.monotonic()
    try:
        page.wait_for_function(SEAT_SAYS, arg=[seat, words], timeout=timeout * 1000)
    except PlaywrightTimeout:
        raise AssertionError(f"after {timeout:.0f} s the table bar still says "
                             f"{seat_line(page, seat)!r}, not {words!r}") from None
    return time.monotonic() - start


def query(database: str, sql: str) -> list[tuple[Any, ...]]:
    import psycopg
    with psycopg.connect(database, autocommit=True) as db:
        return list(db.execute(sql).fetchall())


@pytest.mark.timeout(900)
def test_one_table_on_two_servers(browser: Any, database: str,
                                  tmp_path_factory: pytest.TempPathFactory) -> None:
    server_a, url_a = app_server(tmp_path_factory.mktemp("a"), database, "voila-server-a")
    server_b, url_b = app_server(tmp_path_factory.mktemp("b"), database, "voila-server-b")
    with server_a, server_b, browser_page(browser) as host, browser_page(browser) as guest:
        [link] = start_table(host, url_a, "board", ["human", "invite", "heuristic"],
                             **{"form-seed": "11", "ng-ages": "1"})
        assert link.startswith(url_a)
        open_link(guest, on_server(link, url_b), "board")
        assert guest.url.startswith(url_b)

        # the guest on server B is seen connected by the host on server A
        wait_seat(host, 1, ": a player at their own screen, connected", 10)

        cross: list[float] = []
        play_timed([host, guest], cross, moves=MOVES_BEFORE_KILL)
        assert len(cross) >= MOVES_BEFORE_KILL
        median = statistics.median(cross)
        print(f"cross-server: {len(cross)} draws, median {median:.0f} ms, "
              f"slowest {max(cross):.0f} ms")
        assert median < CROSS_MEDIAN_MS, sorted(cross)

        # server B dies with its kernels, mid-game; nothing stored is lost
        [(table_id, head)] = query(database, "SELECT id, head FROM nations_tables "
                                             "WHERE record LIKE '%\"undo\":\"never\"%'")
        at = read(host)["pos"]
        assert read(guest)["pos"] == at and at > 0
        assert read(host)["step"] != "game_over"
        assert server_b.proc is not None
        os.killpg(server_b.proc.pid, signal.SIGKILL)
        server_b.proc.wait(timeout=30)
        gone = wait_seat(host, 1, ": a player at their own screen, not connected now",
                         PRESENCE_GONE_S + 5)
        print(f"server B killed: the host saw the guest not connected after {gone:.1f} s")
        assert gone <= PRESENCE_GONE_S, gone
        # the guest's page says its game stopped (its server is gone: within a few seconds)
        guest.wait_for_selector("#nw-lost", timeout=15_000)

        # the guest's screen moves to server A by its own address (its seat's link)
        assert "#table=" in guest.url
        guest.goto(on_server(guest.url, url_a), timeout=120_000)
        guest.wait_for_selector(".nw-table [data-key=table-status]", timeout=120_000)
        guest.wait_for_function(f"(at) => ({STATE})().pos >= at", arg=at, timeout=30_000)
        [(head_after,)] = query(database, f"SELECT head FROM nations_tables "
                                          f"WHERE id = '{table_id}'")
        assert head_after >= head
        assert read(guest)["pos"] >= at and read(host)["pos"] >= at
        wait_seat(host, 1, ": a player at their own screen, connected", 10)

        # and the game is played to its end at both screens, now on one server
        same: list[float] = []
        play_timed([host, guest], same)
        host_end, guest_end = read(host), read(guest)
        assert host_end["step"] == guest_end["step"] == "game_over"
        assert host_end["pos"] == guest_end["pos"]

    # each bot turn was claimed by one runner (a second only where server B's runner died
    # holding it); the stored events replay as one game, each bot move once
    claims = query(database, f"SELECT number, owner FROM test_claims "
                             f"WHERE table_id = '{table_id}' ORDER BY at")
    owners = Counter(number for number, _ in set(claims))
    twice = [number for number, count in owners.items() if count > 1]
    print(f"bot turns claimed: {len(owners)}, claimed by two runners: {twice} "
          f"(server B killed at event {head})")
    assert len(twice) <= 1 and all(number == head for number in twice), (twice, head)
    from nations_widget.tables import Table
    from nations_widget.tables.postgres_store import PostgresStore
    store = PostgresStore(database)
    try:
        table = Table.load(store, table_id)
        assert table.game.is_over
        events = store.events(table_id, 0)
        assert [e.number for e in events] == list(range(1, len(events) + 1))
        # a bot move is stored as event n on top of event n - 1, the turn its runner claimed
        bot_moves = [e.number for e in events
                     if '"kind":"move"' in e.record and '"seat":2,' in e.record]
        assert bot_moves, "the bot never played"
        unclaimed = [n for n in bot_moves if n - 1 not in owners]
        assert not unclaimed, f"bot moves stored without a claim on their turn: {unclaimed}"
    finally:
        store.close()
