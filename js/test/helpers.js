// A mock anywidget model (get/set/on/off/send/save_changes) loaded with real payloads
// generated from the Python engine (js/scripts/make_fixtures.py).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

/** The stylesheets of js/src/`dir` (each folder of js/src when none is named): `[{dir,
 * file, css}]`, their comments taken out. */
export function stylesheets(dir = null) {
  const src = join(here, "..", "src");
  const dirs = dir ? [dir] : readdirSync(src).filter((d) => statSync(join(src, d)).isDirectory());
  return dirs.flatMap((d) => readdirSync(join(src, d)).filter((f) => f.endsWith(".css")).map((file) => ({
    dir: d, file, css: readFileSync(join(src, d, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, ""),
  })));
}

/** A board-game fixture (js/test/board/fixtures, js/scripts/make_board_fixtures.py). */
export function boardFixture(name) {
  return JSON.parse(readFileSync(join(here, "board", "fixtures", `${name}.json`), "utf8"));
}

/** A mock model holding a board-game fixture's traits (its `fixture` too). */
export function boardModel(name) {
  const f = boardFixture(name);
  return mockModel({
    game_kind: "board",
    game_info: { kind: "board", title: "Nations", player_counts: [1, 2, 3, 4, 5], preferred_bot: "heuristic", fair_words: { title: "Fair shuffles", draws: "Every shuffle of this game's decks" } },
    view: f.view, legal: f.legal, error: "", seats: f.seats, bot_names: ["random", "heuristic"],
    bot_info: { random: "random moves", heuristic: "rules of thumb" }, settings: f.settings, history: f.history,
    busy: false, coach: { on: false, hint: null, verdict: null }, preview: {},
    log_patch: { seq: 1, reset: true, entries: [] }, cards: boardFixture(f.cards), fixture: f,
  });
}

export function fixture(name) {
  const read = (n) => JSON.parse(readFileSync(join(here, "fixtures", `${n}.json`), "utf8"));
  return { ...read(name), catalogue: read("catalogue") };
}

export function mockModel(data) {
  const listeners = {};
  const model = {
    data,
    sent: [],
    get: (key) => data[key],
    set: (key, value) => {
      data[key] = value;
    },
    save_changes: () => {},
    on: (event, fn) => {
      (listeners[event] ||= []).push(fn);
    },
    off: (event, fn) => {
      listeners[event] = (listeners[event] || []).filter((f) => f !== fn);
    },
    send: (msg) => {
      model.sent.push(msg);
    },
    /** Python changed a trait: set it and fire change:KEY. */
    emit(key, value) {
      data[key] = value;
      for (const fn of listeners[`change:${key}`] || []) fn();
    },
    custom(msg) {
      for (const fn of listeners["msg:custom"] || []) fn(msg);
    },
    listenerCount: () => Object.values(listeners).reduce((n, l) => n + l.length, 0),
  };
  return model;
}

export const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

export function click(el) {
  if (!el) throw new Error("nothing to click");
  el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
}

const hosts = [];

/** A host element in the page for one test (call it in beforeEach; removeHosts after). */
export function testHost() {
  // the older tests play moves directly: previews off (test/preview.test.js turns them on)
  localStorage.setItem("nw-previews", "false");
  const el = document.createElement("div");
  document.body.appendChild(el);
  hosts.push(el);
  return el;
}

export function removeHosts() {
  for (const el of hosts.splice(0)) el.remove();
}

/**
 * Count, until `stop()`, the parts a draw rebuilds (a new key, or a changed signature; a
 * part put aside and taken back as it was is not rebuilt) and the elements created.
 * Returns {rebuilt, elements, stop}.
 */
export function countingDraws(Parts) {
  const seen = { rebuilt: [], elements: 0 };
  const part = Parts.prototype.part;
  Parts.prototype.part = function (key, signature, build) {
    const hit = this.map.get(key) || this.spare.get(key);
    if (!hit || hit.sig !== signature) seen.rebuilt.push(key);
    return part.call(this, key, signature, build);
  };
  const create = document.createElement;
  document.createElement = function (...args) {
    seen.elements += 1;
    return create.apply(this, args);
  };
  seen.stop = () => {
    Parts.prototype.part = part;
    document.createElement = create;
  };
  return seen;
}

/** What a chooser's page sent, but its asks for the lobby's open tables ({kind: "lobby"})
 * and for whose turn it is at the tables it remembers ({kind: "turns"}), which a choice of
 * game shown sends once each and which start nothing. */
export function acts(model) {
  return model.sent.filter((m) => !(m && (m.kind === "lobby" || m.kind === "turns")));
}
