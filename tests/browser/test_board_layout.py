"""The board game's table at 390 x 844 (a phone) and 1400 px (a desktop): no element of the
board sticks out of its box sideways, no text is clipped, and every control can be reached
with Tab and has a name a screen reader can say; the phone shows every nation's panel
right after the prompt (the question's Undo on Pass's row), then the progress board and the
scoring board (before the nations' boards), the desktop the panels beside the progress
board and the scoring board beside the nations' boards at the top of the right-hand column.

The shipped bundle (nations_widget/static/board.js) draws real payloads from the Python
engine (js/test/board/fixtures, written by js/scripts/make_board_fixtures.py) in
js/scripts/board_harness.html, served from the repository on 127.0.0.1: no kernel is
needed for a layout check. Every other nation's board is unfolded (the widest the table
gets) and, where the fixture holds one, a move's preview is open.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import open_board_fixture_preview, repository_server

#: start of a game (growth), the middle of a 4-player game (cards bought, workers on
#: cards, wonders under way, a deployment's preview open), a Choose decision (which slot a
#: building takes), a solo game with its shadow, the end of a 4-player game
POSITIONS = ("growth_2p", "mid_4p", "choose_slot_2p", "solo", "game_over_4p")
VIEWPORTS = {"phone": (390, 844), "desktop": (1400, 1000)}


@pytest.fixture(scope="module")
def harness() -> Iterator[str]:
    with repository_server() as base:
        yield f"{base}/js/scripts/board_harness.html"


def _open(browser: Any, harness: str, viewport: str, fixture: str,
          preview: bool = True) -> tuple[Any, Any]:
    width, height = VIEWPORTS[viewport]
    phone = viewport == "phone"
    context = browser.new_context(viewport={"width": width, "height": height},
                                  has_touch=phone, is_mobile=phone, device_scale_factor=1)
    page = context.new_page()
    page.goto(f"{harness}?fx={fixture}")
    page.wait_for_selector("body[data-ready='1'] .nwb-root")
    # the round summary opens by itself after a round: close it to see the table
    if page.locator("[data-key='summary-close']").count():
        page.click("[data-key='summary-close']")
    # the fixture's previewed move: its own button asks for the preview, then the harness
    # answers as Python would
    if preview:
        open_board_fixture_preview(page)
    folded = page.eval_on_selector_all(
        "[data-key^='fold-'][aria-expanded='false']", "els => els.map((e) => e.dataset.key)")
    for key in folded:
        page.click(f"[data-key='{key}']")
    page.wait_for_timeout(100)
    return context, page


# Every element of the board that reaches past the board's sides or past its own parent's
# sides (a horizontal scroll box counts as overflowing unless it is one of the wide tables
# deliberately put in a scroll box), every element whose text is cut (content wider than a
# box that hides its overflow), and a page that scrolls sideways.
_PROBLEMS = """() => {
  const root = document.querySelector('.nwb-root');
  const box = root.getBoundingClientRect();
  const out = [];
  const name = (el) => el.tagName.toLowerCase() + '.' + String(el.className).split(' ')[0]
    + ' [' + (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40) + ']';
  for (const el of root.querySelectorAll('*')) {
    // .nwb-sr, .nw-sr: a figure's words for a screen reader, hidden on purpose (the icon says them)
    if (el.closest('option, svg, .nw-tip, .nwb-sr, .nw-sr')) continue;
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    if (r.left < box.left - 1 || r.right > box.right + 1) {
      out.push('outside the board: ' + name(el));
    }
    const parent = el.parentElement;
    if (parent && parent !== root.parentElement && !parent.closest('.nwb-scroll')) {
      const p = parent.getBoundingClientRect();
      const out_of = r.left < p.left - 1 || r.right > p.right + 1;
      if (getComputedStyle(el).position !== 'fixed' && out_of) {
        out.push('outside its parent ' + name(parent) + ': ' + name(el));
      }
    }
    const cs = getComputedStyle(el);
    const hides = cs.overflowX === 'hidden' || cs.overflowX === 'clip'
      || cs.textOverflow === 'ellipsis';
    if (hides && el.scrollWidth > el.clientWidth + 1) out.push('clipped: ' + name(el));
    const scrolls = cs.overflowX === 'auto' || cs.overflowX === 'scroll';
    if (scrolls && el.scrollWidth > el.clientWidth + 1 && !el.classList.contains('nwb-scroll')
        && !el.closest('.nw-log, .nw-overlay, .nw-modal')) {
      out.push('scrolls sideways: ' + name(el));
    }
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1) {
    out.push('the page scrolls sideways');
  }
  return out;
}"""


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("fixture", POSITIONS)
def test_nothing_overflows_or_is_clipped(browser: Any, harness: str, viewport: str,
                                         fixture: str) -> None:
    context, page = _open(browser, harness, viewport, fixture)
    try:
        assert page.evaluate(_PROBLEMS) == []
    finally:
        context.close()


def test_the_mid_game_position_has_what_it_should(browser: Any, harness: str) -> None:
    """The 4-player position really is mid-game: four boards, workers on cards, a wonder
    under way, the others' last moves, and the deployment's preview open."""
    context, page = _open(browser, harness, "desktop", "mid_4p")
    try:
        assert page.locator("[data-key^='nation-']").count() == 4
        assert page.locator(".nwb-nation .nwb-workers").filter(has_text="\u25cf").count() >= 4
        assert page.locator(".nwb-nation .nwb-t-wonder").count() >= 2
        assert page.locator("[data-key='recent'] li").count() >= 3
        assert page.locator("[data-key='preview'] .nwb-changes").count() == 1
    finally:
        context.close()


# The interactive controls of the board a player can use now: shown (not inside a closed
# <details> or the hidden part of the page), not disabled.
_CONTROLS = """() => [...document.querySelectorAll(
    '.nwb-root button, .nwb-root select, .nwb-root input, .nwb-root summary, .nwb-root a[href],'
    + ' .nwb-root textarea, .nwb-root [tabindex]')]
  .filter((el) => !el.disabled && el.tabIndex >= 0
    && el.checkVisibility({contentVisibilityAuto: true, visibilityProperty: true}))"""

# A control's accessible name, as far as this board builds them: aria-label, the elements
# aria-labelledby points to, its <label>s, its text, its title.
_NAMELESS = f"""() => ({_CONTROLS})().filter((el) => {{
  const by = (el.getAttribute('aria-labelledby') || '').split(' ').filter(Boolean)
    .map((id) => (document.getElementById(id) || {{}}).textContent || '').join(' ');
  const labels = el.labels ? [...el.labels].map((l) => l.textContent).join(' ') : '';
  const name = [el.getAttribute('aria-label'), by, labels, el.textContent, el.title,
    el.type === 'checkbox' ? '' : el.value].filter(Boolean).join(' ').trim();
  return !name;
}}).map((el) => el.outerHTML.slice(0, 120))"""


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("fixture", ("mid_4p", "choose_slot_2p", "game_over_4p"))
def test_every_control_has_a_name_and_is_reached_by_tab(browser: Any, harness: str,
                                                        viewport: str, fixture: str) -> None:
    context, page = _open(browser, harness, viewport, fixture)
    try:
        assert page.evaluate(_NAMELESS) == []
        page.evaluate("() => { (window.__seen = new Set()); document.addEventListener("
                      "'focusin', (e) => window.__seen.add(e.target)); }")
        total = page.evaluate(f"() => ({_CONTROLS})().length")
        assert total > 5
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.locator("body").focus()
        for _ in range(total + 40):
            page.keyboard.press("Tab")
        missed = page.evaluate(f"""() => ({_CONTROLS})().filter((el) => !window.__seen.has(el))
            .map((el) => el.outerHTML.slice(0, 120))""")
        assert missed == []
    finally:
        context.close()


# Where the prompt, the progress board, the scoring board, the nations and the right-hand
# panels are drawn (page coordinates).
_BOXES = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return {top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right}; };
  const one = (sel) => box(document.querySelector(sel));
  return {prompt: one("[data-key='prompt']"), progress: one("[data-key='progress']"),
          scoring: one("[data-key='scoring']"), left: one('.nwb-left'), right: one('.nwb-right'),
          nations: [...document.querySelectorAll("[data-key^='nation-']")].map(box)};
}"""


