"""The board game's widget beside the dice game's in a real browser, in one run: click →
board drawn and laid out (the method of ``browser_latency.py``, whose code this uses), and
the page's time to an interactive board.

    .venv/bin/python benchmarks/board_latency.py                  # both, default sizes
    .venv/bin/python benchmarks/board_latency.py --reps 30 --loads 5 --json out.json
    .venv/bin/python benchmarks/board_latency.py --loads 0        # clicks only

Needs Debian's /usr/bin/chromium and the dev extra (Voila, playwright), as
``browser_latency.py``.  Voila is started from the repository root (its ``voila.py``:
TCP_NODELAY on, one preheated kernel), the kernel importing this checkout's package.

**Clicks.** One temporary notebook shows, in one page: the bare anywidget echo, the dice
game's two boards exactly as ``browser_latency.py`` has them (a NationsWidget of 2 humans
30 moves in, and a human against the random bot), and two BoardWidgets of 4 players, seed
1: *hot seat* (4 humans, 30 moves in, every move chosen by the board game's preferred
bot) and *against bots* (Player 1 human, three heuristic bots, at the human's first
decision from 30 moves in).  Each round clicks the echo once and then each board once, in
turn (so all five are measured in the same conditions, moments apart): the hot seats Undo
then Redo (one move each, the turn passes), the games against bots Undo (back over the
bots' moves to the human's previous decision) then » (the latest position, a jump of
several moves).  Each click is timed in the page from the button's click until the board
is drawn again at the expected position and laid out (``BOARD_ONCE``), after the websocket
has been quiet for ``--gap`` ms.  The target (issue 15): the board game's median ≤ 1.5×
the dice board's, hot seat against hot seat and against bots against against a bot.

**Time to interactive.** Two more temporary notebooks, each showing one widget as the app
would (4 humans at one screen, seed 1: the first decision is Player 1's, so no bot has to
move first): NationsWidget and BoardWidget.  Each is served by its own Voila (the same
``voila.py``: a preheated kernel has already run the notebook when the page asks).  The
pages are loaded alternately, dice then board, ``--loads`` times each in a fresh browser
context (no cache), with ``--reheat`` seconds of quiet after each load so that Voila has
warmed the next kernel.  Timed in the page from the navigation's start
(``performance.timeOrigin``) until the first legal-move button is there and enabled (dice:
Pass; board: a growth choice), laid out; also when the page's HTML had arrived.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))

from browser_latency import (  # noqa: E402
    NOTEBOOK_CELLS,
    Frames,
    checkout_package,
    interleaved_rounds,
    latency_page,
    print_rounds,
)
from browser_support import (  # noqa: E402  (browser_latency put tests/browser on the path)
    PageWatch,
    browser_page,
    chromium_missing_reason,
    launch_chromium,
    voila_server,
)

#: the target of issue 15: the board game's click → drawn median within this many times
#: the dice board's, measured in the same run
BOARD_RATIO = 1.5
PLAYERS = 4

BOARD_CELLS = [
    f'''from nations_widget.widget import BoardWidget

board_hot_seat = BoardWidget(players={PLAYERS}, seats=["human"] * {PLAYERS}, seed=1, bot_delay=0)
for _ in range(30):
    board_hot_seat.bot_move()
board_hot_seat''',
    f'''# against bots: from 30 moves in, on to the human's next decision
board_bots = BoardWidget(players={PLAYERS}, seats=["human"] + ["heuristic"] * {PLAYERS - 1},
                         seed=1, bot_delay=0)
while not board_bots.game.is_over and (board_bots.game.position < 30
                                       or board_bots.game.current_player != 0):
    board_bots.bot_move()
board_bots''',
]

#: the page's boards, in the notebook's order (the echo has no .nw-root)
BOARDS = ["dice, hot seat", "dice, against a bot", "board, hot seat", "board, against bots"]

#: time to interactive: the notebook of each game, and its first legal-move button
TTI_CELLS = {
    "dice": f'''from nations_widget.widget import NationsWidget
NationsWidget(players={PLAYERS}, seats=["human"] * {PLAYERS}, seed=1, bot_delay=0)''',
    "board": f'''from nations_widget.widget import BoardWidget
BoardWidget(players={PLAYERS}, seats=["human"] * {PLAYERS}, seed=1, bot_delay=0)''',
}
TTI_BUTTON = {
    "dice": '.nw-root button[data-key="pass"]:not([disabled]):not([aria-disabled="true"])',
    "board": ".nw-root button.nwb-act:not([disabled]):not([aria-disabled=\"true\"])",
}

# Before any page script: note when the first enabled legal-move button is in the page
# (a MutationObserver on the whole document; the time after forcing the layout).
TTI_WATCH = """(selector) => {
  window.__nwTti = null;
  const check = () => {
    if (window.__nwTti !== null || !document.querySelector(selector)) return;
    void document.body.offsetHeight;
    window.__nwTti = performance.now();
    obs.disconnect();
  };
  const obs = new MutationObserver(check);
  obs.observe(document, { childList: true, subtree: true, attributes: true });
}"""


def write_notebook(path: Path, cells: list[str]) -> Path:
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in cells]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nbformat.write(nb, path)
    return path


def kernel_env(folder: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["NATIONS_TCP_NODELAY"] = "1"
    env["PYTHONPATH"] = str(checkout_package(folder))
    return env


def clicks(args: argparse.Namespace, folder: Path, browser: Any) -> dict[str, Any]:
    notebook = write_notebook(folder / "board_latency.ipynb", NOTEBOOK_CELLS + BOARD_CELLS)
    server, url = voila_server(notebook, cwd=REPO, env=kernel_env(folder),
                               name="voila-board-latency")
    result: dict[str, Any] = {}
    with server:
        watch = PageWatch()
        frames = Frames()
        with latency_page(browser, url, watch, frames, boards=len(BOARDS),
                          timeout_ms=180_000) as page:
            at = page.evaluate(
                "() => [...document.querySelectorAll('.nw-root[data-step]')].map((r) =>"
                " Number(r.querySelector('input[data-key=\"slider\"]').value))")
            assert at[0] == 30 and at[2] == 30, f"the hot seats should be 30 moves in: {at}"
            series = [
                (0, [("undo", at[0] - 1), ("redo", at[0])]),
                (1, [("undo", None), ("last", at[1])]),
                (2, [("undo", at[2] - 1), ("redo", at[2])]),
                (3, [("undo", None), ("last", at[3])]),
            ]
            got = interleaved_rounds(page, frames, series, args.gap, args.warmup, args.reps)
            result["boards"] = dict(zip(BOARDS, got, strict=True))
            result["positions"] = at
            result["console_errors"] = watch.errors()
    return result


def time_to_interactive(args: argparse.Namespace, folder: Path,
                        browser: Any) -> dict[str, Any]:
    servers = {}
    for game, cell in TTI_CELLS.items():
        sub = folder / f"tti-{game}"
        sub.mkdir()
        notebook = write_notebook(sub / f"{game}.ipynb", [cell])
        servers[game] = voila_server(notebook, cwd=REPO, env=kernel_env(folder),
                                     name=f"voila-tti-{game}")
    loads: dict[str, list[dict[str, float]]] = {game: [] for game in TTI_CELLS}
    errors: list[str] = []
    for server, _ in servers.values():
        server.start()
    try:
        time.sleep(args.reheat)                  # both preheated kernels ready
        for i in range(args.loads + 1):          # the first of each: a warm-up, not counted
            for game, (_, url) in servers.items():
                watch = PageWatch()
                with browser_page(browser, watch) as page:
                    page.add_init_script(f"({TTI_WATCH})({json.dumps(TTI_BUTTON[game])})")
                    page.goto(url)
                    page.wait_for_function("() => window.__nwTti !== null", timeout=180_000)
                    timing = page.evaluate(
                        "() => { const n = performance.getEntriesByType('navigation')[0];"
                        " return { tti_ms: window.__nwTti, html_ms: n.responseEnd,"
                        " dom_ms: n.domContentLoadedEventEnd }; }")
                if i:
                    loads[game].append(timing)
                errors += watch.errors()
                time.sleep(args.reheat)          # Voila warms the next kernel
    finally:
        for server, _ in servers.values():
            server.stop()
    out: dict[str, Any] = {"console_errors": errors}
    for game, rows in loads.items():
        tti = [r["tti_ms"] for r in rows]
        out[game] = {
            "loads": len(rows),
            "tti_ms": tti,
            "tti_ms_median": statistics.median(tti) if tti else float("nan"),
            "tti_ms_min": min(tti, default=float("nan")),
            "tti_ms_max": max(tti, default=float("nan")),
            "html_ms_median": statistics.median([r["html_ms"] for r in rows]) if rows
            else float("nan"),
        }
    return out


def print_clicks(r: dict[str, Any], gap: int) -> None:
    for name, g in r["boards"].items():
        print(f"\n{name} ({g['reps']} rounds, {gap} ms of quiet before each click)")
        print_rounds(g, "undo/redo" if "hot seat" in name else "undo/latest")
    print(f"\nclick → board drawn and laid out, medians (p10-p90), {PLAYERS}-player board game "
          f"against the dice board, same run:")
    for seating, dice, board in (("hot seat", "dice, hot seat", "board, hot seat"),
                                 ("against bots", "dice, against a bot",
                                  "board, against bots")):
        d, b = r["boards"][dice], r["boards"][board]
        ratio = b["board_ms_median"] / d["board_ms_median"]
        ok = "met" if ratio <= BOARD_RATIO else "MISSED"
        print(f"  {seating:13} dice {d['board_ms_median']:6.1f} ms "
              f"({d['board_ms_p10']:.1f}-{d['board_ms_p90']:.1f})   board "
              f"{b['board_ms_median']:6.1f} ms ({b['board_ms_p10']:.1f}-{b['board_ms_p90']:.1f})"
              f"   board/dice {ratio:.2f}× (target ≤ {BOARD_RATIO}×: {ok}); the widget's draw "
              f"{d['board_render_ms_median']:.1f} / {b['board_render_ms_median']:.1f} ms; "
              f"bytes per click {d['board_bytes_received_median']:.0f} / "
              f"{b['board_bytes_received_median']:.0f}")
    if r["console_errors"]:
        print(f"  console errors: {r['console_errors']}")


def print_tti(t: dict[str, Any]) -> None:
    print(f"\ntime to interactive in Voila (navigation → first legal-move button enabled, "
          f"laid out), {PLAYERS} players, preheated kernel:")
    for game in TTI_CELLS:
        g = t[game]
        print(f"  {game:6} median {g['tti_ms_median']:7.0f} ms (min {g['tti_ms_min']:.0f}, "
              f"max {g['tti_ms_max']:.0f}, {g['loads']} loads); the page's HTML "
              f"{g['html_ms_median']:.0f} ms")
    print(f"  board/dice {t['board']['tti_ms_median'] / t['dice']['tti_ms_median']:.2f}×")
    if t["console_errors"]:
        print(f"  console errors: {t['console_errors']}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=30, help="timed rounds (default 30)")
    parser.add_argument("--warmup", type=int, default=4, help="untimed rounds first")
    parser.add_argument("--gap", type=int, default=150,
                        help="ms of websocket quiet before each click (default 150)")
    parser.add_argument("--loads", type=int, default=5,
                        help="page loads of each game for the time to interactive (0: none)")
    parser.add_argument("--reheat", type=float, default=12.0,
                        help="s of quiet after each load (Voila warms the next kernel)")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args()
    reason = chromium_missing_reason()
    if reason:
        print(reason, file=sys.stderr)
        return 2

    from playwright.sync_api import sync_playwright

    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load = os.getloadavg()
    result: dict[str, Any] = {"started": started, "load_average_at_start": load}
    with tempfile.TemporaryDirectory(prefix="nations-board-latency-") as tmp, \
            sync_playwright() as p:
        browser = launch_chromium(p)
        try:
            if args.reps:
                result["clicks"] = clicks(args, Path(tmp), browser)
            if args.loads:
                result["tti"] = time_to_interactive(args, Path(tmp), browser)
        finally:
            browser.close()
    result["load_average_at_end"] = os.getloadavg()
    print(f"{started}; load average {load[0]:.1f} at the start, "
          f"{result['load_average_at_end'][0]:.1f} at the end")
    if "clicks" in result:
        print_clicks(result["clicks"], args.gap)
    if "tti" in result:
        print_tti(result["tti"])
    if args.json:
        args.json.write_text(json.dumps({"args": vars(args) | {"json": str(args.json)},
                                         **result}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
