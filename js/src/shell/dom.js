// A tiny element builder: h("div", {class: "x", onclick: fn}, child, "text", [more]),
// and the helpers of the incremental board: Parts (reuse a subtree while its inputs'
// signature is unchanged; when it changed, patch the drawn subtree into the new one with
// morph, so only what differs is touched) and setChildren (put nodes in place, moving only
// what moved).

// Event handlers live in a side table and one shared listener calls them, so that morph can
// hand a drawn element the handlers of the element it is patched into.
// (Side tables, not expando properties: properties added to DOM objects change their
// shapes and make every property access on elements slow.)
const handlers = new WeakMap(); // element -> {type: fn}
const memoNodes = new WeakSet(); // elements owned by memo
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
 * Subtrees keyed by name, each rebuilt only when its signature changes.  (A frame whose
 * inner elements are kept aside, to be set in place, takes a constant signature and puts
 * what shapes it in its key instead: a rebuilt frame is morphed into the drawn one, which
 * would leave those kept elements stale.)
 * `part(key, signature, build)` returns the node built last time for `key` if the
 * signature is the same, else calls `build()`.  `sweep()` puts the keys not asked for since
 * the last sweep aside, and forgets them after SPARE_SWEEPS more sweeps: what a move took
 * off the table (a tile bought from the progress board) an Undo usually brings back at
 * once, and it comes back as it was drawn instead of being built again.  `built`/`reused`
 * count the calls (for tests and profiling).
 */
export class Parts {
  constructor() {
    this.map = new Map();
    this.spare = new Map(); // key -> entry: swept lately, kept for SPARE_SWEEPS sweeps
    this.used = new Set();
    this.built = 0;
    this.reused = 0;
    this.morphed = 0;
    this.collect = null; // the memo keys asked for by the part being built
  }

  /** Mark `key` and the memo entries its node was built from as still drawn (taking them
   * back from the spare ones if they were put aside). */
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

  build(build) {
    const outer = this.collect;
    const inner = [];
    this.collect = inner;
    const prev = current;
    current = this;
    try {
      return { node: build(), inner };
    } finally {
      current = prev;
      this.collect = outer;
    }
  }

  part(key, signature, build) {
    if (this.collect) this.collect.push(key);
    this.use(key);
    const hit = this.map.get(key);
    if (hit && hit.sig === signature) {
      this.reused += 1;
      return hit.node;
    }
    const built = this.build(build);
    const inner = built.inner;
    let node = built.node;
    for (const k of inner) this.use(k);
    if (node && kept.has(node)) node = kept.get(node); // built by memo: that element itself
    if (hit && hit.node === node) {
      hit.sig = signature;
      hit.inner = inner;
      this.reused += 1;
      return node;
    }
    if (hit && hit.node && node && hit.node.nodeName === node.nodeName && hit.node.nodeType === 1) {
      morph(hit.node, node);
      hit.sig = signature;
      hit.inner = inner;
      this.morphed += 1;
      return hit.node;
    }
    if (node && node.nodeType === 1) resolveKept(node);
    this.map.set(key, { sig: signature, node, inner });
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
  }

  clear() {
    this.map.clear();
    this.spare.clear();
    this.used.clear();
  }
}

/** How many draws a part no longer drawn is kept aside (Parts.sweep). */
const SPARE_SWEEPS = 4;

let current = null; // the Parts whose part is being built (for memo)

/**
 * Inside a part's build: the element for `key` (a tile card, a die...), built only when
 * its signature changed, else the element drawn last time (patched into the new one with
 * morph when it changed).  Outside a Board draw it just builds.  What it returns for an
 * element already drawn is a placeholder that morph (or the part's first build) replaces
 * by that element, untouched.  Memos nest: a card's memo may hold its face's memos, which
 * stay kept (and are set back in place as they are) while only the card's buttons change.
 */
