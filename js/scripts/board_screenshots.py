"""Screenshots of the shipped board bundle drawing each board fixture, in headless Chromium,
and a check that nothing overflows the page sideways.

    .venv/bin/python js/scripts/board_screenshots.py [--out test-artifacts/board-screens]

Serves the repository on 127.0.0.1 (a free port), opens js/scripts/board_harness.html with
each fixture of js/test/board/fixtures at 390 px (a phone: the first screen) and 1280 px
(the full page), every nation's board unfolded, a purchase's preview open on
``actions_3p``; writes one PNG each (and one of the round summary where it opens), and
prints the elements that reach past the right edge (none expected); exits 1 if any does.
Needs the board bundle built (``npm run build --prefix js``), Debian's /usr/bin/chromium
and the playwright package.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "js" / "test" / "board" / "fixtures"
WIDTHS = (390, 1280)
OVERFLOW = """() => [...document.querySelectorAll('#out *')]
  .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
  .slice(0, 5).map((e) => `${e.tagName}.${e.className}`)"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "test-artifacts" / "board-screens"))
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(ROOT)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/js/scripts/board_harness.html"
    names = sorted(p.stem for p in FIXTURES.glob("*.json") if not p.stem.startswith("cards_"))
    bad = 0
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium",
                                     args=["--no-sandbox", "--disable-gpu"])
        for width in WIDTHS:
            page = browser.new_page(viewport={"width": width, "height": 1100})
            for name in names:
                page.goto(f"{base}?fx={name}")
                page.wait_for_selector("body[data-ready='1']")
                if page.locator("[data-key='summary-close']").count():
                    page.screenshot(path=str(out / f"{name}-{width}-summary.png"))
                    page.click("[data-key='summary-close']")
                if name == "actions_3p":
                    page.locator("[data-key^='move-']").filter(has_text="Buy").first.click()
                    page.evaluate("() => window.emit('preview', {...window.fixture.preview, "
                                  "move: window.sent.at(-1).move, ask: window.sent.at(-1).ask, "
                                  "position: window.fixture.view.position})")
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
    server.shutdown()
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
