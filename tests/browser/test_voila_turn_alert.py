"""Your turn, when you are away (issue 31, section 5), in a real browser: at a shared dice
table, the guest asks to be told of their turn ("Tell me when it's my turn", the browser's
notification permission granted to the page), puts their page in the background, and the
host's moves bring the guest's turn: the guest's browser shows one notification, the tab's
title says "Your turn" and its icon is marked; back in view, nothing more is shown, and
once the turn has passed the icon is the page's own again.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import ARTIFACTS, Server, voila_server
from test_presence import in_background
from test_voila_kernels import checkout_env
from test_voila_tables import decide_and_see_it_played, open_link, read, start_table

pytestmark = pytest.mark.browser

#: every notification the page makes, recorded (the browser's own is made too)
SPY = """(() => {
  const Real = window.Notification;
  window.__nwNotes = [];
  if (typeof Real !== 'function') return;
  function Spy(title, options) {
    window.__nwNotes.push({ title, ...(options || {}) });
    try { return new Real(title, options); } catch (e) { return { close() {} }; }
  }
  Object.defineProperty(Spy, 'permission', { get: () => Real.permission });
  Spy.requestPermission = (...a) => Real.requestPermission(...a);
  window.Notification = Spy;
  // the page's own icon, before any table is drawn
  document.addEventListener('DOMContentLoaded', () => {
    window.__nwOwnIcon = (document.querySelector('link[rel~="icon"]') || {}).href || '';
  });
})();"""

ICON = "() => (document.querySelector('link[rel~=\"icon\"]') || {}).href || ''"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    folder: Path = tmp_path_factory.mktemp("turn-alert")
    env = checkout_env(folder)
    env["NATIONS_TABLES_DIR"] = str(folder / "store")
    env.pop("NATIONS_TABLES_URL", None)
    server, url = voila_server("notebooks/play.ipynb", env=env, name="voila-turn-alert")
    with server:
        yield server, url


@pytest.mark.timeout(600)
def test_a_background_page_is_told_when_its_turn_comes(browser: Any,
                                                       served: tuple[Server, str]) -> None:
    _, url = served
    host_context = browser.new_context(viewport={"width": 1280, "height": 900})
    guest_context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        guest_context.grant_permissions(["notifications"], origin=url.split("/?")[0].rstrip("/"))
        guest_context.add_init_script(SPY)
        host = host_context.new_page()
        [link] = start_table(host, url, "dice", ["human", "invite"])
        guest = guest_context.new_page()
        open_link(guest, link, "dice")
        own_icon = guest.evaluate("() => window.__nwOwnIcon")
        assert own_icon != guest.evaluate(ICON) or not guest.title().startswith("Your turn")
        guest.click('[data-key="notify-on"]')
        guest.wait_for_selector('[data-key="notify-off"]', timeout=10_000)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        guest.locator(".nw-table").screenshot(path=str(ARTIFACTS / "turn_alert_390.png"))
        # the guest waits in the background while the host plays
        deadline = time.monotonic() + 120
        while read(guest)["live"]:          # the guest's turn first: play it in view
            decide_and_see_it_played(guest)
            assert time.monotonic() < deadline
        in_background(guest)
        assert guest.evaluate("() => window.__nwNotes.length") == 0
        while not read(guest)["live"]:
            if read(host)["live"]:
                decide_and_see_it_played(host)
            else:
                host.wait_for_timeout(200)
            assert time.monotonic() < deadline, "the guest's turn never came"
        guest.wait_for_function("() => window.__nwNotes.length > 0", timeout=10_000)
        notes = guest.evaluate("() => window.__nwNotes")
        assert len(notes) == 1, notes
        assert notes[0]["title"] == "Your turn in Nations"
        assert "it is your turn" in notes[0]["body"]
        assert guest.title().startswith("Your turn · ")
        assert guest.evaluate(ICON).startswith("data:image/svg+xml")
        # back in view: the guest plays; no second notification for the same turn
        guest.evaluate("""() => {
          Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});
          Object.defineProperty(document, 'visibilityState', {configurable: true,
                                                              get: () => 'visible'});
          document.dispatchEvent(new Event('visibilitychange'));
        }""")
        while guest.title().startswith("Your turn"):    # the guest's decisions, in view
            if read(guest)["live"]:
                decide_and_see_it_played(guest)
            else:
                guest.wait_for_timeout(200)
            assert time.monotonic() < deadline, "the guest's turn never passed"
        assert guest.evaluate(ICON) == own_icon         # the page's own icon again
        assert guest.evaluate("() => window.__nwNotes.length") == 1
    finally:
        guest_context.close()
        host_context.close()


@pytest.mark.timeout(600)
def test_continue_a_game_says_whose_turn_it_is_now(browser: Any,
                                                   served: tuple[Server, str]) -> None:
    """The guest, back on the app's first page, sees in "Continue a game" whose turn it
    is at the table now: the store's, not what the guest's page saw last; a move at the
    table changes it within seconds."""
    _, url = served
    host_context = browser.new_context(viewport={"width": 1280, "height": 900})
    guest_context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        host = host_context.new_page()
        [link] = start_table(host, url, "dice", ["human", "invite"])
        guest = guest_context.new_page()
        open_link(guest, link, "dice")
        table_id = guest.evaluate("() => document.querySelector('.nw-table').dataset.table")
        deadline = time.monotonic() + 120
        while read(guest)["live"]:          # the host's turn, so that the guest waits
            decide_and_see_it_played(guest)
            assert time.monotonic() < deadline
        guest.goto(url, timeout=120_000)    # the app's first page, in the same browser
        entry = f'.nw-app-game[data-table="{table_id}"]'
        guest.wait_for_selector(entry, timeout=60_000)
        guest.wait_for_function("(sel) => /Player 1's turn/.test("
                                "document.querySelector(sel).textContent)", arg=entry,
                                timeout=20_000)
        guest.screenshot(path=str(ARTIFACTS / "continue_turns_390.png"))
        while not host.evaluate("() => /Your turn/.test(document.title)") \
                or read(host)["live"]:
            if read(host)["live"]:
                decide_and_see_it_played(host)
            else:
                host.wait_for_timeout(200)
            if not host.evaluate("() => /Your turn/.test(document.title)"):
                break                       # the turn passed to the guest
            assert time.monotonic() < deadline, "the host's turn never ended"
        guest.wait_for_function("(sel) => /Your turn/.test("
                                "document.querySelector(sel).textContent)", arg=entry,
                                timeout=20_000)
    finally:
        guest_context.close()
        host_context.close()
