// The widget shell's controller: the anywidget entry any game's bundle uses
// (`export default makeWidget(createView)`), see README.md in this folder.
//
// It reads the synced traits once per draw (a trait change schedules one draw in a
// microtask, so every trait of one update message lands in the same draw, with no frame of
// delay), turns the shell's controls into intents (model.send; Python validates and
// applies every intent), keeps the shell's own visual state (the New game form, the
// dialogs, the pending preview, the history branch) and hands the game's view a `shell`
// object.  The view draws the game's table; nothing here knows a rule of any game.
import * as dom from "./dom.js";
import * as icons from "./icons.js";
import { logStore } from "./logstore.js";
import { traitValue } from "./traits.js";
import { namesOf, withSeatNames } from "./names.js";
import { makePanels } from "./panels.js";
import { mountTableBar } from "./table.js";
import { ensureShellStyles } from "./styles.js";
import { closeTips, tooltipListeners } from "./tips.js";
import { createDialogs } from "./dialogs.js";
import { createReveal } from "./reveal.js";

/** The generic traits (a view adds its own with `view.traits`). */
export const TRAITS = [
  "game_kind", "game_info", "view", "legal", "log_patch", "error", "seats", "bot_names", "bot_info",
  "settings", "history", "busy", "coach", "preview", "fair", "review", "table",
];

const camel = (name) => name.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

/** The prompt while a table waits for players at its open seats. */
export const WAITING_PROMPT = "Waiting for players: the game starts when its open seats are taken, or when the host starts it with bots.";

