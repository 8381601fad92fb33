// The Learn entry's lesson panel (src/learn/index.js): the list of lessons with the ones
// done in this browser ticked, a lesson's text and task, the buttons a status offers, and
// every click sent to Python as {kind: "lesson", action, ...}.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import panel, { DONE_KEY, doneLessons, markDone } from "../../src/learn/index.js";
import { click, mockModel, removeHosts, testHost, tick } from "../helpers.js";

const CATALOGUE = [
  { game: "dice", title: "Nations: The Dice Game", lessons: [
    { key: "dice-round", title: "One round, step by step" },
    { key: "dice-buy", title: "Buying a tile" }] },
  { game: "board", title: "Nations (the board game)", lessons: [
    { key: "board-end", title: "The last round" }] },
];
const LESSON = {
  key: "dice-buy", game: "dice", title: "Buying a tile", explanation: ["Rows are prices."],
  task: "Buy the dearest tile.", status: "trying", tries: 0, hint: "", shown: false,
  can_show: false, message: "", next: "dice-reroll", next_title: "Rerolling dice",
  last: false, number: 2, count: 7,
};

let el;
beforeEach(() => {
  localStorage.clear();
  el = testHost();
});
afterEach(() => removeHosts());

const byKey = (key) => el.querySelector(`[data-key="${key}"]`);

describe("the lesson panel", () => {
  it("lists each game's lessons, ticks those done here, and opens one", () => {
    markDone("dice-round");
    const model = mockModel({ catalogue: CATALOGUE, lesson: {}, error: "" });
    panel.render({ model, el });
    const items = [...el.querySelectorAll("button.nw-learn-item")];
    expect(items.map((b) => b.dataset.lesson)).toEqual(["dice-round", "dice-buy", "board-end"]);
    expect(items[0].classList.contains("nw-learn-done")).toBe(true);
    expect(items[1].classList.contains("nw-learn-done")).toBe(false);
    expect(el.textContent).toContain("1 of 2 done");
    click(byKey("open-dice-buy"));
    expect(model.sent).toEqual([{ kind: "lesson", action: "open", key: "dice-buy" }]);
  });

  it("shows the task, then the hint and Show me after a wrong try", async () => {
    const model = mockModel({ catalogue: CATALOGUE, lesson: LESSON, error: "" });
    panel.render({ model, el });
    expect(el.querySelector(".nw-learn-task").textContent).toContain("Buy the dearest tile.");
    expect(byKey("show")).toBeNull();
    expect(el.querySelector(".nw-learn-hint")).toBeNull();
    click(byKey("hint"));                 // a hint may be asked for before a try
    expect(model.sent).toEqual([{ kind: "lesson", action: "hint" }]);
    model.sent.length = 0;
    model.emit("lesson", { ...LESSON, status: "wrong", tries: 1, hint: "Look at row 2.", can_show: true, message: "Not quite." });
    await tick();
    expect(el.querySelector(".nw-learn-hint").textContent).toContain("Look at row 2.");
    expect(byKey("hint")).toBeNull();
    click(byKey("show"));
    click(byKey("retry"));
    expect(model.sent).toEqual([{ kind: "lesson", action: "show" }, { kind: "lesson", action: "retry" }]);
  });

  it("remembers a lesson done and offers the next one", async () => {
    const model = mockModel({ catalogue: CATALOGUE, lesson: LESSON, error: "" });
    panel.render({ model, el });
    expect(doneLessons()).toEqual([]);
    model.emit("lesson", { ...LESSON, status: "done", message: "Nothing wasted." });
    await tick();
    expect(doneLessons()).toEqual(["dice-buy"]);
    expect(JSON.parse(localStorage.getItem(DONE_KEY))).toEqual(["dice-buy"]);
    expect(el.querySelector('[role="status"]').textContent).toContain("Right!");
    click(byKey("next"));
    click(byKey("list"));
    expect(model.sent).toEqual([{ kind: "lesson", action: "next" }, { kind: "lesson", action: "list" }]);
  });

  it("offers a first game at the last lesson", () => {
    const last = { ...LESSON, key: "board-end", game: "board", last: true, next: "", status: "done" };
    const model = mockModel({ catalogue: CATALOGUE, lesson: last, error: "", offers_first_game: true });
    panel.render({ model, el });
    expect(byKey("next")).toBeNull();
    click(byKey("first-game"));
    expect(model.sent).toEqual([{ kind: "lesson", action: "first_game", game: "board" }]);
  });

  it("keeps a broken store from breaking the list", () => {
    localStorage.setItem(DONE_KEY, "{not json");
    expect(doneLessons()).toEqual([]);
    localStorage.setItem(DONE_KEY, JSON.stringify(["a", 3, null]));
    expect(doneLessons()).toEqual(["a"]);
  });

  it("offers no first game where there is no app to open it in (a notebook)", () => {
    const last = { ...LESSON, key: "board-end", game: "board", last: true, next: "", status: "done" };
    const model = mockModel({ catalogue: CATALOGUE, lesson: last, error: "", offers_first_game: false });
    panel.render({ model, el });
    expect(byKey("first-game")).toBeNull();
  });

  it("shows Python's refusal", () => {
    const model = mockModel({ catalogue: CATALOGUE, lesson: {}, error: "There is no such lesson." });
    panel.render({ model, el });
    expect(el.querySelector('[role="alert"]').textContent).toBe("There is no such lesson.");
  });
});
