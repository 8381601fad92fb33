// The page watchdog: a Voila page whose board never comes up reloads itself, with a plain
// message, instead of showing "Error displaying widget: model not found" for ever.
//
// Where that error comes from: the widget manager that Voila bundles
// (@jupyter-widgets/jupyterlab-manager, WidgetRenderer.renderModel) asks the manager for
// the widget's model; when the manager has finished restoring the models from the kernel
// (`restoredStatus`) and the model is not among them, it writes that text into the output
// and never tries again.  That happens when the kernel the page talks to does not hold
// the widget: the kernel died and the server restarted it (memory pressure under a
// crowd), it was culled, or the restore raced the kernel.  The page cannot get the widget
// back from such a kernel, so retrying inside the page would not help: a reload asks
// Voila for a fresh kernel (and Voila's unload hook shuts the old one down).
//
// Why here (a script the notebook prints next to the widget, see
// nations_widget/widget/shell/watchdog.py) and not elsewhere:
// - not in the widget's own bundle: when the model is missing, the manager never loads
//   the widget's code, so nothing of ours runs;
// - not in a Voila template override: a template must be installed into Jupyter's data
//   path (and configured both for `voila` and for the server extension that Binder uses);
//   the notebook's own output goes wherever the notebook is served, with nothing to install;
// - it acts only on a Voila page (body[data-voila]); in JupyterLab it does nothing.
//
// It polls (a MutationObserver would miss nothing either, but a poll also notices a page
// that simply never draws): the board drawn (.nw-root) ends the first watch and clears the
// retry count; the manager's error text, or no board after `patienceMs`, schedules a
// reload after a growing delay.  There is no last attempt: a busy server is retried
// every 30 s at most, and the message says so.
//
// Then it watches the kernel for the rest of the page's life.  A kernel that dies (killed,
// out of memory) is restarted empty by Jupyter under the same id in about 3 s: the page
// would keep the old board, its buttons live, its clicks answered by nobody.  The page's
// kernel connection (Voila's widget manager's, `window.jupyterapp.widgetManager.kernel`)
// reports "restarting"/"autorestarting"/"dead" when that happens, and "disconnected" when
// the server has gone; the watchdog then makes the board inert and says so at once, with
// a Reload button (a reload gets a fresh kernel and a new game).  Nothing is reloaded by
// itself: the player decides.  Leaving the page (beforeunload: Voila's own unload hook
// shuts the kernel down and closes the connection) is not mistaken for a lost kernel.

export const STORAGE_KEY = "nations-widget-retries";
export const BROKEN_TEXT = /Error displaying widget/;

/** The text an element shows: its text nodes outside <script> and <style> (this
 * watchdog's own script sits in an output and holds the very words it looks for). */
export function shownText(el) {
  const doc = el.ownerDocument;
  const walker = doc.createTreeWalker(el, 4 /* NodeFilter.SHOW_TEXT */);
  let text = "";
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentNode;
    const tag = parent && parent.nodeName ? parent.nodeName.toUpperCase() : "";
    if (tag !== "SCRIPT" && tag !== "STYLE") text += node.nodeValue;
  }
  return text;
}

/** What the page shows now: "board" (the widget drew itself), "broken" (the widget
 * manager gave up on the model or the view), or "waiting". */
export function pageState(doc) {
  // a game's table, or the app's game chooser (notebooks/play.ipynb before a choice)
  if (doc.querySelector(".nw-root, .nw-app")) return "board";
  const outputs = doc.querySelectorAll(".jupyter-widgets, .jp-OutputArea-output");
  for (const el of outputs) {
    if (BROKEN_TEXT.test(shownText(el))) return "broken";
  }
  return "waiting";
}

/** The pause before reload number `attempt` (0-based): 1, 2, 4, 8, 16 s, then 30 s. */
export function retryDelay(attempt) {
  const n = Math.max(0, Math.floor(Number(attempt) || 0));
  return Math.min(30_000, 1000 * 2 ** Math.min(n, 5));
}

/** What to do: "done" (a board), "retry" (broken, or no board after `patienceMs`),
 * "wait". */
export function decide(state, elapsedMs, patienceMs) {
  if (state === "board") return "done";
  if (state === "broken" || elapsedMs >= patienceMs) return "retry";
  return "wait";
}

/** The retry count kept across reloads (sessionStorage: this tab only); a count older
 * than `maxAgeMs` starts again from 0. */
export function readAttempts(storage, now, maxAgeMs = 10 * 60_000) {
  try {
    const saved = JSON.parse(storage.getItem(STORAGE_KEY) || "null");
    if (!saved || typeof saved.n !== "number" || now - saved.t > maxAgeMs) return 0;
    return Math.max(0, Math.floor(saved.n));
  } catch {
    return 0;
  }
}

