import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createController } from "../../src/dice/index.js";
import { SHORTCUTS } from "../../src/dice/render.js";
import { SHELL_SHORTCUTS } from "../../src/shell/controller.js";
import { click, fixture, mockModel, removeHosts, testHost, tick } from "../helpers.js";

let el;
beforeEach(() => {
  el = testHost();
});
afterEach(removeHosts);

const byKey = (key) => el.querySelector(`[data-key="${key}"]`);
function press(target, key, extra = {}) {
  target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...extra }));
}

describe("keyboard shortcuts", () => {
  it("P passes, digits pick dice, R rerolls them, U and Ctrl+Z undo", () => {
    const model = mockModel(fixture("rich_3p"));
    createController({ model, el });
    const v = model.data.view;
    const mine = v.dice.map((d, i) => [i, d]).filter(([, d]) => d[0] === v.current && !d[1]).map(([i]) => i);
    const focus = byKey("pass");
    press(focus, "1");
    expect(byKey(`die-${mine[0]}`).getAttribute("aria-pressed")).toBe("true");
    press(byKey("pass"), "2");
    expect(model.data.legal.some((e) => e.move.type === "reroll")).toBe(true);
    press(byKey("pass"), "r");
    expect(model.sent.at(-1)).toEqual({ kind: "move", seat: v.current, position: v.position, move: { type: "reroll", dice: [mine[0], mine[1]].sort((a, b) => a - b) } });
    press(byKey("pass"), "Escape");
    press(byKey("pass"), "p");
    expect(model.sent.at(-1).move.type).toBe("pass");
    press(byKey("pass"), "u");
    expect(model.sent.at(-1)).toEqual({ kind: "undo" });
    model.sent.length = 0;
    press(byKey("pass"), "z", { ctrlKey: true });
    expect(model.sent.at(-1)).toEqual({ kind: "undo" });
  });

  it("keys typed into a field are left alone", () => {
    const model = mockModel(fixture("rich_3p"));
    createController({ model, el });
    const seed = el.querySelector('input[type="text"], input[type="number"], input:not([type])');
    expect(seed).toBeTruthy();
    press(seed, "p");
    expect(model.sent.filter((m) => m.kind === "move")).toEqual([]);
  });

  it("? opens the list of shortcuts (also from its button), Escape closes it", async () => {
    const model = mockModel(fixture("rich_3p"));
    createController({ model, el });
    press(byKey("pass"), "?");
    const overlay = byKey("help-overlay");
    expect(overlay.tagName).toBe("DIALOG");
    for (const [k] of [...SHORTCUTS, ...SHELL_SHORTCUTS]) expect(overlay.textContent).toContain(k);
    press(byKey("help-close"), "Escape");
    expect(byKey("help-overlay")).toBeNull();
    click(byKey("help"));
    expect(byKey("help-overlay")).toBeTruthy();
    click(byKey("help-close"));
    expect(byKey("help-overlay")).toBeNull();
  });

  it("arrow keys move across the progress board's tiles", () => {
    const model = mockModel(fixture("start_2p"));
    createController({ model, el });
    const tiles = [...el.querySelectorAll(".nw-progress .nw-board-grid > .nw-tile")];
    const cols = model.data.view.board.length;
    tiles[0].focus();
    press(tiles[0], "ArrowRight");
    expect(document.activeElement).toBe(tiles[1]);
    press(tiles[1], "ArrowDown");
    expect(document.activeElement).toBe(tiles[1 + cols]);
    press(tiles[1 + cols], "ArrowLeft");
    expect(document.activeElement).toBe(tiles[cols]);
  });
});

describe("the arrows from the board itself", () => {
  it("enter the progress board on the first tile the player can buy, as the shortcut list promises", () => {
    const model = mockModel(fixture("start_2p"));
    createController({ model, el });
    // the focus is on the board's host after a click on a die or a key like P or 1
    const host = el.querySelector("[data-nw-host]") || el;
    host.focus();
    press(host, "ArrowRight");
    const tiles = [...el.querySelectorAll(".nw-progress .nw-board-grid > .nw-tile")];
    const buyable = tiles.find((x) => x.classList.contains("nw-clickable")) || tiles[0];
    expect(document.activeElement).toBe(buyable);
    // and from there they move across the tiles as before
    const i = tiles.indexOf(buyable);
    if (tiles[i + 1]) {
      press(buyable, "ArrowRight");
      expect(document.activeElement).toBe(tiles[i + 1]);
    }
  });

  it("leave the history's slider its own arrows", () => {
    const model = mockModel(fixture("rich_3p"));
    createController({ model, el });
    const slider = el.querySelector("input[type='range']");
    expect(slider).toBeTruthy();
    slider.focus();
    press(slider, "ArrowLeft");
    expect(document.activeElement).toBe(slider);
  });
});
