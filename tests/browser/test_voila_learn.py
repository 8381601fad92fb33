"""The app's Learn entry in Voila (notebooks/play.ipynb at ?game=learn), by clicking only,
at 1400 x 900 and at 390 x 844 (a phone).

The list offers both games' lessons; two lessons of each game are done by playing on the
lesson's table (the real game widget), one of each with a wrong try first: the panel then
shows the hint, Undo on the table takes the move back, and the right move completes the
lesson.  Checked on the way: the panel and the table are on the page and inside the
window's width, nothing reaches past 390 px sideways on a phone, every control of the
panel and the table is at least 24 x 24 px, and a reload of the page shows the lessons
done (kept in the browser's localStorage).  Screenshots of a lesson go to
test-artifacts/browser/.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_support import PageWatch, record_artifact
from test_fit_and_targets import PRIMARY, TARGETS, too_small

pytestmark = pytest.mark.browser

VIEWPORTS = {"desktop": (1400, 900), "phone": (390, 844)}
ROOT = {"dice": ".nw-root[data-step]", "board": ".nwb-root[data-step]"}
PANEL = ".nw-learn-panel"

# The table's history position: the dice table's slider, the board table's data attribute.
POSITION = """(rootSel) => {
  const r = document.querySelector(rootSel);
  if (!r) return -1;
  if (r.dataset.position !== undefined) return Number(r.dataset.position);
  const s = r.querySelector('input[data-key="slider"]');
  return s ? Number(s.value) : -1;
}"""

# A move's click has been taken: a preview waits for Confirm, or the position moved on.
TAKEN = """([rootSel, before]) => {
  const r = document.querySelector(rootSel);
  if (!r) return false;
  const preview = r.querySelector('[data-key="preview"]');
  if (r.querySelector('button[data-key="preview-confirm"]')
      && !(preview && /Working out/.test(preview.textContent))) return true;
  const s = r.querySelector('input[data-key="slider"]');
  const pos = r.dataset.position !== undefined ? Number(r.dataset.position)
    : (s ? Number(s.value) : -1);
  return pos !== before;
}"""

# Where the panel and the table are, and what reaches past the window's right side.
LAYOUT = """([panelSel, rootSel]) => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, width: r.width, height: r.height}; };
  const panel = document.querySelector(panelSel);
  const table = document.querySelector(rootSel);
  const limit = document.documentElement.clientWidth;
  const past = [];
  for (const el of [...panel.querySelectorAll('*'), ...table.querySelectorAll('*')]) {
    if (!el.checkVisibility || !el.checkVisibility()) continue;
    if (el.closest('.nw-tip') || el.closest('[class*="scroll"]')) continue;
    const r = el.getBoundingClientRect();
    if (r.width && r.right > limit + 1) past.push(
      (el.dataset.key || el.className || el.tagName) + ' right ' + Math.round(r.right));
  }
  return {panel: box(panel), table: box(table), width: limit,
          scroll: document.documentElement.scrollWidth, past: past.slice(0, 10)};
}"""


# An element is inside the window.
#: in the window (within a pixel: a scroll inside Voila's page lands on a fraction)
IN_VIEW = """(sel) => { const e = document.querySelector(sel); if (!e) return false;
  const r = e.getBoundingClientRect();
  return r.top >= -1 && r.bottom <= window.innerHeight + 1; }"""


def wait_status(page: Any, key: str, status: str) -> None:
    page.wait_for_function(
        "([sel, key, status]) => { const p = document.querySelector(sel);"
        " return p && p.dataset.lesson === key && p.dataset.status === status; }",
        arg=[PANEL, key, status], timeout=30_000)


def open_lesson(page: Any, key: str) -> None:
    if page.locator(f'{PANEL} button[data-key="list"]').count():
        page.click(f'{PANEL} button[data-key="list"]')
        page.wait_for_selector(f'{PANEL} button[data-key="open-{key}"]')
    page.click(f'{PANEL} button[data-key="open-{key}"]')
    wait_status(page, key, "trying")


def play(page: Any, game: str, selector: str) -> None:
    """Click a move on the lesson's table and confirm its preview, if one is shown."""
    root = ROOT[game]
    before = page.evaluate(POSITION, root)
    page.locator(f"{root} {selector}").first.click()
    page.wait_for_function(TAKEN, arg=[root, before], timeout=30_000)
    confirm = page.locator(f'{root} button[data-key="preview-confirm"]')
    if confirm.count():
        confirm.click()
    page.wait_for_function(f"() => ({POSITION})({root!r}) !== {before}", timeout=30_000)


def undo(page: Any, game: str, key: str) -> None:
    page.click(f'{ROOT[game]} button[data-key="undo"]')
    wait_status(page, key, "trying")
    assert page.evaluate(POSITION, ROOT[game]) == 0


