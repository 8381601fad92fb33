// The board game's view (Nations): createView(root, shell) for the widget shell
// (js/src/shell/README.md): its visual state, its callbacks, its keys and its New game
// fields; render.js draws the table, logic.js holds the pure helpers.  It draws what
// Python sends and decides no rule: a click sends the move Python listed (through
// shell.commit, which asks for the preview first), and a refusal comes back as Python's
// `error`.
import { h } from "../shell/dom.js";
import { roundKey } from "../shell/panels.js";
import { decksFor, nthOption, perSeat, placeMoves, seatName, shown } from "./logic.js";
import { Board } from "./render.js";

export const SHORTCUTS = [
  ["P", "pass (after its preview)"],
  ["1 \u2013 9", "the n-th answer of the question asked (growth, a choice)"],
  ["\u2190 \u2191 \u2192 \u2193", "move across the progress board's cards"],
  ["I", "show the details of the card that has the focus"],
  ["B", "buy the card that has the focus (after its preview)"],
  ["F", "fold or unfold the other nations' boards"],
  ["S", "show the last round's summary again"],
  ["Enter / Escape", "confirm / cancel a move's preview; Escape also closes the card details"],
];

// -------------------------------------------------------------- new game
const deckChoice = (S, form) => decksFor((S.view && S.view.setup && S.view.setup.decks) || [], form);

/** A <select> of the New game form. */
function select(name, label, options, value, onchange) {
  return h("label", { class: "nw-field" }, label,
    h("select", { dataset: { key: `ng-${name}` }, onchange },
      (options || []).map(([val, text, disabled]) => h("option", { value: String(val), selected: String(val) === String(value), disabled: disabled || null }, text))));
}

/** The board game's New game fields (between the seats and the seed). */
const newGame = {
  defaults(S) {
    const s = S.settings || {};
    const players = s.players || 2;
    return {
      difficulty: perSeat(s.difficulty, 5, "prince").map((d, i) => (i < players ? d : "prince")),
      sides: typeof s.sides === "string" ? s.sides : "A",
      decks: typeof s.decks === "string" ? s.decks : "base",
      ages: s.ages || 4,
      easier: Boolean(s.easier),
    };
  },
  fields(S, form, set) {
    const setup = (S.view && S.view.setup) || {};
    const players = form.players || 2;
    const difficulty = perSeat(form.difficulty, players, "prince");
    // the card choices that do not serve this many players, shown disabled with why
    const deckChoices = (setup.decks || []).map(([val, text, counts]) => (Array.isArray(counts) && !counts.includes(players)
      ? [val, `${text} (not with ${players} players: too few cards)`, true] : [val, text]));
    return [
      h("fieldset", { class: "nw-fieldset nwb-ng-difficulty" }, h("legend", {}, "Difficulty (the growth bonus)"),
        difficulty.map((d, seat) => select(`difficulty-${seat}`, `${seatName(seat)} `, setup.difficulty, d, (e) => {
          const next = perSeat(form.difficulty, 5, "prince");
          next[seat] = e.target.value;
          set({ difficulty: next }, false);
        }))),
      select("sides", "Player boards ", setup.sides, form.sides, (e) => set({ sides: e.target.value }, false)),
      select("decks", "Cards ", deckChoices, deckChoice(S, form), (e) => set({ decks: e.target.value }, false)),
      select("ages", "Length ", setup.ages, form.ages, (e) => set({ ages: Number(e.target.value) }, false)),
      h("label", { class: "nw-field nw-check" },
        h("input", { type: "checkbox", checked: form.easier, dataset: { key: "ng-easier" }, onchange: (e) => set({ easier: e.target.checked }, false) }),
        " Easier game (one extra worker without upkeep)"),
    ];
  },
  signature(S, form) {
    return [form.players, form.difficulty, form.sides, form.decks, form.ages, form.easier, S.view && S.view.setup];
  },
  settings(form, S) {
    const players = form.players || 2;
    const difficulty = perSeat(form.difficulty, players, "prince");
    return {
      difficulty: difficulty.every((d) => d === difficulty[0]) ? difficulty[0] : difficulty,
      sides: form.sides, decks: deckChoice(S, form), ages: Number(form.ages) || 4, easier: Boolean(form.easier),
    };
  },
};

// ------------------------------------------------------------------ keys
/** The arrow keys: from a progress card, the focus to the next card's name that way; from
 * anywhere else on the table (the focus on the board itself after a click or a number
 * key), into the progress board on the first card the player can buy (or its first card).
 * Fields, menus and sliders (the history's) keep their own arrows. True when the key was
 * the board's. */
