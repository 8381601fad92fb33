// The review panel (js/src/shell/review.js): drawn from Python's `review` trait only; its
// clicks send intents (review, review_cancel, goto, puzzle_answer) and grade nothing.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createController as boardController } from "../../src/board/index.js";
import { createController } from "../../src/dice/index.js";
import { boardModel, click, fixture, mockModel, removeHosts, testHost, tick } from "../helpers.js";

let el;
beforeEach(() => {
  el = testHost();
});
afterEach(removeHosts);

const byKey = (key) => el.querySelector(`[data-key="${key}"]`);

function decision(index, position, seat, chances, mark = null) {
  const symbol = { inaccuracy: "?!", mistake: "?", blunder: "??" }[mark] || "";
  return {
    index, position, seat, played: { type: "pass" }, played_text: "Pass", best: { type: "build" }, best_text: "Build a wonder",
    same: !mark, chances, errors: chances.map(() => 0.02), after: null, after_errors: null, graded: seat === 0,
    loss: seat === 0 ? (mark ? 0.12 : 0) : null, loss_error: seat === 0 ? 0.01 : null, mark, playouts: 24, symbol,
    text: mark ? `Player ${seat + 1}: Pass: a ${mark} (−12 points of the chance to win, ± 2); the coach preferred Build a wonder` : `Player ${seat + 1}: Pass`,
  };
}

const four = (a) => [a, (1 - a) / 3, (1 - a) / 3, (1 - a) / 3];

function result() {
  const decisions = [
    decision(0, 0, 0, four(0.25)),
    decision(1, 3, 1, four(0.3)),
    decision(2, 10, 0, four(0.3), "mistake"),
    decision(3, 20, 2, four(0.15)),
    decision(4, 31, 0, four(0.12), "blunder"),
    decision(5, 50, 3, four(0.05)),
  ];
  const summaries = [0, 1, 2, 3].map((seat) => ({
    seat, label: `Player ${seat + 1}`, graded: seat === 0 ? 3 : 0, accuracy: seat === 0 ? 61.5 : null,
    inaccuracies: 0, mistakes: seat === 0 ? 1 : 0, blunders: seat === 0 ? 1 : 0, lost: 0.2,
    decided_at: 2, decided_position: 10, decided_change: -0.15, decided_text: "move 11, Player 1: Pass (−15 points for Player 1)", final_chance: seat === 3 ? 1 : 0,
  }));
  return {
    format: "nations-review", version: 1, players: 4, playouts: 24, seed: 1, upto: 69, over: true, graded_seats: [0],
    thresholds: [0.05, 0.1, 0.15], marks: [], decisions, final: [0, 0, 0, 1], summaries, seconds: 12.5,
    accuracy_note: "Accuracy: how close the decisions came to the coach's best. A random mover scores about 30%.",
    puzzles: [
      { index: 0, decision: 2, position: 10, seat: 0, played: { type: "pass" }, played_text: "Pass", best_text: "Build a wonder", loss: 0.12, mark: "mistake", accepted: [{ type: "build" }], accepted_text: ["Build a wonder"], question: "Player 1 played Pass here (a mistake). Find a better move." },
      { index: 1, decision: 4, position: 31, seat: 0, played: { type: "pass" }, played_text: "Pass", best_text: "Build a wonder", loss: 0.2, mark: "blunder", accepted: [{ type: "build" }], accepted_text: ["Build a wonder"], question: "Player 1 played Pass here (a blunder). Find a better move." },
    ],
  };
}

const OFF = { status: "off", available: false, done: 0, total: 0, result: null, answer: null, upto: 0, seats: [], message: "" };

function mount(review) {
  const model = mockModel({ ...fixture("game_over_4p"), coach: { on: false, hint: null, verdict: null }, preview: {}, review });
  createController({ model, el });
  return model;
}

