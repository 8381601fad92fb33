"""The board on a phone (390 x 844): nothing overflows its box, no text is clipped, no word
is broken inside a tile, tooltips open on screen and close on a second tap.

The shipped bundle draws real payloads (js/test/fixtures) in js/scripts/harness.html,
served from the repository on 127.0.0.1: no kernel is needed for a layout check.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import repository_server

FIXTURES = ("rich_3p", "start_2p", "game_over_4p", "books", "give_back_dice")


@pytest.fixture(scope="module")
def harness() -> Iterator[str]:
    with repository_server() as base:
        yield f"{base}/js/scripts/harness.html"


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True, device_scale_factor=1)
    try:
        yield context.new_page()
    finally:
        context.close()


# Everything inside the board that sticks out of the board, every element whose text is
# cut (its content wider than its box while it hides the overflow), and every tile name
# whose words are split over two lines.
_PROBLEMS = """() => {
  const root = document.querySelector('.nw-root');
  const box = root.getBoundingClientRect();
  const out = [];
  const name = (el) => el.className + ' [' + (el.textContent || '').trim().slice(0, 40) + ']';
  for (const el of root.querySelectorAll('*')) {
    // (.nw-sr: words for a screen reader, hidden on purpose: the icon beside them says them)
    if (el.closest('.nw-tip, .nw-table-scroll, .nw-overlay, .nw-modal, svg, option, .nw-sr')) {
      continue;
    }
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    if (r.left < box.left - 1 || r.right > box.right + 1) {
      out.push('outside the board: ' + name(el));
    }
    const cs = getComputedStyle(el);
    const clips = cs.overflowX === 'hidden' || cs.overflowX === 'clip'
      || cs.textOverflow === 'ellipsis';
    if (clips && el.scrollWidth > el.clientWidth + 1) out.push('clipped: ' + name(el));
  }
  for (const el of root.querySelectorAll('.nw-tile-name')) {
    const text = el.firstChild;
    if (!text || text.nodeType !== 3) continue;
    const words = text.data.split(' ');
    let at = 0;
    for (const w of words) {
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + w.length);
      const tops = new Set([...range.getClientRects()].map((q) => Math.round(q.top)));
      if (tops.size > 1) out.push('word broken: ' + w);
      at += w.length + 1;
    }
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1) {
    out.push('the page scrolls sideways');
  }
  return out;
}"""


@pytest.mark.parametrize("fixture", FIXTURES)
def test_nothing_overflows_or_is_clipped_at_390(phone: Any, harness: str, fixture: str) -> None:
    phone.goto(f"{harness}?fx={fixture}")
    phone.wait_for_selector("body[data-ready='1'] .nw-root")
    phone.wait_for_timeout(300)
    assert phone.evaluate(_PROBLEMS) == []


def test_the_other_players_moves_are_near_the_top(phone: Any, harness: str) -> None:
    phone.goto(f"{harness}?fx=books")
    phone.wait_for_selector("body[data-ready='1'] .nw-root")
    top = phone.evaluate("document.querySelector('.nw-recent-moves').getBoundingClientRect().top")
    assert top < 1200


def test_a_tooltip_opens_on_screen_and_a_second_tap_closes_it(phone: Any, harness: str) -> None:
    phone.goto(f"{harness}?fx=start_2p")
    phone.wait_for_selector("body[data-ready='1'] .nw-root")
    # an unaffordable tile in the rightmost column (the one most likely to run off screen)
    tile = phone.locator(".nw-progress button.nw-tile[aria-disabled='true']").last
    tile.tap(force=True)
    tip = tile.locator(".nw-tip")
    assert tip.is_visible()
    r = tip.bounding_box()
    assert r is not None and r["x"] >= 0 and r["x"] + r["width"] <= 390
    assert r["y"] >= 0 and r["y"] + r["height"] <= 844
    tile.tap(force=True)
    assert not tip.is_visible()
