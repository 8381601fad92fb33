"""Both games at 390 x 844 (a phone) and 1400 x 900 (a desktop), over real positions: no
text overflows or is clipped anywhere in the table, and every control is big enough to hit.

Fit, checked on every element of the table (not a list of known cases): its content is not
wider than its box (``scrollWidth > clientWidth``; the tables deliberately put in a
sideways scroll box excepted), it does not reach past its parent's sides or the table's,
no word is split over two lines, the short labels (the round, the steps, badges) stay on
one line, and the page does not scroll sideways.

Target size (WCAG 2.2, 2.5.8): every button, input, select, summary, link and
``[role=button]`` shown is at least 24 x 24 CSS px at both widths (a checkbox counts with
its label, which toggles it too); at 390 px the main actions (New game, ?, Pass, Reroll,
Build, Confirm and Cancel, the history buttons, the board game's move buttons, Start round,
Play again, the Coach's checkboxes with their labels...) are at least 44 x 44.

The shipped bundles draw payloads the Python engines made (js/test/fixtures,
js/test/board/fixtures) in js/scripts/harness.html and board_harness.html, served from the
repository; the page's margin is Voila's (15 px each side: the table is 360 px wide on a
390 px phone, as in the app). Motion is reduced, so that no rolling die is caught mid-turn.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import open_board_fixture_preview, repository_server

from nations_widget.tables import MAX_NAME_CHARS
from nations_widget.widget.shell.table_mode import with_names

pytestmark = pytest.mark.browser

VIEWPORTS = {"phone": (390, 844), "desktop": (1400, 900)}
#: the dice game: the start, 3 players with built tiles and colonies, giving dice back,
#: books, war, solo, the end of a 4-player game
DICE = ("start_2p", "rich_3p", "give_back_dice", "books", "war", "solo", "game_over_4p")
#: the board game: growth, actions, mid-game with a preview open, a Choose decision, solo,
#: 5 players late, the end
BOARD = ("growth_2p", "actions_3p", "mid_4p", "choose_slot_2p", "solo", "late_5p",
         "game_over_4p")
ROOT = {"dice": ".nw-root", "board": ".nwb-root"}
FIXTURES = Path(__file__).resolve().parents[2] / "js" / "test"
#: Voila's margin on each side of the output (the app's table is 360 px wide at 390)
VOILA_MARGIN = "body { padding: 15px !important; }"


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with repository_server() as url:
        yield url


def _open(browser: Any, base: str, game: str, fixture: str, viewport: str) -> tuple[Any, Any]:
    width, height = VIEWPORTS[viewport]
    phone = viewport == "phone"
    context = browser.new_context(viewport={"width": width, "height": height},
                                  has_touch=phone, is_mobile=phone, device_scale_factor=1,
                                  reduced_motion="reduce")
    page = context.new_page()
    harness = "harness.html" if game == "dice" else "board_harness.html"
    page.goto(f"{base}/js/scripts/{harness}?fx={fixture}")
    page.wait_for_selector(f"body[data-ready='1'] {ROOT[game]}")
    page.add_style_tag(content=VOILA_MARGIN)
    if game == "board":
        if page.locator("[data-key='summary-close']").count():
            page.click("[data-key='summary-close']")
        open_board_fixture_preview(page)
        for key in page.eval_on_selector_all("[data-key^='fold-'][aria-expanded='false']",
                                             "els => els.map((e) => e.dataset.key)"):
            page.click(f"[data-key='{key}']")
    page.wait_for_timeout(100)
    return context, page


# Every element of the table whose content is wider than its box, that reaches past its
# parent's sides or the table's, every word split over two lines, every short label on more
# than one line, and a page that scrolls sideways.  The boxes deliberately scrolled (a wide
# table, the log) and what is inside them are left out, and so are tooltips (hidden until
# asked for) and the insides of a <select>.
FIT_PROBLEMS = """(rootSel) => {
  const root = document.querySelector(rootSel);
  const box = root.getBoundingClientRect();
  const out = [];
  const scrollers = '.nw-table-scroll, .nwb-scroll, .nw-log-list';
  const labels = '.nw-round, .nw-step, .nw-order, .nw-turn-badge, .nw-passed-badge, .nw-result,'
    + ' .nw-kind-badge, .nw-chit, .nw-cost, .nwb-badge, .nwb-age, .nwb-vp, .nwb-stat,'
    + ' .nw-app-switch, .nw-btn.nw-mini';
  const name = (el) => el.tagName.toLowerCase() + '.' + String(el.className).split(' ')[0]
    + ' [' + (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40) + ']';
  // .nwb-sr, .nw-sr: a figure's words for a screen reader, hidden on purpose (its icon says them)
  // the content of a closed <details> is not shown (Chromium still lays it out, hidden)
  const folded = (el) => {
    const d = el.closest('details:not([open])');
    return Boolean(d) && el !== d && !el.closest('summary');
  };
  const skip = (el) => el.closest('option, select, svg, .nw-tip, .nwb-sr, .nw-sr') || folded(el);
  // a popup laid over the table (absolutely placed, stacked above it: the fair-dice fold's
  // card) is not in its parent's box; it must stay inside the table's
  const popup = (el) => {
    const cs = getComputedStyle(el);
    return cs.position === 'absolute' && cs.zIndex !== 'auto';
  };
  for (const el of root.querySelectorAll('*')) {
    if (skip(el)) continue;
    const r = el.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    const cs = getComputedStyle(el);
    if (cs.position === 'fixed' || el.closest(scrollers)) continue;
    // a dialog over the page (in a fixed overlay) may be wider than the table
    let overlay = false;
    for (let a = el.parentElement; a && a !== root; a = a.parentElement) {
      if (getComputedStyle(a).position === 'fixed') { overlay = true; break; }
    }
    if (!overlay && (r.left < box.left - 1 || r.right > box.right + 1)) {
      out.push('outside the table: ' + name(el));
    }
    const parent = el.parentElement;
    if (parent && parent !== root.parentElement && !popup(el)) {
      const p = parent.getBoundingClientRect();
      const by = Math.max(p.left - r.left, r.right - p.right);
      if (by > 1) out.push(`${Math.round(by)} px outside ${name(parent)}: ${name(el)}`);
    }
    if (cs.display !== 'inline' && el.clientWidth > 0 && !el.matches(scrollers)
        && el.scrollWidth > el.clientWidth + 1) {
      out.push(`content ${el.scrollWidth - el.clientWidth} px wider than ${name(el)}`);
    }
    const hidesY = cs.overflowY === 'hidden' || cs.overflowY === 'clip';
    if (hidesY && el.scrollHeight > el.clientHeight + 1) out.push('cut off below: ' + name(el));
  }
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    if (!t.parentElement || skip(t.parentElement)) continue;
    // a code (a fingerprint: 64 hex digits, a text to copy) wraps anywhere by design
    if (t.parentElement.closest('code')) continue;
    const re = /\\S+/g;
    for (let m = re.exec(t.data); m; m = re.exec(t.data)) {
      const range = document.createRange();
      range.setStart(t, m.index);
      range.setEnd(t, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter((q) => q.width > 0)
        .map((q) => Math.round(q.top)));
      if (tops.size > 1) out.push('word split over two lines: ' + m[0]);
    }
  }
  for (const el of root.querySelectorAll(labels)) {
    if (skip(el) || !el.getClientRects().length) continue;
    // its text's boxes share a line when they overlap vertically (icons beside the text
    // sit a little higher or lower)
    const rects = [];
    const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let t = texts.nextNode(); t; t = texts.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(t);
      rects.push(...[...range.getClientRects()].filter((q) => q.width > 0));
    }
    const top = Math.max(...rects.map((q) => q.top));
    const bottom = Math.min(...rects.map((q) => q.bottom));
    if (rects.length > 1 && top >= bottom - 1) out.push('label on two lines: ' + name(el));
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1) {
    out.push('the page scrolls sideways');
  }
  return [...new Set(out)];
}"""

#: the main actions, which must be 44 x 44 on a phone
PRIMARY = ", ".join(f"[data-key{sel}]" for sel in (
    "='header-newgame'", "='help'", "='pass'", "='reroll'", "='reroll-star'", "='build'",
    "='use-selection'", "^='replace-'", "^='give-back-'",
    "='preview-confirm'", "='preview-cancel'", "='first'", "='back'", "='fwd'", "='last'",
    "='undo'", "='redo'", "='round-summary-close'", "='summary-close'", "='play-again'",
    "='start'", "='play-bots'", "='skip-bots'", "='bot-step'", "^='move-'", "^='opt-'",
    # the Coach's checkboxes, with their label rows (a 20 px box was the target), and the
    # Undo beside the decision
    "='coach-on'", "='previews-on'", "='undo-near'"))

# Every control shown in the table with its size: a checkbox or radio button with its
# labels (a click on the label toggles it), the others alone.
TARGETS = """([rootSel, primarySel]) => {
  const root = document.querySelector(rootSel);
  const sel = 'button, input:not([type=hidden]), select, textarea, a[href], summary, [role=button]';
  const out = [];
  for (const el of root.querySelectorAll(sel)) {
    if (!el.checkVisibility({visibilityProperty: true, opacityProperty: false})) continue;
    if (el.closest('.nw-tip')) continue;
    let r = el.getBoundingClientRect();
    if ((el.type === 'checkbox' || el.type === 'radio') && el.labels) {
      for (const label of el.labels) {
        const q = label.getBoundingClientRect();
        r = {width: Math.max(r.right, q.right) - Math.min(r.left, q.left),
             height: Math.max(r.bottom, q.bottom) - Math.min(r.top, q.top),
             left: Math.min(r.left, q.left), right: Math.max(r.right, q.right),
             top: Math.min(r.top, q.top), bottom: Math.max(r.bottom, q.bottom)};
      }
    }
    out.push({what: el.tagName.toLowerCase() + (el.type ? ':' + el.type : '') + ' '
                + (el.dataset.key || el.className)
                + ' [' + (el.textContent || '').trim().slice(0, 20) + ']',
              width: Math.round(r.width * 10) / 10, height: Math.round(r.height * 10) / 10,
              primary: el.matches(primarySel)});
  }
  return out;
}"""

CASES = [("dice", f) for f in DICE] + [("board", f) for f in BOARD]


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize(("game", "fixture"), CASES)
def test_no_text_overflows_or_is_clipped(browser: Any, base: str, game: str, fixture: str,
                                         viewport: str) -> None:
    context, page = _open(browser, base, game, fixture, viewport)
    try:
        problems = page.evaluate(FIT_PROBLEMS, ROOT[game])
        assert problems == [], "\n".join(problems)
    finally:
        context.close()


# Whose turn it is, said at the status strip's end with its longest words: a bot with its
# level (the fixture's game_info: the app's levels).  The app's first board opponent
# ("Player 2 (heuristic-quick bot, medium) to play") once pushed the strip 18 px past a
# phone's table.
def test_a_bots_turn_with_its_level_fits_a_phones_status_strip(browser: Any, base: str) -> None:
    context, page = _open(browser, base, "board", "growth_2p", "phone")
    try:
        page.evaluate("""() => {
          const view = structuredClone(window.fixture.view);
          view.current = 1;
          view.human_turn = false;
          view.nations[1].who = 'heuristic-quick';
          window.emit('seats', ['human', 'heuristic-quick']);
          window.emit('view', view);
        }""")
        turn = page.locator(".nwb-status .nwb-st-turn")
        turn.wait_for()
        words = " ".join(turn.inner_text().split())
        assert words == "Player 2 (heuristic-quick bot, medium) to play"
        problems = page.evaluate(FIT_PROBLEMS, ROOT["board"])
        assert problems == [], "\n".join(problems)
    finally:
        context.close()


#: the widest name a table lets a player choose (MAX_NAME_CHARS capital Ms: one word, which
#: must break to fit a phone), and a long one of two words (which must not break)
WIDEST_NAME = "M" * MAX_NAME_CHARS
LONG_NAME = "Maximiliana Wolkenstein"
#: the traits whose texts say "Player 2" (a table's screen gets them with the names in)
NAMED_TRAITS = ("view", "legal", "history", "log_patch", "preview")


def _fixture(game: str, fixture: str) -> dict[str, Any]:
    folder = FIXTURES / ("fixtures" if game == "dice" else "board/fixtures")
    data: dict[str, Any] = json.loads((folder / f"{fixture}.json").read_text())
    return data


def _table_trait(game: str, players: int, name: str) -> dict[str, Any]:
    """A table's trait as a seat's screen gets it (table_mode.table_payload): every seat
    named ``name``, this screen at seat 0, a line of chat from each of two seats."""
    seats = [{"seat": s, "name": name, "label": f"Player {s + 1}", "named": True,
              "who": "here" if s == 0 else "remote", "bot": None,
              "connected": None if s == 0 else True} for s in range(players)]
    lines = [{"n": n, "kind": "line", "seat": s, "name": name, "move": 3,
              "text": "good luck, have fun"} for n, s in enumerate((0, players - 1), 1)]
    return {"id": "t-fit", "kind": game, "number": 7, "role": "seat", "host": False,
            "mine": [0], "seats": seats, "to_play": 0, "my_turn": True, "over": False,
            "undo": "none", "shared": True, "off": {}, "beat": 20, "tokens": ["seat-token"],
            "waiting": False, "open": [],
            "chat": {"lines": lines, "off": False, "can_write": True, "can_switch": False,
                     "max": 200}}


NAME_CASES = [("dice", f) for f in ("start_2p", "rich_3p", "books", "war", "game_over_4p")] \
    + [("board", f) for f in ("growth_2p", "actions_3p", "mid_4p", "late_5p", "game_over_4p")]


@pytest.mark.parametrize("name", [WIDEST_NAME, LONG_NAME], ids=["widest", "two-words"])
@pytest.mark.parametrize(("game", "fixture"), NAME_CASES)
def test_the_longest_names_players_may_choose_fit_a_phone(browser: Any, base: str, game: str,
                                                          fixture: str, name: str) -> None:
    """At a table every text that says "Player 2" says the player's name instead (Python's
    with_names on every payload, the page's seatName on what it writes itself): with the
    longest names allowed, nothing overflows a phone; only the one-word name may break."""
    data = _fixture(game, fixture)
    players = len(data["seats"])
    names = dict.fromkeys(range(players), name)
    traits = {k: with_names(data[k], names) for k in NAMED_TRAITS if k in data}
    assert name in json.dumps(traits["view"])
    context, page = _open(browser, base, game, fixture, "phone")
    try:
        page.evaluate("""([table, traits]) => {
          window.emit('table', table);
          for (const [key, value] of Object.entries(traits)) window.emit(key, value);
        }""", [_table_trait(game, players, name), traits])
        page.wait_for_timeout(100)
        root = page.locator(ROOT[game])
        assert root.get_by_text(name).count() > 3
        # (the widest name, with what may stick to it: "MMM…M:", "MMM…M's")
        problems = [p for p in page.evaluate(FIT_PROBLEMS, ROOT[game])
                    if not (p.startswith("word split over two lines: ") and WIDEST_NAME in p)]
        assert problems == [], "\n".join(problems)
    finally:
        context.close()


def too_small(targets: list[dict[str, Any]], phone: bool) -> list[str]:
    out = []
    for t in targets:
        least = 44 if phone and t["primary"] else 24
        if t["width"] < least - 0.5 or t["height"] < least - 0.5:
            out.append(f"{t['what']}: {t['width']}x{t['height']} (at least {least}x{least})")
    return sorted(set(out))


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize(("game", "fixture"), [("dice", "start_2p"), ("dice", "give_back_dice"),
                                               ("dice", "game_over_4p"), ("board", "growth_2p"),
                                               ("board", "mid_4p"), ("board", "game_over_4p")])
def test_every_control_is_big_enough_to_hit(browser: Any, base: str, game: str, fixture: str,
                                            viewport: str) -> None:
    context, page = _open(browser, base, game, fixture, viewport)
    try:
        targets = page.evaluate(TARGETS, [ROOT[game], PRIMARY])
        assert len(targets) > 10
        assert any(t["primary"] for t in targets)
        small = too_small(targets, viewport == "phone")
        assert small == [], "\n".join(small)
    finally:
        context.close()


# Each name of the catalogue's tiles, written in turn into each tile of the phone's progress
# board and of a player's buildings (the narrowest tiles): the names that do not fit (wider
# than the tile's content, or a word split over two lines).
LONG_NAMES = """() => {
  const cat = window.model.get('catalogue');
  const names = [...new Set(Object.values(cat.tiles).map((t) => t.name))];
  const spots = [...document.querySelectorAll(
    '.nw-progress .nw-tile-name, .nw-slots .nw-tile-name')];
  const out = [];
  for (const spot of spots) {
    const before = spot.textContent;
    for (const n of names) {
      spot.textContent = n;
      const tile = spot.closest('.nw-tile');
      const range = document.createRange();
      const t = spot.firstChild;
      let split = false;
      for (let m, re = /\\S+/g; (m = re.exec(n));) {
        range.setStart(t, m.index);
        range.setEnd(t, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map((q) => Math.round(q.top)));
        if (tops.size > 1) split = true;
      }
      const wide = spot.scrollWidth > spot.clientWidth + 1
        || tile.scrollWidth > tile.clientWidth + 1;
      if (split || wide) {
        out.push(n + (spot.closest('.nw-progress') ? ' (progress board)' : ' (buildings)'));
      }
    }
    spot.textContent = before;
  }
  return [...new Set(out)];
}"""


def test_every_tile_name_of_the_catalogue_fits_a_phones_tile(browser: Any, base: str) -> None:
    context, page = _open(browser, base, "dice", "rich_3p", "phone")
    try:
        misfits = page.evaluate(LONG_NAMES)
        assert misfits == [], "\n".join(misfits)
    finally:
        context.close()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize(("game", "fixture"), [("dice", "start_2p"), ("board", "mid_4p")])
@pytest.mark.parametrize("opener", ["header-newgame", "help"])
def test_the_new_game_dialog_and_the_help_fit_and_their_controls_are_big_enough(
        browser: Any, base: str, game: str, fixture: str, opener: str, viewport: str) -> None:
    context, page = _open(browser, base, game, fixture, viewport)
    try:
        page.click(f"{ROOT[game]} [data-key='{opener}']")
        # (each a modal <dialog>: New game's form is its box)
        inside = ("dialog[open] .nw-dialog.nw-form" if opener == "header-newgame"
                  else "dialog[open] .nw-dialog")
        page.wait_for_selector(f"{ROOT[game]} {inside}")
        problems = page.evaluate(FIT_PROBLEMS, ROOT[game])
        assert problems == [], "\n".join(problems)
        targets = page.evaluate(TARGETS, [f"{ROOT[game]} {inside}", PRIMARY])
        assert targets
        small = too_small(targets, viewport == "phone")
        assert small == [], "\n".join(small)
    finally:
        context.close()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_the_buildings_a_purchase_may_replace_fill_their_slots_and_stand_out(
        browser: Any, base: str, viewport: str) -> None:
    """A building bought with five already built asks which one it replaces: the player's
    buildings turn into buttons to pick from.  They filled their slots as cards do, not
    shrunk to their name's width with gaps between them, and they are marked as the
    choices (the blue line above them alone did not tell which cards to press)."""
    context, page = _open(browser, base, "dice", "start_2p", viewport)
    try:
        buy = page.locator(".nw-progress .nw-tile.nw-kind-building.nw-affordable").first
        buy.click()
        page.wait_for_selector(".nw-player .nw-slot > button.nw-tile")
        slots = page.evaluate("""() => [...document.querySelectorAll('.nw-player .nw-slot')]
          .filter((s) => s.querySelector(':scope > button.nw-tile'))
          .map((s) => {
            const b = s.querySelector(':scope > button.nw-tile');
            const cs = getComputedStyle(b);
            return {slot: s.getBoundingClientRect().width, card: b.getBoundingClientRect().width,
                    marked: cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2,
                    name: b.dataset.key};
          })""")
        assert len(slots) == 5, slots
        narrow = [s for s in slots if s["card"] < s["slot"] - 1]
        assert narrow == [], f"building cards narrower than their slots: {narrow}"
        unmarked = [s["name"] for s in slots if not s["marked"]]
        assert unmarked == [], f"buildings to choose from not marked as choices: {unmarked}"
    finally:
        context.close()


@pytest.mark.parametrize(("game", "fixture"), [("dice", "game_over_4p"), ("board", "game_over_4p")])
def test_the_final_scores_columns_are_named_in_words_on_a_phone(
        browser: Any, base: str, game: str, fixture: str) -> None:
    """At 390 px the final scoring's columns were an icon alone, and for colonies and
    wonders a coloured square: their names were in a tooltip (no hover on a phone) and for
    screen readers only.  Each column's word is shown, inside the table's width."""
    context, page = _open(browser, base, game, fixture, "phone")
    try:
        heads = page.evaluate("""() => [...document.querySelectorAll('.nw-final-table thead th')]
          .filter((th) => !th.classList.contains('nw-final-who'))
          .map((th) => {
            const w = th.querySelector('.nw-col-word');
            const r = w ? w.getBoundingClientRect() : null;
            return {label: th.getAttribute('aria-label'),
                    shown: Boolean(r && r.width > 4 && r.height > 4
                                   && getComputedStyle(w).visibility !== 'hidden'),
                    word: w ? w.textContent : ''};
          })""")
        assert len(heads) >= 5, heads
        unnamed = [h["label"] for h in heads if not h["shown"] or not h["word"]]
        assert unnamed == [], f"columns shown without their name in words: {unnamed}"
        problems = page.evaluate(FIT_PROBLEMS, ROOT[game])
        assert problems == [], "\n".join(problems)
    finally:
        context.close()


def test_the_board_final_scoring_keeps_its_total_in_sight_on_a_wide_screen(
        browser: Any, base: str) -> None:
    """The resources column's word says what it counts ("resources left ÷ 10"); on one line
    it pushed the total out of the table's width at 1400 px (behind a scroll bar)."""
    context, page = _open(browser, base, "board", "game_over_4p", "desktop")
    try:
        box = page.evaluate("""() => {
          const s = document.querySelector("[data-key='final'] .nwb-scroll");
          return {client: s.clientWidth, scroll: s.scrollWidth};
        }""")
        assert box["scroll"] <= box["client"], box
    finally:
        context.close()