describe("the review panel", () => {
  it("is offered once Python says so, and its button asks Python for the review", async () => {
    const model = mount(OFF);
    expect(byKey("review")).toBeNull();
    model.emit("review", { ...OFF, available: true });
    await tick();
    const start = byKey("review-start");
    expect(start.textContent).toBe("Review the game");
    click(start);
    expect(model.sent.at(-1)).toEqual({ kind: "review" });
  });

  it("shows the progress Python sends, with Cancel", async () => {
    const model = mount({ ...OFF, available: true, status: "running", done: 40, total: 160 });
    await tick();
    const bar = byKey("review-progress");
    expect(bar.getAttribute("value")).toBe("40");
    expect(bar.getAttribute("max")).toBe("160");
    expect(byKey("review").textContent).toContain("40 of 160 decisions");
    expect(byKey("review-start")).toBeNull();
    click(byKey("review-cancel"));
    expect(model.sent.at(-1)).toEqual({ kind: "review_cancel" });
  });

  it("draws a line per seat through every decision and the result, and the marks on the mover's line", async () => {
    mount({ ...OFF, available: true, status: "done", done: 6, total: 6, result: result() });
    await tick();
    const svg = byKey("review-graph");
    const lines = svg.querySelectorAll("path.nw-review-line");
    expect(lines.length).toBe(4);
    // 6 decisions and the final result: 7 points per line
    expect(lines[0].getAttribute("d").match(/[ML]/g).length).toBe(7);
    expect(lines[2].getAttribute("style")).toContain("--nw-seat-2");
    // Player 1's line ends at 0 (its result), at the bottom of the box
    expect(lines[0].getAttribute("d").endsWith(",222.0")).toBe(true);
    const marks = svg.querySelectorAll(".nw-review-mark");
    expect([...marks].map((m) => m.querySelector(".nw-review-symbol").textContent)).toEqual(["?", "??"]);
    expect(marks[1].getAttribute("aria-label")).toContain("blunder");
    expect(marks[1].getAttribute("aria-label")).toContain("the coach preferred Build a wonder");
    // the scale: grid lines at 0, 50 and 100%, labelled
    expect(svg.querySelectorAll("line.nw-review-grid").length).toBe(3);
    expect([...svg.querySelectorAll("text.nw-review-axis")].map((t) => t.textContent)).toEqual(["0%", "50%", "100%"]);
    expect(svg.textContent).not.toContain("[object");
    expect(svg.getAttribute("role")).toBe("img");
    expect(svg.getAttribute("aria-label")).toContain("Player 1 from 25% to 0%");
    // the text alternative: a row per decision and one for the result
    expect(el.querySelectorAll(".nw-review-figures tbody tr").length).toBe(7);
    const rows = el.querySelectorAll(".nw-review-summary tbody tr");
    expect(rows.length).toBe(4);
    expect(rows[0].textContent).toContain("62%");
    expect(rows[0].textContent).toContain("move 11");
    expect(rows[1].textContent).toContain("not graded");
    // what the figure means, as Python words it, under the table
    expect(el.querySelector(".nw-review-accuracy-note").textContent).toContain("A random mover scores about 30%");
    expect(el.textContent).toContain("at least 5 points");
  });

  it("a click on a mark, on its line in the list or on the graph shows that position", async () => {
    const model = mount({ ...OFF, available: true, status: "done", done: 6, total: 6, result: result() });
    await tick();
    click(byKey("review-mark-4"));
    expect(model.sent.at(-1)).toEqual({ kind: "goto", position: 31 });
    byKey("review-mark-2").dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(model.sent.at(-1)).toEqual({ kind: "goto", position: 10 });
    click(byKey("review-goto-2"));
    expect(model.sent.at(-1)).toEqual({ kind: "goto", position: 10 });
    // what the click shows, said for a thumb as for a mouse: the position the move was played from
    expect(byKey("review-goto-2").title).toBe("Show the position before this move");
    expect(el.querySelector(".nw-review-chart .nw-review-note").textContent).toContain("Tap or click the graph or a mark to see the position before that move");
    const surface = byKey("review-surface");
    surface.getBoundingClientRect = () => ({ left: 100, width: 600, top: 0, height: 100, right: 700, bottom: 100 });
    surface.dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: 700 }));
    expect(model.sent.at(-1)).toEqual({ kind: "goto", position: 69 }); // the end: the result
    surface.dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: 100 }));
    expect(model.sent.at(-1)).toEqual({ kind: "goto", position: 0 });
  });

  it("puzzles: the position is shown, the move picked is sent to Python, and its answer shown", async () => {
    const model = mount({ ...OFF, available: true, status: "done", done: 6, total: 6, result: result() });
    await tick();
    click(byKey("puzzles-start"));
    expect(model.sent.at(-1)).toEqual({ kind: "goto", position: 10 });
    // Python shows the position, with the moves of the human to decide there
    const legal = [{ move: { type: "pass" }, text: "Pass" }, { move: { type: "build" }, text: "Build a wonder" }];
    model.emit("view", { ...model.data.view, position: 10, current: 0 });
    model.emit("legal", legal);
    model.emit("history", { ...model.data.history, position: 10 });
    await tick();
    expect(byKey("review").textContent).toContain("Puzzle 1 of 2");
    const pick = byKey("puzzle-pick");
    expect([...pick.options].map((o) => o.textContent)).toEqual(["Pass", "Build a wonder"]);
    pick.value = "1";
    pick.dispatchEvent(new Event("change", { bubbles: true }));
    click(byKey("puzzle-check"));
    expect(model.sent.at(-1)).toEqual({ kind: "puzzle_answer", puzzle: 0, move: { type: "build" } });
    model.emit("review", { ...model.data.review, answer: { puzzle: 0, move: { type: "build" }, move_text: "Build a wonder", correct: true, text: "Yes: Build a wonder is as good as the coach's best move here." } });
    await tick();
    expect(byKey("puzzle-answer").textContent).toContain("Right. Yes: Build a wonder");
    click(byKey("puzzle-next"));
    expect(model.sent.at(-1)).toEqual({ kind: "goto", position: 31 });
    await tick();
    expect(byKey("review").textContent).toContain("Puzzle 2 of 2");
    expect(byKey("puzzle-next").disabled).toBe(true);
    click(byKey("puzzle-done"));
    expect(model.sent.at(-1)).toEqual({ kind: "back_to_game" });
  });
});

