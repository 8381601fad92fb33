"""The coach's review in the Voila app (notebooks/play.ipynb), for both games, by clicking
only (issue 24).

Each game is played to its end as the games' own browser tests play it (the dice game: 2
players, you against the heuristic bot, seed 2024, ``test_voila_game.py``'s clicks; the
board game: the short game of one age against the heuristic bot, seed 7,
``test_voila_board.py``'s clicks).  Then: "Review the game" (the progress bar shows while
Python reviews in a worker thread), the graph (a line per player) and the marks of your
decisions; a click on a mark's line shows that position (the history banner says so), the
board showing it on screen at once at 1400 and 390 px, the focus on the banner's "Back to
the review", which returns to the mark (and, in the dice game, a focused progress-board
tile's tooltip covers no tile of the row above); "Back to the game" returns; "Learn from
your mistakes": the first puzzle's position, a move picked from the list, "Check my move",
and Python's answer in words.  The luck (issue 30): a die drawn for each big swing of a
roll or a draw, listed, and a click on one shows the position after it; the review's
time from the click to the graph is printed.  Screenshots at 1400
and 390 px wide go to test-artifacts/browser/ (nothing sticks out sideways at 390 px).
Console errors fail the test.
"""

from __future__ import annotations

import os
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


#: an element's box and whether it meets the window: [top, bottom, meets]
IN_VIEW = """(sel) => { const e = document.querySelector(sel); if (!e) return null;
  const r = e.getBoundingClientRect();
  return [r.top, r.bottom,
          r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth]; }"""

#: a progress-board tile with tiles in the row above, focused: [tip box, boxes of the row
#: above's tiles, the window's size]; null when no tile has a row above with tiles
TILE_TIP = """() => {
  const tiles = [...document.querySelectorAll('.nw-progress button.nw-tile')];
  const box = (e) => { const r = e.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom }; };
  const above = (t) => tiles.filter((o) => { const a = box(o), b = box(t);
    return a.bottom <= b.top + 1 && a.bottom >= b.top - 40; });
  const tile = tiles.find((t) => above(t).length);
  if (!tile) return null;
  tile.scrollIntoView({ block: 'center' });
  tile.focus();
  return [box(tile.querySelector(':scope > .nw-tip')), above(tile).map(box),
          [innerWidth, innerHeight], box(tile)]; }"""

def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    """Whether two boxes (getBoundingClientRect's) overlap."""
    return (a["left"] < b["right"] and b["left"] < a["right"]
            and a["top"] < b["bottom"] and b["top"] < a["bottom"])


