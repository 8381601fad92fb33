"""The paths a player takes between games on one page, in the Voila app: the chooser, the dice
game, the board game (its New game dialog and a started game), Learn (a dice lesson, then a
board lesson), and back.  Each game draws the same whatever was shown before it on the page:
at every stop, every icon on the screen is drawn with its picture (``iconsUndrawn`` in
players_eye.js: the image, unrepeated, at the icon's size), and the board game's New game
dialog has the same look as on a page that showed nothing before it.

The defect this walks for: each game's bundle brings its own copy of the shell's style sheet,
and the second one on a page came after the icons' sheet, so its ``background`` shorthands
(a chip's colour, the icon's own frame) cleared the icons' pictures: "take raid → / /" on
the board game's battle cards, a round summary of bare numbers.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_support import PageWatch, record_artifact
from players_eye import EYE_JS

pytestmark = pytest.mark.browser

DICE = ".nw-root[data-step]:not(.nwb-root)"
BOARD = ".nwb-root[data-step]"
LEARN_PANEL = ".nw-learn-panel"

# The look of the board game's New game dialog: the computed styles that draw it, element by
# element (the form's fields and their labels: the same whatever game was played before).
DIALOG_LOOK = """() => {
  const d = document.querySelector('.nwb-root dialog[open]');
  if (!d) return null;
  const props = ['display', 'font-size', 'font-weight', 'color', 'background-color',
    'background-image', 'border-top-width', 'padding-top', 'margin-top', 'width', 'height'];
  return [...d.querySelectorAll('*')].map((el) => {
    const cs = getComputedStyle(el);
    const look = props.map((p) => cs.getPropertyValue(p)).join('|');
    return (el.dataset.key || el.tagName) + ' ' + look;
  });
}"""


def icons_ok(page: Any, where: str, root: str, artifacts_dir: Path, request: Any) -> int:
    """Every icon shown under ``root`` has its picture; returns how many were checked."""
    seen = page.evaluate("(sel) => window.playersEye.iconsUndrawn(sel)", root)
    if seen["undrawn"]:
        shot = artifacts_dir / f"paths_{where.replace(' ', '_')}.png"
        page.screenshot(path=str(shot), full_page=True)
        record_artifact(request, f"icons without their picture, {where}", shot)
    assert seen["undrawn"] == [], (
        f"{where}: {len(seen['undrawn'])} of {seen['checked']} icons drawn without their "
        f"picture: {seen['undrawn'][:12]}")
    assert seen["checked"] > 0, f"{where}: no icon on the screen to check"
    return int(seen["checked"])


def start_board_game(page: Any) -> None:
    """The board game's New game dialog: you against a bot, 2 players, Start; wait for the
    table."""
    page.wait_for_selector(f"{BOARD} dialog[open]", timeout=60_000)
    page.select_option('.nwb-root select[data-key="form-players"]', "2")
    page.select_option('.nwb-root select[data-key="form-seat-0"]', "human")
    page.fill('.nwb-root input[data-key="form-seed"]', "5")
    page.click('.nwb-root button[data-key="start"]')
    page.wait_for_function(
        "() => { const r = document.querySelector('.nwb-root');"
        " const d = r && r.querySelector('details.nw-newgame');"
        " return r && r.querySelector('.nwb-progress') && d && !d.open; }", timeout=60_000)


def open_lesson(page: Any, key: str, root: str) -> None:
    if page.locator(f'{LEARN_PANEL} button[data-key="list"]').count():
        page.click(f'{LEARN_PANEL} button[data-key="list"]')
    page.click(f'{LEARN_PANEL} button[data-key="open-{key}"]')
    page.wait_for_function(
        "([sel, key]) => { const p = document.querySelector(sel);"
        " return p && p.dataset.lesson === key && p.dataset.status === 'trying'; }",
        arg=[LEARN_PANEL, key], timeout=60_000)
    page.wait_for_selector(root, timeout=60_000)


@pytest.mark.parametrize("width", [1400, 390])
def test_every_game_draws_its_icons_whatever_was_shown_before(
        browser: Any, voila_url: str, watch: PageWatch, artifacts_dir: Path, width: int,
        request: pytest.FixtureRequest) -> None:
    # the board game's dialog as a page that showed nothing before draws it
    fresh = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = fresh.new_page()
        page.goto(voila_url + "?game=board", timeout=120_000)
        page.wait_for_selector(f"{BOARD} dialog[open]", timeout=90_000)
        fresh_dialog = page.evaluate(DIALOG_LOOK)
    finally:
        fresh.close()

    context = browser.new_context(viewport={"width": width, "height": 900})
    context.add_init_script(path=str(EYE_JS))
    try:
        page = context.new_page()
        watch.attach(page)
        page.set_default_timeout(60_000)
        page.goto(voila_url, timeout=120_000)
        page.click('.nw-app button[data-key="choose-dice"]', timeout=90_000)
        page.wait_for_selector(DICE, timeout=90_000)
        icons_ok(page, f"the dice game first, {width} px", DICE, artifacts_dir, request)

        # the dice game, then the board game: its dialog as on a fresh page, its table's icons
        page.click('.nw-app button[data-key="switch-board"]')
        page.wait_for_selector(f"{BOARD} dialog[open]", timeout=90_000)
        assert page.evaluate(DIALOG_LOOK) == fresh_dialog
        start_board_game(page)
        checked = icons_ok(page, f"the board game after the dice game, {width} px", BOARD,
                           artifacts_dir, request)
        assert checked >= 20, checked          # the progress board's cards have theirs
        shot = artifacts_dir / f"paths_board_after_dice_{width}.png"
        page.screenshot(path=str(shot))
        record_artifact(request, f"the board game after the dice game, {width} px", shot)

        # Learn: a dice lesson, then a board lesson, on the page that showed both games
        page.click('.nw-app button[data-key="switch-learn"]')
        page.wait_for_selector(f"{LEARN_PANEL} button.nw-learn-item", timeout=90_000)
        open_lesson(page, "dice-buy", ".nw-learn " + DICE)
        icons_ok(page, f"a dice lesson after both games, {width} px", ".nw-learn",
                 artifacts_dir, request)
        open_lesson(page, "board-war", ".nw-learn " + BOARD)
        icons_ok(page, f"a board lesson after a dice lesson, {width} px", ".nw-learn",
                 artifacts_dir, request)

        # back to each game: each still draws its icons
        page.click('.nw-app button[data-key="switch-dice"]')
        page.wait_for_function(
            "() => document.title === 'Nations: The Dice Game'", timeout=30_000)
        icons_ok(page, f"the dice game after Learn, {width} px", DICE, artifacts_dir,
                 request)
        page.click('.nw-app button[data-key="switch-board"]')
        page.wait_for_function(
            "() => document.title === 'Nations (the board game)'", timeout=30_000)
        icons_ok(page, f"the board game after Learn, {width} px", BOARD, artifacts_dir,
                 request)
        assert watch.errors() == [], watch.errors()
    finally:
        context.close()


def test_the_dice_game_after_the_board_game_draws_its_icons(
        browser: Any, voila_url: str, watch: PageWatch, artifacts_dir: Path,
        request: pytest.FixtureRequest) -> None:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    context.add_init_script(path=str(EYE_JS))
    try:
        page = context.new_page()
        watch.attach(page)
        page.set_default_timeout(60_000)
        page.goto(voila_url + "?game=board", timeout=120_000)
        start_board_game(page)
        icons_ok(page, "the board game first", BOARD, artifacts_dir, request)
        page.click('.nw-app button[data-key="switch-dice"]')
        page.wait_for_selector(DICE, timeout=90_000)
        icons_ok(page, "the dice game after the board game", DICE, artifacts_dir, request)
        assert watch.errors() == [], watch.errors()
    finally:
        context.close()
