// anywidget entry point: render({model, el}) draws the table from the synced traits and
// turns clicks into intents (model.send).  Python validates and applies every intent.
//
// Drawing is incremental (render.js, Board): a trait change schedules one draw (a
// microtask, so every trait of one update message lands in the same draw, with no frame
// of delay), and the draw rebuilds only the parts whose inputs changed.
import "./widget.css";
import { logStore } from "./logstore.js";
import { Board, actingSeat } from "./render.js";
import {
  buyMove,
  cycleChit,
  diceOf,
  passMove,
  emptySelection,
  pairForTrade,
  pruneSelection,
  rerollMove,
  returnedDiceChoice,
  selectionIsEmpty,
  toggleDie,
  toggleReturned,
  usedRerollsChoice,
} from "./logic.js";

export const TRAITS = [
  "catalogue", "view", "legal", "log_patch", "error", "seats", "bot_names", "bot_info", "settings",
  "history", "reconstructed", "busy", "coach", "preview",
];

/** The synced traits, read once per draw. */
export function readState(model) {
  return {
    catalogue: model.get("catalogue") || {},
    view: model.get("view") || {},
    legal: model.get("legal") || [],
    error: model.get("error") || "",
    seats: model.get("seats") || [],
    botNames: model.get("bot_names") || [],
    botInfo: model.get("bot_info") || {},
    settings: model.get("settings") || {},
    history: model.get("history") || {},
    reconstructed: Boolean(model.get("reconstructed")),
    busy: Boolean(model.get("busy")),
    coach: model.get("coach") || {},
    preview: model.get("preview") || {},
    coachBusy: false,
  };
}

function defaultForm(S) {
  const players = S.settings.players || 2;
  return {
    players,
    seats: [...S.seats],
    variant: S.settings.variant || "original",
    automate: S.settings.automate !== false,
    solo_tougher: Boolean(S.settings.solo_tougher),
    unrest: Boolean(S.settings.unrest),
    seed: "",
    bot_delay: S.settings.bot_delay ?? 0.8,
  };
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
  a.download = filename || "nations-dice-game.json";
  a.style.display = "none";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => {
    if (typeof URL.revokeObjectURL === "function") URL.revokeObjectURL(url);
  }, 1000);
  return true;
}

/** How long a preview may take before the board says it is being worked out (ms). */
export const PREVIEW_WAIT_MS = 150;

/**
 * The widget's controller: local visual state (selection, pending buy and what it gives
 * back, form), the callbacks the drawing uses, and the subscriptions to the model.
 * Exported for tests.
 */
