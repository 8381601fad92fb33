// The tables this browser has sat at: their links, kept in localStorage for the "Continue
// a game" list (js/src/app) and for a reload of the page that made a table (its invite
// links).  localStorage belongs to one origin (scheme, host and port): another address of
// the same server, another browser or a private window has its own list, or none.  The
// links are credentials: they stay in this browser and go only to this site's kernel.

export const TABLES_KEY = "nations-tables";
/** At most this many tables are remembered (the oldest are forgotten). */
export const MAX_TABLES = 30;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function storage() {
  try {
    return typeof localStorage !== "undefined" ? localStorage : null;
  } catch {
    return null; // storage refused (private mode, a sandboxed frame)
  }
}

/** The remembered tables, the most recently used first: [{id, kind, title, tokens, mine,
 * role, links, used, turn}] (`used`: when this browser last showed or played it, ms;
 * `turn`: whose turn it was then, see turnOf). */
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
  }
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
}

/** The links in a page address's fragment: `#table=<link>[,<link>...]` (none: []). */
export function tokensInHash(hash) {
  const m = /(?:^#|&)table=([A-Za-z0-9_,-]+)/.exec(hash || "");
  if (!m) return [];
  return m[1].split(",").filter((t) => TOKEN.test(t)).slice(0, 8);
}

/** The app's address that opens `tokens` (the fragment never reaches the server). */
export function tableUrl(loc, tokens) {
  return `${loc.origin}${loc.pathname}${loc.search}#table=${tokens.join(",")}`;
}

const SEAT_NAME = /^Player \d{1,2}$/;

/** Whose turn a remembered game was at when this browser last showed it: {over} when it
 * had ended (and {winner}, a seat's name, when one won), {mine} when it was this browser's
 * player's, else {name} of the seat to play and {bot} when a bot plays it; null when the
 * page did not know. */
export function turnOf(t) {
  const turn = t && t.turn;
  if (!turn || typeof turn !== "object") return null;
  if (turn.over === true) return typeof turn.winner === "string" && SEAT_NAME.test(turn.winner) ? { over: true, winner: turn.winner } : { over: true };
  if (turn.mine === true) return { mine: true };
  if (typeof turn.name === "string" && SEAT_NAME.test(turn.name)) return { name: turn.name, bot: turn.bot === true };
  return null;
}

/** The turn of a remembered game in words ("" when unknown). */
export function turnWords(t) {
  const turn = turnOf(t);
  if (!turn) return "";
  if (turn.over) return turn.winner ? `Finished · ${turn.winner} won` : "Finished";
  if (turn.mine) return "Your turn";
  return turn.bot ? `${turn.name}'s turn (a bot)` : `${turn.name}'s turn`;
}
