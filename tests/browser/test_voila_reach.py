"""What a newcomer met on a phone and at a keyboard (issue 29, section 4), in the real app
(Voila, notebooks/play.ipynb at ?game=dice, a kernel), at 390 x 844 (touch) and 1400 x 900.

A game of two human seats (nothing moves by itself) with a seed whose first player can buy a
wonder at once and then cannot build it:

- the fair-dice fingerprint is folded under "Fair dice" at the top, in the header (on a
  phone in the row of its buttons, so it pushes the decision down by nothing);
- Enter on the wonder's tile asks for the preview, and the focus goes to its Confirm (it
  stayed on the tile), where Enter plays the purchase;
- a tap on the greyed "Build <wonder>" (and Enter on it) shows Python's reason in the note
  of the decision panel, on screen (a phone shows no hover tooltip: the tap said nothing);
- Undo sits beside the decision on a phone (the history panel is far down the page), not
  at 1400 px, where the history panel is beside the table;
- the Coach's checkboxes, with their labels, are 44 px tall targets on a phone;
- a tile's tooltip, opened by a tap with the decision's buttons at the window's bottom,
  covers neither Pass nor "Let a bot decide" (it covered both).

Screenshots of each go to test-artifacts/browser/voila-reach-*.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import ARTIFACTS, PageWatch
from test_voila_game import start_dice_game

pytestmark = pytest.mark.browser

SIZES = {"phone": (390, 844), "desktop": (1400, 900)}
#: the first player can buy a wonder (Great Library) at once, and has too little stone to
#: build it on their next turn (found with the engine: Game(players=2, seed=3))
SEED = 3


@pytest.fixture(params=list(SIZES))
def sized(request: pytest.FixtureRequest, browser: Any,
          watch: PageWatch) -> Iterator[tuple[str, Any]]:
    size = request.param
    width, height = SIZES[size]
    phone = size == "phone"
    context = browser.new_context(viewport={"width": width, "height": height},
                                  has_touch=phone, is_mobile=phone, device_scale_factor=1,
                                  reduced_motion="reduce")
    try:
        page = context.new_page()
        watch.attach(page)
        page.set_default_timeout(30_000)
        yield size, page
        assert not watch.page_errors and not watch.errors(), \
            [*watch.page_errors, *watch.errors()]
    finally:
        context.close()


def shot(page: Any, name: str, size: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"voila-reach-{name}-{size}.png"))


def start_two_humans(page: Any, voila_url: str) -> None:
    page.goto(voila_url + "?game=dice", timeout=120_000)
    page.wait_for_selector(".nw-root[data-step]", timeout=90_000)
    start_dice_game(page, ("human", "human"), SEED)
    page.wait_for_selector(".nw-root .nw-player.nw-live")


def box(page: Any, selector: str) -> dict[str, float]:
    """The element's box in the window (viewport coordinates)."""
    found = page.evaluate("""(sel) => {
      const el = document.querySelector(sel);
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height,
              width: r.width, vh: innerHeight, vw: innerWidth};
    }""", selector)
    assert found is not None, selector
    return found  # type: ignore[no-any-return]


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["top"] < b["bottom"] and a["bottom"] > b["top"]
            and a["left"] < b["right"] and a["right"] > b["left"])


def active_key(page: Any) -> str | None:
    return page.evaluate(  # type: ignore[no-any-return]
        "() => document.activeElement && document.activeElement.dataset.key || null")


