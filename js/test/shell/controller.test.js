// The shell's controller on its own: a fake game view (not the dice game) gets one draw
// per update, the snapshot, the shell's intents, its keys, its New game fields and the
// shell's panels.  See src/shell/README.md.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SHELL_SHORTCUTS, createController, makeWidget } from "../../src/shell/controller.js";
import { h } from "../../src/shell/dom.js";
import { click, mockModel, removeHosts, testHost, tick } from "../helpers.js";

let el;
beforeEach(() => {
  el = testHost();
});
afterEach(removeHosts);

const byKey = (key) => el.querySelector(`[data-key="${key}"]`);
const press = (target, key, extra = {}) => target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...extra }));

/** Traits as a game's Python widget would send them (a two-seat counting game). */
function traits(over = {}) {
  return {
    game_kind: "race",
    game_info: { kind: "race", title: "Race", player_counts: [2, 3], preferred_bot: "greedy" },
    view: { position: 3, current: 1, total: 5 },
    legal: [{ move: { type: "add", n: 1 }, text: "add 1" }],
    error: "",
    seats: ["greedy", "human"],
    bot_names: ["greedy"],
    bot_info: { greedy: "always adds 2" },
    settings: { players: 2, seed: 4, goal: 10, bot_delay: 0.5, max_message: 400000 },
    history: { position: 3, length: 3, can_undo: true, can_redo: false, undo_to: 1 },
    busy: false,
    coach: { on: false, hint: null, verdict: null },
    preview: {},
    log_patch: { seq: 1, reset: true, entries: [{ n: 0, pos: 1, seat: 0, kind: "add", text: "Player 1 adds 2.", auto: false }] },
    flag: "up",
    ...over,
  };
}

/** A fake view: draws the total, a button playing "add 1", the shell's panels; records. */
function fakeView(record) {
  return (root, shell) => {
    const log = shell.panels.logPanel();
    const P = new shell.dom.Parts();
    const part = (k, s, b) => P.part(k, s, b);
    record.shell = shell;
    return {
      traits: ["flag"],
      // its preview's question (a place to choose), as the board game's view names it
      questions: ".nwb-preview",
      shortcuts: [["A", "add one"]],
      ready: (S) => S.view.total !== undefined,
      escape: () => {
        record.escaped = (record.escaped || 0) + 1;
        return true;
      },
      // the answer to the question the pending move asks next (a card's place), if any
      previewFollow: () => record.follow || null,
      onKey(e, S) {
        if (e.key !== "a" || S.acting === null) return false;
        shell.play({ type: "add", n: 1 });
        return true;
      },
      newGame: {
        defaults: (S) => ({ goal: S.settings.goal }),
        signature: (S, f) => [f.goal],
        fields: (S, f, set) => [h("input", { type: "number", value: String(f.goal), dataset: { key: "form-goal" }, oninput: (e) => set({ goal: Number(e.target.value) }, false) })],
        settings: (f) => ({ goal: f.goal }),
      },
      draw(S) {
        record.draws = (record.draws || 0) + 1;
        record.S = S;
        log.update();
        root.replaceChildren(h("div", { class: "nw-root" },
          ...shell.panels.headerButtons(part),
          h("p", { dataset: { key: "total" } }, `total ${S.view.total} (${S.flag})`),
          h("button", { type: "button", dataset: { key: "add" }, onclick: () => shell.commit({ type: "add", n: 1 }, { preview: true }) }, "add 1"),
          shell.panels.errorLine(S, part),
          S.viewingHistory ? shell.panels.historyBanner(S, part) : null,
          shell.pendingMove() ? shell.panels.previewPanel(S, part) : null,
          // a choice the view draws inside its preview (the board game's card's place)
          shell.pendingMove() && record.follow ? h("div", { class: "nwb-preview" }, h("input", { type: "radio", name: "place", dataset: { key: "place-radio" } })) : null,
          S.acting === null ? shell.panels.waiting(S) : null,
          shell.panels.historyPanel(S, part),
          shell.panels.gamePanel(S, part),
          log.el,
          shell.panels.helpOverlay(part)));
        P.sweep();
      },
    };
  };
}

