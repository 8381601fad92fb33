// A mock anywidget model (get/set/on/off/send/save_changes) loaded with real payloads
// generated from the Python engine (js/scripts/make_fixtures.py).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

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
