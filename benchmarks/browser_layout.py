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
#: the real-move games (REAL_ROUNDS): the benchmark's real moves, hot seat and against a bot
REAL_FIXTURE = "real_moves"
REAL_GAMES = ("real_hot_seat", "real_against_bot")

# each panel of the page, hidden in its variant (its share of the update's layout)
PANELS = {
    "header": ".nw-header", "progress board": ".nw-progress", "decision": ".nw-actions",
    "player boards": ".nw-players", "scores": ".nw-scores", "history": ".nw-history",
    "log": ".nw-log",
}


def write_fixtures(folder: Path, real_moves: int = 0) -> None:
    """The two games the latency benchmark clicks, from this checkout's engine: each one's
    opening traits and the updates Python publishes on a step back (Undo) and forward
    (Redo against a bot, up to the latest position again); the same file as
    js/test/fixtures/undo_steps.json.  And, for ``real_moves`` moves, the real moves'
    updates (:func:`real_move_steps`)."""
    (folder / "catalogue.json").write_text(json.dumps(
        NationsWidget(players=2, seed=1, bot_delay=0).catalogue))
    (folder / f"{FIXTURE}.json").write_text(json.dumps(undo_steps()))
    if real_moves:
        (folder / f"{REAL_FIXTURE}.json").write_text(json.dumps({
            "real_hot_seat": real_move_steps(["human", "human"], real_moves),
            "real_against_bot": real_move_steps(["human", "random"], real_moves)}))


def real_move_steps(seats: list[str], moves: int) -> dict[str, Any]:
    """The browser benchmark's real moves (browser_latency.py PREPARE_MOVE: a colony or
    wonder bought through its preview, else Pass) in the game of ``seats``, seed 1, from the
    start, game after game (a finished game played again from its first position, as the
    benchmark does), until ``moves`` of the human's moves: the page's opening traits, then
    each message Python publishes, as the page gets it (``get_state``: the structured traits
    as JSON text), with what the page clicks first (``kind``: preview, buy, pass, bot,
    first, continue; ``tile`` for a preview)."""
    sys.path.insert(0, str(REPO / "js" / "scripts"))
    from make_replay_fixtures import benchmark_policy

    w = NationsWidget(players=2, seats=seats, seed=1, bot_delay=0)
    # the bots play when this script says, one published update per move, as a page sees
    # them in Voila (a runner: busy, each move, not busy)
    w.bot_runner.schedule = lambda hint=False: None  # type: ignore[method-assign]
    w._publish_log(reset=True)
    names = sorted(w.read_only_traits())
    sent = w.get_state(key=names)
    opening = dict(sent)
    steps: list[dict[str, Any]] = []

    def step(kind: str, **extra: Any) -> None:
        now = w.get_state(key=names)
        changed = {n: v for n, v in now.items() if sent.get(n) != v}
        sent.update(changed)
        steps.append({"kind": kind, "set": changed, **extra})

    ask = done = 0
    while done < moves:
        if w.game.is_over:
            w.goto(0)
            step("first")
            w.continue_here()
            step("continue")
        seat = w.game.current_player
        assert seat is not None          # a finished game went back to its start above
        if w.seats[seat] != "human":
            w.busy = True
            step("bot")
            while w.game.current_player is not None \
                    and w.seats[w.game.current_player] != "human":
                w.bot_move()
                step("bot")
            w.busy = False
            step("bot")
            continue
        move = benchmark_policy(w)
        if move["type"] == "buy":
            ask += 1
            w.preview_move(move, ask)
            step("preview", tile=move["tile"])
        w.handle_intent({"kind": "move", "seat": seat, "position": w.game.position,
                         "move": move})
        assert not w.error, w.error
        step(move["type"])
        done += 1
    return {"opening": opening, "steps": steps}


def serve(fixtures: Path, static: Path | None = None
          ) -> tuple[http.server.ThreadingHTTPServer, str]:
    """The repository over HTTP on 127.0.0.1, with js/test/fixtures/ answered from
    ``fixtures`` where it has the file, and nations_widget/static/ from ``static`` if given
    (another build of the bundle, to compare)."""

    class Handler(http.server.SimpleHTTPRequestHandler):
        def translate_path(self, path: str) -> str:
            name = path.split("?")[0].rsplit("/", 1)[-1]
            if path.startswith("/js/test/fixtures/") and (fixtures / name).exists():
                return str(fixtures / name)
            if static and path.startswith("/nations_widget/static/") \
                    and (static / name).exists():
                return str(static / name)
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

