// The preview highlights the chits that pay, as it does the dice (Python's preview names
// them: `chits`, the kind and how many, see nations_widget/dice/preview.py).
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

/** The hot-seat position where Player 1 can buy a tile with a gold die and a gold chit
 * (both players hold a gold chit), and another tile with dice alone. */
function mount() {
  const model = mockModel(fixture("unrest_bonus"));
  createController({ model, el });
  const buys = model.data.legal.filter((e) => e.move.type === "buy" && !e.move.replaces);
  const withChit = buys.find((e) => e.move.payment.chits > 0);
  const diceOnly = buys.find((e) => e.move.payment.chits === 0);
  expect(withChit && diceOnly).toBeTruthy();
  return { model, withChit: withChit.move, diceOnly: diceOnly.move };
}

/** Python's answer to the preview asked for, with the payment's chits as it names them. */
function previewOf(model, move) {
  const kind = model.data.catalogue.tiles[move.tile].currency;
  const ask = model.sent.filter((m) => m.kind === "preview").at(-1).ask;
  return {
    position: model.data.view.position, move, ask, title: `Buy it for ${kind}`, pays: ["…"],
    wasted: [], gains: [], goes: [], warning: null, dice: move.payment.dice, returned: [],
    chits: move.payment.chits ? { [kind]: move.payment.chits } : {},
  };
}

describe("the preview highlights the chits that pay", () => {
  it("marks the acting player's chits that the move spends, and only those", async () => {
    const { model, withChit } = mount();
    const me = model.data.view.current;
    const other = 1 - me;
    const kind = model.data.catalogue.tiles[withChit.tile].currency;
    expect(kind).toBe("gold");
    const mine = () => byKey(`chit-${me}-${kind}`);
    const theirs = () => byKey(`chit-${other}-${kind}`);
    expect(mine().classList.contains("nw-paying")).toBe(false);

    click(byKey(`board-${withChit.tile}`));
    expect(model.sent.at(-1)).toEqual({ kind: "preview", move: withChit, ask: 1 });
    // not before Python's answer: the board highlights what the preview says pays
    expect(mine().classList.contains("nw-paying")).toBe(false);
    model.emit("preview", previewOf(model, withChit));
    await tick();
    expect(mine().classList.contains("nw-paying")).toBe(true);
    expect(mine().getAttribute("title")).toContain("1 paying for this move");
    expect(theirs().classList.contains("nw-paying")).toBe(false);
    for (const d of withChit.payment.dice) expect(byKey(`die-${d}`).classList.contains("nw-paying")).toBe(true);

    // Cancel: nothing is highlighted any more
    click(byKey("preview-cancel"));
    await tick();
    expect(mine().classList.contains("nw-paying")).toBe(false);
    expect(mine().getAttribute("title")).not.toContain("paying");
    expect(el.querySelectorAll(".nw-paying").length).toBe(0);
  });

  it("a payment with dice alone highlights no chit", async () => {
    const { model, diceOnly } = mount();
    click(byKey(`board-${diceOnly.tile}`));
    model.emit("preview", previewOf(model, diceOnly));
    await tick();
    expect(el.querySelector(".nw-preview").textContent).toContain("Confirm");
    expect(el.querySelectorAll(".nw-chit.nw-paying").length).toBe(0);
    expect(el.querySelectorAll(".nw-die.nw-paying").length).toBe(diceOnly.payment.dice.length);
  });
});

describe("waiting for the preview", () => {
  it("draws nothing at the click: the answer draws the preview, in one redraw", async () => {
    const { model, withChit } = mount();
    const before = el.querySelector(".nw-actions").innerHTML;
    click(byKey(`board-${withChit.tile}`));
    await tick();
    expect(el.querySelector(".nw-actions").innerHTML).toBe(before);
    model.emit("preview", previewOf(model, withChit));
    await tick();
    expect(el.querySelector(".nw-preview").textContent).toContain(`Buy it for gold`);
  });

  it("says it is working on a slow answer, which then replaces the notice", async () => {
    const { model, withChit } = mount();
    click(byKey(`board-${withChit.tile}`));
    await new Promise((resolve) => setTimeout(resolve, PREVIEW_WAIT_MS + 30));
    expect(el.querySelector(".nw-preview").textContent).toContain("Working out");
    expect(byKey("preview-confirm")).toBeNull();
    model.emit("preview", previewOf(model, withChit));
    await tick();
    expect(el.querySelector(".nw-preview").textContent).not.toContain("Working out");
    expect(byKey("preview-confirm")).not.toBeNull();
  });

  it("a preview cancelled before its answer shows no notice later", async () => {
    const { withChit } = mount();
    click(byKey(`board-${withChit.tile}`));
    el.querySelector(".nw-progress").dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
    await new Promise((resolve) => setTimeout(resolve, PREVIEW_WAIT_MS + 30));
    expect(el.querySelector(".nw-preview")).toBeNull();
  });
});
