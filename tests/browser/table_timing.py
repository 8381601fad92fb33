"""Moves timed from one screen of a table to the others: the helpers of
benchmarks/table_latency.py and tests/browser/test_two_servers.py (imported as
``table_timing``: pytest puts this folder on the path; the benchmark adds it).

For each move, every other screen arms a MutationObserver on its widget, which notes the
time it shows a new position (the move drawn there); the mover's page notes the time of its
click. Every page's clock is the same machine's (``performance.timeOrigin +
performance.now()``), so a move's latency at a screen is drawn - clicked: it covers the
mover's message to its kernel, the engine's check, the store's commit, the other kernel's
watcher noticing it (SQLite: polled every 20-250 ms; PostgreSQL: told by ``NOTIFY``), that
kernel's payloads and the page's draw.
"""

from __future__ import annotations

import time
from typing import Any

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
# A dice game's end-of-round summary is closed first (that plays no move).
CLICK = """() => {
  const now = () => performance.timeOrigin + performance.now();
  const close = document.querySelector('button[data-key="round-summary-close"]');
  if (close && close.offsetParent !== null) {
    close.click();
    return {t: now(), move: false};
  }
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
  const err = r.querySelector('.nw-error');
  return {step: r.dataset.step, pos: nwPos(), live, error: err ? err.textContent : ''};
}"""


def play_timed(pages: list[Any], samples: list[float], *, moves: int | None = None,
               timeout: float = 600.0) -> int:
    """Play the table shown by ``pages`` (one screen each) by whichever screen is to decide,
    with the first option each board offers, until the game is over or ``moves`` moves were
    made; append each move's latency at every other screen (ms) to ``samples``.  Returns the
    moves made.  A screen that shows a refusal fails at once (AssertionError)."""
    deadline = time.monotonic() + timeout
    made = 0
    while time.monotonic() < deadline:
        states = [p.evaluate(STATE) for p in pages]
        for state in states:
            assert state is not None and not state["error"], states
        if all(s["step"] == "game_over" for s in states):
            return made
        if moves is not None and made >= moves:
            return made
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
            time.sleep(0.1)              # nothing yet, a preview on its way, a summary closed
            continue
        for p in others:
            p.wait_for_function("() => window.__nwDrawn !== null", timeout=60_000)
            samples.append(p.evaluate("() => window.__nwDrawn") - clicked["t"])
        made += 1
    raise AssertionError(f"the game did not end in {timeout:.0f} s")


__all__ = ["ARM", "CLICK", "POS", "STATE", "play_timed"]
