"""Click-to-board latency of the widget in a real browser, against a bare anywidget echo.

    .venv/bin/python benchmarks/browser_latency.py               # both TCP_NODELAY settings
    .venv/bin/python benchmarks/browser_latency.py --reps 20 --nodelay off

Needs Debian's /usr/bin/chromium (scripts/setup.sh installs it while tests/browser exists)
and the dev extra (Voila, playwright).  A temporary notebook holds two widgets in one page,
served by Voila started from the repository root (so the root's voila.py applies, as
scripts/play.sh does):

- an *echo*: a bare AnyWidget with two Int traits whose view shows ``pong``; the page sets
  ``ping``, Python observes it and sets ``pong`` back; timed in the page from
  ``save_changes()`` until ``pong``'s change arrives (the floor: one trait message each
  way), and until the echo's view shows it, laid out (the board's end point).
- the *board*: a NationsWidget (2 humans, seed 1) 30 moves into a game; the page clicks
  Undo, then Redo, alternately (each makes Python move in its history and publish the
  board again); timed in the page from the button's click to the redrawn board (a
  MutationObserver on the widget's element sees the new ``.nw-root`` with the expected
  position; the time is taken after forcing its layout, which the browser does before
  painting anyway).  Split in two: click → the update message reaches the page (a
  listener on the page's WebSocket, installed before Jupyter's), and arrival → drawn.
  The hot seat is the heaviest case for one move: at each click the turn passes, so both
  players' boards change (whose controls are live).
- a board *against a bot* (a human and the random bot, seed 1), at the human's first
  decision from 30 moves in; the page clicks Undo (back over the bot's moves to the
  human's previous decision, a jump of two moves) and then Redo up to the latest position
  again, one move a click, timed the same way.  (» latest after an Undo only looks at the
  moves undone, under the history's banner, the game staying where the Undo left it: not
  the way a player goes back into the game.)  That previous decision is the first of a
  round, where the board shows the end-of-round summary of the round before: the page
  closes it after the click (untimed), as the player did when it first showed; it then
  stays closed, so the timed clicks redraw the board, not the summary each time.

- a *preview* on each board (previews are on, as for a new player: the page's stored
  preference is set before it loads, and the boards' "Preview purchases" boxes are checked):
  the page clicks a colony or wonder it can buy; the board asks Python for the preview and
  draws it (the panel with Confirm, the dice or chits that pay outlined on the board); timed
  the same way, from the click to the preview drawn and laid out; then Cancel (local,
  untimed).  The boards also show the other players' last moves highlighted, as they do in a
  game.
- *real moves* on each board, on from where it is (the history's future dropped), over
  whole games (a finished game is played again from its first position, "Continue from
  here": the same seed, the same dice): the acting player buys the first colony or wonder
  the progress board offers that they can afford (neither asks anything first) through its
  preview (the click on the tile and Python's preview, untimed), else ends the turn; timed
  from the click that commits the move, the preview's Confirm or Pass (what a player with
  previews on clicks to move), to the board drawn at the next position and laid out.
  Against the bot, the bot's moves that follow are not timed.  About half of the moves are
  each; the medians are also given by click.

The kernel imports this checkout's ``nations_widget`` (a temporary folder holding only a link
to it is put on PYTHONPATH: the repository root itself would let its voila.py shadow the
voila package), whatever the virtual environment has installed.

The targets (README): click → board drawn and laid out ≤ 16 ms median (one frame at 60 Hz),
and the widget's own work, click → its DOM up to date, ≤ 1.5× the bare echo (until the
change arrives), in the hot seat and against a bot, previews on.

The echo and one board are interleaved, one repetition of each per round, after
``--warmup`` rounds (the hot-seat board's rounds first, then the other board's);
before each click the page waits until the websocket has been quiet for a gap, measured
twice (``--gaps``): 150 ms (a person's pace: every click starts with nothing unsent) and
5 ms (back to back, as when clicks or bot moves follow each other closely: there the last
messages of the previous round may still be unacknowledged, which is where Nagle bites).
Bytes: every websocket frame the page receives during a round (Playwright's
``page.on("websocket")`` frame events), split by Jupyter message type and, for widget
updates, by trait; plus the bytes of real moves: from the start of the game, the board's
"Let a bot decide" button clicked ``--moves`` times (Python plays one move and publishes it).

TCP_NODELAY: Jupyter's kernel websocket leaves Nagle's algorithm on, so a small message
written while an earlier one is unacknowledged waits for the browser's delayed ACK (~40 ms
on Linux).  The repository's voila.py turns TCP_NODELAY on unless NATIONS_TCP_NODELAY=0;
``--nodelay both`` measures with it off (=0) and on (=1).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import statistics
import struct
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(REPO))

from browser_support import (  # noqa: E402
    PageWatch,
    browser_page,
    chromium_missing_reason,
    launch_chromium,
    voila_server,
)

ECHO_ESM = """
export default {
  render({ model, el }) {
    window.__nwEcho = model;
    window.__nwEchoEl = el;
    const show = () => { el.textContent = `echo ${model.get('pong')}`; };
    show();
    model.on('change:pong', show);
    return () => model.off('change:pong', show);
  },
};
"""

NOTEBOOK_CELLS = [
    f'''import anywidget
import traitlets


class Echo(anywidget.AnyWidget):
    """JS sets ping; Python sets pong to the same value."""

    _esm = {ECHO_ESM!r}
    ping = traitlets.Int(0).tag(sync=True)
    pong = traitlets.Int(0).tag(sync=True)

    @traitlets.observe("ping")
    def _echo(self, change):
        self.pong = change["new"]


echo = Echo()
echo''',
    '''from nations_widget.widget import NationsWidget

board = NationsWidget(players=2, seats=["human", "human"], seed=1, bot_delay=0)
for _ in range(30):
    board.bot_move()
board''',
    '''# against a bot: from 30 moves in, on to the human's next decision
against_bot = NationsWidget(players=2, seats=["human", "random"], seed=1, bot_delay=0)
while not against_bot.game.is_over and (against_bot.game.position < 30
                                            or against_bot.game.current_player != 0):
    against_bot.bot_move()
against_bot''',
]

# Before any page script: note when each websocket message reaches the page (our listener
# is registered first, so it runs before Jupyter's handler decodes the message).
WS_ARRIVALS = """(() => {
  const Original = window.WebSocket;
  window.__nwWs = [];
  window.WebSocket = class extends Original {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        const d = e.data;
        const n = typeof d === 'string' ? d.length : (d.byteLength ?? d.size ?? 0);
        window.__nwWs.push([performance.now(), n]);
      });
    }
  };
})();"""

# Before any page script: previews on (the board keeps the preference in localStorage).
PREVIEWS_ON = "localStorage.setItem('nw-previews', 'true');"

# One echo round trip, timed in the page: from save_changes() until pong's change arrives
# (`ms`, the message floor), and until the echo's view shows it, laid out (`drawn_ms`: the
# same end point as the board's time).
ECHO_ONCE = """async (seq) => {
  const m = window.__nwEcho;
  const el = window.__nwEchoEl;
  return await new Promise((resolve) => {
    const t0 = performance.now();
    const done = () => {
      if (m.get('pong') !== seq) return;
      const t1 = performance.now();
      m.off('change:pong', done);
      // the view's own listener (registered first) has drawn the value by now
      if (el.textContent !== `echo ${seq}`) throw new Error('the echo view did not draw');
      void el.offsetHeight;
      resolve({ ms: t1 - t0, drawn_ms: performance.now() - t0 });
    };
    m.on('change:pong', done);
    m.set('ping', seq);
    m.save_changes();
  });
}"""

# One click on a board button (undo, redo, bot-decide), timed in the page until the board is
# drawn again, and laid out, at a position other than `from` (undo/redo: the expected one).
# The board is drawn incrementally (the .nw-root element stays; only the parts that changed
# are patched), and it sets the root's data-position as the last step of each draw: a
# MutationObserver on that attribute runs once the whole draw is done; the time is taken
# after also checking the history slider and forcing the layout (style + layout, as for a
# paint).  The draw's own duration is on the page's timeline as the measure "nw-draw".
BOARD_ONCE = """async ([key, expect, which = 0]) => {
  const root = document.querySelectorAll('.nw-root[data-step]')[which];
  const pos = () => {
    const s = root.querySelector('input[data-key="slider"]');
    const p = s ? Number(s.value) : -1;
    return Number(root.dataset.position) === p ? p : -1;
  };
  const from = pos();
  const button = root.querySelector(`button[data-key="${key}"]`);
  if (!button || button.disabled) throw new Error(`no enabled ${key} button`);
  return await new Promise((resolve, reject) => {
    const timer = setTimeout(() => { obs.disconnect(); reject(new Error('no redraw')); }, 20000);
    const obs = new MutationObserver(() => {
      const p = pos();
      if (p < 0 || (expect === null ? p === from : p !== expect)) return;
      void root.offsetHeight;   // the new board laid out (style + layout), as for a paint
      const t1 = performance.now();
      obs.disconnect();
      clearTimeout(timer);
      // the board's update: the largest message that arrived after the click
      let arrival = null;
      let biggest = -1;
      for (const [t, n] of (window.__nwWs || [])) {
        if (t >= t0 && t <= t1 && n > biggest) { biggest = n; arrival = t; }
      }
      const m = performance.getEntriesByName('nw-draw').at(-1);
      resolve({ ms: t1 - t0, pos: p,
                arrive_ms: arrival === null ? null : arrival - t0,
                draw_ms: arrival === null ? null : t1 - arrival,
                render_ms: m && m.startTime >= t0 ? m.duration : null,
                dom_ms: m && m.startTime >= t0 ? m.startTime + m.duration - t0 : null });
    });
    obs.observe(root, { attributes: true, attributeFilter: ['data-position'] });
    const t0 = performance.now();
    button.click();
  });
}"""


# Close the end-of-round summary on the ``which``-th board, if it shows one (untimed).
CLOSE_SUMMARY = """([which]) => {
  const root = document.querySelectorAll('.nw-root[data-step]')[which];
  const close = root.querySelector('[data-key="round-summary-close"]');
  if (close) close.click();
}"""


# One preview, timed like BOARD_ONCE: a click on a colony or wonder the acting player can
# buy (neither asks anything first) until the board shows Python's preview (its Confirm
# button) with what pays outlined, laid out.  Then Cancel (drawn at once, in the page).
PREVIEW_ONCE = """async ([which]) => {
  const root = document.querySelectorAll('.nw-root[data-step]')[which];
  const tile = root.querySelector(['colony', 'wonder'].map((k) =>
    `.nw-progress button.nw-tile.nw-affordable.nw-kind-${k}`).join(', '));
  if (!tile) throw new Error('no colony or wonder to buy on this board');
  const shown = () => root.querySelector('[data-key="preview-confirm"]')
    && root.querySelector('.nw-die.nw-paying, .nw-chit.nw-paying');
  if (shown()) throw new Error('a preview is already shown');
  const result = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => { obs.disconnect(); reject(new Error('no preview')); }, 20000);
    const obs = new MutationObserver(() => {
      if (!shown()) return;
      void root.offsetHeight;   // laid out, as for a paint
      const t1 = performance.now();
      obs.disconnect();
      clearTimeout(timer);
      let arrival = null;
      let biggest = -1;
      for (const [t, n] of (window.__nwWs || [])) {
        if (t >= t0 && t <= t1 && n > biggest) { biggest = n; arrival = t; }
      }
      const m = performance.getEntriesByName('nw-draw').at(-1);
      resolve({ ms: t1 - t0, pos: Number(root.dataset.position),
                arrive_ms: arrival === null ? null : arrival - t0,
                draw_ms: arrival === null ? null : t1 - arrival,
                render_ms: m && m.startTime >= t0 ? m.duration : null,
                dom_ms: m && m.startTime >= t0 ? m.startTime + m.duration - t0 : null });
    });
    obs.observe(root, { childList: true, subtree: true, attributes: true,
                        attributeFilter: ['class'] });
    const t0 = performance.now();
    tile.click();
  });
  root.querySelector('[data-key="preview-cancel"]').click();
  if (root.querySelector('.nw-preview')) throw new Error('Cancel left the preview');
  return result;
}"""


# A real move on the ``which``-th board, made ready (untimed) the way a player makes it:
# the acting player buys the first colony or wonder the progress board offers that they can
# afford (neither asks anything first): a click on it, and Python's preview drawn (previews
# are on); else they end their turn.  Returns the key of the button that commits the move,
# timed next by BOARD_ONCE: the preview's Confirm, or Pass.  A finished game is played again
# from its first position ("Continue from here": the same seed, so the same dice).
PREPARE_MOVE = """async ([which]) => {
  const root = document.querySelectorAll('.nw-root[data-step]')[which];
  const until = (what, ok) => new Promise((resolve, reject) => {
    const t0 = performance.now();
    const look = () => {
      if (ok()) resolve();
      else if (performance.now() - t0 > 20000) reject(new Error(`waited in vain for ${what}`));
      else setTimeout(look, 5);
    };
    look();
  });
  const live = (key) => {
    const b = root.querySelector(`button[data-key="${key}"]`);
    return b && !b.disabled && b.getAttribute('aria-disabled') !== 'true' ? b : null;
  };
  const over = () => root.dataset.step === 'game_over';
  await until("the player's decision", () => over() || live('pass'));
  if (over()) {
    live('first').click();
    await until('the first position', () => root.dataset.position === '0'
                && live('continue-here'));
    live('continue-here').click();
    await until('the first decision', () => live('pass'));
  }
  const tile = root.querySelector(['colony', 'wonder'].map((k) =>
    `.nw-progress button.nw-tile.nw-affordable.nw-kind-${k}`).join(', '));
  if (!tile) return 'pass';
  tile.click();
  await until('the preview', () => live('preview-confirm'));
  return 'preview-confirm';
}"""


def decode_frame(payload: str | bytes) -> tuple[str, int, dict[str, int]]:
    """(Jupyter message type, size in bytes, JSON size of each trait in a comm update) of
    one websocket frame: a JSON text frame (the legacy protocol) or a binary
    v1.kernel.websocket.jupyter.org frame."""
    traits: dict[str, int] = {}
    try:
        if isinstance(payload, str):
            size = len(payload.encode())
            msg = json.loads(payload)
            kind = msg.get("msg_type") or msg.get("header", {}).get("msg_type", "?")
            content = msg.get("content", {})
        else:
            size = len(payload)
            (n,) = struct.unpack_from("<Q", payload, 0)
            offsets = struct.unpack_from(f"<{n}Q", payload, 8)
            parts = [payload[offsets[i]:offsets[i + 1] if i + 1 < n else size]
                     for i in range(n)]
            kind = json.loads(parts[1]).get("msg_type", "?")
            content = json.loads(parts[4]) if kind == "comm_msg" else {}
    except Exception:
        return "?", len(payload.encode() if isinstance(payload, str) else payload), traits
    if kind == "comm_msg":
        data = content.get("data", {})
        kind += ":" + str(data.get("method", "?"))
        for key, value in (data.get("state") or {}).items():
            traits[key] = len(json.dumps(value, separators=(",", ":")))
    return kind, size, traits


Frame = tuple[str, int, dict[str, int]]


class Frames:
    """Websocket frames the page received and sent, in arrival order."""

    def __init__(self) -> None:
        self.received: list[tuple[str, int, dict[str, int]]] = []
        self.sent: list[tuple[str, int, dict[str, int]]] = []

    def attach(self, page: Any) -> None:
        def on_ws(ws: Any) -> None:
            if "/channels" not in ws.url:
                return
            ws.on("framereceived", lambda p: self.received.append(decode_frame(p)))
            ws.on("framesent", lambda p: self.sent.append(decode_frame(p)))
        page.on("websocket", on_ws)

    def mark(self) -> tuple[int, int]:
        return len(self.received), len(self.sent)

    def since(self, mark: tuple[int, int]) -> tuple[list[Frame], list[Frame]]:
        return self.received[mark[0]:], self.sent[mark[1]:]


def write_notebook(folder: Path) -> Path:
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(src) for src in NOTEBOOK_CELLS]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    path = folder / "latency.ipynb"
    nbformat.write(nb, path)
    return path


def settle(page: Any, frames: Frames, quiet_ms: int, limit_ms: int = 3000) -> None:
    """Wait until no frame has arrived for ``quiet_ms`` (the kernel's idle status and
    anything late belong to the round that caused them)."""
    deadline = time.monotonic() + limit_ms / 1000
    count = -1
    while time.monotonic() < deadline:
        if len(frames.received) == count:
            return
        count = len(frames.received)
        page.wait_for_timeout(quiet_ms)


def summarise(frames: list[Frame]) -> dict[str, Any]:
    by_kind: dict[str, int] = {}
    by_trait: dict[str, int] = {}
    for kind, size, traits in frames:
        by_kind[kind] = by_kind.get(kind, 0) + size
        for key, n in traits.items():
            by_trait[key] = by_trait.get(key, 0) + n
    return {"bytes": sum(f[1] for f in frames), "frames": len(frames), "by_kind": by_kind,
            "by_trait": by_trait}


def _med(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def _kinds(rounds: list[dict[str, Any]], what: str = "by_kind") -> dict[str, float]:
    keys = sorted({k for r in rounds for k in r[what]})
    return {k: _med([r[what].get(k, 0) for r in rounds]) for k in keys}


Click = tuple[str, int | None]


def timed_rounds(page: Any, frames: Frames, clicks: list[Click], which: int, gap: int,
                 warmup: int, reps: int) -> dict[str, Any]:
    """Interleaved echo and board rounds: the board's clicks (button key, expected position)
    in turn, on the ``which``-th board of the page; it ends where it began.  The key
    ``preview`` is a purchase's preview, then Cancel (PREVIEW_ONCE)."""
    return interleaved_rounds(page, frames, [(which, clicks)], gap, warmup, reps)[0]


