import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createController } from "../../src/dice/index.js";
import { click, fixture, mockModel, removeHosts, testHost } from "../helpers.js";

let el;
beforeEach(() => {
  el = testHost();
});
afterEach(removeHosts);

const byKey = (key) => el.querySelector(`[data-key="${key}"]`);
const SUMMARY = {
  round: 1, event: "Battle of Marathon", order: [2, 1, 0],
  rows: [
    { seat: 0, books: 0, famine: 0, war: 0, total: 0 },
    { seat: 1, books: 2, famine: 1, war: 0, total: 3 },
    { seat: 2, books: 1, famine: 0, war: 1, total: 2 },
  ],
};

function mount() {
  const data = fixture("rich_3p");
  data.view = { ...data.view, round_summary: SUMMARY };
  const model = mockModel(data);
  createController({ model, el });
  return model;
}

describe("the end-of-round summary", () => {
  it("shows what each player gained and the new order; a click dismisses it", () => {
    mount();
    const panel = byKey("round-summary");
    expect(panel.textContent).toContain("End of round 1 — Battle of Marathon");
    expect(panel.textContent).toContain("New player order: Player 3, Player 2, Player 1.");
    const rows = [...panel.querySelectorAll("tbody tr")].map((tr) => tr.textContent);
    expect(rows[1]).toBe("Player 2+2 VP+1 VP+0 VP+3 VP");
    click(byKey("round-summary-close"));
    expect(byKey("round-summary")).toBeNull();
  });

  it("a famine or war not met says so in Python's words beside its +0 VP", () => {
    const data = fixture("rich_3p");
    const rows = SUMMARY.rows.map((r) => ({ ...r, famine_missed: null, war_missed: null }));
    rows[0] = { ...rows[0], famine_missed: "missed: 2 food needed, had 1", war_missed: "not paid: 5 strength needed, had enough" };
    data.view = { ...data.view, round_summary: { ...SUMMARY, rows } };
    createController({ model: mockModel(data), el });
    const rowsDrawn = [...byKey("round-summary").querySelectorAll("tbody tr")];
    // Player 1's row, then a line of its own with why each target scored nothing
    expect([...rowsDrawn[0].querySelectorAll("td")].map((c) => c.textContent)).toEqual(["+0 VP", "+0 VP", "+0 VP", "+0 VP"]);
    expect(rowsDrawn[1].textContent).toBe("Famine missed: 2 food needed, had 1. War not paid: 5 strength needed, had enough.");
    expect(rowsDrawn[1].querySelector("td").getAttribute("colspan")).toBe("5");
    // a target met: no such line
    expect(rowsDrawn[2].textContent).toBe("Player 2+2 VP+1 VP+0 VP+3 VP");
    expect(rowsDrawn.length).toBe(4);
  });

  it("any key dismisses it, and it does not come back", () => {
    mount();
    byKey("pass").dispatchEvent(new KeyboardEvent("keydown", { key: "x", bubbles: true, cancelable: true }));
    expect(byKey("round-summary")).toBeNull();
  });

  it("absent when Python sends none (all-bot games, mid-round)", () => {
    const model = mockModel(fixture("rich_3p"));
    createController({ model, el });
    expect(byKey("round-summary")).toBeNull();
  });
});
