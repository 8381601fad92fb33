// The page watchdog (src/shell/watchdog.js): a Voila page whose widget model is not found, or
// whose board never comes up, reloads itself after a growing pause with a plain message;
// a page with a board, or a page outside Voila, is left alone.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  STORAGE_KEY,
  decide,
  installWatchdog,
  pageState,
  readAttempts,
  retryDelay,
  waitingMessage,
  writeAttempts,
} from "../../src/shell/watchdog.js";

function memoryStorage() {
  const data = new Map();
  return {
    getItem: (k) => (data.has(k) ? data.get(k) : null),
    setItem: (k, v) => data.set(k, String(v)),
    removeItem: (k) => data.delete(k),
    data,
  };
}

/** A window over jsdom's document with fake timers, storage, clock and reload. */
function fakeWindow({ voila = true } = {}) {
  document.body.replaceChildren();
  if (voila) document.body.dataset.voila = "voila";
  else delete document.body.dataset.voila;
  const win = {
    document,
    sessionStorage: memoryStorage(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id),
    reloads: 0,
  };
  return win;
}

function output(text) {
  const el = document.createElement("div");
  el.className = "jp-OutputArea-output";
  el.textContent = text;
  document.body.appendChild(el);
  return el;
}

describe("what the page shows", () => {
  it("tells a board, the manager's error and a page still loading apart", () => {
    fakeWindow();
    expect(pageState(document)).toBe("waiting");
    const out = output("Loading widget...");
    expect(pageState(document)).toBe("waiting");
    out.textContent = "Error displaying widget: model not found";
    expect(pageState(document)).toBe("broken");
    out.textContent = "";
    out.appendChild(Object.assign(document.createElement("div"), { className: "nw-root" }));
    expect(pageState(document)).toBe("board");
  });

  it("counts the app's game chooser as a page that came up (no game chosen yet)", () => {
    fakeWindow();
    const out = output("");
    expect(pageState(document)).toBe("waiting");
    out.appendChild(Object.assign(document.createElement("div"), { className: "nw-app" }));
    expect(pageState(document)).toBe("board");
  });

  it("does not read its own script as the error (it sits in an output too)", () => {
    fakeWindow();
    const out = output("");
    out.appendChild(Object.assign(document.createElement("script"), {
      textContent: "var b=/Error displaying widget/;" }));
    expect(pageState(document)).toBe("waiting");
    out.appendChild(document.createTextNode("Error displaying widget: model not found"));
    expect(pageState(document)).toBe("broken");
  });

  it("decides: a board ends the watch; broken or too slow retries", () => {
    expect(decide("board", 10 ** 9, 1000)).toBe("done");
    expect(decide("broken", 0, 1000)).toBe("retry");
    expect(decide("waiting", 999, 1000)).toBe("wait");
    expect(decide("waiting", 1000, 1000)).toBe("retry");
  });

  it("waits longer after each attempt, 30 s at most, and never gives up", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(retryDelay)).toEqual(
      [1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(retryDelay(-3)).toBe(1000);
    expect(retryDelay("x")).toBe(1000);
    const msg = waitingMessage(4000);
    expect(msg.title).toBe("The table is being set up…");
    expect(msg.detail).toContain("4 s");
    expect(`${msg.title} ${msg.detail}`).not.toMatch(/error|model|kernel/i);
  });

  it("keeps the attempt count for this tab, and forgets an old one", () => {
    const storage = memoryStorage();
    expect(readAttempts(storage, 0)).toBe(0);
    writeAttempts(storage, 3, 1000);
    expect(readAttempts(storage, 2000)).toBe(3);
    expect(readAttempts(storage, 1000 + 11 * 60_000)).toBe(0);
    writeAttempts(storage, 0, 5000);
    expect(storage.data.has(STORAGE_KEY)).toBe(false);
    storage.setItem(STORAGE_KEY, "{not json");
    expect(readAttempts(storage, 0)).toBe(0);
  });
});

