// A tiny element builder: h("div", {class: "x", onclick: fn}, child, "text", [more]),
// and the helpers of the incremental board: Parts (reuse a subtree while its inputs'
// signature is unchanged, build it anew when it changed) and setChildren (put nodes in
// place, moving only what moved).

// Event handlers live in a side table and one shared listener calls them.
// (Side tables, not expando properties: properties added to DOM objects change their
// shapes and make every property access on elements slow.)
const handlers = new WeakMap(); // element -> {type: fn}
const kept = new WeakMap(); // placeholder -> the drawn element it stands for

function dispatch(e) {
  const on = handlers.get(this);
  const fn = on && on[e.type];
  if (fn) fn.call(this, e);
}

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const key in attrs) {
      const value = attrs[key];
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith("on") && typeof value === "function") {
        const type = key.slice(2);
        let on = handlers.get(el);
        if (!on) handlers.set(el, (on = {}));
        on[type] = value;
        el.addEventListener(type, dispatch);
      } else if (key === "class") {
        el.className = value;
      } else if (key === "dataset") {
        for (const k in value) el.setAttribute(`data-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, String(value[k]));
      } else if (key === "style" && typeof value === "object") {
        Object.assign(el.style, value);
      } else if (key === "value") {
        el.value = value;
      } else if (key === "checked" || key === "disabled" || key === "selected") {
        el[key] = Boolean(value);
        if (key === "disabled") el.setAttribute("disabled", "");
      } else {
        el.setAttribute(key, value === true ? "" : String(value));
      }
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

let counter = 0;
/** A document-unique id. */
export function uid(prefix = "nw") {
  counter += 1;
  return `${prefix}-${counter}`;
}

let scope = "nw";
/** Ids for aria-describedby and label/for pairs: `name` within the board being drawn
 * (setIdScope), so that a redrawn part gets the same ids and two boards never clash. */
export function sid(name) {
  return `${scope}-${name}`;
}

export function setIdScope(prefix) {
  scope = prefix;
}

/** A signature of a part's inputs: equal signatures draw the same DOM. */
export const sig = (...inputs) => JSON.stringify(inputs);

/**
 * Subtrees keyed by name, each rebuilt only when its signature changes.
 * `part(key, signature, build)` returns the node built last time for `key` if the
 * signature is the same, else calls `build()` and uses what it returns, a new node (the old
 * one is dropped: its parent's setChildren puts the new one in its place).  `sweep()` puts
 * the keys not asked for since the last sweep aside, and forgets them after SPARE_SWEEPS
 * more sweeps: what a move took off the table (a tile bought from the progress board) an
 * Undo usually brings back at once, and it comes back as it was drawn instead of being
 * built again.  `built`/`reused` count the calls (for tests and profiling).
 *
 * Why this draws the same page as a fresh draw (js/test/shell/replay.test.js checks it on
 * whole games): a node is reused only for the key and signature it was built for, and only
 * where it was placed before: an entry remembers the part whose build asked for it (its
 * owner: none for a part asked by the draw itself), and a key asked twice in one draw, or
 * from another owner, is built anew for that place and not remembered.  So a kept node is
 * never taken out of another part that is drawn, or put aside to come back as it was.  A
 * node whose signature changed is never patched into the new one: its state set in place
 * after the build (a die's face, a card's turn state) would be left behind by the patch
 * while its drawer believes it drawn.
 */
export class Parts {
  constructor() {
    this.map = new Map();
    this.spare = new Map(); // key -> entry: swept lately, kept for SPARE_SWEEPS sweeps
    this.used = new Set();
    this.asked = new Set(); // the keys asked for in this draw (a second ask is built anew)
    this.built = 0;
    this.reused = 0;
    this.collect = null; // the keys asked for by the part being built
    this.owner = null; // the key of the part being built (null: the draw itself)
  }

  /** Mark `key` and the entries its node was built from as still drawn (taking them back
   * from the spare ones if they were put aside). */
  use(key) {
    this.used.add(key);
    let entry = this.map.get(key);
    if (!entry) {
      entry = this.spare.get(key);
      if (entry) {
        this.spare.delete(key);
        this.map.set(key, entry);
      }
    }
    if (entry && entry.inner) for (const k of entry.inner) this.use(k);
  }

  /** The entry to reuse for `key` asked now, or null when the key must be built anew and
   * not remembered (asked twice in this draw, or by another owner than the one whose node
   * holds it). */
  claim(key) {
    if (this.collect) this.collect.push(key);
    const again = this.asked.has(key);
    this.asked.add(key);
    this.use(key);
    const entry = this.map.get(key);
    if (again || (entry && entry.owner !== this.owner)) return { entry: null, keep: false };
    return { entry: entry || null, keep: true };
  }

  /** A kept node is placed as it is, with the nodes inside it: they count as asked for in
   * this draw (a later ask of one of them builds another). */
  placed(entry) {
    if (!entry.inner) return;
    for (const k of entry.inner) {
      this.asked.add(k);
      const inner = this.map.get(k);
      if (inner) this.placed(inner);
    }
  }

  /** Call `build` as the part `key`'s build: what it asks for is noted (its inner keys). */
  build(key, build) {
    const outer = this.collect;
    const owner = this.owner;
    const inner = [];
    this.collect = inner;
    this.owner = key;
    const prev = current;
    current = this;
    try {
      return { node: build(), inner };
    } finally {
      current = prev;
      this.collect = outer;
      this.owner = owner;
    }
  }

  part(key, signature, build) {
    const { entry, keep: remember } = this.claim(key);
    if (entry && entry.sig === signature) {
      this.reused += 1;
      this.placed(entry);
      return entry.node;
    }
    const built = this.build(key, build);
    for (const k of built.inner) this.use(k);
    let node = built.node;
    if (node && kept.has(node)) { // built by memo: that element itself
      const ph = node;
      node = kept.get(ph);
      kept.delete(ph);
    } else if (node && node.nodeType === 1) resolveKept(node);
    if (remember) this.map.set(key, { sig: signature, node, inner: built.inner, owner: this.owner });
    this.built += 1;
    return node;
  }

  sweep() {
    for (const [key, entry] of this.spare) {
      entry.age += 1;
      if (entry.age > SPARE_SWEEPS) this.spare.delete(key);
    }
    for (const [key, entry] of [...this.map]) {
      if (this.used.has(key)) continue;
      this.map.delete(key);
      entry.age = 0;
      this.spare.set(key, entry);
    }
    this.used.clear();
    this.asked.clear();
  }

  clear() {
    this.map.clear();
    this.spare.clear();
    this.used.clear();
    this.asked.clear();
  }
}

/** How many draws a part no longer drawn is kept aside (Parts.sweep). */
const SPARE_SWEEPS = 4;

let current = null; // the Parts whose part is being built (for memo)

/**
 * Inside a part's build: the element for `key` (a tile card, a die...), built only when
 * its signature changed, else the element drawn last time.  Outside a Board draw it just
 * builds.  What it returns for an element already drawn is a placeholder that the part's
 * build, once done, replaces by that element, untouched (each placeholder once: the part
 * resolves the placeholders of the node it built, and a memo asked twice is built anew).
 * Memos nest: a card's memo may hold its face's memos, which stay kept while only the
 * card's buttons change.
 */
export function memo(key, signature, build) {
  const parts = current;
  if (!parts) return build();
  const { entry, keep: remember } = parts.claim(key);
  if (entry && entry.sig === signature) {
    parts.reused += 1;
    parts.placed(entry);
    return keep(entry.node);
  }
  const outer = parts.collect;
  const inner = [];
  parts.collect = inner;
  let node;
  try {
    node = build();
  } finally {
    parts.collect = outer;
  }
  for (const k of inner) parts.use(k);
  if (remember) parts.map.set(key, { sig: signature, node, inner, owner: parts.owner });
  parts.built += 1;
  return node;
}

function keep(node) {
  const ph = document.createElement("nw-keep");
  kept.set(ph, node);
  return ph;
}

function resolveKept(root) {
  for (const ph of root.querySelectorAll("nw-keep")) {
    const node = kept.get(ph);
    kept.delete(ph);
    ph.replaceWith(node);
  }
}

/**
 * Run `draw`, which redraws what is under `root`, and give the focus back to the control
 * that had it: a part built anew takes the elements it keeps (memo) out of the page for a
 * moment, and an element taken out of the page loses the focus; a control built anew is
 * found by its data-key.  A control the draw disabled (the history's » once at the latest
 * position) cannot keep the focus either: the browser drops it to the page's body a moment
 * later, out of the widget.  Where no control can take it, the widget's root does
 * (focusable; the keyboard listener is there, so the shortcuts keep working).
 */
export function keepingFocus(root, draw) {
  const doc = root.ownerDocument;
  const active = doc ? doc.activeElement : null;
  if (!active || active === root || !root.contains(active)) {
    draw();
    return;
  }
  const focusKey = active.dataset ? active.dataset.key : null;
  draw();
  const now = doc.activeElement;
  // moved on purpose (a dialog the draw opened focuses its first field), or kept
  if (now && now !== doc.body && now !== doc.documentElement && !now.disabled) return;
  const canTake = (x) => x && x.isConnected && root.contains(x) && !x.disabled && typeof x.focus === "function";
  const again = canTake(active) ? active : focusKey
    ? [...root.querySelectorAll("[data-key]")].find((x) => x.dataset.key === focusKey && canTake(x)) : null;
  // (without scrolling: the control is where the player left it, or its successor is)
  if (again) again.focus({ preventScroll: true });
  else if (typeof root.focus === "function") root.focus({ preventScroll: true });
}

/** Make `nodes` (nulls skipped) the children of `parent`, in order, touching only the
 * places that differ: children no longer wanted are removed first, so a kept node is
 * never moved because a neighbour was replaced (moving a node restyles its whole subtree
 * and restarts its animations). */
export function setChildren(parent, nodes) {
  const want = [];
  for (const node of nodes) if (node !== null && node !== undefined && node !== false) want.push(node);
  // the common case: nothing moved
  let c = parent.firstChild;
  let i = 0;
  while (c && i < want.length && c === want[i]) {
    c = c.nextSibling;
    i += 1;
  }
  if (!c && i === want.length) return;
  const keep = new Set(want);
  for (let c = parent.firstChild; c;) {
    const next = c.nextSibling;
    if (!keep.has(c)) parent.removeChild(c);
    c = next;
  }
  let at = parent.firstChild;
  for (const node of want) {
    if (at === node) at = at.nextSibling;
    else parent.insertBefore(node, at);
  }
}

/**
 * Switch a control between live and inert in place, so that a change of turn patches one
 * attribute instead of rebuilding the control (a die, a chit, a tile of the progress board
 * is the same button whether or not it can be used now).  Inert: aria-disabled, and its
 * click handler does nothing (`isLive`); `focusable` false also takes it out of the tab
 * order (a tile stays focusable: focus shows its explanation).  `reason`: why it is inert
 * (Python's words), kept as `data-reason`: a click on the inert control (a tap, Enter or
 * Space) shows it as the shell's note (tips.js, intents.js), where a hover tooltip shows nothing.
 */
export function setLive(el, live, focusable = false, reason = null) {
  setAttr(el, "aria-disabled", live ? null : "true");
  if (!focusable) setAttr(el, "tabindex", live ? null : "-1");
  setAttr(el, "data-reason", live ? null : reason || null);
}

/** Whether a control switched by `setLive` is live. */
export const isLive = (el) => el.getAttribute("aria-disabled") !== "true";

/** Set a button's `disabled` only if it differs. */
export function setDisabled(el, disabled) {
  if (el.disabled !== disabled) el.disabled = disabled;
}

/** Make `el`'s text `text` (a single text node), touching it only if it differs. */
export function setText(el, text) {
  const t = el.firstChild;
  if (t && t === el.lastChild && t.nodeType === 3) {
    if (t.data !== text) t.data = text;
  } else {
    el.textContent = text;
  }
}

/** Set an attribute only if it differs (null removes it). */
export function setAttr(el, name, value) {
  if (value === null || value === undefined) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== String(value)) {
    el.setAttribute(name, String(value));
  }
}

/**
 * A modal dialog: a native <dialog> (the shell opens it with showModal once it is drawn,
 * see dialogs.js sync), so the browser puts it in the top layer, over the page
 * and on screen whatever the page's scroll or the widget's containers (in a Voila page,
 * scrolled down, a position: fixed overlay inside the widget sat at the widget's top,
 * above the screen: tests/browser/test_voila_dialogs.py).  `onClose` is called for Escape (the dialog's cancel) and for
 * a click on the shade around it; its own buttons call what they do.  The box scrolls
 * inside itself when taller than the screen (shell.css).
 */
export function modal({ key, label, onClose, inner = "" }, ...children) {
  return h("dialog", {
    class: "nw-modal", "aria-label": label, dataset: { key },
    // a click on the shade lands on the dialog itself (its box is the inner one's)
    onclick: (e) => {
      if (e.target === e.currentTarget) onClose();
    },
    oncancel: (e) => {
      e.preventDefault(); // the shell's state closes it (the next draw)
      onClose();
    },
  }, h("div", { class: `nw-dialog${inner ? ` ${inner}` : ""}` }, children));
}

/** The element of `root` whose data-key is `key` (the first), or null. */
export const byKey = (root, key) =>
  [...root.querySelectorAll("[data-key]")].find((x) => x.dataset.key === key) || null;

/** Focus `target` (the widget's root `root` without scrolling it into view). */
export function focusIn(root, target) {
  if (target && typeof target.focus === "function") target.focus({ preventScroll: target === root });
}
