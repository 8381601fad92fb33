import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import widget, { createController } from "../../src/dice/index.js";
import { unusedTotals } from "../../src/dice/logic.js";
import { click, fixture, mockModel, removeHosts, testHost, tick } from "../helpers.js";

let el;
beforeEach(() => {
  el = testHost();
});
afterEach(removeHosts);

function mount(name, patch = {}) {
  const model = mockModel({ ...fixture(name), ...patch });
  const controller = createController({ model, el });
  return { model, controller };
}

const q = (sel) => el.querySelector(sel);
const qa = (sel) => [...el.querySelectorAll(sel)];
const byKey = (key) => q(`[data-key="${key}"]`);
const moves = (model) => model.sent.filter((m) => m.kind === "move");
const lastMove = (model) => moves(model).at(-1);

describe("rendering a real view", () => {
  it("draws the progress board with every tile's name, cost and tooltip", () => {
    const { model } = mount("start_2p");
    const cat = model.data.catalogue;
    const view = model.data.view;
    const ids = view.board.flat().filter(Boolean);
    expect(ids.length).toBe(9);
    for (const id of ids) {
      const card = byKey(`board-${id}`);
      expect(card, id).toBeTruthy();
      expect(card.textContent).toContain(cat.tiles[id].name);
      const tipEl = document.getElementById(card.getAttribute("aria-describedby"));
      expect(tipEl.getAttribute("role")).toBe("tooltip");
      expect(tipEl.textContent).toContain(cat.tiles[id].tooltip);
    }
    // rows cost 3, 2, 1 from the top
    expect(qa(".nw-row-cost").map((e) => e.textContent)).toEqual(["3", "2", "1"]);
  });

  it("shows the event, the phase, whose turn it is and the reconstruction notice", () => {
    const { model } = mount("start_2p");
    const ev = model.data.catalogue.events[model.data.view.event];
    expect(q(".nw-event").textContent).toContain(ev.name);
    expect(q(".nw-event").textContent).toContain(String(ev.famine));
    expect(q(".nw-step.nw-current").textContent).toBe("Actions");
    expect(q(".nw-prompt").textContent).toContain("Player 1");
    expect(q(".nw-notice").textContent).toContain("reconstruction");
  });

  it("draws every player's board: five buildings, dice with faces, chits used/total", () => {
    const { model } = mount("rich_3p");
    const view = model.data.view;
    const boards = qa(".nw-player");
    expect(boards.length).toBe(3);
    for (const board of boards) {
      expect(board.querySelectorAll(".nw-slots > .nw-slot").length).toBe(5);
    }
    // every die owned by a player appears once, labelled with its colour and face (never
    // its id), or as not rolled yet (Python's list), drawn without a face
    const owned = view.dice.map((d, i) => [i, d]).filter(([, d]) => d[0] >= 0);
    const unrolled = new Set(view.unrolled);
    for (const [d] of owned) {
      const die = byKey(`die-${d}`);
      expect(die, `die ${d}`).toBeTruthy();
      const label = die.getAttribute("aria-label");
      expect(label).not.toMatch(/die \d/);
      if (unrolled.has(d)) {
        expect(label).toMatch(/^(white|blue|orange|red) die, not rolled yet/);
        expect(die.querySelector(".nw-sym")).toBeNull();
      } else {
        expect(label).toMatch(/^(white|blue|orange|red) die showing \d /);
      }
    }
    expect(qa(".nw-used .nw-die, .nw-used-area .nw-die").length).toBeGreaterThan(0);
    expect(q(".nw-chit").textContent).toMatch(/\d\/\d/);
    expect(el.textContent).toContain("under construction");
  });

  it("dice not rolled yet (Python's list) are drawn without a face, and not counted", () => {
    const { model } = mount("start_2p");
    const unrolled = model.data.view.unrolled;
    expect(unrolled.length).toBe(5);
    for (const d of unrolled) {
      const die = byKey(`die-${d}`);
      expect(die.classList.contains("nw-unrolled")).toBe(true);
      expect(die.querySelector(".nw-sym")).toBeNull();
      expect(die.getAttribute("aria-label")).toMatch(/die, not rolled yet$/);
    }
    // the unused totals count only the chits of a player who has not rolled
    const view = model.data.view;
    const seat = view.dice[unrolled[0]][0];
    const totals = unusedTotals(model.data.catalogue, view, seat);
    for (const [r, n] of Object.entries(totals)) expect(n, r).toBe(view.players[seat].chits[r] || 0);
  });

  it("die faces carry an icon and a number (readable without colour)", () => {
    mount("start_2p");
    const die = byKey("die-0");
    // the icon is drawn beside the number, by the number's own element
    expect(die.querySelector(".nw-icon-gold").textContent).toBe("1");
    expect(document.querySelector("style[data-nw-shell]").textContent).toContain(".nw-icon-gold{background-image:url(\"data:image/svg+xml,");
    expect(die.querySelector(".nw-num").textContent).toBe("1");
    expect(die.getAttribute("aria-label")).toContain("1 gold");
  });

  it("shows the solo opponent's books and the game-over table", () => {
    mount("solo");
    expect(q(".nw-opponent").textContent).toContain("Shadow opponent");
    el.replaceChildren();
    const { model } = mount("game_over_4p");
    expect(q(".nw-gameover")).toBeTruthy();
    // a row per player in Python's ranking, the winner's first, in gold, marked in words
    const v = model.data.view;
    expect(qa(".nw-gameover tbody tr").map((tr) => Number(tr.dataset.seat))).toEqual(v.ranking);
    expect(q(".nw-gameover tbody tr").classList.contains("nw-final-first")).toBe(true);
    expect(q(".nw-winner th").textContent).toBe(`1. Player ${v.winner + 1} winner`);
    expect(qa(".nw-gameover thead th").map((th) => th.textContent)).toEqual(["Player", "Books", "Famine", "War", "Buildings", "Advisor", "Colonies", "Wonders", "Total"]);
    expect(q(".nw-winner .nw-final-total").textContent).toBe(String(v.projected[v.winner]));
    expect(qa(".nw-board-grid .nw-col-head").length).toBe(4);
  });

  it("draws the game log and history", () => {
    const { model } = mount("rich_3p");
    const entries = model.data.log_patch.entries;
    expect(qa(".nw-log-list li").map((li) => li.textContent)).toEqual(entries.map((e) => e.text));
    expect(q(".nw-slider").value).toBe(String(model.data.history.position));
  });

  it("works as an anywidget module and cleans up its listeners", () => {
    const model = mockModel(fixture("start_2p"));
    const endModel = widget.initialize({ model });
    expect(model.listenerCount()).toBe(1); // the model's log store
    const cleanup = widget.render({ model, el });
    expect(model.listenerCount()).toBeGreaterThan(1);
    cleanup();
    expect(model.listenerCount()).toBe(1); // the log outlives its views
    endModel();
    expect(model.listenerCount()).toBe(0);
  });
});

