// The tables this browser has sat at: their links, kept in localStorage for the "Continue
// a game" list (js/src/app) and for a reload of the page that made a table (its invite
// links).  A table's host link (it hands seats to bots) is kept here only (`host`), never in
// the page's address: an address is what a player copies to invite someone.
// localStorage belongs to one origin (scheme, host and port): another address of
// the same server, another browser or a private window has its own list, or none.  The
// links are credentials: they stay in this browser and go only to this site's kernel.

import { cleanName, seatLabel } from "./names.js";
import { browserStorage as storage } from "./storage.js";

export const TABLES_KEY = "nations-tables";
/** At most this many tables are remembered (the oldest are forgotten). */
export const MAX_TABLES = 30;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** A table link's key is this many characters. */
export const TOKEN_CHARS = 43;
/** At most this many links are opened by one address (Python's MAX_LINKS). */
export const MAX_LINKS = 8;

/** The remembered tables, the most recently used first: [{id, kind, title, tokens, host,
 * mine, role, links, used, turn}] (`tokens`: the links the address holds; `host`: the
 * host's link, when this browser holds it; `used`: when this browser last showed or
 * played it, ms; `turn`: whose turn it was then, see turnOf). */
export function rememberedTables() {
  const store = storage();
  if (!store) return [];
  try {
    const list = JSON.parse(store.getItem(TABLES_KEY) || "[]");
    return Array.isArray(list) ? list.filter((t) => t && typeof t.id === "string" && Array.isArray(t.tokens) && t.tokens.every((x) => TOKEN.test(x))) : [];
  } catch {
    return [];
  }
}

function save(list) {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(TABLES_KEY, JSON.stringify(list.slice(0, MAX_TABLES)));
  } catch {
    // full or refused: the list stays as it was
    return;
  }
  // the saves of games kept in this browser that left the list go with them
  for (const t of list.slice(MAX_TABLES)) if (t.role === "browser") dropSave(t.id);
}

// Games kept in this browser (the static site: Python has no store there; the `kept`
// trait's status "browser", nations_widget/widget/shell/keeping.py): each game's save
// text under its id, and an entry of role "browser" in the list.  Continue, or a reload of
// the page whose address says `#kept=<id>`, sends the text back to Python.
export const SAVE_KEY = "nations-kept-";
const BROWSER_ID = /^[A-Za-z0-9_-]{16}$/;

function dropSave(id) {
  const store = storage();
  try {
    if (store) store.removeItem(SAVE_KEY + id);
  } catch {
    // refused: nothing to drop
  }
}

/** Keep the game `K` (the `kept` trait: {status: "browser", id, kind, summary, save}) in
 * this browser, with `turn` (see turnOf); false when the browser refused to store it. */
export function keepInBrowser(K, turn) {
  const store = storage();
  if (!store || !BROWSER_ID.test(String(K.id)) || typeof K.save !== "string") return false;
  try {
    store.setItem(SAVE_KEY + K.id, K.save);
  } catch {
    return false; // full, or storage refused
  }
  rememberTable({ id: K.id, kind: K.kind, tokens: [], mine: [], role: "browser", summary: K.summary, links: null, turn });
  return true;
}

/** The save text of the game kept in this browser under `id`, or null. */
export function keptSave(id) {
  const store = storage();
  if (!store || !BROWSER_ID.test(String(id))) return null;
  try {
    return store.getItem(SAVE_KEY + id);
  } catch {
    return null;
  }
}

/** The id of a game kept in this browser that a page address's fragment names
 * (`#kept=<id>`), or null. */
