// Where the page is when a draw has changed it: the control the player just used stays
// where it was, what the player is asked comes on screen when it is new, the focus follows
// a question the player's click asked, and a jump from the review brings the board on
// screen.  None of it scrolls while the player only chooses or while others play.
import { byKey } from "./dom.js";

// the questions every game's view draws (a move's preview, a purchase's question); a
// view names its own others (`view.questions`, a CSS selector)
const SHELL_QUESTIONS = [".nw-preview", ".nw-pending"];
const REVEAL_MARGIN = 120; // px of the panel (its prompt) that must show
const ACT_WINDOW = 5000; // ms: a question that comes this soon after the player's click answers it
const JUMP_WINDOW = 10000; // ms: Python's answer to a goto comes sooner than this
const NEXT_ACTION = '[data-key="preview-confirm"], .nw-primary';

// ------------------------------------------------------------ the page stays put
/** `noteAnchor()` before a draw, `keepAnchor(anchor)` after it. */
function keptInPlace(el) {
  // The control the player just used (it has the focus) stays where it was on screen: a
  // part the draw builds anew is a new element, and the browser's scroll anchoring, which
  // loses its anchor when an element is taken out, can jump the page (a card's details
  // opened from a phone's nation board moved it 400 px).
  function noteAnchor() {
    const doc = el.ownerDocument;
    const a = doc ? doc.activeElement : null;
    if (!a || a === el || !el.contains(a) || !a.dataset || !a.dataset.key) return null;
    return { key: a.dataset.key, top: a.getBoundingClientRect().top, y: window.scrollY };
  }
  function keepAnchor(anchor) {
    if (!anchor) return;
    const now = byKey(el, anchor.key);
    if (!now || !now.isConnected) return;
    const shift = now.getBoundingClientRect().top - anchor.top;
    if (Math.abs(shift) > 1 && typeof window.scrollBy === "function") window.scrollBy(0, shift);
  }
  return { noteAnchor, keepAnchor };
}

// ------------------------------------------------------------ a jump from the review
/** `expectJump(position, focusKey)` when the jump is asked, `jump(S)` after each draw,
 * `backToReview()` (the history banner's button). */
function reviewJumps(el, { view, topDialog, ui, schedule }) {
  // A mark of the review (or its graph) clicked shows that position: the board that shows
  // it is brought on screen once it is drawn (the review list sits below it or beside it,
  // out of the window), and the focus goes to the history banner's "Back to the review",
  // next to the board, which returns to the mark.  Only after such a jump: never on other
  // draws.
  let pendingJump = null; // {position, at, focusKey}: the jump waiting for its position to be drawn
  function jump(S) {
    if (!pendingJump) return;
    if (performance.now() - pendingJump.at > JUMP_WINDOW) {
      pendingJump = null;
      return;
    }
    if (S.history.position !== pendingJump.position || S.view.position !== pendingJump.position) return;
    const { focusKey } = pendingJump;
    pendingJump = null;
    if (topDialog()) return;
    const v = view();
    const board = v.boardPanel ? el.querySelector(v.boardPanel) : null;
    if (board && typeof board.scrollIntoView === "function") board.scrollIntoView({ block: "nearest" });
    // a puzzle opened: its banner on screen, the focus on the control asked for in it
    const puzzle = el.querySelector(".nw-puzzle-banner");
    if (puzzle && focusKey && focusKey.startsWith("puzzle-")) {
      const wanted = byKey(el, focusKey);
      if (wanted) wanted.focus({ preventScroll: true });
      if (typeof puzzle.scrollIntoView === "function") puzzle.scrollIntoView({ block: "nearest" });
      return;
    }
    const back = byKey(el, "back-to-review");
    if (back) {
      // the control the player stepped with (the banner's Next mark), else Back to the review
      const wanted = byKey(el, focusKey);
      (wanted && !wanted.disabled ? wanted : back).focus({ preventScroll: true });
      // the banner (what is shown, and its buttons) on screen too: on a phone the board may
      // fill the window, and the board game's banner sits above its progress board
      const banner = back.closest(".nw-history-banner") || back;
      if (typeof banner.scrollIntoView === "function") banner.scrollIntoView({ block: "nearest" });
    }
  }
  return {
    jump,
    /** A jump to `position` asked (the review's mark clicked): see `jump`. */
    expectJump(position, focusKey) {
      pendingJump = { position, at: performance.now(), focusKey };
    },
    /** Back from a jump: the mark (or graph) the player came from, on screen and focused. */
    backToReview() {
      const from = ui.reviewReturn ? byKey(el, ui.reviewReturn.key) : null;
      ui.reviewReturn = null;
      schedule();
      if (!from) return;
      if (typeof from.scrollIntoView === "function") from.scrollIntoView({ block: "center" });
      if (typeof from.focus === "function") from.focus({ preventScroll: true });
    },
  };
}

/** The page's reveals of the widget whose root is `el`: `view()` the game's view (made after
 * this), `topDialog()` the dialog over the page, `ui` the shell's state (its `reviewReturn`),
 * `schedule()` a draw. */
