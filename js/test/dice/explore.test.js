import { describe, it } from "vitest";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
const here = dirname(fileURLToPath(import.meta.url));
import { createController } from "../../src/dice/index.js";
import { Parts } from "../../src/shell/dom.js";
import { mockModel, removeHosts, testHost, tick } from "../helpers.js";
const steps = JSON.parse(readFileSync(join(here, "../fixtures/undo_steps.json")));
const catalogue = JSON.parse(readFileSync(join(here, "../fixtures/catalogue.json")));
const clone = (x) => JSON.parse(JSON.stringify(x));
for (const game of ["hot_seat", "against_bot"]) {
  it(game, async () => {
    const el = testHost();
    const { opening, back, forward } = steps[game];
    const model = mockModel({ ...clone(opening), catalogue });
    createController({ model, el });
    await tick();
    const rebuilt = [];
    const part = Parts.prototype.part;
    Parts.prototype.part = function (key, signature, build) {
      const hit = this.map.get(key);
      if (!hit || hit.sig !== signature) rebuilt.push(key);
      return part.call(this, key, signature, build);
    };
    let elements = 0;
    const create = document.createElement;
    document.createElement = function (...a) { elements += 1; return create.apply(this, a); };
    let seq = opening.log_patch.seq;
    let records = 0;
    const obs = new MutationObserver((rs) => { records += rs.length; });
    obs.observe(el, { subtree: true, attributes: true, childList: true, characterData: true });
    for (let i = 0; i < 4; i += 1) {
      const key = i % 2 === 0 ? "undo" : game === "hot_seat" ? "redo" : "last";
      el.querySelector(`button[data-key="${key}"]`).click();
      const u = clone(i % 2 === 0 ? back : forward);
      u.log_patch = { ...u.log_patch, prev: seq, seq: seq + 1 };
      seq += 1;
      for (const [k, v] of Object.entries(u)) if (JSON.stringify(model.data[k]) !== JSON.stringify(v)) model.emit(k, v);
      await tick();
      await new Promise((r) => setTimeout(r, 5));
      console.log(game, i % 2 ? "forward" : "back", "rebuilt", rebuilt.length, rebuilt.join(" "), "elements", elements, "records", records);
      rebuilt.length = 0; elements = 0; records = 0;
    }
    obs.disconnect();
    Parts.prototype.part = part;
    document.createElement = create;
    removeHosts();
  });
}
