import { describe, expect, it } from "vitest";
import { boardOrder, choicesLine, pendingCards, figuresText, nthOption, num, perSeat, placeMoves, roman, slotButtonText } from "../../src/board/logic.js";
import { snapshot } from "./helpers.js";

describe("board view helpers", () => {
  it("places every legal move once, by group, in the engine's order", () => {
    const S = snapshot("actions_3p");
    const m = placeMoves(S.legal);
    const placed = [m.pass, ...m.options, ...m.buy.values(), ...m.special.values(), m.hire,
      ...[...m.deploy.values()].flat(), ...[...m.undeploy.values()].flat()].filter(Boolean);
    expect(placed.length).toBe(S.legal.length);
    expect(new Set(placed)).toEqual(new Set(S.legal));
    for (const [slot, entries] of m.deploy) for (const e of entries) expect(e.slot).toBe(slot);
    const choose = placeMoves(snapshot("choose_slot_2p").legal);
    expect(choose.options.map((e) => e.move.type)).toEqual(choose.options.map(() => "choose"));
    expect(nthOption(snapshot("choose_slot_2p").legal, 1)).toEqual(choose.options[0]);
    expect(nthOption(snapshot("choose_slot_2p").legal, 99)).toBeNull();
  });

  it("formats figures and slot buttons from Python's numbers", () => {
    expect(figuresText({ gold: 1, food: -2, books: 0 })).toBe("+1 gold, \u22122 food");
    // the engine's order whatever the object's (the fixtures' JSON has its keys sorted)
    expect(figuresText({ stability: 1, stone: 2 })).toBe("+2 stone, +1 stability");
    expect(figuresText({ strength: 3, books: 1, gold: -1 })).toBe("\u22121 gold, +1 book, +3 strength");
    expect(figuresText({ books: -2 })).toBe("\u22122 books");
    expect(slotButtonText({ group: "deploy", source: "idle", cost: 2 }, [])).toBe("+ worker \u00b7 2 stone");
    expect(slotButtonText({ group: "deploy", source: "1", cost: 1 }, ["Temple", "Quarry"])).toBe("+ from Quarry \u00b7 1 stone");
    expect(slotButtonText({ group: "undeploy", count: 2 }, [])).toBe("\u2212 2 workers");
    expect(roman(3)).toBe("III");
    expect([num(-3), num(0), num(4), num("0 / 6")]).toEqual(["\u22123", "0", "4", "0 / 6"]);
  });

  it("lists the viewer's board first, then player order; fits per-seat settings", () => {
    const v = snapshot("late_5p").view;
    const order = boardOrder(v);
    expect(order[0]).toBe(v.viewer);
    expect([...order].sort()).toEqual([0, 1, 2, 3, 4]);
    expect(perSeat("king", 3, "prince")).toEqual(["king", "king", "king"]);
    expect(perSeat(["king"], 3, "prince")).toEqual(["king", "prince", "prince"]);
    expect(perSeat(["a", "b", "c"], 2, "prince")).toEqual(["a", "b"]);
  });
});

describe("choicesLine", () => {
  it("counts what Python lists, by kind, in a sentence; nothing for a question with buttons", () => {
    const S = snapshot("actions_3p");
    const moves = placeMoves(S.legal);
    const line = choicesLine(moves);
    expect(moves.buy.size).toBeGreaterThan(1);
    expect(line).toMatch(new RegExp(`^You can buy ${moves.buy.size} cards`));
    const deploySlots = [...moves.deploy.values()].filter((l) => l.length).length;
    if (deploySlots) expect(line).toContain(`add workers on ${deploySlots} card`);
    expect(line.endsWith(".")).toBe(true);
    expect(choicesLine(placeMoves([]))).toBe("");
    const one = placeMoves([{ group: "hire", move: { type: "hire" }, cost: 2 }]);
    expect(choicesLine(one)).toBe("You can hire an architect.");
    const two = placeMoves([{ group: "hire", move: { type: "hire" } }, { group: "buy", card: "x", move: { type: "buy" } }]);
    expect(choicesLine(two)).toBe("You can buy 1 card or hire an architect.");
  });
});

describe("pendingCards", () => {
  it("names the cards a move touches: bought, the slot's card, a moved worker's source, the wonder hired for", () => {
    const nation = { slots: [{ slot: 0, card: "farm" }, { slot: 1, card: "quarry" }, { slot: 2, card: null }], wonder: { card: "pyramids" } };
    expect([...pendingCards({ type: "buy", card: "forum" }, nation)]).toEqual(["forum"]);
    expect([...pendingCards({ type: "deploy", slot: 0, source: "idle" }, nation)]).toEqual(["farm"]);
    expect([...pendingCards({ type: "deploy", slot: 0, source: "1" }, nation)].sort()).toEqual(["farm", "quarry"]);
    expect([...pendingCards({ type: "undeploy", slot: 1, count: 2 }, nation)]).toEqual(["quarry"]);
    expect([...pendingCards({ type: "hire" }, nation)]).toEqual(["pyramids"]);
    expect([...pendingCards({ type: "pass" }, nation)]).toEqual([]);
    expect([...pendingCards({ type: "choose", option: "slot 1 (Quarry)" }, nation)]).toEqual(["quarry"]);
    expect([...pendingCards({ type: "choose", option: "food" }, nation)]).toEqual([]);
    expect([...pendingCards(null, nation)]).toEqual([]);
  });
});