export function createReveal(el, { view, topDialog, ui, schedule }) {
  /** The questions' selector: the shell's and the view's own. */
  const questionSelector = () => {
    const own = view() && view().questions;
    return [...SHELL_QUESTIONS, ...(own ? [own] : [])].join(", ");
  };
  const shownQuestions = () =>
    [...el.querySelectorAll(questionSelector())].filter((q) => !q.closest("dialog, details:not([open])"));

  // ------------------------------------------------------------ the question on screen
  // What the player is asked (the decision panel, or a move's preview or a purchase's
  // question) is brought on screen when it is new and the player is looking for it: when
  // this page's player has a new decision (the bots are done, a move asked a question), or
  // after their own click or key in the widget (Undo in the history panel while a bot
  // plays).  It never scrolls while the player only chooses (a die selected: what is asked
  // stays the same) or while others play.
  let askedBefore = null; // what was asked at the last reveal (the decision and its questions)
  let lastAct = -Infinity; // when the player last clicked or pressed a key in the widget
  let acted = false; // the player has clicked or pressed a key in the widget since it opened
  function question(S, turnKey) {
    const v = view();
    const panel = v.decisionPanel ? el.querySelector(v.decisionPanel) : null;
    const questions = shownQuestions();
    // (a question's words too: it changes as the player answers it, a die given back, and
    // may grow past the window's bottom)
    const asked = `${turnKey}|${questions.map((q) => `${q.dataset.key || q.className}:${q.textContent}`).join(",")}`;
    if (asked === askedBefore) return;
    // under a dialog (the end-of-round summary opened with the decision) nothing is revealed
    // and the question stays new: the draw after the dialog closes brings it on screen
    if (topDialog()) return;
    // nobody here can act (others play, or the bots' runner has not yet said it is done:
    // its last move and its end come in separate messages as often as not): the question
    // stays new, and is brought on screen when this page's player can answer it
    if (S.acting === null && performance.now() - lastAct > ACT_WINDOW) return;
    askedBefore = asked;
    lastAct = -Infinity;
    const target = questions.length ? questions[questions.length - 1] : panel;
    if (!target || !target.isConnected || typeof target.getBoundingClientRect !== "function") return;
    const r = target.getBoundingClientRect();
    const vh = window.innerHeight || (el.ownerDocument.documentElement || {}).clientHeight || 0;
    if (!vh || (!r.width && !r.height)) return;
    if (typeof target.scrollIntoView !== "function") return;
    if (target === panel) {
      // a page just opened stays at its top, where its header says whose turn it is and the
      // progress board follows, until the player does something in it (on a phone the
      // panel is below the board: the page jumped there when the bot moved first, and not
      // when the player did)
      if (!acted && r.top >= 0) return;
      // the panel may be taller than a phone's window: its top (the prompt) must show
      if (r.top < 0 || r.top > vh - REVEAL_MARGIN) target.scrollIntoView({ block: "start" });
    } else if (r.top < 0 || r.bottom > vh) {
      // a question: all of it, or its top when it is taller than the window
      target.scrollIntoView({ block: r.height <= vh ? "nearest" : "start" });
    }
  }

  // ------------------------------------------------------------ the focus follows the question
  // A move's preview or a purchase's question, new after the player's click or key (Enter
  // on a tile): the focus goes to its next action (Confirm, else the question's first
  // answer), so that the keyboard goes on from there (the focus stayed on the tile).  Once
  // per question (its answer, Confirm, appearing counts: "Working out…" offers only
  // Cancel, which is never focused), never while the focus is inside a question (a die
  // chosen to give back) or a dialog, nor after others' moves.
  let lastPlayerAct = -Infinity; // when the player last clicked or pressed a key in the widget
  let focusedQuestion = null; // the question (and its action) the focus was moved to
  function focus(turnKey) {
    const questions = shownQuestions();
    const q = questions.length ? questions[questions.length - 1] : null;
    if (!q) {
      focusedQuestion = null;
      return;
    }
    const usable = (b) => b && !b.disabled && b.getAttribute("aria-disabled") !== "true" && typeof b.focus === "function";
    const target = [...q.querySelectorAll(NEXT_ACTION)].find(usable) ||
      [...q.querySelectorAll("button")].find((b) => usable(b) && !/cancel/.test(b.dataset.key || "") && !b.classList.contains("nw-pass"));
    if (!target) return;
    const what = `${turnKey}|${q.dataset.key || q.className}|${target.dataset.key || target.textContent}`;
    if (what === focusedQuestion) return;
    if (performance.now() - lastPlayerAct > ACT_WINDOW || topDialog()) return;
    const a = el.ownerDocument.activeElement;
    if (a && a !== el && !el.contains(a) && a !== el.ownerDocument.body) return; // the player is elsewhere on the page
    if (a && a.closest && a.closest(`${questionSelector()}, dialog`)) return; // working inside a question
    focusedQuestion = what;
    target.focus({ preventScroll: true });
  }

  return {
    ...keptInPlace(el),
    question,
    focus,
    ...reviewJumps(el, { view, topDialog, ui, schedule }),
    questionSelector,
    /** The controls of the decision and of its questions (a phone's tooltip strip must not
     * cover them: tips.js). */
    decisionControls() {
      const v = view();
      const panel = v && v.decisionPanel ? `${v.decisionPanel} button, ` : "";
      return [...el.querySelectorAll(`${panel}${questionSelector().split(", ").map((q) => `${q} button`).join(", ")}`)];
    },
    /** The player clicked or pressed a key in the widget (capture phase). */
    notePlayerAct() {
      acted = true;
      lastAct = performance.now();
      lastPlayerAct = lastAct;
    },
  };
}