Series = tuple[int, list[Click]]


def interleaved_rounds(page: Any, frames: Frames, series: list[Series], gap: int,
                       warmup: int, reps: int) -> list[dict[str, Any]]:
    """Rounds of one echo, then one click on each board of ``series`` (the ``which``-th
    board of the page and its clicks, taken in turn), so that every board is measured in
    the same conditions as the echo and as the others; each board ends where it began.
    One result per series, as :func:`timed_rounds`' (the echo's figures are the same
    echo rounds for all)."""
    echo_ms: list[float] = []
    echo_drawn_ms: list[float] = []
    echo_in: list[dict[str, Any]] = []
    samples: list[dict[str, list[Any]]] = [
        {k: [] for k in ("ms", "arrive", "draw", "render", "dom", "in", "out", "key")}
        for _ in series]
    rounds = warmup + reps
    cycle = math.lcm(*(len(clicks) for _, clicks in series))
    rounds += -rounds % cycle                 # whole cycles: back where each began
    for i in range(rounds):
        counted = warmup <= i < warmup + reps
        settle(page, frames, gap)
        mark = frames.mark()
        seq = page.evaluate("() => window.__nwEcho.get('ping') + 1")
        echo = page.evaluate(ECHO_ONCE, seq)
        settle(page, frames, gap)
        if counted:
            echo_ms.append(echo["ms"])
            echo_drawn_ms.append(echo["drawn_ms"])
            echo_in.append(summarise(frames.since(mark)[0]))
        for (which, clicks), got in zip(series, samples, strict=True):
            key, expect = clicks[i % len(clicks)]
            if key == "move":         # a real move: made ready, then its commit timed
                settle(page, frames, gap)
                key = page.evaluate(PREPARE_MOVE, [which])
            settle(page, frames, gap)
            mark = frames.mark()
            if key == "preview":
                res = page.evaluate(PREVIEW_ONCE, [which])
            else:
                res = page.evaluate(BOARD_ONCE, [key, expect, which])
                # the end-of-round summary a step back can show: closed, as the player did
                # when it first showed (it then stays closed for that round)
                page.evaluate(CLOSE_SUMMARY, [which])
            settle(page, frames, gap)
            if not counted:
                continue
            got["ms"].append(res["ms"])
            got["key"].append(key)
            if res["arrive_ms"] is not None:
                got["arrive"].append(res["arrive_ms"])
                got["draw"].append(res["draw_ms"])
            if res.get("render_ms") is not None:
                got["render"].append(res["render_ms"])
                got["dom"].append(res["dom_ms"])
            received, sent = frames.since(mark)
            got["in"].append(summarise(received))
            got["out"].append(summarise(sent))
    out = []
    for got in samples:
        board_ms, board_dom = got["ms"], got["dom"]
        out.append({
            "gap_ms": gap,
            "reps": len(echo_ms),
            "echo_ms_median": _med(echo_ms),
            "echo_ms_p90": _quantile(echo_ms, 0.9),
            "echo_drawn_ms_median": _med(echo_drawn_ms),
            "board_ms_median": _med(board_ms),
            "board_ms_p10": _quantile(board_ms, 0.1),
            "board_ms_p90": _quantile(board_ms, 0.9),
            "board_ms": board_ms,
            "board_ms_median_by_click": {
                k: _med([ms for ms, kk in zip(board_ms, got["key"], strict=True) if kk == k])
                for k in sorted(set(got["key"]))},
            "board_dom_ms_median_by_click": {
                k: _med([ms for ms, kk in zip(board_dom, got["key"], strict=True) if kk == k])
                for k in sorted(set(got["key"]))} if len(board_dom) == len(board_ms) else {},
            "board_update_arrives_ms_median": _med(got["arrive"]),
            "board_draw_ms_median": _med(got["draw"]),
            "board_render_ms_median": _med(got["render"]),
            "board_dom_ms_median": _med(board_dom),
            "ratio_board_dom_echo": _med(board_dom) / _med(echo_ms),
            "ratio_board_echo": _med(board_ms) / _med(echo_ms),
            "ratio_board_echo_drawn": _med(board_ms) / _med(echo_drawn_ms),
            "echo_bytes_received_median": _med([r["bytes"] for r in echo_in]),
            "board_bytes_received_median": _med([r["bytes"] for r in got["in"]]),
            "board_bytes_sent_median": _med([r["bytes"] for r in got["out"]]),
            "board_bytes_by_kind_median": _kinds(got["in"]),
        })
    return out


