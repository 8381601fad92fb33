import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createController } from "../../src/dice/index.js";
import { fixture, mockModel, removeHosts, testHost } from "../helpers.js";

let el;
beforeEach(() => {
  el = testHost();
});
afterEach(removeHosts);

describe("what the other players just did", () => {
  it("the decision panel lists Python's sentences and the board marks their tiles and dice", () => {
    const model = mockModel(fixture("books"));
    createController({ model, el });
    const recent = model.data.view.recent;
    expect(recent.moves.length).toBeGreaterThan(0);
    const panel = el.querySelector(".nw-actions .nw-recent-moves");
    expect(panel.textContent).toContain("Since your last move:");
    recent.moves.forEach((m, i) => expect(el.querySelector(`[data-key="recent-${i}"]`).textContent).toBe(m.text));
    for (const d of recent.dice) expect(el.querySelector(`[data-key="die-${d}"]`).classList.contains("nw-recent")).toBe(true);
    for (const id of recent.tiles) expect(el.querySelector(`.nw-player .nw-tile.nw-recent[data-tile="${id}"]`)).toBeTruthy();
    // nothing else is marked
    expect(el.querySelectorAll(".nw-die.nw-recent").length).toBe(recent.dice.length);
  });

  it("nothing is marked when nobody else has moved", () => {
    const model = mockModel(fixture("give_back_dice"));
    createController({ model, el });
    expect(el.querySelector(".nw-recent-moves")).toBeNull();
    expect(el.querySelector(".nw-recent")).toBeNull();
  });
});

describe("skipping the bots' pause", () => {
  it("while bots play, Skip to my turn asks Python to play them at once", async () => {
    const data = fixture("rich_3p");
    data.seats = ["human", "heuristic", "heuristic"];
    data.busy = true;
    const model = mockModel(data);
    createController({ model, el });
    const button = el.querySelector('[data-key="skip-bots"]');
    expect(button).toBeTruthy();
    button.click();
    expect(model.sent.at(-1)).toEqual({ kind: "skip_bots" });
  });
});
