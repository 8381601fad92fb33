// Players' display names: the name this browser's player chose (kept in localStorage,
// changeable; "Player 2" until one is chosen), and the names of a table's seats as Python
// sends them (the `table` trait's seats), which every drawing of a seat uses while a table
// is drawn.
//
// A name is text, never markup: it is drawn as a text node (h() in dom.js) or an
// attribute's value, never through innerHTML.  Python cleans and keeps it
// (nations_widget/tables/names.py); the page cleans it the same way before it sends or
// shows one read from this browser's storage (which a page of another version, or a
// person, may have written), so what it shows never depends on that storage being sane.
import { h } from "./dom.js";
import { browserStorage as storage } from "./storage.js";

/** The longest name, in characters (Python's MAX_NAME_CHARS). */
export const MAX_NAME_CHARS = 24;
export const NAME_KEY = "nations-name";

// controls (line breaks, tabs: a space), the bidirectional embeddings, overrides,
// isolates and marks, the zero-width spaces, lone surrogates (the zero-width joiners stay:
// emoji sequences need them)
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u200b\u200e\u200f\u202a-\u202e\u2060-\u2069\ufeff\u061c\u180e]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const SPACES = /[\s\u0085]+/g;
const SHOWS = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** `text` as a name (see Python's clean_name), or null when none is left or it is too
 * long (the page then keeps the seat's number). */
export function cleanName(text) {
  if (typeof text !== "string" || text.length > 1000) return null;
  const name = text.replace(HIDDEN, "").replace(SPACES, " ").trim().normalize("NFC");
  if (!SHOWS.test(name) || [...name].length > MAX_NAME_CHARS) return null;
  return name;
}

/** The name this browser's player chose (null: none yet). */
export function myName() {
  const store = storage();
  if (!store) return null;
  try {
    return cleanName(store.getItem(NAME_KEY));
  } catch {
    return null;
  }
}

/** Keep `name` as this browser's player's name (null or "": none, "Player N" again);
 * the name kept (null: none). */
export function setMyName(name) {
  const cleaned = name === null || name === undefined || name === "" ? null : cleanName(name);
  const store = storage();
  if (store) {
    try {
      if (cleaned === null) store.removeItem(NAME_KEY);
      else store.setItem(NAME_KEY, cleaned);
    } catch {
      // full or refused: the name is used on this page only
    }
  }
  return cleaned;
}

/** "Player 2" (seats are numbered from 0): a seat's own label, whatever its name. */
export const seatLabel = (seat) => `Player ${seat + 1}`;

// the names of the table being drawn, by seat (set by the controller around a draw)
let drawing = {};

/** The names of table trait `T`'s seats that were chosen: {seat: name}. */
export function namesOf(T) {
  const names = {};
  for (const s of (T && T.seats) || []) {
    if (s && s.named === true && Number.isInteger(s.seat)) {
      const name = cleanName(s.name);
      if (name) names[s.seat] = name;
    }
  }
  return names;
}

/** Run `draw` with `names` ({seat: name}) as the seats' names (seatName). */
export function withSeatNames(names, draw) {
  const before = drawing;
  drawing = names || {};
  try {
    return draw();
  } finally {
    drawing = before;
  }
}

/** What the screen calls `seat`: its player's name at the table being drawn, else
 * "Player 2". */
export const seatName = (seat) => drawing[seat] || seatLabel(seat);

/** A player's name where its box is only as wide as its words (a table's cell): a span
 * that may break anywhere (shell.css's .nw-name), as a chosen name of 24 characters of
 * one word must to fit a phone. */
export const nameText = (name) => h("span", { class: "nw-name" }, name);
