"""A move at one screen of a table, drawn at the others: the latency, for 2 to 5 screens.

    .venv/bin/python benchmarks/table_latency.py                 # 2, 3, 4 and 5 screens
    .venv/bin/python benchmarks/table_latency.py --screens 2 3 --games 2

Needs Debian's /usr/bin/chromium and the dev extra (Voila, playwright), as
benchmarks/browser_latency.py.  One Voila server on notebooks/play.ipynb (started from the
repository root, so its voila.py applies; the kernels import this checkout's
``nations_widget``), its tables' store (SQLite) in a temporary folder
(``NATIONS_TABLES_DIR``), one Chromium, one browser context (a player) per screen.

For each number of screens N: the first screen starts a dice game with N seats, the first
its own and the others "a player I invite", from the New game dialog; each other screen
opens its seat's link from the table bar.  Then the game is played to its end by whichever
screen is to decide, with the first option the board offers (Pass, or the step's first
answer).  For each move, every other screen has armed a MutationObserver on its widget,
which notes the time its history slider shows the new position (the move drawn there); the
mover's page notes the time of its click.  Every page's clock is the same machine's
(``performance.timeOrigin + performance.now()``).  A move's latency at a screen is
drawn - clicked: it covers the mover's message to its kernel, the engine's check, the
store's commit, the other kernel's watcher noticing it (SQLite: polled every 20-250 ms;
PostgreSQL would be told), that kernel's payloads and the page's draw.

Prints, per N, the median and the 95th percentile over every (move, other screen) pair,
and the load average.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "browser"))

from browser_support import browser_page, launch_chromium, voila_server  # noqa: E402

ARM = """(prev) => {
  window.__nwDrawn = null;
  const root = document.querySelector('.nw-root[data-step]').parentElement;
  const seen = () => {
    const s = document.querySelector('.nw-root input[data-key="slider"]');
    if (s && Number(s.value) !== prev && window.__nwDrawn === null) {
      window.__nwDrawn = performance.timeOrigin + performance.now();
      obs.disconnect();
    }
  };
  const obs = new MutationObserver(seen);
  obs.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  window.__nwObs = obs;
}"""

CLICK = """() => {
  const root = document.querySelector('.nw-root[data-step]');
  const button = root.querySelector('button[data-key="pass"]')
    || root.querySelector('.nw-actions button.nw-option');
  if (!button) return null;
  const t = performance.timeOrigin + performance.now();
  button.click();
  return t;
}"""

STATE = """() => {
  const r = document.querySelector('.nw-root[data-step]');
  if (!r) return null;
  const s = r.querySelector('input[data-key="slider"]');
  return {step: r.dataset.step, pos: s ? Number(s.value) : -1,
          live: Boolean(r.querySelector('.nw-player.nw-live'))};
}"""


def checkout_env(folder: Path) -> dict[str, str]:
    pkg = folder / "pkg"
    pkg.mkdir(exist_ok=True)
    link = pkg / "nations_widget"
    if not link.exists():
        link.symlink_to(HERE.parent / "nations_widget", target_is_directory=True)
    return dict(os.environ, PYTHONPATH=str(pkg), NATIONS_TABLES_DIR=str(folder / "store"))


def start(page: Any, url: str, n: int) -> list[str]:
    page.goto(f"{url}?game=dice", timeout=120_000)
    page.wait_for_selector(".nw-root[data-step]", timeout=120_000)
    page.click('summary[data-key="newgame-summary"]')
    page.select_option('select[data-key="form-players"]', str(n))
    page.select_option('select[data-key="form-seat-0"]', "human")
    for seat in range(1, n):
        page.select_option(f'select[data-key="form-seat-{seat}"]', "invite")
    page.click('button[data-key="start"]')
    page.wait_for_selector('[data-key="link-seat-1"]', timeout=60_000)
    return [page.locator(f'[data-key="link-seat-{s}"]').input_value() for s in range(1, n)]


def play(pages: list[Any], samples: list[float]) -> None:
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        states = [p.evaluate(STATE) for p in pages]
        if all(s["step"] == "game_over" for s in states):
            return
        movers = [i for i, s in enumerate(states) if s["live"]]
        if not movers or len({s["pos"] for s in states}) > 1:
            time.sleep(0.05)
            continue
        mover = movers[0]
        pos = states[mover]["pos"]
        others = [p for i, p in enumerate(pages) if i != mover]
        for p in others:
            p.evaluate(ARM, pos)
        clicked = pages[mover].evaluate(CLICK)
        if clicked is None:
            time.sleep(0.05)
            continue
        for p in others:
            p.wait_for_function("() => window.__nwDrawn !== null", timeout=60_000)
            samples.append(p.evaluate("() => window.__nwDrawn") - clicked)
    raise RuntimeError("the game did not end in 10 minutes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--screens", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--games", type=int, default=1, help="games per number of screens")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as tmp:
        server, url = voila_server("notebooks/play.ipynb", cwd=HERE.parent,
                                   env=checkout_env(Path(tmp)), name="voila-table-latency")
        with server, sync_playwright() as pw:
            browser = launch_chromium(pw)
            print(f"load average at the start: {os.getloadavg()[0]:.1f}")
            for n in args.screens:
                samples: list[float] = []
                for _ in range(args.games):
                    contexts = [browser_page(browser) for _ in range(n)]
                    pages = [c.__enter__() for c in contexts]
                    try:
                        links = start(pages[0], url, n)
                        for page, link in zip(pages[1:], links, strict=True):
                            page.goto(link, timeout=120_000)
                            page.wait_for_selector('[data-key="table-status"]',
                                                   timeout=120_000)
                        play(pages, samples)
                    finally:
                        for c in contexts:
                            c.__exit__(None, None, None)
                ordered = sorted(samples)
                p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
                print(f"{n} screens: {len(samples)} draws, median "
                      f"{statistics.median(samples):.0f} ms, p95 {p95:.0f} ms "
                      f"(load average {os.getloadavg()[0]:.1f})", flush=True)
            browser.close()


if __name__ == "__main__":
    main()
