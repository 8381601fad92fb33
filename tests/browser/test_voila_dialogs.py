"""Both games' dialogs in the real app (Voila, notebooks/play.ipynb, a kernel): a game
against the heuristic bot played until the end of round 1, the page scrolled down to the
player's own board; the end-of-round summary, the "?" list and New game open wholly inside
the viewport at 1400 x 900 and at 390 x 844, with the focus in them, and close by a tap on
the shade or by Escape.  (A Voila page scrolls, and the widget sits inside Jupyter's
output area: a dialog must be placed against the viewport, not the widget's top.)
Screenshots of each go to test-artifacts/browser/.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_support import ARTIFACTS
from test_dialogs import _BOX
from test_voila_board import CLOSED_SUMMARY as BOARD_CLOSED_SUMMARY
from test_voila_board import SETTLED, choose_the_board_game, read_state
from test_voila_board import decide as board_decide
from test_voila_board import set_up_game as board_set_up_game
from test_voila_game import CLOSED_SUMMARY, decide, set_up_game

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1400, 900), "phone": (390, 844)}

# the page, and whatever scrolls in it (Voila's or Jupyter's panels), scrolled to the bottom
_SCROLL_DOWN = """() => {
  const top = document.scrollingElement;
  for (const el of [top, ...document.querySelectorAll('*')]) {
    const scrolls = el === top || (el.scrollHeight > el.clientHeight + 50
      && ['auto', 'scroll'].includes(getComputedStyle(el).overflowY));
    if (scrolls) el.scrollTop = el.scrollHeight;
  }
}"""


def _scroll_down(page: Any) -> None:
    page.evaluate(_SCROLL_DOWN)


def _check(page: Any, sel: str, name: str) -> None:
    page.wait_for_selector(sel)
    page.wait_for_timeout(100)
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        _scroll_down(page)
        page.wait_for_timeout(150)
        box = page.evaluate(_BOX, sel)
        assert box is not None, name
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"voila-{name}-{size}.png"))
        assert box["top"] >= 0 and box["bottom"] <= box["vh"] + 0.5, f"{name} at {size}: {box}"
        assert box["left"] >= 0 and box["right"] <= box["vw"] + 0.5, f"{name} at {size}: {box}"
        assert box["focus"], f"{name} at {size}: the focus is not in it"


def test_dialogs_in_voila_on_screen(page: Any, voila_url: str) -> None:
    page.set_viewport_size({"width": 1400, "height": 900})
    page.goto(voila_url + "?game=dice", timeout=120_000)
    page.wait_for_selector(".nw-root[data-step]", timeout=90_000)
    set_up_game(page)
    summary = "[data-key='round-summary']"
    for _ in range(200):
        if page.locator(summary).count():
            break
        _scroll_down(page)
        if decide(page) == CLOSED_SUMMARY:
            break
        # the bots' moves, then the summary or the player's next decision
        page.wait_for_function(
            "(sel) => Boolean(document.querySelector(sel))"
            " || Boolean(document.querySelector('.nw-root .nw-player.nw-live'))"
            " || document.querySelector('.nw-root[data-step]').dataset.step === 'game_over'",
            arg=summary, timeout=30_000)
        page.wait_for_timeout(300)
    page.wait_for_selector(summary, timeout=30_000)
    _check(page, summary, "round-summary")
    page.mouse.click(3, 3)  # the shade, at 390 px
    page.wait_for_timeout(150)
    assert page.locator(summary).count() == 0, "a tap on the shade does not close the summary"
    page.locator(".nw-history > h3").click()
    page.keyboard.press("?")
    _check(page, "[data-key='help-overlay']", "help")
    # each key beside its line, not over it (a Voila page floats every dt at 70 px)
    overlaps = page.evaluate(
        "() => [...document.querySelectorAll('.nw-shortcuts kbd')].filter((k) =>"
        " k.getBoundingClientRect().right > k.closest('dt').nextElementSibling"
        ".getBoundingClientRect().left).map((k) => k.textContent)")
    assert not overlaps, f"keys over their lines in the ? list: {overlaps}"
    page.keyboard.press("Escape")
    page.wait_for_timeout(100)
    assert page.locator("[data-key='help-overlay']").count() == 0
    page.locator("summary[data-key='newgame-summary']").click()
    _check(page, "[data-key='newgame-dialog'], details.nw-newgame[open] > .nw-form", "new-game")
    page.keyboard.press("Escape")
    page.wait_for_timeout(100)
    assert not page.evaluate("() => document.querySelector('details.nw-newgame').open")


def test_board_dialogs_in_voila_on_screen(page: Any, voila_url: str) -> None:
    """The board game: New game (the app opens the game on it), a card's details, the "?"
    list, and the round summary after round 1, played by clicking."""
    page.set_default_timeout(30_000)
    page.set_viewport_size({"width": 1400, "height": 900})
    page.goto(voila_url, timeout=120_000)
    choose_the_board_game(page)
    _check(page, ".nwb-root [data-key='newgame-dialog']", "board-new-game")
    page.set_viewport_size({"width": 1400, "height": 900})
    board_set_up_game(page)
    page.wait_for_function(SETTLED, arg=-1, timeout=60_000)
    # a card's details, from the player's own board low on the page
    name = page.locator(".nwb-root .nwb-left .nwb-card-name").last
    name.scroll_into_view_if_needed()
    name.click()
    _check(page, ".nwb-root [data-key='detail']", "board-card-details")
    page.keyboard.press("Escape")
    page.wait_for_timeout(100)
    assert page.locator(".nwb-root [data-key='detail']").count() == 0
    page.keyboard.press("?")
    _check(page, ".nwb-root [data-key='help-overlay']", "board-help")
    page.keyboard.press("Escape")
    page.wait_for_timeout(100)
    page.set_viewport_size({"width": 1400, "height": 900})
    buys: dict[int, int] = {}
    placed: dict[int, int] = {}
    for _ in range(120):
        state = read_state(page)
        if state["summary"]:
            break
        _scroll_down(page)
        if board_decide(page, buys, placed) == BOARD_CLOSED_SUMMARY:
            break
        page.wait_for_function(SETTLED, arg=state["pos"], timeout=60_000)
    _check(page, ".nwb-root [data-key='summary']", "board-round-summary")
    page.mouse.click(3, 3)
    page.wait_for_timeout(150)
    assert page.locator(".nwb-root [data-key='summary']").count() == 0


def test_board_loads_a_save_from_the_opening_dialog(page: Any, voila_url: str,
                                                     tmp_path: Any) -> None:
    """The board game opens on its New game dialog, which makes the page behind it inert
    (the Game panel's Load with it): the dialog has its own "Load a saved game…".  A file
    that is no save is refused inside the dialog, which stays open; a real save closes it
    and the board shows the saved position."""
    from nations_widget.board import Game

    game = Game(players=2, seed=11)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    save = tmp_path / "saved.json"
    save.write_text(game.to_json_str(), encoding="utf-8")
    junk = tmp_path / "junk.json"
    junk.write_text('{"not": "a game"}', encoding="utf-8")

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(voila_url, timeout=120_000)
    choose_the_board_game(page)
    dialog = "details.nw-newgame dialog[open]"
    page.wait_for_selector(dialog)
    for path, works in ((junk, False), (save, True)):
        with page.expect_file_chooser() as chosen:
            page.click(f'{dialog} [data-key="newgame-load"]')
        chosen.value.set_files(str(path))
        if works:
            page.wait_for_selector(dialog, state="detached", timeout=30_000)
        else:
            refusal = page.wait_for_selector(f"{dialog} .nw-dialog-error", timeout=30_000)
            assert "Refused" in refusal.inner_text()
            page.screenshot(path=str(ARTIFACTS / "voila_board_load_refused_in_dialog_390.png"))
    page.wait_for_function(
        "(n) => { const r = document.querySelector('.nwb-root[data-step]');"
        " return r && Number(r.dataset.position) === n; }", arg=game.position,
        timeout=30_000)
    assert not page.query_selector("details.nw-newgame[open]")
