"""A move at one screen of a table, drawn at the others: the latency, for 2 to 5 screens.

    .venv/bin/python benchmarks/table_latency.py                 # 2, 3, 4 and 5 screens
    .venv/bin/python benchmarks/table_latency.py --screens 2 3 --games 2

Needs Debian's /usr/bin/chromium and the dev extra (Voila, playwright), as
benchmarks/browser_latency.py.  One Voila server on notebooks/play.ipynb (started from the
repository root, so its voila.py applies; the kernels import this checkout's
``nations_widget``), its tables' store (SQLite) in a temporary folder
(``NATIONS_TABLES_DIR``), one Chromium, one browser context (a player) per screen.

For each number of screens N: the first screen starts a dice game (the board game's short
game for 5 screens: the dice game seats 1-4) with N seats, the first its own and the others
"a player I invite", from the New game dialog; each other screen opens its seat's link from
the table bar. Then the game is played to its end by whichever screen is to decide, with the
first option the board offers (Pass, or the step's first answer; in the board game each is
previewed first and timed from its Confirm). For each move, every other screen has armed a
MutationObserver on its widget, which notes the time it shows the new position (the move
drawn there); the mover's page notes the time of its click. Every page's clock is the same
machine's (``performance.timeOrigin + performance.now()``). A move's latency at a screen is
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

# The position a screen shows (the dice board's history slider, the board game's root).
POS = """const nwPos = () => {
  const b = document.querySelector('.nwb-root[data-step]');
  if (b) return Number(b.dataset.position);
  const s = document.querySelector('.nw-root input[data-key="slider"]');
  return s ? Number(s.value) : -1;
};"""

ARM = "(prev) => { " + POS + """
  window.__nwDrawn = null;
  const root = document.querySelector('.nw-table-host').parentElement;
  const seen = () => {
    if (nwPos() !== prev && window.__nwDrawn === null) {
      window.__nwDrawn = performance.timeOrigin + performance.now();
      obs.disconnect();
    }
  };
  const obs = new MutationObserver(seen);
  obs.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
}"""

# The mover's click: {t, move} (``move``: the click makes the move; a board game's choice is
# previewed first, and its Confirm makes it), or null when there is nothing to click yet.
CLICK = """() => {
  const now = () => performance.timeOrigin + performance.now();
  const confirm = document.querySelector('[data-key="preview-confirm"]');
  if (confirm && confirm.offsetParent !== null) {
    const t = now();
    confirm.click();
    return {t, move: true};
  }
  const board = document.querySelector('.nwb-root[data-step]');
  if (board) {
    const b = board.querySelector('.nwb-prompt.nwb-live button.nwb-pass-btn')
      || board.querySelector('.nwb-prompt.nwb-live button.nwb-option');
    if (!b) return null;
    b.click();
    return {t: now(), move: false};
  }
  const root = document.querySelector('.nw-root[data-step]');
  const button = root.querySelector('button[data-key="pass"]')
    || root.querySelector('.nw-actions button.nw-option');
  if (!button) return null;
  const t = now();
  button.click();
  return {t, move: true};
}"""

STATE = "() => { " + POS + """
  const r = document.querySelector('.nwb-root[data-step]')
    || document.querySelector('.nw-root[data-step]');
  if (!r) return null;
  const live = r.classList.contains('nwb-root')
    ? Boolean(r.querySelector('.nwb-prompt.nwb-live'))
    : Boolean(r.querySelector('.nw-player.nw-live'));
  return {step: r.dataset.step, pos: nwPos(), live};
}"""


def checkout_env(folder: Path) -> dict[str, str]:
    pkg = folder / "pkg"
    pkg.mkdir(exist_ok=True)
    link = pkg / "nations_widget"
    if not link.exists():
        link.symlink_to(HERE.parent / "nations_widget", target_is_directory=True)
    # no cap on kernels: the pages of the last game may still hold theirs while the next
    # game's open (voila.py's default cap is 12)
    return dict(os.environ, PYTHONPATH=str(pkg), NATIONS_TABLES_DIR=str(folder / "store"),
                NATIONS_MAX_KERNELS="0")


def start(page: Any, url: str, n: int, game: str) -> list[str]:
    page.goto(f"{url}?game={game}", timeout=120_000)
    page.wait_for_selector(".nw-table-host + div [data-step]", timeout=120_000)
    if game == "dice":
        page.click('summary[data-key="newgame-summary"]')
    else:
        page.select_option('select[data-key="ng-ages"]', "1")     # the short game
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
        if clicked is None or not clicked["move"]:
            time.sleep(0.1)              # nothing yet, or a preview on its way
            continue
        for p in others:
            p.wait_for_function("() => window.__nwDrawn !== null", timeout=60_000)
            samples.append(p.evaluate("() => window.__nwDrawn") - clicked["t"])
    raise RuntimeError("the game did not end in 10 minutes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--screens", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--games", type=int, default=2, help="games per number of screens")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as tmp:
        server, url = voila_server("notebooks/play.ipynb", cwd=HERE.parent,
                                   env=checkout_env(Path(tmp)), name="voila-table-latency")
        with server, sync_playwright() as pw:
            browser = launch_chromium(pw)
            print(f"load average at the start: {os.getloadavg()[0]:.1f}")
            for n in args.screens:
                game = "dice" if n <= 4 else "board"      # the dice game seats 1-4
                samples: list[float] = []
                for _ in range(args.games):
                    contexts = [browser_page(browser) for _ in range(n)]
                    pages = [c.__enter__() for c in contexts]
                    try:
                        links = start(pages[0], url, n, game)
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
                print(f"{n} screens ({game}): {len(samples)} draws, median "
                      f"{statistics.median(samples):.0f} ms, p95 {p95:.0f} ms "
                      f"(load average {os.getloadavg()[0]:.1f})", flush=True)
            browser.close()


if __name__ == "__main__":
    main()
