"""Table links in the Voila app that open nothing (issue 31, section 1), in one Voila server
with its own store, on SQLite (NATIONS_TABLES_DIR) and on PostgreSQL (NATIONS_TABLES_URL).

- Every kind of bad ``#table=`` (empty, cut short, mistyped characters, too long, two links
  one cut short, and a well-formed link of no table), on an address that also asks for a
  game (``?game=dice``, as an invite link made on such a page does): the page says in words
  that the link did not open, offers the choice of game, and starts nothing: no game's
  table is drawn, and no game was kept in the store (a game started behind the words keeps
  itself once its first move, a bot's included, is played).
- The host's page: its address holds its own seat link only, the host link is in the
  browser's storage, the table bar names each link; a reload brings the table back with
  the host's link.

Screenshots (1400 and 390 px wide) go to test-artifacts/browser/links-*.png.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import ARTIFACTS, browser_page
from test_presence import served_on_store
from test_two_servers import database
from test_voila_tables import start_table

from nations_widget.tables import SQLiteStore, Store

pytestmark = pytest.mark.browser
__all__ = ["database"]                              # the fixture, shared

GOOD_SHAPE = secrets.token_urlsafe(32)        # 43 link characters, of no table
#: each bad kind of address, the words it must bring
BAD_LINKS = {
    "empty": ("#table=", "has nothing after"),
    "short": (f"#table={GOOD_SHAPE[:31]}", "incomplete"),
    "garbled": (f"#table={GOOD_SHAPE[:30]}%3Cb%3E!{GOOD_SHAPE[:9]}", "mistyped"),
    "long": (f"#table={GOOD_SHAPE}{GOOD_SHAPE[:5]}", "longer than a table link"),
    "one of two": (f"#table={GOOD_SHAPE},{GOOD_SHAPE[:20]}", "incomplete"),
    "stale": (f"#table={GOOD_SHAPE}", "No table has this link"),
}
SHOTS = {"garbled", "stale"}


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def links_served(request: pytest.FixtureRequest,
                 tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """The app on each store, and where its tables are: the SQLite file's path, or the
    PostgreSQL database's address."""
    for server, url in served_on_store(request, tmp_path_factory, "links"):
        env = server.env or {}
        yield url, (env.get("NATIONS_TABLES_URL")
                    or str(Path(env["NATIONS_TABLES_DIR"]) / "tables.sqlite3"))


def store_kind(where: str) -> str:
    """The store behind ``where`` in a word, for the screenshots' names (one set per store)."""
    return "postgres" if where.startswith("postgres") else "sqlite"


def open_store(where: str) -> Store | None:
    """The store at ``where`` (None: a SQLite file not made yet)."""
    if where.startswith("postgres"):
        from nations_widget.tables.postgres_store import PostgresStore
        return PostgresStore(where)
    path = Path(where)
    return SQLiteStore(path) if path.exists() else None


def stored_tables(where: str) -> int:
    store = open_store(where)
    if store is None:
        return 0
    try:
        return len(store.list_tables())
    finally:
        store.close()


@pytest.mark.timeout(600)
def test_every_bad_table_link_says_so_offers_the_choice_and_starts_nothing(
        browser: Any, links_served: tuple[str, str]) -> None:
    url, store = links_served
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with browser_page(browser) as page:
        page.set_viewport_size({"width": 1400, "height": 900})
        for kind, (fragment, words) in BAD_LINKS.items():
            before = stored_tables(store)
            page.goto("about:blank")   # else a new fragment alone would not load the page
            page.goto(f"{url}?game=dice{fragment}", timeout=120_000)
            notice = page.wait_for_selector("[data-key=link-error]", timeout=120_000)
            assert notice is not None
            text = notice.text_content() or ""
            assert "This table link did not open" in text and words in text, (kind, text)
            assert "Nothing was started" in text
            assert page.locator("button.nw-app-choice").count() >= 2, kind   # the chooser
            # longer than the app's bot pause (0.8 s): a game behind the words would show
            page.wait_for_timeout(2_000)
            assert page.locator(".nw-root, .nwb-root").count() == 0, kind
            assert page.locator("[data-key=link-error]").count() == 1
            assert stored_tables(store) == before, f"{kind}: a game was kept behind the words"
            if kind in SHOTS:
                for width, height in ((1400, 900), (390, 844)):
                    page.set_viewport_size({"width": width, "height": height})
                    shot = f"links-{store_kind(store)}-{kind}-{width}.png"
                    page.screenshot(path=str(ARTIFACTS / shot))
                page.set_viewport_size({"width": 1400, "height": 900})
        # the player moves on: a game is chosen, the dead link leaves the address
        page.click("[data-key=choose-dice]")
        page.wait_for_selector(".nw-root[data-step]", timeout=120_000)
        assert "#table=" not in page.url and page.locator("[data-key=link-error]").count() == 0


@pytest.mark.timeout(600)
def test_the_hosts_address_holds_their_seat_and_never_the_host_link(
        browser: Any, links_served: tuple[str, str]) -> None:
    url, store = links_served
    with browser_page(browser) as page:
        page.set_viewport_size({"width": 1400, "height": 900})
        invited = start_table(page, url, "dice", ["human", "invite"])
        assert len(invited) == 1
        address = page.url.split("#table=")[1]
        assert "," not in address and len(address) == 43          # one link: the host's seat
        remembered = json.loads(page.evaluate("() => localStorage.getItem('nations-tables')"))
        entry = remembered[0]
        assert entry["tokens"] == [address] and len(entry["host"]) == 43
        assert entry["host"] not in page.url and entry["host"] not in invited[0]
        names = page.locator(".nw-table-link-name").all_text_contents()
        assert names[0].startswith("Player 2's seat link")
        assert names[1].startswith("Spectators' link")
        where = page.locator("[data-key=table-address]").text_content() or ""
        assert "Player 1's seat link" in where and "host link stays in this browser only" in where
        for width, height in ((1400, 900), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            page.locator(".nw-table").scroll_into_view_if_needed()
            shot = f"links-{store_kind(store)}-host-bar-{width}.png"
            page.screenshot(path=str(ARTIFACTS / shot))
        # a reload: the address's seat link, and the host link from this browser's storage
        page.reload(timeout=120_000)
        page.wait_for_selector(".nw-table [data-key=table-status]", timeout=120_000)
        where = page.locator("[data-key=table-address]").text_content() or ""
        assert "host link stays in this browser only" in where          # the host's again
        assert page.url.split("#table=")[1] == address
