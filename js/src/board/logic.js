// Pure helpers of the board view: where each legal move goes, and how figures read.
// No rule lives here: the moves, their words, prices and costs come from Python
// (nations_widget/widget/board/payloads.py); these functions only sort and format them.

import { seatName } from "../shell/names.js";

export const GOODS = ["gold", "stone", "food", "books"];
export const RESOURCES = ["gold", "stone", "food", "books", "vp"];
export const FIGURE_LABEL = {
  gold: "gold", stone: "stone", food: "food", books: "books", vp: "VP",
  strength: "strength", stability: "stability", workers: "workers",
};
export const TYPE_LABEL = {
  building: "Building", military: "Military", advisor: "Advisor", colony: "Colony",
  wonder: "Wonder", war: "War", battle: "Battle", "golden age": "Golden age",
  special: "Nation's rule",
};
const ROMAN = ["", "I", "II", "III", "IV"];

export const roman = (age) => ROMAN[age] || "";
export { seatName };
export const typeSlug = (type) => String(type || "").replace(/\s+/g, "-");
export const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0");
/** A number as a player reads it: below zero with a true minus sign ("−3", not "-3"). */
export const num = (n) => (typeof n === "number" && n < 0 ? `\u2212${-n}` : String(n));

// the order figures are read in, the engine's (nations_widget/board/components.py FIGURES,
// then VP and workers), whatever order the JSON object has
const FIGURE_ORDER = ["gold", "stone", "food", "books", "strength", "stability", "vp", "workers"];
const figureRank = (k) => (FIGURE_ORDER.includes(k) ? FIGURE_ORDER.indexOf(k) : FIGURE_ORDER.length);

/** `{books: -1, gold: 1}` -> "+1 gold, −1 books" (in the engine's order of figures). */
export function figuresText(figs) {
  if (!figs) return "";
  return Object.entries(figs).filter(([, n]) => n).sort(([a], [b]) => figureRank(a) - figureRank(b))
    .map(([k, n]) => `${signed(n)} ${k === "books" && Math.abs(n) === 1 ? "book" : FIGURE_LABEL[k] || k}`).join(", ");
}

/**
 * The legal moves sorted by where the view places them:
 * `pass`, `options` (grow and choose: buttons with the engine's words, in its order),
 * `buy` (card id -> entry), `special` (card id -> entry), `hire` (entry or null),
 * `deploy` and `undeploy` (slot -> entries, in the engine's order).
 */
export function placeMoves(legal) {
  const out = { pass: null, options: [], buy: new Map(), special: new Map(), hire: null, deploy: new Map(), undeploy: new Map() };
  for (const entry of legal || []) {
    const g = entry.group || entry.move.type;
    if (g === "pass") out.pass = entry;
    else if (g === "grow" || g === "choose") out.options.push(entry);
    else if (g === "buy") out.buy.set(entry.card, entry);
    else if (g === "special") out.special.set(entry.card, entry);
    else if (g === "hire") out.hire = entry;
    else if (g === "deploy" || g === "undeploy") {
      const at = out[g];
      if (!at.has(entry.slot)) at.set(entry.slot, []);
      at.get(entry.slot).push(entry);
    }
  }
  return out;
}

/** The words on a slot's button beside its stone chip: "+ worker", "+ from Quarry",
 * "− 2 workers" (the full sentence is its label for screen readers and its tooltip). */
export function slotButtonWords(entry, slotNames) {
  if (entry.group === "deploy") {
    return entry.source === "idle" ? "+ worker" : `+ from ${slotNames[Number(entry.source)] || `slot ${entry.source}`}`;
  }
  return `\u2212 ${entry.count} worker${entry.count > 1 ? "s" : ""}`;
}

/** The short words on a slot's button (the full sentence is its label for screen
 * readers and its tooltip). */
export function slotButtonText(entry, slotNames) {
  if (entry.group === "deploy") {
    if (entry.source === "idle") return `+ worker \u00b7 ${entry.cost} stone`;
    return `+ from ${slotNames[Number(entry.source)] || `slot ${entry.source}`} \u00b7 ${entry.cost} stone`;
  }
  return `\u2212 ${entry.count} worker${entry.count > 1 ? "s" : ""}`;
}

/** The seats in the order the other nations' boards are listed: the viewer's first,
 * then player order. */
export function boardOrder(view) {
  const me = view.viewer;
  const order = view.scoring.order.slice();
  if (me === null || me === undefined) return order;
  return [me, ...order.filter((s) => s !== me)];
}

/** Per-seat difficulty list of `players` entries from a setting (one name or a list). */
export function perSeat(value, players, fallback) {
  if (Array.isArray(value)) {
    const out = value.slice(0, players);
    while (out.length < players) out.push(fallback);
    return out;
  }
  return Array.from({ length: players }, () => value || fallback);
}

/** The move sent for the n-th (1-based) option button, or null. */
export function nthOption(legal, n) {
  const opts = placeMoves(legal).options;
  return n >= 1 && n <= opts.length ? opts[n - 1] : null;
}

/** What the acting player can do, counted from Python's legal moves (no rule here): e.g.
 * "You can buy 9 cards, add workers on 3 cards, hire an architect." — "" when the
 * question is answered by buttons (growth, a choice) or nothing is listed. */