@pytest.mark.parametrize("fixture", ("mid_4p", "game_over_4p"))
def test_the_scoring_board_comes_before_the_nations_on_a_phone_and_beside_them_on_a_desktop(
        browser: Any, harness: str, fixture: str) -> None:
    context, page = _open(browser, harness, "phone", fixture)
    try:
        b = page.evaluate(_BOXES)
        # one column: the prompt, the progress board, the scoring board, then every nation
        assert b["prompt"]["bottom"] <= b["progress"]["top"] + 1
        assert b["progress"]["bottom"] <= b["scoring"]["top"] + 1
        assert len(b["nations"]) == 4
        assert all(b["scoring"]["bottom"] <= n["top"] + 1 for n in b["nations"])
        assert b["scoring"]["bottom"] <= b["right"]["top"] + 1
    finally:
        context.close()
    context, page = _open(browser, harness, "desktop", fixture)
    try:
        b = page.evaluate(_BOXES)
        # two columns, as before: the nations on the left from the top of the row, the
        # scoring board at the top of the right column and the panels 10 px under it
        assert b["scoring"]["left"] >= b["left"]["right"]
        assert abs(b["scoring"]["top"] - b["left"]["top"]) <= 1
        assert abs(b["right"]["top"] - (b["scoring"]["bottom"] + 10)) <= 1
        assert abs(b["right"]["left"] - b["scoring"]["left"]) <= 1
        assert abs(b["right"]["right"] - b["scoring"]["right"]) <= 1
    finally:
        context.close()


