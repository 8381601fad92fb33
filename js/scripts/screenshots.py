"""Screenshots of the shipped bundle drawing each JS fixture, in headless Chromium.

    .venv/bin/python js/scripts/screenshots.py [--width 1280] [--out test-artifacts/screenshots]
    .venv/bin/python js/scripts/screenshots.py --readme     # docs/board.png, docs/board-phone.png

Serves the repository on 127.0.0.1 (a free port), opens js/scripts/harness.html with each
fixture of js/test/fixtures and writes one full-page PNG per fixture, plus a hover shot
showing a tile's tooltip.  ``--readme`` writes the README's pictures instead: the board of a
three-player game in round 3 (fixture rich_3p, real payloads of the real widget drawn by
the shipped bundle) at 1400 px, and its top at 390 px (a phone).  Needs Debian's
/usr/bin/chromium and the playwright package
(both come with scripts/setup.sh when tests/browser exists, or: apt-get install chromium).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_support import launch_chromium, repository_server  # noqa: E402

FIXTURES = ROOT / "js" / "test" / "fixtures"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--out", default=str(ROOT / "test-artifacts" / "screenshots"))
    parser.add_argument("--readme", action="store_true",
                        help="write docs/board.png and docs/board-phone.png")
    args = parser.parse_args()
    if args.readme:
        readme_pictures()
        return
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    names = sorted(p.stem for p in FIXTURES.glob("*.json") if p.stem != "catalogue")
    with repository_server() as root, sync_playwright() as p:
        base = f"{root}/js/scripts/harness.html"
        browser = launch_chromium(p)
        page = browser.new_page(viewport={"width": args.width, "height": 900})
        for name in names:
            page.goto(f"{base}?fx={name}")
            page.wait_for_selector("body[data-ready='1'] .nw-root")
            page.wait_for_timeout(900)          # let the dice finish rolling
            page.screenshot(path=str(out / f"{name}.png"), full_page=True)
            print(out / f"{name}.png")
        page.goto(f"{base}?fx=start_2p")
        page.wait_for_selector("body[data-ready='1'] .nw-root")
        page.hover(".nw-progress button.nw-tile")
        page.wait_for_timeout(900)
        page.screenshot(path=str(out / "tooltip.png"),
                        clip={"x": 0, "y": 0, "width": args.width, "height": 520})
        print(out / "tooltip.png")
        browser.close()


def readme_pictures() -> None:
    docs = ROOT / "docs"
    docs.mkdir(exist_ok=True)
    with repository_server() as root, sync_playwright() as p:
        base = f"{root}/js/scripts/harness.html"
        browser = launch_chromium(p)
        for width, height, name in ((1400, 1100, "board.png"), (390, 1300, "board-phone.png")):
            page = browser.new_page(viewport={"width": width, "height": height})
            page.goto(f"{base}?fx=rich_3p")
            page.wait_for_selector("body[data-ready='1'] .nw-root")
            page.wait_for_timeout(900)          # let the dice finish rolling
            page.screenshot(path=str(docs / name))
            print(docs / name)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
