// The intents the page sends (model.send; Python validates and applies every one), the
// shell's note where errors are, and the history's branch (Undo, Continue from here).
// Nothing here decides a rule: a move carries the seat and position the player saw, and
// Python refuses what it must.

/** The intents of one widget: `model` its model, `ui` the shell's state, `state()` the
 * snapshot, `snapshot` its maker (a Hint asked), `reveal` the page's reveals (a jump from
 * the review), `draw()` and `schedule()` a draw now or soon.  Returns the shell's members
 * for them and `onError` (the model's change:error listener). */
export function createIntents({ model, ui, state, snapshot, reveal, draw, schedule }) {
  function send(intent) {
    ui.note = "";
    ui.noteLabel = "Note";
    ui.loadingFile = null; // (loadText sets it after its send)
    model.send(intent);
  }

  /** Python's refusal belongs to the move it refused: cancelling that move, clearing the
   * choice or asking about another move clears it (hidden at once). */
  function clearRefusal() {
    const error = model.get("error") || "";
    if (!error || error === ui.hiddenError) return false;
    ui.hiddenError = error;
    send({ kind: "clear_error" });
    return true;
  }

  return {
    send,
    clearRefusal,
    onError() {
      ui.hiddenError = null; // Python's error changed: it is shown as it is
      if (model.get("error")) ui.loadingFile = null; // the load refused: no "Loaded" to say
    },
    /** Show `position` from the review (intent `goto`), `key` being the data-key of the
     * mark (or graph) clicked: the board is brought on screen once it shows it, and the
     * history banner offers "Back to the review", which returns to that mark, and the
     * previous and next marks; the focus goes to `focusKey` there (Back to the review). */
    jumpTo(position, key, focusKey = "back-to-review") {
      reveal.expectJump(position, focusKey);
      ui.reviewReturn = { position, key };
      send({ kind: "goto", position });
      // the position already shown: Python's answer changes nothing, so no draw would come
      schedule();
    },
    backToReview: () => reveal.backToReview(),
    /** Show puzzle `index` of the review (at `position`) on the board (intent
     * `puzzle_open`: Python shows its position, its seat to play): the board is brought on
     * screen once it shows it, the focus on the puzzle's `focusKey` control. */
    openPuzzle(index, position, focusKey = "puzzle-show-me") {
      reveal.expectJump(position, focusKey);
      ui.previewMove = null;
      send({ kind: "puzzle_open", puzzle: index });
      schedule();
    },
    /** A move for the acting seat, with the seat and position drawn last: a second
     * click of a double click (sent before the board's update arrives) is refused by
     * Python instead of played on the next position. */
    play(move, then = null) {
      if (!move) return;
      const S = state();
      if (S.puzzle) {
        // a puzzle's board: the move is its answer, which Python checks (nothing is
        // played in the game); the question it asks next (`then`) is not the puzzle's
        send({ kind: "puzzle_answer", puzzle: S.puzzle.index, position: S.view.position, move });
        schedule();
        return;
      }
      // `then`: the answer to the question the move asks next of the same seat (where the
      // card it takes goes), played with it as one gesture (Python: both or neither)
      send({ kind: "move", seat: S.view.current, position: S.view.position, move, ...(then ? { then } : {}) });
    },
    /** A short local note where errors are; `label` heads it ("Note", "Not now"). */
    note(text, label = "Note") {
      ui.note = text;
      ui.noteLabel = label;
      draw();
    },
    noteText: () => ui.note,
    noteLabel: () => ui.noteLabel || "Note",
    /** Take back to the previous decision of a human seat, to play on from there. */
    undo() {
      const S = state();
      ui.branchFrom = S.history.undo_to;
      ui.branchPending = true;
      send({ kind: "undo" });
    },
    /** Play on from the earlier position shown (the next move replaces the later ones). */
    continueHere() {
      const S = state();
      ui.branchFrom = S.history.position;
      send({ kind: "continue_here" }); // Python: the game is here now (history.game_at)
      const cur = S.view.current;
      if (cur !== null && cur !== undefined && S.seats[cur] !== "human") send({ kind: "play_bots" });
      draw();
    },
    askHint() {
      const S = state();
      snapshot.hintAsked(S.view.position);
      send({ kind: "hint" });
      draw();
    },
    dismiss() {
      ui.note = "";
      if (state().error) send({ kind: "clear_error" });
      draw();
    },
    toggleHelp() {
      ui.helpOpen = !ui.helpOpen;
      draw();
    },
  };
}