export function writeAttempts(storage, n, now) {
  try {
    if (n <= 0) storage.removeItem(STORAGE_KEY);
    else storage.setItem(STORAGE_KEY, JSON.stringify({ n, t: now }));
  } catch {
    // storage refused (private mode): the delays simply start again from 1 s
  }
}

/** The words shown while the page waits to reload. */
export function waitingMessage(delayMs) {
  const seconds = Math.max(1, Math.round(delayMs / 1000));
  return {
    title: "The table is being set up…",
    detail: `The server is busy; this page tries again in ${seconds} s.`,
  };
}

function showMessage(doc, delayMs) {
  const { title, detail } = waitingMessage(delayMs);
  let box = doc.getElementById("nw-watchdog");
  if (!box) {
    box = doc.createElement("div");
    box.id = "nw-watchdog";
    box.setAttribute("role", "status");
    box.style.cssText = "position:fixed;inset:0;display:flex;flex-direction:column;"
      + "align-items:center;justify-content:center;gap:0.5em;background:#fff;color:#222;"
      + "font:16px/1.4 system-ui,sans-serif;z-index:10000;text-align:center;padding:2em;";
    doc.body.appendChild(box);
  }
  box.replaceChildren(
    Object.assign(doc.createElement("strong"), { textContent: title }),
    Object.assign(doc.createElement("span"), { textContent: detail }),
  );
}

/** Kernel statuses that mean the page's kernel is gone: the widgets it held are lost. */
export const LOST_STATUSES = new Set(["restarting", "autorestarting", "dead"]);

/** The page's kernel connection (Voila's widget manager's), or null before there is one. */
export function pageKernel(win) {
  try {
    const kernel = win.jupyterapp && win.jupyterapp.widgetManager
      && win.jupyterapp.widgetManager.kernel;
    return kernel || null;
  } catch {
    return null;
  }
}

/** Whether a kernel connection says its kernel is gone: "lost", "alive", "reconnecting"
 * (its websocket closed and it is trying again: a server gone, or a moment's network
 * trouble), or "unknown". */
export function kernelState(kernel) {
  if (!kernel) return "unknown";
  if (LOST_STATUSES.has(kernel.status)) return "lost";
  if (kernel.connectionStatus === "disconnected") return "lost";
  if (kernel.connectionStatus === "connecting") return "reconnecting";
  return "alive";
}

/** How long a page whose board is up may be reconnecting before its game counts as
 * stopped (ms).  Jupyter's connection retries a server that went away for minutes
 * (7 tries, each waiting longer) before it says "disconnected", and the page sat silent
 * meanwhile (a killed server: still "connecting" 24 s later, seen in
 * tests/browser/test_two_servers.py); a moment's network trouble is over well within it. */
export const RECONNECT_PATIENCE_MS = 4_000;

/** The words shown when the page's kernel is gone. */
export function lostMessage() {
  return {
    title: "This game has stopped.",
    // the app keeps every game from its first move (the page's address holds its link),
    // so a reload opens it again where it was: the notice says so, and does not send the
    // player off to start another
    detail: "The server lost this page's connection to the game (it restarted or shut "
      + "down), so the board no longer answers. Reload the page to bring the game back at "
      + "its last stored move (a game with no move yet starts afresh).",
    button: "Reload",
  };
}

function showLost(win, reload) {
  const doc = win.document;
  if (doc.getElementById("nw-lost")) return;
  // the board stays in sight but takes no clicks or keys (inert), so nobody plays into
  // a kernel that is not there
  for (const el of doc.querySelectorAll("#rendered_cells, .nw-app, .nw-root")) {
    el.setAttribute("inert", "");
    el.setAttribute("aria-hidden", "true");
  }
  // an open modal <dialog> (a round's summary, New game) lies in the top layer, above any
  // z-index, and makes the rest of the page inert, this notice included: it is closed
  closeOpenDialogs(doc);
  const { title, detail, button } = lostMessage();
  // the notice is itself a modal <dialog> where the browser has them: the top of the top
  // layer, its Reload the one control reachable by click and keyboard
  const box = doc.createElement("dialog");
  box.id = "nw-lost";
  box.setAttribute("role", "alertdialog");
  box.setAttribute("aria-modal", "true");
  box.setAttribute("aria-labelledby", "nw-lost-title");
  box.style.cssText = "position:fixed;inset:0;display:flex;flex-direction:column;"
    + "align-items:center;justify-content:center;gap:0.75em;background:rgba(255,255,255,0.9);"
    + "color:#222;font:16px/1.4 system-ui,sans-serif;z-index:10000;text-align:center;"
    + "padding:2em;margin:0;border:0;width:100%;height:100%;max-width:none;max-height:none;"
    + "box-sizing:border-box;";
  // Escape would close a modal dialog: the notice stays until the page is reloaded
  box.addEventListener("cancel", (e) => e.preventDefault());
  const heading = Object.assign(doc.createElement("strong"), { textContent: title });
  heading.id = "nw-lost-title";
  const again = Object.assign(doc.createElement("button"), { type: "button", textContent: button });
  again.setAttribute("data-key", "lost-reload");
  again.style.cssText = "font:inherit;padding:0.4em 1.2em;cursor:pointer;";
  again.addEventListener("click", () => reload());
  box.replaceChildren(heading,
    Object.assign(doc.createElement("span"), { textContent: detail }), again);
  doc.body.appendChild(box);
  let modal = false;
  if (typeof box.showModal === "function") {
    try {
      box.showModal();
      modal = true;
    } catch {
      modal = false; // refused (an old browser): the fixed box with its z-index still shows
    }
  }
  if (!modal) box.setAttribute("open", "");
  if (typeof again.focus === "function") again.focus();
}

