"""The table chat in the Voila app (issue 31, section 4): a host and an invited player, each
in a browser context of their own, write to each other (one line with markup, one with an
emoji and a right-to-left override), and a spectator's page reads both lines, with names
and move numbers, as text, and has nothing to write with; the host turns the chat off and
the guest's page says so.  Screenshots at 1400 and 390 px wide in NATIONS_SHOTS (default: a
temporary folder), for a person to look at."""

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
from test_voila_names import name_myself
from test_voila_tables import open_link, start_table

pytestmark = pytest.mark.browser
__all__ = ["database"]                              # the fixture, shared


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def tables_served(request: pytest.FixtureRequest,
                  tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    """The app on each store: the chat is kept with the table in either."""
    yield from served_on_store(request, tmp_path_factory, "chat")

LINES = "() => [...document.querySelectorAll('.nw-chat-line:not(.nw-chat-switch)')]" \
        ".map((l) => l.textContent)"


def say(page: Any, text: str) -> None:
    page.fill('[data-key="chat-input"]', text)
    page.click('[data-key="chat-send"]')


def lines_are(page: Any, want: list[str]) -> None:
    page.wait_for_function(f"(want) => JSON.stringify(({LINES})()) === JSON.stringify(want)",
                           arg=want, timeout=30_000)


def bar_shots(page: Any, folder: Path, what: str) -> None:
    for width in (1400, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(300)
        page.locator(".nw-table").screenshot(path=str(folder / f"{what}-{width}.png"))
    page.set_viewport_size({"width": 1280, "height": 900})


@pytest.mark.timeout(600)
def test_chat_both_ways_with_a_spectator_reading(
        browser: Any, tables_served: tuple[Server, str]) -> None:
    _, url = tables_served
    folder = Path(os.environ.get("NATIONS_SHOTS") or tempfile.mkdtemp(prefix="chat-"))
    folder.mkdir(parents=True, exist_ok=True)
    with browser_page(browser) as host, browser_page(browser) as guest, \
            browser_page(browser) as watcher:
        [link] = start_table(host, url, "dice", ["human", "invite"], **{"form-seed": "7"})
        spectators = host.locator('[data-key="link-spectator"]').input_value()
        open_link(guest, link, "dice")
        open_link(watcher, spectators, "dice")
        name_myself(host, "Ann")
        host.wait_for_timeout(500)
        say(host, "good luck <b>Bo</b>!")
        say(guest, "thanks 🎲 \u202eevil")
        want = ["Ann move 0 good luck <b>Bo</b>!", "Player 2 move 0 thanks 🎲 evil"]
        for page in (host, guest, watcher):
            lines_are(page, want)
            assert page.locator(".nw-chat b, .nw-chat img").count() == 0   # text, not markup
        assert watcher.locator('[data-key="chat-input"]').count() == 0
        assert watcher.locator('[data-key="chat-read-only"]').count() == 1
        bar_shots(host, folder, "chat-host")
        bar_shots(watcher, folder, "chat-spectator")
        # the host turns it off: the guest's page says so and has nothing to write with
        host.click('[data-key="chat-switch"]')
        guest.wait_for_selector('[data-key="chat-off"]', timeout=30_000)
        assert guest.locator('[data-key="chat-input"]').count() == 0
        assert "The host turned the chat off." in guest.locator(".nw-chat").inner_text()
        bar_shots(guest, folder, "chat-off-guest")
