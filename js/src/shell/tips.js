// A tooltip on a phone (<= 420 px): a strip across the window, at its bottom, or at its top
// for a control in the window's lower half (class `nw-tip-high` on the control), so that
// it covers neither the control nor what lies beside it, nor the decision's controls (Pass,
// "Let a bot decide", Confirm: the other edge, or beside the control, then).  It is placed from the control
// (position: absolute, shell.css): position: fixed is the window's only without a contained
// ancestor, and the widget's root (container-type) and a notebook's output area (contain)
// are such ancestors: a strip meant for the window's bottom opened 1000 px above it.
export const PHONE = "(max-width: 420px)";
const EDGE = 8; // px between the strip and the window's (or the widget's) edges

const isPhone = () => typeof window.matchMedia === "function" && window.matchMedia(PHONE).matches;
// the placement the strip takes on a phone (CSS alone places it elsewhere)
const PLACED = ["top", "left", "width"];

/** The tooltip of `control` when it is a `.nw-has-tip` (its own `.nw-tip`), else null. */
function ownTip(control) {
  if (!control || !control.classList || !control.classList.contains("nw-has-tip")) return null;
  return control.querySelector(":scope > .nw-tip");
}

function unplace(tip) {
  for (const k of PLACED) tip.style.removeProperty(k);
}

/** How much of the strip [top, top + height] (across the window) covers `rects`. */
function covered(top, height, rects) {
  let area = 0;
  for (const q of rects) {
    const h = Math.min(top + height, q.bottom) - Math.max(top, q.top);
    if (h > 0 && q.width > 0) area += h * q.width;
  }
  return area;
}

/** Where the strip goes (its top, in the window): at the window's bottom, or its top for a
 * control in the window's lower half; but never over the decision's controls (`avoid`: the
 * window rects of Pass, "Let a bot decide", Confirm...), which a tile's strip at the bottom
 * covered on a phone: then the other edge, or just below or above the control, whichever
 * covers neither the control nor them (else the one covering the least of them). */
function stripTop(r, height, top, bottom, high, avoid) {
  const edges = high ? [top, bottom - height] : [bottom - height, top];
  const beside = [r.bottom + EDGE, r.top - EDGE - height].filter((y) => y >= top && y + height <= bottom);
  const options = [...edges, ...beside].filter((y) => covered(y, height, [r]) === 0);
  if (!options.length) return edges[0];
  let best = options[0];
  let least = Infinity;
  for (const y of options) {
    const c = covered(y, height, avoid);
    if (c === 0) return y;
    if (c < least) {
      least = c;
      best = y;
    }
  }
  return best;
}

/** Place the tooltip of `control` (a `.nw-has-tip` with the focus) into the window, inside
 * `host` (the widget's element: a notebook's output area clips what lies outside it).
 * `avoid()`: the elements the strip must not cover (the decision's controls). */
export function placeTipInWindow(control, host, avoid = () => []) {
  const tip = ownTip(control);
  const r = control.getBoundingClientRect();
  const vh = window.innerHeight || 0;
  const high = vh > 0 && r.top + r.height / 2 > vh / 2;
  if (control.classList.contains("nw-tip-high") !== high) control.classList.toggle("nw-tip-high", high);
  if (!tip) return;
  if (!isPhone() || !vh) {
    unplace(tip);
    return;
  }
  const vw = window.innerWidth || control.ownerDocument.documentElement.clientWidth;
  const box = host && host.getBoundingClientRect ? host.getBoundingClientRect() : null;
  const left = Math.max(EDGE, box && box.width ? box.left + EDGE : EDGE);
  const right = Math.min(vw - EDGE, box && box.width ? box.right - EDGE : vw - EDGE);
  tip.style.width = `${Math.max(0, right - left)}px`;
  tip.style.left = `${Math.round(left - r.left)}px`;
  const height = tip.getBoundingClientRect().height;
  const top = Math.max(EDGE, box && box.height ? box.top + EDGE : EDGE);
  const bottom = Math.min(vh - EDGE, box && box.height ? box.bottom - EDGE : vh - EDGE);
  const rects = [];
  for (const x of avoid()) {
    if (x === control || control.contains(x) || x.contains(control)) continue;
    const q = x.getBoundingClientRect();
    if (q.width && q.height && q.bottom > 0 && q.top < vh) rects.push(q);
  }
  const y = stripTop(r, height, top, bottom, high, rects);
  // (marked for where it went: the top half or the bottom one)
  const placedHigh = y + height / 2 < vh / 2;
  if (control.classList.contains("nw-tip-high") !== placedHigh) control.classList.toggle("nw-tip-high", placedHigh);
  tip.style.top = `${Math.round(y - r.top)}px`;
}