describe("intents", () => {
  it("selecting dice then clicking a tile sends that payment", () => {
    const { model } = mount("start_2p");
    click(byKey("die-0"));
    click(byKey("die-1"));
    expect(byKey("die-0").getAttribute("aria-pressed")).toBe("true");
    click(byKey("board-t1-07")); // Sun Tzu, an advisor in row 2
    expect(lastMove(model)).toEqual({
      kind: "move",
      seat: 0,
      position: 0,
      move: { type: "buy", tile: "t1-07", payment: { dice: [0, 1], chits: 0, trades: [] } },
    });
  });

  /** Python's answer to the buy's preview (giveback.test.js plays the real ones): the
   * building replaced as asked, the suggested one `dflt`, the dice given back `back`. */
  async function answerBuy(model, dflt, back) {
    const asked = model.sent.at(-1);
    expect(asked.kind).toBe("preview");
    const gb = model.data.view.give_back;
    const { replaces } = asked.move;
    const { colour, count } = gb.replace[replaces];
    const options = Object.keys(gb.replace).map((id) => ({ id, name: model.data.catalogue.tiles[id].name, detail: "gave 1 white die" }));
    model.emit("preview", { position: model.data.view.position, move: asked.move, ask: asked.ask, title: "Buy it", pays: [], wasted: [], gains: [], goes: [],
      warning: null, dice: asked.move.payment.dice, chits: {}, returned: back, rerolls: null,
      replace: { options, chosen: replaces, default: dflt },
      give_back: { replaces, colour, count, order: gb.dice[colour], default: back, chosen: back, matters: true } });
    await tick();
  }

  it("a building: one click previews it replacing Python's suggestion; Confirm buys it", async () => {
    const { model } = mount("start_2p");
    click(byKey("die-0"));
    click(byKey("board-t1-03")); // Library, a building
    const dflt = model.data.view.give_back.replace_default;
    const move = { type: "buy", tile: "t1-03", payment: { dice: [0], chits: 0, trades: [] }, replaces: dflt };
    expect(model.sent).toEqual([{ kind: "preview", move, ask: 1 }]);
    await answerBuy(model, dflt, [0]);
    expect(q(".nw-preview").textContent).toContain("Buy it");
    expect(byKey(`replace-${dflt}`).getAttribute("aria-checked")).toBe("true");
    expect(moves(model).length).toBe(0);
    click(byKey("preview-confirm"));
    expect(lastMove(model).move).toEqual(move);
  });

  it("the building slot on the player board also chooses the replacement", async () => {
    const { model } = mount("start_2p");
    click(byKey("board-t1-01"));
    const dflt = model.data.view.give_back.replace_default;
    await answerBuy(model, dflt, [model.data.view.give_back.dice.white[0]]);
    click(byKey("slot-0-1"));
    expect(model.sent.at(-1).move.replaces).toBe("start-farm");
    await answerBuy(model, dflt, [model.data.view.give_back.dice.white[0]]);
    click(byKey("preview-confirm"));
    expect(lastMove(model).move).toMatchObject({ type: "buy", tile: "t1-01", replaces: "start-farm" });
  });

  it("clicking a tile with nothing selected uses the engine's suggested payment", () => {
    const { model } = mount("start_2p");
    click(byKey("board-t1-14")); // Great Library, a wonder
    const hint = model.data.legal.find((e) => e.move.tile === "t1-14");
    expect(lastMove(model).move).toEqual(hint.move);
  });

  it("chits and trades go into the payment", () => {
    const { model } = mount("start_2p");
    click(byKey("chit-0-gold"));
    click(byKey("die-2"));
    click(byKey("die-3"));
    click(byKey("trade"));
    expect(q(".nw-sel-text").textContent).toContain("1 gold chit");
    click(byKey("board-t1-07"));
    expect(lastMove(model).move.payment).toEqual({ dice: [], chits: 1, trades: [[2, 3]] });
  });

  it("pass", () => {
    const { model } = mount("start_2p");
    click(byKey("pass"));
    expect(lastMove(model)).toEqual({ kind: "move", seat: 0, position: 0, move: { type: "pass" } });
  });

  it("reroll needs a selection, then sends the selected dice", () => {
    const { model } = mount("start_2p");
    click(byKey("reroll"));
    expect(model.sent.length).toBe(0);
    expect(q(".nw-error").textContent).toContain("Select the dice to reroll");
    click(byKey("die-4"));
    click(byKey("die-2"));
    click(byKey("reroll"));
    expect(lastMove(model).move).toEqual({ type: "reroll", dice: [2, 4] });
  });

  it("build: inert with Python's reason while no build is legal; then sends the suggested build", async () => {
    const { model } = mount("rich_3p");
    expect(model.data.legal.some((e) => e.move.type === "build")).toBe(false);
    const button = byKey("build");
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(button.getAttribute("tabindex")).toBeNull(); // still focusable: focus shows why
    expect(button.getAttribute("title")).toBe(`Not now: ${model.data.view.unavailable.build}`);
    click(button);
    expect(lastMove(model)).toBeUndefined();
    const build = { move: { type: "build", payment: { dice: [], chits: 0, trades: [] } }, text: "Build" };
    model.emit("legal", [...model.data.legal, build]);
    await tick();
    expect(byKey("build").getAttribute("aria-disabled")).toBeNull();
    click(byKey("build"));
    expect(lastMove(model).move.type).toBe("build");
  });

  it("tiles that cannot be bought are inert and their tooltip says why (Python's reason)", () => {
    const { model } = mount("start_2p");
    const reasons = model.data.view.unavailable.tiles;
    expect(Object.keys(reasons).length).toBeGreaterThan(0);
    for (const [id, reason] of Object.entries(reasons)) {
      const card = byKey(`board-${id}`);
      expect(card.getAttribute("aria-disabled")).toBe("true");
      expect(card.getAttribute("aria-label")).toContain(`Not now: ${reason}`);
      expect(document.getElementById(card.getAttribute("aria-describedby")).textContent).toContain(reason);
      click(card);
      expect(lastMove(model)).toBeUndefined();
    }
  });

  it("books: the engine's options as buttons, and free selection", () => {
    const { model } = mount("books");
    const options = qa(".nw-option");
    expect(options.map((b) => b.textContent)).toEqual(model.data.legal.map((e) => e.text));
    click(options[0]);
    expect(lastMove(model).move).toEqual(model.data.legal[0].move);
    click(byKey("die-20"));
    click(byKey("use-selection"));
    expect(lastMove(model).move).toEqual({ type: "books", dice: [20], chits: 0 });
  });

  it("famine and war: options and selection payments", () => {
    let { model } = mount("famine");
    click(qa(".nw-option")[1]);
    expect(lastMove(model).move).toEqual(model.data.legal[1].move);
    click(byKey("die-0"));
    click(byKey("chit-0-food"));
    click(byKey("use-selection"));
    expect(lastMove(model).move).toEqual({ type: "feed", payment: { dice: [0], chits: 1, trades: [] } });
    el.replaceChildren();
    ({ model } = mount("war"));
    click(qa(".nw-option")[0]);
    expect(lastMove(model).move).toEqual({ type: "fight", payment: null });
    click(byKey("die-37"));
    click(byKey("use-selection"));
    expect(lastMove(model).move).toEqual({ type: "fight", payment: { dice: [37], chits: 0, trades: [] } });
  });

  it("accelerated: pledge options and passing with the selected dice", () => {
    const { model } = mount("accelerated");
    const pledge = model.data.legal.find((e) => e.move.pledge);
    const button = qa(".nw-option").find((b) => b.textContent === pledge.text);
    click(button);
    expect(lastMove(model).move).toEqual(pledge.move);
    click(byKey("die-9"));
    click(byKey("die-6"));
    expect(byKey("pass").textContent).toContain("trading");
    click(byKey("pass"));
    expect(lastMove(model).move).toEqual({ type: "pass", pledge: [6, 9] });
  });

  it("history, seats, save and bot buttons send their intents", () => {
    const { model } = mount("rich_3p");
    click(byKey("undo"));
    expect(model.sent.at(-1)).toEqual({ kind: "undo" });
    const slider = byKey("slider");
    slider.value = "3";
    slider.dispatchEvent(new Event("change"));
    expect(model.sent.at(-1)).toEqual({ kind: "goto", position: 3 });
    click(byKey("first"));
    expect(model.sent.at(-1)).toEqual({ kind: "goto", position: 0 });
    const seat = byKey("seat-1");
    seat.value = "random";
    seat.dispatchEvent(new Event("change"));
    expect(model.sent.at(-1)).toEqual({ kind: "set_seat", seat: 1, player: "random" });
    click(byKey("save"));
    expect(model.sent.at(-1)).toEqual({ kind: "save" });
    click(byKey("bot-decide"));
    expect(model.sent.at(-1)).toEqual({ kind: "bot_move" });
  });

  it("offers no 'Let a bot decide' at a shared table (a bot would read the other seats' hidden choices)", () => {
    // Python names what it refuses at a shared table (the table trait's `off`)
    const table = { id: "t1", kind: "dice", role: "seat", mine: [0], seats: [], to_play: 0, my_turn: true, shared: true, off: { bot_help: "at a shared table no bot decides for a person" } };
    mount("start_2p", { table });
    expect(byKey("bot-decide")).toBeNull();
    for (const patch of [{}, { table: { ...table, shared: false, off: {} } }]) { // here alone, or one person and bots
      removeHosts();
      el = testHost();
      mount("start_2p", patch);
      expect(byKey("bot-decide").title).toContain("played as yours");
    }
  });

  it("a new game sends the form's settings", () => {
    const { model, controller } = mount("start_2p");
    const players = byKey("form-players");
    players.value = "3";
    players.dispatchEvent(new Event("change"));
    expect(qa('[data-key^="form-seat-"]').length).toBe(3);
    const seed = byKey("form-seed");
    seed.value = "42";
    seed.dispatchEvent(new Event("input"));
    click(byKey("start"));
    expect(model.sent.at(-1)).toEqual({
      kind: "new_game",
      settings: {
        players: 3, seats: ["human", "random", "random"], variant: "original", automate: true,
        solo_tougher: false, unrest: false, seed: "42", bot_delay: 0,
      },
    });
    expect(controller.ui.form.seed).toBe("");
  });

  it("loading a file sends its text; a huge file is refused locally", () => {
    const { model, controller } = mount("start_2p");
    controller.shell.loadText("game", "g.json", '{"format": "x"}');
    expect(model.sent.at(-1)).toEqual({ kind: "load", text: '{"format": "x"}', name: "g.json" });
    controller.shell.loadText("game", "big.json", "x".repeat(2_000_000));
    expect(model.sent.length).toBe(1);
    expect(q(".nw-error").textContent).toContain("too large");
    controller.shell.loadText("catalogue", "c.json", "{}");
    expect(model.sent.at(-1).kind).toBe("load_catalogue");
  });

  it("a loaded game is said in words once Python has loaded it, not when it refused it", async () => {
    const { model, controller } = mount("start_2p");
    const game = model.data.history.game;
    controller.shell.loadText("game", "mine.json", '{"format": "x"}');
    await tick();
    expect(q(".nw-error")).toBeNull(); // nothing said before Python has answered
    // Python loaded it: the next game, at the file's position
    model.emit("history", { ...model.data.history, game: game + 1, position: 4, length: 9 });
    await tick();
    expect(q(".nw-error").textContent).toContain("Loaded mine.json: move 4 of 9.");
    expect(q(".nw-error").classList.contains("nw-note-line")).toBe(true); // a note, not a refusal
    // a refused file says Python's reason, and no "Loaded"
    controller.shell.loadText("game", "bad.json", "{}");
    model.emit("error", "could not load bad.json: not a saved game");
    await tick();
    model.emit("history", { ...model.data.history, game: game + 2 }); // a later New game
    await tick();
    expect(el.textContent).not.toContain("Loaded bad.json");
  });

  it("a saved game from Python is downloaded", () => {
    const { model, controller } = mount("start_2p");
    const create = vi.fn(() => "blob:x");
    const revoke = vi.fn();
    const orig = [URL.createObjectURL, URL.revokeObjectURL];
    URL.createObjectURL = create;
    URL.revokeObjectURL = revoke;
    const anchorClick = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    try {
      model.custom({ kind: "saved", text: "{}", filename: "g.json" });
      expect(create).toHaveBeenCalledOnce();
      expect(controller.ui.lastSaved.filename).toBe("g.json");
      expect(anchorClick).toHaveBeenCalledOnce();
    } finally {
      anchorClick.mockRestore();
      [URL.createObjectURL, URL.revokeObjectURL] = orig;
    }
  });

  it("no live controls while bots play; a bot's turn offers to let it play", () => {
    const busy = mount("start_2p", { busy: true }).model;
    expect(q(".nw-busy")).toBeTruthy();
    // dice and tiles are inert (drawn as before, switched in place, clicks do nothing)
    for (const key of ["die-0", "board-t1-07"]) {
      expect(byKey(key).getAttribute("aria-disabled"), key).toBe("true");
      click(byKey(key));
    }
    expect(byKey("die-0").getAttribute("tabindex")).toBe("-1");
    expect(byKey("die-0").getAttribute("aria-pressed")).toBe("false");
    expect(q(".nw-pending")).toBeNull();
    expect(busy.sent).toEqual([]);
    el.replaceChildren();
    const data = fixture("start_2p");
    data.view = { ...data.view, current: 1, human_turn: false };
    data.legal = [];
    const model = mockModel(data);
    createController({ model, el });
    click(byKey("play-bots"));
    expect(model.sent.at(-1)).toEqual({ kind: "play_bots" });
  });
});

