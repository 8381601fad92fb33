// Choosing what goes back to the supply when a purchase replaces a building (its dice) or
// an advisor (its reroll chits).  Fixtures: js/scripts/make_fixtures.py (GIVE_BACK_DICE,
// GIVE_BACK_REROLLS), with `engine`: what the engine gives back for each buy left to its
// default, `previews`: Python's preview of each of those buys (the board asks it which
// dice go back; the mock model answers as Python would), and `refusal`: its answer to a
// wrong choice.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createController } from "../../src/dice/index.js";
import { click, fixture, mockModel, removeHosts, testHost, tick } from "../helpers.js";

let el;
beforeEach(() => {
  el = testHost();
});
afterEach(removeHosts);

/** The model answers each preview intent as Python does (the fixture's preview of that
 * move, with the question's number), after the message has gone. */
function answeringPreviews(model) {
  const send = model.send;
  model.send = (msg) => {
    send(msg);
    if (msg.kind !== "preview") return;
    const key = JSON.stringify(sorted(msg.move));
    const found = (model.data.previews || []).find((p) => JSON.stringify(sorted(p.move)) === key);
    if (!found) throw new Error(`no preview for ${key}`);
    const answer = model.answer ? model.answer(found) : found;
    queueMicrotask(() => model.emit("preview", { ...answer, ask: msg.ask }));
  };
  return model;
}

function mount(name, data = fixture(name)) {
  const model = answeringPreviews(mockModel(data));
  const controller = createController({ model, el });
  return { model, controller };
}

const q = (sel) => el.querySelector(sel);
const qa = (sel) => [...el.querySelectorAll(sel)];
const byKey = (key) => q(`[data-key="${key}"]`);
const moves = (model) => model.sent.filter((m) => m.kind === "move");
/** What the page sent but the questions about the dice going back. */
const told = (model) => model.sent.filter((m) => m.kind !== "preview");
const lastMove = (model) => moves(model).at(-1);
/** The dice shown in the give-back step, and those marked to go back. */
const shownDice = () => qa('[data-key^="give-back-"]').filter((b) => b.classList.contains("nw-die")).map((b) => Number(b.dataset.key.slice(10)));
const goingDice = () => qa(".nw-die.nw-going").map((b) => Number(b.dataset.key.slice(10)));
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