function moveFocus(frame, e, S) {
  const el = document.activeElement;
  const card = el && el.closest && el.closest(".nwb-progress .nwb-card");
  if (!card) {
    const t = e.target || el;
    if (t && ["INPUT", "SELECT", "TEXTAREA"].includes(t.tagName)) return false;
    const buyable = shown(S.acting) ? placeMoves(S.legal).buy : new Map();
    const names = [...frame.querySelectorAll(".nwb-progress .nwb-row-cards .nwb-card")];
    const first = names.find((c) => buyable.has(c.getAttribute("data-card"))) || names[0];
    const name = first && first.querySelector(".nwb-card-name");
    if (!name) return false;
    name.focus();
    return true;
  }
  const names = [...frame.querySelectorAll(".nwb-progress .nwb-row")].map((row) => [...row.querySelectorAll(".nwb-row-cards > *")]);
  let r = -1;
  let c = -1;
  names.forEach((row, i) => {
    const j = row.indexOf(card);
    if (j >= 0) [r, c] = [i, j];
  });
  if (r < 0) return false;
  const dr = { ArrowUp: -1, ArrowDown: 1 }[e.key] || 0;
  const dc = { ArrowLeft: -1, ArrowRight: 1 }[e.key] || 0;
  for (let rr = r + dr, cc = c + dc; rr >= 0 && rr < names.length && cc >= 0 && cc < names[rr].length; rr += dr, cc += dc) {
    const target = names[rr][cc].querySelector(".nwb-card-name");
    if (target) {
      target.focus();
      return true;
    }
  }
  return true;
}

/** The id of the card that has the focus (its element or one inside it), or null. */
function focusedCard() {
  const el = document.activeElement;
  const card = el && el.closest && el.closest("[data-card]");
  return card ? card.getAttribute("data-card") : null;
}

/** The callbacks of the view's controls and keys (render.js calls them), over its visual
 * state `ui`; `lastDrawn()`: the snapshot drawn last. */
function viewActs(ui, shell, lastDrawn, frame) {
  const act = {
    // a nation's panel: its full board (unfolded) brought on screen, the focus on its Fold
    // button (the board's first control) so that Tab goes on inside it
    showNation(seat) {
      const S = lastDrawn();
      if (S && seat !== S.view.viewer) ui.unfolded.add(seat);
      if (typeof shell.drawNow === "function") shell.drawNow();
      else shell.redraw();
      const root = frame();
      const board = root && root.querySelector(`[data-key="nation-${seat}"]`);
      if (!board) return;
      if (typeof board.scrollIntoView === "function") board.scrollIntoView({ block: "start", behavior: "smooth" });
      const fold = board.querySelector(`[data-key="fold-${seat}"]`);
      if (fold) fold.focus({ preventScroll: true });
    },
    commit(entry) {
      ui.detail = null; // a move chosen from a card's details: its preview shows on the board
      ui.place = null; // a place picked for an earlier preview is not this one's
      shell.commit(entry.move, { preview: true });
    },
    detail(id) {
      ui.detail = ui.detail === id ? null : id;
      shell.redraw();
    },
    closeDetail() {
      ui.detail = null;
      shell.redraw();
    },
    toggleFold(seat) {
      if (ui.unfolded.has(seat)) ui.unfolded.delete(seat);
      else ui.unfolded.add(seat);
      shell.redraw();
    },
    foldAll(S) {
      const others = S.view.nations.map((n) => n.seat).filter((s) => s !== S.view.viewer);
      const anyFolded = others.some((s) => !ui.unfolded.has(s));
      ui.unfolded = new Set(anyFolded ? others : []);
      shell.redraw();
    },
    closeSummary(round) {
      ui.dismissed = roundKey(lastDrawn(), round);
      ui.summaryOpen = false;
      shell.redraw();
    },
    openSummary() {
      ui.summaryOpen = true;
      shell.redraw();
    },
    /** The place chosen in the preview for the pending move (an option's index). */
    choosePlace(index) {
      ui.place = { move: shell.pendingMove(), index };
      shell.redraw();
    },
    /** The index of the place shown chosen in preview `p`: the player's pick for this
     * pending move, else Python's default (null: the move asks no place). */
    placeIndex(p) {
      if (!p || !p.place) return null;
      const picked = ui.place && ui.place.move === shell.pendingMove() ? ui.place.index : null;
      return picked !== null && picked >= 0 && picked < p.place.options.length ? picked : p.place.default;
    },
    /** The chosen place's option in Python's answer to the pending move's preview. */
    placeOption(S) {
      const p = act.previewShown(S);
      const i = act.placeIndex(p);
      return i === null ? null : p.place.options[i];
    },
    /** The card the chosen place replaces (outlined on the board), or null. */
    placeCard(S) {
      const o = act.placeOption(S);
      return o ? o.card : null;
    },
    previewAsker: () => (shell.ui ? shell.ui.previewAsker : null),
    // the shell's, as render.js asks for them
    panels: () => shell.panels || {},
    helpOpen: () => Boolean(shell.ui && shell.ui.helpOpen),
    pendingMove: () => (shell.pendingMove ? shell.pendingMove() : null),
    previewShown: (S) => (shell.previewShown ? shell.previewShown(S) : null),
    confirmPreview: () => shell.confirmPreview(),
    cancelPreview: () => shell.cancelPreview(),
    playAgain: () => shell.playAgain(),
  };
  return act;
}

