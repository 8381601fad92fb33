// Pure helpers of the dice view: reading the synced payloads and turning the player's
// selection into the move JSON the engine expects.  The engine alone decides legality; the
// `legal` list is only used as hints (suggested payments, which buttons to offer).  The
// game's lists (resources, chit kinds, the round's steps, a row's cost, the ranking, what a
// replaced building gives back) come from Python (catalogue and view): nothing here
// repeats them.

import { seatName } from "../shell/names.js";

/** The face (symbols object, e.g. {stone: 1, book: 1}) die `d` shows in `view`. */
export function dieFace(catalogue, view, d) {
  const colour = catalogue.die_colours[d];
  const faceIndex = view.dice[d][2];
  return catalogue.faces[colour][faceIndex] || {};
}

export function dieColour(catalogue, d) {
  return catalogue.die_colours[d];
}

/** `n` symbols of `resource` in words: "2 gold", "1 book", "3 books" (books are counted;
 * gold, stone, food and strength read the same for one or many, as Python says them). */
export function countText(n, resource) {
  return `${n} ${resource}${resource === "book" && n !== 1 ? "s" : ""}`;
}

/** What buying a building in place of another gives back, in words: "1 of your white
 * dice goes back", "your white die goes back" (the only one), "2 of your red dice go
 * back", "your 2 red dice go back" (all of them); `owned`: how many the player has. */
export function goingBackText(count, colour, owned) {
  const dice = count === 1 && owned <= 1 ? `your ${colour} die`
    : count >= owned ? `your ${count} ${colour} dice` : `${count} of your ${colour} dice`;
  return `${dice} ${count === 1 ? "goes" : "go"} back`;
}

/** Text for a face: "2 gold + 1 food" (a green die's Unrest face: "the Unrest symbol");
 * `resources`: the catalogue's, in their order. */
export function faceText(face, resources) {
  if (face.unrest) return "the Unrest symbol";
  const parts = resources.filter((r) => face[r]).map((r) => countText(face[r], r));
  return parts.length ? parts.join(" + ") : "blank";
}

/** Dice of `seat`: {unused: [ids], used: [ids]} in die-number order. */
export function diceOf(view, seat) {
  const unused = [];
  const used = [];
  view.dice.forEach(([owner, isUsed], d) => {
    if (owner === seat) (isUsed ? used : unused).push(d);
  });
  return { unused, used };
}

/** Totals of each resource on the seat's unused dice and unused chits. */
export function unusedTotals(catalogue, view, seat) {
  const resources = catalogue.resources;
  const totals = Object.fromEntries(resources.map((r) => [r, 0]));
  const unrolled = new Set(view.unrolled || []);
  for (const d of diceOf(view, seat).unused) {
    if (unrolled.has(d)) continue; // not rolled yet: no face to count
    const face = dieFace(catalogue, view, d);
    for (const r of resources) totals[r] += face[r] || 0;
  }
  const chits = view.players[seat].chits;
  for (const r of resources) totals[r] += chits[r] || 0;
  return totals;
}

export function emptySelection() {
  return { dice: [], trades: [], chits: {} };
}

export function selectionIsEmpty(sel) {
  return !sel.dice.length && !sel.trades.length && !Object.values(sel.chits).some((n) => n > 0);
}

/** Toggle die `d` in the selection (a die in a trade pair leaves the pair). */
export function toggleDie(sel, d) {
  const pair = sel.trades.findIndex((p) => p.includes(d));
  if (pair >= 0) {
    return { ...sel, trades: sel.trades.filter((_, i) => i !== pair) };
  }
  const dice = sel.dice.includes(d) ? sel.dice.filter((x) => x !== d) : [...sel.dice, d];
  return { ...sel, dice };
}

/** Turn the first two selected dice into a trade pair (two dice stand for one gold,
 * stone or food). Returns the selection unchanged if fewer than two are selected. */
export function pairForTrade(sel) {
  if (sel.dice.length < 2) return sel;
  const [a, b, ...rest] = sel.dice;
  return { ...sel, dice: rest, trades: [...sel.trades, [Math.min(a, b), Math.max(a, b)]] };
}

/** Cycle the number of selected chits of `kind`: 0, 1, ... available, 0. */
export function cycleChit(sel, kind, available) {
  const now = sel.chits[kind] || 0;
  const next = now >= available ? 0 : now + 1;
  return { ...sel, chits: { ...sel.chits, [kind]: next } };
}

const sortNum = (xs) => [...xs].sort((a, b) => a - b);

/** The payment JSON of `resource` made of the selection. */
export function paymentFrom(sel, resource) {
  return {
    dice: sortNum(sel.dice),
    chits: sel.chits[resource] || 0,
    trades: sel.trades.map((p) => sortNum(p)),
  };
}

/** Legal entries of a given move type. */
export function legalOf(legal, type) {
  return legal.filter((e) => e.move.type === type);
}

/** The suggested (canonical) buy entries for a tile, one per building it may replace. */
export function legalBuys(legal, tileId) {
  return legal.filter((e) => e.move.type === "buy" && e.move.tile === tileId);
}

/**
 * The buy move for `tileId` (replacing `replaces` for a building).  With a selection the
 * payment is the selection; without one it is the engine's suggested payment (if the
 * legal list has one), else an empty payment so that the engine says what is missing.
 */