export function choicesLine(moves) {
  const slots = (map) => [...map.values()].filter((list) => list.length).length;
  const n = (k, one, many) => `${k} ${k === 1 ? one : many}`;
  const parts = [];
  if (moves.buy.size) parts.push(`buy ${n(moves.buy.size, "card", "cards")}`);
  if (slots(moves.deploy)) parts.push(`add workers on ${n(slots(moves.deploy), "card", "cards")}`);
  if (slots(moves.undeploy)) parts.push(`take workers off ${n(slots(moves.undeploy), "card", "cards")}`);
  if (moves.hire) parts.push("hire an architect");
  if (moves.special.size) parts.push(`use ${n(moves.special.size, "card's action", "cards' actions")}`);
  if (!parts.length) return "";
  const last = parts.pop();
  return `You can ${parts.length ? `${parts.join(", ")} or ${last}` : last}.`;
}

/** The cards a pending move (the one whose preview is open) touches, read off the move
 * Python listed: the card bought or used, the slot's card a worker goes to or leaves, the
 * card a moved worker comes from, the wonder an architect works on. `nation`: the acting
 * nation's board from the view. */
export function pendingCards(move, nation) {
  const out = new Set();
  if (!move) return out;
  if (move.card) out.add(move.card);
  const slotCard = (i) => {
    const slot = nation && nation.slots.find((s) => s.slot === Number(i));
    if (slot && slot.card) out.add(slot.card);
  };
  if (move.slot !== undefined && move.slot !== null) slotCard(move.slot);
  if (move.source !== undefined && move.source !== null && /^\d+$/.test(String(move.source))) slotCard(move.source);
  if (move.type === "hire" && nation && nation.wonder) out.add(nation.wonder.card);
  // a choice of the slot a new card takes: the engine's option names the slot
  // ("slot 2 (Axeman)"); the card there is the one replaced
  const slotOption = move.type === "choose" && /^slot (\d+)\b/.exec(String(move.option || ""));
  if (slotOption) slotCard(slotOption[1]);
  return out;
}

// ------------------------------------------------------- moved from the view (pure)

/** Whether a value of the view is there to show (0 and "" are; null and undefined not). */
export const shown = (v) => v !== null && v !== undefined;

/** A figure's word for `n` of it: "book" and "worker" for one, "architect(s)", else its
 * label ("VP", "gold"...), else the key itself. */
export function figureWord(key, n) {
  return key === "books" && Math.abs(n) === 1 ? "book" : key === "workers" && Math.abs(n) === 1 ? "worker"
    : key === "architects" ? `architect${Math.abs(n) === 1 ? "" : "s"}` : FIGURE_LABEL[key] || key;
}

/** `{gold: 1, books: -1}` as [key, n] pairs without the zeros, in the engine's order of
 * figures (a key outside that order comes first, as the view has always drawn it). */
export function figureEntries(figs) {
  return Object.entries(figs || {}).filter(([, n]) => n)
    .sort(([a], [b]) => FIGURE_ORDER.indexOf(a) - FIGURE_ORDER.indexOf(b));
}

/** A slot's moves split into those drawn as buttons (a worker from the idle ones, one
 * worker taken off) and those behind "More" (a worker moved from another card, several
 * taken off), each in the engine's order. */
export function splitSlotMoves(entries) {
  const common = entries.filter((e) => (e.group === "deploy" ? e.source === "idle" : e.count === 1));
  return { common, more: entries.filter((e) => !common.includes(e)) };
}

/** A card's kind in the detail panel: "Building · age II · expansion cards". */
export function detailKind(card) {
  return [TYPE_LABEL[card.type] || card.type, card.age ? `age ${roman(card.age)}` : "printed on the nation's board",
    card.set && card.set !== "printed" ? `${card.set} cards` : null].filter(Boolean).join(" \u00b7 ");
}

/** The player order after a round, in words ("Player 2, Player 1"; solo: the shadow and
 * Player 1). */
export function playerOrderText(view, order) {
  if (view.solo) return view.solo.first ? "the shadow, then Player 1" : "Player 1, then the shadow";
  return order.map(seatName).join(", ");
}

/** Whether a seat is played by a person: here, or at their own screen of a table. */
export const isPerson = (who) => who === "human" || who === "remote";

/** What follows a nation's name for a bot's seat: " (heuristic bot, medium)"; "" for a
 * person. */
export function botWords(who, level) {
  return isPerson(who) ? "" : ` (${who} bot${level ? `, ${level}` : ""})`;
}

/** The deck choice the New game form shows and sends: the player's (`form.decks`), unless
 * Python's setup (`options`: [value, words, the player counts it serves?]) says it does
 * not serve `form.players` (2 when unset); then the first that does. */
export function decksFor(options, form) {
  const players = form.players || 2;
  const serves = (o) => !Array.isArray(o[2]) || o[2].includes(players);
  const chosen = options.find((o) => String(o[0]) === String(form.decks));
  if (!chosen || serves(chosen)) return form.decks;
  const first = options.find(serves);
  return first ? first[0] : form.decks;
}
