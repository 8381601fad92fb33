// The history panel (Undo, Redo, the slider and the steps), and the Undo a view puts by
// its decision where the history panel is far down the page.
import { h, setAttr, setDisabled, setText, sid } from "./dom.js";
import { refs, undoTitle } from "./panels.js";

export function makeHistoryPanels(shell) {
  /** The history panel, built once: its buttons, label and slider (a range input is costly
   * to make) are set in place on each draw; the buttons read the position when clicked. */
  function historyPanel(S, part) {
    const hi = S.history;
    const frame = part("history", "", () => {
      const slider = h("input", {
        id: sid("slider"), type: "range", min: "0", step: "1",
        class: "nw-slider", "aria-label": "Go to move", dataset: { key: "slider" },
        onchange: (e) => shell.send({ kind: "goto", position: Number(e.target.value) }),
      });
      const go = (where) => () => {
        const { position, length } = shell.state().history;
        shell.send({ kind: "goto", position: Math.max(0, Math.min(length, where(position, length))) });
      };
      const btn = (key, label, aria, onclick) => h("button", {
        type: "button", class: "nw-btn nw-mini", "aria-label": aria, title: aria, dataset: { key }, onclick,
      }, label);
      const undo = h("button", { type: "button", class: "nw-btn", dataset: { key: "undo" }, onclick: () => shell.undo() }, "↶ Undo");
      const redo = h("button", { type: "button", class: "nw-btn", dataset: { key: "redo" }, onclick: () => shell.send({ kind: "redo" }) }, "Redo ↷");
      const steps = [
        btn("first", "«", "first position", go(() => 0)),
        btn("back", "‹", "one move back", go((p) => p - 1)),
        btn("fwd", "›", "one move forward", go((p) => p + 1)),
        btn("last", "»", "latest position", go((p, n) => n)),
      ];
      const label = h("label", { for: sid("slider"), class: "nw-slider-label" }, "");
      const el = h("section", { class: "nw-panel nw-history", "aria-label": "History" }, h("h3", {}, "History"),
        h("div", { class: "nw-buttons" }, undo, redo), label, slider,
        h("div", { class: "nw-buttons nw-step-buttons" }, steps));
      refs.set(el, { slider, undo, redo, steps, label });
      return el;
    });
    const { slider, undo, redo, steps, label } = refs.get(frame);
    setAttr(slider, "max", String(hi.length));
    if (slider.value !== String(hi.position)) slider.value = String(hi.position);
    setDisabled(undo, !hi.can_undo);
    setDisabled(redo, !hi.can_redo);
    // what a click takes back, said before it is clicked: Undo goes back to the player's
    // previous decision (undo_to), the bots' moves since then included
    setAttr(undo, "title", undoTitle(hi));
    setAttr(redo, "title", hi.can_redo ? "Play again the last move taken back" : "Nothing taken back to play again");
    const atStart = hi.position === 0;
    const atEnd = hi.position >= hi.length;
    [atStart, atStart, atEnd, atEnd].forEach((off, i) => setDisabled(steps[i], off));
    setText(label, `Move ${hi.position} of ${hi.length}${S.busy ? " (bots playing)" : ""}`);
    return frame;
  }

  /** Undo within reach of the decision: the history panel, with its Undo, sits far down a
   * phone's page.  A view places it in its decision panel; shell.css shows it only where
   * the columns stack (the history panel is beside the table otherwise), and it is drawn
   * only while there is a move to take back and the game (not an earlier position) is
   * shown.  Its title says what it takes back (undoTitle). */
  function undoNear(S, part) {
    const hi = S.history;
    // (a puzzle's board: an Undo would take back a move of the game, not the puzzle's)
    if (!hi || !hi.can_undo || S.viewingHistory || S.puzzle) return null;
    const frame = part("undo-near", "", () => {
      const button = h("button", { type: "button", class: "nw-btn nw-secondary", dataset: { key: "undo-near" }, onclick: () => shell.undo() }, "↶ Undo");
      const el = h("div", { class: "nw-undo-near" }, button);
      refs.set(el, { button });
      return el;
    });
    setAttr(refs.get(frame).button, "title", undoTitle(hi));
    return frame;
  }

  return { historyPanel, undoNear };
}
