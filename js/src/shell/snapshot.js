// The snapshot `S` a draw hands the view: the synced traits read once (readState), and what
// the shell adds to them (a Hint on its way, an earlier position shown, whose controls are
// live, a review's puzzle on the board).  See README.md, "The snapshot S".
import { traitValue } from "./traits.js";

/** The generic traits (a view adds its own with `view.traits`). */
export const TRAITS = [
  "game_kind", "game_info", "view", "legal", "log_patch", "error", "seats", "bot_names", "bot_info",
  "settings", "history", "busy", "coach", "preview", "fair", "review", "table",
];

const camel = (name) => name.replace(/_([a-z])/g, (_, c) => c.toUpperCase());

/** The prompt while a table waits for players at its open seats. */
export const WAITING_PROMPT = "Waiting for players: the game starts when its open seats are taken, or when the host starts it with bots.";

/** The synced traits, read once per draw (`extra`: the game's own traits). */
export function readState(model, extra = [], hiddenError = null) {
  const get = (name) => traitValue(model, name);
  const error = model.get("error") || "";
  const S = {
    kind: model.get("game_kind") || "",
    info: get("game_info") || {},
    view: get("view") || {},
    legal: get("legal") || [],
    // a refusal the page asked Python to clear is gone at once (Python's "" follows)
    error: error === hiddenError ? "" : error,
    seats: model.get("seats") || [],
    botNames: model.get("bot_names") || [],
    botInfo: get("bot_info") || {},
    settings: get("settings") || {},
    fair: get("fair") || {},
    history: get("history") || {},
    busy: Boolean(model.get("busy")),
    coach: get("coach") || {},
    preview: get("preview") || {},
    review: get("review") || {},
    // the table this screen sits at ({} for a game played only here: js/src/shell/table.js)
    table: get("table") || {},
    coachBusy: false,
    puzzle: null,
    viewingHistory: false,
    humanTurn: false,
    acting: null,
  };
  for (const name of extra) S[camel(name)] = get(name);
  return S;
}

/** The snapshots of one widget: `state()` reads one now; `follow(traits)` adds the view's
 * own traits to it; `hintAsked(position)` notes a Hint asked there (S.coachBusy until the
 * coach answers it, Python refuses it, or the position changes).  `ui`: the shell's state
 * (the refusal hidden, the history branch chosen). */
export function createSnapshot(model, ui) {
  let extraTraits = [];
  // the Hint asked and not yet answered (the coach trait brings the answer)
  let askedHintAt = null;
  const state = () => {
    const S = readState(model, extraTraits, ui.hiddenError);
    const hint = S.coach.hint;
    if (askedHintAt !== null && (hint && hint.position === askedHintAt || S.error || S.view.position !== askedHintAt)) askedHintAt = null;
    S.coachBusy = askedHintAt !== null;
    // an earlier position of the game, not chosen to play on from ("continue from here",
    // or an Undo: taking a move back means playing on)
    if (ui.branchPending) {
      if (S.history.position === ui.branchFrom || S.error) ui.branchPending = false;
    } else if (ui.branchFrom !== null && ui.branchFrom !== S.history.position) {
      ui.branchFrom = null;
    }
    // Python says where the game is (history.game_at: an Undo moves it, looking through
    // the history does not); without it, the end of the history
    const gameAt = typeof S.history.game_at === "number" ? S.history.game_at : S.history.length;
    S.viewingHistory = S.history.position !== gameAt && ui.branchFrom !== S.history.position;
    // a human is to decide: the view's own `human_turn` when it sends one, else the seat's
    const cur = S.view.current;
    S.humanTurn = typeof S.view.human_turn === "boolean" ? S.view.human_turn
      : cur !== null && cur !== undefined && S.seats[cur] === "human";
    S.acting = S.humanTurn && !S.busy && !S.viewingHistory ? cur : null;
    // a table waiting for players at its open seats: nobody's turn yet (Python's prompt
    // would name the seat to play first, as if a player sat there)
    if (S.table && S.table.waiting) S.view = { ...S.view, prompt: WAITING_PROMPT };
    // a review's puzzle on the board (Python's review.puzzle, at the position shown): its
    // seat decides here as in a game, and the move it plays is the puzzle's answer (play)
    const pz = S.review && S.review.status === "done" ? S.review.puzzle : null;
    if (pz && pz.position === S.history.position && pz.position === S.view.position && pz.seat === cur) {
      S.puzzle = pz;
      S.viewingHistory = false;
      S.humanTurn = true;
      S.acting = S.busy ? null : cur;
    }
    return S;
  };
  return {
    state,
    follow(traits) {
      extraTraits = traits;
    },
    hintAsked(position) {
      askedHintAt = position;
    },
  };
}
