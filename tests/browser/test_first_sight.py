"""What a newcomer meets on a phone (390 x 844) in the real app (notebooks/play.ipynb in
Voila, as scripts/play.sh serves it): the game on the first screen, not a paragraph about
seeds and links (that is folded in "About this app" at the bottom); the dice game against
an easy bot, whose seat says so; and, on the app's page itself (the chooser's bar, the dice
game's table, the board game's New game dialog), no text overflowing and every control big
enough to hit (the checks of test_fit_and_targets.py).  A look at the desktop (1400 px)
checks the same.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from test_fit_and_targets import FIT_PROBLEMS, PRIMARY, TARGETS, VIEWPORTS, too_small

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                  is_mobile=True, device_scale_factor=1, reduced_motion="reduce")
    try:
        page = context.new_page()
        page.set_default_timeout(90_000)
        yield page
    finally:
        context.close()


def _open(page: Any, url: str, game: str) -> None:
    """The page as a newcomer first meets it: the dice game once it is their turn (the
    easy bot may move first, and the header's prompt is drawn anew when it is done: a
    look taken during that draw found no prompt), the board game on its New game dialog."""
    page.goto(f"{url}?game={game}")
    if game == "dice":
        page.wait_for_selector(".nw-root[data-step] .nw-player.nw-live")
    else:
        page.wait_for_selector(".nwb-root[data-step]")
    page.wait_for_timeout(300)


def test_a_phone_shows_the_dice_game_first_against_an_easy_bot(phone: Any,
                                                               voila_url: str) -> None:
    _open(phone, voila_url, "dice")
    # the table starts on the first screen, its prompt and the progress board with it
    table = phone.locator(".nw-root").bounding_box()
    assert table is not None and table["y"] < 120
    prompt = phone.locator(".nw-prompt").bounding_box()
    assert prompt is not None and prompt["y"] + prompt["height"] < 844
    # the notes for developers: folded, after the app
    about = phone.locator("details", has_text="About this app")
    assert about.count() == 1 and about.get_attribute("open") is None
    about_box = about.bounding_box()
    assert about_box is not None and about_box["y"] > table["y"] + table["height"]
    summary = about.locator("summary").bounding_box()
    assert summary is not None and summary["height"] >= 24 and summary["width"] >= 24
    # Player 2 is an easy bot, and its board says so
    head = phone.locator(".nw-player h3", has_text="Player 2")
    assert "bot (easy)" in head.inner_text()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("game", ["dice", "board"])
def test_the_app_page_fits_and_its_controls_are_big_enough(browser: Any, voila_url: str,
                                                           game: str, viewport: str) -> None:
    width, height = VIEWPORTS[viewport]
    phone = viewport == "phone"
    context = browser.new_context(viewport={"width": width, "height": height},
                                  has_touch=phone, is_mobile=phone, device_scale_factor=1,
                                  reduced_motion="reduce")
    try:
        page = context.new_page()
        page.set_default_timeout(90_000)
        _open(page, voila_url, game)
        root = ".nw-root" if game == "dice" else ".nwb-root"
        if game == "board":
            # the app opens the board game on its New game dialog: its fields too
            page.wait_for_selector(".nwb-root details.nw-newgame[open] [data-key='start']")
        problems = page.evaluate(FIT_PROBLEMS, root)
        assert problems == [], "\n".join(problems)
        fold = page.locator(f"{root} [data-key='fair-fold-summary']")
        if fold.count():
            # the fair-dice fold opened: its card lies over the table, inside it
            fold.click()
            problems = page.evaluate(FIT_PROBLEMS, root)
            assert problems == [], "the fair-dice card opened:\n" + "\n".join(problems)
            fold.click()
        targets = (page.evaluate(TARGETS, [root, PRIMARY])
                   + page.evaluate(TARGETS, [".nw-app", PRIMARY]))
        assert any("switch-" in t["what"] for t in targets)
        small = too_small(targets, phone)
        assert small == [], "\n".join(small)
    finally:
        context.close()


def test_the_choosers_cards_side_by_side_are_equally_tall(browser: Any, voila_url: str) -> None:
    """The first screen: the three choices (the dice game, the board game, Learn) side by
    side at 1400 px.  The board game's longer line made its card taller than the others,
    which ended at their text's height, a ragged row."""
    context = browser.new_context(viewport={"width": 1400, "height": 900}, device_scale_factor=1)
    try:
        page = context.new_page()
        page.set_default_timeout(90_000)
        page.goto(voila_url)
        page.wait_for_selector(".nw-app-choice")
        boxes = page.evaluate("""() => [...document.querySelectorAll('.nw-app-choice')]
          .map((b) => {
            const r = b.getBoundingClientRect();
            return {top: r.top, height: r.height};
          })""")
        assert len(boxes) >= 3
        row = [b for b in boxes if abs(b["top"] - boxes[0]["top"]) < 1]
        assert len(row) >= 2, boxes                  # side by side at 1400 px
        heights = {round(b["height"]) for b in row}
        assert len(heights) == 1, f"cards of one row of different heights: {sorted(heights)}"
    finally:
        context.close()