def real_moves(page: Any, frames: Frames, gap: int, moves: int) -> dict[str, Any]:
    """From the start of the game, the board's "Let a bot decide" clicked ``moves`` times
    (or until the game ends): Python plays one move each time and publishes it."""
    settle(page, frames, gap)
    page.evaluate(BOARD_ONCE, ["first", 0])
    # an earlier position offers no move until "Continue from here" (playing on from there
    # drops the old future)
    page.click('.nw-root[data-step] button[data-key="continue-here"]')
    got: list[dict[str, Any]] = []
    ms: list[float] = []
    for _ in range(moves):
        if page.evaluate("() => document.querySelector('.nw-root').dataset.step") \
                == "game_over":
            break
        settle(page, frames, gap)
        mark = frames.mark()
        res = page.evaluate(BOARD_ONCE, ["bot-decide", None])
        settle(page, frames, gap)
        ms.append(res["ms"])
        got.append(summarise(frames.since(mark)[0]))
    return {
        "move_count": len(got),
        "move_bytes_received_median": _med([r["bytes"] for r in got]),
        "move_bytes_received_max": max((r["bytes"] for r in got), default=0),
        "move_bytes_by_kind_median": _kinds(got),
        "move_trait_json_bytes_median": _kinds(got, "by_trait"),
        "move_click_to_board_ms_median": _med(ms),
    }


