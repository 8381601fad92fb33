"""Dialogs on screen, focus and keys, in Chromium, in both games (1400 x 900 and a 390 x 844
phone), with the page scrolled down to the bottom of the widget, as a player is after
playing on their own board:

- every dialog (the dice game's end-of-round summary, the "?" list, New game, the board
  game's round summary and a card's details) is wholly inside the viewport when it opens,
  has the focus in it, scrolls inside itself when taller than the screen, and closes by a
  click (a tap) on the shade around it and by Escape (Enter on its primary button);
- after a click on the widget's text (nothing focusable), the keys still work (the focus
  stays in the widget, whose root listens to them);
- a tooltip closes on a click of its tile, when the mouse leaves it and on Escape.

The shipped bundles draw real payloads (js/test/fixtures, js/test/board/fixtures) in the
harness pages, served from the repository on 127.0.0.1: no kernel is needed.  Screenshots
of each dialog go to test-artifacts/browser/.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import ARTIFACTS, repository_server

pytestmark = pytest.mark.browser

VIEWPORTS = {"desktop": (1400, 900), "phone": (390, 844)}

SUMMARY = {
    "round": 1, "event": "Battle of Marathon", "order": [2, 1, 0],
    "rows": [
        {"seat": 0, "books": 0, "famine": 0, "war": 0, "total": 0},
        {"seat": 1, "books": 2, "famine": 1, "war": 0, "total": 3},
        {"seat": 2, "books": 1, "famine": 0, "war": 1, "total": 2},
    ],
}

# where a dialog is: its box against the viewport, whether the focus is in it, and whether
# it scrolls inside itself when taller than its box
_BOX = """(sel) => {
  const d = document.querySelector(sel);
  if (!d) return null;
  const r = (d.querySelector(':scope > .nw-dialog') || d).getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width,
          height: r.height, vw: innerWidth, vh: innerHeight,
          focus: d.contains(document.activeElement),
          scrolls: d.scrollHeight <= d.clientHeight + 1
            || ['auto', 'scroll'].includes(getComputedStyle(d).overflowY)};
}"""

# Python sends the end of a round (the view with its round_summary)
_EMIT_SUMMARY = "(s) => window.emit('view', {...window.model.get('view'), round_summary: s})"

_FOCUS_IN_WIDGET = "() => document.getElementById('out').contains(document.activeElement)"


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with repository_server() as url:
        yield url


@pytest.fixture(params=list(VIEWPORTS))
def viewport(request: Any) -> str:
    return str(request.param)


def _page(browser: Any, base: str, viewport: str, harness: str, fixture: str) -> Iterator[Any]:
    width, height = VIEWPORTS[viewport]
    phone = viewport == "phone"
    context = browser.new_context(viewport={"width": width, "height": height},
                                  has_touch=phone, is_mobile=phone, device_scale_factor=1)
    try:
        page = context.new_page()
        page.set_default_timeout(20_000)
        page.goto(f"{base}/js/scripts/{harness}?fx={fixture}")
        page.wait_for_selector("body[data-ready='1'] .nw-root[data-position]")
        yield page
    finally:
        context.close()


@pytest.fixture
def dice(browser: Any, base: str, viewport: str) -> Iterator[Any]:
    yield from _page(browser, base, viewport, "harness.html", "rich_3p")


@pytest.fixture
def board(browser: Any, base: str, viewport: str) -> Iterator[Any]:
    yield from _page(browser, base, viewport, "board_harness.html", "actions_3p")


def _scroll_to_bottom(page: Any) -> None:
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate("() => window.scrollY") > 300  # the page really is scrolled


def _on_screen(page: Any, sel: str, name: str, viewport: str) -> dict[str, Any]:
    page.wait_for_selector(sel)
    page.wait_for_timeout(50)
    box = page.evaluate(_BOX, sel)
    assert box is not None, f"{name}: not drawn"
    assert box["height"] > 40 and box["width"] > 100, f"{name}: {box}"
    outside = f"{name} not inside the viewport: {box}"
    assert box["top"] >= 0 and box["bottom"] <= box["vh"] + 0.5, outside
    assert box["left"] >= 0 and box["right"] <= box["vw"] + 0.5, outside
    assert box["focus"], f"{name}: the focus is not in the dialog"
    assert box["scrolls"], f"{name}: taller than its box and does not scroll"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"dialog-{name}-{viewport}.png"))
    return box


def _tap_shade(page: Any, viewport: str) -> None:
    """A click (a tap on a phone) on the shade, in a corner outside the dialog."""
    if viewport == "phone":
        page.touchscreen.tap(3, 3)
    else:
        page.mouse.click(3, 3)


def _closed(page: Any, sel: str) -> bool:
    page.wait_for_timeout(50)
    return not page.evaluate("(sel) => Boolean(document.querySelector(sel))", sel)


def test_dice_round_summary_on_screen_closes_by_tap_and_key(dice: Any, viewport: str) -> None:
    sel = "[data-key='round-summary']"
    _scroll_to_bottom(dice)
    dice.evaluate(_EMIT_SUMMARY, SUMMARY)
    _on_screen(dice, sel, "dice-round-summary", viewport)
    assert dice.evaluate("() => document.activeElement.dataset.key") == "round-summary-close"
    _tap_shade(dice, viewport)
    assert _closed(dice, sel), "a tap on the shade does not close the round summary"
    assert dice.evaluate(_FOCUS_IN_WIDGET)
    # the next round's summary, closed by Escape; Enter (its Start round button) for the next
    dice.evaluate(_EMIT_SUMMARY, {**SUMMARY, "round": 2})
    _on_screen(dice, sel, "dice-round-summary-2", viewport)
    dice.keyboard.press("Escape")
    assert _closed(dice, sel), "Escape does not close the round summary"
    dice.evaluate(_EMIT_SUMMARY, {**SUMMARY, "round": 3})
    dice.wait_for_selector(sel)
    dice.keyboard.press("Enter")
    assert _closed(dice, sel), "Enter does not close the round summary"


def test_dice_help_after_a_click_on_text_then_new_game(dice: Any, viewport: str) -> None:
    _scroll_to_bottom(dice)
    # a click on the widget's text (a panel's heading: nothing focusable), then "?"
    heading = dice.locator(".nw-history > h3")
    heading.scroll_into_view_if_needed()
    heading.click()
    assert dice.evaluate(_FOCUS_IN_WIDGET), "a click on the widget's text left the focus outside it"
    dice.keyboard.press("?")
    sel = "[data-key='help-overlay']"
    _on_screen(dice, sel, "dice-help", viewport)
    dice.keyboard.press("Enter")  # Close, the dialog's primary button, has the focus
    assert _closed(dice, sel)
    assert dice.evaluate(_FOCUS_IN_WIDGET)
    # New game from the Game panel at the bottom of the page
    _scroll_to_bottom(dice)
    dice.locator("summary[data-key='newgame-summary']").click()
    sel = "[data-key='newgame-dialog'], details.nw-newgame[open] > .nw-form"
    _on_screen(dice, sel, "dice-new-game", viewport)
    dice.keyboard.press("Escape")
    dice.wait_for_timeout(50)
    assert not dice.evaluate("() => document.querySelector('details.nw-newgame').open")
    assert dice.evaluate(_FOCUS_IN_WIDGET)


def test_board_round_summary_and_card_details_on_screen(board: Any, viewport: str) -> None:
    sel = "[data-key='summary']"
    _on_screen(board, sel, "board-round-summary-opening", viewport)  # the round's, at first draw
    board.keyboard.press("Enter")  # its Close button has the focus
    assert _closed(board, sel), "Enter does not close the board game's round summary"
    # scrolled down to the player's own board, S shows the summary again
    _scroll_to_bottom(board)
    board.locator(".nwb-left h4").first.click()  # the board's text: the keys still work
    board.keyboard.press("s")
    _on_screen(board, sel, "board-round-summary", viewport)
    # the focus on its Close button, not on the first phase's disclosure (showModal's own
    # choice): Enter, the key a player presses to go on, toggled that phase instead
    assert board.evaluate("() => document.activeElement.dataset.key") == "summary-close", \
        board.evaluate("() => document.activeElement.outerHTML.slice(0, 120)")
    _tap_shade(board, viewport)
    assert _closed(board, sel), "a tap on the shade does not close the round summary"
    # a card's details, from a card of the player's own board low on the page
    name = board.locator(".nwb-left .nwb-card-name").last
    name.scroll_into_view_if_needed()
    before = board.evaluate("() => window.scrollY")
    name.click()
    sel = "[data-key='detail']"
    _on_screen(board, sel, "board-card-details", viewport)
    assert board.evaluate("() => window.scrollY") == before, "the details moved the page"
    board.keyboard.press("Escape")
    assert _closed(board, sel)
    assert board.evaluate("() => document.activeElement.classList.contains('nwb-card-name')"), \
        "the focus did not go back to the card"


def test_dice_tooltip_closes_on_click_leave_and_escape(browser: Any, base: str) -> None:
    for page in _page(browser, base, "desktop", "harness.html", "rich_3p"):
        tiles = page.locator(".nw-progress .nw-tile.nw-has-tip")
        tip_shown = "(el) => getComputedStyle(el.querySelector('.nw-tip')).display !== 'none'"
        # a tile that can be bought (a click on an inert one is how a phone shows why)
        first = page.locator(".nw-progress .nw-tile.nw-has-tip:not([aria-disabled='true'])").first
        first.hover()
        assert first.evaluate(tip_shown), "hover shows the tooltip"
        first.click()
        page.wait_for_timeout(50)
        assert not first.evaluate(tip_shown), "the tooltip stays after a click"
        second = tiles.nth(1)
        second.hover()
        assert second.evaluate(tip_shown)
        page.keyboard.press("Escape")
        assert not second.evaluate(tip_shown), "the tooltip stays after Escape"
        # focused (keyboard), then the mouse leaves it: closed
        third = tiles.nth(2)
        third.hover()
        third.focus()
        page.mouse.move(2, 2)
        assert not third.evaluate(tip_shown), "the tooltip stays once the mouse has left"
