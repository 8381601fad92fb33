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

  it("puzzles: the way in asks Python to open the first on the board; no list of moves", async () => {
    const model = mount({ ...OFF, available: true, status: "done", done: 6, total: 6, result: result() });
    await tick();
    expect(byKey("puzzle-pick")).toBeNull();
    click(byKey("puzzles-start"));
    expect(model.sent.at(-1)).toEqual({ kind: "puzzle_open", puzzle: 0 });
  });
});

describe("a puzzle is played on the board (issue 30)", () => {
  // the review done, puzzle 1 open at the fixture's position (0), where the seat to play is
  // a bot's in the game: the board's controls are live all the same, and a move played
  // there is sent as the puzzle's answer, never as the game's move
  function puzzleReview(position, seat, extra = {}) {
    const r = result();
    r.puzzles = r.puzzles.map((p, i) => ({ ...p, position: i === 0 ? position : p.position, seat, best: { type: "pass" } }));
    return { ...OFF, available: true, status: "done", done: 6, total: 6, result: r,
      puzzle: { index: 0, position, seat, best_preview: false }, ...extra };
  }

  function mountDice(review) {
    const data = fixture("start_2p");
    const model = mockModel({ ...data, seats: ["random", "human"], coach: { on: false, hint: null, verdict: null }, preview: {}, review,
      history: { ...data.history, game_at: 30, length: 30, position: 0 } });
    createController({ model, el });
    return model;
  }

  it("the dice game: the question above the decision, the moves live, a move sent as the answer", async () => {
    const model = mountDice(puzzleReview(0, 0));
    await tick();
    const banner = byKey("puzzle");
    expect(banner).not.toBeNull();
    expect(banner.textContent).toContain("Puzzle 1 of 2");
    expect(banner.textContent).toContain("Player 1 played Pass here (a mistake)");
    // not "viewing history": the decision's own controls, no "Back to the game" banner
    expect(byKey("back-to-game")).toBeNull();
    expect(el.querySelector(".nw-actions").classList.contains("nw-ask-live")).toBe(true);
    const pass = byKey("pass");
    expect(pass.disabled).toBe(false);
    click(pass);
    const sent = model.sent.filter((m) => m.kind === "puzzle_answer" || m.kind === "move");
    expect(sent.length).toBe(1);
    expect(sent[0]).toMatchObject({ kind: "puzzle_answer", puzzle: 0, position: 0 });
    expect(sent[0].move.type).toBe("pass");
    // Python checking, then its answer in words, under the question
    model.emit("review", { ...model.data.review, checking: 0 });
    await tick();
    expect(byKey("puzzle-checking").textContent).toContain("checking");
    model.emit("review", { ...model.data.review, checking: null, answer: { puzzle: 0, move: { type: "pass" }, move_text: "Pass", correct: false,
      text: "Not quite: that is the move played in the game. The coach's choice here: Build a wonder.", best: { type: "build" }, best_text: "Build a wonder" } });
    await tick();
    expect(byKey("puzzle-answer").textContent).toBe("Not quite: that is the move played in the game. The coach's choice here: Build a wonder.");
    // the next puzzle, and Done, ask Python
    click(byKey("puzzle-next"));
    expect(model.sent.at(-1)).toEqual({ kind: "puzzle_open", puzzle: 1 });
    click(byKey("puzzle-done"));
    expect(model.sent.at(-1)).toEqual({ kind: "puzzle_close" });
  });

  it("Show me: a move without a preview is said in words, played only when asked; with one, it is previewed first", async () => {
    const model = mountDice(puzzleReview(0, 0));
    await tick();
    const before = model.sent.length;
    click(byKey("puzzle-show-me"));
    await tick();
    // showing answers nothing: the coach's move in words, and a button that plays it
    expect(model.sent.length).toBe(before);
    expect(byKey("puzzle-shown").textContent).toContain(`The coach would play: ${model.data.review.result.puzzles[0].best_text}.`);
    click(byKey("puzzle-play-best"));
    expect(model.sent.at(-1)).toMatchObject({ kind: "puzzle_answer", puzzle: 0, position: 0, move: { type: "pass" } });
    // another puzzle: its own Show me (the words of this one go)
    const second = { ...puzzleReview(0, 0), puzzle: { index: 1, position: 0, seat: 0, best_preview: false } };
    second.result.puzzles[1].position = 0;
    model.emit("review", second);
    await tick();
    expect(byKey("puzzle").textContent).toContain("Puzzle 2 of 2");
    expect(byKey("puzzle-shown")).toBeNull();
    const buy = model.data.legal.find((m) => m.move.type === "buy").move;
    const review = puzzleReview(0, 0);
    review.result.puzzles[0].best = buy;
    review.puzzle.best_preview = true;
    model.emit("review", review);
    await tick();
    click(byKey("puzzle-show-me"));
    expect(model.sent.at(-1)).toMatchObject({ kind: "preview", move: buy });
  });

  it("another position shown: no puzzle, the history banner as before", async () => {
    const model = mountDice(puzzleReview(5, 0));
    await tick();
    expect(byKey("puzzle")).toBeNull();
    expect(byKey("back-to-game")).not.toBeNull();
    expect(byKey("pass")).toBeNull();
    expect(model.sent.filter((m) => m.kind === "puzzle_answer")).toEqual([]);
  });

  it("the board game: the banner above the table, its Pass sent as the answer after its preview's Confirm", async () => {
    const model = boardModel("actions_3p");
    const position = model.data.view.position;
    model.data.seats = ["heuristic", "heuristic", "random"];
    model.data.history = { ...model.data.history, game_at: 60, length: 60 };
    model.data.coach = { on: false, hint: null, verdict: null };
    model.data.review = puzzleReview(position, 0);
    boardController({ model, el });
    await tick();
    expect(byKey("puzzle").textContent).toContain("Puzzle 1 of 2");
    // no Undo beside the decision: it would take back a move of the game
    expect(byKey("undo-near")).toBeNull();
    const pass = el.querySelector(".nwb-pass-btn");
    expect(pass).not.toBeNull();
    click(pass);
    // previews on: Python's preview first, then Confirm gives the answer
    const ask = model.sent.at(-1);
    if (ask.kind === "preview") {
      model.emit("preview", { ...ask.move && { move: ask.move }, ask: ask.ask, position, ok: true, title: "Pass", pays: [], gains: [], goes: [], rows: [], lines: [] });
      await tick();
      click(byKey("preview-confirm") || el.querySelector(".nw-preview .nw-primary"));
    }
    const answer = model.sent.at(-1);
    expect(answer).toMatchObject({ kind: "puzzle_answer", puzzle: 0, position });
    expect(answer.move.type).toBe("pass");
    expect(model.sent.some((m) => m.kind === "move")).toBe(false);
  });
});

