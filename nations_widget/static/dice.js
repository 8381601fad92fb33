var __defProp = Object.defineProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// src/shell/dom.js
var dom_exports = {};
__export(dom_exports, {
  Parts: () => Parts,
  h: () => h,
  isLive: () => isLive,
  keepingFocus: () => keepingFocus,
  memo: () => memo,
  modal: () => modal,
  setAttr: () => setAttr,
  setChildren: () => setChildren,
  setDisabled: () => setDisabled,
  setIdScope: () => setIdScope,
  setLive: () => setLive,
  setText: () => setText,
  sid: () => sid,
  sig: () => sig,
  uid: () => uid
});
var handlers = /* @__PURE__ */ new WeakMap();
var kept = /* @__PURE__ */ new WeakMap();
function dispatch(e) {
  const on = handlers.get(this);
  const fn = on && on[e.type];
  if (fn) fn.call(this, e);
}
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const key in attrs) {
      const value = attrs[key];
      if (value === null || value === void 0 || value === false) continue;
      if (key.startsWith("on") && typeof value === "function") {
        const type = key.slice(2);
        let on = handlers.get(el);
        if (!on) handlers.set(el, on = {});
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
    if (child === null || child === void 0 || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}
var counter = 0;
function uid(prefix = "nw") {
  counter += 1;
  return `${prefix}-${counter}`;
}
var scope = "nw";
function sid(name) {
  return `${scope}-${name}`;
}
function setIdScope(prefix) {
  scope = prefix;
}
var sig = (...inputs) => JSON.stringify(inputs);
var Parts = class {
  constructor() {
    this.map = /* @__PURE__ */ new Map();
    this.spare = /* @__PURE__ */ new Map();
    this.used = /* @__PURE__ */ new Set();
    this.asked = /* @__PURE__ */ new Set();
    this.built = 0;
    this.reused = 0;
    this.collect = null;
    this.owner = null;
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
    if (again || entry && entry.owner !== this.owner) return { entry: null, keep: false };
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
    if (node && kept.has(node)) {
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
};
var SPARE_SWEEPS = 4;
var current = null;
function memo(key, signature, build) {
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
function keepingFocus(root, draw) {
  const doc = root.ownerDocument;
  const active = doc ? doc.activeElement : null;
  if (!active || active === root || !root.contains(active)) {
    draw();
    return;
  }
  const focusKey = active.dataset ? active.dataset.key : null;
  draw();
  const now = doc.activeElement;
  if (now && now !== doc.body && now !== doc.documentElement && !now.disabled) return;
  const canTake = (x) => x && x.isConnected && root.contains(x) && !x.disabled && typeof x.focus === "function";
  const again = canTake(active) ? active : focusKey ? [...root.querySelectorAll("[data-key]")].find((x) => x.dataset.key === focusKey && canTake(x)) : null;
  if (again) again.focus({ preventScroll: true });
  else if (typeof root.focus === "function") root.focus({ preventScroll: true });
}
function setChildren(parent, nodes) {
  const want = [];
  for (const node of nodes) if (node !== null && node !== void 0 && node !== false) want.push(node);
  let c = parent.firstChild;
  let i = 0;
  while (c && i < want.length && c === want[i]) {
    c = c.nextSibling;
    i += 1;
  }
  if (!c && i === want.length) return;
  const keep2 = new Set(want);
  for (let c2 = parent.firstChild; c2; ) {
    const next = c2.nextSibling;
    if (!keep2.has(c2)) parent.removeChild(c2);
    c2 = next;
  }
  let at = parent.firstChild;
  for (const node of want) {
    if (at === node) at = at.nextSibling;
    else parent.insertBefore(node, at);
  }
}
function setLive(el, live, focusable = false) {
  setAttr(el, "aria-disabled", live ? null : "true");
  if (!focusable) setAttr(el, "tabindex", live ? null : "-1");
}
var isLive = (el) => el.getAttribute("aria-disabled") !== "true";
function setDisabled(el, disabled) {
  if (el.disabled !== disabled) el.disabled = disabled;
}
function setText(el, text) {
  const t = el.firstChild;
  if (t && t === el.lastChild && t.nodeType === 3) {
    if (t.data !== text) t.data = text;
  } else {
    el.textContent = text;
  }
}
function setAttr(el, name, value) {
  if (value === null || value === void 0) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== String(value)) {
    el.setAttribute(name, String(value));
  }
}
function modal({ key, label, onClose, inner = "" }, ...children) {
  return h("dialog", {
    class: "nw-modal",
    "aria-label": label,
    dataset: { key },
    // a click on the shade lands on the dialog itself (its box is the inner one's)
    onclick: (e) => {
      if (e.target === e.currentTarget) onClose();
    },
    oncancel: (e) => {
      e.preventDefault();
      onClose();
    }
  }, h("div", { class: `nw-dialog${inner ? ` ${inner}` : ""}` }, children));
}

// src/shell/icons.js
var icons_exports = {};
__export(icons_exports, {
  ICON_NAMES: () => ICON_NAMES,
  RESOURCE_LABEL: () => RESOURCE_LABEL,
  icon: () => icon,
  iconClass: () => iconClass,
  iconCss: () => iconCss
});
var PATHS = {
  gold: '<circle cx="8" cy="8" r="6.5" fill="#f2c230" stroke="#8a6500" stroke-width="1.3"/><circle cx="8" cy="8" r="3.6" fill="none" stroke="#8a6500" stroke-width="1.1"/>',
  stone: '<rect x="1" y="3" width="6.5" height="4.5" rx="0.8" fill="#9aa0a6" stroke="#44484c" stroke-width="1"/><rect x="8.5" y="3" width="6.5" height="4.5" rx="0.8" fill="#9aa0a6" stroke="#44484c" stroke-width="1"/><rect x="4.5" y="8.5" width="7" height="4.5" rx="0.8" fill="#b6bbc0" stroke="#44484c" stroke-width="1"/>',
  food: '<path d="M8 15V5" stroke="#6b4a12" stroke-width="1.3" fill="none"/><ellipse cx="8" cy="3.2" rx="1.6" ry="2.3" fill="#e0a526" stroke="#6b4a12" stroke-width="0.8"/><ellipse cx="5.4" cy="6.6" rx="1.5" ry="2.3" transform="rotate(-35 5.4 6.6)" fill="#e0a526" stroke="#6b4a12" stroke-width="0.8"/><ellipse cx="10.6" cy="6.6" rx="1.5" ry="2.3" transform="rotate(35 10.6 6.6)" fill="#e0a526" stroke="#6b4a12" stroke-width="0.8"/><ellipse cx="5.4" cy="10.4" rx="1.5" ry="2.3" transform="rotate(-35 5.4 10.4)" fill="#e0a526" stroke="#6b4a12" stroke-width="0.8"/><ellipse cx="10.6" cy="10.4" rx="1.5" ry="2.3" transform="rotate(35 10.6 10.4)" fill="#e0a526" stroke="#6b4a12" stroke-width="0.8"/>',
  book: '<path d="M2 3.2C4 2.4 6.2 2.6 8 3.8C9.8 2.6 12 2.4 14 3.2V13C12 12.2 9.8 12.4 8 13.6C6.2 12.4 4 12.2 2 13Z" fill="#3f6fb5" stroke="#1c3966" stroke-width="1"/><path d="M8 3.8V13.6" stroke="#dfe8f5" stroke-width="1"/>',
  strength: '<path d="M12.8 1.6L14.4 3.2L6.4 11.2L4.8 9.6Z" fill="#c9ced4" stroke="#3b3f44" stroke-width="0.9"/><path d="M3 8.6L7.4 13" stroke="#7a3b12" stroke-width="1.8" stroke-linecap="round"/><path d="M4.9 11.1L2 14" stroke="#7a3b12" stroke-width="2" stroke-linecap="round"/>',
  reroll: '<path d="M13 8A5 5 0 1 1 11.2 4.2" fill="none" stroke="#2d6a4f" stroke-width="1.8" stroke-linecap="round"/><path d="M9.4 1.6L13.2 3.2L11.2 6.6Z" fill="#2d6a4f"/>',
  vp: '<path d="M8 1.2L9.9 5.6L14.7 6L11 9.1L12.2 13.8L8 11.3L3.8 13.8L5 9.1L1.3 6L6.1 5.6Z" fill="#e8b41c" stroke="#7a5a00" stroke-width="0.9"/>',
  die: '<rect x="2" y="2" width="12" height="12" rx="2.5" fill="#fff" stroke="#333" stroke-width="1.2"/><circle cx="5.5" cy="5.5" r="1.2" fill="#333"/><circle cx="10.5" cy="10.5" r="1.2" fill="#333"/><circle cx="8" cy="8" r="1.2" fill="#333"/>'
};
var RESOURCE_LABEL = {
  gold: "gold",
  stone: "stone",
  food: "food",
  book: "book",
  strength: "strength",
  reroll: "reroll",
  vp: "VP"
};
var SIZES = [13, 14, 15, 16, 17, 22];
var styled = /* @__PURE__ */ new WeakSet();
function iconCss() {
  const rules = Object.entries(PATHS).map(([name, paths]) => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">${paths}</svg>`;
    return `.nw-icon-${name}{background-image:url("data:image/svg+xml,${encodeURIComponent(svg)}")}`;
  });
  for (const n of SIZES) rules.push(`.nw-icon.nw-i${n}{width:${n}px;height:${n}px}`);
  rules.push(".nw-ic{background-repeat:no-repeat;background-position:left center}");
  for (const n of SIZES) rules.push(`.nw-ic.nw-is${n}{background-size:${n}px ${n}px;padding-left:${n + 1}px;line-height:${n}px}`);
  return rules.join("\n");
}
function ensureStyles(doc) {
  if (!doc || styled.has(doc)) return;
  styled.add(doc);
  if (doc.querySelector("style[data-nw-icons]")) return;
  const style = doc.createElement("style");
  style.dataset.nwIcons = "";
  style.textContent = iconCss();
  (doc.head || doc.documentElement).appendChild(style);
}
function icon(name, size = 16) {
  ensureStyles(document);
  const span = document.createElement("span");
  const known = Object.prototype.hasOwnProperty.call(PATHS, name) ? name : "die";
  span.className = `nw-icon nw-icon-${known} nw-i${size}`;
  if (!SIZES.includes(size)) span.style.cssText = `width:${size}px;height:${size}px`;
  span.setAttribute("aria-hidden", "true");
  return span;
}
function iconClass(name, size = 16) {
  ensureStyles(document);
  const known = Object.prototype.hasOwnProperty.call(PATHS, name) ? name : "die";
  return `nw-ic nw-icon-${known} nw-is${SIZES.includes(size) ? size : 16}`;
}
var ICON_NAMES = Object.keys(PATHS);

// src/shell/traits.js
var parsed = /* @__PURE__ */ new WeakMap();
function traitValue(model, name) {
  const value = model.get(name);
  if (typeof value !== "string" || value[0] !== "{" && value[0] !== "[") return value;
  let cache = parsed.get(model);
  if (!cache) parsed.set(model, cache = /* @__PURE__ */ new Map());
  const hit = cache.get(name);
  if (hit && hit[0] === value) return hit[1];
  const out = JSON.parse(value);
  cache.set(name, [value, out]);
  return out;
}

// src/shell/logstore.js
function applyLogPatch(entries, seq, patch) {
  if (!patch || typeof patch.seq !== "number") return null;
  if (patch.reset) return Array.isArray(patch.entries) ? [...patch.entries] : null;
  if (!entries || seq === null || seq === void 0 || patch.prev !== seq) return null;
  const [lo, hi] = patch.keep;
  const out = [...patch.head];
  for (const e of entries) if (e.n >= lo && e.n <= hi) out.push(e);
  out.push(...patch.tail);
  const [first, last] = patch.span;
  if (out.length !== last - first + 1) return null;
  for (let i = 0; i < out.length; i += 1) if (out[i].n !== first + i) return null;
  return out;
}
var stores = /* @__PURE__ */ new WeakMap();
function logStore(model) {
  let store = stores.get(model);
  if (store) return store;
  store = { entries: [], seq: null, synced: true, rev: 0, asked: false };
  const onPatch = () => {
    const patch = traitValue(model, "log_patch");
    if (!patch || typeof patch.seq !== "number" || patch.seq === store.seq) return;
    const next = applyLogPatch(store.synced ? store.entries : null, store.seq, patch);
    store.rev += 1;
    if (next) {
      store.entries = next;
      store.seq = patch.seq;
      store.synced = true;
      store.asked = false;
      return;
    }
    store.synced = false;
    store.seq = patch.seq;
    if (!store.asked) {
      store.asked = true;
      model.send({ kind: "log_sync" });
    }
  };
  model.on("change:log_patch", onPatch);
  store.dispose = () => {
    model.off("change:log_patch", onPatch);
    stores.delete(model);
  };
  stores.set(model, store);
  onPatch();
  return store;
}

// src/shell/panels.js
var seatName = (seat) => `Player ${seat + 1}`;
var botLevel = (S, name) => S.info && S.info.bot_levels && S.info.bot_levels[name] || "";
function botWho(S, name) {
  const level = botLevel(S, name);
  return level ? `${name} bot (${level})` : `${name} bot`;
}
function gameSeed(S) {
  const seed = S.settings ? S.settings.seed : void 0;
  return seed === void 0 || seed === null ? null : seed;
}
function roundKey(S, round) {
  return `${S.history ? S.history.game : ""}:${round}`;
}
function seedLine(S) {
  const seed = gameSeed(S);
  if (seed === null) return null;
  return h(
    "p",
    { class: "nw-seed", dataset: { key: "game-seed" } },
    "This game's seed: ",
    h("b", {}, String(seed)),
    ". A New game with this seed and the same settings deals the same draws, to replay the game or share it."
  );
}
var refs = /* @__PURE__ */ new WeakMap();
var LogPanel = class _LogPanel {
  constructor(log) {
    this.log = log;
    this.items = new Parts();
    this.list = h("ol", { class: "nw-log-list", tabindex: "0", "aria-label": "Game log entries", dataset: { key: "log" } });
    this.el = h("section", { class: "nw-panel nw-log", "aria-label": "Game log" }, h("h3", {}, "Game log"), this.list);
    this.rev = null;
    this.tail = null;
    this.scrollPending = false;
  }
  static item(e) {
    return h("li", {
      class: `nw-log-${e.kind}${e.auto ? " nw-auto" : ""}`,
      dataset: { n: e.n }
    }, e.seat !== null && e.seat !== void 0 ? h("span", { class: `nw-swatch nw-seat-${e.seat}`, "aria-hidden": "true" }) : null, e.text);
  }
  update() {
    const log = this.log;
    if (log.rev !== this.rev) {
      const nodes = log.synced ? log.entries.map((e) => this.items.part(`${e.n}`, sig(e.kind, e.auto, e.seat, e.text, e.pos), () => _LogPanel.item(e))) : [h("li", { class: "nw-log-loading" }, "Loading the log…")];
      setChildren(this.list, nodes);
      this.items.sweep();
      this.rev = log.rev;
    }
    const last = log.synced && log.entries.length ? log.entries[log.entries.length - 1] : null;
    const tail = last ? `${last.n}:${last.text}` : "";
    const changed = tail !== this.tail;
    this.tail = tail;
    if (changed) this.scroll();
    return changed;
  }
  /** Scroll the log to its newest line, before the next paint (the layout is done for
   * the paint anyway by then, so reading it there costs nothing extra). */
  scroll() {
    if (this.scrollPending) return;
    this.scrollPending = true;
    const later = typeof requestAnimationFrame === "function" ? requestAnimationFrame : (fn) => fn();
    later(() => {
      this.scrollPending = false;
      if (this.list.isConnected) this.list.scrollTop = this.list.scrollHeight;
    });
  }
};
function makePanels(shell) {
  const ui = shell.ui;
  function headerButtons(part) {
    const newGame2 = part("header-newgame", "", () => h("button", {
      type: "button",
      class: "nw-btn nw-mini nw-newgame-btn",
      dataset: { key: "header-newgame" },
      title: "Start a new game: players, seats, settings, seed…",
      onclick: () => shell.openNewGame()
    }, "New game…"));
    const help = part("header-help", "", () => h("button", {
      type: "button",
      class: "nw-btn nw-mini nw-help-btn",
      dataset: { key: "help" },
      "aria-label": "Keyboard shortcuts",
      title: "Keyboard shortcuts (?)",
      onclick: () => shell.toggleHelp()
    }, "?"));
    return [newGame2, help];
  }
  function errorLine(S, part) {
    const note = shell.noteText();
    if (!S.error && !note) return null;
    return part("actions-error", sig(S.error, note), () => h(
      "div",
      { class: "nw-error", role: "alert" },
      h("strong", {}, S.error ? "Refused: " : "Note: "),
      S.error || note,
      h("button", { type: "button", class: "nw-btn nw-mini", "aria-label": "dismiss", dataset: { key: "dismiss" }, onclick: () => shell.dismiss() }, "×")
    ));
  }
  function historyBanner(S, part) {
    const hi = S.history;
    return part("actions-history", sig(hi.position, hi.length), () => h(
      "div",
      { class: "nw-history-banner", role: "status" },
      h("p", {}, h("strong", {}, `Viewing move ${hi.position} of ${hi.length}`), " — an earlier position of the game."),
      h(
        "div",
        { class: "nw-buttons" },
        h("button", { type: "button", class: "nw-btn nw-primary", dataset: { key: "back-to-game" }, onclick: () => shell.send({ kind: "back_to_game" }) }, "Back to the game"),
        h("button", { type: "button", class: "nw-btn", dataset: { key: "continue-here" }, title: "Play on from this position: the later moves are replaced by the new ones", onclick: () => shell.continueHere() }, "Continue from here")
      )
    ));
  }
  function waiting(S) {
    const cur = S.view.current;
    const atTable = Boolean(S.table && S.table.id);
    const remote = cur !== null && cur !== void 0 && S.seats[cur] === "remote";
    const bot = cur !== null && cur !== void 0 && S.seats[cur] !== "human" && !remote && !atTable;
    const said = remote ? `${seatName(cur)} is playing at their own screen.` : atTable && cur !== null && cur !== void 0 && S.seats[cur] !== "human" ? `${seatName(cur)} is played by the ${botWho(S, S.seats[cur])}.` : null;
    return h(
      "div",
      { class: "nw-waiting" },
      h("p", {}, said || (S.busy ? `${seatName(cur)}, the ${botWho(S, S.seats[cur])}, is thinking…` : bot ? `${seatName(cur)} is played by the ${botWho(S, S.seats[cur])}.` : "Waiting.")),
      S.busy && S.seats.includes("human") ? h("button", { type: "button", class: "nw-btn", dataset: { key: "skip-bots" }, title: "The bots play at once, without their pause; what they did is listed here", onclick: () => shell.send({ kind: "skip_bots" }) }, "Skip to my turn") : null,
      bot && !S.busy ? h("button", { type: "button", class: "nw-btn nw-primary", dataset: { key: "play-bots" }, onclick: () => shell.send({ kind: "play_bots" }) }, "Let the bots play") : null,
      bot && !S.busy ? h("button", { type: "button", class: "nw-btn", dataset: { key: "bot-step" }, onclick: () => shell.send({ kind: "bot_move" }) }, "One bot move") : null
    );
  }
  function previewPanel(S, part) {
    const pv = shell.previewShown(S);
    return part("actions-preview", sig(pv, Boolean(S.error)), () => {
      const cancel = h("button", { type: "button", class: "nw-btn", dataset: { key: "preview-cancel" }, title: "Escape", onclick: () => shell.cancelPreview() }, "Cancel");
      if (!pv) {
        return h(
          "div",
          { class: "nw-preview", role: "status" },
          h("p", {}, S.error ? "This move was refused (see above)." : "Working out what this move does…"),
          h("div", { class: "nw-buttons" }, cancel)
        );
      }
      const list = (label, items, cls = "") => items && items.length ? h("div", { class: `nw-preview-row ${cls}` }, h("span", { class: "nw-slot-label" }, label), h("ul", {}, items.map((x) => h("li", {}, x)))) : null;
      return h(
        "div",
        { class: "nw-preview", role: "group", "aria-label": "What this move will do" },
        h("p", { class: "nw-big" }, pv.title),
        pv.warning ? h("p", { class: "nw-warning", role: "alert" }, pv.warning) : null,
        list("Pays:", pv.pays),
        list("Wasted:", pv.wasted, "nw-wasted"),
        list("Comes in:", pv.gains),
        list("Goes:", pv.goes),
        h(
          "div",
          { class: "nw-buttons" },
          h("button", { type: "button", class: "nw-btn nw-primary", dataset: { key: "preview-confirm" }, title: "Enter", onclick: () => shell.confirmPreview() }, "Confirm"),
          cancel
        )
      );
    });
  }
  function coachPanel(S, part) {
    const v = S.view;
    const c = S.coach || {};
    const me = S.acting;
    const hint = c.hint && c.hint.position === v.position ? c.hint : null;
    const verdict = c.on && c.verdict ? c.verdict : null;
    return part("coach", sig(hint, verdict, Boolean(c.on), me === null, S.coachBusy, ui.previews), () => {
      const kids = [];
      kids.push(h(
        "div",
        { class: "nw-coach-controls" },
        h("button", {
          type: "button",
          class: "nw-btn",
          dataset: { key: "coach-hint" },
          disabled: me === null || S.coachBusy,
          title: me === null ? "A hint is for a human player's decision" : "The coach's three best moves here (about 2 s of thinking)",
          onclick: () => shell.askHint()
        }, S.coachBusy ? "Thinking…" : "Hint"),
        h(
          "label",
          { class: "nw-coach-toggle", title: "After each of your moves, see how it compared with the coach's best move" },
          h("input", { type: "checkbox", dataset: { key: "coach-on" }, checked: Boolean(c.on), onchange: (e) => shell.send({ kind: "coach", on: e.target.checked }) }),
          " Coach: grade my moves"
        ),
        h(
          "label",
          { class: "nw-coach-toggle", title: shell.previewWords.title },
          h("input", { type: "checkbox", dataset: { key: "previews-on" }, checked: Boolean(ui.previews), onchange: (e) => shell.setPreviews(e.target.checked) }),
          ` ${shell.previewWords.label}`
        )
      ));
      if (hint) {
        kids.push(h(
          "ol",
          { class: "nw-coach-hint", "aria-label": "The coach's best moves" },
          hint.suggestions.map((s, i) => h("li", { dataset: { key: `coach-s-${i}` } }, s.summary))
        ));
      }
      if (verdict) {
        kids.push(h("p", { class: `nw-coach-verdict${verdict.same ? " nw-good" : ""}`, role: "status" }, verdict.text));
      }
      return h("section", { class: "nw-panel nw-coach", "aria-label": "Coach" }, h("h3", {}, "Coach"), ...kids);
    });
  }
  function historyPanel(S, part) {
    const hi = S.history;
    const frame = part("history", "", () => {
      const slider2 = h("input", {
        id: sid("slider"),
        type: "range",
        min: "0",
        step: "1",
        class: "nw-slider",
        "aria-label": "Go to move",
        dataset: { key: "slider" },
        onchange: (e) => shell.send({ kind: "goto", position: Number(e.target.value) })
      });
      const go = (where) => () => {
        const { position, length } = shell.state().history;
        shell.send({ kind: "goto", position: Math.max(0, Math.min(length, where(position, length))) });
      };
      const btn = (key, label3, aria, onclick) => h("button", {
        type: "button",
        class: "nw-btn nw-mini",
        "aria-label": aria,
        title: aria,
        dataset: { key },
        onclick
      }, label3);
      const undo2 = h("button", { type: "button", class: "nw-btn", dataset: { key: "undo" }, onclick: () => shell.undo() }, "↶ Undo");
      const redo2 = h("button", { type: "button", class: "nw-btn", dataset: { key: "redo" }, onclick: () => shell.send({ kind: "redo" }) }, "Redo ↷");
      const steps2 = [
        btn("first", "«", "first position", go(() => 0)),
        btn("back", "‹", "one move back", go((p) => p - 1)),
        btn("fwd", "›", "one move forward", go((p) => p + 1)),
        btn("last", "»", "latest position", go((p, n) => n))
      ];
      const label2 = h("label", { for: sid("slider"), class: "nw-slider-label" }, "");
      const el = h(
        "section",
        { class: "nw-panel nw-history", "aria-label": "History" },
        h("h3", {}, "History"),
        h("div", { class: "nw-buttons" }, undo2, redo2),
        label2,
        slider2,
        h("div", { class: "nw-buttons nw-step-buttons" }, steps2)
      );
      refs.set(el, { slider: slider2, undo: undo2, redo: redo2, steps: steps2, label: label2 });
      return el;
    });
    const { slider, undo, redo, steps, label } = refs.get(frame);
    setAttr(slider, "max", String(hi.length));
    if (slider.value !== String(hi.position)) slider.value = String(hi.position);
    setDisabled(undo, !hi.can_undo);
    setDisabled(redo, !hi.can_redo);
    const atStart = hi.position === 0;
    const atEnd = hi.position >= hi.length;
    [atStart, atStart, atEnd, atEnd].forEach((off, i) => setDisabled(steps[i], off));
    setText(label, `Move ${hi.position} of ${hi.length}${S.busy ? " (bots playing)" : ""}`);
    return frame;
  }
  function gamePanelEl(S) {
    const f = ui.form;
    const WORDS = { human: "Human", remote: "Player at their own screen", invite: "A player I invite (a link)" };
    const seatSelect = (value, onchange, key, label, choices) => h(
      "select",
      { dataset: { key }, "aria-label": label, onchange },
      choices.map((c) => h(
        "option",
        { value: c, selected: c === value, title: WORDS[c] ? null : S.botInfo?.[c] || null },
        WORDS[c] || (botLevel(S, c) ? `Bot: ${c} (${botLevel(S, c)})` : `Bot: ${c}`)
      ))
    );
    const current2 = S.seats.map((who, seat) => h(
      "div",
      { class: "nw-field" },
      h("span", {}, seatName(seat)),
      seatSelect(
        who,
        (e) => shell.send({ kind: "set_seat", seat, player: e.target.value }),
        `seat-${seat}`,
        `${seatName(seat)} is played by`,
        [who === "remote" || S.table && S.table.id && S.table.seats && S.table.seats[seat] && S.table.seats[seat].who !== "here" ? "remote" : "human", ...S.botNames]
      )
    ));
    const formSeats = [];
    for (let seat = 0; seat < f.players; seat += 1) {
      formSeats.push(h(
        "div",
        { class: "nw-field" },
        h("span", {}, seatName(seat)),
        seatSelect(f.seats[seat] || "human", (e) => shell.setFormSeat(seat, e.target.value), `form-seat-${seat}`, `new game: ${seatName(seat)}`, ["human", "invite", ...S.botNames])
      ));
    }
    const counts = S.info.player_counts && S.info.player_counts.length ? S.info.player_counts : [f.players];
    const idp = sid("form-players");
    const ids = sid("form-seed");
    const idd = sid("form-delay");
    return h(
      "section",
      { class: "nw-panel nw-game", "aria-label": "Game, seats and files" },
      h("h3", {}, "Game"),
      h(
        "div",
        { class: "nw-buttons" },
        h("button", { type: "button", class: "nw-btn", dataset: { key: "save" }, onclick: () => shell.send({ kind: "save" }) }, "Save game"),
        h("button", { type: "button", class: "nw-btn", dataset: { key: "load" }, onclick: () => shell.pickFile("game") }, "Load game…")
      ),
      h("div", { class: "nw-seats" }, h("div", { class: "nw-slot-label" }, "Seats (change any time)"), current2),
      h(
        "details",
        { class: "nw-newgame", open: ui.newGameOpen || null, ontoggle: (e) => {
          if (e.target.isConnected) shell.setNewGameOpen(e.target.open);
        } },
        h("summary", { dataset: { key: "newgame-summary" } }, "New game…"),
        // a modal dialog while the <details> is open (the shell opens it: dom.modal)
        modal(
          { key: "newgame-dialog", label: "New game", onClose: () => shell.closeNewGame(), inner: "nw-form" },
          h("h3", {}, "New game"),
          // a refused load (or start) said here too: the page's own error line is behind
          // the dialog
          ui.newGameOpen && (S.error || shell.noteText()) ? h(
            "p",
            { class: "nw-error nw-dialog-error", role: "alert" },
            h("strong", {}, S.error ? "Refused: " : "Note: "),
            S.error || shell.noteText()
          ) : null,
          h(
            "label",
            { class: "nw-field", for: idp },
            h("span", {}, "Players"),
            h(
              "select",
              { id: idp, dataset: { key: "form-players" }, onchange: (e) => shell.setForm({ players: Number(e.target.value) }) },
              counts.map((n) => h("option", { value: String(n), selected: n === f.players }, n === 1 ? "1 (solo)" : String(n)))
            )
          ),
          formSeats,
          shell.newGameFields(S, f),
          h(
            "label",
            { class: "nw-field", for: ids },
            h("span", {}, "Seed"),
            h("input", { id: ids, type: "text", inputmode: "numeric", placeholder: "random", title: "Empty: a random seed. The board shows the seed only once the game is over: it tells every draw to come.", value: f.seed, dataset: { key: "form-seed" }, oninput: (e) => shell.setForm({ seed: e.target.value }, false) })
          ),
          h(
            "label",
            { class: "nw-field", for: idd },
            h("span", {}, "Bot pause (s)"),
            h("input", { id: idd, type: "number", min: "0", max: "30", step: "0.1", value: String(f.bot_delay), dataset: { key: "form-delay" }, oninput: (e) => shell.setForm({ bot_delay: Number(e.target.value) }, false) })
          ),
          h(
            "div",
            { class: "nw-buttons" },
            h("button", { type: "button", class: "nw-btn nw-primary", dataset: { key: "start" }, onclick: () => shell.startGame() }, "Start new game"),
            // the Game panel's Load is behind this dialog (the app opens with it)
            h("button", { type: "button", class: "nw-btn", dataset: { key: "newgame-load" }, title: "Go on with a game saved with Save game", onclick: () => shell.pickFile("game") }, "Load a saved game…"),
            h("button", { type: "button", class: "nw-btn", dataset: { key: "newgame-cancel" }, title: "Escape", onclick: () => shell.closeNewGame() }, "Cancel")
          )
        )
      )
    );
  }
  function gamePanel(S, part) {
    const f = ui.form;
    const game = part("game", sig(
      S.seats,
      S.botNames,
      S.botInfo,
      S.info.player_counts,
      ui.formRev,
      f.players,
      f.seats,
      S.table.seats,
      shell.newGameSignature(S, f),
      ui.newGameOpen && (S.error || shell.noteText()) ? [S.error, shell.noteText()] : null
    ), () => gamePanelEl(S));
    const details = game.querySelector("details.nw-newgame");
    if (details && details.open !== Boolean(ui.newGameOpen)) details.open = Boolean(ui.newGameOpen);
    S.seats.forEach((who, seat) => {
      const sel = game.querySelector(`select[data-key="seat-${seat}"]`);
      if (sel && sel.value !== who) sel.value = who;
    });
    return game;
  }
  function helpOverlay(part) {
    if (!ui.helpOpen) return null;
    const close = () => {
      if (shell.ui.helpOpen) shell.toggleHelp();
    };
    return part("help-overlay", "", () => modal(
      { key: "help-overlay", label: "Keyboard shortcuts", onClose: close },
      h("h3", {}, "Keyboard shortcuts"),
      h("p", { class: "nw-help" }, "They work while the board has the focus (click anywhere on it first)."),
      h("dl", { class: "nw-shortcuts" }, shell.shortcuts().map(([k, what]) => [h("dt", {}, h("kbd", {}, k)), h("dd", {}, what)])),
      h("button", { type: "button", class: "nw-btn nw-primary", dataset: { key: "help-close" }, onclick: close }, "Close")
    ));
  }
  return {
    headerButtons,
    errorLine,
    historyBanner,
    waiting,
    previewPanel,
    coachPanel,
    historyPanel,
    gamePanel,
    helpOverlay,
    logPanel: () => new LogPanel(shell.log),
    seatName,
    seedLine
  };
}

// src/shell/tablelist.js
var TABLES_KEY = "nations-tables";
var MAX_TABLES = 30;
var TOKEN = /^[A-Za-z0-9_-]{43}$/;
function storage() {
  try {
    return typeof localStorage !== "undefined" ? localStorage : null;
  } catch {
    return null;
  }
}
function rememberedTables() {
  const store = storage();
  if (!store) return [];
  try {
    const list = JSON.parse(store.getItem(TABLES_KEY) || "[]");
    return Array.isArray(list) ? list.filter((t) => t && typeof t.id === "string" && Array.isArray(t.tokens) && t.tokens.every((x) => TOKEN.test(x))) : [];
  } catch {
    return [];
  }
}
function save(list) {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(TABLES_KEY, JSON.stringify(list.slice(0, MAX_TABLES)));
  } catch {
  }
}
function rememberTable(entry) {
  const list = rememberedTables();
  const old = list.find((t) => t.id === entry.id);
  const kept2 = { ...old || {}, ...entry, links: entry.links || old && old.links || null, used: Date.now() };
  save([kept2, ...list.filter((t) => t.id !== entry.id)]);
  return kept2;
}
function tokensInHash(hash) {
  const m = /(?:^#|&)table=([A-Za-z0-9_,-]+)/.exec(hash || "");
  if (!m) return [];
  return m[1].split(",").filter((t) => TOKEN.test(t)).slice(0, 8);
}
function tableUrl(loc, tokens) {
  return `${loc.origin}${loc.pathname}${loc.search}#table=${tokens.join(",")}`;
}

// src/shell/table.js
var YOUR_TURN = "Your turn · ";
function isVoila(doc) {
  return Boolean(doc && doc.body && doc.body.dataset.voila !== void 0);
}
function seatWords(s) {
  if (s.who === "here") return "you (this screen)";
  if (s.who === "bot") return `${s.bot} bot`;
  if (s.connected === true) return "a player at their own screen, connected";
  if (s.connected === false) return "a player at their own screen, not connected now";
  return "a player at their own screen";
}
function statusWords(T) {
  if (T.over) return "The game is over.";
  if (T.my_turn) return "Your turn.";
  const seat = (T.seats || []).find((s) => s.seat === T.to_play);
  if (!seat) return "Waiting.";
  return seat.who === "bot" ? `${seat.name}'s bot (${seat.bot}) is to play.` : `Waiting for ${seat.name}.`;
}
async function copy(text, button) {
  let done = false;
  try {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      await navigator.clipboard.writeText(text);
      done = true;
    }
  } catch {
    done = false;
  }
  if (!done) {
    const input = button.parentElement && button.parentElement.querySelector("input");
    if (input) input.select();
  }
  button.textContent = done ? "Copied" : "Press Ctrl+C";
  setTimeout(() => {
    button.textContent = "Copy";
  }, 2e3);
}
function linkRow(label, url, key) {
  const button = h("button", { type: "button", class: "nw-btn nw-table-copy", dataset: { key: `copy-${key}` }, onclick: () => copy(url, button) }, "Copy");
  return h(
    "li",
    { class: "nw-table-link" },
    h("span", {}, label),
    h("input", { type: "text", readonly: true, value: url, "aria-label": `${label}: link`, dataset: { key: `link-${key}` }, onfocus: (e) => e.target.select() }),
    button
  );
}
function drawTableBar(T, el, links, loc) {
  if (!T || !T.id) {
    el.replaceChildren();
    el.hidden = true;
    return;
  }
  el.hidden = false;
  const seats = (T.seats || []).map((s) => h(
    "li",
    { class: `nw-table-seat${s.seat === T.to_play && !T.over ? " nw-table-to-play" : ""}`, dataset: { seat: s.seat, who: s.who } },
    h("span", { class: `nw-swatch nw-seat-${s.seat}`, "aria-hidden": "true" }),
    h("strong", {}, s.name),
    `: ${seatWords(s)}`,
    s.seat === T.to_play && !T.over ? h("span", { class: "nw-table-badge" }, "to play") : null
  ));
  const invite = [];
  if (links && links.seats && Object.keys(links.seats).length) {
    const url = (token) => loc ? tableUrl(loc, [token]) : `table_widget("#table=${token}")`;
    invite.push(h(
      "div",
      { class: "nw-table-invite" },
      h("p", {}, "Send each invited player their own link (it is their seat: give it to nobody else). They open it in their browser and sit at that seat."),
      h(
        "ul",
        {},
        Object.entries(links.seats).map(([seat, token]) => linkRow(`Player ${Number(seat) + 1}`, url(token), `seat-${seat}`)),
        links.spectator ? linkRow("Spectators", url(links.spectator), "spectator") : null
      )
    ));
  }
  el.replaceChildren(h(
    "section",
    { class: "nw-panel nw-table", "aria-label": "Table", dataset: { table: T.id, role: T.role } },
    h("h3", {}, "Table"),
    h("p", { class: `nw-table-status${T.my_turn ? " nw-table-mine" : ""}`, role: "status", dataset: { key: "table-status" } }, statusWords(T)),
    h("ul", { class: "nw-table-seats" }, seats),
    invite,
    h("p", { class: "nw-table-kept" }, T.role === "spectator" ? "You are watching: the table shows what every player may see." : "Every move is kept: close this page or reload it, and the same link brings the table back.")
  ));
}
function mountTableBar(model, el) {
  const doc = el.ownerDocument;
  const loc = isVoila(doc) && typeof window !== "undefined" ? window.location : null;
  let baseTitle = doc ? doc.title : "";
  let wasMine = false;
  function draw() {
    const T = traitValue(model, "table") || {};
    let links = T.links || null;
    if (T.id && Array.isArray(T.tokens) && T.tokens.length) {
      const entry = rememberTable({ id: T.id, kind: T.kind, tokens: T.tokens, mine: T.mine, role: T.role, links });
      links = links || entry.links;
      if (loc && typeof history !== "undefined" && tokensInHash(loc.hash).join(",") !== T.tokens.join(",")) {
        history.replaceState(history.state, "", `#table=${T.tokens.join(",")}`);
      }
    }
    drawTableBar(T, el, links, loc);
    if (isVoila(doc)) {
      const mine = Boolean(T.id && T.my_turn);
      const title = doc.title.startsWith(YOUR_TURN) ? doc.title.slice(YOUR_TURN.length) : doc.title;
      if (!wasMine) baseTitle = title;
      doc.title = mine ? `${YOUR_TURN}${baseTitle}` : title;
      wasMine = mine;
    }
  }
  model.on("change:table", draw);
  draw();
  return {
    draw,
    destroy() {
      model.off("change:table", draw);
    }
  };
}

// src/shell/controller.js
var TRAITS = [
  "game_kind",
  "game_info",
  "view",
  "legal",
  "log_patch",
  "error",
  "seats",
  "bot_names",
  "bot_info",
  "settings",
  "history",
  "busy",
  "coach",
  "preview",
  "table"
];
var camel = (name) => name.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
function readState(model, extra = [], hiddenError = null) {
  const get = (name) => traitValue(model, name);
  const error = model.get("error") || "";
  const S = {
    kind: model.get("game_kind") || "",
    info: get("game_info") || {},
    view: get("view") || {},
    legal: get("legal") || [],
    // a refusal the page asked Python to clear is gone at once (Python's "" follows)
    error: error === hiddenError ? "" : error,
    seats: model.get("seats") || [],
    botNames: model.get("bot_names") || [],
    botInfo: get("bot_info") || {},
    settings: get("settings") || {},
    history: get("history") || {},
    busy: Boolean(model.get("busy")),
    coach: get("coach") || {},
    preview: get("preview") || {},
    // the table this screen sits at ({} for a game played only here: js/src/shell/table.js)
    table: get("table") || {},
    coachBusy: false,
    viewingHistory: false,
    humanTurn: false,
    acting: null
  };
  for (const name of extra) S[camel(name)] = get(name);
  return S;
}
function readPreference(key, dflt) {
  try {
    const v = typeof localStorage !== "undefined" ? localStorage.getItem(key) : null;
    return v === null ? dflt : v === "true";
  } catch {
    return dflt;
  }
}
function writePreference(key, value) {
  try {
    if (typeof localStorage !== "undefined") localStorage.setItem(key, String(value));
  } catch {
  }
}
function download(text, filename) {
  if (typeof URL === "undefined" || typeof URL.createObjectURL !== "function") return false;
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename || "nations-game.json";
  a.style.display = "none";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => {
    if (typeof URL.revokeObjectURL === "function") URL.revokeObjectURL(url);
  }, 1e3);
  return true;
}
var PREVIEW_WAIT_MS = 150;
var SHELL_SHORTCUTS = [
  ["U or Ctrl+Z", "undo"],
  ["H", "ask the coach for a hint"],
  ["Enter", "confirm the move previewed"],
  ["Escape", "close a dialog or this list, cancel what is being chosen"],
  ["?", "show or hide this list"],
  ["Tab", "every control is also reachable with Tab"]
];
function createController({ model, el }, createView2) {
  const ui = {
    note: "",
    form: null,
    // Python asks for the New game dialog open when the page first draws the widget (the
    // app's game just chosen: trait new_game_open)
    newGameOpen: Boolean(model.get("new_game_open")),
    lastSaved: null,
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
    hiddenError: null
  };
  let scheduled = false;
  let destroyed = false;
  let previewWait = null;
  let asks = 0;
  let view = null;
  let extraTraits = [];
  const log = logStore(model);
  let askedHintAt = null;
  const state = () => {
    const S = readState(model, extraTraits, ui.hiddenError);
    const hint = S.coach.hint;
    if (askedHintAt !== null && (hint && hint.position === askedHintAt || S.error || S.view.position !== askedHintAt)) askedHintAt = null;
    S.coachBusy = askedHintAt !== null;
    if (ui.branchPending) {
      if (S.history.position === ui.branchFrom || S.error) ui.branchPending = false;
    } else if (ui.branchFrom !== null && ui.branchFrom !== S.history.position) {
      ui.branchFrom = null;
    }
    const gameAt = typeof S.history.game_at === "number" ? S.history.game_at : S.history.length;
    S.viewingHistory = S.history.position !== gameAt && ui.branchFrom !== S.history.position;
    const cur = S.view.current;
    S.humanTurn = typeof S.view.human_turn === "boolean" ? S.view.human_turn : cur !== null && cur !== void 0 && S.seats[cur] === "human";
    S.acting = S.humanTurn && !S.busy && !S.viewingHistory ? cur : null;
    return S;
  };
  let notes = 0;
  function drawn(t0) {
    if (typeof performance === "undefined" || typeof performance.measure !== "function") return;
    notes += 1;
    try {
      if (notes % 64 === 0) performance.clearMeasures("nw-draw");
      performance.measure("nw-draw", { start: t0, end: performance.now() });
    } catch {
    }
  }
  let loading = false;
  let drawnGame = null;
  function draw() {
    scheduled = false;
    if (destroyed || !view) return;
    const S = state();
    const ready = view.ready ? view.ready(S) : S.view.position !== void 0;
    if (!ready) {
      if (view.reset) view.reset();
      loading = true;
      el.replaceChildren(Object.assign(document.createElement("div"), { className: "nw-root nw-loading", textContent: "Loading the game…" }));
      return;
    }
    if (loading && view.reset) view.reset();
    loading = false;
    const key = view.turnKey ? view.turnKey(S) : `${S.view.position}:${S.view.current}`;
    if (key !== ui.previewKey) {
      ui.previewKey = key;
      ui.previewMove = null;
    }
    if (!ui.form) ui.form = defaultForm(S);
    const game = S.history ? S.history.game : null;
    if (drawnGame !== null && game !== drawnGame) ui.newGameOpen = false;
    drawnGame = game;
    noteDialogFocus();
    const anchor = focusAnchor();
    const t0 = performance.now();
    keepingFocus(el, () => view.draw(S));
    drawn(t0);
    keepAnchor(anchor);
    syncDialogs();
    revealQuestion(S, key);
  }
  function focusAnchor() {
    const doc = el.ownerDocument;
    const a = doc ? doc.activeElement : null;
    if (!a || a === el || !el.contains(a) || !a.dataset || !a.dataset.key) return null;
    return { key: a.dataset.key, top: a.getBoundingClientRect().top, y: window.scrollY };
  }
  function keepAnchor(anchor) {
    if (!anchor) return;
    const now = byKey(anchor.key);
    if (!now || !now.isConnected) return;
    const shift = now.getBoundingClientRect().top - anchor.top;
    if (Math.abs(shift) > 1 && typeof window.scrollBy === "function") window.scrollBy(0, shift);
  }
  const QUESTIONS = ".nw-preview, .nw-pending, .nw-give-back, .nwb-preview";
  const REVEAL_MARGIN = 120;
  let askedBefore = null;
  const ACT_WINDOW = 5e3;
  let lastAct = -Infinity;
  function revealQuestion(S, turnKey) {
    const panel = view.decisionPanel ? el.querySelector(view.decisionPanel) : null;
    const questions = [...el.querySelectorAll(QUESTIONS)].filter((q) => !q.closest("dialog, details:not([open])"));
    const asked = `${turnKey}|${questions.map((q) => `${q.dataset.key || q.className}:${q.textContent}`).join(",")}`;
    const changed = asked !== askedBefore;
    askedBefore = asked;
    if (!changed || topDialog()) return;
    if (S.acting === null && performance.now() - lastAct > ACT_WINDOW) return;
    lastAct = -Infinity;
    const target = questions.length ? questions[questions.length - 1] : panel;
    if (!target || !target.isConnected || typeof target.getBoundingClientRect !== "function") return;
    const r = target.getBoundingClientRect();
    const vh = window.innerHeight || (el.ownerDocument.documentElement || {}).clientHeight || 0;
    if (!vh || !r.width && !r.height) return;
    if (typeof target.scrollIntoView !== "function") return;
    if (target === panel) {
      if (r.top < 0 || r.top > vh - REVEAL_MARGIN) target.scrollIntoView({ block: "start" });
    } else if (r.top < 0 || r.bottom > vh) {
      target.scrollIntoView({ block: r.height <= vh ? "nearest" : "start" });
    }
  }
  const notePlayerAct = () => {
    lastAct = performance.now();
  };
  const byKey = (key) => [...el.querySelectorAll("[data-key]")].find((x) => x.dataset.key === key) || null;
  const focusIn = (target) => {
    if (target && typeof target.focus === "function") target.focus({ preventScroll: target === el });
  };
  const openDialogs = [];
  const wanted = (d) => d.isConnected && el.contains(d) && !d.closest("details:not([open])");
  let syncRetry = null;
  let syncTries = 0;
  function syncLater() {
    if (syncRetry || destroyed || syncTries > 600) return;
    syncTries += 1;
    syncRetry = setTimeout(() => {
      syncRetry = null;
      if (!destroyed) syncDialogs();
    }, 50);
  }
  function syncDialogs() {
    const doc = el.ownerDocument;
    if (!el.isConnected) {
      if (el.querySelector("dialog.nw-modal")) syncLater();
      return;
    }
    syncTries = 0;
    for (let i = openDialogs.length - 1; i >= 0; i -= 1) {
      const o = openDialogs[i];
      if (wanted(o.dialog)) continue;
      const key = o.dialog.dataset.key;
      const successor = key ? [...el.querySelectorAll("dialog.nw-modal")].find((d) => d.dataset.key === key && wanted(d)) : null;
      if (successor) {
        const focusKey = o.focusKey;
        o.dialog = successor;
        if (!successor.hasAttribute("open")) showDialog(successor);
        const again = focusKey ? [...successor.querySelectorAll("[data-key]")].find((x) => x.dataset.key === focusKey) : null;
        focusIn(again || successor.querySelector(".nw-primary") || firstControl(successor));
        continue;
      }
      openDialogs.splice(i, 1);
      const hadFocus = o.dialog.contains(doc.activeElement);
      if (o.dialog.hasAttribute("open")) {
        if (typeof o.dialog.close === "function") o.dialog.close();
        else o.dialog.removeAttribute("open");
      }
      const a = doc.activeElement;
      if (hadFocus || !a || a === doc.body || a === el || !el.contains(a)) {
        const back = o.opener && o.opener.isConnected && el.contains(o.opener) ? o.opener : o.openerKey ? byKey(o.openerKey) : null;
        focusIn(back || el);
      }
    }
    for (const d of el.querySelectorAll("dialog.nw-modal")) {
      if (!wanted(d) || openDialogs.some((o) => o.dialog === d)) continue;
      const a = doc.activeElement;
      const opener = a && a !== doc.body && el.contains(a) ? a : null;
      openDialogs.push({ dialog: d, opener, openerKey: opener && opener.dataset ? opener.dataset.key : null, focusKey: null });
      if (!d.hasAttribute("open")) showDialog(d);
      if (!d.contains(doc.activeElement)) focusIn(d.querySelector(".nw-primary") || firstControl(d));
    }
  }
  function showDialog(d) {
    try {
      if (typeof d.showModal === "function") d.showModal();
      else d.setAttribute("open", "");
    } catch {
      d.setAttribute("open", "");
    }
  }
  const firstControl = (d) => d.querySelector("button, [href], input, select, textarea, summary, [tabindex]");
  function noteDialogFocus() {
    const a = el.ownerDocument ? el.ownerDocument.activeElement : null;
    for (const o of openDialogs) o.focusKey = a && o.dialog.contains(a) && a.dataset ? a.dataset.key || null : null;
  }
  const topDialog = () => openDialogs.length ? openDialogs[openDialogs.length - 1].dialog : null;
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(draw);
  }
  function defaultForm(S) {
    const players = S.settings.players || 2;
    const game = view.newGame && view.newGame.defaults ? view.newGame.defaults(S) : {};
    return {
      players,
      // a table's player at their own screen is invited again in a new game
      seats: S.seats.map((who) => who === "remote" ? "invite" : who),
      seed: "",
      bot_delay: S.settings.bot_delay ?? 0.8,
      ...game
    };
  }
  function send(intent) {
    ui.note = "";
    model.send(intent);
  }
  function clearRefusal() {
    const error = model.get("error") || "";
    if (!error || error === ui.hiddenError) return false;
    ui.hiddenError = error;
    send({ kind: "clear_error" });
    return true;
  }
  const shell = {
    ui,
    dom: dom_exports,
    icons: icons_exports,
    log,
    state,
    send,
    redraw: schedule,
    drawNow: () => draw(),
    /** A move for the acting seat, with the seat and position drawn last: a second
     * click of a double click (sent before the board's update arrives) is refused by
     * Python instead of played on the next position. */
    play(move) {
      if (!move) return;
      const S = state();
      send({ kind: "move", seat: S.view.current, position: S.view.position, move });
    },
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
    /** An irreversible move: first its preview (Python's) when asked and previews are on. */
    commit(move, { preview = false } = {}) {
      if (!move) return;
      if (!preview || !ui.previews) {
        shell.play(move);
        return;
      }
      ui.previewMove = move;
      const asker = el.ownerDocument ? el.ownerDocument.activeElement : null;
      ui.previewAsker = asker && asker !== el && el.contains(asker) && asker.dataset ? asker.dataset.key || null : null;
      const refusalGone = clearRefusal();
      ui.previewAsk = shell.askPreview(move);
      if (refusalGone) draw();
      clearTimeout(previewWait);
      previewWait = setTimeout(() => {
        if (ui.previewMove === move && !destroyed) draw();
      }, PREVIEW_WAIT_MS);
    },
    pendingMove: () => ui.previewMove,
    /** Python's answer to the pending move's preview (null while it is on its way). */
    previewShown(S) {
      return ui.previewMove ? shell.previewAnswer(S, ui.previewAsk) : null;
    },
    confirmPreview() {
      const move = ui.previewMove;
      ui.previewMove = null;
      if (move) shell.play(move);
      draw();
    },
    cancelPreview() {
      ui.previewMove = null;
      clearRefusal();
      draw();
    },
    clearRefusal,
    previewsOn: () => ui.previews,
    setPreviews(on) {
      ui.previews = Boolean(on);
      writePreference("nw-previews", ui.previews);
      draw();
    },
    note(text) {
      ui.note = text;
      draw();
    },
    noteText: () => ui.note,
    /** Take back to the previous decision of a human seat, to play on from there. */
    undo() {
      const S = state();
      ui.branchFrom = S.history.undo_to;
      ui.branchPending = true;
      send({ kind: "undo" });
    },
    /** Play on from the earlier position shown (the next move replaces the later ones). */
    continueHere() {
      const S = state();
      ui.branchFrom = S.history.position;
      send({ kind: "continue_here" });
      const cur = S.view.current;
      if (cur !== null && cur !== void 0 && S.seats[cur] !== "human") send({ kind: "play_bots" });
      draw();
    },
    /** A new game with the same seats and settings, and a new seed. */
    playAgain() {
      const S = state();
      const { max_message: _limit, seed: _seed, ...same } = S.settings;
      const settings = { ...same, seats: [...S.seats], seed: null };
      if (view.newGameStarted) view.newGameStarted();
      send({ kind: "new_game", settings });
      draw();
    },
    askHint() {
      const S = state();
      askedHintAt = S.view.position;
      send({ kind: "hint" });
      draw();
    },
    dismiss() {
      ui.note = "";
      if (state().error) send({ kind: "clear_error" });
      draw();
    },
    openNewGame() {
      ui.newGameOpen = true;
      draw();
      const first = el.querySelector('details.nw-newgame [data-key="form-players"]');
      if (first && typeof first.focus === "function") first.focus();
    },
    closeNewGame() {
      ui.newGameOpen = false;
      draw();
    },
    setNewGameOpen(open) {
      if (ui.newGameOpen === Boolean(open)) return;
      ui.newGameOpen = Boolean(open);
      draw();
    },
    toggleHelp() {
      ui.helpOpen = !ui.helpOpen;
      draw();
    },
    /** Change the New game form; `redraw` false: the control already shows the change. */
    setForm(patch, redraw = true) {
      const f = { ...ui.form, ...patch };
      if (patch.players !== void 0) {
        const bot = state().info.preferred_bot || "human";
        const seats = [];
        for (let i = 0; i < f.players; i += 1) seats.push(f.seats[i] || (i === 0 ? "human" : bot));
        f.seats = seats;
      }
      ui.form = f;
      if (redraw) {
        ui.formRev += 1;
        draw();
      }
    },
    setFormSeat(seat, who) {
      const seats = [...ui.form.seats];
      seats[seat] = who;
      shell.setForm({ seats });
    },
    startGame() {
      const f = ui.form;
      const game = view.newGame && view.newGame.settings ? view.newGame.settings(f) : {};
      const settings = {
        players: f.players,
        seats: f.seats.slice(0, f.players),
        ...game,
        seed: String(f.seed || "").trim() === "" ? null : String(f.seed).trim()
      };
      const delay = Number(f.bot_delay);
      if (Number.isFinite(delay)) settings.bot_delay = delay;
      ui.form = { ...f, seed: "" };
      ui.formRev += 1;
      ui.newGameOpen = false;
      if (view.newGameStarted) view.newGameStarted();
      send({ kind: "new_game", settings });
      draw();
    },
    /** Send a file's text as a load intent ("game": `load`, else `load_<kind>`). */
    loadText(kind, name, text) {
      const limit = (state().settings.max_message || 4e5) - 1e3;
      if (text.length > limit) {
        ui.note = `${name} is too large (${text.length.toLocaleString()} characters; a saved game is far smaller).`;
        draw();
        return;
      }
      send({ kind: kind === "game" ? "load" : `load_${kind}`, text, name });
    },
    pickFile(kind) {
      const input = document.createElement("input");
      input.type = "file";
      input.accept = ".json,application/json";
      input.style.display = "none";
      input.addEventListener("change", () => {
        const file = input.files && input.files[0];
        input.remove();
        if (!file) return;
        const reader = new FileReader();
        reader.onload = () => shell.loadText(kind, file.name, String(reader.result));
        reader.onerror = () => {
          ui.note = `Could not read ${file.name}.`;
          draw();
        };
        reader.readAsText(file);
      });
      el.appendChild(input);
      input.click();
    },
    /** The shortcuts of the "?" overlay: the view's, then the shell's. */
    shortcuts: () => [...view && view.shortcuts || [], ...SHELL_SHORTCUTS]
  };
  shell.newGameFields = (S, form) => view.newGame && view.newGame.fields ? view.newGame.fields(S, form, shell.setForm) : [];
  shell.newGameSignature = (S, form) => view.newGame && view.newGame.signature ? view.newGame.signature(S, form) : [];
  shell.panels = makePanels(shell);
  function enterConfirms(t) {
    const control = t && t.closest ? t.closest("button, a, summary, input, select, textarea, [role=button]") : null;
    if (!control || !el.contains(control)) return true;
    if (control.closest(".nw-preview, .nwb-preview, dialog")) return false;
    return Boolean(ui.previewAsker) && control.dataset.key === ui.previewAsker;
  }
  function onKey(e) {
    if (e.defaultPrevented || e.altKey || e.metaKey) return;
    const t = e.target;
    const typing = t && (t.tagName === "SELECT" || t.tagName === "TEXTAREA" || t.tagName === "INPUT" && !["checkbox", "range", "button"].includes(t.type));
    if (typing && e.key !== "Escape") return;
    const S = state();
    if (!view || (view.ready ? !view.ready(S) : S.view.position === void 0)) return;
    const key = e.key;
    let done = true;
    const dialog = topDialog();
    closeTips(key);
    if (view.keyFirst && view.keyFirst(e, S)) {
    } else if (dialog && key === "Escape") {
      dialog.dispatchEvent(new Event("cancel", { cancelable: true }));
    } else if (dialog && key === "Enter") {
      const own = t && t.closest && t.closest("button, a, summary, input, select, textarea");
      const primary = dialog.querySelector(".nw-primary");
      if (own && dialog.contains(own)) done = false;
      else if (primary) primary.click();
      else done = false;
    } else if (dialog && key !== "?") {
      done = false;
    } else if (key === "?") {
      ui.helpOpen = !ui.helpOpen;
      draw();
    } else if (key === "Enter" && ui.previewMove && enterConfirms(t)) {
      shell.confirmPreview();
    } else if (key === "Escape") {
      if (ui.newGameOpen) ui.newGameOpen = false;
      else if (ui.helpOpen) ui.helpOpen = false;
      else if (ui.previewMove) {
        ui.previewMove = null;
        clearRefusal();
      } else if (!(view.escape && view.escape(S))) done = false;
      draw();
    } else if (e.ctrlKey && (key === "z" || key === "Z")) {
      if (S.history.can_undo) shell.undo();
    } else if (e.ctrlKey) {
      done = false;
    } else if (key === "u" || key === "U") {
      if (S.history.can_undo) shell.undo();
    } else if ((key === "h" || key === "H") && S.acting !== null) {
      shell.askHint();
    } else {
      done = Boolean(view.onKey && view.onKey(e, S));
    }
    if (done) e.preventDefault();
  }
  function onError() {
    ui.hiddenError = null;
  }
  const TIP_OFF = "nw-tip-off";
  const tipOf = (t) => t && t.closest ? t.closest(".nw-has-tip") : null;
  function onTipOver(e) {
    const tip2 = tipOf(e.target);
    if (tip2 && tip2.classList.contains(TIP_OFF) && !(e.relatedTarget && tip2.contains(e.relatedTarget))) tip2.classList.remove(TIP_OFF);
  }
  function onTipOut(e) {
    if (e.pointerType && e.pointerType !== "mouse") return;
    const tip2 = tipOf(e.target);
    if (tip2 && !(e.relatedTarget && tip2.contains(e.relatedTarget))) tip2.classList.add(TIP_OFF);
  }
  function onTipClick(e) {
    const tip2 = tipOf(e.target);
    if (tip2 && tip2.getAttribute("aria-disabled") !== "true") tip2.classList.add(TIP_OFF);
  }
  function closeTips(key) {
    if (key !== "Escape") return;
    for (const tip2 of el.querySelectorAll(".nw-has-tip")) {
      if (tip2.contains(el.ownerDocument.activeElement) || tip2.matches(":hover")) tip2.classList.add(TIP_OFF);
    }
  }
  function onCustom(msg) {
    if (msg && msg.kind === "saved") {
      ui.lastSaved = msg;
      download(msg.text, msg.filename);
    }
  }
  view = createView2(el, shell);
  extraTraits = view.traits || [];
  shell.previewWords = view.previewWords || {
    label: "Preview moves",
    title: "Show what a move will do, with Confirm and Cancel, before it is made"
  };
  el.addEventListener("keydown", onKey);
  if (!el.hasAttribute("tabindex")) el.tabIndex = -1;
  el.setAttribute("data-nw-host", "");
  const keepFocus = () => {
    const a = el.ownerDocument.activeElement;
    if (!a || !el.contains(a)) focusIn(el);
  };
  const listeners = [
    ["click", keepFocus, false],
    ["click", notePlayerAct, true],
    ["keydown", notePlayerAct, true],
    ["pointerover", onTipOver, false],
    ["pointerout", onTipOut, false],
    ["focusin", onTipOver, false],
    ["click", onTipClick, false]
  ];
  for (const [type, fn, capture] of listeners) el.addEventListener(type, fn, capture);
  model.on("change:error", onError);
  const handlers2 = [...TRAITS, ...extraTraits].map((t) => [`change:${t}`, schedule]);
  for (const [event, fn] of handlers2) model.on(event, fn);
  model.on("msg:custom", onCustom);
  draw();
  return {
    ui,
    view,
    shell,
    draw,
    destroy() {
      destroyed = true;
      clearTimeout(previewWait);
      clearTimeout(syncRetry);
      el.removeEventListener("keydown", onKey);
      for (const [type, fn, capture] of listeners) el.removeEventListener(type, fn, capture);
      model.off("change:error", onError);
      for (const [event, fn] of handlers2) model.off(event, fn);
      model.off("msg:custom", onCustom);
      if (view.destroy) view.destroy();
    }
  };
}
function makeWidget(createView2) {
  return {
    initialize({ model }) {
      const store = logStore(model);
      return () => store.dispose();
    },
    render({ model, el }) {
      const bar = Object.assign(document.createElement("div"), { className: "nw-table-host" });
      const game = document.createElement("div");
      el.replaceChildren(bar, game);
      const table = mountTableBar(model, bar);
      const controller = createController({ model, el: game }, createView2);
      return () => {
        controller.destroy();
        table.destroy();
      };
    }
  };
}

