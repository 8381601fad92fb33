// The widget shell's controller: the anywidget entry any game's bundle uses
// (`export default makeWidget(createView)`), see README.md in this folder.
//
// It reads the synced traits once per draw (a trait change schedules one draw in a
// microtask, so every trait of one update message lands in the same draw, with no frame of
// delay), turns the shell's controls into intents (model.send; Python validates and
// applies every intent), keeps the shell's own visual state (the New game form, the
// dialogs, the pending preview, the history branch) and hands the game's view a `shell`
// object.  The view draws the game's table; nothing here knows a rule of any game.
import "./shell.css";
import * as dom from "./dom.js";
import * as icons from "./icons.js";
import { logStore } from "./logstore.js";
import { traitValue } from "./traits.js";
import { makePanels } from "./panels.js";

/** The generic traits (a view adds its own with `view.traits`). */
export const TRAITS = [
  "game_kind", "game_info", "view", "legal", "log_patch", "error", "seats", "bot_names", "bot_info",
  "settings", "history", "busy", "coach", "preview",
];

const camel = (name) => name.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

/** The synced traits, read once per draw (`extra`: the game's own traits). */
export function readState(model, extra = []) {
  const get = (name) => traitValue(model, name);
  const S = {
    kind: model.get("game_kind") || "",
    info: get("game_info") || {},
    view: get("view") || {},
    legal: get("legal") || [],
    error: model.get("error") || "",
    seats: model.get("seats") || [],
    botNames: model.get("bot_names") || [],
    botInfo: get("bot_info") || {},
    settings: get("settings") || {},
    history: get("history") || {},
    busy: Boolean(model.get("busy")),
    coach: get("coach") || {},
    preview: get("preview") || {},
    coachBusy: false,
    viewingHistory: false,
    humanTurn: false,
    acting: null,
  };
  for (const name of extra) S[camel(name)] = get(name);
  return S;
}

function readPreference(key, dflt) {
  try {
    const v = typeof localStorage !== "undefined" ? localStorage.getItem(key) : null;
    return v === null ? dflt : v === "true";
  } catch {
    return dflt;
  }
}

function writePreference(key, value) {
  try {
    if (typeof localStorage !== "undefined") localStorage.setItem(key, String(value));
  } catch {
    // storage refused (private mode): the choice lasts for this page only
  }
}

function download(text, filename) {
  if (typeof URL === "undefined" || typeof URL.createObjectURL !== "function") return false;
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename || "nations-game.json";
  a.style.display = "none";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => {
    if (typeof URL.revokeObjectURL === "function") URL.revokeObjectURL(url);
  }, 1000);
  return true;
}

/** The shell's own shortcuts, listed in the "?" overlay after the view's. */
/** How long a preview may take before the board says it is being worked out (ms). */
export const PREVIEW_WAIT_MS = 150;

export const SHELL_SHORTCUTS = [
  ["U or Ctrl+Z", "undo"],
  ["H", "ask the coach for a hint"],
  ["Enter", "confirm the move previewed"],
  ["Escape", "close a dialog or this list, cancel what is being chosen"],
  ["?", "show or hide this list"],
  ["Tab", "every control is also reachable with Tab"],
];

/**
 * The controller of one widget view: `createView(root, shell)` is the game's view (see
 * README.md).  Returns {ui, view, shell, draw, destroy} (for tests).
 */