export function keptLink(hash) {
  const part = String(hash || "").replace(/^#/, "").split("&").find((p) => p.startsWith("kept="));
  const id = part === undefined ? "" : part.slice("kept=".length);
  return BROWSER_ID.test(id) ? id : null;
}

/** Remember (or update) a table; `entry.links` is kept from before when not given. */
export function rememberTable(entry) {
  const list = rememberedTables();
  const old = list.find((t) => t.id === entry.id);
  const kept = { ...(old || {}), ...entry, links: entry.links || (old && old.links) || null, used: Date.now() };
  save([kept, ...list.filter((t) => t.id !== entry.id)]);
  return kept;
}

export function forgetTable(id) {
  save(rememberedTables().filter((t) => t.id !== id));
  dropSave(id);
}

/** Every link of a remembered table `t`, the host's last (what Continue opens). */
export function linksOf(t) {
  const tokens = (t && t.tokens) || [];
  const host = t && typeof t.host === "string" && TOKEN.test(t.host) && !tokens.includes(t.host) ? [t.host] : [];
  return [...tokens, ...host];
}

/** The links to open for an address's `tokens`: with the host's link too when this browser
 * remembers that table with it (a reload of the host's page, whose address holds only the
 * host's seat). */
export function withHostLink(tokens) {
  if (!tokens.length) return tokens;
  const t = rememberedTables().find((x) => x.tokens.length === tokens.length && tokens.every((k) => x.tokens.includes(k)));
  return t ? linksOf(t) : tokens;
}

/** What a page address's `#table=` part holds.  `{present: false}`: no `table=` at all.
 * Else `{present: true, tokens, problem}`: the links (exactly 43 letters, digits, "-" or
 * "_" each, at most MAX_LINKS, comma-separated) and problem null, or no tokens and the
 * problem ("empty", "short": cut short, "garbled": a character no link has, "long",
 * "many"): one bad link spoils the address (its other links may be the same person's
 * other seats). */
export function tableLink(hash) {
  const part = String(hash || "").replace(/^#/, "").split("&").find((p) => p.startsWith("table="));
  if (part === undefined) return { present: false, tokens: [], problem: null };
  const bad = (problem) => ({ present: true, tokens: [], problem });
  let value = part.slice("table=".length);
  try {
    value = decodeURIComponent(value);
  } catch {
    return bad("garbled");
  }
  const links = value.trim().split(",").map((x) => x.trim()).filter((x) => x !== "");
  if (!links.length) return bad("empty");
  if (links.length > MAX_LINKS) return bad("many");
  if (links.some((x) => !/^[A-Za-z0-9_-]+$/.test(x))) return bad("garbled");
  if (links.some((x) => x.length < TOKEN_CHARS)) return bad("short");
  if (links.some((x) => x.length > TOKEN_CHARS)) return bad("long");
  return { present: true, tokens: links, problem: null };
}

/** What the page says of an address's table link it cannot use (tableLink's problem). */
export const LINK_PROBLEMS = {
  empty: "This table link has nothing after “table=”: the table's part is missing. Ask for the link again.",
  short: "This table link is incomplete: it was cut short, often by the chat or mail it came through. Ask for the whole link again.",
  garbled: "This table link is mistyped: it holds characters no table link has. Ask for it again, and paste it whole rather than typing it.",
  long: "This table link is mistyped: it is longer than a table link, perhaps run together with other text. Ask for it again.",
  many: `This address holds more table links than one page opens (at most ${MAX_LINKS}). Open each table with its own link.`,
};

/** The links in a page address's fragment: `#table=<link>[,<link>...]` ([] when there are
 * none, or any of them is not a link: see tableLink). */
export function tokensInHash(hash) {
  return tableLink(hash).tokens;
}

/** The app's address that opens `tokens` (the fragment never reaches the server). */
export function tableUrl(loc, tokens) {
  return `${loc.origin}${loc.pathname}${loc.search}#table=${tokens.join(",")}`;
}

/** A seat's name kept in the list (this browser's storage: cleaned again before it is
 * shown), or null. */
const shownName = (name) => cleanName(name);

/** Whose turn a remembered game was at when this browser last showed it: {over} when it
 * had ended (and {winner}, a seat's name, when one won), {mine} when it was this browser's
 * player's, else {name} of the seat to play and {bot} when a bot plays it; null when the
 * page did not know. */
export function turnOf(t) {
  const turn = t && t.turn;
  if (!turn || typeof turn !== "object") return null;
  if (turn.over === true) return shownName(turn.winner) ? { over: true, winner: shownName(turn.winner) } : { over: true };
  if (turn.mine === true) return { mine: true };
  if (turn.waiting === true) return { waiting: true };
  if (shownName(turn.name)) return { name: shownName(turn.name), bot: turn.bot === true };
  return null;
}

/** What remembered table `t` calls `seat`: the name its player had chosen when this
 * browser last showed it ("Alice (Player 2)"), else "Player 2". */
export function seatNameOf(t, seat) {
  const names = t && t.names && typeof t.names === "object" ? t.names : {};
  const name = shownName(names[seat]);
  return name ? `${name} (${seatLabel(seat)})` : seatLabel(seat);
}

/** The turn of a remembered game in words ("" when unknown). */
export function turnWords(t) {
  const turn = turnOf(t);
  if (!turn) return "";
  if (turn.over) return turn.winner ? `Finished · ${turn.winner} won` : "Finished";
  if (turn.mine) return "Your turn";
  if (turn.waiting) return "Waiting for players";
  return turn.bot ? `${turn.name}'s turn (a bot)` : `${turn.name}'s turn`;
}
