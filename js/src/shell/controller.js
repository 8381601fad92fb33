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
import { tipBlur, tipFocusListener } from "./tips.js";

/** The generic traits (a view adds its own with `view.traits`). */
export const TRAITS = [
  "game_kind", "game_info", "view", "legal", "log_patch", "error", "seats", "bot_names", "bot_info",
  "settings", "history", "busy", "coach", "preview", "fair", "review", "table",
];

const camel = (name) => name.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

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
    noteDialogFocus();
    const anchor = focusAnchor();
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
    keepAnchor(anchor);
    syncDialogs();
    revealQuestion(S, key);
    focusQuestion(key);
    revealJump(S);
  }

  // ---------------------------------------------------------------- the page stays put
  // The control the player just used (it has the focus) stays where it was on screen: a
  // part the draw builds anew is a new element, and the browser's scroll anchoring, which
  // loses its anchor when an element is taken out, can jump the page (a card's details
  // opened from a phone's nation board moved it 400 px).
  function focusAnchor() {
    const doc = el.ownerDocument;
    const a = doc ? doc.activeElement : null;
    if (!a || a === el || !el.contains(a) || !a.dataset || !a.dataset.key) return null;
    return { key: a.dataset.key, top: a.getBoundingClientRect().top, y: window.scrollY };
  }
  function keepAnchor(anchor) {
    if (!anchor) return;
    const now = byKey(anchor.key);
    if (!now || !now.isConnected) return;
    const shift = now.getBoundingClientRect().top - anchor.top;
    if (Math.abs(shift) > 1 && typeof window.scrollBy === "function") window.scrollBy(0, shift);
  }

  // ---------------------------------------------------------------- the question on screen
  // What the player is asked (the decision panel, or a move's preview or a purchase's
  // question) is brought on screen when it is new and the player is looking for it: when
  // this page's player has a new decision (the bots are done, a move asked a question), or
  // after their own click or key in the widget (Undo in the history panel while a bot
  // plays).  It never scrolls while the player only chooses (a die selected: what is asked
  // stays the same) or while others play.
  const QUESTIONS = ".nw-preview, .nw-pending, .nw-give-back, .nwb-preview";
  const REVEAL_MARGIN = 120; // px of the panel (its prompt) that must show
  let askedBefore = null; // what was asked at the last draw (the decision and its questions)
  // the page is still there (a timer that fires after its window closed draws nothing)
  const live = () => Boolean(el.ownerDocument && el.ownerDocument.defaultView);
  const ACT_WINDOW = 5000; // ms: a question that comes this soon after the player's click answers it
  let lastAct = -Infinity; // when the player last clicked or pressed a key in the widget
  function revealQuestion(S, turnKey) {
    const panel = view.decisionPanel ? el.querySelector(view.decisionPanel) : null;
    const questions = [...el.querySelectorAll(QUESTIONS)].filter((q) => !q.closest("dialog, details:not([open])"));
    // (a question's words too: it changes as the player answers it, a die given back, and
    // may grow past the window's bottom)
    const asked = `${turnKey}|${questions.map((q) => `${q.dataset.key || q.className}:${q.textContent}`).join(",")}`;
    if (asked === askedBefore) return;
    // under a dialog (the end-of-round summary opened with the decision) nothing is revealed
    // and the question stays new: the draw after the dialog closes brings it on screen
    if (topDialog()) return;
    // nobody here can act (others play, or the bots' runner has not yet said it is done:
    // its last move and its end come in separate messages as often as not): the question
    // stays new, and is brought on screen when this page's player can answer it
    if (S.acting === null && performance.now() - lastAct > ACT_WINDOW) return;
    askedBefore = asked;
    lastAct = -Infinity;
    const target = questions.length ? questions[questions.length - 1] : panel;
    if (!target || !target.isConnected || typeof target.getBoundingClientRect !== "function") return;
    const r = target.getBoundingClientRect();
    const vh = window.innerHeight || (el.ownerDocument.documentElement || {}).clientHeight || 0;
    if (!vh || (!r.width && !r.height)) return;
    if (typeof target.scrollIntoView !== "function") return;
    if (target === panel) {
      // the panel may be taller than a phone's window: its top (the prompt) must show
      if (r.top < 0 || r.top > vh - REVEAL_MARGIN) target.scrollIntoView({ block: "start" });
    } else if (r.top < 0 || r.bottom > vh) {
      // a question: all of it, or its top when it is taller than the window
      target.scrollIntoView({ block: r.height <= vh ? "nearest" : "start" });
    }
  }
  // ---------------------------------------------------------------- the focus follows the question
  // A move's preview or a purchase's question, new after the player's click or key (Enter
  // on a tile): the focus goes to its next action (Confirm, else the question's first
  // answer), so that the keyboard goes on from there (the focus stayed on the tile).  Once
  // per question (its answer, Confirm, appearing counts: "Working out…" offers only
  // Cancel, which is never focused), never while the focus is inside a question (a die
  // chosen to give back) or a dialog, nor after others' moves.
  let lastPlayerAct = -Infinity; // when the player last clicked or pressed a key in the widget
  let focusedQuestion = null; // the question (and its action) the focus was moved to
  const NEXT_ACTION = '[data-key="preview-confirm"], .nw-primary';
  function focusQuestion(turnKey) {
    const questions = [...el.querySelectorAll(QUESTIONS)].filter((q) => !q.closest("dialog, details:not([open])"));
    const q = questions.length ? questions[questions.length - 1] : null;
    if (!q) {
      focusedQuestion = null;
      return;
    }
    const usable = (b) => b && !b.disabled && b.getAttribute("aria-disabled") !== "true" && typeof b.focus === "function";
    const target = [...q.querySelectorAll(NEXT_ACTION)].find(usable) ||
      [...q.querySelectorAll("button")].find((b) => usable(b) && !/cancel/.test(b.dataset.key || "") && !b.classList.contains("nw-pass"));
    if (!target) return;
    const what = `${turnKey}|${q.dataset.key || q.className}|${target.dataset.key || target.textContent}`;
    if (what === focusedQuestion) return;
    if (performance.now() - lastPlayerAct > ACT_WINDOW || topDialog()) return;
    const a = el.ownerDocument.activeElement;
    if (a && a !== el && !el.contains(a) && a !== el.ownerDocument.body) return; // the player is elsewhere on the page
    if (a && a.closest && a.closest(`${QUESTIONS}, dialog`)) return; // working inside a question
    focusedQuestion = what;
    target.focus({ preventScroll: true });
  }

  // ---------------------------------------------------------------- a jump from the review
  // A mark of the review (or its graph) clicked shows that position: the board that shows
  // it is brought on screen once it is drawn (the review list sits below it or beside it,
  // out of the window), and the focus goes to the history banner's "Back to the review",
  // next to the board, which returns to the mark.  Only after such a jump: never on other
  // draws.
  const JUMP_WINDOW = 10000; // ms: Python's answer to a goto comes sooner than this
  let jump = null; // {position, at, focusKey}: the jump waiting for its position to be drawn
  function revealJump(S) {
    if (!jump) return;
    if (performance.now() - jump.at > JUMP_WINDOW) {
      jump = null;
      return;
    }
    if (S.history.position !== jump.position || S.view.position !== jump.position) return;
    const { focusKey } = jump;
    jump = null;
    if (topDialog()) return;
    const board = view.boardPanel ? el.querySelector(view.boardPanel) : null;
    if (board && typeof board.scrollIntoView === "function") board.scrollIntoView({ block: "nearest" });
    const back = byKey("back-to-review");
    if (back) {
      // the control the player stepped with (the banner's Next mark), else Back to the review
      const wanted = byKey(focusKey);
      (wanted && !wanted.disabled ? wanted : back).focus({ preventScroll: true });
      // the banner (what is shown, and its buttons) on screen too: on a phone the board may
      // fill the window, and the board game's banner sits above its progress board
      const banner = back.closest(".nw-history-banner") || back;
      if (typeof banner.scrollIntoView === "function") banner.scrollIntoView({ block: "nearest" });
    }
  }
  /** Back from a jump: the mark (or graph) the player came from, on screen and focused. */
  function backToReview() {
    const from = ui.reviewReturn ? byKey(ui.reviewReturn.key) : null;
    ui.reviewReturn = null;
    schedule();
    if (!from) return;
    if (typeof from.scrollIntoView === "function") from.scrollIntoView({ block: "center" });
    if (typeof from.focus === "function") from.focus({ preventScroll: true });
  }

  /** The controls of the decision and of its questions (a phone's tooltip strip must not
   * cover them: tips.js). */
  const decisionControls = () => {
    const panel = view && view.decisionPanel ? `${view.decisionPanel} button, ` : "";
    return [...el.querySelectorAll(`${panel}${QUESTIONS.split(", ").map((q) => `${q} button`).join(", ")}`)];
  };

  const notePlayerAct = () => {
    lastAct = performance.now();
    lastPlayerAct = lastAct;
  };

  const byKey = (key) => [...el.querySelectorAll("[data-key]")].find((x) => x.dataset.key === key) || null;
  const focusIn = (target) => {
    if (target && typeof target.focus === "function") target.focus({ preventScroll: target === el });
  };

  // ---------------------------------------------------------------- dialogs
  // The dialogs drawn (dom.modal): opened modal once drawn, the focus moved into them;
  // when one is no longer drawn (or its <details> closed), the focus goes back to the
  // control that had it before, or its successor, or the widget's root.
  const openDialogs = []; // {dialog, opener, openerKey}
  const wanted = (d) => d.isConnected && el.contains(d) && !d.closest("details:not([open])");
  // the page may draw the widget before it puts it in the document (a dialog drawn then,
  // the board game's New game, can only open once it is there): look again shortly
  let syncRetry = null;
  let syncTries = 0;
  function syncLater() {
    if (syncRetry || destroyed || syncTries > 600) return; // 30 s at most; a draw tries again
    syncTries += 1;
    syncRetry = setTimeout(() => {
      syncRetry = null;
      if (!destroyed) syncDialogs();
    }, 50);
  }
  function syncDialogs() {
    const doc = el.ownerDocument;
    if (!el.isConnected) {
      if (el.querySelector("dialog.nw-modal")) syncLater();
      return;
    }
    syncTries = 0;
    for (let i = openDialogs.length - 1; i >= 0; i -= 1) {
      const o = openDialogs[i];
      if (wanted(o.dialog)) continue;
      // the same dialog drawn anew (its part rebuilt: a field of New game changed): the new
      // element takes its place, open, with the focus on the control that had it
      const key = o.dialog.dataset.key;
      const successor = key ? [...el.querySelectorAll("dialog.nw-modal")].find((d) => d.dataset.key === key && wanted(d)) : null;
      if (successor) {
        const focusKey = o.focusKey;
        o.dialog = successor;
        if (!successor.hasAttribute("open")) showDialog(successor);
        const again = focusKey ? [...successor.querySelectorAll("[data-key]")].find((x) => x.dataset.key === focusKey) : null;
        focusIn(again || successor.querySelector(".nw-primary") || firstControl(successor));
        continue;
      }
      openDialogs.splice(i, 1);
      const hadFocus = o.dialog.contains(doc.activeElement);
      if (o.dialog.hasAttribute("open")) {
        if (typeof o.dialog.close === "function") o.dialog.close();
        else o.dialog.removeAttribute("open");
      }
      const a = doc.activeElement;
      // (the widget's root has it when the draw took the dialog's focused control away)
      if (hadFocus || !a || a === doc.body || a === el || !el.contains(a)) {
        const back = o.opener && o.opener.isConnected && el.contains(o.opener) ? o.opener : o.openerKey ? byKey(o.openerKey) : null;
        focusIn(back || el);
      }
    }
    for (const d of el.querySelectorAll("dialog.nw-modal")) {
      if (!wanted(d) || openDialogs.some((o) => o.dialog === d)) continue;
      const a = doc.activeElement;
      const opener = a && a !== doc.body && el.contains(a) ? a : null;
      openDialogs.push({ dialog: d, opener, openerKey: opener && opener.dataset ? opener.dataset.key : null, focusKey: null });
      if (!d.hasAttribute("open")) showDialog(d);
      // showModal focuses the dialog's first control itself: in a dialog without fields (a
      // round's summary, a card's details) that is a phase's disclosure or the x, and Enter,
      // the key a player presses to go on, toggled it; the primary button is what Enter
      // should press.  Without scrolling the dialog: its top (the title) stays in view.
      const primary = d.querySelector(".nw-primary");
      if (primary && !d.querySelector("input, select, textarea")) primary.focus({ preventScroll: true });
      else if (!d.contains(doc.activeElement)) focusIn(primary || firstControl(d));
    }
  }
  function showDialog(d) {
    try {
      if (typeof d.showModal === "function") d.showModal();
      else d.setAttribute("open", "");
    } catch {
      d.setAttribute("open", ""); // not in a document yet: shown in place
    }
  }
  const firstControl = (d) => d.querySelector("button, [href], input, select, textarea, summary, [tabindex]");
  /** Before a draw: which control of each open dialog has the focus (by data-key), so a
   * dialog drawn anew gets it back (syncDialogs). */
  function noteDialogFocus() {
    const a = el.ownerDocument ? el.ownerDocument.activeElement : null;
    for (const o of openDialogs) o.focusKey = a && o.dialog.contains(a) && a.dataset ? a.dataset.key || null : null;
  }
  /** The dialog on top (the last opened that is still drawn), or null. */
  const topDialog = () => (openDialogs.length ? openDialogs[openDialogs.length - 1].dialog : null);

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
      jump = { position, at: performance.now(), focusKey };
      ui.reviewReturn = { position, key };
      send({ kind: "goto", position });
      // the position already shown: Python's answer changes nothing, so no draw would come
      schedule();
    },
    backToReview,
    /** A move for the acting seat, with the seat and position drawn last: a second
     * click of a double click (sent before the board's update arrives) is refused by
     * Python instead of played on the next position. */
    play(move, then = null) {
      if (!move) return;
      const S = state();
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
    if (control.closest(".nw-preview, .nwb-preview, dialog")) return control.type === "radio" && !control.closest("dialog");
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
    const dialog = topDialog();
    closeTips(key);
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
      if (S.history.can_undo) shell.undo();
    } else if (e.ctrlKey) {
      done = false;
    } else if (key === "u" || key === "U") {
      if (S.history.can_undo) shell.undo();
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

  // ------------------------------------------------------------- tooltips
  // A tooltip (.nw-tip in a .nw-has-tip, shown on hover and focus by CSS) closes on a click
  // of its control (a live one: a tap on an inert tile is how a phone shows why it is
  // inert), when the mouse leaves it and on Escape, so that it never stays over the
  // neighbouring tiles; it opens again on the next hover or focus.
  const TIP_OFF = "nw-tip-off";
  const tipOf = (t) => (t && t.closest ? t.closest(".nw-has-tip") : null);
  function onTipOver(e) {
    const tip = tipOf(e.target);
    if (tip && tip.classList.contains(TIP_OFF) && !(e.relatedTarget && tip.contains(e.relatedTarget))) tip.classList.remove(TIP_OFF);
  }
  function onTipOut(e) {
    if (e.pointerType && e.pointerType !== "mouse") return; // a finger lifted: the tap's tooltip stays
    const tip = tipOf(e.target);
    if (tip && !(e.relatedTarget && tip.contains(e.relatedTarget))) tip.classList.add(TIP_OFF);
  }
  // An inert control (dom.setLive) with its reason: a click on it (a tap, which shows no
  // hover tooltip, or Enter or Space on it) says why, as the note near the decision.
  function onInertClick(e) {
    const t = e.target;
    const control = t && t.closest ? t.closest('[aria-disabled="true"][data-reason]') : null;
    if (!control || !el.contains(control)) return;
    shell.note(control.dataset.reason, "Not now");
  }
  function onTipClick(e) {
    const tip = tipOf(e.target);
    if (tip && tip.getAttribute("aria-disabled") !== "true") tip.classList.add(TIP_OFF);
  }
  function closeTips(key) {
    if (key !== "Escape") return;
    for (const tip of el.querySelectorAll(".nw-has-tip")) {
      if (tip.contains(el.ownerDocument.activeElement) || tip.matches(":hover")) tip.classList.add(TIP_OFF);
    }
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
    if (!a || !el.contains(a)) focusIn(el);
  };
  // [type, listener, capture]: added here, removed by destroy
  const listeners = [
    ["click", keepFocus, false],
    ["click", notePlayerAct, true],
    ["keydown", notePlayerAct, true],
    ["pointerover", onTipOver, false],
    ["pointerout", onTipOut, false],
    ["focusin", onTipOver, false],
    // on a phone, the focused control's tooltip is placed in the window (tips.js)
    // (never over the decision's controls: Pass, "Let a bot decide", a preview's Confirm)
    ["focusin", tipFocusListener(el, decisionControls), false],
    ["focusout", tipBlur, false],
    ["click", onTipClick, false],
    ["click", onInertClick, false],
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
      clearTimeout(syncRetry);
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
