"""The lobby in the Voila app (issue 31, section 3): two hosts open tables with seats
"Open: anyone on this server" (a 3-player and a 2-player dice game), four visitors in
browser contexts of their own see both tables listed on the app's first page, with who
waits; two of them click the same seat at once: one sits, the other is told in words; the
lists of the others follow live (no reload), and a table starts once its open seats are
taken.  Screenshots of the lobby and of a waiting table's bar at 1400 and 390 px wide in
NATIONS_SHOTS (default: a temporary folder), for a person to look at."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import Server, browser_page
from test_presence import served_on_store
from test_two_servers import database
from test_voila_names import name_myself, shots
from test_voila_tables import BOT_PAUSE, read

pytestmark = pytest.mark.browser
__all__ = ["database"]                              # the fixture, shared


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def tables_served(request: pytest.FixtureRequest,
                  tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    """The app on each store: the lobby's seats are taken by the store's compare-and-swap."""
    yield from served_on_store(request, tmp_path_factory, "lobby")

ROWS = "() => [...document.querySelectorAll('.nw-app-open-table')].map((r) => r.dataset.table)"


def open_table(page: Any, url: str, seats: list[str], name: str) -> str:
    """A dice table whose seats are `seats` ("human", "open", a bot), made with the New
    game dialog by a player called `name`; its id."""
    page.goto(f"{url}?game=dice", timeout=120_000)
    page.wait_for_selector(".nw-root[data-step]", timeout=120_000)
    page.click('summary[data-key="newgame-summary"]')
    page.select_option('select[data-key="form-players"]', str(len(seats)))
    for seat, who in enumerate(seats):
        page.select_option(f'select[data-key="form-seat-{seat}"]', who)
    page.fill('input[data-key="form-delay"]', BOT_PAUSE)
    page.click('button[data-key="start"]')
    page.wait_for_selector("[data-key=table-waiting]", timeout=30_000)
    name_myself(page, name)
    return str(page.locator(".nw-table").get_attribute("data-table"))


def lobby(page: Any, url: str) -> None:
    page.goto(url, timeout=120_000)
    page.wait_for_selector("[data-key=lobby]", timeout=120_000)


def listed(page: Any, tables: list[str]) -> None:
    page.wait_for_function(f"(want) => JSON.stringify(({ROWS})().sort()) === "
                           "JSON.stringify(want.sort())", arg=tables, timeout=30_000)


def seated_at(page: Any) -> list[int] | None:
    """The seats this page sits at (None: still at the chooser)."""
    if not page.locator(".nw-table[data-table]").count():
        return None
    return page.evaluate("() => [...document.querySelectorAll('.nw-table-seat[data-who=here]')]"
                         ".map((s) => Number(s.dataset.seat))")  # type: ignore[no-any-return]


@pytest.mark.timeout(900)
def test_two_tables_four_visitors_two_racing_for_one_seat(
        browser: Any, tables_served: tuple[Server, str]) -> None:
    _, url = tables_served
    folder = Path(os.environ.get("NATIONS_SHOTS") or tempfile.mkdtemp(prefix="lobby-"))
    folder.mkdir(parents=True, exist_ok=True)
    with browser_page(browser) as host1, browser_page(browser) as host2, \
            browser_page(browser) as v1, browser_page(browser) as v2, \
            browser_page(browser) as v3, browser_page(browser) as v4:
        big = open_table(host1, url, ["human", "open", "open"], "Ada <i>host</i>")
        small = open_table(host2, url, ["human", "open"], "Bo 🎲")
        assert "Waiting for players" in read(host1)["status"]
        for width in (1400, 390):                 # the waiting table's bar, on its own
            host1.set_viewport_size({"width": width, "height": 900})
            host1.wait_for_timeout(300)
            host1.locator(".nw-table").screenshot(
                path=str(folder / f"lobby-waiting-host-{width}.png"))
        host1.set_viewport_size({"width": 1280, "height": 900})
        visitors = [v1, v2, v3, v4]
        for page in visitors:
            lobby(page, url)
        for page in visitors:
            listed(page, [big, small])
        row = v4.locator(f".nw-app-open-table[data-table='{big}']").inner_text()
        assert "Ada <i>host</i> waits" in row and "2 seats free" in row, row
        assert v4.locator(".nw-app-lobby i").count() == 0            # text, never markup
        shots(v4, folder, "lobby")
        # two visitors click the same seat at once: one sits, the other is told
        seat = f'[data-key="sit-{small}-1"]'
        v1.evaluate("(s) => document.querySelector(s).click()", seat)
        v2.evaluate("(s) => document.querySelector(s).click()", seat)
        for page in (v1, v2):
            page.wait_for_function(
                "() => document.querySelector('.nw-table[data-table]') || "
                "document.querySelector('.nw-app-error')", timeout=120_000)
        places = [seated_at(v1), seated_at(v2)]
        assert sorted(places, key=str) == [None, [1]] or sorted(
            places, key=lambda p: p is None) == [[1], None], places
        winner, loser = (v1, v2) if places[0] == [1] else (v2, v1)
        refusal = loser.locator(".nw-app-error").inner_text()
        # (the small table started with that seat, so the refusal says so too)
        assert refusal == ("Someone else took Player 2's seat first, and the table has "
                           "started; choose another table."), refusal
        # the small table started: its host's page says whose turn it is, nobody waits
        host2.wait_for_function(
            "() => !document.querySelector('[data-key=table-waiting]')", timeout=60_000)
        winner.wait_for_selector(".nw-root[data-step]", timeout=60_000)
        # the others' lists followed live: the small table is gone
        for page in (loser, v3, v4):
            listed(page, [big])
        shots(loser, folder, "lobby-refused")
        # the loser and v3 take the big table's two seats: it starts, the last list empties
        loser.click(f'[data-key="sit-{big}-1"]')
        loser.wait_for_selector(".nw-table[data-table]", timeout=120_000)
        v3.wait_for_function(f"() => document.querySelectorAll('[data-key^=\"sit-{big}-\"]')"
                             ".length === 1", timeout=30_000)
        v3.click(f'[data-key="sit-{big}-2"]')
        v3.wait_for_selector(".nw-table[data-table]", timeout=120_000)
        assert seated_at(loser) == [1] and seated_at(v3) == [2]
        v4.wait_for_selector("[data-key=lobby-empty]", timeout=30_000)
        host1.wait_for_function(
            "() => !document.querySelector('[data-key=table-waiting]')", timeout=60_000)
        for page in (host1, host2, winner, loser, v3):
            assert not read(page)["error"], read(page)
        # the big table's host is among its players now, by name, at every screen
        assert "Ada <i>host</i>" in v3.locator("[data-key='seat-name-0']").inner_text()
