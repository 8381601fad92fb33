import { describe, expect, it } from "vitest";
import {
  buyMove,
  countText,
  cycleChit,
  emptySelection,
  faceText,
  goingBackText,
  pairForTrade,
  passMove,
  paymentFrom,
  pruneSelection,
  rerollMove,
  selectionIsEmpty,
  selectionMove,
  selectionSummary,
  toggleDie,
  swapReturned,
  unusedTotals,
  usedRerollsChoice,
} from "../../src/dice/logic.js";
import { fixture } from "../helpers.js";

describe("selection", () => {
  it("toggles dice, pairs trades and cycles chits", () => {
    let sel = emptySelection();
    expect(selectionIsEmpty(sel)).toBe(true);
    sel = toggleDie(sel, 3);
    sel = toggleDie(sel, 1);
    sel = toggleDie(sel, 5);
    sel = toggleDie(sel, 5);
    expect(sel.dice).toEqual([3, 1]);
    sel = pairForTrade(sel);
    expect(sel).toEqual({ dice: [], trades: [[1, 3]], chits: {} });
    sel = toggleDie(sel, 3); // leaves the pair
    expect(sel.trades).toEqual([]);
    sel = cycleChit(sel, "gold", 2);
    sel = cycleChit(sel, "gold", 2);
    expect(sel.chits.gold).toBe(2);
    sel = cycleChit(sel, "gold", 2);
    expect(sel.chits.gold).toBe(0);
  });

  it("builds payments and moves", () => {
    const sel = { dice: [7, 2], trades: [[9, 4]], chits: { gold: 1, food: 2 } };
    expect(paymentFrom(sel, "gold")).toEqual({ dice: [2, 7], chits: 1, trades: [[4, 9]] });
    expect(paymentFrom(sel, "stone").chits).toBe(0);
    expect(rerollMove(sel)).toEqual({ type: "reroll", dice: [2, 4, 7, 9] });
    expect(passMove(sel, "original")).toEqual({ type: "pass" });
    expect(passMove(sel, "accelerated")).toEqual({ type: "pass", pledge: [2, 4, 7, 9] });
    expect(selectionMove("famine", sel)).toEqual({ type: "feed", payment: { dice: [2, 7], chits: 2, trades: [[4, 9]] } });
    expect(selectionMove("books", sel)).toEqual({ type: "books", dice: [2, 7], chits: 0 });
    expect(selectionMove("actions", sel)).toBeNull();
  });

  it("buy moves: the selection, else the suggested payment, else an empty one", () => {
    const { catalogue, legal } = fixture("start_2p");
    const sel = { dice: [1], trades: [], chits: {} };
    expect(buyMove(catalogue, legal, sel, "t1-03", "start-farm")).toEqual({
      type: "buy", tile: "t1-03", payment: { dice: [1], chits: 0, trades: [] }, replaces: "start-farm",
    });
    expect(buyMove(catalogue, legal, emptySelection(), "t1-14").payment).toEqual(
      legal.find((e) => e.move.tile === "t1-14").move.payment);
    expect(buyMove(catalogue, legal, emptySelection(), "t1-09").payment).toEqual({ dice: [], chits: 0, trades: [] });
  });

  it("prunes dice that are no longer the player's unused dice", () => {
    const { view } = fixture("start_2p");
    const sel = { dice: [0, 7], trades: [[1, 30]], chits: { gold: 5 } };
    expect(pruneSelection(view, 0, sel)).toEqual({ dice: [0], trades: [], chits: { gold: 1 } });
    expect(pruneSelection(view, null, sel)).toEqual(emptySelection());
  });

  it("adds up unused dice and chits", () => {
    const { catalogue, view } = fixture("start_2p");
    expect(unusedTotals(catalogue, view, 0)).toEqual({ gold: 3, stone: 0, food: 3, book: 0, strength: 0 });
  });
});

describe("what a replaced tile gives back", () => {
  it("keeps exactly `count` dice chosen: one more takes the place of the first chosen", () => {
    expect(swapReturned([4], 7, 1)).toEqual([7]);
    expect(swapReturned([4, 7], 9, 2)).toEqual([7, 9]);
    expect(swapReturned([7, 4], 9, 2)).toEqual([4, 9]);
    // a die already going back changes nothing (never fewer than `count`)
    expect(swapReturned([4, 7], 4, 2)).toEqual([4, 7]);
    expect(swapReturned([], 4, 0)).toEqual([]);
  });

  it("Python's preview gives the engine's default dice, and view.give_back the reroll choices", () => {
    const { view, engine, previews } = fixture("give_back_dice");
    const matters = {};
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    for (const e of engine) {
      const answer = previews.find((p) => same(p.move, e.move));
      expect(answer.give_back.default, JSON.stringify(e.move)).toEqual(e.returned_dice);
      expect(answer.give_back.chosen, JSON.stringify(e.move)).toEqual(e.returned_dice);
      expect(answer.replace.chosen).toBe(e.move.replaces);
      expect(answer.replace.default).toBe(view.give_back.replace_default);
      matters[`${e.move.tile}>${e.move.replaces}`] = answer.give_back.matters;
    }
    expect(matters["t2-01>t1-02"]).toBe(true);
    // Monastery, paid with both unused white dice (one paying, one traded), the third used:
    // the white dice are all alike, whichever goes back
    expect(engine.find((e) => e.move.tile === "t2-03").move.payment.trades.length).toBe(1);
    expect(matters["t2-03>start-farm"]).toBe(false);
    expect(usedRerollsChoice(view)).toBeNull();
    const rerolls = fixture("give_back_rerolls");
    expect(usedRerollsChoice(rerolls.view)).toEqual({ choices: [0, 1], default: 1 });
    expect(usedRerollsChoice(fixture("books").view)).toBeNull();
  });
});

describe("words that count", () => {
  it("books are counted: a face, a selection and a total say 1 book, 3 books", () => {
    expect([1, 2, 3].map((n) => countText(n, "book"))).toEqual(["1 book", "2 books", "3 books"]);
    expect(countText(2, "gold")).toBe("2 gold");
    const resources = ["gold", "stone", "food", "book", "strength"];
    expect(faceText({ book: 3 }, resources)).toBe("3 books");
    expect(faceText({ stone: 1, book: 1 }, resources)).toBe("1 stone + 1 book");
    const catalogue = { resources, chit_kinds: ["gold", "reroll"], die_colours: ["white", "white"], faces: { white: [{ book: 1 }] } };
    const view = { dice: [[0, false, 0], [0, false, 0]] };
    expect(selectionSummary(catalogue, view, { dice: [0, 1], trades: [], chits: {} })).toBe("2 dice (2 books)");
    expect(selectionSummary(catalogue, view, { dice: [0], trades: [], chits: {} })).toBe("1 die (1 book)");
  });

  it("what goes back reads naturally, whatever the counts", () => {
    expect(goingBackText(1, "white", 4)).toBe("1 of your white dice goes back");
    expect(goingBackText(1, "orange", 1)).toBe("your orange die goes back");
    expect(goingBackText(2, "red", 3)).toBe("2 of your red dice go back");
    expect(goingBackText(2, "red", 2)).toBe("your 2 red dice go back");
  });
});
