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
// that simply never draws): the board drawn (.nw-root) ends the watch and clears the
// retry count; the manager's error text, or no board after `patienceMs`, schedules a
// reload after a growing delay.  There is no last attempt: a busy server is retried
// every 30 s at most, and the message says so.

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

/**
 * Watch this page.  `win` is the window (tests pass a fake one); options:
 * `patienceMs` (no board after this long counts as broken; default 90 s),
 * `pollMs` (default 500 ms), `now` and `reload` (for tests).
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

  function stop() {
    stopped = true;
    if (timer !== null) win.clearTimeout(timer);
    timer = null;
    win.__nationsWatchdog = null;
  }

  function tick() {
    timer = null;
    if (stopped) return;
    const action = decide(pageState(doc), now() - start, patienceMs);
    if (action === "done") {
      writeAttempts(storage, 0, now());
      stop();
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