def against_bot_positions() -> tuple[int, int]:
    """Where the notebook's game against a bot is (the human's decision from 30 moves in)
    and where its Undo goes back to: the same seeded game and bot, played here."""
    from nations_widget.widget import NationsWidget

    w = NationsWidget(players=2, seats=["human", "random"], seed=1, bot_delay=0)
    while not w.game.is_over and (w.game.position < 30 or w.game.current_player != 0):
        w.bot_move()
    return w._undo_target(), w.game.position


def checkout_package(folder: Path, package: Path | None = None) -> Path:
    """A folder holding only a link to this checkout's package (or to ``package``, another
    copy of it to compare), for the kernel's PYTHONPATH."""
    pkg = folder / "pkg"
    pkg.mkdir(exist_ok=True)
    link = pkg / "nations_widget"
    if not link.exists():
        link.symlink_to(package or REPO / "nations_widget", target_is_directory=True)
    return pkg


@contextlib.contextmanager
def latency_page(browser: Any, url: str, watch: PageWatch, frames: Frames, boards: int,
                 timeout_ms: int = 120_000) -> Any:
    """The Voila page at ``url`` set up for timing: every websocket message's arrival noted
    (WS_ARRIVALS), previews on, its frames counted, and open until its ``boards`` boards and
    the echo are drawn; yields the page."""
    with browser_page(browser, watch) as page:
        page.add_init_script(WS_ARRIVALS)
        page.add_init_script(PREVIEWS_ON)
        frames.attach(page)
        page.goto(url)
        page.wait_for_function(
            f"() => document.querySelectorAll('.nw-root[data-step]').length === {boards}",
            timeout=timeout_ms)
        page.wait_for_function("() => Boolean(window.__nwEcho)", timeout=60_000)
        yield page


