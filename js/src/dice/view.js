// The dice game's view for the widget shell (see ../shell/README.md): its visual state
// (the selection of dice and chits, a purchase waiting for its choices, the dice rolling,
// the end-of-round panel dismissed), its callbacks, its keys and its New game fields.
// Python owns the game; this turns clicks into moves and draws what Python sends.
import { h, sid } from "../shell/dom.js";
import {
  buyMove,
  cycleChit,
  diceOf,
  emptySelection,
  givesDiceBack,
  pairForTrade,
  passMove,
  pruneSelection,
  rerollMove,
  returnedDiceChoice,
  selectionIsEmpty,
  toggleDie,
  toggleReturned,
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
    pendingBuy: null,
    // a building's replacement chosen, the dice to give back not yet confirmed:
    // {replaces, move, ask, answer, dice}: the buy, the number of the preview that asks
    // Python which dice go back, Python's answer (null while it is on its way), and the
    // dice chosen (null while the engine's default stands)
    pendingReturn: null,
    rollingDice: [],
    animatedPos: null,
    selKey: null,
    dismissedRound: null,
  };
  const board = new Board(root);
  const state = shell.state;
  const draw = shell.drawNow;

  /** The building buy waiting for its dice to give back (its payment: the selection, else
   * the suggested one, when the building was chosen), and Python's choice for it
   * (logic.js returnedDiceChoice; null while the answer is on its way); null if none. */
  function pendingReturnMove() {
    const S = state();
    const r = ui.pendingReturn;
    if (!ui.pendingBuy || !r) return null;
    return { move: { ...r.move }, choice: returnedDiceChoice(S.view, r.move, r.answer) };
  }

  /** Python's answer about the dice going back, when it arrives: offer the choice, or buy
   * at once when the choice makes no difference; a refusal ends the wait. */
  function settleReturn(S) {
    const r = ui.pendingReturn;
    if (!r || r.answer) return;
    const pv = shell.previewAnswer(S, r.ask);
    if (pv && pv.give_back) {
      r.answer = pv.give_back;
      if (!r.answer.matters) { // nothing to choose: buy (after this draw)
        ui.pendingBuy = null;
        ui.pendingReturn = null;
        queueMicrotask(() => act.commit(r.move));
      }
    } else if (S.error) {
      ui.pendingReturn = null;
    }
  }

  const act = {
    panels: shell.panels,
    send: shell.send,
    pickFile: shell.pickFile,
    playAgain: shell.playAgain,
    previewShown: shell.previewShown,
    pendingMove: shell.pendingMove,
    move: shell.play,
    /** An irreversible purchase or build: first its preview (Python's), unless turned off. */
    commit(move) {
      if (!move) return;
      shell.commit(move, { preview: move.type === "buy" || move.type === "build" });
    },
    clickTile(tileId) {
      const S = state();
      const tile = S.catalogue.tiles[tileId];
      if (!tile) return;
      ui.pendingReturn = null;
      // a building asks what it replaces; an advisor, which reroll chits go back (if it matters)
      if (tile.kind === "building" || (tile.kind === "advisor" && usedRerollsChoice(S.view))) {
        ui.pendingBuy = ui.pendingBuy === tileId ? null : tileId;
        draw();
        return;
      }
      ui.pendingBuy = null;
      act.commit(buyMove(S.catalogue, S.legal, ui.sel, tileId));
    },
    chooseReplace(buildingId) {
      const S = state();
      if (!ui.pendingBuy) return;
      const move = buyMove(S.catalogue, S.legal, ui.sel, ui.pendingBuy, buildingId);
      if (givesDiceBack(S.view, buildingId)) { // next: which dice go back (Python says)
        ui.pendingReturn = { replaces: buildingId, move, ask: shell.askPreview(move), answer: null, dice: null };
        draw();
        return;
      }
      ui.pendingBuy = null;
      act.commit(move);
      draw();
    },
    toggleReturned(d) {
      const pending = pendingReturnMove();
      if (!pending || !pending.choice) return;
      const { choice } = pending;
      const chosen = ui.pendingReturn.dice ?? choice.dflt;
      ui.pendingReturn = { ...ui.pendingReturn, dice: toggleReturned(chosen, d, choice.count) };
      draw();
    },
    defaultReturned() {
      if (!ui.pendingReturn) return;
      ui.pendingReturn = { ...ui.pendingReturn, dice: null };
      draw();
    },
    confirmReturn() {
      const pending = pendingReturnMove();
      if (!pending) return;
      const { move, choice } = pending;
      if (!choice) return; // Python's answer is on its way
      const dice = ui.pendingReturn.dice ?? choice.dflt;
      if (dice.length !== choice.count) { // the button is disabled then: a click that got through
        shell.note(`Choose ${choice.count} ${choice.colour} ${choice.count === 1 ? "die" : "dice"} to give back.`);
        return;
      }
      move.returned_dice = [...dice].sort((a, b) => a - b);
      ui.pendingBuy = null;
      ui.pendingReturn = null;
      act.commit(move);
      draw();
    },
    chooseUsedRerolls(k) {
      const S = state();
      if (!ui.pendingBuy || S.catalogue.tiles[ui.pendingBuy]?.kind !== "advisor") return;
      const move = buyMove(S.catalogue, S.legal, ui.sel, ui.pendingBuy);
      move.returned_used_rerolls = k;
      ui.pendingBuy = null;
      act.commit(move);
      draw();
    },
    cancelBuy() {
      ui.pendingBuy = null;
      ui.pendingReturn = null;
      shell.clearRefusal();
      draw();
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
        ui.pendingBuy = null;
        ui.pendingReturn = null;
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
      settleReturn(S);
      board.render(S, ui, act);
    },
    /** Any key closes the end-of-round panel. */
    keyFirst(e, S) {
      if (!summaryOpen(S) || ["Shift", "Control", "Alt", "Meta", "Tab"].includes(e.key)) return false;
      act.dismissRound();
      return true;
    },
    escape() {
      if (ui.pendingBuy) {
        ui.pendingBuy = null;
        ui.pendingReturn = null;
        shell.clearRefusal();
        return true;
      }
      if (!selectionIsEmpty(ui.sel)) {
        ui.sel = emptySelection();
        shell.clearRefusal();
        return true;
      }
      return false;
    },
    onKey(e, S) {
      const v = S.view;
      const me = S.acting;
      const acting = me !== null && v.step === "actions" && !ui.pendingBuy;
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
