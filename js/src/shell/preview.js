// A move's preview: the move kept pending while Python says what it would do (its
// question numbered, so an old answer is never taken for a new one), then confirmed or
// cancelled.  Python's answer and Python's update after a Confirm usually come within a
// frame or two and draw themselves: the page draws meanwhile only when they are slow
// (PREVIEW_WAIT_MS), so no second draw stands in their way.
import { writePreference } from "./storage.js";

/** How long a preview may take before the board says it is being worked out (ms). */
export const PREVIEW_WAIT_MS = 150;

/** The previews of the widget whose root is `el`: `ui` the shell's state (the pending move
 * `previewMove`, its question `previewAsk`, the control that asked `previewAsker`, the
 * setting `previews`), `shell` the shell (its `play`), `view()` the game's view, `state()`
 * the snapshot, `send(intent)`, `clearRefusal()`, `draw()`, `draws()` the number of
 * draws made, `questions()` the selector of every question drawn (the shell's preview and
 * the view's own).  Returns the shell's preview members and `destroy()`. */
export function createPreview(el, { ui, shell, view, state, send, clearRefusal, draw, draws, questions }) {
  let destroyed = false;
  let previewWait = null; // the draw of a preview not answered yet ("Working out…", commit), or of the board after Confirm (confirmPreview)
  let asks = 0;
  // the page is still there (a timer that fires after its window closed draws nothing)
  // (the global document too: the parts are made with it, and a test's window may be torn
  // down with the element still holding its own: vitest saw a timer draw after that)
  const live = () => typeof document !== "undefined" && Boolean(el.ownerDocument && el.ownerDocument.defaultView);

  return {
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
      const v = view();
      const then = v && v.previewFollow && shell.previewShown(S) ? v.previewFollow(S) : null;
      ui.previewMove = null;
      shell.play(move, then);
      // The preview, and the control in it that has the focus, go with the update's draw,
      // which would then hand the focus to the widget's element and so force a layout of its
      // own in the middle of the draw (a real move's draw took 4-6 ms more once the dice
      // game's purchase put the focus in its preview).  The focus goes there now, while
      // Python answers.
      const active = el.ownerDocument.activeElement;
      if (active && active !== el && el.contains(active)
          && active.closest(questions())) el.focus({ preventScroll: true });
      // Python's update (the move played, or its refusal) usually comes within a frame or
      // two, and its draw takes the preview away: drawing the board without it now as well
      // would put a draw, a layout and a paint in the update's way (a real move took 2-3 ms
      // more).  Only a slow answer has the board drawn without the preview meanwhile.
      const before = draws();
      clearTimeout(previewWait);
      previewWait = setTimeout(() => {
        if (draws() === before && !destroyed && live()) draw();
      }, PREVIEW_WAIT_MS);
    },
    cancelPreview() {
      ui.previewMove = null;
      clearRefusal();
      draw();
    },
    previewsOn: () => ui.previews,
    setPreviews(on) {
      ui.previews = Boolean(on);
      writePreference("nw-previews", ui.previews);
      draw();
    },
    destroy() {
      destroyed = true;
      clearTimeout(previewWait);
    },
  };
}