describe("errors and updates", () => {
  it("shows the engine's refusal next to the board, and clears it", () => {
    const { model } = mount("refused");
    const alert = q('[role="alert"]');
    expect(alert.textContent).toContain(model.data.error);
    click(byKey("dismiss"));
    expect(model.sent.at(-1)).toEqual({ kind: "clear_error" });
  });

  it("re-renders when Python changes a trait", async () => {
    const { model } = mount("start_2p");
    expect(q('[role="alert"]')).toBeNull();
    model.emit("error", "die 2 shows 1 food, no gold");
    await tick();
    expect(q('[role="alert"]').textContent).toContain("no gold");
    const next = fixture("rich_3p");
    model.data.catalogue = next.catalogue;
    model.emit("view", next.view);
    await tick();
    expect(q(".nw-prompt").textContent).toBe(next.view.prompt);
  });

  it("a new position clears the selection and animates the rolled dice", async () => {
    const { model, controller } = mount("start_2p");
    const rolling = qa(".nw-rolling");
    expect(rolling.length).toBe(model.data.view.rolled.length);
    // a roll plays once: the class goes when the animation ends
    for (const d of rolling) d.dispatchEvent(new Event("animationend"));
    expect(qa(".nw-rolling").length).toBe(0);
    click(byKey("die-0"));
    expect(controller.view.ui.sel.dice).toEqual([0]);
    expect(qa(".nw-rolling").length).toBe(0); // no replay on a purely visual redraw
    model.emit("view", { ...model.data.view, position: 1, rolled: [1] });
    await tick();
    expect(controller.view.ui.sel.dice).toEqual([]);
    expect(qa(".nw-rolling").map((d) => d.dataset.die)).toEqual(["1"]);
    // going back (undo, replay) does not roll; stepping forward again does
    model.emit("view", { ...model.data.view, position: 0, rolled: [2] });
    await tick();
    expect(qa(".nw-rolling")).toEqual([]);
    model.emit("view", { ...model.data.view, position: 1, rolled: [3] });
    await tick();
    expect(qa(".nw-rolling").map((d) => d.dataset.die)).toEqual(["3"]);
    // back (the roll still playing stops) and forward onto the same move again (a redo):
    // the roll plays again, on a new element
    const rolled = byKey("die-3");
    model.emit("view", { ...model.data.view, position: 0, rolled: [] });
    await tick();
    expect(qa(".nw-rolling")).toEqual([]);
    model.emit("view", { ...model.data.view, position: 1, rolled: [3] });
    await tick();
    expect(qa(".nw-rolling").map((d) => d.dataset.die)).toEqual(["3"]);
    expect(byKey("die-3")).not.toBe(rolled);
  });

  it("a die still rolling is not restarted by a redraw", () => {
    const { model } = mount("start_2p");
    const before = qa(".nw-rolling");
    expect(before.length).toBe(model.data.view.rolled.length);
    click(byKey("die-0"));
    // every die is the same element, still rolling (nothing rebuilt or re-inserted them:
    // selecting one sets its state in place); the clicked one is selected
    const after = qa(".nw-rolling");
    expect(after).toEqual(before);
    expect(byKey("die-0").classList.contains("nw-selected")).toBe(true);
  });

  it("keeps keyboard focus on the same control across a redraw", () => {
    mount("start_2p");
    byKey("die-1").focus();
    byKey("die-1").dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(document.activeElement.dataset.key).toBe("die-1");
  });
});

