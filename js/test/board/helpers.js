// The board view's test helpers: fixtures generated from Python
// (js/scripts/make_board_fixtures.py) and a stand-in for the widget shell's `shell`
// object (js/src/shell/README.md) that records what the view asks of it.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// the shell's DOM helpers (js/src/shell/dom.js once the shell is merged; js/src/dom.js before)
async function loadDom() {
  for (const path of ["../../src/shell/dom.js", "../../src/dom.js"]) {
    try {
      return await import(/* @vite-ignore */ path);
    } catch {
      // not there on this branch: the next
    }
  }
  throw new Error("no dom.js");
}
export const dom = await loadDom();

const here = dirname(fileURLToPath(import.meta.url));
const read = (n) => JSON.parse(readFileSync(join(here, "fixtures", `${n}.json`), "utf8"));

/** A fixture as the shell's snapshot S (the cards trait loaded from its file). */
export function snapshot(name, patch = {}) {
  const f = read(name);
  const v = f.view;
  const humanTurn = v.current !== null && f.seats[v.current] === "human";
  return {
    kind: "board", info: { kind: "board", title: "Nations", player_counts: [1, 2, 3, 4, 5], preferred_bot: "heuristic" },
    view: v, legal: f.legal, error: f.error || "", seats: f.seats, botNames: ["random", "heuristic", "mcts"], botInfo: {},
    settings: f.settings, history: f.history, busy: false, coach: { on: false, hint: null, verdict: null },
    preview: f.preview || {}, coachBusy: false, viewingHistory: false, humanTurn,
    acting: humanTurn ? v.current : null, cards: read(f.cards), ...patch,
  };
}

export function fakeShell() {
  const { h } = dom;
  const shell = {
    dom, sent: [], committed: [], pending: null, redraws: 0, S: null, view: null,
    ui: { helpOpen: false },
    commit(move, opts = {}) {
      shell.committed.push({ move, opts });
      if (opts.preview) shell.pending = move;
      else shell.sent.push({ kind: "move", move });
      shell.redraw();
    },
    play(move) { shell.sent.push({ kind: "move", move }); },
    send(intent) { shell.sent.push(intent); },
    pendingMove: () => shell.pending,
    previewShown: (S) => (shell.pending && S.preview && JSON.stringify(S.preview.move) === JSON.stringify(shell.pending) ? S.preview : null),
    // as the shell's: the view's answer to the question the move asks next goes with it
    confirmPreview() {
      const then = shell.view && shell.view.previewFollow && shell.previewShown(shell.S) ? shell.view.previewFollow(shell.S) : null;
      shell.sent.push({ kind: "move", move: shell.pending, ...(then ? { then } : {}) });
      shell.pending = null;
      shell.redraw();
    },
    cancelPreview() { shell.pending = null; shell.redraw(); },
    previewsOn: () => true,
    redraw() {
      shell.redraws += 1;
      // as the shell's controller draws: the focused control keeps the focus
      if (shell.view && shell.S) dom.keepingFocus(shell.host || document.body, () => shell.view.draw(shell.S));
    },
    state: () => shell.S,
    note() {},
    panels: {
      headerButtons: () => [h("button", { dataset: { key: "shell-newgame" } }), h("button", { dataset: { key: "shell-help" } })],
      errorLine: (S) => (S.error ? h("p", { class: "nw-error", dataset: { key: "error" } }, S.error) : null),
      historyBanner: () => h("div", { dataset: { key: "shell-banner" } }),
      waiting: (S) => h("div", { dataset: { key: "shell-waiting" } }, `${S.seats[S.view.current]} is thinking`),
      coachPanel: () => null,
      historyPanel: () => h("section", { dataset: { key: "shell-history" } }),
      logPanel: () => {
        shell.logPanels = (shell.logPanels || 0) + 1;
        const el = h("section", { dataset: { key: "shell-log" } });
        return { el, update: () => { shell.logUpdates = (shell.logUpdates || 0) + 1; } };
      },
      gamePanel: () => h("section", { dataset: { key: "shell-game" } }),
      helpOverlay: () => h("div", { dataset: { key: "shell-help" } }),
    },
  };
  return shell;
}

/** Draw snapshot `S` with a fresh view in a fresh host; returns {el, view, shell}. */
export function mount(createView, S) {
  const el = document.createElement("div");
  document.body.appendChild(el);
  const shell = fakeShell();
  const view = createView(el, shell);
  shell.view = view;
  shell.S = S;
  shell.host = el;
  view.draw(S);
  return { el, view, shell, byKey: (key) => el.querySelector(`[data-key="${key}"]`) };
}

export function click(node) {
  if (!node) throw new Error("nothing to click");
  node.dispatchEvent(new MouseEvent("click", { bubbles: true }));
}

export const key = (k) => new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true });