# Real moves, as the page makes them, one move per call, so that the browser's own counters
# (Chrome DevTools Protocol, Performance.getMetrics) can be read around the commit alone.
# REAL_SETUP loads the moves and the variants' stylesheets; REAL_PREPARE switches to a
# variant, closes an end-of-round summary, plays the bots' moves and a finished game's
# return to its first position, and makes the human's move ready (a purchase: the click on
# its tile, and Python's preview drawn); REAL_COMMIT, timed, clicks the commit (the preview's
# Confirm, or Pass) and plays Python's update: the widget's work (the click's own handling
# and the update's draw), then the forced layout.
REAL_SETUP = """async ([variants, fixture, game]) => {
  const get = (name) => fetch(`../test/fixtures/${name}.json`).then((r) => r.json());
  window.__real = { steps: (await get(fixture))[game].steps, at: 0,
    sheets: variants.map((css) => {
      const s = document.createElement('style');
      s.textContent = css.replace(/^!/, '');
      s.disabled = true;
      document.head.append(s);
      return s;
    }), variants };
}"""

REAL_PREPARE = """async ([variant]) => {
  const r = window.__real;
  const root = document.querySelector('.nw-root');
  r.sheets.forEach((s, j) => { s.disabled = j !== variant; });
  document.querySelector('link[rel=stylesheet]').disabled = r.variants[variant].startsWith('!');
  const settle = (ms) => new Promise((done) => setTimeout(done, ms));
  const emit = (set) => {
    for (const [name, value] of Object.entries(set)) window.emit(name, value);
  };
  const closeSummary = async () => {
    const close = root.querySelector('[data-key="round-summary-close"]');
    if (close) close.click();
    await settle(0);
  };
  await closeSummary();
  while (['bot', 'first', 'continue'].includes(r.steps[r.at].kind)) {
    emit(r.steps[r.at].set);
    r.at += 1;
    await settle(0);
    await closeSummary();
  }
  const step = r.steps[r.at];
  if (step.kind === 'preview') {
    root.querySelector(`button[data-key="board-${step.tile}"]`).click();
    emit(step.set);
    r.at += 1;
    await settle(0);
    if (!root.querySelector('[data-key="preview-confirm"]')) {
      const said = root.querySelector('.nw-actions').textContent.slice(0, 200);
      throw new Error(`no preview drawn at step ${r.at}: ${said}`);
    }
  }
  void root.offsetHeight;
  return r.steps[r.at].kind;
}"""

REAL_COMMIT = """async () => {
  const r = window.__real;
  const root = document.querySelector('.nw-root');
  const step = r.steps[r.at];
  const key = step.kind === 'buy' ? 'preview-confirm' : 'pass';
  const button = root.querySelector(`button[data-key="${key}"]`);
  if (!button) throw new Error(`no ${key} button at step ${r.at}`);
  const t0 = performance.now();
  button.click();
  for (const [name, value] of Object.entries(step.set)) window.emit(name, value);
  r.at += 1;
  await Promise.resolve();
  await Promise.resolve();
  const t1 = performance.now();
  void root.offsetHeight;
  const t2 = performance.now();
  if (root.dataset.position !== String(JSON.parse(step.set.view).position)) {
    throw new Error(`the board was not drawn at step ${r.at - 1}`);
  }
  return { kind: step.kind, draw: t1 - t0, layout: t2 - t1 };
}"""

#: the browser's counters read around each timed real move (their differences)
METRICS = ("LayoutCount", "RecalcStyleCount", "LayoutDuration", "RecalcStyleDuration",
           "ScriptDuration", "ThreadTime")