def run(nodelay: bool, args: argparse.Namespace, notebook: Path, browser: Any) -> dict[str, Any]:
    env = dict(os.environ)
    env["NATIONS_TCP_NODELAY"] = "1" if nodelay else "0"
    env["PYTHONPATH"] = str(checkout_package(notebook.parent, args.package))
    if args.keep:
        # as in the app: every game kept in a store as it is played (a temporary one)
        env["NATIONS_KEEP_GAMES"] = "1"
        env["NATIONS_TABLES_DIR"] = str(notebook.parent / "store")
    server, url = voila_server(notebook, cwd=REPO, env=env,
                               name=f"voila-latency-nodelay-{int(nodelay)}")
    result: dict[str, Any] = {"tcp_nodelay": nodelay}
    with server:
        watch = PageWatch()
        frames = Frames()
        with latency_page(browser, url, watch, frames, boards=2) as page:
            hot_seat, against_bot = page.evaluate(
                "() => [...document.querySelectorAll('.nw-root[data-step]')].map((r) =>"
                " Number(r.querySelector('input[data-key=\"slider\"]').value))")
            assert hot_seat == 30, f"the board should be 30 moves in, it is at {hot_seat}"
            previews = page.evaluate("() => [...document.querySelectorAll("
                                     "'input[data-key=\"previews-on\"]')].map((b) => b.checked)")
            assert previews == [True, True], f"previews should be on on both boards: {previews}"
            # hot seat: Undo then Redo, one move each; against a bot: Undo (back to the
            # human's previous decision, over the bot's moves), then Redo up to the
            # position it left, one move at a time (» would only look at the moves undone,
            # under the history's banner: the game stays where the Undo left it)
            undo_to, latest = against_bot_positions()
            assert against_bot == latest, \
                f"the game against a bot should be at move {latest}, it is at {against_bot}"
            steps: list[Click] = [("undo", undo_to)]
            steps += [("redo", p) for p in range(undo_to + 1, latest + 1)]
            if not args.only_real_moves:
                result["by_gap"] = [
                    timed_rounds(page, frames, [("undo", hot_seat - 1), ("redo", hot_seat)],
                                 0, gap, args.warmup, args.reps) for gap in args.gaps]
                result["against_bot_by_gap"] = [
                    timed_rounds(page, frames, steps, 1, gap, args.warmup, args.reps)
                    for gap in args.gaps]
                # a purchase's preview (then Cancel) on each board, where each began
                result["preview_hot_seat_by_gap"] = [
                    timed_rounds(page, frames, [("preview", None)], 0, gap, args.warmup,
                                 args.reps) for gap in args.gaps]
                result["preview_against_bot_by_gap"] = [
                    timed_rounds(page, frames, [("preview", None)], 1, gap, args.warmup,
                                 args.reps) for gap in args.gaps]
            # real moves, on from where each board is (the history's future dropped): a
            # purchase confirmed from its preview, or Pass (PREPARE_MOVE), game after game
            if args.real_moves or args.only_real_moves:
                result["real_moves_hot_seat_by_gap"] = [
                    timed_rounds(page, frames, [("move", None)], 0, gap, args.warmup,
                                 args.reps) for gap in args.gaps]
                result["real_moves_against_bot_by_gap"] = [
                    timed_rounds(page, frames, [("move", None)], 1, gap, args.warmup,
                                 args.reps) for gap in args.gaps]
            if args.moves and not args.only_real_moves:
                result.update(real_moves(page, frames, args.gaps[0], args.moves))
        result["console_errors"] = watch.errors()
    return result