describe("the watch", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function install(win, extra = {}) {
    let clock = 0;
    const stop = installWatchdog(win, {
      patienceMs: 60_000, pollMs: 500, now: () => clock,
      reload: () => { win.reloads += 1; }, ...extra,
    });
    return { stop, advance(ms) { clock += ms; vi.advanceTimersByTime(ms); } };
  }

  it("reloads a page whose model was not found, with a plain message", () => {
    const win = fakeWindow();
    output("Loading widget...");
    const { advance } = install(win);
    advance(1500);
    expect(win.reloads).toBe(0);
    document.querySelector(".jp-OutputArea-output").textContent =
      "Error displaying widget: model not found";
    advance(500);
    const box = document.getElementById("nw-watchdog");
    expect(box.textContent).toContain("The table is being set up…");
    expect(box.textContent).not.toContain("Error displaying widget");
    expect(win.reloads).toBe(0);              // after the pause, not at once
    advance(1000);
    expect(win.reloads).toBe(1);
    expect(readAttempts(win.sessionStorage, 2000)).toBe(1);
  });

  it("waits longer on the next attempt (the count survives the reload)", () => {
    const win = fakeWindow();
    writeAttempts(win.sessionStorage, 2, 0);
    output("Error displaying widget: model not found");
    const { advance } = install(win);
    advance(3999);
    expect(win.reloads).toBe(0);
    advance(1);
    expect(win.reloads).toBe(1);
    expect(readAttempts(win.sessionStorage, 4000)).toBe(3);
  });

  it("reloads a page that never draws a board", () => {
    const win = fakeWindow();
    output("Loading widget...");
    const { advance } = install(win);
    advance(59_500);
    expect(win.reloads).toBe(0);
    advance(500 + 1000);
    expect(win.reloads).toBe(1);
  });

  it("stops watching once the board is drawn, and clears the count", () => {
    const win = fakeWindow();
    writeAttempts(win.sessionStorage, 4, 0);
    const out = output("Loading widget...");
    const { advance } = install(win);
    out.appendChild(Object.assign(document.createElement("div"), { className: "nw-root" }));
    advance(500);
    expect(win.sessionStorage.data.has(STORAGE_KEY)).toBe(false);
    out.textContent = "Error displaying widget: model not found";   // later: not ours to fix
    advance(120_000);
    expect(win.reloads).toBe(0);
  });

  it("does nothing outside Voila (JupyterLab), and installs once", () => {
    const lab = fakeWindow({ voila: false });
    output("Error displaying widget: model not found");
    install(lab).advance(120_000);
    expect(lab.reloads).toBe(0);
    expect(document.getElementById("nw-watchdog")).toBe(null);

    const win = fakeWindow();
    const first = install(win);
    const second = installWatchdog(win, {});
    expect(second).toBe(first.stop);
    first.stop();
  });
});

describe("the kernel behind a page that is up", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A kernel connection as Voila's widget manager holds it: a status and its signal. */
  function fakeKernel() {
    const slots = new Set();
    return {
      status: "idle",
      connectionStatus: "connected",
      statusChanged: {
        connect: (fn) => slots.add(fn),
        disconnect: (fn) => slots.delete(fn),
      },
      set(status) {
        this.status = status;
        for (const fn of [...slots]) fn(this, status);
      },
      slots,
    };
  }

  function pageWithBoard() {
    const win = fakeWindow();
    const listeners = {};
    win.addEventListener = (type, fn) => { listeners[type] = fn; };
    win.removeEventListener = (type) => { delete listeners[type]; };
    win.listeners = listeners;
    const cells = Object.assign(document.createElement("div"), { id: "rendered_cells" });
    const board = Object.assign(document.createElement("div"), { className: "nw-root" });
    board.appendChild(Object.assign(document.createElement("button"), { textContent: "Roll" }));
    cells.appendChild(board);
    document.body.appendChild(cells);
    const kernel = fakeKernel();
    win.jupyterapp = { widgetManager: { kernel } };
    return { win, kernel, board };
  }

  function install(win) {
    installWatchdog(win, { pollMs: 500, now: () => 0, reload: () => { win.reloads += 1; } });
  }

  it("says at once that a restarted kernel lost the game, with a Reload button", () => {
    const { win, kernel, board } = pageWithBoard();
    install(win);
    vi.advanceTimersByTime(5_000);
    expect(document.getElementById("nw-lost")).toBe(null);
    kernel.set("restarting");               // the signal: no wait for the next poll
    const box = document.getElementById("nw-lost");
    expect(box.getAttribute("role")).toBe("alertdialog");
    expect(box.textContent).toContain("This game has stopped.");
    // Reload brings the kept game back (the app keeps each game from its first move)
    expect(box.textContent).toContain("Reload the page to bring the game back at its last stored move");
    expect(box.textContent).not.toContain("new game");
    expect(board.closest("[inert]")).not.toBe(null);
    expect(win.reloads).toBe(0);            // the player decides
    box.querySelector('button[data-key="lost-reload"]').click();
    expect(win.reloads).toBe(1);
    expect(kernel.slots.size).toBe(0);      // the watch is over
  });

  it("notices a dead kernel or a lost server on its next look", () => {
    for (const lose of [(k) => { k.status = "dead"; },
      (k) => { k.connectionStatus = "disconnected"; }]) {
      const { win, kernel } = pageWithBoard();
      install(win);
      vi.advanceTimersByTime(1_000);
      lose(kernel);
      expect(document.getElementById("nw-lost")).toBe(null);
      vi.advanceTimersByTime(500);
      expect(document.getElementById("nw-lost")).not.toBe(null);
    }
  });

  it("says a game stopped once its server has been gone a few seconds, not at a blip", () => {
    // a killed server: Jupyter's connection keeps trying ("connecting") for minutes
    const { win, kernel } = pageWithBoard();
    install(win);
    vi.advanceTimersByTime(1_000);
    kernel.connectionStatus = "connecting";   // a moment's trouble, then connected again
    vi.advanceTimersByTime(2_000);
    kernel.connectionStatus = "connected";
    vi.advanceTimersByTime(10_000);
    expect(document.getElementById("nw-lost")).toBe(null);
    kernel.connectionStatus = "connecting";   // the server is gone
    vi.advanceTimersByTime(3_000);
    expect(document.getElementById("nw-lost")).toBe(null);
    vi.advanceTimersByTime(1_500);
    expect(document.getElementById("nw-lost").textContent).toContain("This game has stopped.");
  });

  it("keeps quiet while the kernel lives, and when the page is being left", () => {
    const { win, kernel } = pageWithBoard();
    install(win);
    kernel.set("busy");
    kernel.set("idle");
    vi.advanceTimersByTime(60_000);
    expect(document.getElementById("nw-lost")).toBe(null);
    win.listeners.beforeunload();           // Voila's unload hook then closes the connection
    kernel.set("dead");
    vi.advanceTimersByTime(1_000);
    expect(document.getElementById("nw-lost")).toBe(null);
  });

  it("leaves a page whose kernel never answered to the reload watch", () => {
    const win = fakeWindow();
    const kernel = fakeKernel();
    kernel.status = "dead";
    win.jupyterapp = { widgetManager: { kernel } };
    output("Loading widget...");
    install(win);
    vi.advanceTimersByTime(1_000);
    expect(document.getElementById("nw-lost")).toBe(null);
  });
});