/** Close every open <dialog> of the page (the lost-kernel notice must be on top). */
export function closeOpenDialogs(doc) {
  for (const dialog of doc.querySelectorAll("dialog[open]")) {
    try {
      if (typeof dialog.close === "function") dialog.close();
    } catch {
      // closing refused: taken out of the top layer below by removing its open mark
    }
    if (dialog.hasAttribute("open")) dialog.removeAttribute("open");
  }
}

/**
 * Watch this page.  `win` is the window (tests pass a fake one); options:
 * `patienceMs` (no board after this long counts as broken; default 90 s),
 * `pollMs` (default 500 ms), `reconnectPatienceMs` (default {@link RECONNECT_PATIENCE_MS}),
 * `now` and `reload` (for tests).
 * Until the board is up it reloads a broken page; then it watches the page's kernel and,
 * when it is lost, shows the notice with its Reload button.
 * Returns a function that stops the watch.
 */
export function installWatchdog(win, options = {}) {
  const doc = win.document;
  if (!doc || !doc.body || doc.body.dataset.voila === undefined) return () => {};
  if (win.__nationsWatchdog) return win.__nationsWatchdog;
  const patienceMs = options.patienceMs ?? 90_000;
  const pollMs = options.pollMs ?? 500;
  const now = options.now ?? (() => Date.now());
  const reload = options.reload ?? (() => win.location.reload());
  const storage = win.sessionStorage;
  const start = now();
  let timer = null;
  let stopped = false;
  let boardUp = false;
  let leaving = false;
  let watched = null;       // the kernel connection whose status signal we listen to
  let lost = false;
  let reconnecting = 0;     // consecutive looks that found the connection reconnecting
  const reconnectPatienceMs = options.reconnectPatienceMs ?? RECONNECT_PATIENCE_MS;

  function onLeave() {
    leaving = true;
  }
  // capture: before Voila's own unload listener closes the kernel connection ("dead")
  if (typeof win.addEventListener === "function") {
    win.addEventListener("beforeunload", onLeave, true);
  }

  function stop() {
    stopped = true;
    if (timer !== null) win.clearTimeout(timer);
    timer = null;
    if (watched && watched.statusChanged && watched.statusChanged.disconnect) {
      try { watched.statusChanged.disconnect(onStatus); } catch { /* already gone */ }
    }
    if (typeof win.removeEventListener === "function") {
      win.removeEventListener("beforeunload", onLeave, true);
    }
    win.__nationsWatchdog = null;
  }

  function kernelLost() {
    if (lost || leaving || stopped) return;
    lost = true;
    showLost(win, reload);
    stop();
  }

  // the signal catches a restart between two polls ("restarting" lasts a moment)
  function onStatus(_sender, status) {
    if (LOST_STATUSES.has(status)) kernelLost();
  }

  function watchKernel() {
    const kernel = pageKernel(win);
    if (kernel && kernel !== watched) {
      watched = kernel;
      try {
        if (kernel.statusChanged && kernel.statusChanged.connect) {
          kernel.statusChanged.connect(onStatus);
        }
      } catch { /* no signal: the poll still sees the status */ }
    }
    const state = kernelState(kernel);
    reconnecting = state === "reconnecting" ? reconnecting + 1 : 0;
    if (state === "lost" || reconnecting * pollMs >= reconnectPatienceMs) kernelLost();
  }

  function tick() {
    timer = null;
    if (stopped) return;
    if (boardUp) {
      watchKernel();
      if (!stopped) timer = win.setTimeout(tick, pollMs);
      return;
    }
    const action = decide(pageState(doc), now() - start, patienceMs);
    if (action === "done") {
      writeAttempts(storage, 0, now());
      boardUp = true;
      watchKernel();
      if (!stopped) timer = win.setTimeout(tick, pollMs);
      return;
    }
    if (action === "retry") {
      const attempt = readAttempts(storage, now());
      const delay = retryDelay(attempt);
      writeAttempts(storage, attempt + 1, now());
      showMessage(doc, delay);
      stopped = true;
      win.setTimeout(reload, delay);
      return;
    }
    timer = win.setTimeout(tick, pollMs);
  }

  win.__nationsWatchdog = stop;
  tick();
  return stop;
}
