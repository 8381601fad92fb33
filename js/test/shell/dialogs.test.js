// Dialogs, focus and keys in both games' views, inside the real widget shell: every dialog
// is a native <dialog> opened modal (the browser's top layer: on screen whatever the page's
// scroll and the widget's containers), focus moves into it on open and back on close; the
// focus stays in the widget after a click (the keyboard listener is on the widget's root);
// Enter confirms the preview on screen; Cancel, Clear and a new preview clear a refusal.
// (Where the dialogs land on screen: tests/browser/test_dialogs.py, in Chromium.)
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createController as diceController } from "../../src/dice/index.js";
import { createController as shellController } from "../../src/shell/controller.js";
import { createView as boardView } from "../../src/board/view.js";
import { boardModel, click, fixture, mockModel, removeHosts, testHost } from "../helpers.js";

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

// jsdom has no showModal: a stand-in that records the call (Chromium's is the real one).
// And jsdom focuses what a browser cannot: a control inside a closed <dialog> is not
// rendered, so a browser's focus() leaves the focus where it was; the stand-in does the same.
const shownModal = [];
const jsdomFocus = HTMLElement.prototype.focus;
beforeEach(() => {
  HTMLElement.prototype.focus = function focus(options) {
    if (this.closest("dialog:not([open])")) return;
    jsdomFocus.call(this, options);
  };
  shownModal.length = 0;
  HTMLDialogElement.prototype.showModal = function showModal() {
    shownModal.push(this);
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close() {
    this.removeAttribute("open");
  };
});
afterEach(() => {
  HTMLElement.prototype.focus = jsdomFocus;
  delete HTMLDialogElement.prototype.showModal;
  delete HTMLDialogElement.prototype.close;
  removeHosts();
  localStorage.clear();
});

const key = (target, k) => target.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
const inside = (el) => el.contains(document.activeElement) || document.activeElement === el;

const SUMMARY = {
  round: 1, event: "Battle of Marathon", order: [2, 1, 0],
  rows: [
    { seat: 0, books: 0, famine: 0, war: 0, total: 0 },
    { seat: 1, books: 2, famine: 1, war: 0, total: 3 },
    { seat: 2, books: 1, famine: 0, war: 1, total: 2 },
  ],
};

function diceWithSummary(el) {
  const data = fixture("rich_3p");
  data.view = { ...data.view, round_summary: SUMMARY };
  const model = mockModel(data);
  diceController({ model, el });
  return model;
}

function board(el, name = "actions_3p", previews = true) {
  localStorage.setItem("nw-previews", String(previews));
  const model = boardModel(name);
  const c = shellController({ model, el }, boardView);
  return { model, c };
}

describe("every dialog is a modal <dialog>, with the focus in it", () => {
  it("the dice game's round summary: opened modal, focus on Start round 2, Escape closes it and the focus stays in the widget", () => {
    const el = testHost();
    diceWithSummary(el);
    const d = el.querySelector("[data-key='round-summary']");
    expect(d.tagName).toBe("DIALOG");
    expect(shownModal).toContain(d);
    expect(document.activeElement.dataset.key).toBe("round-summary-close");
    key(document.activeElement, "Escape");
    expect(el.querySelector("[data-key='round-summary']")).toBeNull();
    expect(inside(el)).toBe(true);
  });

  it("a click on the shade around the round summary closes it", () => {
    const el = testHost();
    diceWithSummary(el);
    click(el.querySelector("dialog[data-key='round-summary']"));
    expect(el.querySelector("[data-key='round-summary']")).toBeNull();
  });

  it("the ? list: a modal dialog with the focus on Close; Escape closes it and the focus goes back to the ? button", () => {
    const el = testHost();
    const model = mockModel(fixture("rich_3p"));
    diceController({ model, el });
    const help = el.querySelector("[data-key='help']");
    help.focus();
    click(help);
    const d = el.querySelector("[data-key='help-overlay']");
    expect(d.tagName).toBe("DIALOG");
    expect(shownModal).toContain(d);
    expect(document.activeElement.dataset.key).toBe("help-close");
    key(document.activeElement, "Escape");
    expect(el.querySelector("[data-key='help-overlay']")).toBeNull();
    expect(document.activeElement.dataset.key).toBe("help");
  });

  it("New game: a modal dialog; Escape closes it and the focus goes back to the button that opened it", () => {
    const el = testHost();
    const model = mockModel(fixture("rich_3p"));
    diceController({ model, el });
    const open = el.querySelector("[data-key='header-newgame']");
    open.focus();
    click(open);
    const d = el.querySelector("details.nw-newgame dialog");
    expect(d).toBeTruthy();
    expect(shownModal).toContain(d);
    expect(d.contains(document.activeElement)).toBe(true);
    key(document.activeElement, "Escape");
    expect(el.querySelector("details.nw-newgame").open).toBe(false);
    expect(d.hasAttribute("open")).toBe(false);
    expect(document.activeElement.dataset.key).toBe("header-newgame");
  });

  it("New game drawn anew by a change of its own field stays open, the focus on that field", async () => {
    const el = testHost();
    const model = mockModel(fixture("rich_3p"));
    diceController({ model, el });
    click(el.querySelector("[data-key='header-newgame']"));
    const first = el.querySelector("details.nw-newgame dialog");
    const players = el.querySelector("[data-key='form-players']");
    players.focus();
    players.value = "4";
    players.dispatchEvent(new Event("change", { bubbles: true }));
    await tick();
    const d = el.querySelector("details.nw-newgame dialog");
    expect(d.hasAttribute("open")).toBe(true);
    expect(el.querySelectorAll("dialog.nw-modal")).toHaveLength(1);
    expect(document.activeElement.dataset.key).toBe("form-players");
    expect(document.activeElement.value).toBe("4");
    expect(d.contains(document.activeElement)).toBe(true);
    // (drawn anew or kept, either is right; what counts is what the player sees)
    expect(first === d || !first.isConnected).toBe(true);
  });

  it("the board game's round summary: a modal dialog, the focus on Close; Enter closes it", async () => {
    const el = testHost();
    board(el);
    await tick();
    const d = el.querySelector("[data-key='summary']");
    expect(d.tagName).toBe("DIALOG");
    expect(shownModal).toContain(d);
    expect(document.activeElement.dataset.key).toBe("summary-close");
    key(document.activeElement, "Enter");
    await tick();
    expect(el.querySelector("[data-key='summary']")).toBeNull();
    expect(inside(el)).toBe(true);
  });

  it("a card's details: a modal dialog over the board (not a panel pushing the board down); Escape closes it, the focus back on the card", async () => {
    const el = testHost();
    board(el);
    await tick();
    click(el.querySelector("[data-key='summary-close']"));
    await tick();
    const name = el.querySelector(".nwb-progress .nwb-card-name");
    const id = name.closest("[data-card]").dataset.card;
    name.focus();
    click(name);
    await tick();
    const d = el.querySelector("[data-key='detail']");
    expect(d.tagName).toBe("DIALOG");
    expect(d.closest(".nwb-turn")).toBeNull();
    expect(shownModal).toContain(d);
    expect(d.contains(document.activeElement)).toBe(true);
    key(document.activeElement, "Escape");
    await tick();
    expect(el.querySelector("[data-key='detail']")).toBeNull();
    expect(document.activeElement.closest("[data-card]").dataset.card).toBe(id);
  });
});

describe("a dialog drawn before the widget is in the page", () => {
  it("opens once the page puts the widget in the document (the board game's New game)", async () => {
    const el = document.createElement("div"); // not in the document yet, as a page may draw it
    const model = boardModel("growth_2p"); // no round summary over it
    model.data.new_game_open = true;
    const c = shellController({ model, el }, boardView);
    await tick();
    const d = el.querySelector("details.nw-newgame dialog");
    expect(d.hasAttribute("open")).toBe(false);
    document.body.appendChild(el);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(shownModal).toContain(d);
    expect(d.contains(document.activeElement)).toBe(true);
    c.destroy();
    el.remove();
  });
});

describe("the focus stays in the widget", () => {
  it("the widget's root is focusable, and a click on something that cannot take the focus gives it the focus", () => {
    const el = testHost();
    const model = mockModel(fixture("rich_3p"));
    diceController({ model, el });
    expect(el.tabIndex).toBe(-1);
    document.body.focus();
    click(el.querySelector("h3"));
    expect(inside(el)).toBe(true);
  });

  it("the history's » that its own click disables hands the focus to the widget's root", async () => {
    const el = testHost();
    const data = fixture("rich_3p");
    data.history = { ...data.history, position: 19 };
    const model = mockModel(data);
    diceController({ model, el });
    const last = el.querySelector("[data-key='last']");
    expect(last.disabled).toBe(false);
    last.focus();
    click(last);
    expect(model.sent.at(-1)).toMatchObject({ kind: "goto", position: 21 });
    model.emit("history", { ...data.history, position: 21 });
    await tick();
    expect(el.querySelector("[data-key='last']").disabled).toBe(true);
    // a disabled control cannot hold the focus (a browser drops it to the page's body)
    expect(document.activeElement.disabled).toBeFalsy();
    expect(inside(el)).toBe(true);
  });

  it("a clicked control that is redrawn away (Cancel of a preview) leaves the focus in the widget, where ? still works", async () => {
    const el = testHost();
    board(el);
    await tick();
    click(el.querySelector("[data-key='summary-close']"));
    await tick();
    const pass = el.querySelector(".nwb-pass-btn");
    pass.focus();
    click(pass);
    await new Promise((resolve) => setTimeout(resolve, 200)); // "Working out…" with its Cancel
    const cancel = el.querySelector("[data-key='preview-cancel']");
    cancel.focus();
    click(cancel);
    await tick();
    expect(el.querySelector("[data-key='preview-cancel']")).toBeNull();
    expect(inside(el)).toBe(true);
    key(document.activeElement, "?");
    await tick();
    expect(el.querySelector("[data-key='help-overlay']")).toBeTruthy();
  });
});

describe("Enter and the preview", () => {
  it("Enter after choosing an answer with the mouse confirms its preview (it does not ask it again)", async () => {
    const el = testHost();
    const { model } = board(el, "growth_2p");
    await tick();
    const options = [...el.querySelectorAll(".nwb-option")];
    const fourth = options[3];
    fourth.focus();
    click(fourth);
    const asked = model.sent.filter((m) => m.kind === "preview").length;
    expect(asked).toBe(1);
    key(fourth, "Enter");
    expect(model.sent.filter((m) => m.kind === "preview").length).toBe(1);
    const move = model.sent.at(-1);
    expect(move.kind).toBe("move");
    expect(move.move).toEqual(model.data.legal.filter((e) => e.group !== "pass")[3].move);
  });
});

describe("Enter never confirms a move the player did not point at", () => {
  it("with a preview pending, Enter on Undo undoes (the preview's move is not played)", async () => {
    const el = testHost();
    const { model } = board(el, "growth_2p");
    await tick();
    const option = el.querySelectorAll(".nwb-option")[3];
    option.focus();
    click(option);
    const undo = el.querySelector("[data-key='undo']");
    expect(undo).toBeTruthy();
    undo.focus();
    key(undo, "Enter");
    expect(model.sent.some((m) => m.kind === "move")).toBe(false);
  });
});

describe("a refusal goes with the move it refused", () => {
  it("Cancel of the preview clears Python's refusal (and hides it at once)", async () => {
    const el = testHost();
    const { model } = board(el);
    await tick();
    click(el.querySelector("[data-key='summary-close']"));
    await tick();
    click(el.querySelector(".nwb-pass-btn"));
    model.emit("error", "Refused for the test");
    await tick();
    expect(el.querySelector(".nw-error").textContent).toContain("Refused for the test");
    click(el.querySelector("[data-key='preview-cancel']"));
    await tick();
    expect(model.sent.at(-1)).toEqual({ kind: "clear_error" });
    expect(el.querySelector(".nw-error")).toBeNull();
  });

  it("a new preview clears the refusal of the last one", async () => {
    const el = testHost();
    const { model } = board(el);
    await tick();
    click(el.querySelector("[data-key='summary-close']"));
    await tick();
    model.emit("error", "Refused for the test");
    await tick();
    click(el.querySelector(".nwb-pass-btn"));
    await tick();
    const kinds = model.sent.map((m) => m.kind);
    expect(kinds.slice(-2)).toEqual(["clear_error", "preview"]);
    expect(el.querySelector(".nw-error")).toBeNull();
  });

  it("the dice game's Clear clears a refusal", async () => {
    const el = testHost();
    const data = fixture("rich_3p");
    const model = mockModel(data);
    const c = diceController({ model, el });
    // select a die (the acting player's: live), then Clear
    const die = el.querySelector("[data-key^='die-']:not([aria-disabled='true'])");
    click(die);
    model.emit("error", "Refused for the test");
    await tick();
    expect(el.querySelector(".nw-error")).toBeTruthy();
    const clear = el.querySelector("[data-key='clear']");
    expect(clear, "the Clear button").toBeTruthy();
    click(clear);
    await tick();
    expect(model.sent.at(-1)).toEqual({ kind: "clear_error" });
    expect(el.querySelector(".nw-error")).toBeNull();
    expect(c.view.ui.sel.dice.length).toBe(0);
  });
});

describe("a board card says why it cannot be bought", () => {
  it("Python's reason is a short line on the card", async () => {
    const el = testHost();
    const model = boardModel("actions_3p");
    const v = model.data.view;
    const id = v.progress.rows.flatMap((r) => r.cards).find((c) => c && !model.data.legal.some((e) => e.group === "buy" && e.card === c));
    expect(id, "a card the fixture's player cannot buy").toBeTruthy();
    model.data.view = { ...v, progress: { ...v.progress, why: { [id]: "Needs 4 strength; you have 1" } } };
    localStorage.setItem("nw-previews", "true");
    shellController({ model, el }, boardView);
    await tick();
    const card = el.querySelector(`.nwb-progress [data-card='${id}']`);
    expect(card.querySelector(".nwb-why").textContent).toBe("Needs 4 strength; you have 1");
  });
});

describe("the question on screen", () => {
  // jsdom lays nothing out: the decision panel is placed 500 px above the window, as in a
  // page scrolled down to the player's board, and scrollIntoView is recorded
  let scrolled;
  const realRect = Element.prototype.getBoundingClientRect;
  beforeEach(() => {
    scrolled = [];
    Element.prototype.scrollIntoView = function scrollIntoView() {
      scrolled.push(this);
    };
    Element.prototype.getBoundingClientRect = function rect() {
      const top = this.classList.contains("nw-actions") ? -500 : 100;
      return { top, bottom: top + 200, left: 0, right: 300, width: 300, height: 200, x: 0, y: top };
    };
  });
  afterEach(() => {
    delete Element.prototype.scrollIntoView;
    Element.prototype.getBoundingClientRect = realRect;
  });

  it("this page's player's decision out of sight is brought on screen, when the board opens and after Undo", async () => {
    const el = testHost();
    const data = fixture("rich_3p");
    const model = mockModel(data);
    diceController({ model, el });
    expect(scrolled).toEqual([el.querySelector(".nw-actions")]);
    scrolled.length = 0;
    click(el.querySelector("[data-key='undo']"));
    model.emit("view", { ...data.view, position: data.view.position - 1 });
    await tick();
    expect(scrolled).toEqual([el.querySelector(".nw-actions")]);
  });

  it("a decision that comes with the end-of-round summary is brought on screen once the summary is closed", async () => {
    const el = testHost();
    const data = fixture("rich_3p");
    data.view = {
      ...data.view,
      round_summary: { round: 1, event: "Battle of Marathon", order: [2, 1, 0], rows: [0, 1, 2].map((seat) => ({ seat, books: 0, famine: 0, war: 0, total: 0 })) },
    };
    const model = mockModel(data);
    diceController({ model, el });
    await tick();
    expect(el.querySelector("[data-key='round-summary']"), "the summary, over the page").toBeTruthy();
    expect(scrolled).toEqual([]);
    click(el.querySelector("[data-key='round-summary-close']"));
    await tick();
    expect(scrolled).toEqual([el.querySelector(".nw-actions")]);
  });

  it("a decision that arrives while the bots' runner is still busy is brought on screen once it is done", async () => {
    // (Python sends the bot's last move, then the busy flag's drop, in two messages or one:
    // the decision must come on screen either way; it stayed out of sight 1 run in 2)
    const el = testHost();
    const data = fixture("rich_3p");
    const model = mockModel({ ...data, busy: true });
    diceController({ model, el });
    await tick();
    expect(scrolled, "nobody can act yet: no scroll").toEqual([]);
    model.emit("busy", false);
    await tick();
    expect(scrolled).toEqual([el.querySelector(".nw-actions")]);
  });

  it("a new game whose first decision reads as the last game's (same position, seat and step) is brought on screen", async () => {
    const el = testHost();
    const data = fixture("rich_3p");
    const model = mockModel(data);
    diceController({ model, el });
    expect(scrolled).toEqual([el.querySelector(".nw-actions")]);
    scrolled.length = 0;
    model.emit("history", { ...data.history, game: (data.history.game || 1) + 1 });
    await tick();
    expect(scrolled).toEqual([el.querySelector(".nw-actions")]);
  });

  it("a page just opened whose decision lies below the window stays at its top, until the player acts in it", async () => {
    // (on a phone the decision panel is below the progress board: the page jumped there
    // when the easy bot moved first, and stayed at the top when the player did)
    Element.prototype.getBoundingClientRect = function rect() {
      const top = this.classList.contains("nw-actions") ? 900 : 100;
      return { top, bottom: top + 200, left: 0, right: 300, width: 300, height: 200, x: 0, y: top };
    };
    const el = testHost();
    const data = fixture("rich_3p");
    const model = mockModel({ ...data, busy: true });
    diceController({ model, el });
    model.emit("busy", false);
    await tick();
    expect(scrolled, "the page stays at its top").toEqual([]);
    // after the player's own move, the next decision is brought on screen
    click(el.querySelector("[data-key='undo']"));
    model.emit("view", { ...data.view, position: data.view.position - 1 });
    await tick();
    expect(scrolled).toEqual([el.querySelector(".nw-actions")]);
  });

  it("while others play (a bot's move), the page does not scroll", async () => {
    const el = testHost();
    const data = fixture("rich_3p");
    data.view = { ...data.view, human_turn: false };
    data.legal = [];
    const model = mockModel(data);
    diceController({ model, el });
    model.emit("view", { ...data.view, position: data.view.position + 1, current: (data.view.current + 1) % 3 });
    await tick();
    expect(scrolled).toEqual([]);
  });

  it("a selection (a die clicked) that asks nothing new does not scroll the page", async () => {
    const el = testHost();
    const data = fixture("rich_3p");
    const model = mockModel(data);
    diceController({ model, el });
    scrolled.length = 0;
    const die = el.querySelector("button[data-die]:not([aria-disabled='true'])");
    expect(die).toBeTruthy();
    click(die);
    await tick();
    expect(scrolled).toEqual([]);
  });
});