/** The synced traits, read once per draw (`extra`: the game's own traits). */
export function readState(model, extra = [], hiddenError = null) {
  const get = (name) => traitValue(model, name);
  const error = model.get("error") || "";
  const S = {
    kind: model.get("game_kind") || "",
    info: get("game_info") || {},
    view: get("view") || {},
    legal: get("legal") || [],
    // a refusal the page asked Python to clear is gone at once (Python's "" follows)
    error: error === hiddenError ? "" : error,
    seats: model.get("seats") || [],
    botNames: model.get("bot_names") || [],
    botInfo: get("bot_info") || {},
    settings: get("settings") || {},
    fair: get("fair") || {},
    history: get("history") || {},
    busy: Boolean(model.get("busy")),
    coach: get("coach") || {},
    preview: get("preview") || {},
    review: get("review") || {},
    // the table this screen sits at ({} for a game played only here: js/src/shell/table.js)
    table: get("table") || {},
    coachBusy: false,
    puzzle: null,
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
  ensureShellStyles(el.ownerDocument);
  const ui = {
    note: "",
    form: null,
    // Python asks for the New game dialog open when the page first draws the widget (the
    // app's game just chosen: trait new_game_open)
    newGameOpen: Boolean(model.get("new_game_open")),
    lastSaved: null,
    // the name of the game file sent to Python, until Python has loaded it (a next game
    // number) or refused it
    loadingFile: null,
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
    // the refusal asked to be cleared (hidden until Python's error trait changes)
    hiddenError: null,
    // a position shown from the review: {position, key} (the mark to go back to)
    reviewReturn: null,
  };
  let scheduled = false;
  let destroyed = false;
  let previewWait = null; // the draw of a preview not answered yet ("Working out…", commit), or of the board after Confirm (confirmPreview)
  let asks = 0;
  let view = null;
  const dialogs = createDialogs(el);
  const reveal = createReveal(el, { view: () => view, topDialog: () => dialogs.top(), ui, schedule });
  // the page is still there (a timer that fires after its window closed draws nothing)
  // (the global document too: the parts are made with it, and a test's window may be torn
  // down with the element still holding its own: vitest saw a timer draw after that)
  const live = () => typeof document !== "undefined" && Boolean(el.ownerDocument && el.ownerDocument.defaultView);
  let extraTraits = [];
  const log = logStore(model);

  // the Hint asked and not yet answered (the coach trait brings the answer)
  let askedHintAt = null;
  const state = () => {
    const S = readState(model, extraTraits, ui.hiddenError);
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
    // Python says where the game is (history.game_at: an Undo moves it, looking through
    // the history does not); without it, the end of the history
    const gameAt = typeof S.history.game_at === "number" ? S.history.game_at : S.history.length;
    S.viewingHistory = S.history.position !== gameAt && ui.branchFrom !== S.history.position;
    // a human is to decide: the view's own `human_turn` when it sends one, else the seat's
    const cur = S.view.current;
    S.humanTurn = typeof S.view.human_turn === "boolean" ? S.view.human_turn
      : cur !== null && cur !== undefined && S.seats[cur] === "human";
    S.acting = S.humanTurn && !S.busy && !S.viewingHistory ? cur : null;
    // a table waiting for players at its open seats: nobody's turn yet (Python's prompt
    // would name the seat to play first, as if a player sat there)
    if (S.table && S.table.waiting) S.view = { ...S.view, prompt: WAITING_PROMPT };
    // a review's puzzle on the board (Python's review.puzzle, at the position shown): its
    // seat decides here as in a game, and the move it plays is the puzzle's answer (play)
    const pz = S.review && S.review.status === "done" ? S.review.puzzle : null;
    if (pz && pz.position === S.history.position && pz.position === S.view.position && pz.seat === cur) {
      S.puzzle = pz;
      S.viewingHistory = false;
      S.humanTurn = true;
      S.acting = S.busy ? null : cur;
    }
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
  // the game (Python's history.game) last drawn: another one arriving (loaded, or started
  // from Python) answers the New game dialog, which then closes
  let drawnGame = null;
  let drawnNames = null; // the seats' names of the last draw (JSON)
  let draws = 0; // how many draws were made (a draw waiting for Python's answer skips if any)
  function draw() {
    scheduled = false;
    draws += 1;
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
    // a pending preview belongs to the decision it was asked on, in its game (a new game's
    // first decision has the last one's position, seat and step)
    const game = S.history ? S.history.game : null;
    const key = `${game}|${view.turnKey ? view.turnKey(S) : `${S.view.position}:${S.view.current}`}`;
    if (key !== ui.previewKey) {
      ui.previewKey = key;
      ui.previewMove = null;
    }
    if (!ui.form) ui.form = defaultForm(S);
    if (drawnGame !== null && game !== drawnGame) {
      ui.newGameOpen = false;
      // a file loaded: Python numbers it as the next game; said in words, since a file
      // saved at the position shown changes nothing on the board
      if (ui.loadingFile) {
        ui.note = `Loaded ${ui.loadingFile}: move ${S.history.position} of ${S.history.length}.`;
        ui.noteLabel = "Note";
      }
    }
    if (game !== drawnGame) ui.loadingFile = null;
    drawnGame = game;
    dialogs.noteFocus();
    const anchor = reveal.noteAnchor();
    const t0 = performance.now();
    // a focused control whose part was rebuilt: focus it again, or its successor
    // at a table every drawing of a seat names its player (names.js); a name chosen or
    // changed is drawn everywhere at once (the parts drawn before, kept while their inputs
    // are the same, held the old one)
    const names = namesOf(S.table);
    const namesKey = JSON.stringify(names);
    if (namesKey !== drawnNames) {
      if (drawnNames !== null && view.reset) view.reset();
      drawnNames = namesKey;
    }
    dom.keepingFocus(el, () => withSeatNames(names, () => view.draw(S)));
    drawn(t0);
    reveal.keepAnchor(anchor);
    dialogs.sync();
    reveal.question(S, key);
    reveal.focus(key);
    reveal.jump(S);
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
      // a table's player at their own screen is invited again in a new game
      seats: S.seats.map((who) => (who === "remote" ? "invite" : who)),
      seed: "",
      bot_delay: S.settings.bot_delay ?? 0.8,
      ...game,
    };
  }

  function send(intent) {
    ui.note = "";
    ui.noteLabel = "Note";
    ui.loadingFile = null; // (loadText sets it after its send)
    model.send(intent);
  }

  /** Python's refusal belongs to the move it refused: cancelling that move, clearing the
   * choice or asking about another move clears it (hidden at once). */
  function clearRefusal() {
    const error = model.get("error") || "";
    if (!error || error === ui.hiddenError) return false;
    ui.hiddenError = error;
    send({ kind: "clear_error" });
    return true;
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
    /** Show `position` from the review (intent `goto`), `key` being the data-key of the
     * mark (or graph) clicked: the board is brought on screen once it shows it, and the
     * history banner offers "Back to the review", which returns to that mark, and the
     * previous and next marks; the focus goes to `focusKey` there (Back to the review). */
    jumpTo(position, key, focusKey = "back-to-review") {
      reveal.expectJump(position, focusKey);
      ui.reviewReturn = { position, key };
      send({ kind: "goto", position });
      // the position already shown: Python's answer changes nothing, so no draw would come
      schedule();
    },
    backToReview: () => reveal.backToReview(),
    /** Show puzzle `index` of the review (at `position`) on the board (intent
     * `puzzle_open`: Python shows its position, its seat to play): the board is brought on
     * screen once it shows it, the focus on the puzzle's `focusKey` control. */
    openPuzzle(index, position, focusKey = "puzzle-show-me") {
      reveal.expectJump(position, focusKey);
      ui.previewMove = null;
      send({ kind: "puzzle_open", puzzle: index });
      schedule();
    },
    /** A move for the acting seat, with the seat and position drawn last: a second
     * click of a double click (sent before the board's update arrives) is refused by
     * Python instead of played on the next position. */
    play(move, then = null) {
      if (!move) return;
      const S = state();
      if (S.puzzle) {
        // a puzzle's board: the move is its answer, which Python checks (nothing is
        // played in the game); the question it asks next (`then`) is not the puzzle's
        send({ kind: "puzzle_answer", puzzle: S.puzzle.index, position: S.view.position, move });
        schedule();
        return;
      }
      // `then`: the answer to the question the move asks next of the same seat (where the
      // card it takes goes), played with it as one gesture (Python: both or neither)
      send({ kind: "move", seat: S.view.current, position: S.view.position, move, ...(then ? { then } : {}) });
    },
    /** Ask Python what `move` would do (intent `preview`); returns the question's
     * number, which Python's answer (the `preview` trait) carries as `ask`. */
    askPreview(move) {
      clearRefusal();
      asks += 1;
      send({ kind: "preview", move, ask: asks });
      return asks;
    },
    /** Python's answer to question `ask`, if it has come, for the position shown. */
    previewAnswer(S, ask) {
      const pv = S.preview;
      return ask !== null && pv && pv.ask === ask && pv.position === S.view.position ? pv : null;
    },
    /** An irreversible move: first its preview (Python's) when asked and previews are on;
     * `hold`: the move leaves choices to the player, made in its preview (the dice game's
     * building: what it replaces): kept pending, and its preview asked, even with previews
     * off. */
    commit(move, { preview = false, hold = false } = {}) {
      if (!move) return;
      if (!hold && (!preview || !ui.previews)) {
        shell.play(move);
        return;
      }
      ui.previewMove = move;
      // the control that asked for it (clicked, or Enter on it): Enter there confirms
      const asker = el.ownerDocument ? el.ownerDocument.activeElement : null;
      ui.previewAsker = asker && asker !== el && el.contains(asker) && asker.dataset ? asker.dataset.key || null : null;
      const refusalGone = clearRefusal();
      ui.previewAsk = shell.askPreview(move);
      if (refusalGone) draw(); // the refusal of the last move goes at once
      // Python's answer usually comes within a frame or two, and its arrival draws the
      // preview: drawing "Working out…" now as well would put a second redraw (and its
      // paint, several ms) in the answer's way.  Only a slow answer shows it.
      clearTimeout(previewWait);
      previewWait = setTimeout(() => {
        if (ui.previewMove === move && !destroyed && live()) draw();
      }, PREVIEW_WAIT_MS);
    },
    pendingMove: () => ui.previewMove,
    /** Python's answer to the pending move's preview (null while it is on its way). */
    previewShown(S) {
      return ui.previewMove ? shell.previewAnswer(S, ui.previewAsk) : null;
    },
    confirmPreview() {
      const move = ui.previewMove;
      if (!move) return; // confirmed already (a second click before Python's update)
      // the view's answer to the question the move asks next (a card's place, chosen in
      // the preview), sent with it; only from Python's answer to this very preview
      const S = state();
      const then = view && view.previewFollow && shell.previewShown(S) ? view.previewFollow(S) : null;
      ui.previewMove = null;
      shell.play(move, then);
      // The preview, and the control in it that has the focus, go with the update's draw,
      // which would then hand the focus to the widget's element and so force a layout of its
      // own in the middle of the draw (a real move's draw took 4-6 ms more once the dice
      // game's purchase put the focus in its preview).  The focus goes there now, while
      // Python answers.
      const active = el.ownerDocument.activeElement;
      if (active && active !== el && el.contains(active)
          && active.closest('.nw-preview, [data-key="preview"]')) el.focus({ preventScroll: true });
      // Python's update (the move played, or its refusal) usually comes within a frame or
      // two, and its draw takes the preview away: drawing the board without it now as well
      // would put a draw, a layout and a paint in the update's way (a real move took 2-3 ms
      // more).  Only a slow answer has the board drawn without the preview meanwhile.
      const before = draws;
      clearTimeout(previewWait);
      previewWait = setTimeout(() => {
        if (draws === before && !destroyed && live()) draw();
      }, PREVIEW_WAIT_MS);
    },
    cancelPreview() {
      ui.previewMove = null;
      clearRefusal();
      draw();
    },
    clearRefusal,
    previewsOn: () => ui.previews,
    setPreviews(on) {
      ui.previews = Boolean(on);
      writePreference("nw-previews", ui.previews);
      draw();
    },
    /** A short local note where errors are; `label` heads it ("Note", "Not now"). */
    note(text, label = "Note") {
      ui.note = text;
      ui.noteLabel = label;
      draw();
    },
    noteText: () => ui.note,
    noteLabel: () => ui.noteLabel || "Note",
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
      send({ kind: "continue_here" }); // Python: the game is here now (history.game_at)
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
      if (ui.newGameOpen === Boolean(open)) return;
      ui.newGameOpen = Boolean(open);
      draw(); // its dialog opens (or closes) with it
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
      const game = view.newGame && view.newGame.settings ? view.newGame.settings(f, state()) : {};
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
        ui.noteLabel = "Note";
        draw();
        return;
      }
      send({ kind: kind === "game" ? "load" : `load_${kind}`, text, name });
      if (kind === "game") ui.loadingFile = name;
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
          ui.noteLabel = "Note";
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

  /** Whether Enter with the focus on `t` confirms the pending preview: on the widget's root
   * or its text, or on the control that asked for the preview.  A control of the preview
   * does what it does (Cancel cancels), and so does any other control (Enter on Undo undoes:
   * it never confirms an irreversible move the player did not point at). */
  function enterConfirms(t) {
    const control = t && t.closest ? t.closest("button, a, summary, input, select, textarea, [role=button]") : null;
    if (!control || !el.contains(control)) return true;
    // a choice inside the preview (a card's place: a radio, which Enter does nothing to)
    // confirms the preview with it
    if (control.closest(`${reveal.questionSelector()}, dialog`)) return control.type === "radio" && !control.closest("dialog");
    return Boolean(ui.previewAsker) && control.dataset.key === ui.previewAsker;
  }

  /** Single-key shortcuts (listed in the "?" overlay); everything stays reachable by Tab.
   * Keys typed into a field, or with Alt/Meta, are left alone. */
  function onKey(e) {
    if (e.defaultPrevented || e.altKey || e.metaKey) return;
    const t = e.target;
    const typing = t && (t.tagName === "SELECT" || t.tagName === "TEXTAREA" ||
      (t.tagName === "INPUT" && !["checkbox", "radio", "range", "button"].includes(t.type)));
    if (typing && e.key !== "Escape") return;
    const S = state();
    if (!view || (view.ready ? !view.ready(S) : S.view.position === undefined)) return;
    const key = e.key;
    let done = true;
    const dialog = dialogs.top();
    closeTips(el, key);
    if (view.keyFirst && view.keyFirst(e, S)) {
      // the view took it (e.g. any key closes an end-of-round panel)
    } else if (dialog && key === "Escape") {
      dialog.dispatchEvent(new Event("cancel", { cancelable: true })); // its onClose
    } else if (dialog && key === "Enter") {
      // a control of the dialog does what it does; elsewhere Enter is its primary button
      const own = t && t.closest && t.closest("button, a, summary, input, select, textarea");
      const primary = dialog.querySelector(".nw-primary");
      if (own && dialog.contains(own)) done = false;
      else if (primary) primary.click();
      else done = false;
    } else if (dialog && key !== "?") {
      done = false; // the board behind a dialog takes no key
    } else if (key === "?") {
      ui.helpOpen = !ui.helpOpen;
      draw();
    } else if (key === "Enter" && ui.previewMove && enterConfirms(t)) {
      // the preview on screen: Enter confirms it, even with the focus on the control that
      // asked for it (Enter would ask it again)
      shell.confirmPreview();
    } else if (key === "Escape") {
      if (ui.newGameOpen) ui.newGameOpen = false;
      else if (ui.helpOpen) ui.helpOpen = false;
      else if (ui.previewMove) {
        ui.previewMove = null;
        clearRefusal();
      } else if (!(view.escape && view.escape(S))) done = false;
      draw();
    } else if (e.ctrlKey && (key === "z" || key === "Z")) {
      // (not on a puzzle's board: it would take back a move of the game)
      if (S.history.can_undo && !S.puzzle) shell.undo();
    } else if (e.ctrlKey) {
      done = false;
    } else if (key === "u" || key === "U") {
      if (S.history.can_undo && !S.puzzle) shell.undo();
    } else if ((key === "h" || key === "H") && S.acting !== null && !S.info.lesson) {
      shell.askHint();
    } else {
      done = Boolean(view.onKey && view.onKey(e, S));
    }
    if (done) e.preventDefault();
  }

  function onError() {
    ui.hiddenError = null; // Python's error changed: it is shown as it is
    if (model.get("error")) ui.loadingFile = null; // the load refused: no "Loaded" to say
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
  // the widget's root takes the focus (a click on its text, a control redrawn away): the
  // shortcuts listen there
  if (!el.hasAttribute("tabindex")) el.tabIndex = -1;
  el.setAttribute("data-nw-host", "");
  const keepFocus = () => {
    const a = el.ownerDocument.activeElement;
    if (!a || !el.contains(a)) dom.focusIn(el, el);
  };
  // [type, listener, capture]: added here, removed by destroy
  const listeners = [
    ["click", keepFocus, false],
    ["click", reveal.notePlayerAct, true],
    ["keydown", reveal.notePlayerAct, true],
    ...tooltipListeners(el, { note: (reason, label) => shell.note(reason, label), avoid: reveal.decisionControls }),
  ];
  for (const [type, fn, capture] of listeners) el.addEventListener(type, fn, capture);
  model.on("change:error", onError);
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
      dialogs.destroy();
      el.removeEventListener("keydown", onKey);
      for (const [type, fn, capture] of listeners) el.removeEventListener(type, fn, capture);
      model.off("change:error", onError);
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
      ensureShellStyles(el.ownerDocument);
      // the table bar (a game kept at a table, played at several screens) above the game
      const bar = Object.assign(document.createElement("div"), { className: "nw-table-host" });
      const game = document.createElement("div");
      el.replaceChildren(bar, game);
      const table = mountTableBar(model, bar);
      const controller = createController({ model, el: game }, createView);
      return () => {
        controller.destroy();
        table.destroy();
      };
    },
  };
}