describe("giving back dice when a building is replaced", () => {
  it("after the building to replace, shows its colour's dice with the engine's default chosen, and sends it", async () => {
    const { model } = mount("give_back_dice");
    click(byKey("board-t2-01")); // Knights, replacing...
    click(byKey("replace-t1-02")); // ...Legion: 2 of the 3 red dice go back
    await tick(); // Python answers which dice go back
    expect(told(model)).toEqual([]);
    const panel = q(".nw-give-back");
    expect(panel.textContent).toContain("Buy Knights in place of Legion: 2 of your red dice go back to the supply");
    const red = model.data.view.give_back.dice.red;
    expect(shownDice()).toEqual(red);
    const move = { type: "buy", tile: "t2-01", payment: suggested(model, "t2-01"), replaces: "t1-02" };
    const { returned_dice: dflt } = engine(model, move);
    expect(dflt.length).toBe(2);
    expect(goingDice().sort((a, b) => a - b)).toEqual(dflt);
    for (const d of red) {
      expect(byKey(`give-back-${d}`).getAttribute("aria-pressed")).toBe(dflt.includes(d) ? "true" : "false");
    }
    // the used die is marked as such; the text says which dice go back
    const used = red.find((d) => model.data.view.dice[d][1]);
    expect(byKey(`give-back-${used}`).getAttribute("aria-label")).toContain("(used), goes back");
    // dice named by colour and face, never by id
    const going = panel.querySelector(".nw-sel-text").textContent;
    expect(going).toMatch(/the red die showing \d strength \(used\)/);
    expect(going).not.toMatch(/die \d/);
    expect(byKey("suggested-give-back")).toBeNull();
    click(byKey("confirm-give-back"));
    expect(moves(model).length).toBe(1);
    expect(lastMove(model)).toEqual({ kind: "move", seat: 0, position: 0, move: { ...move, returned_dice: dflt } });
    expect(q(".nw-give-back")).toBeNull();
  });

  it("clicking the dice changes the choice; exactly as many as the building gave can be confirmed", async () => {
    const { model, controller } = mount("give_back_dice");
    click(byKey("board-t2-01"));
    click(byKey("replace-t1-02"));
    await tick(); // Python answers which dice go back
    const move = { type: "buy", tile: "t2-01", payment: suggested(model, "t2-01"), replaces: "t1-02" };
    const dflt = engine(model, move).returned_dice;
    const kept = model.data.view.give_back.dice.red.find((d) => !dflt.includes(d)); // the 3 strength
    expect(model.data.view.dice[kept][1]).toBe(0);
    click(byKey(`give-back-${dflt[0]}`)); // one less: one more must be chosen
    expect(goingDice()).toEqual([dflt[1]]);
    expect(byKey("confirm-give-back").disabled).toBe(true);
    expect(q(".nw-give-back .nw-sel-text").textContent).toBe("Choose 1 more die to give back.");
    click(byKey("confirm-give-back")); // disabled; a click that got through sends nothing
    expect(told(model)).toEqual([]);
    expect(q(".nw-error").textContent).toContain("Choose 2 red dice to give back.");
    click(byKey(`give-back-${kept}`));
    expect(goingDice().sort((a, b) => a - b)).toEqual([dflt[1], kept].sort((a, b) => a - b));
    expect(byKey("confirm-give-back").disabled).toBe(false);
    // the suggestion is one click away
    click(byKey("suggested-give-back"));
    expect(goingDice().sort((a, b) => a - b)).toEqual(dflt);
    expect(controller.view.ui.pendingReturn.dice).toBeNull();
    click(byKey(`give-back-${dflt[0]}`));
    click(byKey(`give-back-${kept}`));
    click(byKey("confirm-give-back"));
    expect(lastMove(model).move).toEqual({ ...move, returned_dice: [dflt[1], kept].sort((a, b) => a - b) });
  });

  it("with one die to give back, clicking another die moves the choice to it", async () => {
    const { model } = mount("give_back_dice");
    click(byKey("board-t2-01"));
    click(byKey("replace-t1-01")); // Phalanx: 1 red die
    await tick(); // Python answers which dice go back
    const move = { type: "buy", tile: "t2-01", payment: suggested(model, "t2-01"), replaces: "t1-01" };
    const [dflt] = engine(model, move).returned_dice;
    expect(goingDice()).toEqual([dflt]);
    const other = model.data.view.give_back.dice.red.find((d) => d !== dflt);
    click(byKey(`give-back-${other}`));
    expect(goingDice()).toEqual([other]);
    expect(byKey("confirm-give-back").textContent).toBe("Buy Knights, giving back this die");
    click(byKey("confirm-give-back"));
    expect(lastMove(model).move).toEqual({ ...move, returned_dice: [other] });
  });

  it("the default follows the payment: a die paying goes back before an unused one", async () => {
    const { model } = mount("give_back_dice");
    // the suggested payment is a white die: that die goes back for the Farm
    click(byKey("board-t2-01"));
    click(byKey("replace-start-farm"));
    await tick(); // Python answers which dice go back
    const withDie = { type: "buy", tile: "t2-01", payment: suggested(model, "t2-01"), replaces: "start-farm" };
    const paidDie = withDie.payment.dice[0];
    expect(engine(model, withDie).returned_dice).toEqual([paidDie]);
    expect(goingDice()).toEqual([paidDie]);
    expect(byKey(`give-back-${paidDie}`).getAttribute("aria-label")).toContain("(paying)");
    click(byKey("cancel-buy"));
    // paying with the gold chit instead: the used white die goes back
    click(byKey("chit-0-gold"));
    click(byKey("board-t2-01"));
    click(byKey("replace-start-farm"));
    await tick(); // Python answers which dice go back
    const withChit = { type: "buy", tile: "t2-01", payment: { dice: [], chits: 1, trades: [] }, replaces: "start-farm" };
    const dflt = engine(model, withChit).returned_dice;
    expect(dflt).not.toEqual([paidDie]);
    expect(goingDice()).toEqual(dflt);
    click(byKey("confirm-give-back"));
    expect(lastMove(model).move).toEqual({ ...withChit, returned_dice: dflt });
  });

  it("Cancel returns to the board without sending anything", async () => {
    const { model, controller } = mount("give_back_dice");
    click(byKey("board-t2-01"));
    click(byKey("replace-t1-02"));
    await tick(); // Python answers which dice go back
    click(byKey(`give-back-${model.data.view.give_back.dice.red[2]}`));
    click(byKey("cancel-buy"));
    expect(told(model)).toEqual([]);
    expect(q(".nw-pending")).toBeNull();
    expect(controller.view.ui.pendingBuy).toBeNull();
    expect(controller.view.ui.pendingReturn).toBeNull();
    expect(byKey("board-t2-01").getAttribute("aria-pressed")).toBeNull();
    // a new try starts again from the building to replace, with the default
    click(byKey("board-t2-01"));
    expect(q(".nw-pending").textContent).toContain("which building does it replace?");
    click(byKey("replace-t1-02"));
    await tick(); // Python answers which dice go back
    const move = { type: "buy", tile: "t2-01", payment: suggested(model, "t2-01"), replaces: "t1-02" };
    expect(goingDice().sort((a, b) => a - b)).toEqual(engine(model, move).returned_dice);
  });

  it("the player board's slots choose the building, then stop offering while the dice are chosen", async () => {
    const { model } = mount("give_back_dice");
    click(byKey("board-t2-01"));
    expect(q(".nw-choose")).toBeTruthy();
    click(byKey("slot-0-0")); // Legion
    await tick(); // Python answers which dice go back
    expect(q(".nw-give-back")).toBeTruthy();
    expect(q(".nw-choose")).toBeNull();
    expect(byKey("slot-0-0").tagName).toBe("DIV");
    expect(told(model)).toEqual([]);
  });

  it("works from the keyboard: the dice are buttons that keep the focus", async () => {
    const { model } = mount("give_back_dice");
    click(byKey("board-t2-01"));
    click(byKey("replace-t1-01"));
    await tick(); // Python answers which dice go back
    const other = model.data.view.give_back.dice.red.at(-1);
    const die = byKey(`give-back-${other}`);
    expect(die.tagName).toBe("BUTTON");
    die.focus();
    die.dispatchEvent(new MouseEvent("click", { bubbles: true })); // Enter or Space on a button
    expect(document.activeElement.dataset.key).toBe(`give-back-${other}`);
    expect(document.activeElement.getAttribute("aria-pressed")).toBe("true");
  });

  it("a refused choice shows the engine's reason", async () => {
    const { model } = mount("give_back_dice");
    click(byKey("board-t2-01"));
    click(byKey("replace-t1-02"));
    await tick(); // Python answers which dice go back
    click(byKey("confirm-give-back"));
    model.emit("error", model.data.refusal);
    await tick();
    expect(q('[role="alert"]').textContent).toContain("is not one of your red dice");
    expect(q(".nw-give-back")).toBeNull();
  });

  it("no step when every choice is alike (all the dice of that colour used)", async () => {
    const data = fixture("give_back_dice");
    const red = data.view.give_back.dice.red;
    data.view = { ...data.view, dice: data.view.dice.map((x, d) => (red.includes(d) ? [x[0], 1, x[2]] : x)) };
    const { model } = mount("give_back_dice", data);
    // Python says so: the used dice are all alike
    model.answer = (found) => ({ ...found, give_back: { ...found.give_back, matters: false } });
    click(byKey("board-t2-01"));
    click(byKey("replace-t1-02"));
    await tick(); // Python answers which dice go back
    expect(q(".nw-give-back")).toBeNull();
    expect(lastMove(model).move).toEqual({ type: "buy", tile: "t2-01", payment: suggested(model, "t2-01"), replaces: "t1-02" });
  });
});

