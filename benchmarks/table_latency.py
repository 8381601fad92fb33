"""A move at one screen of a table, drawn at the others: the latency, for 2 to 5 screens.

    .venv/bin/python benchmarks/table_latency.py                 # 2, 3, 4 and 5 screens
    .venv/bin/python benchmarks/table_latency.py --screens 2 3 --games 2
    .venv/bin/python benchmarks/table_latency.py --store postgres --servers 2 --screens 2 3


Needs Debian's /usr/bin/chromium and the dev extra (Voila, playwright), as
benchmarks/browser_latency.py.  One Voila server on notebooks/play.ipynb (started from the
repository root, so its voila.py applies; the kernels import this checkout's
``nations_widget``), its tables' store (SQLite) in a temporary folder
(``NATIONS_TABLES_DIR``), one Chromium, one browser context (a player) per screen.
``--store postgres`` keeps the tables in a throwaway PostgreSQL (fsync on, a Unix socket of
this machine); ``--servers 2`` starts two Voila servers on that one database, and the
screens take them in turn (the host's on the first, the next screen's on the second...), so
with 2 screens every figure crosses from one server to the other.

For each number of screens N: the first screen starts a dice game (the board game's short
game for 5 screens: the dice game seats 1-4) with N seats, the first its own and the others
"a player I invite", from the New game dialog; each other screen opens its seat's link from
the table bar. Then the game is played to its end by whichever screen is to decide, with the
first option the board offers (Pass, or the step's first answer; in the board game each is
previewed first and timed from its Confirm). Each move is timed from the mover's click to
its drawing at every other screen (tests/browser/table_timing.py says how): it covers the
mover's message to its kernel, the engine's check, the store's commit, the other kernel's
watcher noticing it (SQLite: polled every 20-250 ms; PostgreSQL: told by ``NOTIFY``), that
kernel's payloads and the page's draw.

Prints, per N, the median and the 95th percentile over every (move, other screen) pair,
and the load average.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "browser"))

from browser_support import browser_page, launch_chromium, voila_server  # noqa: E402
from table_timing import play_timed  # noqa: E402


def checkout_env(folder: Path, database: str | None) -> dict[str, str]:
    pkg = folder / "pkg"
    pkg.mkdir(exist_ok=True)
    link = pkg / "nations_widget"
    if not link.exists():
        link.symlink_to(HERE.parent / "nations_widget", target_is_directory=True)
    # no cap on kernels: the pages of the last game may still hold theirs while the next
    # game's open (voila.py's default cap is 12)
    env = dict(os.environ, PYTHONPATH=str(pkg), NATIONS_TABLES_DIR=str(folder / "store"),
               NATIONS_MAX_KERNELS="0")
    if database is not None:
        env["NATIONS_TABLES_URL"] = database
    return env


def on_server(link: str, base: str) -> str:
    """The same link (its path, query and #fragment) on the server at ``base``."""
    parts = urlsplit(link)
    return base.rstrip("/") + link[len(f"{parts.scheme}://{parts.netloc}"):]


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


def measure(browser: Any, urls: list[str], screens: list[int], games: int) -> None:
    """Play ``games`` games per number of screens, screen i on server ``urls[i % len]``;
    print the figures."""
    for n in screens:
        game = "dice" if n <= 4 else "board"      # the dice game seats 1-4
        samples: list[float] = []
        for _ in range(games):
            contexts = [browser_page(browser) for _ in range(n)]
            pages = [c.__enter__() for c in contexts]
            try:
                links = start(pages[0], urls[0], n, game)
                for i, (page, link) in enumerate(zip(pages[1:], links, strict=True), 1):
                    page.goto(on_server(link, urls[i % len(urls)]), timeout=120_000)
                    page.wait_for_selector('[data-key="table-status"]', timeout=120_000)
                play_timed(pages, samples)
            finally:
                for c in contexts:
                    c.__exit__(None, None, None)
        ordered = sorted(samples)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        print(f"{n} screens ({game}): {len(samples)} draws, median "
              f"{statistics.median(samples):.0f} ms, p95 {p95:.0f} ms "
              f"(load average {os.getloadavg()[0]:.1f})", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--screens", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--games", type=int, default=2, help="games per number of screens")
    parser.add_argument("--store", choices=["sqlite", "postgres"], default="sqlite",
                        help="the tables' store: SQLite in a temporary folder, or a "
                             "throwaway PostgreSQL (fsync on)")
    parser.add_argument("--servers", type=int, default=1,
                        help="app servers on one store (2 or more: PostgreSQL); the "
                             "screens take them in turn")
    args = parser.parse_args()
    if args.servers > 1 and args.store != "postgres":
        parser.error("several servers share one store: use --store postgres")
    from playwright.sync_api import sync_playwright
    with contextlib.ExitStack() as stack:
        database: str | None = None
        if args.store == "postgres":
            from nations_widget.tables.throwaway import throwaway_postgres
            database = stack.enter_context(throwaway_postgres(fsync=True))
        urls = []
        for k in range(args.servers):
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
            server, url = voila_server("notebooks/play.ipynb", cwd=HERE.parent,
                                       env=checkout_env(folder, database),
                                       name=f"voila-table-latency-{k}")
            stack.enter_context(server)
            urls.append(url)
        pw = stack.enter_context(sync_playwright())
        browser = launch_chromium(pw)
        print(f"{args.servers} server(s), {args.store}; load average at the start: "
              f"{os.getloadavg()[0]:.1f}")
        measure(browser, urls, args.screens, args.games)
        browser.close()


if __name__ == "__main__":
    main()
