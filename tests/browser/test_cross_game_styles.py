"""Each game draws the same whatever else the page holds: the shipped bundles drawn on their
harness pages (js/scripts/harness.html, board_harness.html: no kernel), with every computed
style of every element compared before and after the page is given the other bundles' style
sheets, after the game's own (as the app inserts a game shown second, Learn, or a notebook
its second widget) and before it (a game shown first).

Each bundle brings its own copy of the shell's CSS, and the icons' sheet is inserted once by
whichever bundle draws first: a second copy later on the page re-applies the shell's rules
over the first game's own, and a ``background`` shorthand in it cleared the icons' pictures
(the board game's battle cards read "take raid → / /" after the dice game).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_support import repository_server

pytestmark = pytest.mark.browser

BUNDLES = ("app", "dice", "board", "learn")

# Every computed style of every element under #out (a tooltip's hidden box included), and
# the number of elements: a map from the element's path to its styles' text.
STYLES = """() => {
  const out = {};
  const els = [...document.querySelectorAll('#out *')];
  els.forEach((el, i) => {
    const cs = getComputedStyle(el);
    const vals = [];
    for (let j = 0; j < cs.length; j += 1) vals.push(cs[j] + ':' + cs.getPropertyValue(cs[j]));
    out[i + ' ' + el.tagName + '.' + (el.getAttribute('class') || '')] = vals.join(';');
  });
  return out;
}"""

# Add the other bundles' style sheets: after every sheet of the page, or before them all.
ADD_SHEETS = """async ([hrefs, where]) => {
  const loads = hrefs.map((href) => new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = resolve;
    link.onerror = () => reject(new Error('no ' + href));
    if (where === 'after') document.head.appendChild(link);
    else document.head.insertBefore(link, document.head.firstChild);
  }));
  await Promise.all(loads);
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
}"""


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with repository_server() as url:
        yield url


def differences(before: dict[str, str], after: dict[str, str]) -> list[str]:
    out = []
    assert before.keys() == after.keys(), "the page's elements changed"
    for key, text in before.items():
        if text == after[key]:
            continue
        was = dict(p.split(":", 1) for p in text.split(";") if ":" in p)
        now = dict(p.split(":", 1) for p in after[key].split(";") if ":" in p)
        changed = [f"{p}: {was.get(p)!r} -> {now.get(p)!r}" for p in sorted(set(was) | set(now))
                   if was.get(p) != now.get(p)]
        out.append(f"{key[:70]}: {'; '.join(changed[:4])}")
    return out


@pytest.mark.parametrize("where", ["after", "before"])
@pytest.mark.parametrize("game,page_path", [
    ("dice", "js/scripts/harness.html?fx=rich_3p"),
    ("board", "js/scripts/board_harness.html?fx=actions_3p"),
])
def test_a_game_draws_the_same_beside_the_other_bundles_styles(
        browser: Any, base: str, game: str, page_path: str, where: str) -> None:
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{base}/{page_path}")
        page.wait_for_selector("#out [data-step]", timeout=30_000)
        page.wait_for_timeout(300)
        before = page.evaluate(STYLES)
        assert len(before) > 200, len(before)
        icons = page.evaluate(
            "() => document.querySelectorAll('#out .nw-icon, #out .nw-ic').length")
        assert icons > 10, icons
        others = [f"{base}/nations_widget/static/{name}.css" for name in BUNDLES if name != game]
        page.evaluate(ADD_SHEETS, [others, where])
        after = page.evaluate(STYLES)
        changed = differences(before, after)
        assert changed == [], (
            f"the {game} game's page drawn with the other bundles' CSS {where} its own: "
            f"{len(changed)} elements styled differently:\n" + "\n".join(changed[:25]))
    finally:
        context.close()