describe("the Unrest expansion", () => {
  it("names a green die's Unrest face in words and offers only the two ways to settle it", () => {
    const { model } = mount("unrest_due");
    const view = model.data.view;
    const green = view.dice.map((d, i) => i).filter((i) => model.data.catalogue.die_colours[i] === "green" && view.dice[i][0] === 0);
    const shown = green.map((d) => byKey(`die-${d}`));
    const unrest = shown.find((e) => e.textContent === "Unrest");
    expect(unrest).toBeTruthy();
    expect(unrest.getAttribute("aria-label")).toContain("the Unrest symbol");
    expect(unrest.className).toContain("nw-die-green");
    const buttons = qa('[data-key^="opt-unrest-"]');
    expect(buttons.map((b) => b.textContent)).toEqual(model.data.legal.map((e) => e.text));
    expect(byKey("pass")).toBeNull();
    click(buttons[1]);
    expect(lastMove(model).move).toEqual({ type: "unrest", choice: "set_aside" });
  });

  it("offers the star reroll and the passing bonuses; the plain pass is not offered", () => {
    const { model } = mount("unrest_bonus");
    expect(byKey("reroll-star").disabled).toBe(false);
    expect(byKey("pass").disabled).toBe(true);
    const bonuses = qa('[data-key^="opt-pass-"]');
    expect(bonuses.length).toBe(3);
    click(bonuses[0]);
    expect(lastMove(model).move).toEqual({ type: "pass", bonus: "pass-book" });
    click(byKey("die-0"));
    click(byKey("reroll-star"));
    expect(lastMove(model).move).toEqual({ type: "reroll", dice: [0], star: true });
    expect(q(".nw-chits-row").textContent).toContain("star-marked reroll chits: 1 unused of 1");
  });

  it("the New game form has an Unrest checkbox, sent with the settings", () => {
    const { model } = mount("start_2p");
    const box = byKey("form-unrest");
    expect(box.parentElement.textContent).toContain("Unrest");
    box.checked = true;
    box.dispatchEvent(new Event("change"));
    click(byKey("start"));
    expect(model.sent.at(-1).settings.unrest).toBe(true);
  });
});