def test_a_newcomers_reach_on_a_phone_and_at_a_keyboard(sized: tuple[str, Any],
                                                         voila_url: str) -> None:
    size, page = sized
    phone = size == "phone"
    start_two_humans(page, voila_url)
    page.evaluate("() => window.scrollTo(0, 0)")

    # the fingerprint: folded at the top, in the header (on a phone, in its buttons' row)
    fold = ".nw-root .nw-header details.nw-fair-fold"
    summary = box(page, f"{fold} > summary")
    header = box(page, ".nw-root .nw-header")
    assert header["top"] <= summary["top"] and summary["bottom"] <= header["bottom"]
    assert page.locator(fold).evaluate("(d) => d.open") is False
    if phone:
        row = box(page, '.nw-root [data-key="header-newgame"]')
        assert row["top"] - 1 <= summary["top"] and summary["bottom"] <= row["bottom"] + 1, \
            (summary, row)
    assert page.locator('.nw-root .nw-game [data-key="fair-fingerprint"]').count() == 0
    page.click(f"{fold} > summary")
    fingerprint = page.locator(f'{fold} [data-key="fair-fingerprint"]').inner_text().strip()
    assert len(fingerprint) == 64 and int(fingerprint, 16) >= 0
    shot(page, "fair-open", size)
    page.click(f"{fold} > summary")

    # Enter on the wonder's tile: the preview, with the focus on its Confirm; Enter buys
    wonder = page.locator(".nw-progress button.nw-tile.nw-affordable.nw-kind-wonder").first
    name = wonder.locator(".nw-tile-name").inner_text().strip()
    wonder.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('.nw-root [data-key="preview-confirm"]')
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.dataset.key === 'preview-confirm'")
    shot(page, "confirm-focused", size)
    before = page.locator('.nw-root input[data-key="slider"]').input_value()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(b) => document.querySelector('.nw-root input[data-key=\"slider\"]').value !== b",
        arg=before)
    # the second player passes
    page.wait_for_selector('.nw-root [data-key="pass"]')
    page.click('.nw-root [data-key="pass"]')
    build = '.nw-root [data-key="build"][aria-disabled="true"]'
    page.wait_for_selector(build)
    assert name in page.locator(build).inner_text()

    # a tap on the greyed Build says why, in the decision panel, on screen
    reason = page.locator(build).get_attribute("data-reason")
    assert reason and "stone" in reason, reason
    page.locator(build).scroll_into_view_if_needed()
    if phone:
        page.locator(build).tap(force=True)
    else:
        page.locator(build).click(force=True)
    note = ".nw-root .nw-actions .nw-note-line"
    page.wait_for_selector(note)
    assert page.locator(note).inner_text().replace("\n", " ").startswith(f"Not now: {reason}")
    seen = box(page, note)
    assert seen["top"] >= 0 and seen["bottom"] <= seen["vh"], seen
    shot(page, "build-tapped", size)
    # by keyboard too: Enter on the focused Build
    page.click(f'{note} [data-key="dismiss"]')
    page.wait_for_selector(note, state="detached")
    page.locator(build).focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(note)
    assert reason in page.locator(note).inner_text().replace("\n", " ")

    # Undo beside the decision on a phone (the history panel's is far down); not at 1400
    near = page.locator('.nw-root .nw-actions [data-key="undo-near"]')
    if phone:
        assert near.is_visible()
        undo, pass_ = box(page, '[data-key="undo-near"]'), box(page, '[data-key="pass"]')
        far = box(page, '.nw-history [data-key="undo"]')
        assert undo["top"] - pass_["bottom"] < 200, (undo, pass_)
        assert far["top"] - pass_["bottom"] > 800, (far, pass_)
        assert undo["height"] >= 44
    else:
        assert not near.is_visible()
        assert page.locator('.nw-history [data-key="undo"]').is_visible()

    # the Coach's checkboxes: label rows of 44 px on a phone (24 px at least elsewhere)
    rows = page.evaluate("() => [...document.querySelectorAll('.nw-root .nw-coach-toggle')]"
                         ".map((l) => l.getBoundingClientRect().height)")
    assert len(rows) == 2
    assert min(rows) >= (44 if phone else 24) - 0.5, rows
    shot(page, "coach", size)

    # a tile's tooltip with the decision's buttons at the window's bottom: covers neither
    page.evaluate("() => document.querySelector('.nw-root [data-key=\"bot-decide\"]')"
                  ".scrollIntoView({block: 'end'})")
    page.wait_for_timeout(200)
    index = page.evaluate("""() => [...document.querySelectorAll('.nw-progress button.nw-tile')]
      .findIndex((t) => t.getAttribute('aria-disabled') === 'true'
        && t.getBoundingClientRect().top > 0
        && t.getBoundingClientRect().bottom < innerHeight / 2)""")
    assert index >= 0, "no greyed tile in the window's upper half"
    tile = page.locator(".nw-progress button.nw-tile").nth(index)
    if phone:
        tile.tap(force=True)
    else:
        tile.focus()
    page.wait_for_timeout(250)
    tip = tile.locator(".nw-tip")
    assert tip.is_visible()
    tip_box = tip.evaluate("""(t) => { const r = t.getBoundingClientRect();
      return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }""")
    shot(page, "tile-tip", size)
    for key in ("pass", "bot-decide"):
        control = box(page, f'.nw-root [data-key="{key}"]')
        assert control["bottom"] <= control["vh"] + 1, (key, control)
        assert not overlap(tip_box, control), (key, tip_box, control)
    assert tip_box["top"] >= 0 and tip_box["bottom"] <= SIZES[size][1], tip_box