_PANELS = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return {top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right}; };
  return {progress: box(document.querySelector("[data-key='progress']")),
          panels: [...document.querySelectorAll("[data-key='players'] .nwb-pp")].map(box),
          mine: document.querySelector("[data-key='players'] .nwb-pp-me")
            ? box(document.querySelector("[data-key='players'] .nwb-pp-me")) : null,
          turn: box(document.querySelector(".nwb-turn")),
          strip: box(document.querySelector("[data-key='status']"))};
}"""


@pytest.mark.parametrize("fixture", ("mid_4p", "round3_4p"))
def test_every_nations_panel_is_beside_the_progress_board_on_a_desktop_and_before_it_on_a_phone(
        browser: Any, harness: str, fixture: str) -> None:
    """The nations' panels sit in one column beside the progress board at 1400 px, all four
    within the window's first 900 px (while no move's preview is open: a purchase's
    preview, with the place its card takes, pushes the table down); at 390 px they come
    right after the question (and the last moves), before the progress board, one under
    the other, the player to decide's own within the first screen (they read their
    figures before choosing a card); the strip (round, phase, event, war, turn) stays at
    the window's top."""
    context, page = _open(browser, harness, "desktop", fixture, preview=False)
    try:
        b = page.evaluate(_PANELS)
        assert len(b["panels"]) == 4
        assert all(p["left"] >= b["progress"]["right"] for p in b["panels"])
        assert max(p["bottom"] for p in b["panels"]) <= 900
        page.evaluate("window.scrollTo(0, 1200)")
        page.wait_for_timeout(50)
        strip = page.evaluate("document.querySelector('[data-key=status]')"
                              ".getBoundingClientRect().top")
        assert -1 <= strip <= 1, "the strip scrolled away"
    finally:
        context.close()
    context, page = _open(browser, harness, "phone", fixture, preview=False)
    try:
        b = page.evaluate(_PANELS)
        assert all(p["bottom"] <= b["progress"]["top"] for p in b["panels"])
        assert all(p["top"] >= b["turn"]["bottom"] for p in b["panels"])
        tops = [p["top"] for p in b["panels"]]
        assert tops == sorted(tops) and len(set(round(t) for t in tops)) == 4
        assert b["mine"] is not None and b["mine"]["bottom"] <= 844, b["mine"]
    finally:
        context.close()


@pytest.mark.parametrize("fixture", ("round3_4p", "late_5p"))
def test_undo_is_beside_the_decision_on_a_phone_and_only_in_the_history_on_a_desktop(
        browser: Any, harness: str, fixture: str) -> None:
    """On a phone the history panel, with its Undo, is thousands of pixels below the
    question: the question's panel holds the shell's Undo, on Pass's row, in the first
    screen, 44 px tall; at 1400 px only the history's Undo is shown (beside the table)."""
    context, page = _open(browser, harness, "phone", fixture, preview=False)
    try:
        near = page.locator("[data-key='prompt'] [data-key='undo-near']")
        assert near.is_visible()
        undo, pass_ = _box(page, "[data-key='prompt'] [data-key='undo-near']"), \
            _box(page, "[data-key='prompt'] .nwb-pass-btn")
        far = _box(page, ".nw-history [data-key='undo']")
        assert abs(undo["top"] - pass_["top"]) <= 4 and undo["left"] > pass_["right"], (undo, pass_)
        assert undo["bottom"] <= 844 and undo["height"] >= 44, undo
        assert far["top"] - pass_["bottom"] > 2000, far
        assert near.get_attribute("title") == page.locator(
            ".nw-history [data-key='undo']").get_attribute("title")
    finally:
        context.close()
    context, page = _open(browser, harness, "desktop", fixture, preview=False)
    try:
        assert page.locator("[data-key='prompt'] [data-key='undo-near']").count() == 1
        assert not page.locator("[data-key='prompt'] [data-key='undo-near']").is_visible()
        assert page.locator(".nw-history [data-key='undo']").is_visible()
    finally:
        context.close()


def _box(page: Any, selector: str) -> dict[str, float]:
    box: dict[str, float] = page.evaluate("""(sel) => {
      const r = document.querySelector(sel).getBoundingClientRect();
      return {top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right,
              height: r.height}; }""", selector)
    return box