// src/dice/logic.js
function dieFace(catalogue, view, d) {
  const colour = catalogue.die_colours[d];
  const faceIndex = view.dice[d][2];
  return catalogue.faces[colour][faceIndex] || {};
}
function dieColour(catalogue, d) {
  return catalogue.die_colours[d];
}
function countText(n, resource) {
  return `${n} ${resource}${resource === "book" && n !== 1 ? "s" : ""}`;
}
function goingBackText(count, colour, owned) {
  const dice = count === 1 && owned <= 1 ? `your ${colour} die` : count >= owned ? `your ${count} ${colour} dice` : `${count} of your ${colour} dice`;
  return `${dice} ${count === 1 ? "goes" : "go"} back`;
}
function faceText(face, resources) {
  if (face.unrest) return "the Unrest symbol";
  const parts = resources.filter((r) => face[r]).map((r) => countText(face[r], r));
  return parts.length ? parts.join(" + ") : "blank";
}
function diceOf(view, seat) {
  const unused = [];
  const used = [];
  view.dice.forEach(([owner, isUsed], d) => {
    if (owner === seat) (isUsed ? used : unused).push(d);
  });
  return { unused, used };
}
function unusedTotals(catalogue, view, seat) {
  const resources = catalogue.resources;
  const totals = Object.fromEntries(resources.map((r) => [r, 0]));
  const unrolled = new Set(view.unrolled || []);
  for (const d of diceOf(view, seat).unused) {
    if (unrolled.has(d)) continue;
    const face = dieFace(catalogue, view, d);
    for (const r of resources) totals[r] += face[r] || 0;
  }
  const chits = view.players[seat].chits;
  for (const r of resources) totals[r] += chits[r] || 0;
  return totals;
}
function emptySelection() {
  return { dice: [], trades: [], chits: {} };
}
function selectionIsEmpty(sel) {
  return !sel.dice.length && !sel.trades.length && !Object.values(sel.chits).some((n) => n > 0);
}
function toggleDie(sel, d) {
  const pair = sel.trades.findIndex((p) => p.includes(d));
  if (pair >= 0) {
    return { ...sel, trades: sel.trades.filter((_, i) => i !== pair) };
  }
  const dice = sel.dice.includes(d) ? sel.dice.filter((x) => x !== d) : [...sel.dice, d];
  return { ...sel, dice };
}
function pairForTrade(sel) {
  if (sel.dice.length < 2) return sel;
  const [a, b, ...rest] = sel.dice;
  return { ...sel, dice: rest, trades: [...sel.trades, [Math.min(a, b), Math.max(a, b)]] };
}
function cycleChit(sel, kind, available) {
  const now = sel.chits[kind] || 0;
  const next = now >= available ? 0 : now + 1;
  return { ...sel, chits: { ...sel.chits, [kind]: next } };
}
var sortNum = (xs) => [...xs].sort((a, b) => a - b);
function paymentFrom(sel, resource) {
  return {
    dice: sortNum(sel.dice),
    chits: sel.chits[resource] || 0,
    trades: sel.trades.map((p) => sortNum(p))
  };
}
function legalOf(legal, type) {
  return legal.filter((e) => e.move.type === type);
}
function legalBuys(legal, tileId) {
  return legal.filter((e) => e.move.type === "buy" && e.move.tile === tileId);
}
function buyMove(catalogue, legal, sel, tileId, replaces = null) {
  const tile = catalogue.tiles[tileId];
  let payment;
  if (!selectionIsEmpty(sel)) {
    payment = paymentFrom(sel, tile.currency);
  } else {
    const hint = legalBuys(legal, tileId)[0];
    payment = hint ? hint.move.payment : { dice: [], chits: 0, trades: [] };
  }
  const move = { type: "buy", tile: tileId, payment };
  if (tile.kind === "building") move.replaces = replaces;
  return move;
}
function paymentSelection(payment, resource) {
  return { dice: [...payment.dice], trades: payment.trades.map((pair) => [...pair]), chits: { [resource]: payment.chits } };
}
function paidDice(payment) {
  return [...payment.dice, ...payment.trades.flat()];
}
function returnedDiceChoice(view, move, answer) {
  if (!answer) return null;
  const paid = new Set(paidDice(move.payment));
  return {
    colour: answer.colour,
    count: answer.count,
    order: answer.order,
    used: answer.order.filter((d) => view.dice[d][1]),
    paid: answer.order.filter((d) => paid.has(d)),
    dflt: answer.default,
    matters: answer.matters
  };
}
function givesDiceBack(view, buildingId) {
  const gb = view.give_back;
  return Boolean(gb && gb.replace && gb.replace[buildingId]);
}
function toggleReturned(chosen, d, count) {
  if (chosen.includes(d)) return chosen.filter((x) => x !== d);
  const next = [...chosen, d];
  return next.length > count ? next.slice(next.length - count) : next;
}
function usedRerollsChoice(view) {
  const choice = view.give_back ? view.give_back.used_rerolls : null;
  return choice && choice.choices.length > 1 ? choice : null;
}
function buildMove(legal, sel) {
  if (!selectionIsEmpty(sel)) return { type: "build", payment: paymentFrom(sel, "stone") };
  const hint = legalOf(legal, "build")[0];
  return hint ? hint.move : { type: "build", payment: { dice: [], chits: 0, trades: [] } };
}
function rerollMove(sel, star = false) {
  const dice = sortNum([...sel.dice, ...sel.trades.flat()]);
  return star ? { type: "reroll", dice, star: true } : { type: "reroll", dice };
}
function passMove(sel, variant) {
  const dice = sortNum([...sel.dice, ...sel.trades.flat()]);
  if (variant === "accelerated" && dice.length) return { type: "pass", pledge: dice };
  return { type: "pass" };
}
function booksMove(sel) {
  return { type: "books", dice: sortNum(sel.dice), chits: sel.chits.book || 0 };
}
function feedMove(sel) {
  return { type: "feed", payment: paymentFrom(sel, "food") };
}
function fightMove(sel) {
  return { type: "fight", payment: paymentFrom(sel, "strength") };
}
function selectionMove(step, sel) {
  if (step === "books") return booksMove(sel);
  if (step === "famine") return feedMove(sel);
  if (step === "war") return fightMove(sel);
  return null;
}
function selectionSummary(catalogue, view, sel) {
  if (selectionIsEmpty(sel)) return "nothing selected";
  const parts = [];
  if (sel.dice.length) {
    const totals = {};
    for (const d of sel.dice) {
      const face = dieFace(catalogue, view, d);
      for (const r of catalogue.resources) if (face[r]) totals[r] = (totals[r] || 0) + face[r];
    }
    const inner = catalogue.resources.filter((r) => totals[r]).map((r) => countText(totals[r], r));
    parts.push(`${sel.dice.length} ${sel.dice.length === 1 ? "die" : "dice"} (${inner.join(", ")})`);
  }
  for (const k of catalogue.chit_kinds) {
    const n = sel.chits[k] || 0;
    if (n) parts.push(`${n} ${k} chit${n > 1 ? "s" : ""}`);
  }
  if (sel.trades.length) {
    parts.push(`${sel.trades.length} trade${sel.trades.length > 1 ? "s" : ""} (2 dice = 1 gold, stone or food)`);
  }
  return parts.join(", ");
}
function seatName2(seat) {
  return `Player ${seat + 1}`;
}
function ordinal(n) {
  return ["1st", "2nd", "3rd", "4th"][n] || `${n + 1}th`;
}
function pruneSelection(view, seat, sel) {
  if (seat === null || seat === void 0) return emptySelection();
  const ok = new Set(diceOf(view, seat).unused);
  const chits = {};
  for (const [k, n] of Object.entries(sel.chits)) {
    chits[k] = Math.min(n, view.players[seat].chits[k] || 0);
  }
  return {
    dice: sel.dice.filter((d) => ok.has(d)),
    trades: sel.trades.filter((p) => p.every((d) => ok.has(d))),
    chits
  };
}