describe("the lost-kernel notice over an open dialog", () => {
  // jsdom has no showModal: a stand-in that records the top layer's order (Chromium's is
  // the real one: tests/browser/test_voila_watchdog.py)
  const topLayer = [];
  beforeEach(() => {
    vi.useFakeTimers();
    topLayer.length = 0;
    HTMLDialogElement.prototype.showModal = function showModal() {
      topLayer.push(this);
      this.setAttribute("open", "");
    };
    HTMLDialogElement.prototype.close = function close() {
      const at = topLayer.indexOf(this);
      if (at >= 0) topLayer.splice(at, 1);
      this.removeAttribute("open");
      this.dispatchEvent(new Event("close"));
    };
  });
  afterEach(() => {
    vi.useRealTimers();
    delete HTMLDialogElement.prototype.showModal;
    delete HTMLDialogElement.prototype.close;
  });

  it("closes a round's summary dialog and is the top of the top layer, Reload focused", () => {
    const win = fakeWindow();
    const board = Object.assign(document.createElement("div"), { className: "nw-root" });
    const summary = document.createElement("dialog");
    summary.className = "nw-modal";
    summary.appendChild(Object.assign(document.createElement("button"), { textContent: "Close" }));
    board.appendChild(summary);
    document.body.appendChild(board);
    summary.showModal();
    let closed = 0;
    summary.addEventListener("close", () => { closed += 1; });
    const status = { status: "idle", connectionStatus: "connected" };
    win.jupyterapp = { widgetManager: { kernel: status } };
    installWatchdog(win, { pollMs: 500, now: () => 0, reload: () => { win.reloads += 1; } });
    vi.advanceTimersByTime(600);
    status.status = "dead";
    vi.advanceTimersByTime(600);
    const notice = document.getElementById("nw-lost");
    expect(notice.tagName).toBe("DIALOG");
    expect(summary.hasAttribute("open")).toBe(false);
    expect(closed).toBe(1);
    expect(topLayer).toEqual([notice]);         // nothing lies above it
    const reload = notice.querySelector('button[data-key="lost-reload"]');
    expect(document.activeElement).toBe(reload); // Enter or Space reloads
    const escape = new Event("cancel", { cancelable: true });
    notice.dispatchEvent(escape);
    expect(escape.defaultPrevented).toBe(true);  // Escape does not close the notice
    reload.click();
    expect(win.reloads).toBe(1);
  });
});
