// What a newcomer on a phone or a keyboard met (issue 29, section 4): a tap on a greyed
// control said nothing (its reason was a hover tooltip only), and after Enter on a tile the
// focus stayed on the tile while the question it asked (the preview's Confirm) was elsewhere.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createController } from "../../src/dice/index.js";
import { click, fixture, mockModel, removeHosts, testHost, tick } from "../helpers.js";

let el;
beforeEach(() => {
  el = testHost();
});
afterEach(removeHosts);

const byKey = (key) => el.querySelector(`[data-key="${key}"]`);
const press = (target, key) => target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));

describe("a tap on a greyed control says why it is greyed", () => {
  it("Build with too little stone: the tap shows Python's reason as the note near the decision", () => {
    const model = mockModel(fixture("rich_3p"));
    const c = createController({ model, el });
    const build = byKey("build");
    expect(build.getAttribute("aria-disabled")).toBe("true");
    const reason = model.data.view.unavailable.build;
    expect(reason).toContain("needs 6 stone");
    expect(el.querySelector(".nw-actions .nw-note-line")).toBeNull();
    click(build);
    const note = el.querySelector(".nw-actions .nw-note-line");
    expect(note).not.toBeNull();
    expect(note.textContent).toContain(`Not now: ${reason}`);
    // nothing was played or asked
    expect(model.sent).toEqual([]);
    // the next thing sent (a move) takes the note away
    click(byKey("pass"));
    expect(model.sent.at(-1).kind).toBe("move");
    expect(c.shell.noteText()).toBe("");
  });

  it("by keyboard too (Enter on the focused Build is its click), and another game's reason is its own", () => {
    const data = fixture("solo");
    const model = mockModel(data);
    createController({ model, el });
    const build = byKey("build");
    expect(build.dataset.reason).toBe(data.view.unavailable.build);
    build.focus();
    press(build, "Enter");
    click(build);
    expect(el.querySelector(".nw-note-line").textContent).toBe(`Not now: ${data.view.unavailable.build}×`);
    expect(model.sent).toEqual([]);
  });

  it("a live control has no reason, and a click on it shows no note", () => {
    const model = mockModel(fixture("start_2p"));
    createController({ model, el });
    const die = el.querySelector(".nw-player.nw-live .nw-die");
    expect(die.getAttribute("aria-disabled")).toBeNull();
    click(die);
    expect(el.querySelector(".nw-note-line")).toBeNull();
    // an inert die of the other player: no reason to show (it is not a control to use)
    const other = el.querySelector(".nw-player:not(.nw-live) .nw-die");
    expect(other.getAttribute("aria-disabled")).toBe("true");
    click(other);
    expect(el.querySelector(".nw-note-line")).toBeNull();
  });

  it("the reason goes once the control is live (a live control has no data-reason)", async () => {
    const data = fixture("rich_3p");
    const model = mockModel(data);
    createController({ model, el });
    expect(byKey("build").dataset.reason).toBeTruthy();
    // Python: the build is now possible
    const move = { type: "build", payment: { dice: [], chits: 0, trades: [] } };
    model.emit("legal", [...data.legal, { move, text: "Build Versailles" }]);
    model.emit("view", { ...data.view, unavailable: { ...data.view.unavailable, build: null } });
    await tick();
    expect(byKey("build").getAttribute("aria-disabled")).toBeNull();
    expect(byKey("build").hasAttribute("data-reason")).toBe(false);
  });
});

/** rich_3p with its wonder's build made possible (Python's legal move and no reason). */
function liveBuild() {
  const data = fixture("rich_3p");
  const move = { type: "build", payment: { dice: [], chits: 0, trades: [] } };
  data.legal = [...data.legal, { move, text: "Build Versailles" }];
  data.view = { ...data.view, unavailable: { ...data.view.unavailable, build: null } };
  const model = mockModel(data);
  createController({ model, el });
  const build = byKey("build");
  expect(build.getAttribute("aria-disabled")).toBeNull();
  return { model, build, move };
}