#: the targets: a frame at 60 Hz for the whole click → drawn board, and the widget's own
#: work (click → its DOM up to date) within this many times the bare echo
FRAME_MS = 16.0
DOM_RATIO = 1.5


def _quantile(xs: list[float], q: float) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def print_rounds(g: dict[str, Any], what: str) -> None:
    print(f"  echo  round trip   median {g['echo_ms_median']:6.1f} ms"
          f"   p90 {g['echo_ms_p90']:6.1f} ms   (to its view drawn and laid out: "
          f"{g['echo_drawn_ms_median']:.1f} ms)")
    print(f"  board click→redraw median {g['board_ms_median']:6.1f} ms"
          f"   p90 {g['board_ms_p90']:6.1f} ms  ({what})")
    print(f"    of which: click→update message arrives "
          f"{g['board_update_arrives_ms_median']:.1f} ms, arrival→board drawn "
          f"{g['board_draw_ms_median']:.1f} ms (of which the widget's draw "
          f"{g['board_render_ms_median']:.1f} ms)")
    drawn_ok = "met" if g["board_ms_median"] <= FRAME_MS else "MISSED"
    dom_ok = "met" if g["ratio_board_dom_echo"] <= DOM_RATIO else "MISSED"
    print(f"  target: click → board drawn and laid out ≤ {FRAME_MS:.0f} ms median: "
          f"{g['board_ms_median']:.1f} ms, {drawn_ok}")
    print(f"  target: click → the widget's DOM up to date ≤ {DOM_RATIO}× the echo: "
          f"{g['board_dom_ms_median']:.1f} ms, {g['ratio_board_dom_echo']:.2f}×, {dom_ok}")
    print(f"  (board drawn / echo {g['ratio_board_echo']:.2f}×; both to a drawn, laid-out "
          f"view: {g['ratio_board_echo_drawn']:.2f}×)")
    by_click = g.get("board_ms_median_by_click", {})
    if len(by_click) > 1:
        dom = g.get("board_dom_ms_median_by_click", {})
        print("  by click: " + ", ".join(
            f"{k} {ms:.1f} ms drawn" + (f" ({dom[k]:.1f} ms DOM)" if k in dom else "")
            for k, ms in by_click.items()))
    print(f"  bytes received: echo {g['echo_bytes_received_median']:.0f}, "
          f"board {what} {g['board_bytes_received_median']:.0f} "
          f"(sent {g['board_bytes_sent_median']:.0f})")


