// The widget's keyboard: single-key shortcuts (listed in the "?" overlay, the view's
// first), the dialogs' Escape and Enter, and Enter on a pending preview.  Everything stays
// reachable by Tab; keys typed into a field, or with Alt/Meta, are left alone.
import { closeTips } from "./tips.js";

/** The shell's own shortcuts, listed in the "?" overlay after the view's. */
export const SHELL_SHORTCUTS = [
  ["U or Ctrl+Z", "undo"],
  ["H", "ask the coach for a hint"],
  ["Enter", "confirm the move previewed"],
  ["Escape", "close a dialog or this list, cancel what is being chosen"],
  ["?", "show or hide this list"],
  ["Tab", "every control is also reachable with Tab"],
];

/** The keys of the widget whose root is `el`: `view()` the game's view, `state()` the
 * snapshot, `ui` the shell's state, `shell` the shell (its intents), `dialogs` and
 * `reveal` the shell's parts, `draw()`, `clearRefusal()`.  Returns {onKey} (the root's
 * keydown listener). */
export function createKeys(el, { view: currentView, state, ui, shell, dialogs, reveal, draw, clearRefusal }) {
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

  /** A key while a dialog is open (after the view's keyFirst): whether it was used. */
  function dialogKey(dialog, key, t) {
    if (key === "Escape") {
      dialog.dispatchEvent(new Event("cancel", { cancelable: true })); // its onClose
      return true;
    }
    if (key === "Enter") {
      // a control of the dialog does what it does; elsewhere Enter is its primary button
      const own = t && t.closest && t.closest("button, a, summary, input, select, textarea");
      const primary = dialog.querySelector(".nw-primary");
      if (own && dialog.contains(own)) return false;
      if (primary) {
        primary.click();
        return true;
      }
      return false;
    }
    return false; // the board behind a dialog takes no key
  }

  /** Escape with no dialog: the New game form, the "?" list, the pending preview, then
   * the view's own choice, the first one open; whether there was one. */
  function escape(view, S) {
    let done = true;
    if (ui.newGameOpen) ui.newGameOpen = false;
    else if (ui.helpOpen) ui.helpOpen = false;
    else if (ui.previewMove) {
      ui.previewMove = null;
      clearRefusal();
    } else if (!(view.escape && view.escape(S))) done = false;
    draw();
    return done;
  }

  function onKey(e) {
    if (e.defaultPrevented || e.altKey || e.metaKey) return;
    const t = e.target;
    const typing = t && (t.tagName === "SELECT" || t.tagName === "TEXTAREA" ||
      (t.tagName === "INPUT" && !["checkbox", "radio", "range", "button"].includes(t.type)));
    if (typing && e.key !== "Escape") return;
    const S = state();
    const view = currentView();
    if (!view || (view.ready ? !view.ready(S) : S.view.position === undefined)) return;
    const key = e.key;
    let done = true;
    const dialog = dialogs.top();
    closeTips(el, key);
    if (view.keyFirst && view.keyFirst(e, S)) {
      // the view took it (e.g. any key closes an end-of-round panel)
    } else if (dialog && key !== "?") {
      done = dialogKey(dialog, key, t);
    } else if (key === "?") {
      ui.helpOpen = !ui.helpOpen;
      draw();
    } else if (key === "Enter" && ui.previewMove && enterConfirms(t)) {
      // the preview on screen: Enter confirms it, even with the focus on the control that
      // asked for it (Enter would ask it again)
      shell.confirmPreview();
    } else if (key === "Escape") {
      done = escape(view, S);
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

  return { onKey };
}