describe("who plays a seat", () => {
  const levels = { random: "very easy", "heuristic-builder": "easy", mcts: "very hard", "mcts-hard": "strongest" };
  const patch = (info) => ({
    seats: ["human", "heuristic-builder"],
    bot_names: ["random", "heuristic-builder", "mcts", "mcts-hard"],
    game_info: { ...info, bot_levels: levels },
  });

  it("names the bot and its level on its board, in the waiting line and in the seat menus", () => {
    mount("start_2p", patch(fixture("start_2p").game_info));
    const heads = qa(".nw-player h3").map((e) => e.textContent);
    expect(heads.some((t) => t.includes("Player 2") && t.includes("heuristic-builder bot (easy)"))).toBe(true);
    expect(heads.some((t) => t.includes("Player 1") && t.includes("human"))).toBe(true);
    const options = [...byKey("seat-1").options].map((o) => o.textContent);
    expect(options).toContain("Bot: heuristic-builder (easy)");
    expect(options).toContain("Bot: mcts-hard (strongest)");
    // the bot's turn: the waiting line says which bot, at which level
    el.replaceChildren();
    const data = { ...fixture("start_2p"), ...patch(fixture("start_2p").game_info) };
    data.view = { ...data.view, current: 1, human_turn: false };
    data.legal = [];
    createController({ model: mockModel(data), el });
    expect(q(".nw-waiting").textContent).toContain("Player 2 is played by the heuristic-builder bot (easy).");
  });

  it("a bot of unknown level is named alone", () => {
    mount("start_2p", { ...patch({}), game_info: {} });
    const heads = qa(".nw-player h3").map((e) => e.textContent);
    expect(heads.some((t) => t.includes("heuristic-builder bot") && !t.includes("("))).toBe(true);
  });
});