function mount(over = {}) {
  const record = {};
  const model = mockModel(traits(over));
  const controller = createController({ model, el }, fakeView(record));
  return { model, controller, record };
}

describe("the shell controller with a fake view", () => {
  it("draws once per update with the snapshot, the view's own traits included", async () => {
    const { model, record } = mount();
    expect(record.draws).toBe(1);
    expect(byKey("total").textContent).toBe("total 5 (up)");
    const S = record.S;
    expect(S.kind).toBe("race");
    expect(S.info.title).toBe("Race");
    expect(S.acting).toBe(1);
    expect(S.humanTurn).toBe(true);
    expect(S.viewingHistory).toBe(false);
    // several traits of one update: one draw
    model.emit("view", { position: 4, current: 0, total: 6 });
    model.emit("seats", ["greedy", "human"]);
    model.emit("flag", "down");
    await tick();
    expect(record.draws).toBe(2);
    expect(byKey("total").textContent).toBe("total 6 (down)");
    // seat 0 is a bot: nobody here acts, the shell's waiting panel offers the bots
    expect(record.S.acting).toBeNull();
    click(byKey("play-bots"));
    expect(model.sent.at(-1)).toEqual({ kind: "play_bots" });
    // the log came through the shell's log store
    expect(el.querySelector(".nw-log-list").textContent).toContain("Player 1 adds 2.");
  });

  it("shows Loading until the view is ready", async () => {
    const { model, record } = mount({ view: {} });
    expect(el.textContent).toBe("Loading the game…");
    expect(record.draws).toBeUndefined();
    model.emit("view", { position: 0, current: 1, total: 0 });
    await tick();
    expect(byKey("total").textContent).toBe("total 0 (up)");
  });

  it("plays with the seat and position drawn; a previewed move waits for Confirm", async () => {
    localStorage.setItem("nw-previews", "true");
    const { model: m2 } = mount();
    click(byKey("add"));
    expect(m2.sent.at(-1)).toEqual({ kind: "preview", move: { type: "add", n: 1 }, ask: 1 });
    expect(byKey("preview-confirm")).toBeNull(); // Python's answer is on its way
    m2.emit("preview", { title: "the total becomes 6", position: 3, move: { type: "add", n: 1 }, ask: 1 });
    await tick();
    expect(el.textContent).toContain("the total becomes 6");
    click(byKey("preview-confirm"));
    expect(m2.sent.at(-1)).toEqual({ kind: "move", seat: 1, position: 3, move: { type: "add", n: 1 } });
  });

  it("Confirm sends the view's follow-up with the move; Enter on a choice in the preview confirms it", async () => {
    localStorage.setItem("nw-previews", "true");
    const { model, record } = mount();
    record.follow = { type: "choose", option: "slot 2 (Axeman)" };
    click(byKey("add"));
    model.emit("preview", { title: "the total becomes 6", position: 3, move: { type: "add", n: 1 }, ask: 1 });
    await tick();
    const radio = byKey("place-radio");
    radio.focus();
    press(radio, "Enter");
    expect(model.sent.at(-1)).toEqual({ kind: "move", seat: 1, position: 3, move: { type: "add", n: 1 }, then: { type: "choose", option: "slot 2 (Axeman)" } });
    // Escape on that choice cancels the preview (a radio is no text field)
    click(byKey("add"));
    model.emit("preview", { title: "the total becomes 6", position: 3, move: { type: "add", n: 1 }, ask: 2 });
    await tick();
    press(byKey("place-radio"), "Escape");
    expect(record.shell.pendingMove()).toBeNull();
    // no follow-up: the move alone, as before
    record.follow = null;
    click(byKey("add"));
    model.emit("preview", { title: "the total becomes 6", position: 3, move: { type: "add", n: 1 }, ask: 3 });
    await tick();
    click(byKey("preview-confirm"));
    expect(model.sent.at(-1)).toEqual({ kind: "move", seat: 1, position: 3, move: { type: "add", n: 1 } });
  });

  it("keys: the view's, then the shell's undo, help and Escape", () => {
    const { model, record } = mount();
    press(byKey("total"), "a");
    expect(model.sent.at(-1)).toEqual({ kind: "move", seat: 1, position: 3, move: { type: "add", n: 1 } });
    press(byKey("total"), "u");
    expect(model.sent.at(-1)).toEqual({ kind: "undo" });
    press(byKey("total"), "?");
    const overlay = byKey("help-overlay");
    for (const [k] of [["A"], ...SHELL_SHORTCUTS]) expect(overlay.textContent).toContain(k);
    press(byKey("total"), "Escape");
    expect(byKey("help-overlay")).toBeNull();
    press(byKey("total"), "Escape");
    expect(record.escaped).toBe(1);
  });

  it("the New game dialog has the shell's fields and the game's, and sends them all", () => {
    const { model } = mount();
    click(byKey("header-newgame"));
    expect(el.querySelector("details.nw-newgame").open).toBe(true);
    const players = byKey("form-players");
    expect([...players.options].map((o) => o.value)).toEqual(["2", "3"]);
    players.value = "3";
    players.dispatchEvent(new Event("change", { bubbles: true }));
    // a new seat gets the game's preferred bot
    expect(byKey("form-seat-2").value).toBe("greedy");
    const goal = byKey("form-goal");
    goal.value = "7";
    goal.dispatchEvent(new Event("input", { bubbles: true }));
    click(byKey("start"));
    expect(model.sent.at(-1)).toEqual({
      kind: "new_game",
      settings: { players: 3, seats: ["greedy", "human", "greedy"], goal: 7, seed: null, bot_delay: 0.5 },
    });
  });

  it("opens the New game dialog at once when Python asks (new_game_open), else not", () => {
    mount({ new_game_open: true });
    expect(el.querySelector("details.nw-newgame").open).toBe(true);
    removeHosts();
    el = testHost();
    mount();
    expect(el.querySelector("details.nw-newgame").open).toBe(false);
  });

  it("the New game dialog offers Load, says a refused load, and closes when another game arrives", async () => {
    const { model, record } = mount({ new_game_open: true });
    const details = el.querySelector("details.nw-newgame");
    expect(details.open).toBe(true);
    // the Game panel's Load is behind the modal dialog: the dialog has its own
    expect(details.querySelector("dialog [data-key='newgame-load']").textContent).toBe("Load a saved game…");
    record.shell.loadText("game", "bad.json", "{}");
    expect(model.sent.at(-1)).toEqual({ kind: "load", text: "{}", name: "bad.json" });
    model.emit("error", "this file is not a saved game");
    await tick();
    expect(el.querySelector("details.nw-newgame dialog .nw-dialog-error").textContent).toContain("this file is not a saved game");
    expect(el.querySelector("details.nw-newgame").open).toBe(true);
    // the load that works: Python's next game (history.game) answers the dialog
    model.emit("error", "");
    model.emit("history", { position: 0, length: 0, can_undo: false, can_redo: false, undo_to: null, game: 2 });
    await tick();
    expect(el.querySelector("details.nw-newgame").open).toBe(false);
    expect(el.querySelector(".nw-dialog-error")).toBeNull();
  });

  it("an earlier position shows the history banner until the player continues", async () => {
    const { model, record } = mount({ history: { position: 1, length: 3, can_undo: true, can_redo: true, undo_to: 0 } });
    expect(record.S.viewingHistory).toBe(true);
    expect(record.S.acting).toBeNull();
    click(byKey("continue-here"));
    expect(record.S.viewingHistory).toBe(false);
    // the game's own load intent, and a refusal shown with its dismiss button
    record.shell.loadText("deck", "d.json", "{}");
    expect(model.sent.at(-1)).toEqual({ kind: "load_deck", text: "{}", name: "d.json" });
    model.emit("error", "no such deck");
    await tick();
    expect(el.querySelector(".nw-error").textContent).toContain("no such deck");
    click(byKey("dismiss"));
    expect(model.sent.at(-1)).toEqual({ kind: "clear_error" });
  });

  it("makeWidget gives anywidget's initialize and render", () => {
    const model = mockModel(traits());
    const widget = makeWidget(fakeView({}));
    const end = widget.initialize({ model });
    const cleanup = widget.render({ model, el });
    expect(byKey("total").textContent).toBe("total 5 (up)");
    cleanup();
    end();
    expect(model.listenerCount()).toBe(0);
  });
});
