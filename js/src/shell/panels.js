// The shell's panels: the parts of the table every game has (history, log, game and seats,
// New game dialog, shortcut list, errors, the bots' turn, preview, coach).  Each takes the
// snapshot S and, where it is incremental, `part(key, signature, build)` from the view's
// Parts, so the view decides where they go.  They draw Python's payloads only.
import { Parts, h, modal, setAttr, setChildren, setDisabled, setText, sid, sig } from "./dom.js";
import { makeReview } from "./review.js";

import { seatLabel, seatName } from "./names.js";

export { seatName };

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
const refs = new WeakMap();

/** The game log's section: one element, brought up to date by `update()`, which scrolls
 * the list to its newest line when that line changed. */
class LogPanel {
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

const capital = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);

/** A control that is off, said in a line a phone shows too (not only in a tooltip). */
function offLine(why, key) {
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

export function makePanels(shell) {
  const ui = shell.ui;
  const review = makeReview(shell);

  function headerButtons(part) {
    const newGame = part("header-newgame", "", () => h("button", {
      type: "button", class: "nw-btn nw-mini nw-newgame-btn", dataset: { key: "header-newgame" },
      title: "Start a new game: players, seats, settings, seed…", onclick: () => shell.openNewGame(),
    }, "New game…"));
    const help = part("header-help", "", () => h("button", {
      type: "button", class: "nw-btn nw-mini nw-help-btn", dataset: { key: "help" },
      "aria-label": "Keyboard shortcuts", title: "Keyboard shortcuts (?)", onclick: () => shell.toggleHelp(),
    }, "?"));
    return [newGame, help];
  }

  /** Python's refusal, or the shell's note, with its dismiss button (null if neither). */
  function errorLine(S, part) {
    const note = shell.noteText();
    if (!S.error && !note) return null;
    // the shell's own note (a file loaded, a file too large) is no refusal: not in red
    const label = shell.noteLabel();
    return part("actions-error", sig(S.error, note, label), () => h("div", { class: S.error ? "nw-error" : "nw-error nw-note-line", role: "alert" },
      h("strong", {}, S.error ? "Refused: " : `${label}: `), S.error || note,
      h("button", { type: "button", class: "nw-btn nw-mini", "aria-label": "dismiss", dataset: { key: "dismiss" }, onclick: () => shell.dismiss() }, "×")));
  }

  /** An earlier position is shown: nothing changes the game, except continuing from it. */
  function historyBanner(S, part) {
    const hi = S.history;
    // shown from the review (a mark clicked): the way back to that mark, beside the board
    const fromReview = Boolean(ui.reviewReturn && ui.reviewReturn.position === hi.position);
    // and the marks before and after this position (review.js: ui.reviewMarks), to step
    // through them with the board in view
    const marks = fromReview && ui.reviewMarks ? ui.reviewMarks : [];
    const before = marks.filter((m) => m.position < hi.position).at(-1) || null;
    const after = marks.find((m) => m.position > hi.position) || null;
    const step = (m, key, words, title) => h("button", {
      type: "button", class: "nw-btn", dataset: { key }, disabled: !m, title: m ? `${title}: ${m.label}` : `No ${title.toLowerCase()}`,
      onclick: () => m && shell.jumpTo(m.position, m.key, key),
    }, words);
    return part("actions-history", sig(hi.position, hi.length, fromReview, marks), () => h("div", { class: "nw-history-banner", role: "status" },
      h("p", {}, h("strong", {}, viewingText(hi)), " — nothing played here changes the game."),
      h("div", { class: "nw-buttons" },
        h("button", { type: "button", class: "nw-btn nw-primary", dataset: { key: "back-to-game" }, onclick: () => shell.send({ kind: "back_to_game" }) }, "Back to the game"),
        fromReview ? h("button", { type: "button", class: "nw-btn", dataset: { key: "back-to-review" }, title: "The review's list of marks, at the mark you came from", onclick: () => shell.backToReview() }, "Back to the review") : null,
        fromReview && marks.length ? step(before, "review-prev-mark", "‹ Previous mark", "The previous marked move") : null,
        fromReview && marks.length ? step(after, "review-next-mark", "Next mark ›", "The next marked move") : null,
        h("button", { type: "button", class: "nw-btn", dataset: { key: "continue-here" }, title: "Play on from this position: the later moves are replaced by the new ones", onclick: () => shell.continueHere() }, "Continue from here"))));
  }

  // the puzzle whose coach's move "Show me" put in words (a move the game previews
  // nothing of: a reroll, a pass), as `${index}|${position}`: shown until another puzzle
  let shownMe = null;

  /** A review's puzzle on the board (S.puzzle): what it asks, Python's answer (or that
   * the coach is checking), "Show me" (the coach's move, previewed on the board where the
   * game has a preview for it, else said in words with a button that plays it as the
   * answer: showing it answers nothing), the other puzzles and Done.  The move itself is
   * played on the board, with the game's own clicks. */
  function puzzleBanner(S, part) {
    const pz = S.puzzle;
    const R = S.review || {};
    const list = (R.result && R.result.puzzles) || [];
    const p = pz ? list[pz.index] : null;
    if (!p) return null;
    const k = pz.index;
    const answer = R.answer && R.answer.puzzle === k ? R.answer : null;
    const checking = R.checking === k;
    const open = (to) => () => shell.openPuzzle(to, list[to].position, to > k ? "puzzle-next" : "puzzle-prev");
    const here = `${k}|${p.position}`;
    const shown = shownMe === here && !pz.best_preview && Boolean(p.best);
    const showMe = () => {
      if (!p.best) return;
      // the coach's move as a preview on the board (Confirm gives it as the answer); a move
      // the game previews nothing of (a reroll, a pass) is said in words, to be played
      if (pz.best_preview) shell.commit(p.best, { hold: true });
      else {
        shownMe = here;
        shell.redraw();
      }
    };
    return part("puzzle-banner", sig(k, list.length, p.question, answer, checking, pz.best_preview, shown), () => h("section", {
      class: "nw-puzzle-banner", role: "group", "aria-label": `Puzzle ${k + 1} of ${list.length}`, dataset: { key: "puzzle" },
    },
    h("p", { class: "nw-puzzle-head" }, h("strong", {}, `Puzzle ${k + 1} of ${list.length}`), ` · move ${p.position + 1} · your move here is checked by the coach; the game does not change.`),
    h("p", { class: "nw-review-question" }, p.question),
    checking ? h("p", { class: "nw-puzzle-checking", role: "status", dataset: { key: "puzzle-checking" } }, "The coach is checking your move…") : null,
    answer ? h("p", { class: `nw-review-verdict ${answer.correct ? "nw-good" : "nw-bad"}`, role: "status", dataset: { key: "puzzle-answer" } }, answer.text) : null,
    shown ? h("p", { class: "nw-puzzle-shown", role: "status", dataset: { key: "puzzle-shown" } },
      "The coach would play: ", h("strong", {}, p.best_text), ". Play it on the board, or ",
      h("button", { type: "button", class: "nw-btn nw-mini", dataset: { key: "puzzle-play-best" }, title: "Give the coach's move as your answer", onclick: () => shell.play(p.best) }, "play it for me"), ".") : null,
    h("div", { class: "nw-buttons" },
      h("button", { type: "button", class: "nw-btn", dataset: { key: "puzzle-show-me" }, disabled: !p.best, title: "The coach's choice here, shown on the board (the game does not change)", onclick: showMe }, "Show me"),
      h("button", { type: "button", class: "nw-btn", dataset: { key: "puzzle-prev" }, disabled: k === 0, onclick: k > 0 ? open(k - 1) : null }, "‹ Previous puzzle"),
      h("button", { type: "button", class: "nw-btn", dataset: { key: "puzzle-next" }, disabled: k === list.length - 1, onclick: k < list.length - 1 ? open(k + 1) : null }, "Next puzzle ›"),
      h("button", { type: "button", class: "nw-btn nw-primary", dataset: { key: "puzzle-done" }, title: "Back to the game as it is", onclick: () => { shell.send({ kind: "puzzle_close" }); shell.redraw(); } }, "Done"))));
  }

  /** Nobody here is to decide: a bot thinking (Skip), a bot's seat waiting (Let the bots
   * play, One bot move), or a human's seat not acting. */
  function waiting(S) {
    const cur = S.view.current;
    // at a table ("remote": a player at their own screen) the table's bots play by themselves
    const atTable = Boolean(S.table && S.table.id);
    const remote = cur !== null && cur !== undefined && S.seats[cur] === "remote";
    const bot = cur !== null && cur !== undefined && S.seats[cur] !== "human" && !remote && !atTable;
    // a lesson's table plays the learner's seat only: the lesson stops at the others' turn
    const said = remote && S.info.lesson ? `${seatName(cur)}'s turn: the lesson stops here. Its verdict is in the lesson panel; Undo takes your move back.`
      : remote ? `${seatName(cur)} is playing at their own screen.`
      : atTable && cur !== null && cur !== undefined && S.seats[cur] !== "human" ? `${seatName(cur)} is played by the ${botWho(S, S.seats[cur])}.` : null;
    return h("div", { class: "nw-waiting" },
      h("p", {}, said || (S.busy ? `${seatName(cur)}, the ${botWho(S, S.seats[cur])}, is thinking…` : bot ? `${seatName(cur)} is played by the ${botWho(S, S.seats[cur])}.` : "Waiting.")),
      S.busy && S.seats.includes("human")
        ? h("button", { type: "button", class: "nw-btn", dataset: { key: "skip-bots" }, title: "The bots play at once, without their pause; what they did is listed here", onclick: () => shell.send({ kind: "skip_bots" }) }, "Skip to my turn")
        : null,
      bot && !S.busy ? h("button", { type: "button", class: "nw-btn nw-primary", dataset: { key: "play-bots" }, onclick: () => shell.send({ kind: "play_bots" }) }, "Let the bots play") : null,
      bot && !S.busy ? h("button", { type: "button", class: "nw-btn", dataset: { key: "bot-step" }, onclick: () => shell.send({ kind: "bot_move" }) }, "One bot move") : null);
  }

  /** What the pending move will do (Python's preview), with Confirm and Cancel. */
  function previewPanel(S, part) {
    const pv = shell.previewShown(S);
    return part("actions-preview", sig(pv, Boolean(S.error)), () => {
      const cancel = previewCancel(() => shell.cancelPreview());
      if (!pv) return previewWaiting(S, cancel);
      return h("div", { class: "nw-preview", role: "group", "aria-label": "What this move will do" },
        h("p", { class: "nw-big" }, pv.title),
        pv.warning ? h("p", { class: "nw-warning", role: "alert" }, pv.warning) : null,
        previewLists(pv),
        h("div", { class: "nw-buttons" },
          h("button", { type: "button", class: "nw-btn nw-primary", dataset: { key: "preview-confirm" }, title: "Enter", onclick: () => shell.confirmPreview() }, "Confirm"),
          cancel));
    });
  }

  /**
   * The coach: a Hint button on a human's decision, the "coach" checkbox (grade each of my
   * moves), the previews checkbox, the hint (shown only at the position it was asked at)
   * and the last verdict.  Python computes everything; this only draws it.
   */
  function coachPanel(S, part) {
    const coach = coachOnly(S, part);
    // the game's review (review.js) goes with the coach, when there is one to offer
    const rev = review.panel(S, part);
    if (!rev) return coach;
    const both = part("coach-review", "", () => h("div", { class: "nw-coach-review" }));
    setChildren(both, [coach, rev]);
    return both;
  }

  function coachOnly(S, part) {
    const v = S.view;
    const c = S.coach || {};
    const me = S.acting;
    const hint = c.hint && c.hint.position === v.position ? c.hint : null;
    const verdict = c.on && c.verdict ? c.verdict : null;
    // signed by what it shows (not the position: a move leaves it as it was)
    // a lesson's table: no coach's Hint or grading (they would give the lesson's answer
    // away; Python refuses them there too: widget/learn.py, GIVES_AWAY); previews stay
    const lesson = Boolean(S.info && S.info.lesson);
    // what Python would refuse here (a shared table: the table trait's `off`, with why) is
    // not offered live: the Hint is shown greyed with its reason in words, the grading is
    // not shown
    const off = offHere(S);
    // the coach thinking: Python's progress (playouts done, seconds against the cap), or,
    // before its first word, that it has not started yet
    const thinking = S.coachBusy && c.thinking && c.thinking.position === v.position ? c.thinking : null;
    return part("coach", sig(hint, verdict, Boolean(c.on), me === null, S.coachBusy, ui.previews, lesson, off.hint, off.coach, thinking), () => {
      const kids = [];
      kids.push(h("div", { class: "nw-coach-controls" },
        lesson ? null : h("button", {
          type: "button", class: "nw-btn", dataset: { key: "coach-hint" },
          disabled: me === null || S.coachBusy || Boolean(off.hint),
          title: off.hint ? capital(off.hint) : me === null ? "A hint is for a human player's decision" : "The coach's three best moves here (about 2 s of thinking)",
          onclick: () => shell.askHint(),
        }, S.coachBusy ? "Thinking…" : "Hint"),
        lesson || off.coach ? null : h("label", { class: "nw-coach-toggle", title: "After each of your moves, see how it compared with the coach's best move" },
          h("input", { type: "checkbox", dataset: { key: "coach-on" }, checked: Boolean(c.on), onchange: (e) => shell.send({ kind: "coach", on: e.target.checked }) }),
          " Coach: grade my moves"),
        h("label", { class: "nw-coach-toggle", title: shell.previewWords.title },
          h("input", { type: "checkbox", dataset: { key: "previews-on" }, checked: Boolean(ui.previews), onchange: (e) => shell.setPreviews(e.target.checked) }),
          ` ${shell.previewWords.label}`)));
      if (off.hint && !lesson) kids.push(offLine(off.hint, "coach-off"));
      if (S.coachBusy && !lesson) kids.push(thinkingLine(thinking));
      if (hint && !lesson) {
        kids.push(h("ol", { class: "nw-coach-hint", "aria-label": "The coach's best moves" },
          hint.suggestions.map((s, i) => h("li", { dataset: { key: `coach-s-${i}` } }, s.summary))));
      }
      if (verdict) {
        kids.push(h("p", { class: `nw-coach-verdict${verdict.same ? " nw-good" : ""}`, role: "status" }, verdict.text));
      }
      return h("section", { class: "nw-panel nw-coach", "aria-label": lesson ? "Previews" : "Coach" }, h("h3", {}, lesson ? "Previews" : "Coach"), ...kids);
    });
  }

  /** The history panel, built once: its buttons, label and slider (a range input is costly
   * to make) are set in place on each draw; the buttons read the position when clicked. */
  function historyPanel(S, part) {
    const hi = S.history;
    const frame = part("history", "", () => {
      const slider = h("input", {
        id: sid("slider"), type: "range", min: "0", step: "1",
        class: "nw-slider", "aria-label": "Go to move", dataset: { key: "slider" },
        onchange: (e) => shell.send({ kind: "goto", position: Number(e.target.value) }),
      });
      const go = (where) => () => {
        const { position, length } = shell.state().history;
        shell.send({ kind: "goto", position: Math.max(0, Math.min(length, where(position, length))) });
      };
      const btn = (key, label, aria, onclick) => h("button", {
        type: "button", class: "nw-btn nw-mini", "aria-label": aria, title: aria, dataset: { key }, onclick,
      }, label);
      const undo = h("button", { type: "button", class: "nw-btn", dataset: { key: "undo" }, onclick: () => shell.undo() }, "↶ Undo");
      const redo = h("button", { type: "button", class: "nw-btn", dataset: { key: "redo" }, onclick: () => shell.send({ kind: "redo" }) }, "Redo ↷");
      const steps = [
        btn("first", "«", "first position", go(() => 0)),
        btn("back", "‹", "one move back", go((p) => p - 1)),
        btn("fwd", "›", "one move forward", go((p) => p + 1)),
        btn("last", "»", "latest position", go((p, n) => n)),
      ];
      const label = h("label", { for: sid("slider"), class: "nw-slider-label" }, "");
      const el = h("section", { class: "nw-panel nw-history", "aria-label": "History" }, h("h3", {}, "History"),
        h("div", { class: "nw-buttons" }, undo, redo), label, slider,
        h("div", { class: "nw-buttons nw-step-buttons" }, steps));
      refs.set(el, { slider, undo, redo, steps, label });
      return el;
    });
    const { slider, undo, redo, steps, label } = refs.get(frame);
    setAttr(slider, "max", String(hi.length));
    if (slider.value !== String(hi.position)) slider.value = String(hi.position);
    setDisabled(undo, !hi.can_undo);
    setDisabled(redo, !hi.can_redo);
    // what a click takes back, said before it is clicked: Undo goes back to the player's
    // previous decision (undo_to), the bots' moves since then included
    setAttr(undo, "title", undoTitle(hi));
    setAttr(redo, "title", hi.can_redo ? "Play again the last move taken back" : "Nothing taken back to play again");
    const atStart = hi.position === 0;
    const atEnd = hi.position >= hi.length;
    [atStart, atStart, atEnd, atEnd].forEach((off, i) => setDisabled(steps[i], off));
    setText(label, `Move ${hi.position} of ${hi.length}${S.busy ? " (bots playing)" : ""}`);
    return frame;
  }

  /** Undo within reach of the decision: the history panel, with its Undo, sits far down a
   * phone's page.  A view places it in its decision panel; shell.css shows it only where
   * the columns stack (the history panel is beside the table otherwise), and it is drawn
   * only while there is a move to take back and the game (not an earlier position) is
   * shown.  Its title says what it takes back (undoTitle). */
  function undoNear(S, part) {
    const hi = S.history;
    // (a puzzle's board: an Undo would take back a move of the game, not the puzzle's)
    if (!hi || !hi.can_undo || S.viewingHistory || S.puzzle) return null;
    const frame = part("undo-near", "", () => {
      const button = h("button", { type: "button", class: "nw-btn nw-secondary", dataset: { key: "undo-near" }, onclick: () => shell.undo() }, "↶ Undo");
      const el = h("div", { class: "nw-undo-near" }, button);
      refs.set(el, { button });
      return el;
    });
    setAttr(refs.get(frame).button, "title", undoTitle(hi));
    return frame;
  }

  function gamePanelEl(S, withFair) {
    const f = ui.form;
    // "remote": a person at their own screen of a table (taking a seat back from a bot
    // gives it to them); "invite": a New game seat whose player gets a link; "open": a seat
    // anyone on this server may take from the lobby (the chooser's open tables)
    const WORDS = { human: "Human", remote: "Player at their own screen", invite: "A player I invite (a link)", open: "Open: anyone on this server" };
    const seatSelect = (value, onchange, key, label, choices) => h("select", { dataset: { key }, "aria-label": label, onchange },
      choices.map((c) => h("option", { value: c, selected: c === value, title: WORDS[c] ? null : S.botInfo?.[c] || null },
        WORDS[c] || (botLevel(S, c) ? `Bot: ${c} (${botLevel(S, c)})` : `Bot: ${c}`))));
    const current = S.seats.map((who, seat) => h("div", { class: "nw-field" },
      h("span", {}, seatName(seat)),
      seatSelect(who, (e) => shell.send({ kind: "set_seat", seat, player: e.target.value }), `seat-${seat}`, `${seatName(seat)} is played by`,
        [who === "remote" || (S.table && S.table.id && S.table.seats && S.table.seats[seat] && S.table.seats[seat].who !== "here") ? "remote" : "human", ...S.botNames])));
    const formSeats = [];
    for (let seat = 0; seat < f.players; seat += 1) {
      // a new game's seats: no names yet (whoever sits there names them)
      formSeats.push(h("div", { class: "nw-field" }, h("span", {}, seatLabel(seat)),
        seatSelect(f.seats[seat] || "human", (e) => shell.setFormSeat(seat, e.target.value), `form-seat-${seat}`, `new game: ${seatLabel(seat)}`, ["human", "invite", "open", ...S.botNames])));
    }
    const counts = S.info.player_counts && S.info.player_counts.length ? S.info.player_counts : [f.players];
    const idp = sid("form-players");
    const ids = sid("form-seed");
    const idd = sid("form-delay");
    const off = offHere(S);
    const atTable = Boolean(S.table && S.table.id);
    return h("section", { class: "nw-panel nw-game", "aria-label": "Game, seats and files" },
      h("h3", {}, "Game"),
      h("div", { class: "nw-buttons" },
        h("button", { type: "button", class: "nw-btn", dataset: { key: "save" }, disabled: Boolean(off.save), title: off.save ? capital(off.save) : null, onclick: () => shell.send({ kind: "save" }) }, "Save game"),
        // a load leaves the table: the New game dialog says so first, and offers the load
        h("button", { type: "button", class: "nw-btn", dataset: { key: "load" }, onclick: () => (atTable ? shell.openNewGame() : shell.pickFile("game")) }, "Load game…")),
      off.save ? offLine(off.save, "save-off") : null,
      h("div", { class: "nw-seats" }, h("div", { class: "nw-slot-label" }, "Seats (change any time)"), current),
      h("details", { class: "nw-newgame", open: ui.newGameOpen || null, ontoggle: (e) => {
        // a toggle queued by a <details> since drawn anew (one built open fires too) is stale
        if (e.target.isConnected) shell.setNewGameOpen(e.target.open);
      } },
        // the click opens or closes it at once: the <details> reports its own toggle in a
        // later task, and an update drawn before that task (a bot's move) closed it again
        h("summary", { dataset: { key: "newgame-summary" }, onclick: (e) => {
          e.preventDefault();
          shell.setNewGameOpen(!ui.newGameOpen);
        } }, "New game…"),
        // a modal dialog while the <details> is open (the shell opens it: dom.modal)
        modal({ key: "newgame-dialog", label: "New game", onClose: () => shell.closeNewGame(), inner: "nw-form" },
          h("h3", {}, "New game"),
          // a refused load (or start) said here too: the page's own error line is behind
          // the dialog
          ui.newGameOpen && (S.error || shell.noteText()) ? h("p", { class: "nw-error nw-dialog-error", role: "alert" },
            h("strong", {}, S.error ? "Refused: " : `${shell.noteLabel()}: `), S.error || shell.noteText()) : null,
          // at a table a new game (or a loaded one) is played at this screen only: said
          // before it happens, and Cancel stays here
          atTable ? h("p", { class: "nw-warning nw-leave-table", role: "note", dataset: { key: "leave-table" } },
            h("strong", {}, "You will leave this table. "),
            "It goes on without this screen and stays in Continue a game; your link brings you back to it.") : null,
          h("label", { class: "nw-field", for: idp }, h("span", {}, "Players"),
            h("select", { id: idp, dataset: { key: "form-players" }, onchange: (e) => shell.setForm({ players: Number(e.target.value) }) },
              counts.map((n) => h("option", { value: String(n), selected: n === f.players }, n === 1 ? "1 (solo)" : String(n))))),
          formSeats,
          shell.newGameFields(S, f),
          h("label", { class: "nw-field", for: ids }, h("span", {}, "Seed"),
            h("input", { id: ids, type: "text", inputmode: "numeric", placeholder: "random", title: "Empty: a random seed. The board shows the seed only once the game is over: it tells every draw to come.", value: f.seed, dataset: { key: "form-seed" }, oninput: (e) => shell.setForm({ seed: e.target.value }, false) })),
          h("label", { class: "nw-field", for: idd }, h("span", {}, "Bot pause (s)"),
            h("input", { id: idd, type: "number", min: "0", max: "30", step: "0.1", value: String(f.bot_delay), dataset: { key: "form-delay" }, oninput: (e) => shell.setForm({ bot_delay: Number(e.target.value) }, false) })),
          h("div", { class: "nw-buttons" },
            h("button", { type: "button", class: "nw-btn nw-primary", dataset: { key: "start" }, onclick: () => shell.startGame() }, atTable ? "Leave the table and start" : "Start new game"),
            // the Game panel's Load is behind this dialog (the app opens with it)
            h("button", { type: "button", class: "nw-btn", dataset: { key: "newgame-load" }, title: atTable ? "Leave this table and go on with a game saved with Save game" : "Go on with a game saved with Save game", onclick: () => shell.pickFile("game") }, atTable ? "Leave the table and load a saved game…" : "Load a saved game…"),
            h("button", { type: "button", class: "nw-btn", dataset: { key: "newgame-cancel" }, title: "Escape", onclick: () => shell.closeNewGame() }, "Cancel")))),
      // fair dice: the fingerprint, changed only by a new game or a load
      withFair ? fairStart(S) : null);
  }

  /** Save, Load, the seat menus, the New game dialog and the fair-dice fingerprint
   * (`fair` false: the view shows it elsewhere, e.g. folded in its header: fairFold). */
  function gamePanel(S, part, { fair: withFair = true } = {}) {
    const f = ui.form;
    const fair = withFair ? fairness(S) : null;
    const game = part("game", sig(S.seats, S.botNames, S.botInfo, S.info.player_counts, ui.formRev, f.players, f.seats, S.table.seats, S.table.id, offHere(S).save,
      shell.newGameSignature(S, f), ui.newGameOpen && (S.error || shell.noteText()) ? [S.error, shell.noteText()] : null,
      fair && fair.fingerprint, Boolean(fair)), () => gamePanelEl(S, withFair));
    // the New game form is a modal dialog while its <details> is open (opened from the
    // header or the Game panel; the shell opens and closes the dialog with it)
    const details = game.querySelector("details.nw-newgame");
    if (details && details.open !== Boolean(ui.newGameOpen)) details.open = Boolean(ui.newGameOpen);
    // a seat menu the person changed without Python following (a refused change): show
    // Python's value again
    S.seats.forEach((who, seat) => {
      const sel = game.querySelector(`select[data-key="seat-${seat}"]`);
      if (sel && sel.value !== who) sel.value = who;
    });
    return game;
  }

  /** The shortcut list (the "?" overlay), or null when closed. */
  function helpOverlay(part) {
    if (!ui.helpOpen) return null;
    const close = () => {
      if (shell.ui.helpOpen) shell.toggleHelp();
    };
    return part("help-overlay", "", () => modal({ key: "help-overlay", label: "Keyboard shortcuts", onClose: close },
      h("h3", {}, "Keyboard shortcuts"),
      h("p", { class: "nw-help" }, "They work while the board has the focus (click anywhere on it first)."),
      h("dl", { class: "nw-shortcuts" }, shell.shortcuts().map(([k, what]) => [h("dt", {}, h("kbd", {}, k)), h("dd", {}, what)])),
      h("button", { type: "button", class: "nw-btn nw-primary", dataset: { key: "help-close" }, onclick: close }, "Close")));
  }

  return {
    headerButtons,
    errorLine,
    historyBanner,
    puzzleBanner,
    waiting,
    previewPanel,
    coachPanel,
    historyPanel,
    undoNear,
    gamePanel,
    helpOverlay,
    logPanel: () => new LogPanel(shell.log),
    seatName,
    seedLine,
    fairEnd,
  };
}
