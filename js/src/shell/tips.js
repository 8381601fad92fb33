// A tooltip on a phone (<= 420 px): a strip across the window, at its bottom, or at its top
// for a control in the window's lower half (class `nw-tip-high` on the control), so that
// it covers neither the control nor what lies beside it.  It is placed from the control
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

/** Place the tooltip of `control` (a `.nw-has-tip` with the focus) into the window, inside
 * `host` (the widget's element: a notebook's output area clips what lies outside it). */
export function placeTipInWindow(control, host) {
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
  tip.style.top = `${Math.round((high ? top : bottom - height) - r.top)}px`;
}

/** The focus listener (focusin on the widget's element): the control focused, if it has a
 * tooltip, gets it placed, and again after the browser has scrolled it into view (Tab
 * scrolls after the focus event). */
export function tipFocusListener(host) {
  return (e) => {
    const control = e.target;
    if (!control || !control.classList || !control.classList.contains("nw-has-tip")) return;
    placeTipInWindow(control, host);
    if (typeof requestAnimationFrame === "function") {
      requestAnimationFrame(() => {
        if (control.isConnected && control.ownerDocument.activeElement === control) placeTipInWindow(control, host);
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
