// The shell's panels: the parts of the table every game has (history, log, game and seats,
// New game dialog, shortcut list, errors, the bots' turn, preview, coach).  Each takes the
// snapshot S and, where it is incremental, `part(key, signature, build)` from the view's
// Parts, so the view decides where they go.  They draw Python's payloads only.  This
// module holds the words and pieces they share (and the views use: a bot's level, the
// seed, Play again, the fair-dice fingerprint, the log); the panels themselves are made
// per widget by panelset.js from decision.js, coachpanel.js, historypanel.js and
// gamepanel.js.
import { Parts, h, setChildren, sid, sig } from "./dom.js";

import { nameText, seatName } from "./names.js";

export { nameText, seatName };

/** A bot's level in words, from Python (game_info.bot_levels: "easy", "very hard"), or "". */
export const botLevel = (S, name) => (S.info && S.info.bot_levels && S.info.bot_levels[name]) || "";

/** Who plays a bot's seat: "heuristic bot (medium)" (the name alone when its level is unknown). */
export function botWho(S, name) {
  const level = botLevel(S, name);
  return level ? `${name} bot (${level})` : `${name} bot`;
}

/** The game's seed, or null while Python keeps it: the seed tells every draw to come, so
 * the `settings` trait holds it only once the game is over (nations_widget/widget/shell/
 * secrecy.py). */
export function gameSeed(S) {
  const seed = S.settings ? S.settings.seed : undefined;
  return seed === undefined || seed === null ? null : seed;
}

/** Names a round of this game (a view remembers the end-of-round summary the player
 * closed by it): Python's game number (`history.game`, a new one for each new or loaded
 * game), not the seed, which the page does not get while the game runs. */
export function roundKey(S, round) {
  return `${S.history ? S.history.game : ""}:${round}`;
}

/** A finished game's seed, for sharing (null while the game runs). */
export function seedLine(S) {
  const seed = gameSeed(S);
  if (seed === null) return null;
  return h("p", { class: "nw-seed", dataset: { key: "game-seed" } },
    "This game's seed: ", h("b", {}, String(seed)),
    ". A New game with this seed and the same settings deals the same draws, to replay the game or share it.");
}

/** "Player 2", "Player 2 and Player 3", "Player 1, Player 2 and Player 4". */
function namesInWords(names) {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names.join("");
}

/** What Play again does at a shared table (the `table` trait: other people at their own
 * screens), said before it is pressed: Python makes a new table with the same seats and a
 * new link for each of them (GameWidget.start_game); the finished table stays as it was.
 * "" anywhere else (a game of this screen, or a table of one person: a new game here). */
export function playAgainWords(S) {
  const T = S.table || {};
  if (!T.id || !T.shared) return "";
  const others = (T.seats || []).filter((s) => s.who === "remote").map((s) => s.name);
  if (!others.length) return "";
  const who = namesInWords(others);
  const many = others.length > 1;
  return `Play again makes a new table: the same seats and settings, a new seed, and a new link for ${who} in the table bar, for you to send. `
    + `${who} ${many ? "stay" : "stays"} at this finished game until they open ${many ? "theirs" : "it"}. `
    + "This game stays in Continue a game; your link brings you back to it.";
}

/** Both games' Play again: a new game with the same seats and settings and a new seed (the
 * shell's `playAgain`, passed as `onclick`); its title says what it does, at a shared
 * table too (a new table). */
export function playAgainButton(S, onclick) {
  const table = playAgainWords(S) !== "";
  return h("button", {
    type: "button", class: "nw-btn nw-primary", dataset: { key: "play-again" },
    title: table ? "A new table with the same seats and settings, a new seed, and a new link for each player at their own screen" : "A new game with the same players and settings, and a new seed",
    "aria-describedby": table ? sid("play-again-note") : null, onclick,
  }, "Play again");
}

/** The line under Play again at a shared table (playAgainWords), or null elsewhere. */
export function playAgainNote(S) {
  const words = playAgainWords(S);
  return words ? h("p", { class: "nw-again-note", id: sid("play-again-note"), dataset: { key: "play-again-note" } }, words) : null;
}

/** Fair dice, shown (nations_widget/core/fairness.py): the `fair` trait holds the game's
 * fingerprint from the start, and once the game is over the seed, the salt and the text
 * whose SHA-256 is the fingerprint.  Null before Python has sent it. */
export function fairness(S) {
  const f = S.fair;
  return f && Object.prototype.hasOwnProperty.call(f, "fingerprint") ? f : null;
}

/** The words of the fairness lines for this game, as Python names its draws (the
 * game_info trait's `fair_words`: the board game has decks and no dice); words for any
 * game while they have not come. */
function fairWords(S) {
  const words = S && S.info && S.info.fair_words;
  return words && typeof words.title === "string" && typeof words.draws === "string"
    ? words
    : { title: "Fair draws", draws: "Every random draw of this game" };
}

/** A fingerprint or a text, in a code element that wraps anywhere and is easy to copy. */
const codeText = (text, key) => h("code", { class: "nw-fair-code", dataset: { key } }, text);