// src/dice/render.js
function showIf(el, shown) {
  if (el.classList.contains("nw-off") === shown) el.classList.toggle("nw-off", !shown);
  return el;
}
var refs2 = /* @__PURE__ */ new WeakMap();
var KIND_LABEL = { building: "Building", advisor: "Advisor", colony: "Colony", wonder: "Wonder" };
var AGE_ROMAN = ["", "I", "II", "III", "IV"];
function actingSeat(S) {
  return S.acting ?? null;
}
function amount(name, n, label) {
  return h("span", { class: `nw-amount nw-num nw-res-${name} ${iconClass(name)}`, title: label || countText(n, name) }, String(n));
}
function tip(text, key) {
  const id = sid(`tip-${key}`);
  return { id, el: h("span", { class: "nw-tip", role: "tooltip", id }, text) };
}
function dieChips(colour, count) {
  const chips = [];
  for (let i = 0; i < count; i += 1) {
    chips.push(h("span", { class: `nw-chip-die nw-die-${colour}`, "aria-hidden": "true" }));
  }
  return h(
    "span",
    { class: "nw-gives-dice", title: `${count} ${colour} ${count === 1 ? "die" : "dice"}` },
    chips,
    h("span", { class: "nw-small" }, `${count} ${colour}`)
  );
}
function tileGives(tile) {
  if (tile.kind === "building") return dieChips(tile.dice_colour, tile.dice_count);
  if (tile.kind === "advisor") return amount("reroll", tile.rerolls, `${tile.rerolls} reroll chit${tile.rerolls === 1 ? "" : "s"}`);
  const parts = [];
  if (tile.kind === "wonder") {
    parts.push(h(
      "span",
      { class: "nw-build-cost", title: `build for ${tile.stone_cost} stone` },
      "build ",
      amount("stone", tile.stone_cost, `${tile.stone_cost} stone to build`)
    ));
  }
  if (tile.chit) parts.push(h("span", { class: "nw-gives-chit", title: `gives a ${tile.chit} chit` }, "+", icon(tile.chit), "chit"));
  else if (tile.kind === "colony") parts.push(h("span", { class: "nw-small" }, "no chit"));
  return h("span", { class: "nw-gives" }, parts);
}
function tileCard(S, tileId, opts = {}) {
  const key = opts.key || `tile-${tileId}`;
  return memo(`m:${key}`, sig(
    tileId,
    opts.cost,
    opts.compact,
    opts.unbuilt,
    opts.label,
    Boolean(opts.onClick),
    opts.extraSig
  ), () => tileCardEl(S, tileId, opts));
}
function tileWords(tile, opts, state) {
  const tip2 = tile.tooltip + (opts.cost ? ` Costs ${opts.cost} ${tile.currency} (row ${opts.cost}).` : "") + (state.reason ? ` Not now: ${state.reason}.` : "");
  const label = `${opts.label ? opts.label + ": " : ""}${tile.name}. ${tile.tooltip}` + (opts.cost ? ` Costs ${opts.cost} ${tile.currency}.` : "") + (state.affordable ? " You can afford it." : "") + (state.reason ? ` Not now: ${state.reason}.` : "");
  return { tip: tip2, label };
}
function tileState(S, el, tileId, opts, state) {
  const tile = S.catalogue.tiles[tileId];
  if (!tile) return;
  const key = `${Boolean(state.affordable)}|${Boolean(state.selected)}|${state.reason ?? ""}`;
  if (el.getAttribute("data-turn") === key) return;
  el.setAttribute("data-turn", key);
  const cls = el.classList;
  if (cls.contains("nw-affordable") !== Boolean(state.affordable)) cls.toggle("nw-affordable", Boolean(state.affordable));
  if (cls.contains("nw-selected") !== Boolean(state.selected)) cls.toggle("nw-selected", Boolean(state.selected));
  const words = tileWords(tile, opts, state);
  const tipEl = el.querySelector(":scope > .nw-tip");
  if (tipEl) setText(tipEl, words.tip);
  setAttr(el, "aria-label", words.label);
  if (el.nodeName === "BUTTON") setAttr(el, "aria-pressed", state.selected ? "true" : null);
}
function markRecent(container, recent) {
  if (!container) return;
  for (const el of container.querySelectorAll(".nw-tile[data-tile]")) {
    const on = recent.has(el.dataset.tile);
    if (el.classList.contains("nw-recent") !== on) el.classList.toggle("nw-recent", on);
  }
}
var focusedBefore = /* @__PURE__ */ new WeakMap();
function tileCardEl(S, tileId, opts) {
  const tile = S.catalogue.tiles[tileId];
  if (!tile) return h("div", { class: "nw-tile nw-empty" }, "?");
  const words = tileWords(tile, opts, {});
  const t = tip(words.tip, opts.key || `tile-${tileId}`);
  const classes = ["nw-tile", `nw-kind-${tile.kind}`, "nw-has-tip"];
  if (opts.compact) classes.push("nw-compact");
  if (opts.onClick) classes.push("nw-clickable");
  if (opts.unbuilt) classes.push("nw-unbuilt");
  const label = words.label;
  const body = [
    h(
      "span",
      { class: "nw-tile-top" },
      h("span", { class: "nw-kind-badge" }, KIND_LABEL[tile.kind]),
      tile.age ? h("span", { class: "nw-age", title: `age ${tile.age}` }, AGE_ROMAN[tile.age]) : null,
      h("span", { class: "nw-vp" }, amount("vp", tile.vp, `${tile.vp} VP at the end of the game`))
    ),
    h("span", { class: "nw-tile-name" }, tile.name),
    h(
      "span",
      { class: "nw-tile-bottom" },
      opts.cost ? h("span", { class: "nw-cost" }, amount(tile.currency, opts.cost, `costs ${opts.cost} ${tile.currency}`)) : null,
      tileGives(tile)
    ),
    opts.extra || null,
    t.el
  ];
  const attrs = {
    class: classes.join(" "),
    "data-turn": "false|false|",
    "aria-describedby": t.id,
    "aria-label": label,
    dataset: { key: opts.key || `tile-${tileId}`, tile: tileId }
  };
  if (opts.onClick) {
    const onpointerdown = (e) => {
      focusedBefore.set(e.currentTarget, e.currentTarget.ownerDocument.activeElement === e.currentTarget);
    };
    const onclick = (e) => {
      const tile2 = e.currentTarget;
      if (isLive(tile2)) opts.onClick();
      else if (focusedBefore.get(tile2)) tile2.blur();
      focusedBefore.delete(tile2);
    };
    return h("button", { ...attrs, type: "button", onclick, onpointerdown }, body);
  }
  return h("div", { ...attrs, tabindex: "0", role: "group" }, body);
}
function isUnrolled(S, d) {
  return (S.view.unrolled || []).includes(d);
}
function faceEl(face, resources) {
  if (face.unrest) return h("span", { class: "nw-face nw-syms-1 nw-unrest-face" }, "Unrest");
  const syms = resources.filter((r) => face[r]);
  return h(
    "span",
    { class: `nw-face nw-syms-${syms.length}` },
    syms.map((r) => h("span", { class: `nw-sym nw-num ${iconClass(r, syms.length > 1 ? 13 : 17)}` }, String(face[r])))
  );
}
function dieElement(S, d, opts) {
  const attrs = {
    type: "button",
    dataset: { key: `die-${d}`, die: d },
    onclick: (e) => {
      if (isLive(e.currentTarget)) opts.onClick();
    }
  };
  if (opts.rolling) attrs.onanimationend = (e) => e.currentTarget.classList.remove("nw-rolling");
  const el = h("button", attrs);
  if (opts.rolling) el.className = "nw-rolling";
  return el;
}
var drawnDie = /* @__PURE__ */ new WeakMap();
function dieState(S, el, d, opts, live) {
  const faceIndex = S.view.dice[d][2];
  const unrolled = isUnrolled(S, d);
  const key = `${faceIndex}|${unrolled}|${opts.rollShown ? 1 : 0}${opts.selected ? 1 : 0}${opts.traded ? 1 : 0}${opts.used ? 1 : 0}${opts.recent ? 1 : 0}${opts.paying ? 1 : 0}${live ? 1 : 0}`;
  const drawn = drawnDie.get(el);
  if (drawn && drawn.key === key) return;
  const colour = dieColour(S.catalogue, d);
  const classes = ["nw-die", `nw-die-${colour}`];
  if (opts.selected) classes.push("nw-selected");
  if (opts.traded) classes.push("nw-traded");
  if (opts.rollShown && el.classList.contains("nw-rolling")) classes.push("nw-rolling");
  if (opts.used) classes.push("nw-used");
  if (unrolled) classes.push("nw-unrolled");
  if (opts.recent) classes.push("nw-recent");
  if (opts.paying) classes.push("nw-paying");
  setAttr(el, "class", classes.join(" "));
  const text = dieText(S, d, opts);
  setAttr(el, "title", text);
  setAttr(el, "aria-label", text);
  setAttr(el, "aria-pressed", opts.selected || opts.traded ? "true" : "false");
  setAttr(el, "data-face", faceIndex);
  const faceKey = unrolled ? "?" : String(faceIndex);
  if (!drawn || drawn.face !== faceKey) {
    el.replaceChildren(unrolled ? h("span", { class: "nw-face nw-face-blank", "aria-hidden": "true" }, "?") : faceEl(dieFace(S.catalogue, S.view, d), S.catalogue.resources));
  }
  setLive(el, live);
  drawnDie.set(el, { key, face: faceKey });
}
function dieName(colour, face, unrolled, resources) {
  return unrolled ? `${colour} die, not rolled yet` : `${colour} die showing ${faceText(face, resources)}`;
}
function dieText(S, d, opts) {
  return dieName(dieColour(S.catalogue, d), dieFace(S.catalogue, S.view, d), isUnrolled(S, d), S.catalogue.resources) + (opts.used ? " (used)" : "") + (opts.selected ? ", selected" : "") + (opts.traded ? ", paired for a trade" : "");
}
function header(S, part, act) {
  const v = S.view;
  const frame = part("header", "", () => h("header", { class: "nw-header" }));
  const seed = gameSeed(S);
  const title = part("header-title", sig(v.step === "game_over", v.round, v.config, seed), () => h(
    "div",
    { class: "nw-title" },
    h("span", { class: "nw-logo", "aria-hidden": "true" }, icon("die", 22)),
    h("h2", {}, "Nations: The Dice Game"),
    h("span", { class: "nw-round" }, v.step === "game_over" ? "Game over" : `Round ${v.round} of 4 · Age ${AGE_ROMAN[v.round]}`),
    h("span", { class: "nw-meta" }, `${v.config.players} player${v.config.players > 1 ? "s" : ""} · ${v.config.variant}${seed !== null ? ` · seed ${seed}` : ""}`)
  ));
  const steps = part("header-steps", sig(v.step), () => h(
    "ol",
    { class: "nw-steps", "aria-label": "Steps of the round" },
    S.catalogue.steps.map((s) => h("li", {
      class: `nw-step${v.step === s.id ? " nw-current" : ""}`,
      "aria-current": v.step === s.id ? "step" : null
    }, s.label))
  ));
  const prompt = part("header-prompt", sig(S.busy), () => h(
    "p",
    { class: "nw-prompt", "aria-live": "polite" },
    "",
    S.busy ? [" ", h("span", { class: "nw-busy", role: "status" }, h("span", { class: "nw-spinner", "aria-hidden": "true" }), "Bots are playing…")] : null
  ));
  if (prompt.firstChild.data !== v.prompt) prompt.firstChild.data = v.prompt;
  const [newGame2, help] = act.panels.headerButtons(part);
  setChildren(frame, [title, newGame2, help, steps, prompt]);
  return frame;
}
function roundSummary(S, act) {
  const r = S.view.round_summary;
  return modal(
    { key: "round-summary", label: `End of round ${r.round}`, onClose: () => act.dismissRound() },
    h("h3", {}, `End of round ${r.round}${r.event ? ` — ${r.event}` : ""}`),
    h("div", { class: "nw-table-scroll" }, h(
      "table",
      { class: "nw-score-table" },
      h("thead", {}, h("tr", {}, ["Player", "Books", "Famine", "War", "Round"].map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, r.rows.map((row) => h(
        "tr",
        {},
        h("th", { scope: "row" }, seatName2(row.seat)),
        [row.books, row.famine, row.war, row.total].map((x) => h("td", {}, `+${x} VP`))
      )))
    )),
    h("p", {}, "New player order: ", r.order.map((seat) => seatName2(seat)).join(", "), "."),
    h("button", { type: "button", class: "nw-btn nw-primary", dataset: { key: "round-summary-close" }, onclick: () => act.dismissRound() }, `Start round ${r.round + 1}`)
  );
}
var SHORTCUTS = [
  ["P", "pass"],
  ["R", "reroll the selected dice"],
  ["1 – 9", "select (or unselect) your n-th unused die"],
  ["← ↑ → ↓", "move across the progress board's tiles (Enter or Space buys the focused tile)"],
  ["Escape", "cancel a purchase, clear the selection"]
];
function reconstructionNotice(S, ui, act) {
  if (!S.reconstructed) return null;
  return h(
    "details",
    { class: "nw-notice" },
    h(
      "summary",
      {},
      h("strong", {}, "Reconstructed components."),
      " The default tile values and die faces are a reconstruction, not the printed game."
    ),
    h("p", {}, S.catalogue.notice),
    h("button", { type: "button", class: "nw-btn", dataset: { key: "load-catalogue" }, onclick: () => act.pickFile("catalogue") }, "Load catalogue file…")
  );
}
function progressCells(S, ui, act, part) {
  const v = S.view;
  const me = actingSeat(S);
  const canBuy = me !== null && v.step === "actions";
  const buyable = /* @__PURE__ */ new Set();
  if (canBuy) {
    for (const e of S.legal) if (e.move.type === "buy") buyable.add(e.move.tile);
  }
  const cols = v.board.length;
  const cells = [];
  cells.push(part("pb-corner", "", () => h("div", { class: "nw-corner" }, "Cost")));
  for (let c = 0; c < cols; c += 1) {
    const label = v.config.players === 1 ? `Column ${c + 1}` : "";
    cells.push(part(`pb-col-${c}`, label, () => h("div", { class: "nw-col-head" }, label)));
  }
  for (const r of [2, 1, 0]) {
    const cost = S.catalogue.row_costs[r];
    cells.push(part(`pb-row-${cost}`, "", () => h(
      "div",
      { class: "nw-row-head", title: `Row ${cost}: pay ${cost} gold (strength for colonies)` },
      h("span", { class: "nw-row-cost" }, String(cost)),
      h("span", { class: "nw-row-icons" }, icon("gold", 14), icon("strength", 14))
    )));
    for (let c = 0; c < cols; c += 1) {
      const id = v.board[c][r];
      if (!id) {
        cells.push(part(`pb-empty-${c}-${r}`, "", () => h("div", { class: "nw-tile nw-empty", "aria-label": `column ${c + 1}, row ${cost}: empty` }, "—")));
        continue;
      }
      const affordable = canBuy && buyable.has(id);
      const selected = ui.pendingBuy === id;
      const reason = canBuy && !affordable ? v.unavailable?.tiles?.[id] ?? null : null;
      const cell = part(`pb-${id}`, sig(cost), () => tileCard(S, id, {
        cost,
        onClick: () => act.clickTile(id),
        key: `board-${id}`
      }));
      tileState(S, cell, id, { cost }, { affordable, selected, reason });
      setLive(cell, affordable, true);
      cells.push(cell);
    }
  }
  return cells;
}
function progressFrame(cols) {
  const hint = h("span", { class: "nw-sub" }, "");
  const grid = h("div", { class: "nw-board-grid", style: `--nw-cols: ${cols}` });
  const el = h(
    "section",
    { class: "nw-panel nw-progress", "aria-label": "Progress board" },
    h("h3", {}, "Progress board", hint),
    grid
  );
  refs2.set(el, { hint, grid });
  return el;
}
function eventTile(S) {
  const v = S.view;
  const ev = v.event ? S.catalogue.events[v.event] : null;
  if (!ev) return h("section", { class: "nw-panel nw-event" }, h("h3", {}, "Event"), "—");
  const t = tip(ev.tooltip, "event");
  return h(
    "section",
    { class: "nw-panel nw-event", "aria-label": "Event tile" },
    h("h3", {}, "Event"),
    h(
      "div",
      { class: "nw-event-card nw-has-tip", tabindex: "0", "aria-describedby": t.id, dataset: { key: "event" } },
      h("div", { class: "nw-tile-name" }, ev.name, h("span", { class: "nw-age" }, AGE_ROMAN[ev.age])),
      h(
        "div",
        { class: "nw-event-rows" },
        h("div", { class: "nw-event-row" }, h("span", {}, "Famine"), amount("food", ev.famine, `${ev.famine} food`), h("span", { class: "nw-arrow" }, "→"), amount("vp", ev.vp, `${ev.vp} VP`)),
        h("div", { class: "nw-event-row" }, h("span", {}, "War"), amount("strength", ev.war, `${ev.war} strength`), h("span", { class: "nw-arrow" }, "→"), amount("vp", ev.vp, `${ev.vp} VP`))
      ),
      t.el
    )
  );
}
function scoreBoard(S, part) {
  const v = S.view;
  const n = v.players.length;
  const frame = part("scores", "", () => {
    const el = h(
      "section",
      { class: "nw-panel nw-scores", "aria-label": "Score board" },
      h("h3", {}, "Score board & player order"),
      h(
        "table",
        { class: "nw-score-table" },
        h("thead", {}, h(
          "tr",
          {},
          h("th", { scope: "col", title: "player order" }, "#"),
          h("th", { scope: "col" }, "Player"),
          h("th", { scope: "col", class: "nw-num-cell", title: "VP on the score track (books, famine, war)", "aria-label": "VP on the track" }, icon("vp", 13), "Track"),
          h("th", { scope: "col", class: "nw-num-cell", title: "track plus the VP on held tiles (the final score if the game ended now)", "aria-label": "total VP with tiles" }, "Total"),
          h("th", { scope: "col", class: "nw-num-cell", "aria-label": "books" }, icon("book", 13))
        )),
        h("tbody", {})
      ),
      h("div", { class: "nw-tracks", "aria-label": "Book track" })
    );
    refs2.set(el, { body: el.querySelector("tbody"), tracks: el.querySelector(".nw-tracks") });
    return el;
  });
  const rows = v.order.map((seat, pos) => {
    const p = v.players[seat];
    const b = v.breakdown[seat];
    const isCurrent = v.current === seat;
    const passed = p.passed && v.step === "actions";
    const row = part(`score-${seat}`, "", () => {
      const cells2 = {
        pos: h("td", {}, ""),
        name: h("th", { scope: "row" }, h("span", { class: `nw-swatch nw-seat-${seat}`, "aria-hidden": "true" }), seatName2(seat)),
        track: h("td", { class: "nw-num-cell" }, ""),
        total: h("td", { class: "nw-num-cell nw-total" }, ""),
        books: h("td", { class: "nw-num-cell" }, "")
      };
      const el = h("tr", {}, cells2.pos, cells2.name, cells2.track, cells2.total, cells2.books);
      refs2.set(el, cells2);
      return el;
    });
    const cells = refs2.get(row);
    const tiles = b.buildings + b.advisor + b.colonies + b.wonders;
    setAttr(row, "class", `${isCurrent ? "nw-current" : ""}${p.passed ? " nw-passed" : ""}`);
    setText(cells.pos, ordinal(pos));
    setChildren(cells.name, [
      cells.name.firstChild,
      cells.name.firstChild.nextSibling,
      showIf(part(`score-turn-${seat}`, "", () => h("span", { class: "nw-turn-mark", title: "to move", "aria-label": "to move" }, " ◀")), isCurrent),
      passed ? part(`score-passed-${seat}`, "", () => h("span", { class: "nw-passed-badge" }, "passed")) : null
    ]);
    setText(cells.track, String(b.books + b.famine + b.war));
    setAttr(cells.track, "title", `books ${b.books}, famine ${b.famine}, war ${b.war}`);
    setText(cells.total, String(v.projected[seat]));
    setAttr(cells.total, "title", `track + ${tiles} VP on held tiles`);
    setText(cells.books, String(p.books));
    return row;
  });
  if (n === 1) {
    rows.push(part("score-opp", sig(v.opponent_books), () => h(
      "tr",
      { class: "nw-opponent" },
      h("td", {}, ""),
      h("th", { scope: "row" }, "Shadow opponent"),
      h("td", {}, "—"),
      h("td", {}, ""),
      h("td", {}, String(v.opponent_books))
    )));
  }
  const bookMax = Math.max(...v.players.map((p) => p.books), v.opponent_books || 0, 1);
  const bar = (key, label, fill, books) => part(key, sig(label, fill, books, bookMax), () => h(
    "div",
    { class: "nw-track-row" },
    h("span", { class: "nw-track-label" }, label),
    h("span", { class: "nw-track" }, h("span", { class: `nw-track-fill ${fill}`, style: { width: `${100 * books / bookMax}%` } })),
    h("span", { class: "nw-track-num" }, amount("book", books, countText(books, "book")))
  ));
  const bars = v.players.map((p, seat) => bar(`track-${seat}`, `P${seat + 1}`, `nw-seat-bg-${seat}`, p.books));
  if (n === 1) bars.push(bar("track-opp", "Opp.", "nw-opp-bg", v.opponent_books));
  const { body, tracks } = refs2.get(frame);
  setChildren(body, rows);
  setChildren(tracks, bars);
  const solo = n === 1 && v.solo_roll ? part("solo-roll", sig(v.solo_roll), () => h("p", { class: "nw-small" }, `Last shadow-opponent roll: ${v.solo_roll}`)) : null;
  setChildren(frame, [frame.firstChild, body.parentNode, tracks, solo]);
  return frame;
}
function chitEl(S, ui, act, seat, kind, live, paying = 0) {
  const p = S.view.players[seat];
  const unused = p.chits[kind] || 0;
  const used = p.chits_used[kind] || 0;
  const total = unused + used;
  if (!total) return null;
  const chosen = live ? ui.sel.chits[kind] || 0 : 0;
  const text = `${kind} chits: ${unused} unused of ${total}` + (chosen ? `, ${chosen} selected` : "") + (paying ? `, ${paying} paying for this move` : "");
  const body = [
    icon(kind, 15),
    h("span", { class: "nw-num" }, `${unused}/${total}`),
    chosen ? h("span", { class: "nw-chit-sel" }, `✓${chosen}`) : null
  ];
  const cls = `nw-chit${chosen ? " nw-selected" : ""}${unused ? "" : " nw-used"}${paying ? " nw-paying" : ""}`;
  if (kind !== "reroll" && unused) {
    const onclick = (e) => {
      if (isLive(e.currentTarget)) act.cycleChit(kind, unused);
    };
    return h("button", {
      type: "button",
      class: cls,
      title: text,
      "aria-label": text,
      "aria-pressed": chosen ? "true" : "false",
      dataset: { key: `chit-${seat}-${kind}` },
      onclick
    }, body);
  }
  return h("span", { class: cls, title: text, "aria-label": text, role: "img" }, body);
}
function playerInputs(S, ui, seat) {
  const v = S.view;
  const p = v.players[seat];
  const live = actingSeat(S) === seat;
  const choosing = Boolean(live && ui.pendingBuy && !ui.pendingReturn && S.catalogue.tiles[ui.pendingBuy]?.kind === "building");
  return { v, p, live, choosing };
}
function playerHead(S, seat, part) {
  const v = S.view;
  const p = v.players[seat];
  const pos = v.order.indexOf(seat);
  const b = v.breakdown[seat];
  const track = b.books + b.famine + b.war;
  const frame = part(`head-${seat}-${S.seats[seat]}`, "", () => {
    const who = S.seats[seat] === "human" ? "human" : S.seats[seat] === "remote" ? "at their own screen" : botWho(S, S.seats[seat]);
    const el = h(
      "h3",
      {},
      h("span", { class: `nw-swatch nw-seat-${seat}`, "aria-hidden": "true" }),
      seatName2(seat),
      h("span", { class: "nw-who" }, who)
    );
    refs2.set(el, [...el.childNodes]);
    return el;
  });
  const order = part(`order-${seat}`, sig(pos), () => h("span", { class: "nw-order" }, `${ordinal(pos)} in order`));
  const score = part(`pscore-${seat}`, sig(track, v.projected[seat], p.books), () => h(
    "span",
    { class: "nw-pscore" },
    amount("vp", track, `${track} VP on the track (${v.projected[seat]} with the tiles held)`),
    amount("book", p.books, countText(p.books, "book"))
  ));
  const badge = (kind, text, cls) => part(`badge-${kind}-${seat}`, sig(text, cls), () => h("span", { class: cls }, text));
  const pledge = Array.isArray(p.pledge) ? p.pledge.length : 0;
  const bits = [
    p.passed && v.step === "actions" ? badge("passed", "passed", "nw-passed-badge") : null,
    showIf(badge("turn", "to move", "nw-turn-badge"), v.current === seat),
    p.fed !== null && p.fed !== void 0 ? badge("fed", p.fed ? "fed" : "famine", `nw-result ${p.fed ? "nw-ok" : "nw-no"}`) : null,
    p.fought !== null && p.fought !== void 0 ? badge("fought", p.fought ? "war won" : "war lost", `nw-result ${p.fought ? "nw-ok" : "nw-no"}`) : null,
    p.pledge === "hidden" ? badge("pledge", "food trade: hidden", "nw-small") : pledge ? badge("pledge", `${pledge} dice set aside for food`, "nw-small") : null
  ];
  setChildren(frame, [...refs2.get(frame), order, score, ...bits]);
  return frame;
}
function playerTiles(S, act, seat, choosing, part) {
  const p = S.view.players[seat];
  const row = part(`tiles-${seat}`, "", () => {
    const boxes2 = {
      advisor: h("div", { class: "nw-advisor" }, h("div", { class: "nw-slot-label" }, "Advisor")),
      slots: h("div", { class: "nw-slots" }),
      wonder: h("div", { class: "nw-wonder-slot" }, h("div", { class: "nw-slot-label" }, "Wonder"))
    };
    const el = h(
      "div",
      { class: "nw-board-row" },
      boxes2.advisor,
      h("div", { class: "nw-buildings" }, h("div", { class: "nw-slot-label" }, "Buildings"), boxes2.slots),
      boxes2.wonder
    );
    refs2.set(el, boxes2);
    return el;
  });
  const boxes = refs2.get(row);
  setChildren(boxes.slots, p.buildings.map(([id, n], i) => part(`pslot-${seat}-${i}`, sig(id, n, choosing), () => h(
    "div",
    { class: "nw-slot" },
    tileCard(S, id, {
      compact: true,
      label: `building slot ${i + 1}`,
      key: `slot-${seat}-${i}`,
      onClick: choosing ? () => act.chooseReplace(id) : null,
      extra: n !== S.catalogue.tiles[id].dice_count ? h("span", { class: "nw-small" }, `(${n} dice)`) : null,
      extraSig: n
    })
  ))));
  const advisor = part(`padv-${seat}`, sig(p.advisor), () => p.advisor ? tileCard(S, p.advisor[0], { compact: true, label: "advisor", key: `adv-${seat}` }) : h("div", { class: "nw-tile nw-compact nw-empty-slot" }, "no advisor"));
  setChildren(boxes.advisor, [boxes.advisor.firstChild, advisor]);
  const wonder = part(`pwip-${seat}`, sig(p.wonder), () => p.wonder ? tileCard(S, p.wonder, {
    compact: true,
    unbuilt: true,
    label: "wonder under construction",
    key: `wip-${seat}`,
    extra: h("span", { class: "nw-small nw-wip" }, "under construction"),
    extraSig: "wip"
  }) : h("div", { class: "nw-tile nw-compact nw-empty-slot" }, "no wonder under construction"));
  setChildren(boxes.wonder, [boxes.wonder.firstChild, wonder]);
  return row;
}
function playerDice(S, ui, act, seat, live, rolling, part, dieRolls) {
  const v = S.view;
  const { unused, used } = diceOf(v, seat);
  const traded = new Set(ui.sel.trades.flat());
  const recent = new Set(v.recent && v.recent.dice || []);
  const die = (d, used2, opts) => {
    const drawn = { ...opts, used: used2, recent: recent.has(d) };
    let roll = dieRolls.get(d);
    if (opts.rolling) dieRolls.set(d, roll = { n: (roll ? roll.n : 0) + 1, position: v.position });
    drawn.rollShown = Boolean(roll) && roll.position === v.position;
    const el = part(`m:die-${d}`, String(roll ? roll.n : 0), () => dieElement(S, d, drawn));
    dieState(S, el, d, drawn, live && !used2);
    return el;
  };
  const toggle = (d) => () => act.toggleDie(d);
  const pv = act.previewShown(S);
  const paying = new Set(pv ? pv.dice : []);
  const unusedEls = unused.map((d) => die(d, false, {
    paying: paying.has(d),
    selected: live && ui.sel.dice.includes(d),
    traded: live && traded.has(d),
    rolling: rolling.has(d),
    onClick: toggle(d)
  }));
  const usedEls = used.map((d) => die(d, true, {
    rolling: rolling.has(d),
    onClick: toggle(d)
  }));
  const totals = unusedTotals(S.catalogue, v, seat);
  const row = part(`dicerow-${seat}`, "", () => {
    const boxes = [h("div", { class: "nw-dice" }), h("div", { class: "nw-dice" })];
    const el = h(
      "div",
      { class: "nw-dice-row" },
      h("div", { class: "nw-tray nw-unused", "aria-label": `${seatName2(seat)}'s unused dice` }, boxes[0]),
      h("div", { class: "nw-tray nw-used-area", "aria-label": `${seatName2(seat)}'s used area` }, boxes[1])
    );
    refs2.set(el, boxes);
    return el;
  });
  const [unusedTray, usedTray] = row.children;
  const [unusedBox, usedBox] = refs2.get(row);
  const shown = S.catalogue.resources.filter((r) => totals[r]).map((r) => [r, totals[r]]);
  const label = part(`dlabel-u-${seat}`, "", () => {
    const count2 = h("span", {}, "");
    const sums2 = h("span", { class: "nw-totals", "aria-label": "unused totals" });
    const el = h("div", { class: "nw-slot-label" }, count2, sums2);
    refs2.set(el, { count: count2, sums: sums2 });
    return el;
  });
  const { count, sums } = refs2.get(label);
  setText(count, `Unused dice (${unused.length})`);
  setChildren(sums, shown.map(([r, n]) => part(`dtotal-${seat}-${r}`, sig(n), () => amount(r, n, `${countText(n, r)} unused (dice and chits)`))));
  setChildren(unusedTray, [label, unusedBox]);
  setChildren(unusedBox, unusedEls.length ? unusedEls : [part(`dnone-u-${seat}`, "", () => h("span", { class: "nw-small" }, "none"))]);
  setChildren(usedTray, [part(`dlabel-s-${seat}`, sig(used.length), () => h("div", { class: "nw-slot-label" }, `Used (${used.length})`)), usedBox]);
  setChildren(usedBox, usedEls.length ? usedEls : [part(`dnone-s-${seat}`, "", () => h("span", { class: "nw-small" }, "empty"))]);
  return row;
}
function playerChits(S, ui, act, seat, live, part) {
  const p = S.view.players[seat];
  const row = part(`chits-${seat}`, "", () => h(
    "div",
    { class: "nw-chits-row" },
    h("span", { class: "nw-slot-label" }, "Chits (unused/total)")
  ));
  const chits = [];
  const pv = seat === S.view.current ? act.previewShown(S) : null;
  for (const kind of S.catalogue.chit_kinds) {
    const unused = p.chits[kind] || 0;
    const used = p.chits_used[kind] || 0;
    if (!unused && !used) continue;
    const chosen = live ? ui.sel.chits[kind] || 0 : 0;
    const paying = pv && pv.chits && pv.chits[kind] || 0;
    const chit = part(`chit-${seat}-${kind}`, sig(unused, used, chosen, paying), () => chitEl(S, ui, act, seat, kind, live, paying));
    if (chit.nodeName === "BUTTON") setLive(chit, live);
    chits.push(chit);
  }
  if ((p.stars || 0) + (p.stars_used || 0)) {
    chits.push(part(`chit-${seat}-star`, sig(p.stars, p.stars_used), () => h("span", { class: "nw-small", title: "Rerolling with one costs no action" }, `star-marked reroll chits: ${p.stars} unused of ${p.stars + p.stars_used}`)));
  }
  if (p.bonus && S.catalogue.unrest) {
    const b = S.catalogue.unrest.bonuses[p.bonus[0]];
    chits.push(part(`chit-${seat}-bonus`, sig(p.bonus), () => h("span", { class: "nw-small", title: "One more of its resource for the rest of this round" }, `passing bonus: ${b ? b.name : p.bonus[0]} (+1 ${b ? b.resource : "?"}${p.bonus[1] ? ", spent" : ""})`)));
  }
  setChildren(row, [row.firstChild, ...chits.length ? chits : [part(`chits-none-${seat}`, "", () => h("span", { class: "nw-small" }, "none"))]]);
  return row;
}
function playerBuilt(S, seat) {
  const p = S.view.players[seat];
  if (!p.colonies.length && !p.wonders.length) return null;
  return h(
    "div",
    { class: "nw-built" },
    h("span", { class: "nw-slot-label" }, "Colonies & built wonders"),
    h(
      "div",
      { class: "nw-built-list" },
      p.colonies.map((id, i) => tileCard(S, id, { compact: true, label: "colony", key: `col-${seat}-${i}` })),
      p.wonders.map((id, i) => tileCard(S, id, { compact: true, label: "built wonder", key: `won-${seat}-${i}` }))
    )
  );
}
function playerClass(S, seat, live) {
  return `nw-panel nw-player nw-seat-border-${seat}${S.view.current === seat ? " nw-current" : ""}${live ? " nw-live" : ""}`;
}
function playerLabel(S, seat) {
  const who = S.seats[seat] === "human" ? "human" : S.seats[seat] === "remote" ? "at their own screen" : botWho(S, S.seats[seat]);
  return `${seatName2(seat)}'s board (${who})`;
}
function playerParts(S, ui, act, seat, parts, rolling, dieRolls) {
  const { v, p, live, choosing } = playerInputs(S, ui, seat);
  const b = v.breakdown[seat];
  const head = playerHead(S, seat, (k, s, b2) => parts.part(k, s, b2));
  const choose = choosing ? parts.part(`choose-${seat}`, sig(ui.pendingBuy), () => h(
    "p",
    { class: "nw-choose" },
    `Choose the building that ${S.catalogue.tiles[ui.pendingBuy].name} replaces:`
  )) : null;
  const tiles = playerTiles(S, act, seat, choosing, (k, s, b2) => parts.part(k, s, b2));
  const diceRow = playerDice(S, ui, act, seat, live, rolling, (k, s, b2) => parts.part(k, s, b2), dieRolls);
  const chits = playerChits(S, ui, act, seat, live, (k, s, b2) => parts.part(k, s, b2));
  const built = parts.part(`built-${seat}`, sig(p.colonies, p.wonders), () => playerBuilt(S, seat));
  const recent = new Set(v.recent && v.recent.tiles || []);
  markRecent(tiles, recent);
  markRecent(built, recent);
  return [head, choose, tiles, diceRow, chits, built];
}
function optionButtons(S, act, entries) {
  return entries.map((e, i) => h("button", {
    type: "button",
    class: "nw-btn nw-option",
    dataset: { key: `opt-${e.move.type}-${i}` },
    onclick: () => act.move(e.move)
  }, e.text));
}
function actionPanel(S, ui, act, part, now, otherSig) {
  const v = S.view;
  const me = actingSeat(S);
  const heading = me !== null ? `${seatName2(me)}, your decision` : v.step === "game_over" ? "Final scores" : "Decision";
  const frame = part("actions", "", () => h("section", { class: "nw-panel nw-actions", "aria-label": "Your decision" }));
  const title = part("actions-title", sig(heading), () => h("h3", {}, heading));
  const err = act.panels.errorLine(S, part);
  const moves = v.recent && v.recent.moves || [];
  const recent = moves.length ? part("actions-recent", sig(moves.map((m) => m.text), me), () => h(
    "div",
    { class: "nw-recent-moves", role: "status", "aria-label": "What the other players just did" },
    h("span", { class: "nw-slot-label" }, me !== null ? "Since your last move:" : "Last move:"),
    h("ul", {}, moves.map((m, i) => h("li", { dataset: { key: `recent-${i}` } }, m.text)))
  )) : null;
  let body;
  if (act.pendingMove() && me !== null) {
    body = act.panels.previewPanel(S, part);
  } else if (S.viewingHistory) {
    body = act.panels.historyBanner(S, part);
  } else if (me !== null && v.step === "actions" && !ui.pendingBuy) {
    body = actionsControls(S, ui, act, part, now);
  } else {
    body = part("actions-other", otherSig, () => {
      if (v.step === "game_over") return gameOver(S, act);
      if (me === null) return act.panels.waiting(S);
      return v.step === "actions" ? pendingControls(S, ui, act) : endOfRoundControls(S, ui, act);
    });
  }
  setChildren(frame, [title, recent, err, body]);
  return frame;
}
function selectionLine(S, ui, act) {
  return h(
    "div",
    { class: "nw-selection" },
    h("span", { class: "nw-slot-label" }, "Selected:"),
    h("span", { class: "nw-sel-text", "aria-live": "polite" }, selectionSummary(S.catalogue, S.view, ui.sel)),
    ui.sel.dice.length >= 2 ? h("button", { type: "button", class: "nw-btn nw-mini", dataset: { key: "trade" }, title: "Two unused dice stand for one gold, stone or food", onclick: () => act.pairTrade() }, "Trade 2 dice → 1 gold, stone or food") : null,
    !selectionIsEmpty(ui.sel) ? h("button", { type: "button", class: "nw-btn nw-mini", dataset: { key: "clear" }, onclick: () => act.clearSelection() }, "Clear") : null
  );
}
var cancelButton = (act) => h("button", {
  type: "button",
  class: "nw-btn nw-cancel",
  dataset: { key: "cancel-buy" },
  onclick: () => act.cancelBuy()
}, "Cancel");
var dieWord = (n) => n === 1 ? "die" : "dice";
function payingLine(S, move) {
  const tile = S.catalogue.tiles[move.tile];
  return h(
    "p",
    { class: "nw-help nw-paying" },
    "Paying: ",
    selectionSummary(S.catalogue, S.view, paymentSelection(move.payment, tile.currency)),
    " (select dice and chits to pay otherwise)"
  );
}
function giveBackDie(S, d, going, note, act) {
  const colour = dieColour(S.catalogue, d);
  const face = dieFace(S.catalogue, S.view, d);
  const text = `${dieName(colour, face, false, S.catalogue.resources)}${note ? ` (${note})` : ""}, ` + (going ? "goes back" : "you keep it");
  return h("button", {
    type: "button",
    class: `nw-die nw-die-${colour}${note ? " nw-spent" : ""}${going ? " nw-going" : ""}`,
    title: text,
    "aria-label": text,
    "aria-pressed": going ? "true" : "false",
    dataset: { key: `give-back-${d}` },
    onclick: () => act.toggleReturned(d)
  }, faceEl(face, S.catalogue.resources));
}
function giveBackDiceControls(S, ui, act, tile) {
  const v = S.view;
  const r = ui.pendingReturn;
  const old = S.catalogue.tiles[r.replaces];
  const move = r.move;
  const choice = returnedDiceChoice(v, move, r.answer);
  if (!choice) {
    return h(
      "div",
      { class: "nw-pending nw-give-back", role: "status" },
      h("p", {}, `Buy ${tile.name} in place of ${old.name}: working out which dice go back…`),
      h("div", { class: "nw-buttons" }, cancelButton(act))
    );
  }
  const { colour, count } = choice;
  const chosen = r.dice ?? choice.dflt;
  const missing = count - chosen.length;
  const isDefault = r.dice === null || sig(chosen.slice().sort((a, b) => a - b)) === sig(choice.dflt);
  const note = (d) => choice.paid.includes(d) ? "paying" : choice.used.includes(d) ? "used" : "";
  const going = choice.order.filter((d) => chosen.includes(d));
  const list = going.map((d) => `the ${colour} die showing ${faceText(dieFace(S.catalogue, v, d), S.catalogue.resources)}${note(d) ? ` (${note(d)})` : ""}`).join(", ");
  return h(
    "div",
    { class: "nw-pending nw-give-back" },
    h("p", {}, `Buy ${tile.name} in place of ${old.name}: ${goingBackText(count, colour, choice.order.length)} to the supply. Click the dice to choose which.`),
    h("p", { class: "nw-help" }, "Suggested: used dice and dice paying first (they do nothing more this round), then the unused ones with the fewest symbols."),
    h(
      "div",
      { class: "nw-dice nw-give-back-dice", role: "group", "aria-label": `Your ${colour} dice` },
      choice.order.map((d) => giveBackDie(S, d, chosen.includes(d), note(d), act))
    ),
    h(
      "p",
      { class: "nw-sel-text", "aria-live": "polite" },
      missing > 0 ? `Choose ${missing} more ${dieWord(missing)} to give back.` : `Going back: ${list}.`
    ),
    h(
      "div",
      { class: "nw-buttons" },
      h("button", {
        type: "button",
        class: "nw-btn nw-primary",
        dataset: { key: "confirm-give-back" },
        disabled: missing !== 0,
        onclick: () => act.confirmReturn()
      }, `Buy ${tile.name}, giving back ${count === 1 ? "this die" : "these dice"}`),
      isDefault ? null : h("button", {
        type: "button",
        class: "nw-btn",
        dataset: { key: "suggested-give-back" },
        onclick: () => act.defaultReturned()
      }, "Back to the suggestion"),
      cancelButton(act)
    ),
    payingLine(S, move)
  );
}
function giveBackRerollsControls(S, ui, act, tile) {
  const v = S.view;
  const p = v.players[v.current];
  const choice = usedRerollsChoice(v);
  if (!choice || !p.advisor) return h("div", { class: "nw-pending" }, cancelButton(act));
  const [oldId, n] = p.advisor;
  const old = S.catalogue.tiles[oldId];
  const unused = p.chits.reroll || 0;
  const ks = [...choice.choices].sort((a, b) => b - a);
  return h(
    "div",
    { class: "nw-pending nw-give-back" },
    h("p", {}, `Hire ${tile.name}: ${old.name} leaves, and ${n} of your reroll chits go back to the supply (as many as ${old.name} brought). Which ones?`),
    h("p", { class: "nw-help" }, `Suggested: used ones first, so you keep your unused ones. ${tile.name} then brings ${tile.rerolls} new ${tile.rerolls === 1 ? "chit" : "chits"}.`),
    h(
      "div",
      { class: "nw-buttons" },
      ks.map((k) => h("button", {
        type: "button",
        class: `nw-btn${k === choice.default ? " nw-primary" : ""}`,
        dataset: { key: `give-back-rerolls-${k}` },
        onclick: () => act.chooseUsedRerolls(k)
      }, `Give back ${k} used + ${n - k} unused (keep ${unused - (n - k)} unused)`, k === choice.default ? " — suggested" : "")),
      cancelButton(act)
    ),
    payingLine(S, buyMove(S.catalogue, S.legal, ui.sel, ui.pendingBuy))
  );
}
function pendingControls(S, ui, act) {
  const v = S.view;
  const p = v.players[v.current];
  const tile = S.catalogue.tiles[ui.pendingBuy];
  if (ui.pendingReturn) return giveBackDiceControls(S, ui, act, tile);
  if (tile.kind === "advisor") return giveBackRerollsControls(S, ui, act, tile);
  const options = p.buildings.map(([id]) => id).filter((id, i, a) => a.indexOf(id) === i);
  return h(
    "div",
    { class: "nw-pending" },
    h("p", {}, `Buy ${tile.name}: which building does it replace? (Its dice go back to the supply.)`),
    h(
      "div",
      { class: "nw-buttons" },
      options.map((id) => h(
        "button",
        { type: "button", class: "nw-btn", dataset: { key: `replace-${id}` }, onclick: () => act.chooseReplace(id) },
        `Replace ${S.catalogue.tiles[id].name}`
      )),
      cancelButton(act)
    ),
    selectionLine(S, ui, act)
  );
}
function actionsControls(S, ui, act, part, now) {
  const v = S.view;
  const p = v.players[v.current];
  const reroll = legalOf(S.legal, "reroll")[0];
  const builds = legalOf(S.legal, "build");
  const pledgeOptions = legalOf(S.legal, "pass").filter((e) => e.move.pledge);
  const starReroll = legalOf(S.legal, "reroll").find((e) => e.move.star);
  const wonder = p.wonder ? S.catalogue.tiles[p.wonder] : null;
  const count = ui.sel.dice.length + 2 * ui.sel.trades.length;
  const passLabel = v.config.variant === "accelerated" && !selectionIsEmpty(ui.sel) ? "Pass, trading the selected dice for food" : "Pass";
  const frame = part("actions-turn", "", () => h("div", {}));
  const unrestOptions = legalOf(S.legal, "unrest");
  if (unrestOptions.length) {
    const unrestHelp = part("actions-unrest", sig(unrestOptions), () => h(
      "div",
      {},
      h("p", { class: "nw-help" }, "Your green dice show the Unrest symbol. Reroll all of them (that is your action; no reroll chit is spent), or set all of them aside and then take an action."),
      h("div", { class: "nw-buttons" }, optionButtons(S, act, unrestOptions))
    ));
    setChildren(frame, [unrestHelp]);
    return frame;
  }
  const bonusPasses = legalOf(S.legal, "pass").filter((e) => e.move.bonus && !e.move.pledge);
  const help = part("actions-help", "", () => h("p", { class: "nw-help" }, "Click dice and chits to select them, then click a tile to buy it with them (or click a tile directly to pay the suggested way), build your wonder, or reroll the selected dice."));
  const summary = selectionSummary(S.catalogue, v, ui.sel);
  const selection = part("actions-selection", sig(summary, ui.sel.dice.length >= 2, selectionIsEmpty(ui.sel)), () => selectionLine(S, ui, act));
  const buttons = part(`actions-buttons-${p.wonder || "none"}-${v.config.unrest ? "unrest" : ""}`, "", () => {
    const els2 = {
      reroll: h("button", { type: "button", class: "nw-btn", dataset: { key: "reroll" }, onclick: (e) => {
        if (isLive(e.currentTarget)) act.reroll();
      } }, icon("reroll"), ""),
      star: v.config.unrest ? h("button", { type: "button", class: "nw-btn", dataset: { key: "reroll-star" }, onclick: () => act.reroll(true) }, icon("reroll"), "") : null,
      build: wonder ? h("button", {
        type: "button",
        class: "nw-btn",
        dataset: { key: "build" },
        onclick: (e) => {
          if (isLive(e.currentTarget)) act.commit(buildMove(now().legal, ui.sel));
        }
      }, icon("stone"), ` Build ${wonder.name} (${wonder.stone_cost} stone)`) : null,
      pass: h("button", { type: "button", class: "nw-btn nw-pass", dataset: { key: "pass" }, onclick: () => act.move(passMove(ui.sel, now().view.config.variant)) }, "")
    };
    const el = h(
      "div",
      { class: "nw-buttons" },
      els2.reroll,
      els2.star,
      els2.build,
      els2.pass,
      h("button", { type: "button", class: "nw-btn nw-ghost", dataset: { key: "hint" }, title: "Let a bot choose this move for you", onclick: () => act.send({ kind: "bot_move" }) }, "Let a bot decide")
    );
    refs2.set(el, els2);
    return el;
  });
  const els = refs2.get(buttons);
  const why = v.unavailable || {};
  setLive(els.reroll, Boolean(reroll) && !why.reroll, true);
  setAttr(els.reroll, "title", why.reroll ? `Not now: ${why.reroll}` : reroll ? reroll.text : "");
  const rerollText = ` Reroll selected (${count})`;
  if (els.reroll.lastChild.data !== rerollText) els.reroll.lastChild.data = rerollText;
  if (els.star) {
    setDisabled(els.star, !(p.stars > 0));
    setAttr(els.star, "title", starReroll ? starReroll.text : "no unused star-marked reroll chit");
    const starText = ` Star reroll selected (${count}; ${p.stars || 0} left, no action)`;
    if (els.star.lastChild.data !== starText) els.star.lastChild.data = starText;
  }
  setDisabled(els.pass, bonusPasses.length > 0);
  if (els.build) {
    setAttr(els.build, "class", `nw-btn${builds.length ? " nw-suggest" : ""}`);
    setLive(els.build, builds.length > 0, true);
    const buildTitle = !builds[0] ? `Not now: ${why.build || `needs ${wonder.stone_cost} stone`}` : selectionIsEmpty(ui.sel) ? builds[0].text : `Build ${wonder.name} paying with the selection (${selectionSummary(S.catalogue, v, ui.sel)}); you see what it pays before you confirm`;
    setAttr(els.build, "title", buildTitle);
  }
  setText(els.pass, passLabel);
  const pledge = pledgeOptions.length ? part("actions-pledge", sig(pledgeOptions), () => h("div", { class: "nw-options" }, h("span", { class: "nw-slot-label" }, "Pass and trade for food:"), optionButtons(S, act, pledgeOptions))) : null;
  const bonus = bonusPasses.length ? part("actions-bonus", sig(bonusPasses), () => h("div", { class: "nw-options" }, h("span", { class: "nw-slot-label" }, "Pass and take a passing bonus:"), optionButtons(S, act, bonusPasses))) : null;
  setChildren(frame, [help, selection, buttons, bonus, pledge]);
  return frame;
}
function endOfRoundControls(S, ui, act) {
  const v = S.view;
  const step = v.step;
  const ev = S.catalogue.events[v.event];
  const explain = {
    books: "Choose which book dice to use now. Dice kept back can be traded for food in the famine.",
    famine: `Pay ${ev.famine} food (dice, food chits, or two dice per food) to score ${ev.vp} VP, or pay nothing.`,
    war: `Pay ${ev.war} strength to score ${ev.vp} VP, or pay nothing. Unused strength also set the player order.`
  }[step];
  const type = { books: "books", famine: "feed", war: "fight" }[step];
  const entries = legalOf(S.legal, type);
  const useLabel = { books: "Use the selected books", famine: "Feed with the selection", war: "Fight with the selection" }[step];
  return h(
    "div",
    {},
    h("p", { class: "nw-help" }, explain),
    h("div", { class: "nw-options" }, h("span", { class: "nw-slot-label" }, "Options:"), optionButtons(S, act, entries)),
    selectionLine(S, ui, act),
    h(
      "div",
      { class: "nw-buttons" },
      h("button", {
        type: "button",
        class: "nw-btn nw-primary",
        dataset: { key: "use-selection" },
        disabled: selectionIsEmpty(ui.sel),
        onclick: () => act.move(selectionMove(step, ui.sel))
      }, useLabel),
      h("button", { type: "button", class: "nw-btn nw-ghost", dataset: { key: "hint" }, onclick: () => act.send({ kind: "bot_move" }) }, "Let a bot decide")
    )
  );
}
function gameOver(S, act) {
  const v = S.view;
  const ranking = v.ranking;
  const humans = S.seats.filter((who) => who === "human").length;
  const won = v.winner !== null && S.seats[v.winner] === "human" && humans === 1 && v.config.players > 1;
  return h(
    "div",
    { class: "nw-gameover" },
    h(
      "div",
      { class: `nw-result-banner${won ? " nw-you-won" : ""}`, role: "status" },
      h("p", { class: "nw-big" }, won ? `You win! ${v.prompt}` : v.prompt),
      h("button", { type: "button", class: "nw-btn nw-primary", dataset: { key: "play-again" }, title: "A new game with the same players and settings, and a new seed", onclick: () => act.playAgain() }, "Play again")
    ),
    seedLine(S),
    h("div", { class: "nw-table-scroll" }, h(
      "table",
      { class: "nw-score-table" },
      h("thead", {}, h("tr", {}, ["Player", "Books", "Famine", "War", "Buildings", "Advisor", "Colonies", "Wonders", "Total"].map((x) => h("th", { scope: "col" }, x)))),
      h("tbody", {}, ranking.map((seat) => {
        const b = v.breakdown[seat];
        return h(
          "tr",
          { class: v.winner === seat ? "nw-winner" : "" },
          h("th", { scope: "row" }, seatName2(seat)),
          [b.books, b.famine, b.war, b.buildings, b.advisor, b.colonies, b.wonders, v.projected[seat]].map((x) => h("td", {}, String(x)))
        );
      }))
    )),
    v.hall_of_fame ? h("p", {}, `Hall of Fame: ${v.hall_of_fame}`) : null
  );
}
function boardOrder(S) {
  const n = S.view.players.length;
  const seats = [];
  for (let seat = 0; seat < n; seat += 1) if (S.seats[seat] === "human") seats.push(seat);
  for (let seat = 0; seat < n; seat += 1) if (S.seats[seat] !== "human") seats.push(seat);
  return seats;
}
var Board = class {
  constructor(host) {
    this.host = host;
    this.ids = uid("nwb");
    this.parts = new Parts();
    this.dieRolls = /* @__PURE__ */ new Map();
    this.catalogue = null;
    this.root = null;
  }
  /** Forget everything drawn (the next render builds the table anew). */
  reset() {
    this.parts.clear();
    this.dieRolls.clear();
    this.root = null;
  }
  skeleton(act) {
    const main = h("div", { class: "nw-main" });
    this.left = h("div", { class: "nw-left" });
    this.right = h("div", { class: "nw-right" });
    this.players = h("div", { class: "nw-players" });
    this.log = act.panels.logPanel();
    this.playerEls = /* @__PURE__ */ new Map();
    main.append(this.left, this.right);
    this.main = main;
    this.root = h("div", { class: "nw-root" });
    this.host.replaceChildren(this.root);
  }
  playerEl(seat) {
    let el = this.playerEls.get(seat);
    if (!el) {
      el = h("section", {});
      this.playerEls.set(seat, el);
    }
    return el;
  }
  render(S, ui, act) {
    if (S.catalogue !== this.catalogue || !this.root || !this.root.isConnected || this.root.parentNode !== this.host) {
      this.reset();
      this.catalogue = S.catalogue;
    }
    setIdScope(this.ids);
    if (!this.root) this.skeleton(act);
    const v = S.view;
    const P = this.parts;
    const part = (key, signature, build) => P.part(key, signature, build);
    const me = actingSeat(S);
    const root = this.root;
    setAttr(root, "class", `nw-root${S.busy ? " nw-is-busy" : ""}`);
    setAttr(root, "data-step", v.step);
    setAttr(root, "data-game", S.history.game);
    const head = header(S, part, act);
    const notice = P.part("notice", sig(S.reconstructed), () => reconstructionNotice(S, ui, act));
    const canBuy = me !== null && v.step === "actions";
    const progress = P.part(`progress-${v.board.length}`, "", () => progressFrame(v.board.length));
    const { hint, grid } = refs2.get(progress);
    setText(hint, canBuy ? " — click a tile to buy it" : "");
    setChildren(grid, progressCells(S, ui, act, part));
    const cur = v.current;
    this.S = S;
    const actions = actionPanel(
      S,
      ui,
      act,
      part,
      () => this.S,
      sig(
        S.busy,
        me,
        v.step,
        cur,
        S.seats,
        S.legal,
        me !== null ? [ui.sel, ui.pendingBuy, ui.pendingReturn, v.players[me], v.give_back] : 0,
        ui.pendingReturn ? v.dice : 0,
        v.config.variant,
        v.event,
        v.step === "game_over" ? [v.prompt, v.ranking, v.projected, v.breakdown, v.winner, v.hall_of_fame, gameSeed(S)] : 0
      )
    );
    const rolling = new Set(ui.rollingDice || []);
    const boards = boardOrder(S).map((seat) => {
      const el = this.playerEl(seat);
      const live = me === seat;
      setAttr(el, "class", playerClass(S, seat, live));
      setAttr(el, "aria-label", playerLabel(S, seat));
      setChildren(el, playerParts(S, ui, act, seat, P, rolling, this.dieRolls));
      return el;
    });
    for (const seat of [...this.playerEls.keys()]) if (seat >= v.players.length) this.playerEls.delete(seat);
    setChildren(this.players, boards);
    const coach = act.panels.coachPanel(S, part);
    setChildren(this.left, [progress, actions, coach, this.players]);
    const event = P.part("event", sig(v.event), () => eventTile(S));
    const scores = scoreBoard(S, part);
    const history2 = act.panels.historyPanel(S, part);
    const game = act.panels.gamePanel(S, part);
    this.log.update();
    setChildren(this.right, [event, scores, history2, this.log.el, game]);
    const summary = v.round_summary && ui.dismissedRound !== roundKey(S, v.round_summary.round) && !S.viewingHistory ? P.part("round-summary", sig(v.round_summary), () => roundSummary(S, act)) : null;
    const overlay = act.panels.helpOverlay(part) || summary;
    setChildren(root, [head, notice, this.main, overlay]);
    P.sweep();
    setAttr(root, "data-position", v.position);
  }
};

// src/dice/view.js
var newGame = {
  defaults(S) {
    return {
      variant: S.settings.variant || "original",
      automate: S.settings.automate !== false,
      solo_tougher: Boolean(S.settings.solo_tougher),
      unrest: Boolean(S.settings.unrest)
    };
  },
  signature(S, f) {
    return [f.variant, f.automate, f.solo_tougher, f.unrest, Boolean(S.catalogue && S.catalogue.unrest)];
  },
  fields(S, f, set) {
    const idv = sid("form-variant");
    const unrest = S.catalogue && S.catalogue.unrest;
    return [
      h(
        "label",
        { class: "nw-field", for: idv },
        h("span", {}, "Variant"),
        h(
          "select",
          { id: idv, dataset: { key: "form-variant" }, onchange: (e) => set({ variant: e.target.value }) },
          h("option", { value: "original", selected: f.variant === "original" }, "Original"),
          h("option", { value: "accelerated", selected: f.variant === "accelerated" }, "Accelerated")
        )
      ),
      h(
        "label",
        { class: "nw-field nw-check" },
        h("input", { type: "checkbox", checked: f.automate, dataset: { key: "form-automate" }, onchange: (e) => set({ automate: e.target.checked }) }),
        h("span", {}, "Automate obvious books/famine/war decisions")
      ),
      f.players === 1 ? h(
        "label",
        { class: "nw-field nw-check" },
        h("input", { type: "checkbox", checked: f.solo_tougher, dataset: { key: "form-tougher" }, onchange: (e) => set({ solo_tougher: e.target.checked }) }),
        h("span", {}, "Solo: tougher (reroll the opponent's 4s)")
      ) : null,
      unrest ? h(
        "label",
        { class: "nw-field nw-check" },
        h("input", { type: "checkbox", checked: f.unrest, dataset: { key: "form-unrest" }, onchange: (e) => set({ unrest: e.target.checked }) }),
        h("span", { title: unrest.notice }, "Unrest" + (unrest.reconstructed ? " (expansion; reconstructed components)" : " (expansion)"))
      ) : null
    ];
  },
  settings(f) {
    return {
      variant: f.variant,
      automate: f.automate,
      solo_tougher: f.players === 1 ? f.solo_tougher : false,
      unrest: Boolean(f.unrest)
    };
  }
};
function createView(root, shell) {
  const ui = {
    sel: emptySelection(),
    pendingBuy: null,
    // a building's replacement chosen, the dice to give back not yet confirmed:
    // {replaces, move, ask, answer, dice}: the buy, the number of the preview that asks
    // Python which dice go back, Python's answer (null while it is on its way), and the
    // dice chosen (null while the engine's default stands)
    pendingReturn: null,
    rollingDice: [],
    animatedPos: null,
    selKey: null,
    dismissedRound: null
  };
  const board = new Board(root);
  const state = shell.state;
  const draw = shell.drawNow;
  function pendingReturnMove() {
    const S = state();
    const r = ui.pendingReturn;
    if (!ui.pendingBuy || !r) return null;
    return { move: { ...r.move }, choice: returnedDiceChoice(S.view, r.move, r.answer) };
  }
  function settleReturn(S) {
    const r = ui.pendingReturn;
    if (!r || r.answer) return;
    const pv = shell.previewAnswer(S, r.ask);
    if (pv && pv.give_back) {
      r.answer = pv.give_back;
      if (!r.answer.matters) {
        ui.pendingBuy = null;
        ui.pendingReturn = null;
        queueMicrotask(() => act.commit(r.move));
      }
    } else if (S.error) {
      ui.pendingReturn = null;
    }
  }
  const act = {
    panels: shell.panels,
    send: shell.send,
    pickFile: shell.pickFile,
    playAgain: shell.playAgain,
    previewShown: shell.previewShown,
    pendingMove: shell.pendingMove,
    move: shell.play,
    /** An irreversible purchase or build: first its preview (Python's), unless turned off. */
    commit(move) {
      if (!move) return;
      shell.commit(move, { preview: move.type === "buy" || move.type === "build" });
    },
    clickTile(tileId) {
      const S = state();
      const tile = S.catalogue.tiles[tileId];
      if (!tile) return;
      ui.pendingReturn = null;
      if (tile.kind === "building" || tile.kind === "advisor" && usedRerollsChoice(S.view)) {
        ui.pendingBuy = ui.pendingBuy === tileId ? null : tileId;
        draw();
        return;
      }
      ui.pendingBuy = null;
      act.commit(buyMove(S.catalogue, S.legal, ui.sel, tileId));
    },
    chooseReplace(buildingId) {
      const S = state();
      if (!ui.pendingBuy) return;
      const move = buyMove(S.catalogue, S.legal, ui.sel, ui.pendingBuy, buildingId);
      if (givesDiceBack(S.view, buildingId)) {
        ui.pendingReturn = { replaces: buildingId, move, ask: shell.askPreview(move), answer: null, dice: null };
        draw();
        return;
      }
      ui.pendingBuy = null;
      act.commit(move);
      draw();
    },
    toggleReturned(d) {
      const pending = pendingReturnMove();
      if (!pending || !pending.choice) return;
      const { choice } = pending;
      const chosen = ui.pendingReturn.dice ?? choice.dflt;
      ui.pendingReturn = { ...ui.pendingReturn, dice: toggleReturned(chosen, d, choice.count) };
      draw();
    },
    defaultReturned() {
      if (!ui.pendingReturn) return;
      ui.pendingReturn = { ...ui.pendingReturn, dice: null };
      draw();
    },
    confirmReturn() {
      const pending = pendingReturnMove();
      if (!pending) return;
      const { move, choice } = pending;
      if (!choice) return;
      const dice = ui.pendingReturn.dice ?? choice.dflt;
      if (dice.length !== choice.count) {
        shell.note(`Choose ${choice.count} ${choice.colour} ${choice.count === 1 ? "die" : "dice"} to give back.`);
        return;
      }
      move.returned_dice = [...dice].sort((a, b) => a - b);
      ui.pendingBuy = null;
      ui.pendingReturn = null;
      act.commit(move);
      draw();
    },
    chooseUsedRerolls(k) {
      const S = state();
      if (!ui.pendingBuy || S.catalogue.tiles[ui.pendingBuy]?.kind !== "advisor") return;
      const move = buyMove(S.catalogue, S.legal, ui.sel, ui.pendingBuy);
      move.returned_used_rerolls = k;
      ui.pendingBuy = null;
      act.commit(move);
      draw();
    },
    cancelBuy() {
      ui.pendingBuy = null;
      ui.pendingReturn = null;
      shell.clearRefusal();
      draw();
    },
    toggleDie(d) {
      ui.sel = toggleDie(ui.sel, d);
      draw();
    },
    pairTrade() {
      ui.sel = pairForTrade(ui.sel);
      draw();
    },
    cycleChit(kind, available) {
      ui.sel = cycleChit(ui.sel, kind, available);
      draw();
    },
    clearSelection() {
      ui.sel = emptySelection();
      shell.clearRefusal();
      draw();
    },
    reroll(star = false) {
      if (selectionIsEmpty(ui.sel) || !(ui.sel.dice.length || ui.sel.trades.length)) {
        shell.note("Select the dice to reroll first (click them), then press Reroll.");
        return;
      }
      act.move(rerollMove(ui.sel, star));
    },
    dismissRound() {
      const r = state().view.round_summary;
      if (r) ui.dismissedRound = roundKey(state(), r.round);
      draw();
    }
  };
  const summaryOpen = (S) => {
    const summary = S.view.round_summary;
    return Boolean(summary && ui.dismissedRound !== roundKey(S, summary.round) && !S.viewingHistory);
  };
  return {
    ui,
    act,
    traits: ["catalogue", "reconstructed"],
    decisionPanel: ".nw-actions",
    shortcuts: SHORTCUTS,
    previewWords: {
      label: "Preview purchases",
      title: "Show what a purchase or build will do, with Confirm and Cancel, before it is made"
    },
    newGame,
    ready: (S) => Boolean(S.view && S.view.dice && S.catalogue && S.catalogue.tiles),
    reset: () => board.reset(),
    turnKey: (S) => `${S.view.position}:${S.view.current}:${S.view.step}`,
    newGameStarted() {
      ui.animatedPos = null;
    },
    draw(S) {
      const v = S.view;
      const key = `${v.position}:${v.current}:${v.step}`;
      if (key !== ui.selKey) {
        ui.selKey = key;
        ui.sel = emptySelection();
        ui.pendingBuy = null;
        ui.pendingReturn = null;
      } else {
        ui.sel = pruneSelection(v, S.humanTurn ? v.current : null, ui.sel);
      }
      if (v.position !== ui.animatedPos) {
        const forward = ui.animatedPos === null || v.position === ui.animatedPos + 1;
        ui.rollingDice = forward ? v.rolled || [] : [];
        ui.animatedPos = v.position;
      } else {
        ui.rollingDice = [];
      }
      settleReturn(S);
      board.render(S, ui, act);
    },
    /** Any key closes the end-of-round panel. */
    keyFirst(e, S) {
      if (!summaryOpen(S) || ["Shift", "Control", "Alt", "Meta", "Tab"].includes(e.key)) return false;
      act.dismissRound();
      return true;
    },
    escape() {
      if (ui.pendingBuy) {
        ui.pendingBuy = null;
        ui.pendingReturn = null;
        shell.clearRefusal();
        return true;
      }
      if (!selectionIsEmpty(ui.sel)) {
        ui.sel = emptySelection();
        shell.clearRefusal();
        return true;
      }
      return false;
    },
    onKey(e, S) {
      const v = S.view;
      const me = S.acting;
      const acting = me !== null && v.step === "actions" && !ui.pendingBuy;
      const key = e.key;
      const t = e.target;
      if ((key === "p" || key === "P") && acting) {
        act.move(passMove(ui.sel, v.config.variant));
      } else if ((key === "r" || key === "R") && acting) {
        act.reroll();
      } else if (/^[1-9]$/.test(key) && me !== null) {
        const d = diceOf(v, me).unused[Number(key) - 1];
        if (d !== void 0) act.toggleDie(d);
      } else if (key.startsWith("Arrow") && t && t.closest && t.closest(".nw-progress")) {
        const tiles = [...root.querySelectorAll(".nw-progress .nw-board-grid > .nw-tile")];
        const i = tiles.indexOf(t.closest(".nw-tile"));
        const cols = v.board.length;
        const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -cols, ArrowDown: cols }[key];
        const next = tiles[i + step];
        if (i < 0 || !next || typeof next.focus !== "function") return false;
        if (!next.hasAttribute("tabindex") && next.tagName !== "BUTTON") next.setAttribute("tabindex", "0");
        next.focus();
      } else {
        return false;
      }
      return true;
    }
  };
}

// src/dice/index.js
var createController2 = (ctx) => createController(ctx, createView);
var dice_default = makeWidget(createView);
export {
  createController2 as createController,
  dice_default as default
};
