// Buying a building (what it replaces, which dice go back) or an advisor replacing yours
// (which reroll chits go back): a click on the tile shows the one preview, every choice made
// as the engine would and changeable inside it (a change asks Python again); then Confirm.
// Fixtures: js/scripts/make_fixtures.py (GIVE_BACK_DICE, GIVE_BACK_REROLLS), with `engine`:
// what the engine gives back for each buy left to its default, `previews`: Python's preview
// of each of those buys and of each other choice (the mock model answers as Python would),
// and `refusal`: its answer to a wrong choice.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createController } from "../../src/dice/index.js";
import { click, fixture, mockModel, removeHosts, testHost, tick } from "../helpers.js";

let el;
beforeEach(() => {
  el = testHost();
});
afterEach(removeHosts);

/** The model answers each preview intent as Python does (the fixture's preview of that
 * move, with the question's number), after the message has gone; with `model.held` an
 * array, the answers wait there until the test sends them (`release`). */
function answeringPreviews(model) {
  const send = model.send;
  model.send = (msg) => {
    send(msg);
    if (msg.kind !== "preview") return;
    const key = JSON.stringify(sorted(msg.move));
    const found = (model.data.previews || []).find((p) => JSON.stringify(sorted(p.move)) === key);
    if (!found) throw new Error(`no preview for ${key}`);
    const answer = { ...(model.answer ? model.answer(found) : found), ask: msg.ask };
    if (model.held) model.held.push(answer);
    else queueMicrotask(() => model.emit("preview", answer));
  };
  return model;
}

/** Send the held answer to question `ask` (an old one may come after a newer one). */
async function release(model, ask) {
  const answer = model.held.find((a) => a.ask === ask);
  if (!answer) throw new Error(`no answer held for question ${ask}`);
  model.emit("preview", answer);
  await tick();
}

function mount(name, data = fixture(name)) {
  const model = answeringPreviews(mockModel(data));
  const controller = createController({ model, el });
  // the end of round 1's summary, read and closed (any key would close it first)
  const summary = el.querySelector('[data-key="round-summary-close"]');
  if (summary) click(summary);
  return { model, controller };
}

const q = (sel) => el.querySelector(sel);
const qa = (sel) => [...el.querySelectorAll(sel)];
const byKey = (key) => q(`[data-key="${key}"]`);
const moves = (model) => model.sent.filter((m) => m.kind === "move");
/** What the page sent but the questions about the preview. */
const told = (model) => model.sent.filter((m) => m.kind !== "preview");
const lastMove = (model) => moves(model).at(-1);
const asked = (model) => model.sent.filter((m) => m.kind === "preview").at(-1);
/** The dice offered to go back in the preview, and those marked to go back. */
const shownDice = () => qa('.nw-preview [data-key^="give-back-"]').filter((b) => b.classList.contains("nw-die")).map((b) => Number(b.dataset.key.slice(10)));
const goingDice = () => qa(".nw-preview .nw-die.nw-going").map((b) => Number(b.dataset.key.slice(10))).sort((a, b) => a - b);
/** The building chosen to be replaced in the preview (its radio checked). */
const replacing = () => qa('.nw-preview [role="radio"][aria-checked="true"][data-key^="replace-"]').map((b) => b.dataset.key.slice(8));
const press = (target, key) => target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
/** The engine's answer for the buy `move` (tile, payment, replaces; defaults left out). */
function engine(model, move) {
  const found = model.data.engine.find((e) => JSON.stringify(e.move) === JSON.stringify(sorted(move)));
  if (!found) throw new Error(`no engine answer for ${JSON.stringify(move)}`);
  return found;
}
const sorted = (obj) => (obj && typeof obj === "object" && !Array.isArray(obj)
  ? Object.fromEntries(Object.keys(obj).sort().map((k) => [k, sorted(obj[k])]))
  : obj);