def check_screen(page: Any, game: str, phone: bool) -> None:
    """The panel and the table on the page, inside the window's width; big-enough
    controls."""
    seen = page.evaluate(LAYOUT, [PANEL, ROOT[game]])
    for part in ("panel", "table"):
        box = seen[part]
        assert box["width"] > 200 and box["height"] > 100, (part, box)
        assert box["left"] >= -1 and box["right"] <= seen["width"] + 1, (part, seen)
    if phone:
        assert seen["width"] <= 390
        assert seen["scroll"] <= seen["width"], f"the page scrolls sideways: {seen}"
        assert seen["past"] == [], seen["past"]
    else:       # beside the table: the panel on the left, the table to its right
        assert seen["panel"]["right"] <= seen["table"]["left"] + 1, seen
    for root in (".nw-learn", ROOT[game]):
        targets = page.evaluate(TARGETS, [root, PRIMARY])
        assert targets
        small = too_small(targets, phone=False)      # 24 x 24 for every control
        assert small == [], "\n".join(small)


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_lessons_of_both_games_by_clicking(browser: Any, voila_url: str, watch: PageWatch,
                                           artifacts_dir: Path, viewport: str,
                                           request: pytest.FixtureRequest) -> None:
    width, height = VIEWPORTS[viewport]
    phone = viewport == "phone"
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        watch.attach(page)
        page.set_default_timeout(30_000)
        page.goto(voila_url + "?game=learn", timeout=120_000)
        page.wait_for_selector(f"{PANEL} button.nw-learn-item", timeout=90_000)
        page.wait_for_function("() => document.title === 'Learn to play'")
        assert page.locator(".nw-app button[data-key='switch-learn']").get_attribute(
            "aria-pressed") == "true"
        lessons = page.locator(f"{PANEL} button.nw-learn-item")
        assert lessons.count() >= 11
        assert page.locator(f"{PANEL} .nw-learn-done").count() == 0
        # the table's side is never an empty pane: a welcome says to pick a lesson (on a
        # phone the list is the page, and the welcome is not repeated below it)
        welcome = page.locator(".nw-learn-table .nw-learn-welcome")
        if phone:
            assert welcome.is_hidden()
        else:
            assert welcome.is_visible() and "Pick a lesson" in welcome.inner_text()
            assert page.evaluate(LAYOUT, [PANEL, ".nw-learn-welcome"])["past"] == []
            shot = artifacts_dir / f"voila_learn_welcome_{width}.png"
            page.screenshot(path=str(shot))
            record_artifact(request, f"learn, no lesson open yet, {width} px", shot)

        # the dice game: a wrong try first (a 1-gold tile), the hint, Undo, the right tile
        open_lesson(page, "dice-buy")
        assert page.locator(f"{PANEL} .nw-learn-hint").count() == 0
        # one Hint on the page (the lesson's): no coach's Hint, grading or bot deciding
        for key in ("coach-hint", "coach-on", "bot-decide"):
            assert page.locator(f'{ROOT["dice"]} [data-key="{key}"]:visible').count() == 0
        assert page.locator('button:visible', has_text="Hint").count() == 1
        play(page, "dice", 'button[data-key="board-t1-07"]')
        wait_status(page, "dice-buy", "wrong")
        assert page.locator(f"{PANEL} .nw-learn-hint").is_visible()
        # the verdict is brought on screen (on a phone the table is below the panel)
        page.wait_for_function(IN_VIEW, arg=f"{PANEL} .nw-learn-status", timeout=5_000)
        assert page.locator(f'{PANEL} button[data-key="show"]').is_visible()
        shot = artifacts_dir / f"voila_learn_hint_{width}.png"
        page.screenshot(path=str(shot))
        record_artifact(request, f"learn, a wrong try and its hint, {width} px", shot)
        undo(page, "dice", "dice-buy")
        check_screen(page, "dice", phone)
        play(page, "dice", 'button[data-key="board-t1-08"]')
        wait_status(page, "dice-buy", "done")
        # the learner's turn is over: the table does not offer them Player 2's decision
        waiting = page.locator(f'{ROOT["dice"]} .nw-waiting')
        waiting.wait_for()
        assert "the lesson stops here" in waiting.inner_text()
        # and the header's prompt does not invite them to play Player 2 either
        assert page.inner_text(f'{ROOT["dice"]} .nw-prompt').strip() == (
            "Player 2's turn (not played at this screen).")
        assert page.locator(f'{ROOT["dice"]} button[data-key="pass"]:visible').count() == 0
        # and no New game on a lesson's table
        assert page.locator(f'{ROOT["dice"]} [data-key="header-newgame"]').is_hidden()
        # the verdict stays the focus: on screen, the table's own scroll done
        page.wait_for_function(IN_VIEW, arg=f"{PANEL} .nw-learn-status", timeout=5_000)
        page.wait_for_timeout(1_500)
        assert page.evaluate(IN_VIEW, f"{PANEL} .nw-learn-status")
        shot = artifacts_dir / f"voila_learn_dice_{width}.png"
        page.screenshot(path=str(shot))
        record_artifact(request, f"learn, dice lesson done, {width} px", shot)
        # Next lesson: reroll the three dice that do not show gold
        page.click(f'{PANEL} button[data-key="next"]')
        wait_status(page, "dice-reroll", "trying")
        for die in (2, 3, 4):
            page.click(f'{ROOT["dice"]} button[data-key="die-{die}"]')
        play(page, "dice", 'button[data-key="reroll"]')
        wait_status(page, "dice-reroll", "done")

        # the board game: Pass is a wrong try, then Undo and a worker on the Hoplite
        open_lesson(page, "board-war")
        for key in ("coach-hint", "coach-on"):
            assert page.locator(f'{ROOT["board"]} [data-key="{key}"]:visible').count() == 0
        play(page, "board", """button[data-key='move-{"type":"pass"}']""")
        wait_status(page, "board-war", "wrong")
        assert page.locator(f"{PANEL} .nw-learn-hint").is_visible()
        undo(page, "board", "board-war")
        play(page, "board",
             """button[data-key='move-{"slot":2,"source":"idle","type":"deploy"}']""")
        wait_status(page, "board-war", "done")
        check_screen(page, "board", phone)
        shot = artifacts_dir / f"voila_learn_board_{width}.png"
        page.screenshot(path=str(shot))
        record_artifact(request, f"learn, board lesson done, {width} px", shot)
        # the newcomer's line: a worker taken back (free, the lesson says), two on the
        # Axeman, then Hispania.  Before, the free move was counted as a step: "can no
        # longer be done", then "does not do the task", then right.
        open_lesson(page, "board-workers")
        for move in ('{"count":1,"slot":0,"type":"undeploy"}',
                     '{"slot":2,"source":"idle","type":"deploy"}',
                     '{"slot":2,"source":"idle","type":"deploy"}'):
            play(page, "board", f"button[data-key='move-{move}']")
            page.wait_for_timeout(400)          # a verdict comes with the move's update
            assert page.evaluate(f"() => document.querySelector('{PANEL}').dataset.status"
                                 ) == "trying", move
            assert page.locator(f"{PANEL} .nw-learn-hint").count() == 0, move
            assert page.inner_text(f"{PANEL} .nw-learn-status").startswith("Play on the table")
        play(page, "board", """button[data-key='move-{"card":"hispania","type":"buy"}']""")
        wait_status(page, "board-workers", "done")
        # Try again, then a wrong first step of the three-move lesson: judged at once, and
        # said in a player's words (the move, what it did, what Hispania needs)
        page.click(f'{PANEL} button[data-key="retry"]')
        wait_status(page, "board-workers", "trying")
        assert page.evaluate(POSITION, ROOT["board"]) == 0
        play(page, "board",
             """button[data-key='move-{"slot":0,"source":"idle","type":"deploy"}']""")
        wait_status(page, "board-workers", "wrong")
        said = page.inner_text(f"{PANEL} .nw-learn-status")
        assert "\u201cDeploy a worker on Temple for 1 stone\u201d" in said, said
        assert "gives no strength" in said and "Hispania needs 4 strength" in said, said
        assert "with 1 stone left you can reach 2 strength, not 4" in said, said
        assert "no longer be done" not in said and "does not do the task" not in said
        shot = artifacts_dir / f"voila_learn_dead_end_{width}.png"
        page.wait_for_function(IN_VIEW, arg=f"{PANEL} .nw-learn-status", timeout=5_000)
        page.screenshot(path=str(shot))
        record_artifact(request, f"learn, a wrong early step, {width} px", shot)
        undo(page, "board", "board-workers")
        # buy the Hoplite: its preview holds the slot it takes (one gesture and Confirm)
        open_lesson(page, "board-buy")
        play(page, "board", """button[data-key='move-{"card":"hoplite","type":"buy"}']""")
        wait_status(page, "board-buy", "done")

        # the lessons done are kept by the browser
        page.reload(timeout=120_000)
        page.wait_for_selector(f"{PANEL} button.nw-learn-item", timeout=90_000)
        done = sorted(page.locator(f"{PANEL} .nw-learn-done").evaluate_all(
            "(els) => els.map((e) => e.dataset.lesson)"))
        assert done == ["board-buy", "board-war", "board-workers", "dice-buy", "dice-reroll"]
        assert watch.errors() == [], watch.errors()
    finally:
        context.close()