/** Python's preview of `move`, answering question `ask`. */
function answer(model, move, ask) {
  return {
    position: model.data.view.position, move, ask, title: "Build it", pays: ["a die"],
    wasted: [], gains: [], goes: [], warning: null, dice: [], returned: [],
  };
}

describe("after Enter on a tile (or Build) the focus goes to the next action", () => {
  it("the preview's Confirm takes the focus when Python's answer arrives; Enter there confirms", async () => {
    localStorage.setItem("nw-previews", "true");
    const model = mockModel(fixture("start_2p"));
    createController({ model, el });
    const entry = model.data.legal.find((e) => e.move.type === "buy" && model.data.catalogue.tiles[e.move.tile].kind !== "building");
    const tile = byKey(`board-${entry.move.tile}`);
    tile.focus();
    press(tile, "Enter");
    click(tile); // a button's Enter is its click
    const ask = model.sent.filter((m) => m.kind === "preview").at(-1).ask;
    // while the answer is on its way, nothing to confirm: the focus stays
    await new Promise((r) => setTimeout(r, 200));
    expect(document.activeElement).toBe(tile);
    model.emit("preview", {
      position: model.data.view.position, move: entry.move, ask, title: "Buy it", pays: ["a die"],
      wasted: [], gains: [], goes: [], warning: null, dice: entry.move.payment.dice, returned: [],
    });
    await tick();
    expect(document.activeElement).toBe(byKey("preview-confirm"));
    press(document.activeElement, "Enter");
    click(document.activeElement);
    expect(model.sent.at(-1)).toMatchObject({ kind: "move", move: entry.move });
  });

  it("Enter on Build (the wonder's preview): Confirm takes the focus when Python's answer arrives", async () => {
    localStorage.setItem("nw-previews", "true");
    const { model, build, move } = liveBuild();
    build.focus();
    press(build, "Enter");
    click(build);
    const ask = model.sent.filter((m) => m.kind === "preview").at(-1).ask;
    model.emit("preview", answer(model, move, ask));
    await tick();
    expect(document.activeElement).toBe(byKey("preview-confirm"));
  });

  it("an answer that comes long after the player's last click or key leaves the focus where it is", async () => {
    localStorage.setItem("nw-previews", "true");
    const { model, build, move } = liveBuild();
    build.focus();
    click(build);
    const ask = model.sent.filter((m) => m.kind === "preview").at(-1).ask;
    const later = performance.now() + 6000;
    const spy = vi.spyOn(performance, "now").mockImplementation(() => later);
    try {
      model.emit("preview", answer(model, move, ask));
      await tick();
      expect(byKey("preview-confirm")).not.toBeNull();
      // (the Build button gave way to the preview: the widget keeps the focus, not Confirm)
      expect(document.activeElement).not.toBe(byKey("preview-confirm"));
      expect(el.contains(document.activeElement)).toBe(true);
    } finally {
      spy.mockRestore();
    }
  });
});

describe("Undo within reach of the decision", () => {
  it("the decision panel holds an Undo (shown by CSS where the columns stack), which takes the last decision back", () => {
    const model = mockModel(fixture("rich_3p"));
    createController({ model, el });
    const near = el.querySelector(".nw-actions [data-key='undo-near']");
    expect(near).not.toBeNull();
    expect(near.closest(".nw-undo-near")).not.toBeNull();
    expect(near.title).toBe("Take back the last move (back to move 20)");
    click(near);
    expect(model.sent.at(-1)).toEqual({ kind: "undo" });
  });

  it("absent when there is nothing to take back, or while an earlier position is shown", async () => {
    const model = mockModel(fixture("start_2p"));
    createController({ model, el });
    expect(el.querySelector("[data-key='undo-near']")).toBeNull();
    const data = fixture("rich_3p");
    const m2 = mockModel({ ...data, history: { ...data.history, position: 10 } });
    el.replaceChildren();
    createController({ model: m2, el });
    expect(el.querySelector("[data-key='back-to-game']")).not.toBeNull();
    expect(el.querySelector("[data-key='undo-near']")).toBeNull();
  });
});