const suggested = (model, tile) => model.data.legal.find((e) => e.move.tile === tile).move.payment;

describe("buying a building: one preview, the choices inside it", () => {
  it("a click on the tile previews it replacing Python's suggestion, the dice going back as the engine would; Confirm buys it", async () => {
    const { model } = mount("give_back_dice");
    const dflt = model.data.view.give_back.replace_default;
    expect(dflt).toBe("start-farm");
    click(byKey("board-t2-01")); // Knights (previews off: the choices still come first)
    const move = { type: "buy", tile: "t2-01", payment: suggested(model, "t2-01"), replaces: dflt };
    expect(model.sent).toEqual([{ kind: "preview", move, ask: 1 }]);
    await tick(); // Python's answer draws the preview
    const panel = q(".nw-preview");
    expect(panel.textContent).toContain("Buy Knights");
    // every building the player holds, once, the suggestion chosen and said
    expect(qa('.nw-preview [data-key^="replace-"]').map((b) => b.dataset.key)).toEqual(
      ["replace-t1-02", "replace-t1-01", "replace-start-farm", "replace-start-caravan", "replace-start-temple"]);
    expect(replacing()).toEqual(["start-farm"]);
    expect(byKey("replace-start-farm").textContent).toContain("suggested");
    // the white dice, the engine's default chosen: the die paying goes back
    expect(shownDice()).toEqual(model.data.view.give_back.dice.white);
    expect(goingDice()).toEqual(engine(model, move).returned_dice);
    expect(byKey(`give-back-${move.payment.dice[0]}`).getAttribute("aria-label")).toContain("(paying), goes back");
    // previews off: no lists, the payment said in a line
    expect(panel.textContent).not.toContain("Comes in:");
    expect(panel.textContent).toContain("Paying:");
    // the focus is in the preview, on the choice: Enter there confirms
    expect(document.activeElement.dataset.key).toBe("replace-start-farm");
    expect(told(model)).toEqual([]);
    click(byKey("preview-confirm"));
    expect(told(model)).toEqual([{ kind: "move", seat: 0, position: 0, move }]);
  });

  it("another building chosen asks Python again; meanwhile Confirm waits; its dice come with their default", async () => {
    localStorage.setItem("nw-previews", "true");
    const { model } = mount("give_back_dice");
    click(byKey("board-t2-01"));
    await tick();
    model.held = [];
    click(byKey("replace-t1-02")); // Legion: 2 of the 3 red dice go back
    const move = { type: "buy", tile: "t2-01", payment: suggested(model, "t2-01"), replaces: "t1-02" };
    expect(asked(model)).toEqual({ kind: "preview", move, ask: 2 });
    // the choice shows at once, the preview is being worked out again: no Confirm yet
    expect(replacing()).toEqual(["t1-02"]);
    expect(byKey("preview-confirm").disabled).toBe(true);
    expect(q(".nw-preview").textContent).toContain("Working out the new preview");
    expect(shownDice()).toEqual([]); // the white dice were the Farm's
    await release(model, 2);
    expect(byKey("preview-confirm").disabled).toBe(false);
    expect(shownDice()).toEqual(model.data.view.give_back.dice.red);
    const dflt = engine(model, move).returned_dice;
    expect(dflt.length).toBe(2);
    expect(goingDice()).toEqual(dflt);
    expect(q(".nw-preview").textContent).toContain("Knights replaces Legion");
    click(byKey("preview-confirm"));
    expect(lastMove(model).move).toEqual(move);
  });

  it("a die clicked goes back instead of the one chosen first: asked again, then sent", async () => {
    const { model } = mount("give_back_dice");
    click(byKey("board-t2-01"));
    await tick();
    click(byKey("replace-t1-02"));
    await tick();
    const base = { type: "buy", tile: "t2-01", payment: suggested(model, "t2-01"), replaces: "t1-02" };
    const dflt = engine(model, base).returned_dice;
    const kept = model.data.view.give_back.dice.red.find((d) => !dflt.includes(d)); // the 3 strength
    // two go back: each a toggle of its own
    expect(byKey(`give-back-${kept}`).getAttribute("aria-pressed")).toBe("false");
    click(byKey(`give-back-${dflt[0]}`)); // already going back: nothing changes, nothing asked
    expect(asked(model).ask).toBe(2);
    click(byKey(`give-back-${kept}`));
    const chosen = [dflt[1], kept].sort((a, b) => a - b);
    expect(asked(model)).toEqual({ kind: "preview", move: { ...base, returned_dice: chosen }, ask: 3 });
    await tick();
    expect(goingDice()).toEqual(chosen);
    click(byKey("preview-confirm"));
    expect(lastMove(model).move).toEqual({ ...base, returned_dice: chosen });
  });

  it("with one die to give back the dice are a radio group: a click moves the choice", async () => {
    const { model } = mount("give_back_dice");
    click(byKey("board-t2-01"));
    await tick();
    const move = { type: "buy", tile: "t2-01", payment: suggested(model, "t2-01"), replaces: "start-farm" };
    const [dflt] = engine(model, move).returned_dice;
    const other = model.data.view.give_back.dice.white.find((d) => d !== dflt);
    expect(byKey(`give-back-${other}`).getAttribute("role")).toBe("radio");
    click(byKey(`give-back-${other}`));
    await tick();
    expect(goingDice()).toEqual([other]);
    expect(byKey(`give-back-${other}`).getAttribute("aria-checked")).toBe("true");
    click(byKey("preview-confirm"));
    expect(lastMove(model).move).toEqual({ ...move, returned_dice: [other] });
  });

  it("an old answer is never taken for the new question, whatever order they come in", async () => {
    localStorage.setItem("nw-previews", "true");
    const { model } = mount("give_back_dice");
    model.held = [];
    click(byKey("board-t2-01"));
    await release(model, 1);
    click(byKey("replace-t1-01")); // question 2
    click(byKey("replace-t1-02")); // question 3
    expect(asked(model).ask).toBe(3);
    await release(model, 3);
    expect(replacing()).toEqual(["t1-02"]);
    expect(byKey("preview-confirm").disabled).toBe(false);
    await release(model, 2); // late: Phalanx's answer
    expect(replacing()).toEqual(["t1-02"]);
    expect(q(".nw-preview").textContent).toContain("Knights replaces Legion");
    expect(q(".nw-preview").textContent).not.toContain("replaces Phalanx");
    click(byKey("preview-confirm"));
    expect(lastMove(model).move.replaces).toBe("t1-02");
  });

  it("the default follows the payment: a die paying goes back before an unused one", async () => {
    const { model } = mount("give_back_dice");
    click(byKey("board-t2-01"));
    await tick();
    const withDie = { type: "buy", tile: "t2-01", payment: suggested(model, "t2-01"), replaces: "start-farm" };
    const paidDie = withDie.payment.dice[0];
    expect(goingDice()).toEqual([paidDie]);
    click(byKey("preview-cancel"));
    // paying with the gold chit instead: the used white die goes back
    click(byKey("chit-0-gold"));
    click(byKey("board-t2-01"));
    await tick();
    const withChit = { type: "buy", tile: "t2-01", payment: { dice: [], chits: 1, trades: [] }, replaces: "start-farm" };
    const dflt = engine(model, withChit).returned_dice;
    expect(dflt).not.toEqual([paidDie]);
    expect(goingDice()).toEqual(dflt);
    click(byKey("preview-confirm"));
    expect(lastMove(model).move).toEqual(withChit);
  });

  it("Cancel and Escape send nothing; a new click starts again from the defaults", async () => {
    const { model } = mount("give_back_dice");
    click(byKey("board-t2-01"));
    await tick();
    click(byKey("replace-t1-02"));
    await tick();
    click(byKey("preview-cancel"));
    expect(told(model)).toEqual([]);
    expect(q(".nw-preview")).toBeNull();
    expect(byKey("board-t2-01").getAttribute("aria-pressed")).toBeNull();
    click(byKey("board-t2-01"));
    await tick();
    expect(replacing()).toEqual(["start-farm"]);
    press(byKey("replace-start-farm"), "Escape");
    expect(q(".nw-preview")).toBeNull();
    expect(told(model)).toEqual([]);
  });

  it("the player board's slots choose the building too, the one replaced marked", async () => {
    const { model } = mount("give_back_dice");
    expect(byKey("slot-0-0").tagName).toBe("DIV");
    click(byKey("board-t2-01"));
    await tick();
    expect(q(".nw-slot.nw-replacing [data-key]").dataset.key).toBe("slot-0-2"); // the Farm
    click(byKey("slot-0-0")); // Legion
    expect(asked(model).move.replaces).toBe("t1-02");
    await tick();
    expect(replacing()).toEqual(["t1-02"]);
    expect(q(".nw-slot.nw-replacing [data-key]").dataset.key).toBe("slot-0-0");
    expect(told(model)).toEqual([]);
    click(byKey("preview-cancel"));
    expect(byKey("slot-0-0").tagName).toBe("DIV");
  });

  it("works from the keyboard: Enter on the tile, the arrows change a choice, Enter confirms", async () => {
    const { model } = mount("give_back_dice");
    const tile = byKey("board-t2-01");
    tile.focus();
    tile.dispatchEvent(new MouseEvent("click", { bubbles: true })); // Enter on a button
    await tick();
    // the focus went into the preview, on the building replaced
    expect(document.activeElement.dataset.key).toBe("replace-start-farm");
    // one Tab stop per group: the chosen radio only
    expect(qa('.nw-preview [data-key^="replace-"]').filter((b) => b.tabIndex === 0).length).toBe(1);
    press(document.activeElement, "ArrowLeft"); // to Phalanx
    await tick();
    expect(replacing()).toEqual(["t1-01"]);
    expect(document.activeElement.dataset.key).toBe("replace-t1-01");
    // the dice group is the next Tab stop: the chosen die
    const move = { type: "buy", tile: "t2-01", payment: suggested(model, "t2-01"), replaces: "t1-01" };
    const [dflt] = engine(model, move).returned_dice;
    const dieStop = qa('.nw-preview [data-key^="give-back-"]').filter((b) => b.tabIndex === 0);
    expect(dieStop.map((b) => b.dataset.key)).toEqual([`give-back-${dflt}`]);
    dieStop[0].focus();
    press(dieStop[0], "ArrowRight");
    await tick();
    const other = goingDice()[0];
    expect(other).not.toBe(dflt);
    expect(document.activeElement.dataset.key).toBe(`give-back-${other}`);
    press(document.activeElement, "Enter");
    expect(lastMove(model).move).toEqual({ ...move, returned_dice: [other] });
  });

  it("a refused buy shows the engine's reason", async () => {
    const { model } = mount("give_back_dice");
    click(byKey("board-t2-01"));
    await tick();
    click(byKey("preview-confirm"));
    model.emit("error", model.data.refusal);
    await tick();
    expect(q('[role="alert"]').textContent).toContain("is not one of your red dice");
    expect(q(".nw-preview")).toBeNull();
  });

  it("no dice to choose when every choice is alike: said in words", async () => {
    const { model } = mount("give_back_dice");
    model.answer = (found) => (found.give_back ? { ...found, give_back: { ...found.give_back, matters: false } } : found);
    click(byKey("board-t2-01"));
    await tick();
    expect(shownDice()).toEqual([]);
    expect(q(".nw-give-back-note").textContent).toBe("your white die goes back to the supply (which ones makes no difference).".replace("your white die", "1 of your white dice"));
    click(byKey("preview-confirm"));
    expect(lastMove(model).move).toEqual({ type: "buy", tile: "t2-01", payment: suggested(model, "t2-01"), replaces: "start-farm" });
  });

  it("with previews on, the same preview also lists what pays, comes in and goes", async () => {
    localStorage.setItem("nw-previews", "true");
    const { model } = mount("give_back_dice");
    click(byKey("board-t2-01"));
    await tick();
    const panel = q(".nw-preview");
    for (const word of ["Pays:", "Comes in:", "Goes:"]) expect(panel.textContent).toContain(word);
    expect(panel.textContent).not.toContain("Paying:");
    expect(replacing()).toEqual(["start-farm"]);
    // an advisor with no advisor to replace leaves no choice: the shell's own preview,
    // the focus on its Confirm
    click(byKey("preview-cancel"));
    expect(model.data.view.give_back.used_rerolls).toBeNull();
    click(byKey("board-t2-07"));
    await tick();
    expect(q(".nw-preview").textContent).toContain("Buy Genghis Khan");
    expect(qa('.nw-preview [role="radio"]')).toEqual([]);
    expect(document.activeElement.dataset.key).toBe("preview-confirm");
  });
});

