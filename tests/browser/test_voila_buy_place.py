"""Issue 29: in the Voila app, a building bought over another goes where the player picks
in the buy's one preview, with one Confirm (at 1400 and 390 px), by real clicks.

The board game is set up from its New game dialog (2 players, you against the heuristic
bot, the short game, seed 7); your questions before your first action are answered with
their first answer.  Then: a click on a building's Buy opens one preview holding the
slots it may take, Python's default checked; a click picks another slot; Confirm plays
the purchase and the placement.  The game saved from the page (Save) is loaded by the
engine in this process: its moves hold the buy and the slot chosen, as a game played
decision by decision would, and the card lies in that slot.  Undo on the page goes back
to before the buy.  At 390 px the preview fits the width, its places and buttons are
44 px targets, and the page does not scroll sideways.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_support import PageWatch, record_artifact
from test_voila_board import (
    BOT,
    SETTLED,
    choose_the_board_game,
    read_state,
    save_game,
    set_up_game,
)

from nations_widget.board import Buy, Choose, Game

pytestmark = pytest.mark.browser

BUILDING_BUY = ".nwb-root .nwb-progress .nwb-card.nwb-t-building button.nwb-buy"
PLACE = '.nwb-root [data-key="preview"] [data-key="place"]'
CONFIRM = '.nwb-root button[data-key="preview-confirm"]'


def answer_until_a_building_can_be_bought(page: Any) -> None:
    """Your questions before the action phase (growth): the first answer, confirmed."""
    root = page.locator(".nwb-root")
    for _ in range(10):
        if page.locator(BUILDING_BUY).count():
            return
        state = read_state(page)
        if state["summary"]:
            root.locator('button[data-key="summary-close"]').click()
            continue
        root.locator(".nwb-prompt.nwb-live button.nwb-option").first.click()
        page.locator(CONFIRM).click()
        page.wait_for_function(SETTLED, arg=state["pos"], timeout=60_000)
    raise AssertionError("no building to buy on the progress board")


def to_a_building_to_buy(page: Any, voila_url: str, width: int) -> int:
    """The app's board game at ``width`` px, a new game against the bot played on until the
    human can buy a building or military card; returns the position there."""
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(voila_url, timeout=120_000)
    choose_the_board_game(page)
    set_up_game(page)
    page.wait_for_function(SETTLED, arg=-1, timeout=60_000)
    answer_until_a_building_can_be_bought(page)
    return int(read_state(page)["pos"])


@pytest.mark.parametrize("width", [1400, 390])
def test_a_building_goes_to_the_slot_picked_in_its_preview(
        page: Any, voila_url: str, watch: PageWatch, artifacts_dir: Path,
        request: pytest.FixtureRequest, width: int) -> None:
    before = to_a_building_to_buy(page, voila_url, width)

    buy = page.locator(BUILDING_BUY).first
    card = buy.locator("xpath=ancestor::article[@data-card]").get_attribute("data-card")
    buy.click()                                                     # click 1
    place = page.locator(PLACE)
    place.wait_for(timeout=15_000)
    radios = place.locator("input[type=radio]")
    count = radios.count()
    assert count == 5, f"{count} places offered"                    # the A side's 5 slots
    default = next(i for i in range(count) if radios.nth(i).is_checked())
    assert "suggested" in place.locator(f'[data-key="place-{default}"]').inner_text()
    # keyboard: the focus is on the chosen place, Enter would confirm from there
    assert page.evaluate("() => document.activeElement && document.activeElement.type") == "radio"
    pick = (default + 1) % count
    label = place.locator(f'[data-key="place-{pick}"]')
    replaced_name = label.inner_text().split(" with ")[0].removeprefix("Replace ").strip()
    label.click()                                                   # click 2
    page.wait_for_function(
        "(k) => { const l = document.querySelector(`.nwb-root [data-key='place-${k}']`);"
        " return l && l.classList.contains('nwb-chosen'); }", arg=pick)
    assert radios.nth(pick).is_checked() and not radios.nth(default).is_checked()
    # the card it replaces is outlined on your board
    outlined = page.locator(".nwb-root .nwb-nation.nwb-live .nwb-card.nwb-pending")
    assert outlined.count() == 1 and replaced_name in outlined.inner_text()

    if width == 390:
        sizes = page.evaluate(
            "() => { const p = document.querySelector('.nwb-root [data-key=\"preview\"]');"
            " const r = p.getBoundingClientRect();"
            " const h = (s) => [...p.querySelectorAll(s)]"
            ".map((e) => e.getBoundingClientRect().height);"
            " return {left: r.left, right: r.right, inner: window.innerWidth,"
            " places: h('.nwb-place-opt'), buttons: h('.nwb-confirm button'),"
            " sideways: document.documentElement.scrollWidth - window.innerWidth}; }")
        assert sizes["left"] >= 0 and sizes["right"] <= sizes["inner"], sizes
        assert min(sizes["places"]) >= 44 and min(sizes["buttons"]) >= 44, sizes
        assert sizes["sideways"] <= 1, sizes
    shot = artifacts_dir / f"voila_buy_place_{width}.png"
    page.locator('.nwb-root [data-key="preview"]').screenshot(path=str(shot))
    record_artifact(request, f"the buy's preview with its place at {width} px", shot)

    page.locator(CONFIRM).click()                                   # click 3: the only Confirm
    page.wait_for_function(SETTLED, arg=before, timeout=60_000)
    state = read_state(page)
    assert not state["error"], state["error"]
    assert state["live"] and not state["pending"], state            # your turn again, no question

    data = save_game(page, artifacts_dir / f"voila_buy_place_{width}.json")
    game = Game.from_json(data)
    assert data["seats"] == ["human", BOT]
    assert game.moves[before] == Buy(card)
    assert isinstance(game.moves[before + 1], Choose)
    placed = game.state_at(before + 2).players[0]
    cards = game.state.comp.cards
    assert cards[placed.bm[pick]].id == card, "the card is not in the slot picked"
    assert game.follows(before + 1)

    # Undo: back to before the buy (not to the question of where it goes)
    page.click('.nwb-root button[data-key="undo"]')
    page.wait_for_function(
        "(p) => Number(document.querySelector('.nwb-root').dataset.position) === p",
        arg=before, timeout=30_000)
    assert page.locator(f'.nwb-root .nwb-progress [data-card="{card}"] button.nwb-buy').count() == 1
    assert not page.locator('.nwb-root .nwb-prompt.nwb-live button.nwb-option').count()

    assert not watch.errors(), watch.errors()
    assert not watch.page_errors, watch.page_errors


def test_the_place_by_keyboard_arrows_then_enter_and_escape_cancels(
        page: Any, voila_url: str, watch: PageWatch, artifacts_dir: Path) -> None:
    """B on a building's name opens its preview with the focus on the chosen place (no
    Tab needed); Escape cancels; again, an arrow picks the next place and Enter confirms
    the buy with it."""
    before = to_a_building_to_buy(page, voila_url, 1400)
    card_el = page.locator(BUILDING_BUY).first.locator("xpath=ancestor::article[@data-card]")
    card = card_el.get_attribute("data-card")
    name = card_el.locator("button.nwb-card-name")
    focused = "() => document.activeElement && document.activeElement.dataset.key"

    name.focus()
    page.keyboard.press("b")
    page.locator(PLACE).wait_for(timeout=15_000)
    page.wait_for_function(f"() => ({focused})() && ({focused})().startsWith('place-input-')")
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('.nwb-root [data-key=\"preview\"]')")
    assert read_state(page)["pos"] == before

    name.focus()
    page.keyboard.press("b")
    page.locator(PLACE).wait_for(timeout=15_000)
    page.wait_for_function(f"() => ({focused})() && ({focused})().startsWith('place-input-')")
    default = int(page.evaluate(focused).removeprefix("place-input-"))
    page.keyboard.press("ArrowDown")
    pick = (default + 1) % 5
    page.wait_for_function(
        "(k) => document.activeElement && document.activeElement.dataset.key === "
        "`place-input-${k}` && document.activeElement.checked", arg=pick)
    page.keyboard.press("Enter")
    page.wait_for_function(SETTLED, arg=before, timeout=60_000)
    assert not read_state(page)["error"]
    data = save_game(page, artifacts_dir / "voila_buy_place_keyboard.json")
    game = Game.from_json(data)
    assert game.moves[before] == Buy(card)
    assert game.state.comp.cards[game.state_at(before + 2).players[0].bm[pick]].id == card
    assert not watch.errors(), watch.errors()