def real_rounds(page: Any, variants: list[str], reps: int, gap: int, game: str
                ) -> list[dict[str, list[Any]]]:
    """Each round, per variant: two untimed real moves, then a timed one (REAL_COMMIT),
    with the browser's counters (METRICS) read just before and after it."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")

    def metrics() -> dict[str, float]:
        got = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
        return {k: got[k] for k in METRICS}

    page.evaluate(REAL_SETUP, [variants, REAL_FIXTURE, game])
    out: list[dict[str, list[Any]]] = [
        {"draw": [], "layout": [], "kind": [], **{k: [] for k in METRICS}} for _ in variants]
    for _ in range(reps):
        for v, got in enumerate(out):
            for timed in (False, False, True):
                page.evaluate(REAL_PREPARE, [v])
                page.wait_for_timeout(gap if timed else 2)
                before = metrics() if timed else {}
                res = page.evaluate(REAL_COMMIT)
                if not timed:
                    continue
                after = metrics()
                got["draw"].append(res["draw"])
                got["layout"].append(res["layout"])
                got["kind"].append(res["kind"])
                for k in METRICS:
                    scale = 1 if k.endswith("Count") else 1000      # s → ms
                    got[k].append((after[k] - before[k]) * scale)
    return out


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
                        help="which games, comma-separated (default: hot_seat,against_bot; "
                             "also real_hot_seat,real_against_bot: real moves)")
    parser.add_argument("--shipped-only", action="store_true",
                        help="only the board as shipped (no variants, no plain pages)")
    parser.add_argument("--static", type=Path,
                        help="serve the bundle (dice.js, dice.css) from this folder instead of "
                             "nations_widget/static (another build, to compare)")
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
        real = [g for g in games if g in REAL_GAMES]
        write_fixtures(fixtures, real_moves=(args.reps * len(variants) * 3 + 10) if real else 0)
        server, url = serve(fixtures, args.static)
        browser = launch_chromium(p)
        try:
            results["board"] = {}
            for game in games:
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                fixture = REAL_FIXTURE if game in REAL_GAMES else FIXTURE
                page.goto(f"{url}?fx={fixture}:{game}")
                page.wait_for_selector("body[data-ready='1'] .nw-root")
                page.wait_for_timeout(1000)            # the opening roll of the dice is over
                if game in REAL_GAMES:
                    rounds = real_rounds(page, list(variants.values()), args.reps, args.gap,
                                         game)
                else:
                    rounds = page.evaluate(BOARD_ROUNDS, [list(variants.values()), args.reps,
                                                          args.gap, fixture, game])
                results["board"][game] = {
                    name: {"draw_ms": median(r["draw"]), "layout_ms": median(r["layout"]),
                           **({"by_kind": {
                               k: {"draw_ms": median([d for d, kk in zip(r["draw"], r["kind"],
                                                                          strict=True)
                                                      if kk == k]),
                                   "layout_ms": median([d for d, kk in zip(r["layout"],
                                                                            r["kind"],
                                                                            strict=True)
                                                        if kk == k]),
                                   "count": r["kind"].count(k)}
                               for k in sorted(set(r["kind"]))},
                               "browser": {k: median(r[k]) for k in METRICS}}
                              if "kind" in r else {})}
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
        what = {"hot_seat": "Undo/Redo", "against_bot": "Undo/Redo to the latest"}.get(
            game, "real moves (Confirm of a purchase's preview, or Pass)")
        print(f"{game}: {what} updates on the board ({args.reps} rounds each, {args.gap} ms "
              "of quiet before each; medians, ms)")
        print(f"  {'':32s} {'draw':>6s} {'layout':>7s} {'layout saved':>13s}")
        for name, r in board.items():
            saved = shipped["layout_ms"] - r["layout_ms"]
            print(f"  {name:32s} {r['draw_ms']:6.1f} {r['layout_ms']:7.1f} "
                  f"{'' if r is shipped else f'{saved:+13.1f}'}")
            if "browser" in r:
                print("    the browser's counters per timed move (medians): " + ", ".join(
                    f"{k} {v:.0f}" if k.endswith("Count") else f"{k} {v:.2f} ms"
                    for k, v in r["browser"].items()))
            for kind, k in r.get("by_kind", {}).items():
                print(f"    {kind + ' (' + str(k['count']) + ')':30s} {k['draw_ms']:6.1f} "
                      f"{k['layout_ms']:7.1f}")
    if "plain" in results:
        print("Plain pages: the forced layout after a change (medians, ms)")
        for name, ms in results["plain"].items():
            print(f"  {name:32s} {ms:6.1f}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