def jump_from_a_mark(page: Any, root: str, board: str, width: int, name: str,
                     artifacts_dir: Path, request: pytest.FixtureRequest) -> None:
    """A mark of the list chosen (by mouse at 1400 px, by keyboard at 390): the board
    showing its position is on screen at once, the focus on the history banner's "Back to
    the review" (on screen), which returns to the mark (on screen, focused).  On the dice
    game, a progress-board tile focused there: its tooltip covers no tile of the row above,
    and stays in the window."""
    page.set_viewport_size({"width": width, "height": 900})
    page.wait_for_timeout(300)
    mark = page.locator(f'{root} [data-key="review"] .nw-review-marks button').first
    key = mark.get_attribute("data-key")
    where = int(page.locator(f'{root} .nw-review-mark').first.get_attribute("data-position")
                or "-1")
    if width == 1400:
        mark.click()   # (scrolled to first, as the player did)
    else:              # by keyboard
        mark.focus()
        page.keyboard.press("Enter")
    page.wait_for_function(f"(p) => Number(document.querySelector({root!r}).dataset.position)"
                           " === p", arg=where, timeout=30_000)
    page.wait_for_function("() => document.activeElement && document.activeElement"
                           ".dataset.key === 'back-to-review'", timeout=30_000)
    page.wait_for_timeout(300)
    seen = page.evaluate(IN_VIEW, f"{root} {board}")
    assert seen and seen[2], f"{name} at {width} px: the board is off screen after the jump: {seen}"
    back = page.evaluate(IN_VIEW, f'{root} [data-key="back-to-review"]')
    assert back and back[2], f"{name} at {width} px: 'Back to the review' is off screen: {back}"
    shot = artifacts_dir / f"voila_review_{name}_jump_{width}.png"
    page.screenshot(path=str(shot))
    record_artifact(request, f"{name} jump to a mark at {width} px", shot)
    if name == "dice":
        page.mouse.move(1, 1)   # (no tile under the mouse: the focused one's tooltip alone)
        tip = page.evaluate(TILE_TIP)
        assert tip, "no tile of the progress board with tiles in the row above"
        box, row_above, (w, h), tile = tip
        page.wait_for_timeout(200)
        shot = artifacts_dir / f"voila_review_dice_tip_{width}.png"
        page.screenshot(path=str(shot))
        record_artifact(request, f"dice tile tooltip at {width} px", shot)
        assert not any(overlaps(box, b) for b in row_above), (box, row_above)
        assert not overlaps(box, tile), (box, tile)
        window = {"left": 0, "top": 0, "right": w, "bottom": h}
        assert all(box[k] >= window[k] for k in ("left", "top")), (box, window)
        assert all(box[k] <= window[k] for k in ("right", "bottom")), (box, window)
    page.locator(f'{root} [data-key="back-to-review"]').click()
    page.wait_for_function("(k) => document.activeElement && document.activeElement"
                           ".dataset.key === k", arg=key, timeout=10_000)
    again = page.evaluate(IN_VIEW, f'{root} [data-key="{key}"]')
    assert again and again[2], f"{name} at {width} px: the mark is off screen on the way back"


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
    started = time.monotonic()
    start.click()
    # Python reviews in a worker thread (its searches on a pool of processes): the
    # progress bar, then the graph
    page.wait_for_selector(f'{root} [data-key="review-progress"], {root} [data-key="review-graph"]',
                           timeout=60_000)
    page.wait_for_selector(f'{root} [data-key="review-graph"]', timeout=REVIEW_TIMEOUT)
    print(f"{name}: the review took {time.monotonic() - started:.1f} s from the click to the "
          f"graph (load average {os.getloadavg()[0]:.1f})")
    assert panel.locator("path.nw-review-line").count() == players
    assert "chance of winning" in (panel.locator("svg.nw-review-graph").get_attribute(
        "aria-label") or "")
    rows = panel.locator(".nw-review-summary tbody tr")
    assert rows.count() == players
    assert "%" in rows.nth(0).inner_text()               # your accuracy
    # and what it means, with the game's measured figures
    note = panel.locator(".nw-review-accuracy-note")
    assert note.is_visible() and "a player who picks moves at random scores about" in (
        note.inner_text())
    marks = panel.locator(".nw-review-mark")
    assert marks.count() >= 1, "no decision of yours was marked"
    symbol = marks.first.locator(".nw-review-symbol").text_content()
    assert symbol in ("?!", "?", "??")
    # the luck: a die for each big swing of a roll or a draw, apart from the marks, each
    # listed; a die shows the position just after the roll or the draw
    dice = panel.locator("svg .nw-review-luck")
    swings = dice.count()
    assert swings == panel.locator(".nw-review-lucklist li").count()
    assert panel.locator("svg .nw-review-mark .nw-review-die").count() == 0
    luck_column = panel.locator(".nw-review-summary tbody tr td:nth-child(6)").all_inner_texts()
    assert len(luck_column) == players
    if not swings:              # a game decided early: no roll moves a chance of 0 much
        assert all(cell == "–" for cell in luck_column), luck_column
    else:
        assert "luck: a roll or a draw" in panel.locator(".nw-review-legend").inner_text()
        where = int(dice.first.get_attribute("data-position") or "-1")
        dice.first.locator(".nw-review-hit").click()
        page.wait_for_function(f"(p) => Number(document.querySelector({root!r}).dataset"
                               ".position) === p", arg=where, timeout=30_000)
        page.locator(f'{root} button[data-key="back-to-game"]').click()
        page.wait_for_function(f"(p) => Number(document.querySelector({root!r}).dataset"
                               ".position) === p", arg=end, timeout=30_000)
    print(f"{name}: {swings} swings of luck, "
          f"{panel.locator('svg .nw-review-stretch').count()} stretches drawn")
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
    board = ".nw-progress" if name == "dice" else ".nwb-progress"
    for width in (1400, 390):
        jump_from_a_mark(page, root, board, width, name, artifacts_dir, request)
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

    # learn from your mistakes (issue 30): the first puzzle on the board, answered by
    # playing a move there with the game's own clicks (and its preview's Confirm), at 1400
    # and at 390 px; Python's answer in words; the game unchanged; Show me; Done
    panel.locator('button[data-key="puzzles-start"]').click()
    banner = page.locator(f'{root} [data-key="puzzle"]')
    banner.wait_for(timeout=30_000)
    assert (banner.inner_text() or "").startswith("Puzzle 1 of")
    assert panel.locator('select[data-key="puzzle-pick"]').count() == 0
    where = shown_position(page, root)
    answer = banner.locator('[data-key="puzzle-answer"]')
    said = ""
    for width in (1400, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(300)
        seen = page.evaluate(IN_VIEW, f'{root} [data-key="puzzle"]')
        assert seen and seen[2], f"{name} at {width} px: the puzzle is off screen: {seen}"
        started = time.monotonic()
        what = (dice_play.decide(page) if name == "dice"
                else board_play.decide(page, {}, {}))
        page.wait_for_function(NEW_ANSWER, arg=[root, said], timeout=120_000)
        said = answer.inner_text()
        print(f"{name} at {width} px: played {what!r} on the board; answered in "
              f"{time.monotonic() - started:.1f} s: {said}")
        assert said.startswith(("Yes", "Not quite")), said
        for jargon in ("the first", "±", "same move"):
            assert jargon not in said, said
        # nothing was played in the game: the board is still on the puzzle
        assert shown_position(page, root) == where
        shot = artifacts_dir / f"voila_review_{name}_puzzle_{width}.png"
        page.screenshot(path=str(shot))
        record_artifact(request, f"{name} puzzle answered on the board at {width} px", shot)
        targets = page.evaluate("""(root) => [...document.querySelectorAll(root +
          ' [data-key="puzzle"] button')].map((e) => { const r = e.getBoundingClientRect();
          return [e.dataset.key, r.width, r.height]; })""", root)
        for key, w, h in targets:
            assert w >= 24 and h >= 24, f"{key} is {w:.0f} x {h:.0f} px at {width} px"
            if width == 390:
                assert h >= 44, f"{key} is {h:.0f} px high on a phone"
        if width == 1400:       # the same puzzle again at 390 px: its answer put away
            page.locator(f'{root} [data-key="puzzle-show-me"]').focus()
            page.keyboard.press("Enter")       # Show me, by keyboard
            # the coach's move previewed on the board (Confirm answers), or, for a move the
            # game previews nothing of, said in words with a button that plays it
            confirm = page.locator(f'{root} button[data-key="preview-confirm"]')
            play_best = page.locator(f'{root} button[data-key="puzzle-play-best"]')
            for _ in range(100):
                for then in (confirm, play_best):
                    if then.count() and then.first.is_visible():
                        break
                else:
                    then = None
                if then is not None:
                    if then is play_best:
                        words = page.locator(f'{root} [data-key="puzzle-shown"]').inner_text()
                        assert words.startswith("The coach would play: "), words
                        assert answer.inner_text() == said    # showing answered nothing
                    shot = artifacts_dir / f"voila_review_{name}_puzzle_show_me.png"
                    page.screenshot(path=str(shot))
                    record_artifact(request, f"{name} puzzle, Show me", shot)
                    then.first.click()
                    break
                if "coach's choice" in (answer.inner_text() or "") and \
                        answer.inner_text() != said:
                    break
                page.wait_for_timeout(100)
            page.wait_for_function(NEW_ANSWER, arg=[root, said], timeout=120_000)
            shown = said = answer.inner_text()
            print(f"{name}: Show me: {shown}")
            assert shown.startswith("Yes"), shown
            assert shown_position(page, root) == where
    page.locator(f'{root} [data-key="puzzle-done"]').click()
    page.wait_for_function(f"(p) => Number(document.querySelector({root!r}).dataset.position)"
                           " === p", arg=end, timeout=30_000)
    assert page.locator(f'{root} [data-key="puzzle"]').count() == 0
    print(f"{name}: {marks.count()} marks")


#: a puzzle's answer shown, other than the one given (its text)
NEW_ANSWER = """([root, old]) => { const a = document.querySelector(
  root + ' [data-key="puzzle-answer"]'); return Boolean(a) && a.innerText !== old; }"""


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


def test_a_game_of_bots_shows_its_luck_in_the_browser(page: Any, voila_url: str,
                                                     watch: PageWatch, artifacts_dir: Path,
                                                     request: pytest.FixtureRequest) -> None:
    """Two heuristic bots play the dice game of seed 2024 to its end (a close game: 30 to
    27; its review, every seat graded, has two big swings of luck, both drawn), reviewed
    in the app: each swing a die at the graph's foot, apart from the marks, listed; a die
    shows the position just after its roll; screenshots at 1400 and 390 px."""
    root = ".nw-root[data-step]"
    page.goto(voila_url + "?game=dice", timeout=120_000)
    page.wait_for_selector(root, timeout=90_000)
    dice_play.start_dice_game(page, ("heuristic", "heuristic"), dice_play.SEED, "0.05")
    page.wait_for_function(f"() => document.querySelector({root!r}).dataset.step === "
                           "'game_over'", timeout=int(dice_play.GAME_TIMEOUT * 1000))
    panel = page.locator(f'{root} [data-key="review"]')
    end = shown_position(page, root)
    started = time.monotonic()
    panel.locator('button[data-key="review-start"]').click()
    page.wait_for_selector(f'{root} [data-key="review-graph"]', timeout=REVIEW_TIMEOUT)
    print(f"bots: the review took {time.monotonic() - started:.1f} s from the click to the "
          f"graph (load average {os.getloadavg()[0]:.1f})")
    dice = panel.locator("svg .nw-review-luck")
    assert dice.count() == 2 == panel.locator(".nw-review-lucklist li").count()
    assert panel.locator("svg .nw-review-mark .nw-review-die").count() == 0
    luck_column = panel.locator(".nw-review-summary tbody tr td:nth-child(6)").all_inner_texts()
    assert any(cell != "–" for cell in luck_column), luck_column
    for width in (1400, 390):
        shot = artifacts_dir / f"voila_review_luck_{width}.png"
        screenshot(page, root, width, shot)
        record_artifact(request, f"a review's luck at {width} px", shot)
        panel.screenshot(path=str(artifacts_dir / f"voila_review_luck_panel_{width}.png"))
        for key, w, h, _ in page.evaluate(TARGETS, root):
            assert w >= 24 and h >= 24, f"{key} is {w:.0f} x {h:.0f} px at {width} px"
    page.set_viewport_size({"width": 1400, "height": 900})
    where = int(dice.first.get_attribute("data-position") or "-1")
    dice.first.locator(".nw-review-hit").click()
    page.wait_for_function(f"(p) => Number(document.querySelector({root!r}).dataset.position)"
                           " === p", arg=where, timeout=30_000)
    page.locator(f'{root} button[data-key="back-to-game"]').click()
    page.wait_for_function(f"(p) => Number(document.querySelector({root!r}).dataset.position)"
                           " === p", arg=end, timeout=30_000)
    check_console(watch)
