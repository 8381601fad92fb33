import { describe, expect, it } from "vitest";
import {
  boardOrder, botWords, choicesLine, decksFor, detailKind, figureEntries, figureWord, figuresText, isPerson, nthOption, num, pendingCards,
  perSeat, placeMoves, playerOrderText, roman, shown, slotButtonText, splitSlotMoves,
} from "../../src/board/logic.js";
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

describe("the view's pure helpers (moved out of the view)", () => {
  it("names figures in words, one or many, and orders them as the engine does", () => {
    expect(figureWord("books", 1)).toBe("book");
    expect(figureWord("books", -1)).toBe("book");
    expect(figureWord("books", 2)).toBe("books");
    expect(figureWord("workers", 1)).toBe("worker");
    expect(figureWord("workers", 3)).toBe("workers");
    expect(figureWord("architects", 1)).toBe("architect");
    expect(figureWord("architects", 2)).toBe("architects");
    expect(figureWord("vp", 4)).toBe("VP");
    expect(figureWord("raid", 2)).toBe("raid");
    expect(figureEntries({ vp: 1, books: -1, gold: 2, food: 0, strength: 3 })).toEqual([["gold", 2], ["books", -1], ["strength", 3], ["vp", 1]]);
    expect(figureEntries(null)).toEqual([]);
    expect(shown(0)).toBe(true);
    expect(shown("")).toBe(true);
    expect(shown(null)).toBe(false);
    expect(shown(undefined)).toBe(false);
  });

  it("splits a slot's moves into buttons and those behind More, in the engine's order", () => {
    const idle = { group: "deploy", source: "idle" };
    const moved = { group: "deploy", source: "2" };
    const offOne = { group: "undeploy", count: 1 };
    const offTwo = { group: "undeploy", count: 2 };
    expect(splitSlotMoves([moved, idle, offTwo, offOne])).toEqual({ common: [idle, offOne], more: [moved, offTwo] });
    expect(splitSlotMoves([])).toEqual({ common: [], more: [] });
    // on a real table: every slot's moves land in one of the two, none twice
    const m = placeMoves(snapshot("actions_3p").legal);
    for (const slot of new Set([...m.deploy.keys(), ...m.undeploy.keys()])) {
      const entries = [...(m.deploy.get(slot) || []), ...(m.undeploy.get(slot) || [])];
      const { common, more } = splitSlotMoves(entries);
      expect(common.length + more.length).toBe(entries.length);
      expect(new Set([...common, ...more])).toEqual(new Set(entries));
      expect(common.filter((e) => more.includes(e))).toEqual([]);
    }
  });

  it("says a card's kind, the player order and a bot's seat in words", () => {
    expect(detailKind({ type: "golden age", age: 2, set: "advanced" })).toBe("Golden age \u00b7 age II \u00b7 advanced cards");
    expect(detailKind({ type: "special", set: "printed" })).toBe("Nation's rule \u00b7 printed on the nation's board");
    expect(detailKind({ type: "mystery", age: 1 })).toBe("mystery \u00b7 age I");
    expect(playerOrderText({ solo: null }, [2, 0, 1])).toBe("Player 3, Player 1, Player 2");
    expect(playerOrderText({ solo: { first: true } }, [0])).toBe("the shadow, then Player 1");
    expect(playerOrderText({ solo: { first: false } }, [0])).toBe("Player 1, then the shadow");
    expect(isPerson("human")).toBe(true);
    expect(isPerson("remote")).toBe(true);
    expect(isPerson("heuristic")).toBe(false);
    expect(botWords("heuristic", "medium")).toBe(" (heuristic bot, medium)");
    expect(botWords("random", "")).toBe(" (random bot)");
    expect(botWords("human", "medium")).toBe("");
    expect(botWords("remote", "")).toBe("");
  });

  it("keeps the player's card choice unless it does not serve this many players, then the first that does", () => {
    const options = [["base", "Base"], ["small", "Small", [1, 2]], ["big", "Big", [4, 5]]];
    expect(decksFor(options, { decks: "small", players: 2 })).toBe("small");
    expect(decksFor(options, { decks: "small", players: 4 })).toBe("base");
    expect(decksFor(options, { decks: "small" })).toBe("small"); // 2 players when unset
    expect(decksFor(options, { decks: "unknown", players: 3 })).toBe("unknown");
    expect(decksFor([["big", "Big", [4, 5]], ["small", "Small", [1, 2]]], { decks: "big", players: 1 })).toBe("small");
    expect(decksFor([["big", "Big", [4, 5]]], { decks: "big", players: 1 })).toBe("big"); // none serves: kept
    expect(decksFor([], { decks: "base", players: 3 })).toBe("base");
  });
});
