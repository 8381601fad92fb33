// What an Undo/Redo-like update costs the dice board: Python sends the history, a view at
// another position and the legal moves; only the parts drawn from what changed are rebuilt,
// the rest keep their DOM nodes.  Measured 2026-11-24: 13 parts rebuilt in 10 draws (the
// first, stepping into the history, 4 of them; then the history banner's line) and 7
// elements created per draw; before the turn's state of tiles and dice was set in place,
// 28 parts and 19 elements per draw.  A signature that changed identity every update would
// rebuild dozens of parts.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createController } from "../../src/dice/index.js";
import { Parts } from "../../src/shell/dom.js";
import { countingDraws, fixture, mockModel, removeHosts, testHost, tick } from "../helpers.js";

const clone = (x) => JSON.parse(JSON.stringify(x));

let el;
let restore = [];
beforeEach(() => {
  el = testHost();
});
afterEach(() => {
  for (const undo of restore) undo();
  restore = [];
  removeHosts();
});

/** Count the parts rebuilt and the elements created (helpers' countingDraws), until the
 * test ends. */
function counting() {
  const seen = countingDraws(Parts);
  restore.push(seen.stop);
  return seen;
}

describe("an undo-like update", () => {
  it("rebuilds only the parts that show the position's standing, creating few elements", async () => {
    const model = mockModel({ ...fixture("rich_3p") });
    createController({ model, el });
    await tick();
    const start = clone(model.data);
    const total = el.querySelectorAll("*").length;
    const players = [...el.querySelectorAll(".nw-player")];
    const seen = counting();
    const draws = 10;
    for (let i = 0; i < draws; i += 1) {
      const history = { ...clone(start.history), position: start.history.position - 1 - (i % 2), can_redo: true };
      const view = { ...clone(start.view), position: history.position };
      model.emit("history", history);
      model.emit("view", view);
      model.emit("legal", clone(start.legal));
      await tick();
      expect(el.querySelector(".nw-root").getAttribute("data-position")).toBe(String(history.position));
    }
    // no part outside the history's own is rebuilt (the actions panel's history line)
    // only parts drawn from the position's standing are rebuilt: the progress tiles one can
    // no longer buy while looking back, the decision panel's lines, the coach; never a
    // player's board, the scores, the header, the event or the log
    const outside = seen.rebuilt.filter((key) => !/^(pb-t|actions-|coach$)/.test(key));
    expect(outside).toEqual([]);
    expect(seen.rebuilt.length / draws).toBeLessThan(4); // measured: 13 in 10 draws
    expect(players.every((board, i) => board === el.querySelectorAll(".nw-player")[i])).toBe(true);
    // a few elements per draw, against the hundreds the board holds
    expect(seen.elements / draws).toBeLessThan(30);
    expect(total).toBeGreaterThan(300);
  });
});