/** The focus listener (focusin on the widget's element): the control focused, if it has a
 * tooltip, gets it placed, and again after the browser has scrolled it into view (Tab
 * scrolls after the focus event). */
export function tipFocusListener(host, avoid = () => []) {
  return (e) => {
    const control = e.target;
    if (!control || !control.classList || !control.classList.contains("nw-has-tip")) return;
    placeTipInWindow(control, host, avoid);
    if (typeof requestAnimationFrame === "function") {
      requestAnimationFrame(() => {
        if (control.isConnected && control.ownerDocument.activeElement === control) placeTipInWindow(control, host, avoid);
      });
    }
  };
}

/** The blur listener (focusout): the strip's placement is dropped (a wider window's tooltip,
 * placed by CSS alone, must not keep it). */
export function tipBlur(e) {
  const tip = ownTip(e.target);
  if (tip) unplace(tip);
}

// ------------------------------------------------------------- a tooltip's life
// A tooltip (.nw-tip in a .nw-has-tip, shown on hover and focus by CSS) closes on a click
// of its control (a live one: a tap on an inert tile is how a phone shows why it is
// inert), when the mouse leaves it and on Escape, so that it never stays over the
// neighbouring tiles; it opens again on the next hover or focus.
const TIP_OFF = "nw-tip-off";
const tipOf = (t) => (t && t.closest ? t.closest(".nw-has-tip") : null);

/** The listeners of the tooltips of the widget whose root is `host`, as [type, listener,
 * capture] (the controller adds and removes them): `note(reason, label)` shows an inert
 * control's reason near the decision (a tap on it, which shows no hover tooltip, or Enter
 * or Space on it); `avoid()` the decision's controls a phone's strip must not cover. */
export function tooltipListeners(host, { note, avoid }) {
  function over(e) {
    const tip = tipOf(e.target);
    if (tip && tip.classList.contains(TIP_OFF) && !(e.relatedTarget && tip.contains(e.relatedTarget))) tip.classList.remove(TIP_OFF);
  }
  function out(e) {
    if (e.pointerType && e.pointerType !== "mouse") return; // a finger lifted: the tap's tooltip stays
    const tip = tipOf(e.target);
    if (tip && !(e.relatedTarget && tip.contains(e.relatedTarget))) tip.classList.add(TIP_OFF);
  }
  function inertClick(e) {
    const t = e.target;
    const control = t && t.closest ? t.closest('[aria-disabled="true"][data-reason]') : null;
    if (!control || !host.contains(control)) return;
    note(control.dataset.reason, "Not now");
  }
  function click(e) {
    const tip = tipOf(e.target);
    if (tip && tip.getAttribute("aria-disabled") !== "true") tip.classList.add(TIP_OFF);
  }
  return [
    ["pointerover", over, false],
    ["pointerout", out, false],
    ["focusin", over, false],
    // on a phone, the focused control's tooltip is placed in the window
    // (never over the decision's controls: Pass, "Let a bot decide", a preview's Confirm)
    ["focusin", tipFocusListener(host, avoid), false],
    ["focusout", tipBlur, false],
    ["click", click, false],
    ["click", inertClick, false],
  ];
}

/** Escape closes the tooltips open under the pointer or the focus. */
export function closeTips(host, key) {
  if (key !== "Escape") return;
  for (const tip of host.querySelectorAll(".nw-has-tip")) {
    if (tip.contains(host.ownerDocument.activeElement) || tip.matches(":hover")) tip.classList.add(TIP_OFF);
  }
}