describe("buying an advisor that replaces yours: which reroll chits go back, inside the preview", () => {
  it("offers each number of used chits that can go back, the engine's default chosen; Confirm buys", async () => {
    const { model } = mount("give_back_rerolls");
    const { choices, default: dflt } = model.data.view.give_back.used_rerolls;
    click(byKey("board-t2-07")); // Genghis Khan, replacing Confucius
    const move = { type: "buy", tile: "t2-07", payment: suggested(model, "t2-07") };
    expect(model.sent).toEqual([{ kind: "preview", move, ask: 1 }]);
    await tick();
    expect(q(".nw-preview").textContent).toContain("Confucius takes back 2 reroll chits");
    const buttons = qa('.nw-preview [data-key^="give-back-rerolls-"]');
    expect(buttons.map((b) => Number(b.dataset.key.slice(18)))).toEqual([...choices].sort((a, b) => b - a));
    expect(byKey(`give-back-rerolls-${dflt}`).getAttribute("aria-checked")).toBe("true");
    expect(buttons[0].textContent).toBe("1 used + 1 unused (you keep 1 unused)suggested");
    expect(buttons[1].textContent).toBe("0 used + 2 unused (you keep 0 unused)");
    expect(engine(model, move).returned_used_rerolls).toBe(dflt);
    click(byKey("preview-confirm"));
    expect(lastMove(model)).toEqual({ kind: "move", seat: 0, position: 0, move });
  });

  it("another choice is asked again and sent as chosen; Cancel sends nothing", async () => {
    const { model } = mount("give_back_rerolls");
    click(byKey("board-t2-07"));
    await tick();
    click(byKey("preview-cancel"));
    expect(told(model)).toEqual([]);
    expect(q(".nw-preview")).toBeNull();
    click(byKey("chit-0-gold")); // paying with the gold chit this time
    click(byKey("board-t2-07"));
    await tick();
    click(byKey("give-back-rerolls-0"));
    await tick();
    expect(byKey("give-back-rerolls-0").getAttribute("aria-checked")).toBe("true");
    expect(byKey("give-back-rerolls-1").getAttribute("aria-checked")).toBe("false");
    click(byKey("preview-confirm"));
    expect(lastMove(model).move).toEqual({
      type: "buy", tile: "t2-07", payment: { dice: [], chits: 1, trades: [] }, returned_used_rerolls: 0,
    });
  });

  it("without an advisor to replace, an advisor is bought in one click (previews off)", () => {
    const { model } = mount("give_back_dice");
    expect(model.data.view.give_back.used_rerolls).toBeNull();
    click(byKey("board-t2-07"));
    expect(lastMove(model).move).toEqual({ type: "buy", tile: "t2-07", payment: suggested(model, "t2-07") });
  });
});
