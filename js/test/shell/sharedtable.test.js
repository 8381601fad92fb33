// At a shared table (issue 29): what Python refuses there is not offered live (the table
// trait's `off`, with its reasons in words a phone shows), New game and Load say first that
// they leave the table (Cancel stays), and the page says it is there, and goodbye.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createController } from "../../src/dice/index.js";
import { mountTableBar } from "../../src/shell/table.js";
import { click, fixture, mockModel, removeHosts, testHost } from "../helpers.js";

let el;
beforeEach(() => {
  el = testHost();
});
afterEach(() => {
  removeHosts();
  vi.useRealTimers();
});

const byKey = (key) => el.querySelector(`[data-key="${key}"]`);

const OFF = {
  hint: "the coach is off at a shared table: it reads the whole table",
  coach: "the coach is off at a shared table: it reads the whole table",
  save: "a shared table is not saved to a file",
  bot_help: "at a shared table no bot decides for a person",
};
const SEATS = [
  { seat: 0, name: "Player 1", who: "here", bot: null, connected: null },
  { seat: 1, name: "Player 2", who: "remote", bot: null, connected: true },
];
const table = (over = {}) => ({ id: "t1", kind: "dice", number: 0, role: "seat", mine: [0], seats: SEATS, to_play: 0, my_turn: true, over: false, undo: "none", shared: true, off: OFF, beat: 2, tokens: ["a".repeat(43)], ...over });

function mount(patch = {}) {
  const base = fixture("start_2p");
  const model = mockModel({ ...base, seats: ["human", "remote"], coach: { on: false, hint: null, verdict: null }, ...patch });
  createController({ model, el });
  return model;
}

describe("a shared table offers no control Python would refuse", () => {
  it("Hint and Save are greyed, each with its reason in words; no grading, no 'Let a bot decide'", () => {
    const model = mount({ table: table() });
    const hint = byKey("coach-hint");
    expect(hint.disabled).toBe(true);
    expect(byKey("coach-off").textContent).toBe("The coach is off at a shared table: it reads the whole table.");
    expect(byKey("coach-on")).toBeNull();
    expect(byKey("save").disabled).toBe(true);
    expect(byKey("save-off").textContent).toContain("A shared table is not saved to a file");
    expect(byKey("bot-decide")).toBeNull();
    const sent = model.sent.length;
    hint.click();                                 // a disabled control does nothing
    byKey("save").click();
    expect(model.sent.slice(sent)).toEqual([]);
  });

  it("a table of one person (nothing off) and a game of this screen keep them live", () => {
    mount({ table: table({ shared: false, off: {} }) });
    expect(byKey("coach-hint").disabled).toBe(false);
    expect(byKey("coach-on")).not.toBeNull();
    expect(byKey("save").disabled).toBe(false);
    expect(byKey("coach-off")).toBeNull();
    removeHosts();
    el = testHost();
    mount({ table: {} });
    expect(byKey("save").disabled).toBe(false);
    expect(byKey("save-off")).toBeNull();
  });
});

describe("leaving a table is said before it happens", () => {
  it("New game at a table says the player leaves it, and Cancel leaves nothing", () => {
    const model = mount({ table: table() });
    click(byKey("header-newgame"));
    const dialog = el.querySelector("details.nw-newgame dialog");
    expect(dialog.querySelector("[data-key=leave-table]").textContent).toBe("You will leave this table. It goes on without this screen and stays in Continue a game; your link brings you back to it.");
    expect(byKey("start").textContent).toBe("Leave the table and start");
    expect(byKey("newgame-load").textContent).toBe("Leave the table and load a saved game…");
    const sent = model.sent.length;
    click(byKey("newgame-cancel"));
    expect(el.querySelector("details.nw-newgame").open).toBe(false);
    expect(model.sent.slice(sent).filter((m) => m.kind === "new_game" || m.kind === "load")).toEqual([]);
  });

  it("the Game panel's Load at a table opens that dialog instead of a file picker", () => {
    mount({ table: table() });
    click(byKey("load"));
    expect(el.querySelector("details.nw-newgame").open).toBe(true);
    expect(byKey("leave-table")).not.toBeNull();
  });

  it("away from a table New game says nothing of one", () => {
    mount({ table: {} });
    click(byKey("header-newgame"));
    expect(byKey("leave-table")).toBeNull();
    expect(byKey("start").textContent).toBe("Start new game");
  });
});