def voila_supports_nodelay() -> bool:
    # the settings moved from the root's voila.py into the package (voila.py applies them)
    configs = [REPO / "voila.py", REPO / "nations_widget" / "app" / "voila_settings.py"]
    return any(c.exists() and "NATIONS_TCP_NODELAY" in c.read_text() for c in configs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=50, help="timed rounds (default 50)")
    parser.add_argument("--warmup", type=int, default=5, help="untimed rounds first")
    parser.add_argument("--gaps", default="150,5",
                        help="ms of websocket quiet before each click, comma-separated: each "
                             "is measured (default 150,5: a person's pace, and back to back)")
    parser.add_argument("--moves", type=int, default=30,
                        help="real moves (bot-decided clicks) for bytes per move")
    parser.add_argument("--real-moves", type=int, default=1,
                        help="1: also time real moves (a purchase's Confirm or Pass; default)")
    parser.add_argument("--only-real-moves", action="store_true",
                        help="time the real moves only (not Undo/Redo nor the previews)")
    parser.add_argument("--nodelay", choices=["off", "on", "both"], default="both")
    parser.add_argument("--package", type=Path,
                        help="the kernel imports this nations_widget folder instead of the "
                             "checkout's (another version, to compare before and after)")
    parser.add_argument("--keep", action="store_true",
                        help="keep the games in a store as they are played, as the app does")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args()
    args.gaps = [int(g) for g in str(args.gaps).split(",") if g.strip()]

    reason = chromium_missing_reason()
    if reason:
        print(reason, file=sys.stderr)
        return 2
    settings = {"off": [False], "on": [True], "both": [False, True]}[args.nodelay]
    if True in settings and not voila_supports_nodelay():
        print("voila.py has no NATIONS_TCP_NODELAY switch: measuring with it off only",
              file=sys.stderr)
        settings = [False]

    from playwright.sync_api import sync_playwright

    results = []
    with tempfile.TemporaryDirectory(prefix="nations-latency-") as tmp, \
            sync_playwright() as p:
        notebook = write_notebook(Path(tmp))
        browser = launch_chromium(p)
        try:
            for nodelay in settings:
                results.append(run(nodelay, args, notebook, browser))
        finally:
            browser.close()

    for r in results:
        state = "on" if r["tcp_nodelay"] else "off"
        for game, what, key in (("a hot-seat game", "undo/redo", "by_gap"),
                                ("a game against a bot", "undo/redo", "against_bot_by_gap"),
                                ("a hot-seat game", "preview", "preview_hot_seat_by_gap"),
                                ("a game against a bot", "preview",
                                 "preview_against_bot_by_gap"),
                                ("a hot-seat game", "real move",
                                 "real_moves_hot_seat_by_gap"),
                                ("a game against a bot", "real move",
                                 "real_moves_against_bot_by_gap")):
            for g in r.get(key, []):
                print(f"\nTCP_NODELAY {state}, {game}, {g['gap_ms']} ms of quiet before each "
                      f"click ({g['reps']} rounds)")
                print_rounds(g, what)
        if "move_count" in r:
            print(f"\nTCP_NODELAY {state}: real moves (median of {r['move_count']}): "
                  f"{r['move_bytes_received_median']:.0f} bytes received per move "
                  f"(max {r['move_bytes_received_max']}); click→board "
                  f"{r['move_click_to_board_ms_median']:.1f} ms")
            print(f"  per move, by message: {r['move_bytes_by_kind_median']}")
            print(f"  per move, JSON of each trait sent: {r['move_trait_json_bytes_median']}")
        if r["console_errors"]:
            print(f"  console errors: {r['console_errors']}")
    if args.json:
        args.json.write_text(json.dumps({"args": vars(args) | {"json": str(args.json)},
                                         "results": results}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