describe("the Build button", () => {
  it("with a selection, its tooltip and its move are the selection's, not the suggested payment", () => {
    const base = fixture("start_2p");
    const view = { ...base.view, players: base.view.players.map((p, i) => (i === 0 ? { ...p, wonder: "t1-15" } : p)) };
    const suggested = { move: { type: "build", payment: { dice: [2], chits: 0, trades: [[0, 1], [3, 4]] } }, text: "Build Pyramids paying the white die showing 1 stone, ... traded for 1 stone" };
    const { model } = mount("start_2p", { view, legal: [...base.legal, suggested] });
    expect(byKey("build").getAttribute("title")).toBe(suggested.text);
    click(byKey("die-0"));
    click(byKey("die-1"));
    const title = byKey("build").getAttribute("title");
    expect(title).toContain("Build Pyramids paying with the selection (2 dice");
    expect(title).not.toContain("traded");
    click(byKey("build"));
    // the selection as it is (the engine pairs the dice that show no stone)
    expect(model.sent.at(-1).move).toEqual({ type: "build", payment: { dice: [0, 1], chits: 0, trades: [] } });
  });
});

describe("the score board's book tracks", () => {
  it("label each seat short (P1) and name its player in the tooltip: a table's chosen name too", async () => {
    const host = testHost();
    const data = fixture("start_2p");
    const table = {
      id: "t1", kind: "dice", number: 3, role: "seat", host: false, mine: [0], to_play: 0, my_turn: true, over: false,
      undo: "never", shared: true, off: {}, beat: 2, tokens: [],
      seats: [
        { seat: 0, name: "Ada", label: "Player 1", named: true, who: "here", bot: null, connected: true },
        { seat: 1, name: "Bo <b>", label: "Player 2", named: true, who: "remote", bot: null, connected: true },
      ],
    };
    createController({ model: mockModel({ ...data, table, seats: ["human", "remote"] }), el: host });
    await tick();
    const labels = [...host.querySelectorAll(".nw-track-label")];
    expect(labels.map((l) => l.textContent)).toEqual(["P1", "P2"]);
    expect(labels.map((l) => l.getAttribute("title"))).toEqual(["Ada", "Bo <b>"]);
    expect(host.querySelector(".nw-track-label b")).toBeNull();
    removeHosts();
  });
});