describe("the page says it is there, and goodbye", () => {
  it("beats at the table's rate while at a table, says goodbye on pagehide, stops when it leaves", () => {
    vi.useFakeTimers();
    const model = mockModel({ table: table(), kept: {} });
    const bar = mountTableBar(model, el);
    const presence = () => model.sent.filter((m) => m.kind === "presence");
    expect(presence()).toEqual([{ kind: "presence", here: true, hidden: false }]);
    vi.advanceTimersByTime(4100);
    expect(presence().length).toBe(3);
    window.dispatchEvent(new Event("pagehide"));
    expect(presence().at(-1)).toEqual({ kind: "presence", here: false });
    model.emit("table", {});                      // left the table: no more beats
    const n = presence().length;
    vi.advanceTimersByTime(10_000);
    expect(presence().length).toBe(n);
    window.dispatchEvent(new Event("pagehide"));
    expect(presence().length).toBe(n);
    model.emit("table", table());                 // at a table again
    expect(presence().at(-1)).toEqual({ kind: "presence", here: true, hidden: false });
    bar.destroy();                                // the view goes: goodbye, and no timer left
    expect(presence().at(-1)).toEqual({ kind: "presence", here: false });
    const m = presence().length;
    vi.advanceTimersByTime(10_000);
    expect(presence().length).toBe(m);
  });

  it("hiding the tab says nothing at once (a closing page hides first); its beats then say hidden, and showing it beats at once", () => {
    vi.useFakeTimers();
    const model = mockModel({ table: table(), kept: {} });
    const bar = mountTableBar(model, el);
    const presence = () => model.sent.filter((m) => m.kind === "presence");
    let hidden = true;
    Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
    try {
      document.dispatchEvent(new Event("visibilitychange"));
      expect(presence().length).toBe(1);
      vi.advanceTimersByTime(2000);
      expect(presence().at(-1)).toEqual({ kind: "presence", here: true, hidden: true });
      hidden = false;
      document.dispatchEvent(new Event("visibilitychange"));
      expect(presence().length).toBe(3);
      expect(presence().at(-1)).toEqual({ kind: "presence", here: true, hidden: false });
    } finally {
      delete document.hidden;
      bar.destroy();
    }
  });

  it("answers the kernel's question at once, a background tab too (its timers are slowed, not its messages), and not once it left", () => {
    vi.useFakeTimers();
    const model = mockModel({ table: table(), kept: {} });
    const bar = mountTableBar(model, el);
    const presence = () => model.sent.filter((m) => m.kind === "presence");
    Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
    try {
      model.custom({ kind: "presence?" });
      expect(presence().length).toBe(2);
      expect(presence().at(-1)).toEqual({ kind: "presence", here: true, hidden: true });
      model.custom({ kind: "saved" });          // another message is not a question
      expect(presence().length).toBe(2);
      bar.destroy();
      const n = presence().length;
      model.custom({ kind: "presence?" });
      expect(presence().length).toBe(n);
    } finally {
      delete document.hidden;
    }
  });
});

describe("your turn, when you are away", () => {
  afterEach(() => {
    delete document.body.dataset.voila;
    delete window.Notification;
    localStorage.clear();
  });

  it("an app page's seat is offered 'Tell me when it's my turn'; a spectator and a notebook are not", async () => {
    class Note {
      close() {}
    }
    Note.permission = "default";
    Note.requestPermission = async () => { Note.permission = "granted"; return "granted"; };
    window.Notification = Note;
    document.body.dataset.voila = "";
    const bars = [];
    const bar = (T) => {
      const b = mountTableBar(mockModel({ table: T, kept: {} }), el);
      bars.push(b);
      return b;
    };
    bar(table());
    const ask = byKey("notify-on");
    expect(ask.textContent).toBe("Tell me when it's my turn");
    ask.click();
    await vi.waitFor(() => expect(byKey("notify-off")).not.toBeNull());
    expect(byKey("table-notify").textContent).toContain("You are told when it is your turn");
    byKey("notify-off").click();
    await vi.waitFor(() => expect(byKey("notify-on")).not.toBeNull());
    bars.pop().destroy();
    bar(table({ role: "spectator", mine: [] }));
    expect(byKey("table-status")).not.toBeNull();
    expect(byKey("table-notify")).toBeNull();
    bars.pop().destroy();
    delete document.body.dataset.voila;
    bar(table());
    expect(byKey("table-notify")).toBeNull();
    bars.pop().destroy();
  });
});
