// The dialogs a draw made (dom.modal: a native <dialog>, opened modal in the browser's top
// layer): opened once drawn, the focus moved into them; when one is no longer drawn (or its
// <details> closed), the focus goes back to the control that had it before, or its
// successor, or the widget's root.  A dialog drawn anew (its part rebuilt: a field of New
// game changed) stays open, its new element in the old one's place.
import { byKey, focusIn } from "./dom.js";

/** The dialogs of the widget whose root is `el`: `sync()` after each draw, `noteFocus()`
 * before it, `top()` the dialog on top (or null), `destroy()` with the widget. */
export function createDialogs(el) {
  const openDialogs = []; // {dialog, opener, openerKey, focusKey}
  const wanted = (d) => d.isConnected && el.contains(d) && !d.closest("details:not([open])");
  const firstControl = (d) => d.querySelector("button, [href], input, select, textarea, summary, [tabindex]");
  // the page may draw the widget before it puts it in the document (a dialog drawn then,
  // the board game's New game, can only open once it is there): look again shortly
  let destroyed = false;
  let syncRetry = null;
  let syncTries = 0;
  function syncLater() {
    if (syncRetry || destroyed || syncTries > 600) return; // 30 s at most; a draw tries again
    syncTries += 1;
    syncRetry = setTimeout(() => {
      syncRetry = null;
      if (!destroyed) sync();
    }, 50);
  }
  function show(d) {
    try {
      if (typeof d.showModal === "function") d.showModal();
      else d.setAttribute("open", "");
    } catch {
      d.setAttribute("open", ""); // not in a document yet: shown in place
    }
  }
  function sync() {
    const doc = el.ownerDocument;
    if (!el.isConnected) {
      if (el.querySelector("dialog.nw-modal")) syncLater();
      return;
    }
    syncTries = 0;
    for (let i = openDialogs.length - 1; i >= 0; i -= 1) {
      const o = openDialogs[i];
      if (wanted(o.dialog)) continue;
      // the same dialog drawn anew: the new element takes its place, open, with the focus
      // on the control that had it
      const key = o.dialog.dataset.key;
      const successor = key ? [...el.querySelectorAll("dialog.nw-modal")].find((d) => d.dataset.key === key && wanted(d)) : null;
      if (successor) {
        const focusKey = o.focusKey;
        o.dialog = successor;
        if (!successor.hasAttribute("open")) show(successor);
        const again = focusKey ? byKey(successor, focusKey) : null;
        focusIn(el, again || successor.querySelector(".nw-primary") || firstControl(successor));
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
        const back = o.opener && o.opener.isConnected && el.contains(o.opener) ? o.opener : o.openerKey ? byKey(el, o.openerKey) : null;
        focusIn(el, back || el);
      }
    }
    for (const d of el.querySelectorAll("dialog.nw-modal")) {
      if (!wanted(d) || openDialogs.some((o) => o.dialog === d)) continue;
      const a = doc.activeElement;
      const opener = a && a !== doc.body && el.contains(a) ? a : null;
      openDialogs.push({ dialog: d, opener, openerKey: opener && opener.dataset ? opener.dataset.key : null, focusKey: null });
      if (!d.hasAttribute("open")) show(d);
      // showModal focuses the dialog's first control itself: in a dialog without fields (a
      // round's summary, a card's details) that is a phase's disclosure or the x, and Enter,
      // the key a player presses to go on, toggled it; the primary button is what Enter
      // should press.  Without scrolling the dialog: its top (the title) stays in view.
      const primary = d.querySelector(".nw-primary");
      if (primary && !d.querySelector("input, select, textarea")) primary.focus({ preventScroll: true });
      else if (!d.contains(doc.activeElement)) focusIn(el, primary || firstControl(d));
    }
  }
  return {
    sync,
    /** Before a draw: which control of each open dialog has the focus (by data-key), so a
     * dialog drawn anew gets it back (sync). */
    noteFocus() {
      const a = el.ownerDocument ? el.ownerDocument.activeElement : null;
      for (const o of openDialogs) o.focusKey = a && o.dialog.contains(a) && a.dataset ? a.dataset.key || null : null;
    },
    /** The dialog on top (the last opened that is still drawn), or null. */
    top: () => (openDialogs.length ? openDialogs[openDialogs.length - 1].dialog : null),
    destroy() {
      destroyed = true;
      clearTimeout(syncRetry);
    },
  };
}