export function createController({ model, el }, createView) {
  const ui = {
    note: "",
    form: null,
    // Python asks for the New game dialog open when the page first draws the widget (the
    // app's game just chosen: trait new_game_open)
    newGameOpen: Boolean(model.get("new_game_open")),
    lastSaved: null,
    formRev: 0,
    branchFrom: null,
    branchPending: false,
    helpOpen: false,
    // the move waiting for Confirm (its preview comes from Python), and the number of
    // the question (Python's answer carries it)
    previewMove: null,
    previewAsk: null,
    previewKey: null,
    // experienced players can turn previews off (kept in this browser)
    previews: readPreference("nw-previews", true),
  };
  let scheduled = false;
  let destroyed = false;
  let previewWait = null; // the "Working out…" draw of a preview not answered yet (commit)
  let asks = 0;
  let view = null;
  let extraTraits = [];
  const log = logStore(model);

  // the Hint asked and not yet answered (the coach trait brings the answer)
  let askedHintAt = null;
  const state = () => {
    const S = readState(model, extraTraits);
    const hint = S.coach.hint;
    if (askedHintAt !== null && (hint && hint.position === askedHintAt || S.error || S.view.position !== askedHintAt)) askedHintAt = null;
    S.coachBusy = askedHintAt !== null;
    // an earlier position of the game, not chosen to play on from ("continue from here",
    // or an Undo: taking a move back means playing on)
    if (ui.branchPending) {
      if (S.history.position === ui.branchFrom || S.error) ui.branchPending = false;
    } else if (ui.branchFrom !== null && ui.branchFrom !== S.history.position) {
      ui.branchFrom = null;
    }
    S.viewingHistory = S.history.position < S.history.length && ui.branchFrom !== S.history.position;
    // a human is to decide: the view's own `human_turn` when it sends one, else the seat's
    const cur = S.view.current;
    S.humanTurn = typeof S.view.human_turn === "boolean" ? S.view.human_turn
      : cur !== null && cur !== undefined && S.seats[cur] === "human";
    S.acting = S.humanTurn && !S.busy && !S.viewingHistory ? cur : null;
    return S;
  };

  /** Note the draw on the page's performance timeline (a measure named "nw-draw", for
   * profiling and benchmarks/browser_latency.py); the old notes are cleared now and then
   * (a page keeps every measure until it is cleared). */
  let notes = 0;
  function drawn(t0) {
    if (typeof performance === "undefined" || typeof performance.measure !== "function") return;
    notes += 1;
    try {
      if (notes % 64 === 0) performance.clearMeasures("nw-draw");
      performance.measure("nw-draw", { start: t0, end: performance.now() });
    } catch {
      // an old browser without measure options: no note
    }
  }

  let loading = false;
  function draw() {
    scheduled = false;
    if (destroyed || !view) return;
    const S = state();
    const ready = view.ready ? view.ready(S) : S.view.position !== undefined;
    if (!ready) {
      if (view.reset) view.reset();
      loading = true;
      el.replaceChildren(Object.assign(document.createElement("div"), { className: "nw-root nw-loading", textContent: "Loading the game…" }));
      return;
    }
    if (loading && view.reset) view.reset();
    loading = false;
    // a pending preview belongs to the decision it was asked on
    const key = view.turnKey ? view.turnKey(S) : `${S.view.position}:${S.view.current}`;
    if (key !== ui.previewKey) {
      ui.previewKey = key;
      ui.previewMove = null;
    }
    if (!ui.form) ui.form = defaultForm(S);
    const t0 = performance.now();
    // a focused control whose part was rebuilt: focus it again, or its successor
    dom.keepingFocus(el, () => view.draw(S));
    drawn(t0);
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(draw);
  }

  function defaultForm(S) {
    const players = S.settings.players || 2;
    const game = view.newGame && view.newGame.defaults ? view.newGame.defaults(S) : {};
    return {
      players,
      seats: [...S.seats],
      seed: "",
      bot_delay: S.settings.bot_delay ?? 0.8,
      ...game,
    };
  }

  function send(intent) {
    ui.note = "";
    model.send(intent);
  }

  const shell = {
    ui,
    dom,
    icons,
    log,
    state,
    send,
    redraw: schedule,
    drawNow: () => draw(),
    /** A move for the acting seat, with the seat and position drawn last: a second
     * click of a double click (sent before the board's update arrives) is refused by
     * Python instead of played on the next position. */
    play(move) {
      if (!move) return;
      const S = state();
      send({ kind: "move", seat: S.view.current, position: S.view.position, move });
    },
    /** Ask Python what `move` would do (intent `preview`); returns the question's
     * number, which Python's answer (the `preview` trait) carries as `ask`. */
    askPreview(move) {
      asks += 1;
      send({ kind: "preview", move, ask: asks });
      return asks;
    },
    /** Python's answer to question `ask`, if it has come, for the position shown. */
    previewAnswer(S, ask) {
      const pv = S.preview;
      return ask !== null && pv && pv.ask === ask && pv.position === S.view.position ? pv : null;
    },
    /** An irreversible move: first its preview (Python's) when asked and previews are on. */
    commit(move, { preview = false } = {}) {
      if (!move) return;
      if (!preview || !ui.previews) {
        shell.play(move);
        return;
      }
      ui.previewMove = move;
      ui.previewAsk = shell.askPreview(move);
      // Python's answer usually comes within a frame or two, and its arrival draws the
      // preview: drawing "Working out…" now as well would put a second redraw (and its
      // paint, several ms) in the answer's way.  Only a slow answer shows it.
      clearTimeout(previewWait);
      previewWait = setTimeout(() => {
        if (ui.previewMove === move && !destroyed) draw();
      }, PREVIEW_WAIT_MS);
    },
    pendingMove: () => ui.previewMove,
    /** Python's answer to the pending move's preview (null while it is on its way). */
    previewShown(S) {
      return ui.previewMove ? shell.previewAnswer(S, ui.previewAsk) : null;
    },
    confirmPreview() {
      const move = ui.previewMove;
      ui.previewMove = null;
      if (move) shell.play(move);
      draw();
    },
    cancelPreview() {
      ui.previewMove = null;
      draw();
    },
    previewsOn: () => ui.previews,
    setPreviews(on) {
      ui.previews = Boolean(on);
      writePreference("nw-previews", ui.previews);
      draw();
    },
    note(text) {
      ui.note = text;
      draw();
    },
    noteText: () => ui.note,
    /** Take back to the previous decision of a human seat, to play on from there. */
    undo() {
      const S = state();
      ui.branchFrom = S.history.undo_to;
      ui.branchPending = true;
      send({ kind: "undo" });
    },
    /** Play on from the earlier position shown (the next move replaces the later ones). */
    continueHere() {
      const S = state();
      ui.branchFrom = S.history.position;
      const cur = S.view.current;
      if (cur !== null && cur !== undefined && S.seats[cur] !== "human") send({ kind: "play_bots" });
      draw();
    },
    /** A new game with the same seats and settings, and a new seed. */
    playAgain() {
      const S = state();
      // every game setting Python sent (so a setting added later carries over too), a new
      // seed (Python sends the old one only once the game is over, for sharing)
      const { max_message: _limit, seed: _seed, ...same } = S.settings;
      const settings = { ...same, seats: [...S.seats], seed: null };
      if (view.newGameStarted) view.newGameStarted();
      send({ kind: "new_game", settings });
      draw();
    },
    askHint() {
      const S = state();
      askedHintAt = S.view.position;
      send({ kind: "hint" });
      draw();
    },
    dismiss() {
      ui.note = "";
      if (state().error) send({ kind: "clear_error" });
      draw();
    },
    openNewGame() {
      ui.newGameOpen = true;
      draw();
      const first = el.querySelector('details.nw-newgame [data-key="form-players"]');
      if (first && typeof first.focus === "function") first.focus();
    },
    closeNewGame() {
      ui.newGameOpen = false;
      draw();
    },
    setNewGameOpen(open) {
      ui.newGameOpen = Boolean(open);
    },
    toggleHelp() {
      ui.helpOpen = !ui.helpOpen;
      draw();
    },
    /** Change the New game form; `redraw` false: the control already shows the change. */
    setForm(patch, redraw = true) {
      const f = { ...ui.form, ...patch };
      if (patch.players !== undefined) {
        const bot = state().info.preferred_bot || "human";
        const seats = [];
        for (let i = 0; i < f.players; i += 1) seats.push(f.seats[i] || (i === 0 ? "human" : bot));
        f.seats = seats;
      }
      ui.form = f;
      if (redraw) {
        ui.formRev += 1;
        draw();
      }
    },
    setFormSeat(seat, who) {
      const seats = [...ui.form.seats];
      seats[seat] = who;
      shell.setForm({ seats });
    },
    startGame() {
      const f = ui.form;
      const game = view.newGame && view.newGame.settings ? view.newGame.settings(f) : {};
      const settings = {
        players: f.players,
        seats: f.seats.slice(0, f.players),
        ...game,
        seed: String(f.seed || "").trim() === "" ? null : String(f.seed).trim(),
      };
      const delay = Number(f.bot_delay);
      if (Number.isFinite(delay)) settings.bot_delay = delay;
      ui.form = { ...f, seed: "" };
      ui.formRev += 1;
      ui.newGameOpen = false;
      if (view.newGameStarted) view.newGameStarted();
      send({ kind: "new_game", settings });
      draw();
    },
    /** Send a file's text as a load intent ("game": `load`, else `load_<kind>`). */
    loadText(kind, name, text) {
      const limit = (state().settings.max_message || 400000) - 1000;
      if (text.length > limit) {
        ui.note = `${name} is too large (${text.length.toLocaleString()} characters; a saved game is far smaller).`;
        draw();
        return;
      }
      send({ kind: kind === "game" ? "load" : `load_${kind}`, text, name });
    },
    pickFile(kind) {
      const input = document.createElement("input");
      input.type = "file";
      input.accept = ".json,application/json";
      input.style.display = "none";
      input.addEventListener("change", () => {
        const file = input.files && input.files[0];
        input.remove();
        if (!file) return;
        const reader = new FileReader();
        reader.onload = () => shell.loadText(kind, file.name, String(reader.result));
        reader.onerror = () => {
          ui.note = `Could not read ${file.name}.`;
          draw();
        };
        reader.readAsText(file);
      });
      el.appendChild(input);
      input.click();
    },
    /** The shortcuts of the "?" overlay: the view's, then the shell's. */
    shortcuts: () => [...((view && view.shortcuts) || []), ...SHELL_SHORTCUTS],
  };
  shell.newGameFields = (S, form) => (view.newGame && view.newGame.fields ? view.newGame.fields(S, form, shell.setForm) : []);
  shell.newGameSignature = (S, form) => (view.newGame && view.newGame.signature ? view.newGame.signature(S, form) : []);
  shell.panels = makePanels(shell);

  /** Single-key shortcuts (listed in the "?" overlay); everything stays reachable by Tab.
   * Keys typed into a field, or with Alt/Meta, are left alone. */
  function onKey(e) {
    if (e.defaultPrevented || e.altKey || e.metaKey) return;
    const t = e.target;
    const typing = t && (t.tagName === "SELECT" || t.tagName === "TEXTAREA" ||
      (t.tagName === "INPUT" && !["checkbox", "range", "button"].includes(t.type)));
    if (typing && e.key !== "Escape") return;
    const S = state();
    if (!view || (view.ready ? !view.ready(S) : S.view.position === undefined)) return;
    const key = e.key;
    let done = true;
    if (view.keyFirst && view.keyFirst(e, S)) {
      // the view took it (e.g. any key closes an end-of-round panel)
    } else if (key === "?") {
      ui.helpOpen = !ui.helpOpen;
      draw();
    } else if (key === "Enter" && ui.previewMove && (!t || t.tagName !== "BUTTON")) {
      shell.confirmPreview();
    } else if (key === "Escape") {
      if (ui.newGameOpen) ui.newGameOpen = false;
      else if (ui.helpOpen) ui.helpOpen = false;
      else if (ui.previewMove) ui.previewMove = null;
      else if (!(view.escape && view.escape(S))) done = false;
      draw();
    } else if (e.ctrlKey && (key === "z" || key === "Z")) {
      if (S.history.can_undo) shell.undo();
    } else if (e.ctrlKey) {
      done = false;
    } else if (key === "u" || key === "U") {
      if (S.history.can_undo) shell.undo();
    } else if ((key === "h" || key === "H") && S.acting !== null) {
      shell.askHint();
    } else {
      done = Boolean(view.onKey && view.onKey(e, S));
    }
    if (done) e.preventDefault();
  }

  function onCustom(msg) {
    if (msg && msg.kind === "saved") {
      ui.lastSaved = msg;
      download(msg.text, msg.filename);
    }
  }

  view = createView(el, shell);
  extraTraits = view.traits || [];
  // the previews checkbox, in the game's words (which moves it previews)
  shell.previewWords = view.previewWords || {
    label: "Preview moves",
    title: "Show what a move will do, with Confirm and Cancel, before it is made",
  };
  el.addEventListener("keydown", onKey);
  const handlers = [...TRAITS, ...extraTraits].map((t) => [`change:${t}`, schedule]);
  for (const [event, fn] of handlers) model.on(event, fn);
  model.on("msg:custom", onCustom);
  draw();

  return {
    ui,
    view,
    shell,
    draw,
    destroy() {
      destroyed = true;
      clearTimeout(previewWait);
      el.removeEventListener("keydown", onKey);
      for (const [event, fn] of handlers) model.off(event, fn);
      model.off("msg:custom", onCustom);
      if (view.destroy) view.destroy();
    },
  };
}

/** The anywidget module of a game: `export default makeWidget(createView)`. */
export function makeWidget(createView) {
  return {
    initialize({ model }) {
      // follow the log from the model's first update on, whether a view shows it or not
      const store = logStore(model);
      return () => store.dispose();
    },
    render({ model, el }) {
      const controller = createController({ model, el }, createView);
      return () => controller.destroy();
    },
  };
}
