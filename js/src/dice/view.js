// The dice game's view for the widget shell (see ../shell/README.md): its visual state
// (the selection of dice and chits, a purchase waiting for its choices, the dice rolling,
// the end-of-round panel dismissed), its callbacks, its keys and its New game fields.
// Python owns the game; this turns clicks into moves and draws what Python sends.
import { h, sid, sig } from "../shell/dom.js";
import {
  buyMove,
  cycleChit,
  diceOf,
  emptySelection,
  pairForTrade,
  passMove,
  pruneSelection,
  rerollMove,
  selectionIsEmpty,
  swapReturned,
  toggleDie,
  usedRerollsChoice,
} from "./logic.js";
import { Board, SHORTCUTS } from "./render.js";
import { roundKey } from "../shell/panels.js";

/** The dice game's New game fields (between the seats and the seed). */
const newGame = {
  defaults(S) {
    return {
      variant: S.settings.variant || "original",
      automate: S.settings.automate !== false,
      solo_tougher: Boolean(S.settings.solo_tougher),
      unrest: Boolean(S.settings.unrest),
    };
  },
  signature(S, f) {
    return [f.variant, f.automate, f.solo_tougher, f.unrest, Boolean(S.catalogue && S.catalogue.unrest)];
  },
  fields(S, f, set) {
    const idv = sid("form-variant");
    const unrest = S.catalogue && S.catalogue.unrest;
    return [
      h("label", { class: "nw-field", for: idv }, h("span", {}, "Variant"),
        h("select", { id: idv, dataset: { key: "form-variant" }, onchange: (e) => set({ variant: e.target.value }) },
          h("option", { value: "original", selected: f.variant === "original" }, "Original"),
          h("option", { value: "accelerated", selected: f.variant === "accelerated" }, "Accelerated"))),
      h("label", { class: "nw-field nw-check" }, h("input", { type: "checkbox", checked: f.automate, dataset: { key: "form-automate" }, onchange: (e) => set({ automate: e.target.checked }) }),
        h("span", {}, "Automate obvious books/famine/war decisions")),
      f.players === 1
        ? h("label", { class: "nw-field nw-check" }, h("input", { type: "checkbox", checked: f.solo_tougher, dataset: { key: "form-tougher" }, onchange: (e) => set({ solo_tougher: e.target.checked }) }),
          h("span", {}, "Solo: tougher (reroll the opponent's 4s)"))
        : null,
      unrest
        ? h("label", { class: "nw-field nw-check" }, h("input", { type: "checkbox", checked: f.unrest, dataset: { key: "form-unrest" }, onchange: (e) => set({ unrest: e.target.checked }) }),
          h("span", { title: unrest.notice }, "Unrest" + (unrest.reconstructed ? " (expansion; reconstructed components)" : " (expansion)")))
        : null,
    ];
  },
  settings(f) {
    return {
      variant: f.variant,
      automate: f.automate,
      solo_tougher: f.players === 1 ? f.solo_tougher : false,
      unrest: Boolean(f.unrest),
    };
  },
};