/** Quoted for a POSIX shell, in single quotes (the text is JSON, which has no single
 * quote, but a copied line must not break on one). */
const shellQuote = (text) => `'${String(text).replace(/'/g, "'\\''")}'`;

/** The Game panel's line on fair dice: the fingerprint, shown from the first move, and a
 * sentence on what it is for (null before Python has sent it). */
export function fairStart(S) {
  const f = fairness(S);
  if (!f) return null;
  const words = fairWords(S);
  if (!f.fingerprint) {
    return h("div", { class: "nw-fair", dataset: { key: "fair-start" } },
      h("p", {}, h("strong", {}, `${words.title}: `),
        "this game was saved before games had fingerprints, so it has none to check. Its seed is shown at the end as usual."));
  }
  return h("div", { class: "nw-fair", dataset: { key: "fair-start" } },
    h("p", {}, h("strong", {}, `${words.title}. `), "Fingerprint of this game's seed:"),
    codeText(f.fingerprint, "fair-fingerprint"),
    h("p", { class: "nw-fair-note" },
      `${words.draws} follows from a seed chosen before the first move. The fingerprint locks that seed in without giving it away; when the game ends, the page shows the seed and how to check that it matches.`));
}

/** The fingerprint folded under a one-line "Fair dice" (for a game's header: a player who
 * wonders whether the dice are fair finds it at the top, and it pushes nothing down while
 * folded); null before Python has sent it.  `part`: the view's Parts (it stays open across
 * draws while the fingerprint is the same). */
export function fairFold(S, part) {
  const f = fairness(S);
  if (!f) return null;
  const words = fairWords(S);
  return part("fair-fold", sig(f.fingerprint, words.title), () => h("details", { class: "nw-fair-fold", dataset: { key: "fair-fold" } },
    h("summary", { dataset: { key: "fair-fold-summary" }, title: "The fingerprint that locks in this game's seed before the first move" }, words.title),
    fairStart(S)));
}

/** The game-over line on fair dice: the fingerprint shown since the start, the seed and
 * salt now revealed, the text it was made from and how to check it yourself (null while
 * the game runs, or before Python has sent it). */
export function fairEnd(S) {
  const f = fairness(S);
  if (!f || f.seed === undefined) return null;
  const words = fairWords(S);
  if (!f.fingerprint || !f.text) {
    return h("div", { class: "nw-fair nw-fair-end", dataset: { key: "fair-end" } },
      h("p", {}, h("strong", {}, `${words.title}: `), "no fingerprint to check (this game was saved before games had them)."));
  }
  const oneLiner = `python -c "import hashlib,sys; print(hashlib.sha256(sys.argv[1].encode()).hexdigest())" ${shellQuote(f.text)}`;
  return h("div", { class: "nw-fair nw-fair-end", dataset: { key: "fair-end" } },
    h("p", {}, h("strong", {}, `${words.title}, revealed. `), "The seed was ", h("b", { dataset: { key: "fair-seed" } }, String(f.seed)),
      ", with the secret salt ", h("b", { dataset: { key: "fair-salt" } }, f.salt),
      ". The fingerprint shown since the first move is the SHA-256 of this text:"),
    codeText(f.text, "fair-text"),
    h("p", {}, "Fingerprint: "),
    codeText(f.fingerprint, "fair-fingerprint-end"),
    h("details", { class: "nw-fair-how" },
      h("summary", {}, "How to check it"),
      h("p", {}, "Compare the fingerprint with the one you noted at the start, then hash the text with any SHA-256 tool, for example in a terminal:"),
      codeText(oneLiner, "fair-oneliner"),
      h("p", {}, "With this package installed, ", h("code", {}, "python -m nations_widget verify FINGERPRINT --save FILE"),
        " checks a saved copy of the game as well: loading it replays every move from that seed.")));
}

/** The history banner's words for the position shown: the position before move N+1 (as
 * the review's marks and the log count moves from 1: "Move 1" is played from position 0,
 * which "move 0 of 31" did not say). */
export function viewingText(hi) {
  const p = hi.position;
  if (p >= hi.length) return `Viewing the position after the last move (move ${hi.length})`;
  return `Viewing the position before move ${p + 1} (of ${hi.length})`;
}

/** The Undo button's tooltip: how many moves it takes back and to which move (the
 * history trait's undo_to), or why it cannot. */
export function undoTitle(hi) {
  if (!hi || !hi.can_undo) return "Nothing to take back";
  // Python counts from the position shown (widget.py _undo_target), a viewed one included
  const at = hi.position;
  const to = typeof hi.undo_to === "number" ? hi.undo_to : Math.max(at - 1, 0);
  if (typeof hi.game_at === "number" && hi.game_at !== at) {
    return `Play on from move ${to}, before the position viewed: the game's moves after it are taken back`;
  }
  const n = at - to;
  if (n <= 1) return `Take back the last move (back to move ${to})`;
  return `Take back the last ${n} moves, back to move ${to}: your last decision and every move played since`;
}

