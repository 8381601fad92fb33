import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createController } from "../../src/dice/index.js";
import { viewingText } from "../../src/shell/panels.js";
import { click, fixture, mockModel, removeHosts, testHost, tick } from "../helpers.js";

let el;
beforeEach(() => {
  el = testHost();
});
afterEach(removeHosts);

const byKey = (key) => el.querySelector(`[data-key="${key}"]`);

describe("viewing an earlier position", () => {
  it("shows a banner, offers no move, and goes back to the game or continues from there", async () => {
    const model = mockModel(fixture("rich_3p"));
    const { position } = model.data.history;
    model.data.history = { ...model.data.history, length: position + 4, game_at: position + 4, can_redo: true };
    createController({ model, el });
    const banner = el.querySelector(".nw-history-banner");
    // counted as the review's marks and the log count moves: position p is before move p + 1
    expect(banner.textContent).toContain(`Viewing the position before move ${position + 1} (of ${position + 4})`);
    expect(byKey("pass")).toBeNull();
    expect(byKey("reroll")).toBeNull();
    const tiles = [...el.querySelectorAll(".nw-progress button.nw-tile")];
    expect(tiles.every((t) => t.getAttribute("aria-disabled") === "true")).toBe(true);
    click(byKey("back-to-game"));
    // Python knows where the game is: the page only asks to go back to it
    expect(model.sent.at(-1)).toEqual({ kind: "back_to_game" });
    click(byKey("continue-here"));
    expect(model.sent.at(-1)).toEqual({ kind: "continue_here" });
    await tick();
    expect(el.querySelector(".nw-history-banner")).toBeNull();
    expect(byKey("pass")).toBeTruthy();
  });
});

describe("after an Undo", () => {
  it("a step back through the history is viewing it; the position undone to is the game's", async () => {
    const model = mockModel(fixture("rich_3p"));
    const { position } = model.data.history;
    // undone to `position` of `position + 2`: the game is there (game_at), Redo can bring
    // the undone moves back
    model.data.history = { ...model.data.history, length: position + 2, can_redo: true, game_at: position };
    createController({ model, el });
    expect(el.querySelector(".nw-history-banner")).toBeNull();
    expect(byKey("pass")).toBeTruthy();
    // ‹: one move back is an earlier position; "Back to the game" asks Python for it
    model.emit("history", { ...model.data.history, position: position - 1 });
    await tick();
    expect(el.querySelector(".nw-history-banner").textContent).toContain(`Viewing the position before move ${position} (of ${position + 2})`);
    click(byKey("back-to-game"));
    expect(model.sent.at(-1)).toEqual({ kind: "back_to_game" });
    // one move forward of where the game is (an undone move) is viewing too
    model.emit("history", { ...model.data.history, position: position + 1 });
    await tick();
    expect(el.querySelector(".nw-history-banner")).toBeTruthy();
    model.emit("history", { ...model.data.history, position });
    await tick();
    expect(el.querySelector(".nw-history-banner")).toBeNull();
  });
});

describe("game over", () => {
  it("a result banner and Play again with the same settings and a new seed", () => {
    const model = mockModel(fixture("game_over_4p"));
    createController({ model, el });
    const banner = el.querySelector(".nw-result-banner");
    expect(banner.textContent).toContain(model.data.view.prompt);
    expect(el.querySelector(".nw-table-scroll .nw-final-table")).toBeTruthy();
    click(byKey("play-again"));
    const sent = model.sent.at(-1);
    expect(sent.kind).toBe("new_game");
    expect(sent.settings.seed).toBeNull();
    expect(sent.settings.players).toBe(model.data.settings.players);
    expect(sent.settings.variant).toBe(model.data.settings.variant);
    expect(sent.settings.seats).toEqual(model.data.seats);
    expect(sent.settings.max_message).toBeUndefined();
  });
});

describe("undo", () => {
  it("takes a move back to play on: no history banner at the undo target", async () => {
    const model = mockModel(fixture("rich_3p"));
    createController({ model, el });
    const { position } = model.data.history;
    const target = model.data.history.undo_to;
    click(byKey("undo"));
    expect(model.sent.at(-1)).toEqual({ kind: "undo" });
    model.emit("history", { ...model.data.history, position: target, length: position, can_redo: true });
    await tick();
    expect(el.querySelector(".nw-history-banner")).toBeNull();
    // jumping elsewhere in the history is viewing it
    model.emit("history", { ...model.data.history, position: Math.max(0, target - 1) });
    await tick();
    expect(el.querySelector(".nw-history-banner")).toBeTruthy();
  });
});

describe("the banner's words", () => {
  it("name the move a review mark names: its Move 1 shows the position before move 1, not 'move 0'", () => {
    expect(viewingText({ position: 0, length: 31 })).toBe("Viewing the position before move 1 (of 31)");
    expect(viewingText({ position: 8, length: 31 })).toBe("Viewing the position before move 9 (of 31)");
    // an undone move viewed after the game's position: the end of the history
    expect(viewingText({ position: 31, length: 31 })).toBe("Viewing the position after the last move (move 31)");
  });
});