describe("a jump from the review brings the board on screen", () => {
  // jsdom lays nothing out and has no scrollIntoView: the calls are recorded
  let scrolled;
  beforeEach(() => {
    scrolled = [];
    Element.prototype.scrollIntoView = function scrollIntoView(options) {
      scrolled.push([this, options]);
    };
  });
  afterEach(() => {
    delete Element.prototype.scrollIntoView;
  });
  const scrolledTo = (selector) => scrolled.filter(([e]) => e.matches(selector));
  const DONE = { ...OFF, available: true, status: "done", done: 6, total: 6, result: result() };
  // Python's answer to the goto: the position shown, the game where it was
  function answer(model, position) {
    model.emit("view", { ...model.data.view, position });
    model.emit("history", { ...model.data.history, position });
  }

  it("a mark in the list: once its position is drawn, the progress board scrolls into view and the focus goes to 'Back to the review', which returns", async () => {
    const model = mount(DONE);
    await tick();
    expect(scrolledTo(".nw-progress")).toEqual([]);
    const mark = byKey("review-goto-2");
    mark.focus();
    click(mark);
    expect(model.sent.at(-1)).toEqual({ kind: "goto", position: 10 });
    await tick();
    // not before the position is there
    expect(scrolledTo(".nw-progress")).toEqual([]);
    answer(model, 10);
    await tick();
    expect(scrolledTo(".nw-progress").map(([, o]) => o)).toEqual([{ block: "nearest" }]);
    const back = byKey("back-to-review");
    expect(back.textContent).toBe("Back to the review");
    expect(document.activeElement).toBe(back);
    // the banner, after the board: on a phone it may be below the window's bottom
    expect(scrolled.at(-1)[0]).toBe(back.closest(".nw-history-banner"));
    // other draws at that position (a trait that changes) scroll nothing
    scrolled.length = 0;
    model.emit("busy", true);
    await tick();
    model.emit("busy", false);
    await tick();
    expect(scrolledTo(".nw-progress")).toEqual([]);
    // back: the mark on screen, with the focus
    click(byKey("back-to-review"));
    await tick();
    expect(document.activeElement).toBe(byKey("review-goto-2"));
    expect(scrolledTo("[data-key='review-goto-2']").length).toBe(1);
    expect(byKey("back-to-review")).toBeNull();
  });

  it("the banner steps to the previous and next marks, the board brought on screen each time", async () => {
    const model = mount(DONE);
    await tick();
    click(byKey("review-goto-2"));
    answer(model, 10);
    await tick();
    // the first mark: no previous one
    expect(byKey("review-prev-mark").disabled).toBe(true);
    expect(byKey("review-next-mark").title).toBe("The next marked move: ?? move 32");
    scrolled.length = 0;
    click(byKey("review-next-mark"));
    expect(model.sent.at(-1)).toEqual({ kind: "goto", position: 31 });
    answer(model, 31);
    await tick();
    expect(scrolledTo(".nw-progress").length).toBe(1);
    // the last mark: Next is off, the focus goes to Back to the review, which returns to it
    expect(byKey("review-next-mark").disabled).toBe(true);
    expect(byKey("review-prev-mark").disabled).toBe(false);
    expect(document.activeElement).toBe(byKey("back-to-review"));
    click(byKey("back-to-review"));
    await tick();
    expect(document.activeElement).toBe(byKey("review-goto-4"));
  });

  it("stepping with Next mark keeps the focus on it while there is a next mark", async () => {
    const three = result();
    three.decisions[0] = decision(0, 0, 0, four(0.25), "inaccuracy");
    const model = mount({ ...DONE, result: three });
    await tick();
    click(byKey("review-goto-0"));
    answer(model, 0);
    await tick();
    click(byKey("review-next-mark"));
    expect(model.sent.at(-1)).toEqual({ kind: "goto", position: 10 });
    answer(model, 10);
    await tick();
    expect(document.activeElement).toBe(byKey("review-next-mark"));
    expect(byKey("review-next-mark").disabled).toBe(false);
  });

  it("a mark on the graph by keyboard, and the position already shown, bring the board too", async () => {
    const model = mount(DONE);
    await tick();
    answer(model, 31);
    await tick();
    const mark = byKey("review-mark-4");
    mark.focus();
    mark.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(model.sent.at(-1)).toEqual({ kind: "goto", position: 31 });
    // Python changes nothing (the position was shown already): the board comes all the same
    await tick();
    expect(scrolledTo(".nw-progress").length).toBe(1);
    expect(document.activeElement).toBe(byKey("back-to-review"));
  });

  it("the history moved otherwise (the slider, Undo, a puzzle) scrolls nothing", async () => {
    const model = mount(DONE);
    await tick();
    answer(model, 20);
    await tick();
    click(byKey("puzzles-start"));
    answer(model, 10);
    await tick();
    expect(scrolledTo(".nw-progress")).toEqual([]);
    expect(byKey("back-to-review")).toBeNull();
  });

  it("the board game: its progress board is brought on screen", async () => {
    const model = boardModel("growth_2p");
    model.data.review = { ...DONE, result: { ...result(), players: 2 } };
    model.data.coach = { on: false, hint: null, verdict: null };
    boardController({ model, el });
    await tick();
    click(byKey("review-goto-4"));
    expect(model.sent.at(-1)).toEqual({ kind: "goto", position: 31 });
    model.emit("view", { ...model.data.view, position: 31 });
    model.emit("history", { ...model.data.history, position: 31, game_at: 40, length: 40 });
    await tick();
    expect(scrolledTo(".nwb-progress").map(([, o]) => o)).toEqual([{ block: "nearest" }]);
    expect(document.activeElement).toBe(byKey("back-to-review"));
  });
});
