"""Presence that is true (issue 31, section 6): the table bar shows a seat as connected only
while its page is open, and says "not connected now" within 5 s of the page going, on
SQLite and on PostgreSQL (across two servers: tests/browser/test_two_servers.py, whose
server is killed).

Two screens of one dice table, the host's and the guest's, in two browser contexts of one
Voila server. The host's bar must say the guest is connected, then, each time within 5 s:
- the guest's tab is closed (the page says goodbye, and Voila shuts its kernel down);
- the guest's page stops for good, as a crashed or frozen page does (no goodbye, no unload:
  its kernel lives on, and only the page's silence can tell);
- the guest's page, its tab in the background (``document.hidden``), stops so: a browser
  slows a background tab's timers to one a minute, so the page's own beat cannot be what
  keeps it connected (a background page that stopped stayed connected for 90 s).
Between the three the guest opens its link again and is seen connected again.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import Server, voila_server
from test_two_servers import database, wait_seat
from test_voila_kernels import checkout_env
from test_voila_tables import open_link, start_table

pytestmark = pytest.mark.browser
__all__ = ["database"]                      # the fixture, shared

#: the issue's bound: a page gone is no longer shown connected after this long (seconds)
GONE_WITHIN = 5.0
CONNECTED = ": a player at their own screen, connected"
AWAY = ": a player at their own screen, not connected now"


def served_on_store(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
                    name: str) -> Iterator[tuple[Server, str]]:
    """The app served by Voila with its tables in the store ``request.param`` names:
    "sqlite" (a folder of its own) or "postgres" (the throwaway database: the ``database``
    fixture of test_two_servers.py, which the test's module imports)."""
    folder: Path = tmp_path_factory.mktemp(f"{name}-{request.param}")
    env = checkout_env(folder)
    if request.param == "postgres":
        env["NATIONS_TABLES_URL"] = request.getfixturevalue("database")
        env.pop("NATIONS_TABLES_DIR", None)
    else:
        env["NATIONS_TABLES_DIR"] = str(folder / "store")
        env.pop("NATIONS_TABLES_URL", None)
    server, url = voila_server("notebooks/play.ipynb", env=env,
                               name=f"voila-{name}-{request.param}")
    with server:
        yield server, url


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def served(request: pytest.FixtureRequest,
           tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    yield from served_on_store(request, tmp_path_factory, "presence")


def hang(page: Any) -> None:
    """The page stops for good, as a crashed or frozen page does: its script loops forever
    (no goodbye, no unload, no answer to its kernel), its kernel and websocket live on.
    (Chromium's own crash, CDP's ``Page.crash``, never answers Playwright: the test hung.)"""
    page.evaluate("() => { setTimeout(() => { for (;;) { /* hung */ } }, 0); }")


def in_background(page: Any) -> None:
    """The page's tab goes to the background, as the page sees it (headless Chromium has no
    tabs): ``document.hidden`` true, and the beat after it says so."""
    page.evaluate("""() => {
      Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});
      Object.defineProperty(document, 'visibilityState', {configurable: true,
                                                          get: () => 'hidden'});
      document.dispatchEvent(new Event('visibilitychange'));
    }""")
    page.wait_for_timeout(2_500)            # a beat (every 2 s) has said "hidden"


@pytest.mark.timeout(600)
def test_a_page_gone_is_not_connected_within_5_s(browser: Any,
                                                 served: tuple[Server, str]) -> None:
    _, url = served
    host_context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        host = host_context.new_page()
        [link] = start_table(host, url, "dice", ["human", "invite"])
        took: dict[str, float] = {}

        def guest_leaves(how: str) -> None:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            try:
                guest = context.new_page()
                open_link(guest, link, "dice")
                wait_seat(host, 1, CONNECTED, 15)
                if how == "closed":
                    gone = time.monotonic()
                    guest.close()
                elif how == "hung":
                    gone = time.monotonic()
                    hang(guest)
                else:
                    in_background(guest)
                    wait_seat(host, 1, CONNECTED, 1)     # a background tab is still open
                    gone = time.monotonic()
                    hang(guest)
                wait_seat(host, 1, AWAY, 30)
                took[how] = time.monotonic() - gone
            finally:
                context.close()

        for how in ("closed", "hung", "hung in the background"):
            guest_leaves(how)
        print("not connected after: " + ", ".join(f"{how} {s:.1f} s"
                                                   for how, s in took.items()))
        assert all(seconds <= GONE_WITHIN for seconds in took.values()), took
    finally:
        host_context.close()