describe("giving back reroll chits when an advisor is replaced", () => {
  it("offers each number of used chits that can go back, the engine's default first and highlighted", () => {
    const { model } = mount("give_back_rerolls");
    const { choices, default: dflt } = model.data.view.give_back.used_rerolls;
    click(byKey("board-t2-07")); // Genghis Khan, replacing Confucius
    expect(model.sent).toEqual([]);
    expect(q(".nw-give-back").textContent).toContain("Hire Genghis Khan: Confucius leaves, and 2 of your reroll chits go back");
    const buttons = qa('[data-key^="give-back-rerolls-"]');
    expect(buttons.map((b) => Number(b.dataset.key.slice(18)))).toEqual([...choices].sort((a, b) => b - a));
    expect(buttons[0].dataset.key).toBe(`give-back-rerolls-${dflt}`);
    expect(buttons[0].classList.contains("nw-primary")).toBe(true);
    expect(buttons.filter((b) => b.classList.contains("nw-primary")).length).toBe(1);
    expect(buttons[0].textContent).toBe("Give back 1 used + 1 unused (keep 1 unused) — suggested");
    expect(buttons[1].textContent).toBe("Give back 0 used + 2 unused (keep 0 unused)");
    const move = { type: "buy", tile: "t2-07", payment: suggested(model, "t2-07") };
    expect(engine(model, move).returned_used_rerolls).toBe(dflt);
    click(buttons[0]);
    expect(lastMove(model)).toEqual({ kind: "move", seat: 0, position: 0, move: { ...move, returned_used_rerolls: dflt } });
  });

  it("another choice is sent as chosen; Cancel sends nothing", () => {
    const { model, controller } = mount("give_back_rerolls");
    click(byKey("board-t2-07"));
    click(byKey("cancel-buy"));
    expect(model.sent).toEqual([]);
    expect(controller.view.ui.pendingBuy).toBeNull();
    expect(q(".nw-give-back")).toBeNull();
    click(byKey("chit-0-gold")); // paying with the gold chit this time
    click(byKey("board-t2-07"));
    click(byKey("give-back-rerolls-0"));
    expect(lastMove(model).move).toEqual({
      type: "buy", tile: "t2-07", payment: { dice: [], chits: 1, trades: [] }, returned_used_rerolls: 0,
    });
  });

  it("without an advisor to replace, an advisor is bought in one click", () => {
    const { model } = mount("give_back_dice");
    expect(model.data.view.give_back.used_rerolls).toBeNull();
    click(byKey("board-t2-07"));
    expect(lastMove(model).move).toEqual({ type: "buy", tile: "t2-07", payment: suggested(model, "t2-07") });
  });
});
