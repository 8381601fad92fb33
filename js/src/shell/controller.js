// The widget shell's controller: the anywidget entry any game's bundle uses
// (`export default makeWidget(createView)`), see README.md in this folder.
//
// It puts the shell's parts together, one role each: the snapshot of the traits read once
// per draw (snapshot.js), the draw and its scheduling (draw.js), the intents (intents.js:
// model.send; Python validates and applies every intent), a move's preview (preview.js),
// the New game form (newgame.js), game files (files.js), the keys (keys.js), the dialogs
// (dialogs.js), where the page is after a draw (reveal.js) and the tooltips (tips.js).
// It keeps the shell's own visual state (`ui`) and hands the game's view a `shell` object.
// The view draws the game's table; nothing here knows a rule of any game.
import * as dom from "./dom.js";
import * as icons from "./icons.js";
import { logStore } from "./logstore.js";
import { makePanels } from "./panelset.js";
import { mountTableBar } from "./table.js";
import { ensureShellStyles } from "./styles.js";
import { readPreference } from "./storage.js";
import { tooltipListeners } from "./tips.js";
import { createDialogs } from "./dialogs.js";
import { createReveal } from "./reveal.js";
import { TRAITS, createSnapshot } from "./snapshot.js";
import { createDrawing } from "./draw.js";
import { createIntents } from "./intents.js";
import { createPreview } from "./preview.js";
import { createNewGame } from "./newgame.js";
import { createFiles } from "./files.js";
import { SHELL_SHORTCUTS, createKeys } from "./keys.js";

export { TRAITS, WAITING_PROMPT, readState } from "./snapshot.js";
export { PREVIEW_WAIT_MS } from "./preview.js";
export { SHELL_SHORTCUTS } from "./keys.js";

/** The shell's own visual state, as a widget opens (`shell.ui`: read only for the view). */
function initialUi(model) {
  return {
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
}

/**
 * The controller of one widget view: `createView(root, shell)` is the game's view (see
 * README.md).  Returns {ui, view, shell, draw, destroy} (for tests).
 */
export function createController({ model, el }, createView) {
  ensureShellStyles(el.ownerDocument);
  const ui = initialUi(model);
  let view = null;
  const currentView = () => view;
  const snapshot = createSnapshot(model, ui);
  const state = snapshot.state;
  const dialogs = createDialogs(el);
  const reveal = createReveal(el, { view: currentView, topDialog: () => dialogs.top(), ui, schedule: () => schedule() });
  const shell = { ui, dom, icons, log: logStore(model), state };
  const deps = { ui, shell, view: currentView, state };
  const { draw, schedule, count: draws, destroy: stopDrawing } = createDrawing(el, {
    ...deps, dialogs, reveal, defaultForm: (S) => defaultForm(S),
  });
  const { onError, ...intents } = createIntents({ model, ui, state, snapshot, reveal, draw, schedule });
  const { send, clearRefusal } = intents;
  const { destroy: stopPreviews, ...previews } = createPreview(el, {
    ...deps, send, clearRefusal, draw, draws, questions: () => reveal.questionSelector(),
  });
  const { defaultForm, ...newGame } = createNewGame(el, { ...deps, send, draw });
  const { onCustom, ...files } = createFiles(el, { ...deps, send, draw });
  Object.assign(shell, intents, previews, newGame, files, {
    redraw: schedule,
    drawNow: () => draw(),
    /** The shortcuts of the "?" overlay: the view's, then the shell's. */
    shortcuts: () => [...((view && view.shortcuts) || []), ...SHELL_SHORTCUTS],
  });
  shell.panels = makePanels(shell);
  const { onKey } = createKeys(el, { ...deps, dialogs, reveal, draw, clearRefusal });

  view = createView(el, shell);
  snapshot.follow(view.traits || []);
  // the previews checkbox, in the game's words (which moves it previews)
  shell.previewWords = view.previewWords || {
    label: "Preview moves",
    title: "Show what a move will do, with Confirm and Cancel, before it is made",
  };
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
    ["keydown", onKey, false],
    ["click", keepFocus, false],
    ["click", reveal.notePlayerAct, true],
    ["keydown", reveal.notePlayerAct, true],
    ...tooltipListeners(el, { note: (reason, label) => shell.note(reason, label), avoid: reveal.decisionControls }),
  ];
  for (const [type, fn, capture] of listeners) el.addEventListener(type, fn, capture);
  // [event, listener]: the model's, followed here, left by destroy
  const handlers = [
    ["change:error", onError],
    ...[...TRAITS, ...(view.traits || [])].map((t) => [`change:${t}`, schedule]),
    ["msg:custom", onCustom],
  ];
  for (const [event, fn] of handlers) model.on(event, fn);
  draw();

  return {
    ui,
    view,
    shell,
    draw,
    destroy() {
      stopDrawing();
      stopPreviews();
      dialogs.destroy();
      for (const [type, fn, capture] of listeners) el.removeEventListener(type, fn, capture);
      for (const [event, fn] of handlers) model.off(event, fn);
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