export function memo(key, signature, build) {
  const parts = current;
  if (!parts) return build();
  if (parts.collect) parts.collect.push(key);
  parts.use(key); // with the memo entries it was built from (a card's face inside the card)
  const hit = parts.map.get(key);
  if (hit && hit.sig === signature) {
    parts.reused += 1;
    return keep(hit.node);
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
  if (hit && hit.node.nodeName === node.nodeName) {
    morph(hit.node, node);
    hit.sig = signature;
    hit.inner = inner;
    parts.morphed += 1;
    return keep(hit.node);
  }
  memoNodes.add(node);
  parts.map.set(key, { sig: signature, node, inner });
  parts.built += 1;
  return node;
}

function keep(node) {
  const ph = document.createElement("nw-keep");
  kept.set(ph, node);
  return ph;
}

function resolveKept(root) {
  for (const ph of root.querySelectorAll("nw-keep")) ph.replaceWith(kept.get(ph));
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

const keyOf = (node) => (node.nodeType === 1 ? node.getAttribute("data-key") : null);

/** Whether drawn node `a` can be patched into new node `b` (same kind; same data-key). */
function alike(a, b) {
  // an element kept by memo is never patched into another one, nor another into it
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName && keyOf(a) === keyOf(b) &&
    !memoNodes.has(a) && !memoNodes.has(b);
}

/**
 * Patch the drawn element `old` into `neu` (a freshly built element of the same tag):
 * attributes, handlers, form values and children are made equal, touching only what
 * differs.  Children are paired in order (a child whose data-key differs is not reused);
 * unpaired new children move into `old`.  `old` keeps its identity, and so does every
 * descendant that pairs, so the browser restyles only what changed.
 */
export function morph(old, neu) {
  const oa = old.attributes;
  for (let i = oa.length - 1; i >= 0; i -= 1) {
    const name = oa[i].name;
    // a dialog's `open` belongs to the browser (showModal): a redraw never closes it
    if (name === "open" && old.nodeName === "DIALOG") continue;
    if (!neu.hasAttribute(name)) old.removeAttribute(name);
  }
  const na = neu.attributes;
  for (let i = 0; i < na.length; i += 1) {
    const { name, value } = na[i];
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  const on = handlers.get(neu);
  if (on) {
    for (const type of Object.keys(on)) old.addEventListener(type, dispatch);
    handlers.set(old, on);
  } else {
    handlers.delete(old);
  }
  let wanted = null; // the kept elements this list places
  for (let c = neu.firstChild; c; c = c.nextSibling) if (kept.has(c)) (wanted ||= new Set()).add(kept.get(c));
  let o = old.firstChild;
  let n = neu.firstChild;
  while (n) {
    const next = n.nextSibling;
    // an element kept by memo that this list does not place (it was redrawn as another
    // element, or it moves elsewhere): out of the way, so the kept ones after it stay put
    while (o && memoNodes.has(o) && !(wanted && wanted.has(o))) {
      const gone = o;
      o = o.nextSibling;
      old.removeChild(gone);
    }
    const live = kept.get(n);
    if (live) { // an element drawn before and unchanged: put it here as it is
      if (o === live) o = o.nextSibling;
      else old.insertBefore(live, o);
      n = next;
      continue;
    }
    if (o && !alike(o, n) && o.nextSibling && alike(o.nextSibling, n)) {
      const gone = o; // one child fewer here
      o = o.nextSibling;
      old.removeChild(gone);
    }
    if (o && alike(o, n)) {
      if (o.nodeType === 1) morph(o, n);
      else if (o.data !== n.data) o.data = n.data;
      o = o.nextSibling;
    } else {
      old.insertBefore(n, o);
      if (n.nodeType === 1) resolveKept(n);
    }
    n = next;
  }
  while (o) {
    const next = o.nextSibling;
    old.removeChild(o);
    o = next;
  }
  const tag = old.nodeName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") {
    if (old.value !== neu.value) old.value = neu.value;
    if (tag === "INPUT" && old.checked !== neu.checked) old.checked = neu.checked;
  }
}

/**
 * Switch a control between live and inert in place, so that a change of turn patches one
 * attribute instead of rebuilding the control (a die, a chit, a tile of the progress board
 * is the same button whether or not it can be used now).  Inert: aria-disabled, and its
 * click handler does nothing (`isLive`); `focusable` false also takes it out of the tab
 * order (a tile stays focusable: focus shows its explanation).
 */
export function setLive(el, live, focusable = false) {
  setAttr(el, "aria-disabled", live ? null : "true");
  if (!focusable) setAttr(el, "tabindex", live ? null : "-1");
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
 * see controller.js syncDialogs), so the browser puts it in the top layer, over the page
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