describe("the review tells play from luck", () => {
  // a roll after decision 1 moved Player 1 from 30% to 15% (a swing of −15 for Player 1);
  // one after decision 3 moved the chances by 2 points only (not a swing); Player 1 lost
  // most over rounds 1-2, decisions 0-4
  function lucky() {
    const r = result();
    r.luck = [
      { index: 0, decision: 1, position: 5, move_position: 4, seat: 1, move_text: "Reroll", changes: [-0.15, 0.05, 0.05, 0.05], errors: [0.02, 0.02, 0.02, 0.02], seats: [0], text: "move 5, Player 2: Reroll: the dice moved Player 1's chance −15 points" },
      { index: 1, decision: 3, position: 25, move_position: 24, seat: 2, move_text: "Pass", changes: [0.02, -0.02, 0, 0], errors: [0.02, 0.02, 0.02, 0.02], seats: [], text: "" },
    ];
    r.stretches = [{ seat: 0, first_round: 1, last_round: 2, first: 0, last: 4, position: 0, decisions: 3, loss: 0.21, points: 4.2, kind: "buying wonders", kind_loss: 0.12, kind_decisions: 2, worst: 2, text: "Rounds 1-2, Player 1: −21 points of the chance to win over 3 decisions, mostly from buying wonders (−12 over 2 decisions)" }];
    r.summaries[0] = { ...r.summaries[0], luck: -0.15, luck_swings: 1, luck_text: "−15 points of the chance to win over 1 big swing of the dice" };
    r.judged = true;
    r.judge_note = "";
    return r;
  }
  const done = (r) => ({ ...OFF, available: true, status: "done", done: 6, total: 6, result: r });

  it("draws a die, apart from the decisions' marks, where a roll moved a seat's chance by a mark's step, and a click shows the position after it", async () => {
    const model = mount(done(lucky()));
    await tick();
    const svg = byKey("review-graph");
    const dice = svg.querySelectorAll(".nw-review-luck");
    expect(dice.length).toBe(1); // the small change is not drawn
    const luck = byKey("review-luck-0");
    // a die of its own (a square and pips), not a decision's mark
    expect(luck.querySelector("rect.nw-review-die")).not.toBeNull();
    expect(luck.querySelectorAll("circle.nw-review-pip").length).toBe(3);
    expect(luck.classList.contains("nw-review-mark")).toBe(false);
    expect(luck.classList.contains("nw-review-luck-down")).toBe(true);
    expect(luck.getAttribute("aria-label")).toBe("Luck at move 5: move 5, Player 2: Reroll: the dice moved Player 1's chance −15 points");
    // between the two decisions the roll came between, at the foot of the graph
    const x = Number(luck.querySelector("rect.nw-review-die").getAttribute("x")) + 7;
    const marks = svg.querySelectorAll(".nw-review-mark .nw-review-dot");
    expect(marks.length).toBe(2);
    const at = (i) => 40 + (i / 6) * (600 - 48);
    expect(x).toBeCloseTo((at(1) + at(2)) / 2, 0);
    // the stem reaches Player 1's line at the next decision
    expect(Number(luck.querySelector(".nw-review-luck-stem").getAttribute("y1"))).toBeCloseTo(10 + (1 - 0.3) * 212, 0);
    click(luck);
    expect(model.sent.at(-1)).toEqual({ kind: "goto", position: 5 });
    luck.dispatchEvent(new KeyboardEvent("keydown", { key: " ", bubbles: true }));
    expect(model.sent.at(-1)).toEqual({ kind: "goto", position: 5 });
    // listed under the marks, with the per-player figure in the summary
    click(byKey("review-goto-luck-0"));
    expect(model.sent.at(-1)).toEqual({ kind: "goto", position: 5 });
    expect(el.querySelector(".nw-review-lucklist li").textContent).toBe(" Move 5, Player 2: Reroll: the dice moved Player 1's chance −15 points");
    const row = el.querySelectorAll(".nw-review-summary tbody tr")[0];
    expect(row.textContent).toContain("−15 (1)");
    expect(el.querySelectorAll(".nw-review-summary tbody tr")[1].textContent).toContain("–");
    expect(svg.getAttribute("aria-label")).toContain("1 stretch of steady losses and 1 big swing of luck");
    expect(el.querySelector(".nw-review-legend").textContent).toContain("luck: a roll or a draw");
  });

  it("draws a stretch of steady losses as a band in the seat's colour, listed with its words", async () => {
    const model = mount(done(lucky()));
    await tick();
    const band = byKey("review-stretch-0");
    const rect = band.querySelector("rect.nw-review-band");
    expect(rect.getAttribute("style")).toContain("--nw-seat-0");
    expect(Number(rect.getAttribute("x"))).toBeCloseTo(40 - 4, 0);
    expect(Number(rect.getAttribute("width"))).toBeCloseTo((4 / 6) * 552 + 8, 0);
    expect(band.getAttribute("aria-label")).toContain("mostly from buying wonders");
    click(band);
    expect(model.sent.at(-1)).toEqual({ kind: "goto", position: 0 });
    expect(el.querySelector(".nw-review-stretches").textContent).toContain("Rounds 1-2, Player 1: −21 points");
    click(byKey("review-goto-stretch-0"));
    expect(model.sent.at(-1)).toEqual({ kind: "goto", position: 0 });
  });

  it("a review that could not judge says so, and lists no marks, stretches or luck", async () => {
    const r = { ...lucky(), judged: false, judge_note: "This review's budget (6 simulations per decision) is too small to judge the decisions.", stretches: [], luck: [] };
    r.decisions = r.decisions.map((d) => ({ ...d, mark: null, symbol: "" }));
    mount(done(r));
    await tick();
    expect(byKey("review-unjudged").textContent).toContain("too small to judge");
    expect(el.querySelector(".nw-review-marks")).toBeNull();
    expect(el.querySelector(".nw-review-luck")).toBeNull();
    expect(el.querySelector(".nw-review-stretch")).toBeNull();
  });

  it("a review saved before the luck and the stretches still draws", async () => {
    mount(done(result()));
    await tick();
    expect(byKey("review-graph").querySelectorAll(".nw-review-luck").length).toBe(0);
    expect(el.querySelector(".nw-review-lucklist")).toBeNull();
    expect(el.querySelectorAll(".nw-review-mark").length).toBe(2);
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

  it("the history moved otherwise (the slider, Undo) scrolls nothing", async () => {
    const model = mount(DONE);
    await tick();
    answer(model, 20);
    await tick();
    expect(scrolledTo(".nw-progress")).toEqual([]);
    expect(byKey("back-to-review")).toBeNull();
  });

  it("a puzzle opened brings its board on screen (it is played there), no Back to the review", async () => {
    const model = mount(DONE);
    await tick();
    click(byKey("puzzles-start"));
    expect(model.sent.at(-1)).toEqual({ kind: "puzzle_open", puzzle: 0 });
    answer(model, 10);
    await tick();
    expect(scrolledTo(".nw-progress").length).toBe(1);
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

describe("at a table", () => {
  it("the review names the seats by the players' chosen names (names.js)", async () => {
    const named = (seat, name) => ({ seat, name: name || `Player ${seat + 1}`, label: `Player ${seat + 1}`, named: Boolean(name), who: seat ? "remote" : "here", bot: null, connected: null });
    const table = { id: "t1", kind: "dice", number: 3, role: "seat", mine: [0], to_play: null, my_turn: false, over: true, undo: "never", shared: true, off: {}, beat: 2, tokens: ["A".repeat(43)],
      seats: [named(0, "Ann"), named(1, "Zoë"), named(2), named(3, "Dan")] };
    const model = mockModel({ ...fixture("game_over_4p"), coach: { on: false, hint: null, verdict: null }, preview: {}, table,
      review: { ...OFF, available: true, status: "done", done: 6, total: 6, result: result() } });
    createController({ model, el });
    await tick();
    const svg = byKey("review-graph");
    expect(svg.getAttribute("aria-label")).toContain("Ann from 25% to 0%");
    expect(svg.getAttribute("aria-label")).toContain("Player 3 from");
    const heads = [...el.querySelectorAll(".nw-review-figures thead th")].map((t) => t.textContent);
    expect(heads).toEqual(expect.arrayContaining(["Ann", "Zoë", "Player 3", "Dan"]));
  });
});
