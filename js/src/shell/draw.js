// One draw of the widget: the snapshot read, the view's draw, and what the shell keeps
// around it (the dialogs, where the page is), in this order; and its scheduling (a trait
// change schedules one draw in a microtask, so every trait of one update message lands in
// the same draw, with no frame of delay).
import * as dom from "./dom.js";
import { namesOf, withSeatNames } from "./names.js";

/** Note the draw on the page's performance timeline (a measure named "nw-draw", for
 * profiling and benchmarks/browser_latency.py); the old notes are cleared now and then
 * (a page keeps every measure until it is cleared). */
function drawNotes() {
  let notes = 0;
  return function drawn(t0) {
    if (typeof performance === "undefined" || typeof performance.measure !== "function") return;
    notes += 1;
    try {
      if (notes % 64 === 0) performance.clearMeasures("nw-draw");
      performance.measure("nw-draw", { start: t0, end: performance.now() });
    } catch {
      // an old browser without measure options: no note
    }
  };
}

/** The draws of the widget whose root is `el`: `view()` the game's view (null until it is
 * made), `state()` the snapshot, `ui` the shell's state, `dialogs` and `reveal` the
 * shell's parts kept after each draw, `defaultForm(S)` the New game form's start.
 * Returns {draw, schedule, count (the draws made so far), destroy}. */
export function createDrawing(el, { view: currentView, state, ui, dialogs, reveal, defaultForm }) {
  let scheduled = false;
  let destroyed = false;
  const drawn = drawNotes();
  let loading = false;
  // the game (Python's history.game) last drawn: another one arriving (loaded, or started
  // from Python) answers the New game dialog, which then closes
  let drawnGame = null;
  let drawnNames = null; // the seats' names of the last draw (JSON)
  let draws = 0; // how many draws were made (a draw waiting for Python's answer skips if any)
  function draw() {
    scheduled = false;
    draws += 1;
    const view = currentView();
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

  return {
    draw,
    schedule,
    count: () => draws,
    destroy() {
      destroyed = true;
    },
  };
}
