"""Players' names at a table in the Voila app (issue 31, section 2), on SQLite and on
PostgreSQL: two screens of one dice table, in two browser contexts; each player types a
name in the table bar (one with markup, one with an emoji and a right-to-left override) and
each screen shows the other's name, as text, in the table bar, the log and the status line;
a reloaded page keeps its name, and the chooser's Continue list says who plays by name.  A
board table of two named players played to the end of its first round: the round's summary
and the log name every seat by its player's name on both screens.  Screenshots at 1400 and
390 px wide in NATIONS_SHOTS (default: a temporary folder), for a person to look at."""

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
from test_voila_board import decide as board_decide
from test_voila_game import decide as dice_decide
from test_voila_tables import open_link, read, start_table

pytestmark = pytest.mark.browser
__all__ = ["database"]                              # the fixture, shared

HOST_TYPED, HOST_NAME = "  Ada <b>bold</b>\n", "Ada <b>bold</b>"
GUEST_TYPED, GUEST_NAME = "Zoë 🎲 \u202eevil", "Zoë 🎲 evil"
LOG = "() => document.querySelector('[data-key=log]')?.textContent || ''"


@pytest.fixture(scope="module", params=["sqlite", "postgres"])
def tables_served(request: pytest.FixtureRequest,
                  tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    """The app on each store: the names are kept with the table in it."""
    yield from served_on_store(request, tmp_path_factory, "names")


def name_myself(page: Any, typed: str) -> None:
    page.fill('[data-key="my-name"]', typed)
    page.click('[data-key="name-save"]')


def seat_name(page: Any, seat: int) -> str:
    return str(page.locator(f'[data-key="seat-name-{seat}"]').inner_text())


def shots(page: Any, folder: Path, what: str) -> None:
    for width in (1400, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(300)
        page.screenshot(path=str(folder / f"{what}-{width}.png"), full_page=width == 390)
    page.set_viewport_size({"width": 1280, "height": 900})


def shots_folder() -> Path:
    folder = Path(os.environ.get("NATIONS_SHOTS") or tempfile.mkdtemp(prefix="names-"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def named_table(host: Any, guest: Any, url: str, kind: str, **form: str) -> None:
    """A table of ``kind`` the host starts with a seat for the guest, who opens its link;
    both name themselves, and each screen shows the other's name, cleaned, within the
    watcher's presence beat."""
    [link] = start_table(host, url, kind, ["human", "invite"], **form)
    open_link(guest, link, kind)
    name_myself(host, HOST_TYPED)
    name_myself(guest, GUEST_TYPED)
    for page, seat, name in ((host, 1, GUEST_NAME), (guest, 0, HOST_NAME)):
        page.wait_for_function(
            "([s, n]) => document.querySelector(`[data-key=\"seat-name-${s}\"]`)"
            "?.textContent === n", arg=[seat, name], timeout=20_000)


@pytest.mark.timeout(600)
def test_each_screen_shows_the_others_name_as_text(
        browser: Any, tables_served: tuple[Server, str]) -> None:
    _, url = tables_served
    folder = shots_folder()
    with browser_page(browser) as host, browser_page(browser) as guest:
        named_table(host, guest, url, "dice", **{"form-seed": "7"})
        for page in (host, guest):
            assert seat_name(page, 0) == HOST_NAME and seat_name(page, 1) == GUEST_NAME
            assert page.locator(".nw-table b").count() == 0          # text, never markup
            assert "(Player 2)" in page.locator(".nw-table-seat[data-seat='1']").inner_text()
        # both play a few decisions: the log and the status name the players
        pages = [host, guest]
        for _ in range(12):
            states = [read(p) for p in pages]
            assert not any(s["error"] for s in states), states
            if all(HOST_NAME in p.evaluate(LOG) and GUEST_NAME in p.evaluate(LOG)
                   for p in pages):
                break
            movers = [p for p, s in zip(pages, states, strict=True) if s["live"]]
            if not movers:
                host.wait_for_timeout(300)
                continue
            dice_decide(movers[0])
            movers[0].wait_for_timeout(400)
        for page in pages:
            log = page.evaluate(LOG)
            assert HOST_NAME in log and GUEST_NAME in log, log[-400:]
            assert "Player 1" not in log and "Player 2" not in log, log[-400:]
            assert page.locator("[data-key=log] b").count() == 0
        shots(host, folder, "names-host")
        shots(guest, folder, "names-guest")
        # a reload keeps this browser's name; the chooser lists the table by name
        guest.reload()
        guest.wait_for_selector('[data-key="my-name"]', timeout=120_000)
        assert guest.locator('[data-key="my-name"]').input_value() == GUEST_NAME
        guest.goto(url, timeout=120_000)
        guest.wait_for_selector(".nw-app-game-name", timeout=120_000)
        listed = guest.locator(".nw-app-game-name").first.inner_text()
        assert listed.endswith(f"{GUEST_NAME} (Player 2)"), listed
        shots(guest, folder, "names-continue")


SUMMARY = "() => document.querySelector('.nwb-root [data-key=summary]')?.textContent || null"


@pytest.mark.timeout(900)
def test_a_board_tables_round_summary_and_log_name_the_players(
        browser: Any, tables_served: tuple[Server, str]) -> None:
    _, url = tables_served
    folder = shots_folder()
    with browser_page(browser) as host, browser_page(browser) as guest:
        named_table(host, guest, url, "board", **{"ng-ages": "1", "form-seed": "7"})
        pages = [host, guest]
        buys: list[dict[int, int]] = [{}, {}]
        placed: list[dict[int, int]] = [{}, {}]
        seen: dict[int, str] = {}
        for _ in range(200):
            states = [read(p) for p in pages]
            assert not any(s["error"] for s in states), states
            for i, page in enumerate(pages):
                summary = page.evaluate(SUMMARY)
                if summary and i not in seen:
                    seen[i] = summary
                    if i == 0:
                        shots(page, folder, "names-board-summary")
            if len(seen) == 2:
                break
            movers = [i for i, s in enumerate(states) if s["live"]]
            if not movers:
                host.wait_for_timeout(200)
                continue
            i = movers[0]
            if i in seen and pages[i].evaluate(SUMMARY):
                # seen: closed by the player (a decision of the loop's helper)
                board_decide(pages[i], buys[i], placed[i])
                continue
            if pages[i].evaluate(SUMMARY):
                continue                      # not read yet: read at the loop's top
            board_decide(pages[i], buys[i], placed[i])
            pages[i].wait_for_timeout(300)
        assert len(seen) == 2, "the first round did not end on both screens"
        for i, page in enumerate(pages):
            summary = seen[i]
            # each nation's row, each phase's lines and the player order: by name
            assert HOST_NAME in summary and GUEST_NAME in summary, summary
            assert "Player 1" not in summary and "Player 2" not in summary, summary
            assert page.locator(".nwb-root [data-key=summary] b",
                                has_text="bold").count() == 0         # text, never markup
            log = page.evaluate(LOG)
            assert HOST_NAME in log and GUEST_NAME in log, log[-400:]
            assert "Player 1" not in log and "Player 2" not in log, log[-400:]
