"""Screenshots of the shipped board bundle drawing each board fixture, in headless Chromium,
and a check that nothing overflows the page sideways.

    .venv/bin/python js/scripts/board_screenshots.py [--out test-artifacts/board-screens]
    .venv/bin/python js/scripts/board_screenshots.py --readme   # docs/boardgame*.png

Serves the repository on 127.0.0.1 (a free port), opens js/scripts/board_harness.html with
each fixture of js/test/board/fixtures at 390 px (a phone: the first screen) and 1400 px
(the full page), every nation's board unfolded, the fixture's preview open where it holds
one (the move's own button asks, the harness answers as Python would); writes one PNG each
(and one of the round summary where it opens), and prints the elements that reach past the
right edge (none expected); exits 1 if any does.  ``--readme`` writes the README's pictures
of the board game instead: a 4-player game in round 3 (``round3_4p``) with a purchase
previewed, at 1400 px (docs/boardgame.png) and 390 px (docs/boardgame-phone.png).
Needs the board bundle built (``npm run build --prefix js``), Debian's /usr/bin/chromium
and the playwright package.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_support import (  # noqa: E402
    launch_chromium,
    open_board_fixture_preview,
    repository_server,
)

FIXTURES = ROOT / "js" / "test" / "board" / "fixtures"
WIDTHS = (390, 1400)
OVERFLOW = """() => [...document.querySelectorAll('#out *')]
  .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
  .slice(0, 5).map((e) => `${e.tagName}.${e.className}`)"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "test-artifacts" / "board-screens"))
    parser.add_argument("--readme", action="store_true",
                        help="write docs/boardgame.png and docs/boardgame-phone.png")
    args = parser.parse_args()
    if args.readme:
        readme_pictures()
        return
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    # (the cards' catalogues and the replays are not positions to draw)
    names = sorted(p.stem for p in FIXTURES.glob("*.json")
                   if not p.stem.startswith("cards_") and p.stem != "replays")
    bad = 0
    with repository_server() as root, sync_playwright() as pw:
        base = f"{root}/js/scripts/board_harness.html"
        browser = launch_chromium(pw)
        for width in WIDTHS:
            page = browser.new_page(viewport={"width": width, "height": 1100})
            for name in names:
                page.goto(f"{base}?fx={name}")
                page.wait_for_selector("body[data-ready='1']")
                if page.locator("[data-key='summary-close']").count():
                    page.screenshot(path=str(out / f"{name}-{width}-summary.png"))
                    page.click("[data-key='summary-close']")
                open_board_fixture_preview(page)
                # every nation's board unfolded: the widest the table gets
                for button in page.locator("[data-key^='fold-']").all():
                    button.click()
                page.evaluate("window.scrollTo(0, 0)")
                page.wait_for_timeout(50)
                wide = page.evaluate(OVERFLOW)
                bad += bool(wide)
                verdict = "overflow: " + ", ".join(wide) if wide else "ok"
                print(f"{width:5d} px  {name:16s} {verdict}")
                page.screenshot(path=str(out / f"{name}-{width}.png"), full_page=width > 400)
            page.close()
        browser.close()
    sys.exit(1 if bad else 0)


def readme_pictures() -> None:
    """docs/boardgame.png (1400 px, the first 1100 px of the page) and
    docs/boardgame-phone.png (390 px, the first 1300 px): a 4-player game in round 3
    (``round3_4p``), the other nations folded to their summary lines as a player first sees
    them, a building's purchase previewed with the place it takes."""
    docs = ROOT / "docs"
    with repository_server() as root, sync_playwright() as pw:
        base = f"{root}/js/scripts/board_harness.html"
        browser = launch_chromium(pw)
        for width, height, name in ((1400, 1100, "boardgame.png"),
                                    (390, 1300, "boardgame-phone.png")):
            page = browser.new_page(viewport={"width": width, "height": height})
            page.goto(f"{base}?fx=round3_4p")
            page.wait_for_selector("body[data-ready='1']")
            if page.locator("[data-key='summary-close']").count():
                page.click("[data-key='summary-close']")   # round 3's summary
            open_board_fixture_preview(page)
            page.evaluate("document.activeElement && document.activeElement.blur()")
            page.mouse.move(0, 0)    # no hover left from the click that closed the summary
            page.evaluate("window.scrollTo(0, 0)")
            page.wait_for_timeout(100)
            page.screenshot(path=str(docs / name))
            print(docs / name)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