export function createController({ model, el }) {
  const ui = {
    sel: emptySelection(),
    pendingBuy: null,
    // a building's replacement chosen, the dice to give back not yet confirmed:
    // {replaces, dice} (dice: null while the engine's default stands)
    pendingReturn: null,
    hint: "",
    form: null,
    newGameOpen: false,
    rollingDice: [],
    animatedPos: null,
    rollKey: null,
    selKey: null,
    lastSaved: null,
    formRev: 0,
    branchFrom: null,
    branchPending: false,
    helpOpen: false,
    dismissedRound: null,
    // the purchase or build waiting for Confirm (its preview comes from Python)
    previewMove: null,
    // experienced players can turn previews off (kept in this browser)
    previews: readPreference("nw-previews", true),
  };
  let scheduled = false;
  let destroyed = false;
  let previewWait = null; // the "Working out…" draw of a preview not answered yet (commit)
  const log = logStore(model);
  const board = new Board(el);
  let scrollPending = false;

  // the Hint asked and not yet answered (the coach trait brings the answer)
  let askedHintAt = null;
  const state = () => {
    const S = readState(model);
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
    return S;
  };

  function send(intent) {
    ui.hint = "";
    model.send(intent);
  }

  /** Scroll the log to its newest line, before the next paint (the layout is done for
   * the paint anyway by then, so reading it there costs nothing extra). */
  function scrollLog() {
    if (scrollPending) return;
    scrollPending = true;
    const later = typeof requestAnimationFrame === "function" ? requestAnimationFrame : (fn) => fn();
    later(() => {
      scrollPending = false;
      const list = board.logList;
      if (!destroyed && list && list.isConnected) list.scrollTop = list.scrollHeight;
    });
  }

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

  function draw() {
    scheduled = false;
    if (destroyed) return;
    const S = state();
    if (!S.view || !S.view.dice || !S.catalogue.tiles) {
      board.reset();
      el.replaceChildren(Object.assign(document.createElement("div"), { className: "nw-root nw-loading", textContent: "Loading the game…" }));
      return;
    }
    const key = `${S.view.position}:${S.view.current}:${S.view.step}`;
    if (key !== ui.selKey) {
      ui.selKey = key;
      ui.sel = emptySelection();
      ui.pendingBuy = null;
      ui.pendingReturn = null;
      ui.previewMove = null;
    } else {
      ui.sel = pruneSelection(S.view, S.view.human_turn ? S.view.current : null, ui.sel);
    }
    if (S.view.position !== ui.animatedPos) {
      // dice roll when the board steps forward onto the move that rolled them (a move, a
      // redo, a bot's move) or opens on a game, not when it goes back or jumps (undo, replay)
      const forward = ui.animatedPos === null || S.view.position === ui.animatedPos + 1;
      ui.rollingDice = forward ? S.view.rolled || [] : [];
      ui.rollKey = forward ? S.view.position : null;
      ui.animatedPos = S.view.position;
    } else {
      ui.rollingDice = [];
    }
    if (!ui.form) ui.form = defaultForm(S);
    const doc = el.ownerDocument;
    const active = doc ? doc.activeElement : null;
    const focusKey = active && el.contains(active) && active.dataset ? active.dataset.key : null;
    const t0 = performance.now();
    const { logChanged } = board.render(S, ui, act, log);
    if (logChanged) scrollLog();
    drawn(t0);
    // a focused control whose part was rebuilt: focus its successor
    if (focusKey && !active.isConnected) {
      const again = [...el.querySelectorAll("[data-key]")].find((x) => x.dataset.key === focusKey);
      if (again && typeof again.focus === "function") again.focus();
    }
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(draw);
  }

  /** The building buy waiting for its dice to give back (its payment: the selection, else
   * the suggested one), and that choice (logic.js returnedDiceChoice); null if none. */
  function pendingReturnMove() {
    const S = state();
    const r = ui.pendingReturn;
    if (!ui.pendingBuy || !r) return null;
    const move = buyMove(S.catalogue, S.legal, ui.sel, ui.pendingBuy, r.replaces);
    return { move, choice: returnedDiceChoice(S.catalogue, S.view, move) };
  }

  const act = {
    send,
    move(move) {
      if (!move) return;
      const S = state();
      // the position the player saw: a second click of a double click (sent before the
      // board's update arrives) is refused by Python instead of played on the next position
      send({ kind: "move", seat: S.view.current, position: S.view.position, move });
    },
    /** An irreversible purchase or build: first its preview (Python's), unless turned off. */
    commit(move) {
      if (!move) return;
      if (!ui.previews || (move.type !== "buy" && move.type !== "build")) {
        act.move(move);
        return;
      }
      ui.previewMove = move;
      ui.previewOld = model.get("preview"); // the answer is the next preview Python sends
      send({ kind: "preview", move });
      // Python's answer usually comes within a frame or two, and its arrival draws the
      // preview: drawing "Working out…" now as well would put a second redraw (and its
      // paint, several ms here) in the answer's way.  Only a slow answer shows it.
      clearTimeout(previewWait);
      previewWait = setTimeout(() => {
        if (ui.previewMove === move && !destroyed) draw();
      }, PREVIEW_WAIT_MS);
    },
    confirmPreview() {
      const move = ui.previewMove;
      ui.previewMove = null;
      if (move) act.move(move);
      draw();
    },
    cancelPreview() {
      ui.previewMove = null;
      draw();
    },
    setPreviews(on) {
      ui.previews = Boolean(on);
      writePreference("nw-previews", ui.previews);
      draw();
    },
    clickTile(tileId) {
      const S = state();
      const tile = S.catalogue.tiles[tileId];
      if (!tile) return;
      ui.pendingReturn = null;
      // a building asks what it replaces; an advisor, which reroll chits go back (if it matters)
      if (tile.kind === "building" || (tile.kind === "advisor" && usedRerollsChoice(S.view))) {
        ui.pendingBuy = ui.pendingBuy === tileId ? null : tileId;
        draw();
        return;
      }
      ui.pendingBuy = null;
      act.commit(buyMove(S.catalogue, S.legal, ui.sel, tileId));
    },
    chooseReplace(buildingId) {
      const S = state();
      if (!ui.pendingBuy) return;
      const move = buyMove(S.catalogue, S.legal, ui.sel, ui.pendingBuy, buildingId);
      const choice = returnedDiceChoice(S.catalogue, S.view, move);
      if (choice && choice.matters) { // next: which dice go back
        ui.pendingReturn = { replaces: buildingId, dice: null };
        draw();
        return;
      }
      ui.pendingBuy = null;
      act.commit(move);
      draw();
    },
    toggleReturned(d) {
      const pending = pendingReturnMove();
      if (!pending || !pending.choice) return;
      const { choice } = pending;
      const chosen = ui.pendingReturn.dice ?? choice.dflt;
      ui.pendingReturn = { ...ui.pendingReturn, dice: toggleReturned(chosen, d, choice.count) };
      draw();
    },
    defaultReturned() {
      if (!ui.pendingReturn) return;
      ui.pendingReturn = { ...ui.pendingReturn, dice: null };
      draw();
    },
    confirmReturn() {
      const pending = pendingReturnMove();
      if (!pending) return;
      const { move, choice } = pending;
      if (choice) {
        const dice = ui.pendingReturn.dice ?? choice.dflt;
        if (dice.length !== choice.count) { // the button is disabled then: a click that got through
          ui.hint = `Choose ${choice.count} ${choice.colour} ${choice.count === 1 ? "die" : "dice"} to give back.`;
          draw();
          return;
        }
        move.returned_dice = [...dice].sort((a, b) => a - b);
      }
      ui.pendingBuy = null;
      ui.pendingReturn = null;
      act.commit(move);
      draw();
    },
    chooseUsedRerolls(k) {
      const S = state();
      if (!ui.pendingBuy || S.catalogue.tiles[ui.pendingBuy]?.kind !== "advisor") return;
      const move = buyMove(S.catalogue, S.legal, ui.sel, ui.pendingBuy);
      move.returned_used_rerolls = k;
      ui.pendingBuy = null;
      act.commit(move);
      draw();
    },
    cancelBuy() {
      ui.pendingBuy = null;
      ui.pendingReturn = null;
      draw();
    },
    toggleDie(d) {
      ui.sel = toggleDie(ui.sel, d);
      draw();
    },
    pairTrade() {
      ui.sel = pairForTrade(ui.sel);
      draw();
    },
    cycleChit(kind, available) {
      ui.sel = cycleChit(ui.sel, kind, available);
      draw();
    },
    clearSelection() {
      ui.sel = emptySelection();
      draw();
    },
    reroll(star = false) {
      if (selectionIsEmpty(ui.sel) || !(ui.sel.dice.length || ui.sel.trades.length)) {
        ui.hint = "Select the dice to reroll first (click them), then press Reroll.";
        draw();
        return;
      }
      act.move(rerollMove(ui.sel, star));
    },
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
      // every game setting Python sent (so a setting added later carries over too), a new seed
      const { max_message: _limit, seed: _seed, ...same } = S.settings;
      const settings = { ...same, seats: [...S.seats], seed: null };
      ui.animatedPos = null;
      send({ kind: "new_game", settings });
      draw();
    },
    askHint() {
      const S = state();
      askedHintAt = S.view.position;
      send({ kind: "hint" });
      draw();
    },
    dismissRound() {
      const r = state().view.round_summary;
      if (r) ui.dismissedRound = `${state().view.config.seed}:${r.round}`;
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
    toggleHelp() {
      ui.helpOpen = !ui.helpOpen;
      draw();
    },
    dismiss() {
      ui.hint = "";
      if (state().error) send({ kind: "clear_error" });
      draw();
    },
    setUi(patch) {
      Object.assign(ui, patch);
    },
    /** Change the new-game form; `redraw` false: the control already shows the change. */
    setForm(patch, redraw = true) {
      const f = { ...ui.form, ...patch };
      if (patch.players !== undefined) {
        const S = state();
        const bot = S.botNames.includes("heuristic") ? "heuristic" : S.botNames[0] || "human";
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
      act.setForm({ seats });
    },
    startGame() {
      const f = ui.form;
      const settings = {
        players: f.players,
        seats: f.seats.slice(0, f.players),
        variant: f.variant,
        automate: f.automate,
        solo_tougher: f.players === 1 ? f.solo_tougher : false,
        unrest: Boolean(f.unrest),
        seed: String(f.seed || "").trim() === "" ? null : String(f.seed).trim(),
      };
      const delay = Number(f.bot_delay);
      if (Number.isFinite(delay)) settings.bot_delay = delay;
      ui.form = { ...f, seed: "" };
      ui.formRev += 1;
      ui.animatedPos = null; // the new game's first roll is shown rolling
      ui.newGameOpen = false;
      send({ kind: "new_game", settings });
      draw();
    },
    /** Send a file's text as a load intent ("game" or "catalogue"). */
    loadText(kind, name, text) {
      const limit = (state().settings.max_message || 400000) - 1000;
      if (text.length > limit) {
        ui.hint = `${name} is too large (${text.length.toLocaleString()} characters; a saved game is far smaller).`;
        draw();
        return;
      }
      send({ kind: kind === "catalogue" ? "load_catalogue" : "load", text, name });
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
        reader.onload = () => act.loadText(kind, file.name, String(reader.result));
        reader.onerror = () => {
          ui.hint = `Could not read ${file.name}.`;
          draw();
        };
        reader.readAsText(file);
      });
      el.appendChild(input);
      input.click();
    },
  };

  /** Single-key shortcuts (listed in the "?" overlay); everything stays reachable by Tab.
   * Keys typed into a field, or with Alt/Meta, are left alone. */
  function onKey(e) {
    if (e.defaultPrevented || e.altKey || e.metaKey) return;
    const t = e.target;
    const typing = t && (t.tagName === "SELECT" || t.tagName === "TEXTAREA" ||
      (t.tagName === "INPUT" && !["checkbox", "range", "button"].includes(t.type)));
    if (typing && e.key !== "Escape") return;
    const S = state();
    const v = S.view;
    if (!v || !v.dice) return;
    const me = actingSeat(S);
    const acting = me !== null && v.step === "actions" && !ui.pendingBuy;
    const key = e.key;
    let done = true;
    const summary = v.round_summary;
    if (summary && ui.dismissedRound !== `${v.config.seed}:${summary.round}` && !S.viewingHistory && !["Shift", "Control", "Alt", "Meta", "Tab"].includes(key)) {
      act.dismissRound(); // any key closes the end-of-round panel
    } else if (key === "?") {
      ui.helpOpen = !ui.helpOpen;
      draw();
    } else if (key === "Enter" && ui.previewMove && (!t || t.tagName !== "BUTTON")) {
      act.confirmPreview();
    } else if (key === "Escape") {
      if (ui.newGameOpen) ui.newGameOpen = false;
      else if (ui.helpOpen) ui.helpOpen = false;
      else if (ui.previewMove) ui.previewMove = null;
      else if (ui.pendingBuy) act.cancelBuy();
      else if (!selectionIsEmpty(ui.sel)) ui.sel = emptySelection();
      else done = false;
      draw();
    } else if (e.ctrlKey && (key === "z" || key === "Z")) {
      if (S.history.can_undo) act.undo();
    } else if (e.ctrlKey) {
      done = false;
    } else if (key === "u" || key === "U") {
      if (S.history.can_undo) act.undo();
    } else if ((key === "p" || key === "P") && acting) {
      act.move(passMove(ui.sel, v.config.variant));
    } else if ((key === "r" || key === "R") && acting) {
      act.reroll();
    } else if ((key === "h" || key === "H") && me !== null) {
      act.askHint();
    } else if (/^[1-9]$/.test(key) && me !== null) {
      const d = diceOf(v, me).unused[Number(key) - 1];
      if (d !== undefined) act.toggleDie(d);
    } else if (key.startsWith("Arrow") && t && t.closest && t.closest(".nw-progress")) {
      const tiles = [...el.querySelectorAll(".nw-progress .nw-board-grid > .nw-tile")];
      const i = tiles.indexOf(t.closest(".nw-tile"));
      const cols = v.board.length;
      const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -cols, ArrowDown: cols }[key];
      const next = tiles[i + step];
      if (i >= 0 && next && typeof next.focus === "function") {
        if (!next.hasAttribute("tabindex") && next.tagName !== "BUTTON") next.setAttribute("tabindex", "0");
        next.focus();
      } else done = false;
    } else {
      done = false;
    }
    if (done) e.preventDefault();
  }
  el.addEventListener("keydown", onKey);

  function onCustom(msg) {
    if (msg && msg.kind === "saved") {
      ui.lastSaved = msg;
      download(msg.text, msg.filename);
    }
  }

  const handlers = TRAITS.map((t) => [`change:${t}`, schedule]);
  for (const [event, fn] of handlers) model.on(event, fn);
  model.on("msg:custom", onCustom);
  draw();

  return {
    ui,
    act,
    draw,
    destroy() {
      destroyed = true;
      clearTimeout(previewWait);
      el.removeEventListener("keydown", onKey);
      for (const [event, fn] of handlers) model.off(event, fn);
      model.off("msg:custom", onCustom);
    },
  };
}

function initialize({ model }) {
  // follow the log from the model's first update on, whether a view shows it or not
  const store = logStore(model);
  return () => store.dispose();
}

function render({ model, el }) {
  const controller = createController({ model, el });
  return () => controller.destroy();
}

export default { initialize, render };
