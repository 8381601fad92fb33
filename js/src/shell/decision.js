// The shell's parts of a game's decision panel: the refusal or note, the banner of an
// earlier position shown (and of the review's marks), a review's puzzle, the bots' turn,
// and a move's preview with Confirm and Cancel.  Each draws Python's payloads only (see
// panels.js for the conventions).
import { h, sig } from "./dom.js";
import { seatName } from "./names.js";
import { botWho, previewCancel, previewLists, previewWaiting, viewingText } from "./panels.js";

export function makeDecisionParts(shell) {
  const ui = shell.ui;

  // the puzzle whose coach's move "Show me" put in words (a move the game previews
  // nothing of: a reroll, a pass), as `${index}|${position}`: shown until another puzzle
  let shownMe = null;
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

  return { errorLine, historyBanner, puzzleBanner, waiting, previewPanel };
}