export function buyMove(catalogue, legal, sel, tileId, replaces = null) {
  const tile = catalogue.tiles[tileId];
  let payment;
  if (!selectionIsEmpty(sel)) {
    payment = paymentFrom(sel, tile.currency);
  } else {
    const hint = legalBuys(legal, tileId)[0];
    payment = hint ? hint.move.payment : { dice: [], chits: 0, trades: [] };
  }
  const move = { type: "buy", tile: tileId, payment };
  if (tile.kind === "building") move.replaces = replaces;
  return move;
}

/** A payment of `resource` as a selection (to describe it like one). */
export function paymentSelection(payment, resource) {
  return { dice: [...payment.dice], trades: payment.trades.map((pair) => [...pair]), chits: { [resource]: payment.chits } };
}

/** Every die a payment hands over (paying directly or traded). */
export function paidDice(payment) {
  return [...payment.dice, ...payment.trades.flat()];
}

/** Die `d` chosen to go back among the `count` dice chosen (`chosen`): it takes the place
 * of the one chosen first, so that exactly `count` stay chosen (with one to give back, a
 * click moves the choice); a die already chosen changes nothing.  Sorted. */
export function swapReturned(chosen, d, count) {
  const sorted = (xs) => [...xs].sort((a, b) => a - b);
  if (chosen.includes(d) || count < 1) return sorted(chosen);
  const next = [...chosen, d];
  return sorted(next.slice(Math.max(0, next.length - count)));
}

/** The choice of used reroll chits to give back when a new advisor replaces the player's
 * (Python's `view.give_back.used_rerolls`: {choices, default}), or null if there is none. */
export function usedRerollsChoice(view) {
  const choice = view.give_back ? view.give_back.used_rerolls : null;
  return choice && choice.choices.length > 1 ? choice : null;
}

export function buildMove(legal, sel) {
  if (!selectionIsEmpty(sel)) return { type: "build", payment: paymentFrom(sel, "stone") };
  const hint = legalOf(legal, "build")[0];
  return hint ? hint.move : { type: "build", payment: { dice: [], chits: 0, trades: [] } };
}

export function rerollMove(sel, star = false) {
  const dice = sortNum([...sel.dice, ...sel.trades.flat()]);
  // Unrest: a star-marked reroll chit rerolls without spending the action
  return star ? { type: "reroll", dice, star: true } : { type: "reroll", dice };
}

/** Pass; in the Accelerated variant the selected dice are set aside to trade for food. */
export function passMove(sel, variant) {
  const dice = sortNum([...sel.dice, ...sel.trades.flat()]);
  if (variant === "accelerated" && dice.length) return { type: "pass", pledge: dice };
  return { type: "pass" };
}

export function booksMove(sel) {
  return { type: "books", dice: sortNum(sel.dice), chits: sel.chits.book || 0 };
}

export function feedMove(sel) {
  return { type: "feed", payment: paymentFrom(sel, "food") };
}

export function fightMove(sel) {
  return { type: "fight", payment: paymentFrom(sel, "strength") };
}

/** The move that "use my selection" means in the current step. */
export function selectionMove(step, sel) {
  if (step === "books") return booksMove(sel);
  if (step === "famine") return feedMove(sel);
  if (step === "war") return fightMove(sel);
  return null;
}

/** What the selection adds up to, as text: "3 dice (2 gold, 1 food), 1 gold chit, 1 trade". */
export function selectionSummary(catalogue, view, sel) {
  if (selectionIsEmpty(sel)) return "nothing selected";
  const parts = [];
  if (sel.dice.length) {
    const totals = {};
    for (const d of sel.dice) {
      const face = dieFace(catalogue, view, d);
      for (const r of catalogue.resources) if (face[r]) totals[r] = (totals[r] || 0) + face[r];
    }
    const inner = catalogue.resources.filter((r) => totals[r]).map((r) => countText(totals[r], r));
    parts.push(`${sel.dice.length} ${sel.dice.length === 1 ? "die" : "dice"} (${inner.join(", ")})`);
  }
  for (const k of catalogue.chit_kinds) {
    const n = sel.chits[k] || 0;
    if (n) parts.push(`${n} ${k} chit${n > 1 ? "s" : ""}`);
  }
  if (sel.trades.length) {
    parts.push(`${sel.trades.length} trade${sel.trades.length > 1 ? "s" : ""} (2 dice = 1 gold, stone or food)`);
  }
  return parts.join(", ");
}

/** What the screen calls `seat`: its player's name at a table, else "Player 2". */
export { seatName };

export function ordinal(n) {
  return ["1st", "2nd", "3rd", "4th"][n] || `${n + 1}th`;
}

/** Keep only selected dice that are still unused dice of `seat` (after a re-render). */
export function pruneSelection(view, seat, sel) {
  if (seat === null || seat === undefined) return emptySelection();
  const ok = new Set(diceOf(view, seat).unused);
  const chits = {};
  for (const [k, n] of Object.entries(sel.chits)) {
    chits[k] = Math.min(n, view.players[seat].chits[k] || 0);
  }
  return {
    dice: sel.dice.filter((d) => ok.has(d)),
    trades: sel.trades.filter((p) => p.every((d) => ok.has(d))),
    chits,
  };
}
