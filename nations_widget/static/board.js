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
    const newGame = part("header-newgame", "", () => h("button", {
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
    return [newGame, help];
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
    const tip = tipOf(e.target);
    if (tip && tip.classList.contains(TIP_OFF) && !(e.relatedTarget && tip.contains(e.relatedTarget))) tip.classList.remove(TIP_OFF);
  }
  function onTipOut(e) {
    if (e.pointerType && e.pointerType !== "mouse") return;
    const tip = tipOf(e.target);
    if (tip && !(e.relatedTarget && tip.contains(e.relatedTarget))) tip.classList.add(TIP_OFF);
  }
  function onTipClick(e) {
    const tip = tipOf(e.target);
    if (tip && tip.getAttribute("aria-disabled") !== "true") tip.classList.add(TIP_OFF);
  }
  function closeTips(key) {
    if (key !== "Escape") return;
    for (const tip of el.querySelectorAll(".nw-has-tip")) {
      if (tip.contains(el.ownerDocument.activeElement) || tip.matches(":hover")) tip.classList.add(TIP_OFF);
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

// src/board/logic.js
var GOODS = ["gold", "stone", "food", "books"];
var FIGURE_LABEL = {
  gold: "gold",
  stone: "stone",
  food: "food",
  books: "books",
  vp: "VP",
  strength: "strength",
  stability: "stability",
  workers: "workers"
};
var TYPE_LABEL = {
  building: "Building",
  military: "Military",
  advisor: "Advisor",
  colony: "Colony",
  wonder: "Wonder",
  war: "War",
  battle: "Battle",
  "golden age": "Golden age",
  special: "Nation's rule"
};
var ROMAN = ["", "I", "II", "III", "IV"];
var roman = (age) => ROMAN[age] || "";
var seatName2 = (seat) => `Player ${seat + 1}`;
var typeSlug = (type) => String(type || "").replace(/\s+/g, "-");
var signed = (n) => n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
var num = (n) => typeof n === "number" && n < 0 ? `−${-n}` : String(n);
function placeMoves(legal) {
  const out = { pass: null, options: [], buy: /* @__PURE__ */ new Map(), special: /* @__PURE__ */ new Map(), hire: null, deploy: /* @__PURE__ */ new Map(), undeploy: /* @__PURE__ */ new Map() };
  for (const entry of legal || []) {
    const g = entry.group || entry.move.type;
    if (g === "pass") out.pass = entry;
    else if (g === "grow" || g === "choose") out.options.push(entry);
    else if (g === "buy") out.buy.set(entry.card, entry);
    else if (g === "special") out.special.set(entry.card, entry);
    else if (g === "hire") out.hire = entry;
    else if (g === "deploy" || g === "undeploy") {
      const at = out[g];
      if (!at.has(entry.slot)) at.set(entry.slot, []);
      at.get(entry.slot).push(entry);
    }
  }
  return out;
}
function slotButtonText(entry, slotNames) {
  if (entry.group === "deploy") {
    if (entry.source === "idle") return `+ worker · ${entry.cost} stone`;
    return `+ from ${slotNames[Number(entry.source)] || `slot ${entry.source}`} · ${entry.cost} stone`;
  }
  return `− ${entry.count} worker${entry.count > 1 ? "s" : ""}`;
}
function boardOrder(view) {
  const me = view.viewer;
  const order = view.scoring.order.slice();
  if (me === null || me === void 0) return order;
  return [me, ...order.filter((s) => s !== me)];
}
function perSeat(value, players, fallback) {
  if (Array.isArray(value)) {
    const out = value.slice(0, players);
    while (out.length < players) out.push(fallback);
    return out;
  }
  return Array.from({ length: players }, () => value || fallback);
}
function nthOption(legal, n) {
  const opts = placeMoves(legal).options;
  return n >= 1 && n <= opts.length ? opts[n - 1] : null;
}
function choicesLine(moves) {
  const slots = (map) => [...map.values()].filter((list) => list.length).length;
  const n = (k, one, many) => `${k} ${k === 1 ? one : many}`;
  const parts = [];
  if (moves.buy.size) parts.push(`buy ${n(moves.buy.size, "card", "cards")}`);
  if (slots(moves.deploy)) parts.push(`add workers on ${n(slots(moves.deploy), "card", "cards")}`);
  if (slots(moves.undeploy)) parts.push(`take workers off ${n(slots(moves.undeploy), "card", "cards")}`);
  if (moves.hire) parts.push("hire an architect");
  if (moves.special.size) parts.push(`use ${n(moves.special.size, "card's action", "cards' actions")}`);
  if (!parts.length) return "";
  const last = parts.pop();
  return `You can ${parts.length ? `${parts.join(", ")} or ${last}` : last}.`;
}
function pendingCards(move, nation) {
  const out = /* @__PURE__ */ new Set();
  if (!move) return out;
  if (move.card) out.add(move.card);
  const slotCard = (i) => {
    const slot = nation && nation.slots.find((s) => s.slot === Number(i));
    if (slot && slot.card) out.add(slot.card);
  };
  if (move.slot !== void 0 && move.slot !== null) slotCard(move.slot);
  if (move.source !== void 0 && move.source !== null && /^\d+$/.test(String(move.source))) slotCard(move.source);
  if (move.type === "hire" && nation && nation.wonder) out.add(nation.wonder.card);
  const slotOption = move.type === "choose" && /^slot (\d+)\b/.exec(String(move.option || ""));
  if (slotOption) slotCard(slotOption[1]);
  return out;
}

// src/board/view.js
var FIGURE_ICON = { gold: "gold", stone: "stone", food: "food", books: "book", vp: "vp", strength: "strength" };
var FIGURE_ORDER = ["gold", "stone", "food", "books", "strength", "stability", "vp", "workers"];
var SHORTCUTS = [
  ["P", "pass (after its preview)"],
  ["1 – 9", "the n-th answer of the question asked (growth, a choice)"],
  ["← ↑ → ↓", "move across the progress board's cards"],
  ["I", "show the details of the card that has the focus"],
  ["B", "buy the card that has the focus (after its preview)"],
  ["F", "fold or unfold the other nations' boards"],
  ["S", "show the last round's summary again"],
  ["Enter / Escape", "confirm / cancel a move's preview; Escape also closes the card details"]
];
function shown(v) {
  return v !== null && v !== void 0;
}
function createView(root, shell) {
  const { h: h2, Parts: Parts2, memo: memo2, modal: modal2, setChildren: setChildren2, setAttr: setAttr2, sig: sig2 } = shell.dom;
  const P = new Parts2();
  const part = (key, signature, build) => P.part(key, signature, build);
  const ui = {
    detail: null,
    // the card id shown in the detail panel
    unfolded: /* @__PURE__ */ new Set(),
    // other nations' boards shown in full
    dismissed: null,
    // the round whose summary was closed, with the game's number (roundKey)
    summaryOpen: false
    // reopened with S
  };
  let frame = null;
  let els = null;
  let last = null;
  let pending = /* @__PURE__ */ new Set();
  const act = {
    commit(entry) {
      ui.detail = null;
      shell.commit(entry.move, { preview: true });
    },
    detail(id) {
      ui.detail = ui.detail === id ? null : id;
      shell.redraw();
    },
    closeDetail() {
      ui.detail = null;
      shell.redraw();
    },
    toggleFold(seat) {
      if (ui.unfolded.has(seat)) ui.unfolded.delete(seat);
      else ui.unfolded.add(seat);
      shell.redraw();
    },
    foldAll(S) {
      const others = S.view.nations.map((n) => n.seat).filter((s) => s !== S.view.viewer);
      const anyFolded = others.some((s) => !ui.unfolded.has(s));
      ui.unfolded = new Set(anyFolded ? others : []);
      shell.redraw();
    },
    closeSummary(round) {
      ui.dismissed = roundKey(last, round);
      ui.summaryOpen = false;
      shell.redraw();
    },
    openSummary() {
      ui.summaryOpen = true;
      shell.redraw();
    }
  };
  function skeleton() {
    els = {
      head: h2("header", { class: "nwb-head" }),
      turn: h2("div", { class: "nwb-turn" }),
      left: h2("div", { class: "nwb-left" }),
      right: h2("div", { class: "nwb-right" }),
      others: h2("div", { class: "nwb-others", "aria-label": "The other nations" })
    };
    els.main = h2("div", { class: "nwb-main" });
    frame = h2("div", { class: "nwb-root nw-root" });
    root.replaceChildren(frame);
  }
  function chip(key, n, text = signed(n)) {
    const word = key === "books" && Math.abs(n) === 1 ? "book" : FIGURE_LABEL[key] || key;
    const iconName = FIGURE_ICON[key];
    return h2(
      "span",
      { class: `nwb-chip nwb-chip-${key}${iconName ? ` ${iconClass(iconName, 14)}` : ""}`, title: `${text} ${word}` },
      text,
      h2("span", { class: iconName ? "nwb-sr" : "nwb-chip-word" }, ` ${word}`)
    );
  }
  function chips(figs) {
    return Object.entries(figs || {}).filter(([, n]) => n).sort(([a], [b]) => FIGURE_ORDER.indexOf(a) - FIGURE_ORDER.indexOf(b)).map(([k, n]) => chip(k, n));
  }
  function fig(label, ...content) {
    return h2("div", { class: "nwb-fig" }, label ? h2("span", { class: "nwb-k" }, `${label} `) : null, ...content);
  }
  function cardFigures(card) {
    const out = [];
    if (card.per_worker) out.push(fig("per worker", chips(card.per_worker)));
    if (shown(card.deploy)) out.push(fig("deploy", chip("stone", card.deploy, String(card.deploy))));
    if (card.produces) out.push(fig("in play", chips(card.produces)));
    if (card.requirement) out.push(fig("needs", chip("strength", card.requirement, String(card.requirement))));
    if (card.stages) out.push(fig("sections", chip("stone", 0, card.stages.join(" / "))));
    if (card.war_loss) {
      out.push(fig("defeat", Object.entries(card.war_loss).map(([k, n]) => chip(k, -n)), chip("vp", -1)));
    }
    if (card.type === "battle") out.push(h2("div", { class: "nwb-fig nwb-fig-text" }, h2("span", { class: "nwb-k" }, "take "), "your raid in food, stone or books"));
    if (card.golden_age) out.push(fig("", chip(card.golden_age, 2, "2"), " or ", chip("vp", 1, "1")));
    if (card.raid) out.push(fig("raid", String(card.raid)));
    if (card.architects) out.push(h2("div", { class: "nwb-fig nwb-fig-text" }, `${card.architects} private architect${card.architects > 1 ? "s" : ""}`));
    if (card.effect) out.push(h2("div", { class: "nwb-fig nwb-more" }, "+ effect (details)"));
    return out;
  }
  let cardsSeen = null;
  let cardsRev = 0;
  function catalogue(S) {
    if (S.cards !== cardsSeen) {
      cardsSeen = S.cards;
      cardsRev += 1;
    }
    return cardsRev;
  }
  function tableCard(S, place, id, opts, acts) {
    const key = `card-${place}-${id}`;
    const signature = sig2(id, opts.workers, opts.max, Boolean(opts.recent), ui.detail === id, pending.has(id), catalogue(S), acts, opts.why || null);
    return memo2(key, signature, () => cardEl(S, id, { ...opts, face: key, buttons: opts.buttons ? opts.buttons() : [] }));
  }
  function cardEl(S, id, opts = {}) {
    const card = (S.cards || {})[id] || { id, name: id, type: "" };
    const type = card.type;
    const faceSig = opts.face ? sig2(id, catalogue(S)) : null;
    const face = (name, build) => opts.face ? memo2(`${opts.face}-${name}`, faceSig, build) : build();
    const workers = shown(opts.workers) ? h2(
      "div",
      { class: "nwb-workers", "aria-label": `${opts.workers} worker${opts.workers === 1 ? "" : "s"} on it` },
      opts.workers ? "●".repeat(opts.workers) : h2("span", { class: "nwb-dim" }, "no worker"),
      opts.max ? h2("span", { class: "nwb-dim" }, ` (max ${opts.max})`) : null
    ) : null;
    return h2(
      "article",
      {
        class: `nwb-card nwb-t-${typeSlug(type)}${opts.recent ? " nwb-recent" : ""}${ui.detail === id ? " nwb-selected" : ""}${pending.has(id) ? " nwb-pending" : ""}`,
        dataset: { key: `card-${id}`, card: id }
      },
      // the type's band across the top, then the name
      face("type", () => h2(
        "div",
        { class: "nwb-card-type" },
        TYPE_LABEL[type] || type,
        card.vp ? h2("span", { class: `nwb-vp ${iconClass("vp", 14)}`, title: `${card.vp} VP at the end` }, String(card.vp), h2("span", { class: "nwb-sr" }, " VP")) : null
      )),
      face("head", () => h2(
        "header",
        { class: "nwb-card-head" },
        h2("button", { type: "button", class: "nwb-card-name", dataset: { key: `name-${id}` }, "aria-label": `${card.name}, ${TYPE_LABEL[type] || type}${card.age ? `, age ${card.age}` : ""}: show its details`, onclick: () => act.detail(id) }, card.name),
        card.age ? h2("span", { class: "nwb-age", title: `age ${card.age}` }, roman(card.age)) : null
      )),
      face("body", () => h2("div", { class: "nwb-card-body" }, cardFigures(card))),
      workers,
      // why the acting player cannot buy it (Python's words: the view never decides)
      opts.why ? h2("p", { class: "nwb-why", dataset: { key: `why-${id}` } }, opts.why) : null,
      opts.buttons && opts.buttons.length ? h2("div", { class: "nwb-card-acts" }, opts.buttons) : null
    );
  }
  function moveButton(entry, text, extra = "") {
    return h2("button", {
      type: "button",
      class: `nw-btn nwb-act${extra}`,
      title: entry.text,
      "aria-label": entry.text,
      dataset: { key: `move-${entry.key || JSON.stringify(entry.move)}` },
      onclick: () => act.commit(entry)
    }, text);
  }
  function header(S) {
    const v = S.view;
    return h2(
      "div",
      { class: "nwb-head-text" },
      h2("h2", { class: "nwb-title" }, S.info && S.info.title || "Nations"),
      h2("span", { class: "nwb-when" }, v.over ? "Game over" : `Round ${v.round} of ${v.rounds} · ${v.age_name} · ${v.step_label}`)
    );
  }
  function promptPanel(S, moves) {
    const v = S.view;
    const live = S.acting !== null && S.acting !== void 0;
    const opts = live ? moves.options : [];
    const can = live && !opts.length ? choicesLine(moves) : "";
    return h2(
      "section",
      { class: `nw-panel nwb-prompt${live ? " nwb-live" : ""}${v.over ? " nwb-over" : ""}`, "aria-live": "polite", dataset: { key: "prompt" } },
      h2("p", { class: "nwb-ask" }, v.prompt),
      // the card the question is about (a building to place, a battle's loot, a golden age)
      v.decision_card && S.cards && S.cards[v.decision_card] ? h2("div", { class: "nwb-ask-card", dataset: { key: "decision-card" } }, cardEl(S, v.decision_card, {})) : null,
      can ? h2("p", { class: "nwb-can", dataset: { key: "can" } }, can, h2("span", { class: "nwb-dim" }, " Each shows what it changes before you confirm.")) : null,
      v.final ? finalTable(S) : null,
      // the seed, for sharing: Python sends it once the game is over (never before: it
      // tells the order of the decks)
      v.final ? seedLine(S) : null,
      // the same players and settings, a new seed (the shell's intent, as the dice game's)
      v.final ? h2(
        "div",
        { class: "nwb-again" },
        h2("button", { type: "button", class: "nw-btn nw-primary", dataset: { key: "play-again" }, title: "A new game with the same players and settings, and a new seed", onclick: () => shell.playAgain() }, "Play again")
      ) : null,
      opts.length ? h2(
        "div",
        { class: "nwb-options", role: "group", "aria-label": "Answers" },
        opts.map((e, i) => moveButton(e, `${i < 9 ? `${i + 1}. ` : ""}${e.text}`, " nwb-option"))
      ) : null,
      live && moves.pass ? h2("div", { class: "nwb-pass" }, moveButton(moves.pass, "Pass", " nwb-pass-btn")) : null,
      v.round_summary && !S.viewingHistory ? h2("button", { type: "button", class: "nw-btn nwb-link", dataset: { key: "open-summary" }, onclick: () => act.openSummary() }, `Round ${v.round_summary.round} summary`) : null
    );
  }
  function previewPanel(S) {
    const pending2 = shell.pendingMove && shell.pendingMove();
    if (!pending2) return null;
    const p = shell.previewShown ? shell.previewShown(S) : null;
    const rows = p && p.rows ? p.rows : [];
    return part("preview", sig2(pending2, p), () => h2(
      "section",
      { class: "nw-panel nwb-preview", role: "dialog", "aria-label": "What this move changes", dataset: { key: "preview" } },
      h2("h3", {}, p && p.text ? p.text : "What this move changes"),
      !p ? h2("p", { class: "nwb-dim" }, "Working out what it changes…") : null,
      rows.length ? h2(
        "table",
        { class: "nwb-changes" },
        h2("thead", {}, h2("tr", {}, h2("th", { scope: "col" }, ""), h2("th", { scope: "col" }, "now"), h2("th", { scope: "col" }, "after"))),
        h2("tbody", {}, rows.map((r) => h2(
          "tr",
          { class: r.after > r.before ? "nwb-up" : "nwb-down" },
          h2("th", { scope: "row" }, FIGURE_LABEL[r.name] || r.name),
          h2("td", {}, num(r.before)),
          h2("td", {}, `${num(r.after)} (${signed(r.after - r.before)})`)
        )))
      ) : p ? h2("p", { class: "nwb-dim" }, "No resource, track or VP changes at once.") : null,
      p && p.lines && p.lines.length ? h2("ul", { class: "nwb-lines" }, p.lines.map((t) => h2("li", {}, t))) : null,
      p && p.then ? h2("p", { class: "nwb-then" }, `Then: ${p.then}`) : null,
      p && p.warning ? h2("p", { class: "nwb-warn" }, p.warning) : null,
      h2(
        "div",
        { class: "nwb-confirm" },
        h2("button", { type: "button", class: "nw-btn nw-primary", dataset: { key: "preview-confirm" }, onclick: () => shell.confirmPreview() }, "Confirm (Enter)"),
        h2("button", { type: "button", class: "nw-btn", dataset: { key: "preview-cancel" }, onclick: () => shell.cancelPreview() }, "Cancel (Esc)")
      )
    ));
  }
  function recentPanel(S) {
    const r = S.view.recent;
    if (!r || !r.moves.length) return null;
    return part("recent", sig2(r), () => h2(
      "section",
      { class: "nw-panel nwb-recent-moves", "aria-label": "The other players' last moves", dataset: { key: "recent" } },
      h2("h3", {}, r.moves.length > 1 ? "Since your last move" : "Last move"),
      h2("ol", {}, r.moves.map((m) => h2("li", { class: `nwb-seat-${m.seat}` }, m.text)))
    ));
  }
  function detailPanel(S, moves) {
    const id = ui.detail;
    const card = id && (S.cards || {})[id];
    if (!card) return null;
    const related = [moves.buy.get(id), moves.special.get(id), moves.hire && moves.hire.card === id ? moves.hire : null].filter(Boolean);
    return part("detail", sig2(card, related, S.acting), () => modal2(
      { key: "detail", label: `${card.name}: details`, onClose: () => act.closeDetail(), inner: `nwb-detail nwb-t-${typeSlug(card.type)}` },
      h2(
        "header",
        { class: "nwb-detail-head" },
        h2("h3", {}, card.name),
        h2("button", { type: "button", class: "nw-btn nwb-close", "aria-label": "Close the card details", dataset: { key: "detail-close" }, onclick: () => act.closeDetail() }, "×")
      ),
      h2("p", { class: "nwb-detail-kind" }, [TYPE_LABEL[card.type] || card.type, card.age ? `age ${roman(card.age)}` : "printed on the nation's board", card.set && card.set !== "printed" ? `${card.set} cards` : null].filter(Boolean).join(" · ")),
      card.text ? h2("p", { class: "nwb-detail-text" }, card.text) : null,
      card.lines ? h2("ul", { class: "nwb-detail-lines" }, card.lines.map((t) => h2("li", {}, t))) : null,
      h2(
        "div",
        { class: "nwb-detail-figs" },
        cardFigures(card).filter((el) => !el.classList.contains("nwb-more")),
        card.vp ? h2("div", { class: "nwb-fig" }, `${card.vp} VP at the end`) : null,
        card.worker_vp ? h2("div", { class: "nwb-fig" }, `workers score ${card.worker_vp.join(" + ")} VP`) : null,
        card.max_workers ? h2("div", { class: "nwb-fig" }, `at most ${card.max_workers} workers`) : null
      ),
      related.length ? h2("div", { class: "nwb-card-acts" }, related.map((e) => moveButton(e, e.text, { buy: " nwb-buy", hire: " nwb-hire" }[e.group] || ""))) : null,
      h2(
        "div",
        { class: "nwb-confirm" },
        h2("button", { type: "button", class: "nw-btn nw-primary", dataset: { key: "detail-done" }, onclick: () => act.closeDetail() }, "Close")
      )
    ));
  }
  function progressPanel(S, moves) {
    const v = S.view;
    const pr = v.progress;
    const recent = new Set(v.recent ? v.recent.cards : []);
    const buys = [...moves.buy.values()];
    const live = shown(S.acting);
    return part("progress", sig2(pr, buys, live, [...recent], ui.detail, [...pending], S.cards ? Object.keys(S.cards).length : 0), () => h2(
      "section",
      { class: "nw-panel nwb-progress", "aria-label": "Progress board", dataset: { key: "progress" } },
      h2("h3", { class: "nwb-progress-head" }, h2("span", {}, "Progress board"), h2("span", { class: "nwb-sub" }, `${pr.deck} card${pr.deck === 1 ? "" : "s"} left in this age's deck`)),
      pr.rows.map((row, r) => h2(
        "div",
        { class: "nwb-row", role: "group", "aria-label": `Row ${r + 1}: ${row.price} gold each`, dataset: { key: `row-${r}` } },
        h2("div", { class: "nwb-row-price", "aria-hidden": "true" }, h2("b", { class: iconClass("gold", 17) }, String(row.price)), " gold"),
        h2(
          "div",
          { class: "nwb-row-cards", style: `--cols: ${pr.columns}` },
          row.cards.map((id, c) => id ? tableCard(S, "progress", id, {
            recent: recent.has(id),
            why: live && !moves.buy.has(id) && pr.why ? pr.why[id] || null : null,
            buttons: () => moves.buy.has(id) ? [moveButton(moves.buy.get(id), `Buy · ${moves.buy.get(id).price} gold`, " nwb-buy")] : []
          }, moves.buy.get(id) || null) : h2("div", { class: "nwb-empty", dataset: { key: `empty-${r}-${c}` } }, "taken"))
        )
      ))
    ));
  }
  function stat(label, value, extra = "", iconName = null) {
    return h2(
      "span",
      { class: `nwb-stat${extra}`, title: `${label}: ${num(value)}` },
      h2("span", { class: iconName ? "nwb-k nwb-sr" : "nwb-k" }, label),
      h2("b", iconName ? { class: iconClass(iconName, 16) } : {}, num(value))
    );
  }
  function populationTrack(n) {
    const pop = n.population;
    const section = (name, sec) => h2(
      "div",
      { class: `nwb-pop-sec nwb-pop-${name}`, "aria-label": `${name} section: ${sec.size - sec.taken} of ${sec.size} workers left; each taken costs ${sec.upkeep} ${name}` },
      h2("span", { class: "nwb-k" }, `${name} (−${sec.upkeep} each)`),
      h2(
        "span",
        { class: "nwb-pop-boxes", "aria-hidden": "true" },
        Array.from({ length: sec.size }, (_, i) => h2("span", { class: i < sec.size - sec.taken ? "nwb-box nwb-full" : "nwb-box" }, i < sec.size - sec.taken ? "●" : "·"))
      )
    );
    return h2(
      "div",
      { class: "nwb-pop" },
      section("food", pop.food),
      section("stability", pop.stability),
      pop.on_top ? h2("span", { class: "nwb-dim" }, `${pop.on_top} on top of the track`) : null,
      pop.hidden ? h2("span", { class: "nwb-dim" }, `${pop.hidden} without upkeep (easier game)`) : null
    );
  }
  function nationBoard(S, n, moves, live, recent) {
    const cards = S.cards || {};
    const slotNames = n.slots.map((s) => s.card && cards[s.card] ? cards[s.card].name : "empty");
    const badges = [
      n.passed ? h2("span", { class: "nwb-badge" }, n.first_to_pass ? "passed first" : "passed") : null,
      n.revolt ? h2("span", { class: "nwb-badge nwb-bad" }, "in revolt") : null,
      n.defeated ? h2("span", { class: "nwb-badge nwb-bad" }, "defeated in the war") : null,
      S.view.current === n.seat ? h2("span", { class: "nwb-badge nwb-now" }, "to play") : null
    ];
    const prod = chips(Object.fromEntries(GOODS.map((k) => [k, n.production[k]])));
    const slots = n.slots.map((s) => {
      if (!s.card) return h2("div", { class: "nwb-empty", dataset: { key: `slot-${s.slot}` } }, `empty slot ${s.slot + 1}`);
      const entries = live ? [...moves.deploy.get(s.slot) || [], ...moves.undeploy.get(s.slot) || []] : [];
      const special = live && moves.special.get(s.card);
      const common = entries.filter((e) => e.group === "deploy" ? e.source === "idle" : e.count === 1);
      const more = entries.filter((e) => !common.includes(e));
      const texts = entries.map((e) => slotButtonText(e, slotNames));
      return tableCard(S, `slot-${n.seat}-${s.slot}`, s.card, {
        workers: s.workers,
        max: s.max,
        recent: recent.has(s.card),
        buttons: () => [
          ...common.map((e) => moveButton(e, slotButtonText(e, slotNames))),
          more.length ? h2(
            "details",
            { class: "nwb-more-moves", dataset: { key: `more-${n.seat}-${s.slot}` } },
            h2("summary", {}, `More moves (${more.length})`),
            h2("div", { class: "nwb-card-acts" }, more.map((e) => moveButton(e, slotButtonText(e, slotNames))))
          ) : null,
          special ? moveButton(special, "Use its action") : null
        ].filter(Boolean)
      }, [entries, texts, special || null]);
    });
    const liveCard = (id) => {
      const special = live && moves.special.get(id) || null;
      return tableCard(S, `nation-${n.seat}`, id, {
        recent: recent.has(id),
        buttons: () => special ? [moveButton(special, "Use its action")] : []
      }, special);
    };
    const w = n.wonder;
    const wonder = w ? h2(
      "div",
      { class: "nwb-building" },
      cardEl(S, w.card, {
        recent: recent.has(w.card),
        buttons: live && moves.hire ? [moveButton(moves.hire, `Hire architect · ${moves.hire.cost} stone`, " nwb-hire")] : []
      }),
      h2("p", { class: "nwb-dim" }, `${w.built} of ${w.sections} sections built${shown(w.next_cost) ? `; next: ${w.next_cost} stone` : ""}`)
    ) : h2("p", { class: "nwb-dim" }, "No wonder under construction.");
    return h2(
      "div",
      { class: "nwb-nation-body" },
      h2(
        "div",
        { class: "nwb-stats" },
        ["gold", "stone", "food", "books"].map((k) => stat(k, n.resources[k], ` nwb-${k}`, FIGURE_ICON[k])),
        stat("VP", n.resources.vp, " nwb-vp-stat", "vp"),
        stat("strength", n.strength, " nwb-track nwb-strength", "strength"),
        stat("stability", n.stability, n.revolt ? " nwb-track nwb-stability nwb-bad" : " nwb-track nwb-stability"),
        stat("idle workers", `${n.idle} / ${n.workers}`, " nwb-idle")
      ),
      badges.some(Boolean) ? h2("div", { class: "nwb-badges" }, badges) : null,
      h2("p", { class: "nwb-prod" }, h2("span", { class: "nwb-k" }, "next production "), prod.length ? prod : "nothing"),
      populationTrack(n),
      h2("h4", {}, "Buildings and military"),
      h2("div", { class: "nwb-slots" }, slots),
      h2(
        "div",
        { class: "nwb-side-cards" },
        h2("div", {}, h2("h4", {}, `Advisor${n.advisor_slots > 1 ? "s" : ""}`), n.advisors.length ? n.advisors.map(liveCard) : h2("p", { class: "nwb-dim" }, "none")),
        h2("div", {}, h2("h4", {}, `Colonies (${n.colonies.length}/${n.colony_slots})`), n.colonies.length ? n.colonies.map(liveCard) : h2("p", { class: "nwb-dim" }, "none")),
        h2("div", {}, h2("h4", {}, "Wonder under construction", n.private_architects ? h2("span", { class: "nwb-dim" }, ` · ${n.private_architects} private architect${n.private_architects > 1 ? "s" : ""}`) : null), wonder),
        h2("div", {}, h2("h4", {}, `Wonders (${n.wonders.length}/${n.wonder_slots})`), n.wonders.length ? n.wonders.map(liveCard) : h2("p", { class: "nwb-dim" }, "none")),
        n.specials.length ? h2("div", {}, h2("h4", {}, "Nation's rule"), n.specials.map(liveCard)) : null
      )
    );
  }
  function summaryLine(n) {
    const icons = [
      ["gold", n.resources.gold],
      ["stone", n.resources.stone],
      ["food", n.resources.food],
      ["book", n.resources.books],
      ["vp", n.resources.vp],
      ["strength", n.strength]
    ];
    return h2(
      "p",
      { class: "nwb-summary" },
      h2("span", { class: "nwb-sr" }, n.summary),
      h2(
        "span",
        { class: "nwb-summary-chips", "aria-hidden": "true", title: n.summary },
        icons.map(([name, v]) => h2("span", { class: `nwb-chip ${iconClass(name, 14)}` }, num(v))),
        h2("span", { class: `nwb-chip${n.stability < 0 ? " nwb-bad" : ""}` }, h2("span", { class: "nwb-chip-word" }, "stability "), num(n.stability)),
        h2("span", { class: "nwb-chip" }, `${n.workers}`, h2("span", { class: "nwb-chip-word" }, ` worker${n.workers === 1 ? "" : "s"} (${n.idle} idle)`))
      )
    );
  }
  function nationPanel(S, n, moves, isViewer) {
    const live = S.acting === n.seat;
    const unfolded = isViewer || ui.unfolded.has(n.seat);
    const recent = new Set(S.view.recent ? S.view.recent.cards : []);
    const mine = live ? [[...moves.deploy], [...moves.undeploy], moves.hire, [...moves.special]] : 0;
    const person = n.who === "human" || n.who === "remote";
    const level = person ? "" : botLevel(S, n.who);
    const who = person ? "" : ` (${n.who} bot${level ? `, ${level}` : ""})`;
    const theirs = isViewer || !S.view.recent ? [] : S.view.recent.moves.filter((m) => m.seat === n.seat);
    const key = unfolded ? `nation-${n.seat}` : `nation-${n.seat}-folded`;
    const signature = unfolded ? sig2(n, isViewer, mine, [...recent], theirs, S.view.current, ui.detail, live ? [...pending] : 0, catalogue(S)) : sig2(n.name, n.who, n.side, n.difficulty, n.summary, live, S.view.current, theirs);
    return part(key, signature, () => h2(
      "section",
      { class: `nw-panel nwb-nation${live ? " nwb-live" : ""}${S.view.current === n.seat ? " nwb-current" : ""}`, "aria-label": `${n.name}'s nation`, dataset: { key: `nation-${n.seat}`, seat: n.seat } },
      h2(
        "header",
        { class: "nwb-nation-head" },
        h2("h3", {}, `${n.name}${who}`),
        h2("span", { class: "nwb-dim" }, `${n.side} · ${n.difficulty}`),
        isViewer ? null : h2("button", {
          type: "button",
          class: "nw-btn nwb-fold",
          "aria-expanded": unfolded ? "true" : "false",
          "aria-label": `${unfolded ? "Fold" : "Unfold"} ${n.name}'s board`,
          dataset: { key: `fold-${n.seat}` },
          onclick: () => act.toggleFold(n.seat)
        }, unfolded ? "Fold" : "Unfold")
      ),
      unfolded ? nationBoard(S, n, moves, live, recent) : summaryLine(n),
      // folded or not, what this nation did since the viewer's last move
      theirs.length ? h2(
        "ul",
        { class: "nwb-their-moves", "aria-label": `${n.name}'s last moves`, dataset: { key: `their-${n.seat}` } },
        theirs.map((m) => h2("li", {}, m.text))
      ) : null
    ));
  }
  function scoringPanel(S) {
    const v = S.view;
    const sc = v.scoring;
    return part("scoring", sig2(sc, v.scores, v.solo, v.final, v.winner, v.over, S.seats, v.current, v.age_name, catalogue(S)), () => {
      const ev = sc.event;
      const war = sc.war;
      const passed = new Set(sc.passed);
      return h2(
        "section",
        { class: "nw-panel nwb-scoring", "aria-label": "Scoring board", dataset: { key: "scoring" } },
        h2("h3", {}, "Scoring board"),
        h2(
          "p",
          {},
          h2("b", {}, `Round ${sc.round} of ${sc.rounds}`),
          ` · age ${roman(sc.age)} (${v.age_name}) · `,
          h2("b", {}, String(sc.architects)),
          ` architect${sc.architects === 1 ? "" : "s"} left`
        ),
        h2(
          "table",
          { class: "nwb-table" },
          h2("thead", {}, h2("tr", {}, h2("th", { scope: "col" }, "order"), h2("th", { scope: "col" }, "nation"), h2("th", { scope: "col", class: iconClass("vp", 14) }, "VP"), h2("th", { scope: "col", class: iconClass("book", 14) }, "books"))),
          h2("tbody", {}, sc.order.map((seat, i) => h2(
            "tr",
            { class: v.current === seat ? "nwb-now" : "" },
            h2("td", {}, `${i + 1}`),
            h2("td", {}, seatName2(seat), passed.has(seat) ? h2("span", { class: "nwb-dim" }, " (passed)") : null),
            h2("td", {}, num(v.scores[seat])),
            h2("td", {}, num(sc.books[seat]))
          )))
        ),
        ev ? h2(
          "div",
          { class: "nwb-event", "aria-label": "Event card" },
          h2("h4", {}, "Event"),
          ev.halves.map((half) => h2("p", {}, h2("b", {}, half.name), ": ", half.text)),
          h2("p", { class: "nwb-dim" }, `Famine: ${ev.famine} food for every nation · ${ev.architects} architect${ev.architects === 1 ? "" : "s"} from the event`)
        ) : h2("p", { class: "nwb-dim" }, "No event card yet."),
        war ? h2("div", { class: "nwb-war" }, h2("h4", {}, "War"), war.card ? cardEl(S, war.card, {}) : null, h2("p", {}, war.text)) : h2("p", { class: "nwb-dim" }, "No war this round."),
        v.solo ? h2(
          "div",
          { class: "nwb-solo" },
          h2("h4", {}, "The shadow nation"),
          h2("p", {}, `strength ${num(v.solo.strength)} · stability ${num(v.solo.stability)} · ${v.solo.books} books · ${v.solo.first ? "first" : "second"} in player order`),
          v.solo.tile_text ? h2("p", { class: "nwb-dim" }, v.solo.tile_text) : null,
          v.solo.last_roll ? h2("p", { class: "nwb-dim" }, `The shadow's last roll: ${v.solo.last_roll}.`) : null,
          v.solo.notice ? h2("p", { class: "nwb-note" }, v.solo.notice) : null,
          v.solo.title ? h2("p", {}, "Hall of Fame: ", h2("b", {}, v.solo.title)) : null
        ) : null,
        v.final ? h2("p", { class: "nwb-dim" }, "Final scoring: at the top.") : null
      );
    });
  }
  function finalTable(S) {
    const v = S.view;
    const parts = ["vp", "colonies", "wonders", "workers", "resources", "total"];
    const label = { vp: "VP tokens", colonies: "colonies", wonders: "wonders", workers: "workers", resources: "resources", total: "total" };
    const winners = new Set([].concat(shown(v.winner) ? v.winner : []));
    const name = (s) => v.nations[s] ? v.nations[s].name : seatName2(s);
    const win = (s) => winners.has(s) ? " nwb-winner" : "";
    return h2(
      "div",
      { class: "nwb-final", dataset: { key: "final" } },
      h2("h4", {}, "Final scoring"),
      h2("div", { class: "nwb-scroll" }, h2(
        "table",
        { class: "nwb-table nwb-final-table" },
        h2("thead", {}, h2("tr", {}, h2("th", { scope: "col" }, ""), v.final.map((_, s) => h2("th", { scope: "col", class: win(s) }, name(s), winners.has(s) ? " ★" : "")))),
        h2("tbody", {}, parts.map((k) => h2("tr", { class: k === "total" ? "nwb-total" : "" }, h2("th", { scope: "row" }, label[k]), v.final.map((b, s) => h2("td", { class: win(s) }, num(b[k]))))))
      ))
    );
  }
  function summaryOverlay(S) {
    const r = S.view.round_summary;
    if (!r || S.viewingHistory) return null;
    const open = ui.summaryOpen || ui.dismissed !== roundKey(S, r.round) && S.seats.includes("human") && !S.view.over;
    if (!open) return null;
    return part("summary", sig2(r), () => modal2(
      { key: "summary", label: `Round ${r.round} summary`, onClose: () => act.closeSummary(r.round), inner: "nwb-summary-dialog" },
      h2("h3", {}, `End of round ${r.round}${r.event ? ` — ${r.event}` : ""}`),
      h2("div", { class: "nwb-scroll" }, h2(
        "table",
        { class: "nwb-table" },
        h2("thead", {}, h2("tr", {}, h2("th", { scope: "col" }, "nation"), h2("th", { scope: "col" }, "changes (end of the actions → after the resolution)"))),
        h2("tbody", {}, r.rows.map((row) => h2(
          "tr",
          {},
          h2("th", { scope: "row" }, row.name),
          h2("td", {}, row.changes.length ? row.changes.map((c) => `${FIGURE_LABEL[c.name] || c.name} ${c.before} → ${c.after}`).join(", ") : "no change")
        )))
      )),
      // each phase's lines folded under its name (the table above is the glance; the
      // lines are there for who wants the detail): no wall of text
      h2("p", { class: "nwb-dim nwb-phase-hint" }, "Each phase step by step:"),
      r.phases.map((ph, i) => h2(
        "details",
        { class: "nwb-phase", dataset: { key: `phase-${i}` } },
        h2("summary", {}, h2("b", {}, ph.label), h2("span", { class: "nwb-dim" }, ` · ${ph.lines.length} line${ph.lines.length === 1 ? "" : "s"}`)),
        h2("ul", {}, ph.lines.map((l) => h2("li", { class: shown(l.seat) ? `nwb-seat-${l.seat}` : "" }, l.text, l.times > 1 ? h2("b", {}, ` (×${l.times})`) : null)))
      )),
      h2("p", {}, `Player order now: ${S.view.solo ? S.view.solo.first ? "the shadow, then Player 1" : "Player 1, then the shadow" : r.order.map(seatName2).join(", ")}.`),
      h2("button", { type: "button", class: "nw-btn nw-primary", dataset: { key: "summary-close" }, onclick: () => act.closeSummary(r.round) }, "Close")
    ));
  }
  function panel(name, S) {
    const panels = shell.panels || {};
    return typeof panels[name] === "function" ? panels[name](S, part) : null;
  }
  let logSection = null;
  function logNode() {
    const panels = shell.panels || {};
    if (!logSection && typeof panels.logPanel === "function") logSection = panels.logPanel();
    if (!logSection) return null;
    if (typeof logSection.update === "function") logSection.update();
    return logSection.nodeType ? logSection : logSection.el;
  }
  function draw(S) {
    if (!frame || frame.parentNode !== root) skeleton();
    last = S;
    const v = S.view;
    const moves = placeMoves(S.acting !== null && S.acting !== void 0 ? S.legal : []);
    const acting = shown(S.acting) ? v.nations.find((n) => n.seat === S.acting) : null;
    pending = pendingCards(shell.pendingMove ? shell.pendingMove() : null, acting);
    if (ui.detail && S.cards && !S.cards[ui.detail]) ui.detail = null;
    setAttr2(frame, "data-step", v.step);
    setAttr2(frame, "class", `nwb-root nw-root${S.busy ? " nw-is-busy" : ""}`);
    const head = part("head", sig2(v.round, v.rounds, v.age_name, v.step_label, v.over, S.info), () => header(S));
    const buttons = shell.panels && shell.panels.headerButtons ? [].concat(shell.panels.headerButtons(part) || []) : [];
    const prompt = part("prompt", sig2(v.prompt, v.decision_card, ui.detail, S.acting, moves.options, moves.pass, choicesLine(moves), v.over, v.final, v.round_summary ? v.round_summary.round : 0, S.viewingHistory, gameSeed(S)), () => promptPanel(S, moves));
    const waiting = shown(v.current) && !shown(S.acting) && !S.viewingHistory && shell.panels && shell.panels.waiting ? part("waiting", sig2(S.busy, v.current, S.seats, S.humanTurn), () => shell.panels.waiting(S)) : null;
    setChildren2(els.turn, [prompt, waiting, previewPanel(S), recentPanel(S)]);
    const order = boardOrder(v);
    const viewer = shown(v.viewer) ? v.viewer : null;
    const byseat = new Map(v.nations.map((n) => [n.seat, n]));
    const mine = viewer !== null ? nationPanel(S, byseat.get(viewer), moves, true) : null;
    setChildren2(els.others, order.filter((s) => s !== viewer).map((s) => nationPanel(S, byseat.get(s), moves, false)));
    for (const n of v.nations) if (n.seat !== viewer && !ui.unfolded.has(n.seat)) P.use(`nation-${n.seat}`);
    setChildren2(els.left, [mine, els.others]);
    setChildren2(els.right, [panel("coachPanel", S), panel("historyPanel", S), logNode(), panel("gamePanel", S)]);
    setChildren2(els.main, [scoringPanel(S), els.left, els.right]);
    const help = shell.ui && shell.ui.helpOpen && shell.panels && shell.panels.helpOverlay ? shell.panels.helpOverlay(part) : null;
    setChildren2(els.head, [head, ...buttons]);
    const dialog = help || summaryOverlay(S) || detailPanel(S, moves);
    setChildren2(frame, [els.head, panel("errorLine", S), S.viewingHistory ? panel("historyBanner", S) : null, els.turn, progressPanel(S, moves), els.main, dialog]);
    P.sweep();
    setAttr2(frame, "data-position", v.position);
  }
  function summaryIsOpen(S) {
    return Boolean(frame && frame.querySelector("[data-key='summary']")) && S.view.round_summary;
  }
  function moveFocus(e) {
    const el = document.activeElement;
    const card = el && el.closest && el.closest(".nwb-progress .nwb-card");
    if (!card) return false;
    const names = [...frame.querySelectorAll(".nwb-progress .nwb-row")].map((row) => [...row.querySelectorAll(".nwb-row-cards > *")]);
    let r = -1;
    let c = -1;
    names.forEach((row, i) => {
      const j = row.indexOf(card);
      if (j >= 0) [r, c] = [i, j];
    });
    if (r < 0) return false;
    const dr = { ArrowUp: -1, ArrowDown: 1 }[e.key] || 0;
    const dc = { ArrowLeft: -1, ArrowRight: 1 }[e.key] || 0;
    for (let rr = r + dr, cc = c + dc; rr >= 0 && rr < names.length && cc >= 0 && cc < names[rr].length; rr += dr, cc += dc) {
      const target = names[rr][cc].querySelector(".nwb-card-name");
      if (target) {
        target.focus();
        return true;
      }
    }
    return true;
  }
  function onKey(e, S) {
    const k = e.key;
    if (k === "p" || k === "P") {
      const m = S.acting !== null && S.acting !== void 0 ? placeMoves(S.legal).pass : null;
      if (m) act.commit(m);
      return Boolean(m);
    }
    if (/^[1-9]$/.test(k)) {
      const m = S.acting !== null && S.acting !== void 0 ? nthOption(S.legal, Number(k)) : null;
      if (m) act.commit(m);
      return Boolean(m);
    }
    if (k === "f" || k === "F") {
      act.foldAll(S);
      return true;
    }
    if (k === "s" || k === "S") {
      if (!S.view.round_summary) return false;
      act.openSummary();
      return true;
    }
    if (k === "i" || k === "I") {
      const el = document.activeElement;
      const card = el && el.closest && el.closest("[data-card]");
      if (!card) return false;
      act.detail(card.getAttribute("data-card"));
      return true;
    }
    if (k === "b" || k === "B") {
      const el = document.activeElement;
      const card = el && el.closest && el.closest("[data-card]");
      const m = card && shown(S.acting) ? placeMoves(S.legal).buy.get(card.getAttribute("data-card")) : null;
      if (m) act.commit(m);
      return Boolean(m);
    }
    if (k.startsWith("Arrow")) return moveFocus(e);
    return false;
  }
  function keyFirst(e, S) {
    if (!summaryIsOpen(S)) return false;
    const el = document.activeElement;
    if (e.key === "Enter" && el && el.tagName === "SUMMARY" && el.closest("[data-key='summary']")) return false;
    if (e.key === "Escape" || e.key === "Enter") {
      act.closeSummary(S.view.round_summary.round);
      return true;
    }
    return false;
  }
  function escape() {
    if (ui.detail) {
      act.closeDetail();
      return true;
    }
    return false;
  }
  const newGame = {
    defaults(S) {
      const s = S.settings || {};
      const players = s.players || 2;
      return {
        difficulty: perSeat(s.difficulty, 5, "prince").map((d, i) => i < players ? d : "prince"),
        sides: typeof s.sides === "string" ? s.sides : "A",
        decks: typeof s.decks === "string" ? s.decks : "base",
        ages: s.ages || 4,
        easier: Boolean(s.easier)
      };
    },
    fields(S, form, set) {
      const setup = S.view && S.view.setup || {};
      const select = (name, label, options, value, onchange) => h2(
        "label",
        { class: "nw-field" },
        label,
        h2(
          "select",
          { dataset: { key: `ng-${name}` }, onchange },
          (options || []).map(([val, text]) => h2("option", { value: String(val), selected: String(val) === String(value) }, text))
        )
      );
      const players = form.players || 2;
      const difficulty = perSeat(form.difficulty, players, "prince");
      return [
        h2(
          "fieldset",
          { class: "nw-fieldset nwb-ng-difficulty" },
          h2("legend", {}, "Difficulty (the growth bonus)"),
          difficulty.map((d, seat) => select(`difficulty-${seat}`, `${seatName2(seat)} `, setup.difficulty, d, (e) => {
            const next = perSeat(form.difficulty, 5, "prince");
            next[seat] = e.target.value;
            set({ difficulty: next }, false);
          }))
        ),
        select("sides", "Player boards ", setup.sides, form.sides, (e) => set({ sides: e.target.value }, false)),
        select("decks", "Cards ", setup.decks, form.decks, (e) => set({ decks: e.target.value }, false)),
        select("ages", "Length ", setup.ages, form.ages, (e) => set({ ages: Number(e.target.value) }, false)),
        h2(
          "label",
          { class: "nw-field nw-check" },
          h2("input", { type: "checkbox", checked: form.easier, dataset: { key: "ng-easier" }, onchange: (e) => set({ easier: e.target.checked }, false) }),
          " Easier game (one extra worker without upkeep)"
        )
      ];
    },
    signature(S, form) {
      return [form.players, form.difficulty, form.sides, form.decks, form.ages, form.easier, S.view && S.view.setup];
    },
    settings(form) {
      const players = form.players || 2;
      const difficulty = perSeat(form.difficulty, players, "prince");
      return {
        difficulty: difficulty.every((d) => d === difficulty[0]) ? difficulty[0] : difficulty,
        sides: form.sides,
        decks: form.decks,
        ages: Number(form.ages) || 4,
        easier: Boolean(form.easier)
      };
    }
  };
  return {
    draw,
    reset() {
      P.clear();
      frame = null;
      logSection = null;
    },
    // the table and the card catalogue (the view names cards by id) must both be there
    ready: (S) => Boolean(S.view && S.view.position !== void 0 && S.view.game === "board" && S.cards && Object.keys(S.cards).length),
    traits: ["cards"],
    decisionPanel: ".nwb-prompt",
    turnKey: (S) => `${S.view.position}:${S.view.current}:${S.view.decision}`,
    shortcuts: SHORTCUTS,
    onKey,
    keyFirst,
    escape,
    newGame,
    state: () => ({ ...ui, unfolded: [...ui.unfolded], last })
  };
}

// src/board/index.js
var createController2 = (ctx) => createController(ctx, createView);
var board_default = makeWidget(createView);
export {
  createController2 as createController,
  board_default as default
};
