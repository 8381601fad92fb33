"""Buying a building in the dice game, in the Voila app, by real clicks: a click on the
tile shows the one preview, with the building it replaces and the die given back each
chosen as the engine would and changeable inside it; a click on another die, then Confirm.
Two clicks and the die changed, at 1400 px and at 390 px.  Then the engine's own state
(the board's Save, replayed here) holds the buy as chosen: the suggested building
replaced and the other die gone back to the supply.

At 390 px the preview fits the window, nothing on the page is wider than the window, and
its controls (the choices, Confirm, Cancel) are at least 44 px tall.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser_support import PageWatch, record_artifact
from test_voila_game import start_dice_game

from nations_widget.dice import Buy, Game, Payment
from nations_widget.dice.game import as_move
from nations_widget.widget.dice.payloads import give_back_choice, give_back_payload, legal_payload

pytestmark = pytest.mark.browser

SEED = 3          # Player 1 (you) moves first, a building is affordable, the die matters
BOT = "heuristic"

HUMAN_TO_PLAY = """() => {
  const root = document.querySelector('.nw-root[data-step]');
  return Boolean(root && root.querySelector('.nw-player.nw-live')
    && !root.classList.contains('nw-is-busy'));
}"""

# your decision again, or a refusal shown
SETTLED = """() => {
  const root = document.querySelector('.nw-root[data-step]');
  return Boolean(root && (root.querySelector('.nw-error') ||
    (root.querySelector('.nw-player.nw-live') && !root.classList.contains('nw-is-busy'))));
}"""

POSITION = "() => Number(document.querySelector('.nw-root[data-step]').dataset.position)"

# a control of the preview is checked, and Python's answer is there (Confirm is live)
CHECKED = """(key) => {
  const b = document.querySelector(`.nw-root .nw-preview [data-key="${key}"]`);
  const ok = document.querySelector('.nw-root .nw-preview [data-key="preview-confirm"]');
  return Boolean(b && b.getAttribute('aria-checked') === 'true' && ok && !ok.disabled);
}"""

# the preview's size and its controls' heights, and anything wider than the window
MEASURE = """() => {
  const panel = document.querySelector('.nw-root .nw-preview');
  const r = panel.getBoundingClientRect();
  const controls = [...panel.querySelectorAll('button')].map((b) => {
    const c = b.getBoundingClientRect();
    return { key: b.dataset.key, height: c.height, right: c.right };
  });
  const wide = [...document.querySelectorAll('.nw-root *')].filter((e) => {
    const c = e.getBoundingClientRect();
    return c.width && c.right > window.innerWidth + 1;
  }).map((e) => e.className || e.tagName).slice(0, 5);
  return { left: r.left, right: r.right, width: r.width, height: r.height,
           window: window.innerWidth, controls, wide,
           focus: Boolean(document.activeElement
             && document.activeElement.closest('.nw-preview')) };
}"""


def save_game(page: Any, path: Path) -> dict[str, Any]:
    with page.expect_download(timeout=30_000) as info:
        page.locator('.nw-root button[data-key="save"]').evaluate("(b) => b.click()")
    info.value.save_as(str(path))
    return json.loads(path.read_text())  # type: ignore[no-any-return]


def new_game(page: Any) -> None:
    start_dice_game(page, ("human", BOT), SEED, "0.05")
    page.wait_for_function(HUMAN_TO_PLAY, timeout=30_000)


@pytest.mark.parametrize("width,height", [(1400, 900), (390, 844)])
def test_a_building_bought_with_another_die_given_back_in_two_clicks(
        page: Any, voila_url: str, watch: PageWatch, artifacts_dir: Path,
        request: pytest.FixtureRequest, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.goto(voila_url + "?game=dice", timeout=120_000)
    page.wait_for_selector(".nw-root[data-step]", timeout=90_000)
    new_game(page)
    # the position, read from the engine (the board's Save, replayed here)
    game = Game.from_json(save_game(page, artifacts_dir / f"dice_buy_before_{width}.json"))
    state = game.state
    assert state.current_player() == 0 and state.step == "actions"
    replaces = give_back_payload(state, 0)["replace_default"]
    buy = next(as_move(e["move"]) for e in legal_payload(state)
               if e["move"]["type"] == "buy" and e["move"].get("replaces") == replaces
               and (give_back_choice(state, as_move(e["move"])) or {}).get("matters"))
    assert isinstance(buy, Buy)
    choice = give_back_choice(state, buy)
    assert choice is not None and choice["count"] == 1
    other = next(d for d in choice["order"] if d not in choice["default"])
    at = page.evaluate(POSITION)

    # click 1: the tile; the preview shows the suggested building and die chosen
    page.locator(f'.nw-root .nw-progress button[data-tile="{buy.tile}"]').click()
    page.wait_for_function(CHECKED, arg=f"replace-{replaces}")
    page.wait_for_function(CHECKED, arg=f"give-back-{choice['default'][0]}")
    shown = page.evaluate(MEASURE)
    assert shown["focus"], "after the click on the tile the focus is not in the preview"
    # the die changed in place: Python works out the preview again
    page.locator(f'.nw-root .nw-preview [data-key="give-back-{other}"]').click()
    page.wait_for_function(CHECKED, arg=f"give-back-{other}")
    assert page.evaluate(CHECKED, f"replace-{replaces}")
    shot = artifacts_dir / f"dice_buy_preview_{width}.png"
    page.locator(".nw-root .nw-actions").screenshot(path=str(shot))
    record_artifact(request, "the buy's preview", shot)
    shown = page.evaluate(MEASURE)
    if width <= 420:
        assert shown["left"] >= 0 and shown["right"] <= shown["window"], shown
        small = [c for c in shown["controls"] if c["height"] < 44]
        assert not small, f"controls under 44 px tall: {small}"
        assert not shown["wide"], f"wider than the window: {shown['wide']}"
    # click 2: Confirm
    page.locator('.nw-root .nw-preview button[data-key="preview-confirm"]').click()
    page.wait_for_function(f"() => ({POSITION})() !== {at}")
    page.wait_for_function(SETTLED, timeout=30_000)
    assert page.locator(".nw-root .nw-error").count() == 0, \
        page.locator(".nw-root .nw-error").inner_text()

    after = Game.from_json(save_game(page, artifacts_dir / f"dice_buy_after_{width}.json"))
    played = after.moves[at]
    assert played == Buy(buy.tile, Payment(buy.payment.dice, buy.payment.chits,
                                           buy.payment.trades), replaces, (other,))
    entry = next(e for e in after.log() if e.kind == "building" and e.seat == 0)
    assert list(entry.data["returned"]) == [other], entry.data
    s = after.state_at(at + 1)
    tiles = s.comp.tiles
    assert tiles[s.comp.tile_ref[buy.tile]] in [tiles[b] for b in s.players[0].buildings]
    assert replaces not in [tiles[b].id for b in s.players[0].buildings]
    assert not watch.page_errors, watch.page_errors