/** The move the key `k` sends, if Python lists one (null if not): P its pass, 1-9 the
 * n-th answer, B the focused card's purchase; undefined: not such a key. */
function keyMove(k, S) {
  const live = shown(S.acting);
  if (k === "p" || k === "P") return live ? placeMoves(S.legal).pass : null;
  if (/^[1-9]$/.test(k)) return live ? nthOption(S.legal, Number(k)) : null;
  if (k === "b" || k === "B") {
    const id = focusedCard();
    return (id && live ? placeMoves(S.legal).buy.get(id) : null) || null;
  }
  return undefined;
}

/** The view's keys (the shell's own came first): true when the key was the view's. */
function onKey(e, S, act, frame) {
  const k = e.key;
  const m = keyMove(k, S);
  if (m !== undefined) {
    if (m) act.commit(m);
    return Boolean(m);
  }
  if (k === "f" || k === "F") {
    act.foldAll(S);
    return true;
  }
  if (k === "s" || k === "S") {
    if (!S.view.round_summary) return false;
    act.openSummary();
    return true;
  }
  if (k === "i" || k === "I") {
    const id = focusedCard();
    if (!id) return false;
    act.detail(id);
    return true;
  }
  if (k.startsWith("Arrow")) return moveFocus(frame, e, S);
  return false;
}

/** The keys of the round summary while it is open, before the shell's: Escape and Enter
 * close it (Enter on a phase's line opens that line). */
function keyFirst(e, S, act, frame) {
  // (Enter with a preview on screen confirms it, whatever has the focus: the shell's key)
  const open = Boolean(frame && frame.querySelector("[data-key='summary']")) && S.view.round_summary;
  if (!open) return false;
  // Enter on a phase's line (a <summary>) opens it; elsewhere Enter, like Escape, closes
  const el = document.activeElement;
  if (e.key === "Enter" && el && el.tagName === "SUMMARY" && el.closest("[data-key='summary']")) return false;
  if (e.key === "Escape" || e.key === "Enter") {
    act.closeSummary(S.view.round_summary.round);
    return true;
  }
  return false;
}

/** The board game's view on `root`, drawn through the shell `shell`. */
export function createView(root, shell) {
  // the view's visual state (render.js reads a copy of it per draw; act changes it)
  const ui = {
    detail: null, // the card id shown in the detail panel
    unfolded: new Set(), // other nations' boards shown in full
    dismissed: null, // the round whose summary was closed, with the game's number (roundKey)
    summaryOpen: false, // reopened with S
    place: null, // {move, index}: the place picked in the preview of the pending move `move`
  };
  const board = new Board(root);
  let last = null; // the last snapshot drawn (for key handlers)
  const act = viewActs(ui, shell, () => last, () => board.frame);

  return {
    draw(S) {
      last = S;
      if (ui.detail && S.cards && !S.cards[ui.detail]) ui.detail = null;
      if (!shell.pendingMove()) ui.place = null; // confirmed or cancelled: the pick goes
      board.render(S, ui, act);
    },
    reset: () => board.reset(),
    // the table and the card catalogue (the view names cards by id) must both be there
    ready: (S) => Boolean(S.view && S.view.position !== undefined && S.view.game === "board" && S.cards && Object.keys(S.cards).length),
    traits: ["cards"],
    decisionPanel: ".nwb-prompt",
    // the board game's own question: a move's preview (the shell brings it on screen)
    questions: ".nwb-preview",
    boardPanel: ".nwb-progress",
    turnKey: (S) => `${S.view.position}:${S.view.current}:${S.view.decision}`,
    // Confirm sends the buy with the place chosen in its preview (Python plays both)
    previewFollow(S) {
      const o = act.placeOption(S);
      return o ? o.move : null;
    },
    shortcuts: SHORTCUTS,
    onKey: (e, S) => onKey(e, S, act, board.frame),
    keyFirst: (e, S) => keyFirst(e, S, act, board.frame),
    escape() {
      if (!ui.detail) return false;
      act.closeDetail();
      return true;
    },
    newGame,
    state: () => ({ ...ui, unfolded: [...ui.unfolded], last }),
  };
}