/** The dice view on `root`, drawn through the shell `shell`. */
export function createView(root, shell) {
  const ui = {
    sel: emptySelection(),
    // Python's last answer to the preview of the buy pending (the shell's pendingMove),
    // kept while a changed choice is asked again, so that the choices stay on screen;
    // only an answer to the question asked last is ever kept (shell.previewShown)
    buyAnswer: null,
    // the focus goes into the buy's preview once it is drawn (after a click or Enter on a tile)
    focusPreview: false,
    rollingDice: [],
    animatedPos: null,
    selKey: null,
    dismissedRound: null,
  };
  const board = new Board(root);
  const state = shell.state;
  const draw = shell.drawNow;

  /** The buy pending whose preview holds choices (a building, an advisor replacing the
   * player's), or null. */
  function pendingBuy() {
    const m = shell.pendingMove();
    return m && m.type === "buy" ? m : null;
  }

  /** Whether buying `tileId` leaves choices to the player: a building (what it replaces),
   * an advisor replacing the player's with a choice of reroll chits (Python's give_back). */
  function holdsChoices(S, tileId) {
    const tile = S.catalogue.tiles[tileId];
    return Boolean(tile && (tile.kind === "building" || (tile.kind === "advisor" && usedRerollsChoice(S.view))));
  }

  /** Keep Python's answer for the buy pending (see ui.buyAnswer). */
  function settleAnswer(S) {
    const m = pendingBuy();
    if (!m) {
      ui.buyAnswer = null;
      return;
    }
    const pv = shell.previewShown(S);
    if (pv) ui.buyAnswer = pv;
    else if (ui.buyAnswer && ui.buyAnswer.move && ui.buyAnswer.move.tile !== m.tile) ui.buyAnswer = null;
  }

  /** After a click or Enter on a tile, once the buy's preview is drawn: the focus goes into
   * it, on its first choice (Enter there confirms, the arrows change it), else on Confirm;
   * never while Python's answer is on its way. */
  function focusPreview() {
    if (!ui.focusPreview) return;
    if (!shell.pendingMove()) {
      ui.focusPreview = false;
      return;
    }
    const panel = root.querySelector(".nw-actions .nw-preview");
    const confirm = panel && panel.querySelector('[data-key="preview-confirm"]');
    if (!confirm || confirm.disabled) return;
    ui.focusPreview = false;
    const first = panel.querySelector('[role="radio"][tabindex="0"]') || panel.querySelector(".nw-choices button");
    (first || confirm).focus({ preventScroll: true });
  }

  /** The pending buy with `change` made, asked again (Python works out the new preview;
   * a choice it does not allow is refused there, with its reason). */
  function rechoose(change) {
    const m = pendingBuy();
    if (!m) return;
    const next = { ...m, ...change };
    for (const k of Object.keys(next)) if (next[k] === undefined) delete next[k];
    shell.commit(next, { preview: true, hold: true });
    draw();
  }

  const act = {
    panels: shell.panels,
    send: shell.send,
    pickFile: shell.pickFile,
    playAgain: shell.playAgain,
    previewShown: shell.previewShown,
    pendingMove: shell.pendingMove,
    pendingBuy,
    buyAnswer: () => ui.buyAnswer,
    previewsOn: shell.previewsOn,
    confirmPreview: shell.confirmPreview,
    cancelPreview: shell.cancelPreview,
    /** Whether the pending move is a buy whose preview holds choices (see clickTile). */
    buyHasChoices(S) {
      const m = pendingBuy();
      return Boolean(m && (m.replaces || holdsChoices(S, m.tile)));
    },
    move: shell.play,
    /** An irreversible purchase or build: first its preview (Python's), unless turned off. */
    commit(move) {
      if (!move) return;
      shell.commit(move, { preview: move.type === "buy" || move.type === "build" });
    },
    /** A click (or Enter) on a progress-board tile: its buy, previewed with every choice it
     * leaves made as the engine would (Python's defaults: the building it replaces, the
     * dice or reroll chits given back), changeable in the preview; then Confirm.  A buy
     * with such choices is held for them even with previews off. */
    clickTile(tileId) {
      const S = state();
      const tile = S.catalogue.tiles[tileId];
      if (!tile) return;
      const gb = S.view.give_back;
      const move = buyMove(S.catalogue, S.legal, ui.sel, tileId, gb ? gb.replace_default : null);
      const hold = holdsChoices(S, tileId);
      ui.buyAnswer = null;
      ui.focusPreview = true;
      shell.commit(move, { preview: true, hold });
    },
    /** The building the pending buy replaces (its dice given back: the engine's default again). */
    chooseReplace(buildingId) {
      const m = pendingBuy();
      if (!m || !m.replaces || m.replaces === buildingId) return;
      rechoose({ replaces: buildingId, returned_dice: undefined });
    },
    /** Die `d` goes back to the supply instead of one chosen before (the first chosen). */
    chooseReturned(d) {
      const m = pendingBuy();
      const gb = ui.buyAnswer && ui.buyAnswer.give_back;
      if (!m || !gb || gb.replaces !== m.replaces) return;
      const chosen = m.returned_dice || gb.chosen;
      const next = swapReturned(chosen, d, gb.count);
      if (sig(next) === sig(chosen)) return;
      rechoose({ returned_dice: next });
    },
    /** How many of the old advisor's reroll chits go back from the used ones. */
    chooseUsedRerolls(k) {
      const m = pendingBuy();
      if (!m || m.returned_used_rerolls === k) return;
      rechoose({ returned_used_rerolls: k });
    },
    toggleDie(d) {
      ui.sel = toggleDie(ui.sel, d);
      draw();
    },
    pairTrade() {
      ui.sel = pairForTrade(ui.sel);
      draw();
    },
    cycleChit(kind, available) {
      ui.sel = cycleChit(ui.sel, kind, available);
      draw();
    },
    clearSelection() {
      ui.sel = emptySelection();
      shell.clearRefusal(); // the refusal was about the choice cleared
      draw();
    },
    reroll(star = false) {
      if (selectionIsEmpty(ui.sel) || !(ui.sel.dice.length || ui.sel.trades.length)) {
        shell.note("Select the dice to reroll first (click them), then press Reroll.");
        return;
      }
      act.move(rerollMove(ui.sel, star));
    },
    dismissRound() {
      const r = state().view.round_summary;
      if (r) ui.dismissedRound = roundKey(state(), r.round);
      draw();
    },
  };

  const summaryOpen = (S) => {
    const summary = S.view.round_summary;
    return Boolean(summary && ui.dismissedRound !== roundKey(S, summary.round) && !S.viewingHistory);
  };

  return {
    ui,
    act,
    traits: ["catalogue", "reconstructed"],
    decisionPanel: ".nw-actions",
    boardPanel: ".nw-progress",
    shortcuts: SHORTCUTS,
    previewWords: {
      label: "Preview purchases",
      title: "Show what a purchase or build will do, with Confirm and Cancel, before it is made",
    },
    newGame,
    ready: (S) => Boolean(S.view && S.view.dice && S.catalogue && S.catalogue.tiles),
    reset: () => board.reset(),
    turnKey: (S) => `${S.view.position}:${S.view.current}:${S.view.step}`,
    newGameStarted() {
      ui.animatedPos = null; // the new game's first roll is shown rolling
    },
    draw(S) {
      const v = S.view;
      const key = `${v.position}:${v.current}:${v.step}`;
      if (key !== ui.selKey) {
        ui.selKey = key;
        ui.sel = emptySelection();
      } else {
        ui.sel = pruneSelection(v, S.humanTurn ? v.current : null, ui.sel);
      }
      if (v.position !== ui.animatedPos) {
        // dice roll when the board steps forward onto the move that rolled them (a move, a
        // redo, a bot's move) or opens on a game, not when it goes back or jumps (undo, replay)
        const forward = ui.animatedPos === null || v.position === ui.animatedPos + 1;
        ui.rollingDice = forward ? v.rolled || [] : [];
        ui.animatedPos = v.position;
      } else {
        ui.rollingDice = [];
      }
      settleAnswer(S);
      board.render(S, ui, act);
      focusPreview();
    },
    /** Any key closes the end-of-round panel. */
    keyFirst(e, S) {
      if (!summaryOpen(S) || ["Shift", "Control", "Alt", "Meta", "Tab"].includes(e.key)) return false;
      act.dismissRound();
      return true;
    },
    escape() {
      if (!selectionIsEmpty(ui.sel)) {
        ui.sel = emptySelection();
        shell.clearRefusal();
        return true;
      }
      return false;
    },
    onKey(e, S) {
      const v = S.view;
      // a choice inside the buy's preview: Enter confirms the buy, the arrows move the
      // choice along its group (a radio group)
      const choice = e.target && e.target.closest ? e.target.closest(".nw-preview [role=\"radio\"]") : null;
      if (choice && e.key === "Enter") {
        shell.confirmPreview();
        return true;
      }
      if (choice && e.key.startsWith("Arrow")) {
        const radios = [...choice.parentNode.querySelectorAll('[role="radio"]')];
        const step = e.key === "ArrowLeft" || e.key === "ArrowUp" ? -1 : 1;
        const next = radios[(radios.indexOf(choice) + step + radios.length) % radios.length];
        if (next && next !== choice) {
          next.focus();
          next.click();
        }
        return true;
      }
      const me = S.acting;
      const acting = me !== null && v.step === "actions" && !shell.pendingMove();
      const key = e.key;
      const t = e.target;
      if ((key === "p" || key === "P") && acting) {
        act.move(passMove(ui.sel, v.config.variant));
      } else if ((key === "r" || key === "R") && acting) {
        act.reroll();
      } else if (/^[1-9]$/.test(key) && me !== null) {
        const d = diceOf(v, me).unused[Number(key) - 1];
        if (d !== undefined) act.toggleDie(d);
      } else if (key.startsWith("Arrow") && t && t.closest && !t.closest(".nw-progress") && !["INPUT", "SELECT", "TEXTAREA"].includes(t.tagName)) {
        // the shortcut list promises the arrows move across the tiles: from anywhere else on
        // the board (the focus is on the board itself after a click or a key) the first arrow
        // enters the progress board, on the first tile the player can buy (sliders and menus
        // keep their own arrows)
        const tiles = [...root.querySelectorAll(".nw-progress .nw-board-grid > .nw-tile")];
        const first = tiles.find((x) => x.classList.contains("nw-clickable")) || tiles[0];
        if (!first || typeof first.focus !== "function") return false;
        if (!first.hasAttribute("tabindex") && first.tagName !== "BUTTON") first.setAttribute("tabindex", "0");
        first.focus();
      } else if (key.startsWith("Arrow") && t && t.closest && t.closest(".nw-progress")) {
        const tiles = [...root.querySelectorAll(".nw-progress .nw-board-grid > .nw-tile")];
        const i = tiles.indexOf(t.closest(".nw-tile"));
        const cols = v.board.length;
        const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -cols, ArrowDown: cols }[key];
        const next = tiles[i + step];
        if (i < 0 || !next || typeof next.focus !== "function") return false;
        if (!next.hasAttribute("tabindex") && next.tagName !== "BUTTON") next.setAttribute("tabindex", "0");
        next.focus();
      } else {
        return false;
      }
      return true;
    },
  };
}