/** Elements a panel's frame keeps handy (its inner containers), by frame. */
export const refs = new WeakMap();

/** The game log's section: one element, brought up to date by `update()`, which scrolls
 * the list to its newest line when that line changed. */
export class LogPanel {
  constructor(log) {
    this.log = log;
    this.items = new Parts();
    this.list = h("ol", { class: "nw-log-list", tabindex: "0", "aria-label": "Game log entries", dataset: { key: "log" } });
    this.el = h("section", { class: "nw-panel nw-log", "aria-label": "Game log" }, h("h3", {}, "Game log"), this.list);
    this.rev = null;
    this.tail = null;
    this.scrollPending = false;
  }

  static item(e) {
    return h("li", {
      class: `nw-log-${e.kind}${e.auto ? " nw-auto" : ""}`,
      dataset: { n: e.n },
    }, e.seat !== null && e.seat !== undefined ? h("span", { class: `nw-swatch nw-seat-${e.seat}`, "aria-hidden": "true" }) : null, e.text);
  }

  update() {
    const log = this.log;
    if (log.rev !== this.rev) {
      const nodes = log.synced
        ? log.entries.map((e) => this.items.part(`${e.n}`, sig(e.kind, e.auto, e.seat, e.text, e.pos), () => LogPanel.item(e)))
        : [h("li", { class: "nw-log-loading" }, "Loading the log…")];
      setChildren(this.list, nodes);
      this.items.sweep();
      this.rev = log.rev;
    }
    const last = log.synced && log.entries.length ? log.entries[log.entries.length - 1] : null;
    const tail = last ? `${last.n}:${last.text}` : "";
    const changed = tail !== this.tail;
    this.tail = tail;
    if (changed) this.scroll();
    return changed;
  }

  /** Scroll the log to its newest line, before the next paint (the layout is done for
   * the paint anyway by then, so reading it there costs nothing extra). */
  scroll() {
    if (this.scrollPending) return;
    this.scrollPending = true;
    const later = typeof requestAnimationFrame === "function" ? requestAnimationFrame : (fn) => fn();
    later(() => {
      this.scrollPending = false;
      if (this.list.isConnected) this.list.scrollTop = this.list.scrollHeight;
    });
  }
}

/** What this screen is refused where it is, `{control: why}` (Python's: the table trait's
 * `off` at a shared table; `{}` elsewhere). */
export function offHere(S) {
  const off = S && S.table && S.table.id ? S.table.off : null;
  return off && typeof off === "object" ? off : {};
}

export const capital = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);

/** A control that is off, said in a line a phone shows too (not only in a tooltip). */
export function offLine(why, key) {
  return h("p", { class: "nw-off-reason", dataset: { key } }, `${capital(why)}.`);
}

/** The coach at work on a Hint: a bar and words from Python's progress (`coach.thinking`:
 * playouts done of those planned, seconds of the cap), or "waiting to start" before it. */
export function thinkingLine(t) {
  if (!t) {
    return h("p", { class: "nw-coach-thinking", role: "status", dataset: { key: "coach-progress" } },
      h("progress", { "aria-label": "The coach's progress" }), " The coach is about to start thinking…");
  }
  const share = Math.max(t.total > 0 ? t.done / t.total : 0, t.cap > 0 ? t.seconds / t.cap : 0);
  const pct = Math.min(99, Math.round(share * 100));
  return h("p", { class: "nw-coach-thinking", role: "status", dataset: { key: "coach-progress" } },
    h("progress", { max: "100", value: String(pct), "aria-label": "The coach's progress" }),
    ` Thinking… ${t.done} of ${t.total} simulations played (${Number(t.seconds).toFixed(1)} s${t.cap ? ` of at most ${t.cap} s` : ""})`);
}

/** The panels, bound to one controller's `shell`. */
/** A preview's Cancel (Escape). */
export function previewCancel(onclick) {
  return h("button", { type: "button", class: "nw-btn", dataset: { key: "preview-cancel" }, title: "Escape", onclick }, "Cancel");
}

/** A preview asked and not answered yet (or refused), with its Cancel. */
export function previewWaiting(S, cancel) {
  return h("div", { class: "nw-preview", role: "status" },
    h("p", {}, S.error ? "This move was refused (see above)." : "Working out what this move does…"), h("div", { class: "nw-buttons" }, cancel));
}

/** Python's preview `pv` as its lists: what pays, what is wasted, what comes in, what goes
 * (a list without items is left out). */
export function previewLists(pv) {
  const list = (label, items, cls = "") => (items && items.length
    ? h("div", { class: `nw-preview-row ${cls}` }, h("span", { class: "nw-slot-label" }, label), h("ul", {}, items.map((x) => h("li", {}, x))))
    : null);
  return [list("Pays:", pv.pays), list("Wasted:", pv.wasted, "nw-wasted"), list("Comes in:", pv.gains), list("Goes:", pv.goes)];
}
