import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createController } from "../../src/dice/index.js";
import { PREVIEW_WAIT_MS } from "../../src/shell/controller.js";
import { click, fixture, mockModel, removeHosts, testHost, tick } from "../helpers.js";

let el;
beforeEach(() => {
  el = testHost();
  localStorage.setItem("nw-previews", "true");
});
afterEach(removeHosts);

const byKey = (key) => el.querySelector(`[data-key="${key}"]`);
const press = (target, key) => target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));

function mountWithBuyable() {
  const model = mockModel(fixture("start_2p"));
  createController({ model, el });
  const entry = model.data.legal.find((e) => e.move.type === "buy" && model.data.catalogue.tiles[e.move.tile].kind !== "building");
  expect(entry).toBeTruthy();
  return { model, entry };
}

/** Python's answer to the last preview asked (it carries the question's number). */
function previewOf(model, move, extra = {}) {
  const ask = model.sent.filter((m) => m.kind === "preview").at(-1).ask;
  return {
    position: model.data.view.position, move, ask, title: "Buy it for 1 gold", pays: ["the white die showing 1 gold"],
    wasted: [], gains: ["1 reroll chit"], goes: [], warning: null, dice: move.payment.dice, returned: [], ...extra,
  };
}

describe("previews", () => {
  it("a click on a tile asks Python for the preview, draws it, and only Confirm plays the move", async () => {
    const { model, entry } = mountWithBuyable();
    click(byKey(`board-${entry.move.tile}`));
    expect(model.sent.at(-1)).toEqual({ kind: "preview", move: entry.move, ask: 1 });
    // the answer draws the preview (a slow one shows "Working out…" first: previewchits.test.js)
    expect(el.querySelector(".nw-preview")).toBeNull();
    // an answer to another question is not this one's: the board still waits for its own
    model.emit("preview", { ...previewOf(model, entry.move), ask: 0, title: "an old answer" });
    await tick();
    expect(el.querySelector(".nw-preview").textContent).toContain("Working out");
    model.emit("preview", previewOf(model, entry.move, { warning: "Your unbuilt Pyramids is discarded." }));
    await tick();
    const panel = el.querySelector(".nw-preview");
    expect(panel.textContent).toContain("Buy it for 1 gold");
    expect(panel.textContent).toContain("Pays:");
    expect(panel.querySelector(".nw-warning").textContent).toContain("discarded");
    for (const d of entry.move.payment.dice) expect(byKey(`die-${d}`).classList.contains("nw-paying")).toBe(true);
    expect(model.sent.filter((m) => m.kind === "move")).toEqual([]);
    click(byKey("preview-confirm"));
    expect(model.sent.at(-1)).toEqual({ kind: "move", seat: model.data.view.current, position: model.data.view.position, move: entry.move });
  });

  it("Confirm leaves the board to Python's update: no draw of its own in the update's way", async () => {
    const { model, entry } = mountWithBuyable();
    click(byKey(`board-${entry.move.tile}`));
    model.emit("preview", previewOf(model, entry.move));
    await tick();
    const panel = el.querySelector(".nw-preview");
    click(byKey("preview-confirm"));
    await tick();
    expect(model.sent.at(-1).kind).toBe("move");
    // the board stays as drawn until the update comes (a redraw without the preview now would
    // cost a draw, a layout and a paint before the update's own)
    expect(el.querySelector(".nw-preview")).toBe(panel);
    expect(panel.isConnected).toBe(true);
    // a second click (or Enter) before the update plays nothing more
    click(byKey("preview-confirm"));
    press(el.querySelector(".nw-progress"), "Enter");
    expect(model.sent.filter((m) => m.kind === "move").length).toBe(1);
    // Python's update: the move played, the next decision drawn without the preview
    model.emit("view", { ...model.data.view, position: model.data.view.position + 1 });
    await tick();
    expect(el.querySelector(".nw-preview")).toBeNull();
  });

  it("a slow answer to Confirm has the board drawn without the preview meanwhile", async () => {
    const { model, entry } = mountWithBuyable();
    click(byKey(`board-${entry.move.tile}`));
    model.emit("preview", previewOf(model, entry.move));
    await tick();
    click(byKey("preview-confirm"));
    await tick();
    expect(el.querySelector(".nw-preview")).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, PREVIEW_WAIT_MS + 30));
    expect(el.querySelector(".nw-preview")).toBeNull();
    expect(byKey("pass")).not.toBeNull();
  });

  it("Escape cancels and Enter confirms", async () => {
    const { model, entry } = mountWithBuyable();
    click(byKey(`board-${entry.move.tile}`));
    model.emit("preview", previewOf(model, entry.move));
    await tick();
    press(byKey("preview-cancel"), "Escape");
    expect(el.querySelector(".nw-preview")).toBeNull();
    expect(model.sent.filter((m) => m.kind === "move")).toEqual([]);
    click(byKey(`board-${entry.move.tile}`));
    // the same question again gets the same answer: it is shown (a new question number)
    expect(model.sent.at(-1).ask).toBe(2);
    model.emit("preview", previewOf(model, entry.move));
    await tick();
    expect(el.querySelector(".nw-preview").textContent).toContain("Buy it for 1 gold");
    press(el.querySelector(".nw-progress"), "Enter");
    expect(model.sent.at(-1).kind).toBe("move");
  });

  it("experienced players turn previews off: the click plays at once", () => {
    const { model, entry } = mountWithBuyable();
    const box = byKey("previews-on");
    expect(box.checked).toBe(true);
    box.checked = false;
    box.dispatchEvent(new Event("change", { bubbles: true }));
    expect(localStorage.getItem("nw-previews")).toBe("false");
    click(byKey(`board-${entry.move.tile}`));
    expect(model.sent.at(-1).kind).toBe("move");
  });
});
