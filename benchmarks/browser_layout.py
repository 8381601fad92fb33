"""Where the board's redraw goes in the browser: the widget's draw, and the page's layout.

    .venv/bin/python benchmarks/browser_layout.py              # 40 rounds of each
    .venv/bin/python benchmarks/browser_layout.py --reps 80 --gap 150
    .venv/bin/python benchmarks/browser_layout.py --shipped-only --games against_bot

``benchmarks/browser_latency.py`` times a click in Voila from end to end; this script takes
the browser's share apart, without Jupyter.  It serves the repository on 127.0.0.1 and
opens ``js/scripts/harness.html`` (the shipped bundle with a fake model) in Debian's
headless Chromium, on the two games the latency benchmark clicks (``--games``): the *hot
seat* (2 humans, seed 1, 30 moves in; Undo and Redo) and *against a bot* (a human and the
random bot, at the human's decision 30 moves in; Undo back over the bot's moves and »
latest).  The page is given what Python publishes on each step (captured from this
checkout's engine into a temporary folder, as js/test/fixtures/undo_steps.json is), after
clicking the step's button as a player does, and each update is timed in the page: the
widget's draw (until its DOM is up to date), then the layout the browser does before
painting (forced: style and layout).  The end-of-round summary a step back can show is
closed after its first showing, as a player does.

Measured in one page, one round of each per repetition, ``--gap`` ms of quiet before each
timed update:

- the board as shipped;
- the same updates with no stylesheet at all (the same DOM changes, unstyled);
- the board with one panel hidden (``display: none``), for each panel: that panel's share.

And, for scale, two plain pages on the same browser: a blank page where one text changes
(the fixed cost of a layout here), and 800 plain ``div``s where 1, 10 or 30 texts change
(the cost of each changed place).  Figures are medians, in ms; ``performance.now()`` has a
0.1 ms grain in a page that is not cross-origin isolated.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(REPO))

from browser_support import chromium_missing_reason, launch_chromium  # noqa: E402

from nations_widget.widget import NationsWidget  # noqa: E402

sys.path.insert(0, str(REPO / "js" / "scripts"))
from make_fixtures import undo_steps  # noqa: E402

FIXTURE = "undo_steps"
GAMES = ("hot_seat", "against_bot")

# each panel of the page, hidden in its variant (its share of the update's layout)
PANELS = {
    "header": ".nw-header", "progress board": ".nw-progress", "decision": ".nw-actions",
    "player boards": ".nw-players", "scores": ".nw-scores", "history": ".nw-history",
    "log": ".nw-log",
}


def write_fixtures(folder: Path) -> None:
    """The two games the latency benchmark clicks, from this checkout's engine: each one's
    opening traits and the updates Python publishes on a step back (Undo) and forward
    (Redo, or » latest against a bot); the same file as js/test/fixtures/undo_steps.json."""
    (folder / "catalogue.json").write_text(json.dumps(
        NationsWidget(players=2, seed=1, bot_delay=0).catalogue))
    (folder / f"{FIXTURE}.json").write_text(json.dumps(undo_steps()))


def serve(fixtures: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """The repository over HTTP on 127.0.0.1, with js/test/fixtures/ answered from
    ``fixtures`` where it has the file."""

    class Handler(http.server.SimpleHTTPRequestHandler):
        def translate_path(self, path: str) -> str:
            name = path.split("?")[0].rsplit("/", 1)[-1]
            if path.startswith("/js/test/fixtures/") and (fixtures / name).exists():
                return str(fixtures / name)
            return super().translate_path(path)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=str(REPO)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/js/scripts/harness.html"


# Interleaved variants: each round enables one variant's extra stylesheet (a variant whose
# text starts with "!" also switches the widget's own stylesheet off), lets the page settle
# on it with two untimed updates, waits `gap` ms, then times one update: the draw (the
# widget draws in a microtask of the trait change) and the forced layout after it.  An
# update is what the page gets in Voila: the button is clicked (Undo, then Redo or » latest:
# the board notes the click, and sends its intent to the fake model), then the traits that
# changed arrive together.
BOARD_ROUNDS = """async ([variants, reps, gap, fixture, game]) => {
  const get = (name) => fetch(`../test/fixtures/${name}.json`).then((r) => r.json());
  const steps = (await get(fixture))[game];
  const forwardKey = game === 'hot_seat' ? 'redo' : 'last';
  const root = document.querySelector('.nw-root');
  const widgetCss = document.querySelector('link[rel=stylesheet]');
  const sheets = variants.map((css) => {
    const s = document.createElement('style');
    s.textContent = css.replace(/^!/, '');
    s.disabled = true;
    document.head.append(s);
    return s;
  });
  let seq = window.model.get('log_patch').seq;
  let back = true;
  const update = () => {
    const u = back ? steps.back : steps.forward;
    root.querySelector(`button[data-key="${back ? 'undo' : forwardKey}"]`).click();
    back = !back;
    const patch = { ...u.log_patch, prev: seq, seq: seq + 1 };
    seq += 1;
    // the traits Python sends: those that changed (worked out before the clock starts)
    const changed = Object.entries(u).filter(([name, value]) => name === 'log_patch'
      || JSON.stringify(window.model.get(name)) !== JSON.stringify(value));
    const t0 = performance.now();
    for (const [name, value] of changed) window.emit(name, name === 'log_patch' ? patch : value);
    return t0;
  };
  const settle = (ms) => new Promise((r) => setTimeout(r, ms));
  // the end-of-round summary a step back can show: closed once, as the player did when it
  // first showed (it then stays closed for that round)
  const closeSummary = () => {
    const close = root.querySelector('[data-key="round-summary-close"]');
    if (close) close.click();
  };
  const out = variants.map(() => ({ draw: [], layout: [] }));
  for (let i = 0; i < reps; i += 1) {
    for (let v = 0; v < variants.length; v += 1) {
      sheets.forEach((s, j) => { s.disabled = j !== v; });
      widgetCss.disabled = variants[v].startsWith('!');
      for (let w = 0; w < 2; w += 1) {
        update();
        await Promise.resolve();
        void root.offsetHeight;
        closeSummary();
        await settle(5);
      }
      await settle(gap);
      const t0 = update();
      await Promise.resolve();
      await Promise.resolve();
      const t1 = performance.now();
      void root.offsetHeight;
      const t2 = performance.now();
      out[v].draw.push(t1 - t0);
      out[v].layout.push(t2 - t1);
      closeSummary();
    }
  }
  return out;
}"""

# A plain page: `count` leaves (each in a stack of `depth` divs); `changes` of their texts
# change, then the forced layout is timed.
PLAIN_ROUNDS = """async ([reps, gap, count, depth, changes]) => {
  document.body.replaceChildren();
  const leaves = [];
  for (let i = 0; i < count / 20; i += 1) {
    let parent = document.body;
    for (let d = 0; d < depth; d += 1) {
      const div = document.createElement('div');
      parent.append(div);
      parent = div;
    }
    for (let j = 0; j < 20; j += 1) {
      const leaf = document.createElement('div');
      leaf.textContent = `item ${j}`;
      parent.append(leaf);
      leaves.push(leaf);
    }
  }
  void document.body.offsetHeight;
  const times = [];
  for (let i = 0; i < reps; i += 1) {
    await new Promise((r) => setTimeout(r, gap));
    for (let j = 0; j < changes; j += 1) {
      const text = leaves[(j * 97) % leaves.length].firstChild;
      text.data = text.data.length > 8 ? 'item' : 'item 77777';
    }
    const t1 = performance.now();
    void document.body.offsetHeight;
    times.push(performance.now() - t1);
  }
  return times;
}"""


def median(xs: list[float]) -> float:
    s = sorted(xs)
    return s[len(s) // 2]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=40, help="timed rounds of each variant")
    parser.add_argument("--gap", type=int, default=50,
                        help="ms of quiet before each timed update (default 50)")
    parser.add_argument("--games", default=",".join(GAMES),
                        help="which games, comma-separated (default: hot_seat,against_bot)")
    parser.add_argument("--shipped-only", action="store_true",
                        help="only the board as shipped (no variants, no plain pages)")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g]
    reason = chromium_missing_reason()
    if reason:
        print(reason, file=sys.stderr)
        return 2

    from playwright.sync_api import sync_playwright

    variants = {"the board as shipped": "", "no stylesheet at all": "!"}
    variants |= {f"without the {name}": f"{css} {{ display: none !important; }}"
                 for name, css in PANELS.items()}
    if args.shipped_only:
        variants = {"the board as shipped": ""}
    results: dict[str, Any] = {"args": {"reps": args.reps, "gap": args.gap}}
    with tempfile.TemporaryDirectory(prefix="nations-layout-") as tmp, sync_playwright() as p:
        fixtures = Path(tmp)
        write_fixtures(fixtures)
        server, url = serve(fixtures)
        browser = launch_chromium(p)
        try:
            results["board"] = {}
            for game in games:
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.goto(f"{url}?fx={FIXTURE}:{game}")
                page.wait_for_selector("body[data-ready='1'] .nw-root")
                page.wait_for_timeout(1000)            # the opening roll of the dice is over
                rounds = page.evaluate(BOARD_ROUNDS, [list(variants.values()), args.reps,
                                                      args.gap, FIXTURE, game])
                results["board"][game] = {
                    name: {"draw_ms": median(r["draw"]), "layout_ms": median(r["layout"])}
                    for name, r in zip(variants, rounds, strict=True)}
                page.close()
            if args.shipped_only:
                return report(results, args)
            plain = browser.new_page()
            plain.set_content("<!doctype html><html><body></body></html>")
            results["plain"] = {
                "blank page, 1 text changed": median(
                    plain.evaluate(PLAIN_ROUNDS, [args.reps, args.gap, 20, 0, 1])),
                **{f"800 divs, {n} text{'s' if n > 1 else ''} changed": median(
                    plain.evaluate(PLAIN_ROUNDS, [args.reps, args.gap, 800, 4, n]))
                   for n in (1, 10, 30)},
            }
        finally:
            browser.close()
            server.shutdown()

    return report(results, args)


def report(results: dict[str, Any], args: argparse.Namespace) -> int:
    for game, board in results["board"].items():
        shipped = board["the board as shipped"]
        what = "Undo/Redo" if game == "hot_seat" else "Undo/» latest"
        print(f"{game}: {what} updates on the board ({args.reps} rounds each, {args.gap} ms "
              "of quiet before each; medians, ms)")
        print(f"  {'':32s} {'draw':>6s} {'layout':>7s} {'layout saved':>13s}")
        for name, r in board.items():
            saved = shipped["layout_ms"] - r["layout_ms"]
            print(f"  {name:32s} {r['draw_ms']:6.1f} {r['layout_ms']:7.1f} "
                  f"{'' if r is shipped else f'{saved:+13.1f}'}")
    if "plain" in results:
        print("Plain pages: the forced layout after a change (medians, ms)")
        for name, ms in results["plain"].items():
            print(f"  {name:32s} {ms:6.1f}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
