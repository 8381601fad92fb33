"""The coach's review in the Voila app (notebooks/play.ipynb), for both games, by clicking
only (issue 24).

Each game is played to its end as the games' own browser tests play it (the dice game: 2
players, you against the heuristic bot, seed 2024, ``test_voila_game.py``'s clicks; the
board game: the short game of one age against the heuristic bot, seed 7,
``test_voila_board.py``'s clicks).  Then: "Review the game" (the progress bar shows while
Python reviews in a worker thread), the graph (a line per player) and the marks of your
decisions; a click on a mark's line shows that position (the history banner says so) and
"Back to the game" returns; "Learn from your mistakes": the first puzzle's position, a move
picked from the list, "Check my move", and Python's answer in words.  Screenshots at 1400
and 390 px wide go to test-artifacts/browser/ (nothing sticks out sideways at 390 px).
Console errors fail the test.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
import test_voila_board as board_play
import test_voila_game as dice_play
from browser_support import PageWatch, record_artifact

pytestmark = pytest.mark.browser

#: the review of a whole game at the default budget, on a loaded machine
REVIEW_TIMEOUT = 600_000

#: the review panel's controls shown: [key, width, height, primary]
TARGETS = """(root) => [...document.querySelectorAll(root + ' [data-key="review"] button, '
  + root + ' [data-key="review"] select, ' + root + ' [data-key="review"] [role=button]')]
  .filter((e) => e.getClientRects().length)
  .map((e) => { const r = e.getBoundingClientRect();
    return [e.getAttribute('data-key') || e.tagName, r.width, r.height,
            e.classList.contains('nw-primary')]; })"""


def play_dice_to_the_end(page: Any, voila_url: str) -> str:
    page.goto(voila_url + "?game=dice", timeout=120_000)
    page.wait_for_selector(".nw-root[data-step]", timeout=90_000)
    dice_play.set_up_game(page)
    page.wait_for_function(dice_play.SETTLED, arg=-1, timeout=30_000)
    deadline = time.monotonic() + dice_play.GAME_TIMEOUT
    clicks = 0
    while True:
        state = dice_play.read_state(page)
        assert not state["error"], state["error"]
        if state["step"] == "game_over":
            return ".nw-root[data-step]"
        assert time.monotonic() < deadline and clicks < dice_play.MAX_DECISIONS
        what = dice_play.decide(page)
        clicks += 1
        if what != dice_play.CLOSED_SUMMARY:
            page.wait_for_function(dice_play.SETTLED, arg=state["pos"], timeout=30_000)


def play_board_to_the_end(page: Any, voila_url: str) -> str:
    page.goto(voila_url, timeout=120_000)
    board_play.choose_the_board_game(page)
    board_play.set_up_game(page)
    page.wait_for_function(board_play.SETTLED, arg=-1, timeout=60_000)
    buys: dict[int, int] = {}
    placed: dict[int, int] = {}
    deadline = time.monotonic() + board_play.GAME_TIMEOUT * 2
    clicks = 0
    while True:
        state = board_play.read_state(page)
        assert not state["error"], state["error"]
        if state["step"] == "game_over":
            return ".nwb-root[data-step]"
        assert time.monotonic() < deadline and clicks < board_play.MAX_DECISIONS
        what = board_play.decide(page, buys, placed)
        clicks += 1
        if what != board_play.CLOSED_SUMMARY:
            page.wait_for_function(board_play.SETTLED, arg=state["pos"], timeout=60_000)


def shown_position(page: Any, root: str) -> int:
    return int(page.evaluate(f"() => Number(document.querySelector({root!r}).dataset.position)"))


def screenshot(page: Any, root: str, width: int, path: Path) -> None:
    """The whole page at ``width`` px, scrolled so that the review panel is in the shot
    (Voila scrolls inside a container: the window is made as tall as the app)."""
    page.set_viewport_size({"width": width, "height": 900})
    page.wait_for_timeout(300)
    page.evaluate("() => { for (const e of document.querySelectorAll('*')) {"
                  " if (e.scrollTop) e.scrollTop = 0; } window.scrollTo(0, 0); }")
    bottom = page.evaluate(f"() => document.querySelector({root!r}).getBoundingClientRect()"
                           ".bottom")
    page.set_viewport_size({"width": width, "height": min(14000, int(bottom) + 40)})
    page.wait_for_timeout(300)
    page.screenshot(path=str(path), full_page=True)


def review_and_learn(page: Any, root: str, players: int, name: str, artifacts_dir: Path,
                     request: pytest.FixtureRequest) -> None:
    panel = page.locator(f'{root} [data-key="review"]')
    start = panel.locator('button[data-key="review-start"]')
    assert start.inner_text() == "Review the game"
    end = shown_position(page, root)
    start.click()
    # Python reviews in a worker thread: the progress bar, then the graph
    page.wait_for_selector(f'{root} [data-key="review-progress"], {root} [data-key="review-graph"]',
                           timeout=60_000)
    page.wait_for_selector(f'{root} [data-key="review-graph"]', timeout=REVIEW_TIMEOUT)
    assert panel.locator("path.nw-review-line").count() == players
    assert "chance of winning" in (panel.locator("svg").get_attribute("aria-label") or "")
    rows = panel.locator(".nw-review-summary tbody tr")
    assert rows.count() == players
    assert "%" in rows.nth(0).inner_text()               # your accuracy
    marks = panel.locator(".nw-review-mark")
    assert marks.count() >= 1, "no decision of yours was marked"
    symbol = marks.first.locator(".nw-review-symbol").text_content()
    assert symbol in ("?!", "?", "??")
    for width in (1400, 390):
        shot = artifacts_dir / f"voila_review_{name}_{width}.png"
        screenshot(page, root, width, shot)
        record_artifact(request, f"{name} review at {width} px", shot)
        panel.screenshot(path=str(artifacts_dir / f"voila_review_{name}_panel_{width}.png"))
        # every control of the review at least 24 x 24 px, the primary ones 44 high on a phone
        targets = page.evaluate(TARGETS, root)
        assert len(targets) >= 4 and any(t[0].startswith("review-mark-") for t in targets)
        for key, w, h, primary in targets:
            assert w >= 24 and h >= 24, f"{key} is {w:.0f} x {h:.0f} px at {width} px"
            if width == 390 and primary:
                assert h >= 44, f"{key} is {h:.0f} px high on a phone"
        if width == 390:
            overflow = page.evaluate(
                "() => document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 1, f"the page scrolls sideways by {overflow} px at 390 px"
    page.set_viewport_size({"width": 1400, "height": 900})

    # a mark's line in the list: that position, with the history banner; back to the game
    first = panel.locator(".nw-review-marks button").first
    where = int(marks.first.get_attribute("data-position") or "-1")
    assert where >= 0
    first.click()
    page.wait_for_function(f"(p) => Number(document.querySelector({root!r}).dataset.position)"
                           " === p", arg=where, timeout=30_000)
    back = page.locator(f'{root} button[data-key="back-to-game"]')
    assert back.is_visible()
    back.click()
    page.wait_for_function(f"(p) => Number(document.querySelector({root!r}).dataset.position)"
                           " === p", arg=end, timeout=30_000)

    # learn from your mistakes: the first puzzle, a move picked, Python's answer
    panel.locator('button[data-key="puzzles-start"]').click()
    pick = panel.locator('select[data-key="puzzle-pick"]')
    pick.wait_for(timeout=30_000)
    assert (panel.locator("h4").first.text_content() or "").startswith("Puzzle 1 of")
    options = pick.locator("option").all_inner_texts()
    assert len(options) >= 2
    pick.select_option(str(len(options) - 1))
    panel.locator('button[data-key="puzzle-check"]').click()
    answer = panel.locator('[data-key="puzzle-answer"]')
    answer.wait_for(timeout=120_000)
    said = answer.inner_text()
    assert said.startswith(("Right.", "Not this one.")), said
    for width in (1400, 390):
        shot = artifacts_dir / f"voila_review_{name}_puzzle_{width}.png"
        screenshot(page, root, width, shot)
        record_artifact(request, f"{name} puzzle at {width} px", shot)
        panel.screenshot(path=str(artifacts_dir / f"voila_review_{name}_puzzle_panel_{width}.png"))
    print(f"{name}: {marks.count()} marks; puzzle answer: {said}")


def check_console(watch: PageWatch) -> None:
    errors = watch.errors()
    assert not errors, f"console errors: {errors}"
    assert not watch.page_errors, f"uncaught page errors: {watch.page_errors}"


def test_review_a_dice_game_in_the_browser(page: Any, voila_url: str, watch: PageWatch,
                                           artifacts_dir: Path,
                                           request: pytest.FixtureRequest) -> None:
    root = play_dice_to_the_end(page, voila_url)
    review_and_learn(page, root, 2, "dice", artifacts_dir, request)
    check_console(watch)


def test_review_a_board_game_in_the_browser(page: Any, voila_url: str, watch: PageWatch,
                                            artifacts_dir: Path,
                                            request: pytest.FixtureRequest) -> None:
    root = play_board_to_the_end(page, voila_url)
    review_and_learn(page, root, 2, "board", artifacts_dir, request)
    check_console(watch)
