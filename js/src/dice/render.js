// Drawing the dice game's table from the synced payloads.  Every part is a function of
// (S: the shell's snapshot, ui: the view's visual state, act: callbacks, the shell's among
// them); nothing decides legality or re-derives a rule.  The shell's panels (history, log,
// game and seats, coach, preview, errors) come from `act.panels`.  Board (at the end)
// keeps the drawn DOM and rebuilds only the parts whose inputs changed.
import { Parts, h, isLive, memo, modal, setAttr, setChildren, setDisabled, setIdScope, setLive, setText, sid, sig, uid } from "../shell/dom.js";
import { icon, iconClass } from "../shell/icons.js";
import { botWho, fairEnd, fairFold, gameSeed, nameText, offHere, playAgainButton, playAgainNote, playAgainWords, previewCancel, previewLists, previewWaiting, roundKey, seedLine } from "../shell/panels.js";
import {
  buildMove,
  buyMove,
  countText,
  diceOf,
  dieColour,
  dieFace,
  faceText,
  goingBackText,
  legalOf,
  ordinal,
  passMove,
  paidDice,
  paymentSelection,
  rerollMove,
  seatName,
  selectionIsEmpty,
  selectionMove,
  selectionSummary,
  unusedTotals,
} from "./logic.js";

/** A table's seat still open to anyone on the server (the table waits for it). */
const openSeat = (S, seat) => Boolean(S.table && S.table.waiting && (S.table.open || []).includes(seat));

/** A seat this screen does not play: a person at their own screen, an open seat of a
 * table that waits for players, or in a lesson a seat that waits (the lesson plays the
 * learner's seat only). */
const remoteWho = (S, seat) => (S.info && S.info.lesson ? "waits in this lesson"
  : openSeat(S, seat) ? "an open seat, waiting for a player" : "at their own screen");

/** `el` shown or hidden in place, keeping its room: for marks that move with the turn,
 * so that passing the turn repaints them instead of laying the page out again (hidden,
 * they are also out of the accessibility tree). */
function showIf(el, shown) {
  if (el.classList.contains("nw-off") === shown) el.classList.toggle("nw-off", !shown);
  return el;
}

/** Elements a part's frame keeps handy (its inner containers), by frame. */
const refs = new WeakMap();

const KIND_LABEL = { building: "Building", advisor: "Advisor", colony: "Colony", wonder: "Wonder" };
const AGE_ROMAN = ["", "I", "II", "III", "IV"];

/** The seat whose buttons are live: the human to move (none while bots play, nor on an
 * earlier position): the shell's `S.acting`. */
export function actingSeat(S) {
  return S.acting ?? null;
}

// ------------------------------------------------------------------ small pieces
function amount(name, n, label) {
  return h("span", { class: `nw-amount nw-num nw-res-${name} ${iconClass(name)}`, title: label || countText(n, name) }, String(n));
}

function tip(text, key) {
  const id = sid(`tip-${key}`);
  return { id, el: h("span", { class: "nw-tip", role: "tooltip", id }, text) };
}

function dieChips(colour, count) {
  const chips = [];
  for (let i = 0; i < count; i += 1) {
    chips.push(h("span", { class: `nw-chip-die nw-die-${colour}`, "aria-hidden": "true" }));
  }
  return h("span", { class: "nw-gives-dice", title: `${count} ${colour} ${count === 1 ? "die" : "dice"}` },
    chips, h("span", { class: "nw-small" }, `${count} ${colour}`));
}

/** What a tile gives, drawn compactly. */
function tileGives(tile) {
  if (tile.kind === "building") return dieChips(tile.dice_colour, tile.dice_count);
  if (tile.kind === "advisor") return amount("reroll", tile.rerolls, `${tile.rerolls} reroll chit${tile.rerolls === 1 ? "" : "s"}`);
  const parts = [];
  if (tile.kind === "wonder") {
    parts.push(h("span", { class: "nw-build-cost", title: `build for ${tile.stone_cost} stone` },
      "build ", amount("stone", tile.stone_cost, `${tile.stone_cost} stone to build`)));
  }
  if (tile.chit) parts.push(h("span", { class: "nw-gives-chit", title: `gives a ${tile.chit} chit` }, "+", icon(tile.chit), "chit"));
  else if (tile.kind === "colony") parts.push(h("span", { class: "nw-small" }, "no chit"));
  return h("span", { class: "nw-gives" }, parts);
}

/**
 * A tile as a card.  opts: cost (board row price), onClick, compact (player boards), key
 * (focus restoring), extra (appended content), label.  What changes with the turn (whether
 * it can be bought, and why not; selected; just bought by another player) is not drawn here:
 * `tileState` sets it in place on the card, so a change of turn patches a class and a
 * label instead of building the card again.
 */
export function tileCard(S, tileId, opts = {}) {
  const key = opts.key || `tile-${tileId}`;
  return memo(`m:${key}`, sig(tileId, opts.cost, opts.compact, opts.unbuilt, opts.label, Boolean(opts.onClick),
    opts.extraSig), () => tileCardEl(S, tileId, opts));
}

/** A card's tooltip and label: what the tile is, its price, and the turn's state
 * (affordable, or why not now). */
function tileWords(tile, opts, state) {
  const tip = tile.tooltip + (opts.cost ? ` Costs ${opts.cost} ${tile.currency} (row ${opts.cost}).` : "") +
    (state.reason ? ` Not now: ${state.reason}.` : "");
  const label = `${opts.label ? opts.label + ": " : ""}${tile.name}. ${tile.tooltip}` +
    (opts.cost ? ` Costs ${opts.cost} ${tile.currency}.` : "") +
    (state.affordable ? " You can afford it." : "") + (state.reason ? ` Not now: ${state.reason}.` : "");
  return { tip, label };
}

/** The turn's state of card `el` (drawn by tileCard for `tileId` with `opts`), set in place:
 * state.affordable, state.selected, state.reason (why it cannot be bought now).  The state
 * drawn is noted on the card (data-turn), so an unchanged one costs a comparison; a card
 * built again starts from no state, and gets it back here. */
function tileState(S, el, tileId, opts, state) {
  const tile = S.catalogue.tiles[tileId];
  if (!tile) return;
  const key = `${Boolean(state.affordable)}|${Boolean(state.selected)}|${state.reason ?? ""}`;
  if (el.getAttribute("data-turn") === key) return;
  el.setAttribute("data-turn", key);
  const cls = el.classList;
  if (cls.contains("nw-affordable") !== Boolean(state.affordable)) cls.toggle("nw-affordable", Boolean(state.affordable));
  if (cls.contains("nw-selected") !== Boolean(state.selected)) cls.toggle("nw-selected", Boolean(state.selected));
  const words = tileWords(tile, opts, state);
  const tipEl = el.querySelector(":scope > .nw-tip");
  if (tipEl) setText(tipEl, words.tip);
  setAttr(el, "aria-label", words.label);
  if (el.nodeName === "BUTTON") setAttr(el, "aria-pressed", state.selected ? "true" : null);
}

/** Mark the cards under `container` that another player just took (Python's recent
 * tiles): a class set in place, the cards are not built again. */
function markRecent(container, recent) {
  if (!container) return;
  for (const el of container.querySelectorAll(".nw-tile[data-tile]")) {
    const on = recent.has(el.dataset.tile);
    if (el.classList.contains("nw-recent") !== on) el.classList.toggle("nw-recent", on);
  }
}

const focusedBefore = new WeakMap();

function tileCardEl(S, tileId, opts) {
  const tile = S.catalogue.tiles[tileId];
  if (!tile) return h("div", { class: "nw-tile nw-empty" }, "?");
  const words = tileWords(tile, opts, {});
  const t = tip(words.tip, opts.key || `tile-${tileId}`);
  const classes = ["nw-tile", `nw-kind-${tile.kind}`, "nw-has-tip"];
  if (opts.compact) classes.push("nw-compact");
  if (opts.onClick) classes.push("nw-clickable");
  if (opts.unbuilt) classes.push("nw-unbuilt");
  const label = words.label;
  const body = [
    // the type's band across the top (the shell's, as the board game's cards), its VP on a pill
    h("span", { class: "nw-tile-top nw-band" },
      h("span", { class: "nw-kind-badge" }, KIND_LABEL[tile.kind]),
      tile.age ? h("span", { class: "nw-age", title: `age ${tile.age}` }, AGE_ROMAN[tile.age]) : null,
      // a wonder scores once built (an unbuilt one, never)
      h("span", { class: "nw-vp nw-vp-pill" }, amount("vp", tile.vp, `${tile.vp} VP ${tile.kind === "wonder" ? "once built" : "at the end of the game"}`))),
    h("span", { class: "nw-tile-name" }, tile.name),
    h("span", { class: "nw-tile-bottom" },
      opts.cost ? h("span", { class: "nw-cost nw-chip" }, amount(tile.currency, opts.cost, `costs ${opts.cost} ${tile.currency}`)) : null,
      tileGives(tile)),
    opts.extra || null,
    t.el,
  ];
  const attrs = {
    class: classes.join(" "),
    "data-turn": "false|false|",
    "aria-describedby": t.id,
    "aria-label": label,
    dataset: { key: opts.key || `tile-${tileId}`, tile: tileId },
  };
  if (opts.onClick) {
    // a tap on a tile that cannot be bought shows its tooltip (focus); a second tap closes it
    const onpointerdown = (e) => {
      focusedBefore.set(e.currentTarget, e.currentTarget.ownerDocument.activeElement === e.currentTarget);
    };
    const onclick = (e) => {
      const tile = e.currentTarget;
      if (isLive(tile)) opts.onClick();
      else if (focusedBefore.get(tile)) tile.blur();
      focusedBefore.delete(tile);
    };
    return h("button", { ...attrs, type: "button", onclick, onpointerdown }, body);
  }
  return h("div", { ...attrs, tabindex: "0", role: "group" }, body);
}

/** Python says which dice are not rolled yet (a player's dice before their first turn of
 * the round): they are drawn without a face. */
function isUnrolled(S, d) {
  return (S.view.unrolled || []).includes(d);
}

/** A die's face: an icon and a number per symbol (`resources`: the catalogue's). */
function faceEl(face, resources) {
  // Unrest: a green die's Unrest face, named in words
  if (face.unrest) return h("span", { class: "nw-face nw-syms-1 nw-unrest-face" }, "Unrest");
  const syms = resources.filter((r) => face[r]);
  return h("span", { class: `nw-face nw-syms-${syms.length}` },
    syms.map((r) => h("span", { class: `nw-sym nw-num ${iconClass(r, syms.length > 1 ? 13 : 17)}` }, String(face[r]))));
}

/** A die: icons + numbers for each symbol (readable without colour); a button, live
 * (clickable) only when it is the acting player's and unused.  The button is made once per
 * roll of the die (a new roll, `opts.rolling`, makes a new one, so that its animation plays
 * once); everything else, its face too, `dieState` sets in place. */
function dieElement(S, d, opts) {
  const attrs = {
    type: "button",
    dataset: { key: `die-${d}`, die: d },
    onclick: (e) => {
      if (isLive(e.currentTarget)) opts.onClick();
    },
  };
  // the roll plays once: a die kept in a later draw must not keep (or replay) it
  if (opts.rolling) attrs.onanimationend = (e) => e.currentTarget.classList.remove("nw-rolling");
  const el = h("button", attrs);
  if (opts.rolling) el.className = "nw-rolling";
  return el;
}

const drawnDie = new WeakMap(); // die button -> {key, face}: the state dieState drew last

/** Die `el` as `opts` says: its face (or none, not rolled yet), whether it is used,
 * selected or paired for a trade, outlined when `opts.recent` (another player just spent or
 * rerolled it, Python's `recent`: until the viewer's next decision) or `opts.paying` (the
 * previewed move spends it), named in words, and live or inert.  A die whose state is the
 * one drawn last costs a comparison; otherwise only what differs is changed (a die going to
 * the used area, or whose owner's turn comes, keeps its face). */
function dieState(S, el, d, opts, live) {
  const faceIndex = S.view.dice[d][2];
  const unrolled = isUnrolled(S, d);
  const key = `${faceIndex}|${unrolled}|${opts.rollShown ? 1 : 0}${opts.selected ? 1 : 0}${opts.traded ? 1 : 0}${opts.used ? 1 : 0}${opts.recent ? 1 : 0}${opts.paying ? 1 : 0}${live ? 1 : 0}`;
  const drawn = drawnDie.get(el);
  if (drawn && drawn.key === key) return;
  const colour = dieColour(S.catalogue, d);
  const classes = ["nw-die", `nw-die-${colour}`];
  if (opts.selected) classes.push("nw-selected");
  if (opts.traded) classes.push("nw-traded");
  if (opts.rollShown && el.classList.contains("nw-rolling")) classes.push("nw-rolling");
  if (opts.used) classes.push("nw-used");
  if (unrolled) classes.push("nw-unrolled");
  if (opts.recent) classes.push("nw-recent");
  if (opts.paying) classes.push("nw-paying");
  setAttr(el, "class", classes.join(" "));
  const text = dieText(S, d, opts);
  setAttr(el, "title", text);
  setAttr(el, "aria-label", text);
  setAttr(el, "aria-pressed", opts.selected || opts.traded ? "true" : "false");
  setAttr(el, "data-face", faceIndex);
  const faceKey = unrolled ? "?" : String(faceIndex);
  if (!drawn || drawn.face !== faceKey) {
    el.replaceChildren(unrolled ? h("span", { class: "nw-face nw-face-blank", "aria-hidden": "true" }, "?")
      : faceEl(dieFace(S.catalogue, S.view, d), S.catalogue.resources));
  }
  setLive(el, live);
  drawnDie.set(el, { key, face: faceKey });
}

/** A die named for a label, by colour and face (never its id): "blue die showing 1 stone
 * + 1 book", or "blue die, not rolled yet". */
function dieName(colour, face, unrolled, resources) {
  return unrolled ? `${colour} die, not rolled yet` : `${colour} die showing ${faceText(face, resources)}`;
}

function dieText(S, d, opts) {
  return dieName(dieColour(S.catalogue, d), dieFace(S.catalogue, S.view, d), isUnrolled(S, d), S.catalogue.resources) +
    (opts.used ? " (used)" : "") + (opts.selected ? ", selected" : "") + (opts.traded ? ", paired for a trade" : "");
}

// ------------------------------------------------------------------- header
/** The header: a frame, and its title, steps and prompt parts (`part`): a move usually
 * changes the prompt alone. */
function header(S, part, act) {
  const v = S.view;
  const frame = part("header", "", () => h("header", { class: "nw-header" }));
  // the seed only once the game is over: Python keeps it while the game runs (it tells
  // every roll to come)
  const seed = gameSeed(S);
  const title = part("header-title", sig(v.step === "game_over", v.round, v.config, seed), () => h("div", { class: "nw-title" },
    h("span", { class: "nw-logo", "aria-hidden": "true" }, icon("die", 22)),
    h("h2", {}, "Nations: The Dice Game"),
    h("span", { class: "nw-round" }, v.step === "game_over" ? "Game over" : `Round ${v.round} of 4 · Age ${AGE_ROMAN[v.round]}`),
    h("span", { class: "nw-meta" }, `${v.config.players} player${v.config.players > 1 ? "s" : ""} · ${v.config.variant}${seed !== null ? ` · seed ${seed}` : ""}`)));
  const steps = part("header-steps", sig(v.step), () => h("ol", { class: "nw-steps", "aria-label": "Steps of the round" },
    S.catalogue.steps.map((s) => h("li", {
      class: `nw-step${v.step === s.id ? " nw-current" : ""}`,
      "aria-current": v.step === s.id ? "step" : null,
    }, s.label))));
  // the prompt's text is set in place (it changes with nearly every move)
  const prompt = part("header-prompt", sig(S.busy), () => h("p", { class: "nw-prompt", "aria-live": "polite" }, "",
    S.busy ? [" ", h("span", { class: "nw-busy", role: "status" }, h("span", { class: "nw-spinner", "aria-hidden": "true" }), "Bots are playing…")] : null));
  if (prompt.firstChild.data !== v.prompt) prompt.firstChild.data = v.prompt;
  const [newGame, help] = act.panels.headerButtons(part);
  // fair dice: the fingerprint folded at the top, beside the header's buttons (it sat at
  // the bottom of the right column, below a phone's fold)
  setChildren(frame, [title, newGame, help, fairFold(S, part), steps, prompt]);
  return frame;
}

/** After a round's war: what each player gained (Python's round_summary), and the new
 * player order; dismissed with a click or any key. */
function roundSummary(S, act) {
  const r = S.view.round_summary;
  return modal({ key: "round-summary", label: `End of round ${r.round}`, onClose: () => act.dismissRound() },
      h("h3", {}, `End of round ${r.round}${r.event ? ` — ${r.event}` : ""}`),
      h("div", { class: "nw-table-scroll" }, h("table", { class: "nw-score-table" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"),
          [["book", "Books"], ["food", "Famine"], ["strength", "War"], ["vp", "Round"]].map(([name, x]) => h("th", { scope: "col" }, icon(name, 13), ` ${x}`)))),
        h("tbody", {}, r.rows.map((row) => {
          // a famine or war not met: Python's words say why it scored nothing, on a line
          // of their own under the player's row (in a cell they widened the table past a
          // phone's width)
          const missed = [["Famine", row.famine_missed], ["War", row.war_missed]].filter(([, why]) => why)
            .map(([what, why]) => `${what} ${why}.`);
          return [h("tr", { class: missed.length ? "nw-has-missed" : null },
            h("th", { scope: "row" }, nameText(seatName(row.seat))),
            [row.books, row.famine, row.war, row.total].map((x) => h("td", {}, `+${x} VP`))),
          missed.length ? h("tr", { class: "nw-missed-row" }, h("td", { colspan: "5", class: "nw-missed" }, missed.join(" "))) : null];
        })))),
      h("p", {}, "New player order: ", r.order.map((seat) => seatName(seat)).join(", "), "."),
      h("button", { type: "button", class: "nw-btn nw-primary", dataset: { key: "round-summary-close" }, onclick: () => act.dismissRound() }, `Start round ${r.round + 1}`));
}

/** The dice view's shortcuts, listed in the "?" overlay before the shell's. */
export const SHORTCUTS = [
  ["P", "pass"],
  ["R", "reroll the selected dice"],
  ["1 – 9", "select (or unselect) your n-th unused die"],
  ["← ↑ → ↓", "move across the progress board's tiles (Enter or Space buys the focused tile)"],
  ["Escape", "cancel a purchase, clear the selection"],
];

function reconstructionNotice(S, ui, act) {
  if (!S.reconstructed) return null;
  return h("details", { class: "nw-notice" },
    h("summary", {}, h("strong", {}, "Reconstructed components."),
      " The default tile values and die faces are a reconstruction, not the printed game."),
    h("p", {}, S.catalogue.notice),
    h("button", { type: "button", class: "nw-btn", dataset: { key: "load-catalogue" }, onclick: () => act.pickFile("catalogue") }, "Load catalogue file…"));
}

// ------------------------------------------------------------ progress board
/**
 * Where a progress-board tile's tooltip opens (dice.css): beside the tile, on the side of
 * the board's middle (`nw-tip-right` in the left half, `nw-tip-left` in the right half),
 * from the tile's top down, so that it never covers the row above, among whose tiles the
 * player is choosing (above the tile, it did).  On a phone there is no room beside: the
 * shell's strip across the window (shell/tips.js), at its top for a tile in the window's
 * lower half, so that it covers neither the tile nor the rows beside it.
 */
function placeTip(cell, side) {
  const cls = cell.classList;
  if (!cls.contains(`nw-tip-${side}`)) {
    cls.remove("nw-tip-right", "nw-tip-left");
    cls.add(`nw-tip-${side}`);
  }
}

/** The progress board's cells in grid order: heads, then each row's head and tiles;
 * `part(key, signature, build)` gives each cell (Board: a Parts' part). */
function progressCells(S, ui, act, part) {
  const v = S.view;
  const me = actingSeat(S);
  const canBuy = me !== null && v.step === "actions";
  const buyable = new Set();
  const pending = canBuy ? act.pendingBuy() : null;
  if (canBuy) for (const e of S.legal) if (e.move.type === "buy") buyable.add(e.move.tile);
  const cols = v.board.length;
  const cells = [];
  cells.push(part("pb-corner", "", () => h("div", { class: "nw-corner" }, "Cost")));
  for (let c = 0; c < cols; c += 1) {
    const label = v.config.players === 1 ? `Column ${c + 1}` : "";
    cells.push(part(`pb-col-${c}`, label, () => h("div", { class: "nw-col-head" }, label)));
  }
  for (const r of [2, 1, 0]) {
    const cost = S.catalogue.row_costs[r];
    cells.push(part(`pb-row-${cost}`, "", () => h("div", { class: "nw-row-head", title: `Row ${cost}: pay ${cost} gold (strength for colonies)` },
      h("span", { class: "nw-row-cost" }, String(cost)),
      h("span", { class: "nw-row-icons" }, icon("gold", 14), icon("strength", 14)))));
    for (let c = 0; c < cols; c += 1) {
      const id = v.board[c][r];
      if (!id) {
        cells.push(part(`pb-empty-${c}-${r}`, "", () => h("div", { class: "nw-tile nw-empty", "aria-label": `column ${c + 1}, row ${cost}: empty` }, "—")));
        continue;
      }
      const affordable = canBuy && buyable.has(id);
      const selected = Boolean(pending && pending.tile === id);
      // Python says why a tile cannot be bought now: the tile stays focusable, inert, and
      // its tooltip says why
      const reason = canBuy && !affordable ? (v.unavailable?.tiles?.[id] ?? null) : null;
      const cell = part(`pb-${id}`, sig(cost), () => tileCard(S, id, {
        cost,
        onClick: () => act.clickTile(id),
        key: `board-${id}`,
      }));
      tileState(S, cell, id, { cost }, { affordable, selected, reason });
      setLive(cell, affordable, true);
      placeTip(cell, c < cols / 2 ? "right" : "left");
      cells.push(cell);
    }
  }
  return cells;
}

/** The progress board's frame (built once per number of columns; its hint set in place). */
function progressFrame(cols) {
  const hint = h("span", { class: "nw-sub" }, "");
  // the columns are CSS's (dice.css): a column of row heads beside the tiles, or on a phone
  // each row's head above its tiles
  const grid = h("div", { class: "nw-board-grid", style: `--nw-cols: ${cols}` });
  const el = h("section", { class: "nw-panel nw-progress", "aria-label": "Progress board" },
    h("h3", {}, "Progress board", hint), grid);
  refs.set(el, { hint, grid });
  return el;
}

// ----------------------------------------------------------- event + scores
function eventTile(S) {
  const v = S.view;
  const ev = v.event ? S.catalogue.events[v.event] : null;
  if (!ev) return h("section", { class: "nw-panel nw-event" }, h("h3", {}, "Event"), "—");
  const t = tip(ev.tooltip, "event");
  return h("section", { class: "nw-panel nw-event", "aria-label": "Event tile" },
    h("h3", {}, "Event"),
    h("div", { class: "nw-event-card nw-has-tip", tabindex: "0", "aria-describedby": t.id, dataset: { key: "event" } },
      h("div", { class: "nw-tile-name" }, ev.name, h("span", { class: "nw-age" }, AGE_ROMAN[ev.age])),
      h("div", { class: "nw-event-rows" },
        h("div", { class: "nw-event-row" }, h("span", {}, "Famine"), amount("food", ev.famine, `${ev.famine} food`), h("span", { class: "nw-arrow" }, "→"), amount("vp", ev.vp, `${ev.vp} VP`)),
        h("div", { class: "nw-event-row" }, h("span", {}, "War"), amount("strength", ev.war, `${ev.war} strength`), h("span", { class: "nw-arrow" }, "→"), amount("vp", ev.vp, `${ev.vp} VP`))),
      t.el));
}

/** The score board: a frame, and each row and book track a part (`part`). */
function scoreBoard(S, part) {
  const v = S.view;
  const n = v.players.length;
  const frame = part("scores", "", () => {
    const el = h("section", { class: "nw-panel nw-scores", "aria-label": "Score board" },
      h("h3", {}, "Score board & player order"),
      h("table", { class: "nw-score-table" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col", title: "player order" }, "#"), h("th", { scope: "col" }, "Player"),
          h("th", { scope: "col", class: "nw-num-cell", title: "VP on the score track (books, famine, war)", "aria-label": "VP on the track" }, icon("vp", 13), "Track"),
          h("th", { scope: "col", class: "nw-num-cell", title: "track plus the VP on held tiles (the final score if the game ended now)", "aria-label": "total VP with tiles" }, "Total"),
          h("th", { scope: "col", class: "nw-num-cell", "aria-label": "books" }, icon("book", 13)))),
        h("tbody", {})),
      h("div", { class: "nw-tracks", "aria-label": "Book track" }));
    refs.set(el, { body: el.querySelector("tbody"), tracks: el.querySelector(".nw-tracks") });
    return el;
  });
  const rows = v.order.map((seat, pos) => {
    const p = v.players[seat];
    const b = v.breakdown[seat];
    const isCurrent = v.current === seat;
    const passed = p.passed && v.step === "actions";
    // a row per seat, built once; its cells set in place (a move changes a number or two)
    const row = part(`score-${seat}`, "", () => {
      const cells = {
        pos: h("td", {}, ""),
        name: h("th", { scope: "row" }, h("span", { class: `nw-swatch nw-seat-${seat}`, "aria-hidden": "true" }), nameText(seatName(seat))),
        track: h("td", { class: "nw-num-cell" }, ""),
        total: h("td", { class: "nw-num-cell nw-total" }, ""),
        books: h("td", { class: "nw-num-cell" }, ""),
      };
      const el = h("tr", {}, cells.pos, cells.name, cells.track, cells.total, cells.books);
      refs.set(el, cells);
      return el;
    });
    const cells = refs.get(row);
    const tiles = b.buildings + b.advisor + b.colonies + b.wonders;
    setAttr(row, "class", `${isCurrent ? "nw-score-turn" : ""}${p.passed ? " nw-passed" : ""}`);
    setText(cells.pos, ordinal(pos));
    setChildren(cells.name, [cells.name.firstChild, cells.name.firstChild.nextSibling,
      showIf(part(`score-turn-${seat}`, "", () => h("span", { class: "nw-turn-mark", title: "to move", "aria-label": "to move" }, " ◀")), isCurrent),
      passed ? part(`score-passed-${seat}`, "", () => h("span", { class: "nw-passed-badge" }, "passed")) : null]);
    setText(cells.track, String(b.books + b.famine + b.war));
    setAttr(cells.track, "title", `books ${b.books}, famine ${b.famine}, war ${b.war}`);
    setText(cells.total, String(v.projected[seat]));
    setAttr(cells.total, "title", `track + ${tiles} VP on held tiles`);
    setText(cells.books, String(p.books));
    return row;
  });
  if (n === 1) {
    rows.push(part("score-opp", sig(v.opponent_books), () => h("tr", { class: "nw-opponent" },
      h("td", {}, ""),
      h("th", { scope: "row" }, "Shadow opponent"),
      h("td", {}, "—"), h("td", {}, ""),
      h("td", {}, String(v.opponent_books)))));
  }
  const bookMax = Math.max(...v.players.map((p) => p.books), v.opponent_books || 0, 1);
  // the seats' short labels (P1, P2: the track is narrow), each with its player's name
  // (a table's chosen name) in its tooltip and for a screen reader
  const bar = (key, label, fill, books, who = label) => part(key, sig(label, fill, books, bookMax, who), () => h("div", { class: "nw-track-row" },
    h("span", { class: "nw-track-label", title: who, "aria-label": who }, label),
    h("span", { class: "nw-track" }, h("span", { class: `nw-track-fill ${fill}`, style: { width: `${(100 * books) / bookMax}%` } })),
    h("span", { class: "nw-track-num" }, amount("book", books, countText(books, "book")))));
  const bars = v.players.map((p, seat) => bar(`track-${seat}`, `P${seat + 1}`, `nw-seat-bg-${seat}`, p.books, seatName(seat)));
  if (n === 1) bars.push(bar("track-opp", "Opp.", "nw-opp-bg", v.opponent_books, "Shadow opponent"));
  const { body, tracks } = refs.get(frame);
  setChildren(body, rows);
  setChildren(tracks, bars);
  const solo = n === 1 && v.solo_roll
    ? part("solo-roll", sig(v.solo_roll), () => h("p", { class: "nw-small" }, `Last shadow-opponent roll: ${v.solo_roll}`))
    : null;
  setChildren(frame, [frame.firstChild, body.parentNode, tracks, solo]);
  return frame;
}

// ------------------------------------------------------------ player boards
/** `paying`: how many of these chits the previewed purchase or build spends (highlighted). */
function chitEl(S, ui, act, seat, kind, live, paying = 0) {
  const p = S.view.players[seat];
  const unused = p.chits[kind] || 0;
  const used = p.chits_used[kind] || 0;
  const total = unused + used;
  if (!total) return null;
  const chosen = live ? ui.sel.chits[kind] || 0 : 0;
  const text = `${kind} chits: ${unused} unused of ${total}` + (chosen ? `, ${chosen} selected` : "") +
    (paying ? `, ${paying} paying for this move` : "");
  const body = [icon(kind, 15), h("span", { class: "nw-num" }, `${unused}/${total}`),
    chosen ? h("span", { class: "nw-chit-sel" }, `✓${chosen}`) : null];
  const cls = `nw-chit${chosen ? " nw-selected" : ""}${unused ? "" : " nw-used"}${paying ? " nw-paying" : ""}`;
  if (kind !== "reroll" && unused) { // one to pay with: a button, live on its owner's turn (setLive)
    const onclick = (e) => {
      if (isLive(e.currentTarget)) act.cycleChit(kind, unused);
    };
    return h("button", { type: "button", class: cls, title: text, "aria-label": text,
      "aria-pressed": chosen ? "true" : "false", dataset: { key: `chit-${seat}-${kind}` }, onclick }, body);
  }
  return h("span", { class: cls, title: text, "aria-label": text, role: "img" }, body);
}

/** What a player's board is drawn from: the inputs of each of its parts. */
function playerInputs(S, ui, act, seat) {
  const v = S.view;
  const p = v.players[seat];
  const live = actingSeat(S) === seat;
  // a building buy pending: the player's own building slots choose what it replaces too,
  // the one replaced marked
  const pending = live ? act.pendingBuy() : null;
  const choosing = pending && pending.replaces ? pending.replaces : null;
  return { v, p, live, choosing };
}

/** A player's heading: who plays the seat, place in the player order, scores and status
 * badges, each a part of its own (the turn passing moves one badge, nothing else). */
function playerHead(S, seat, part) {
  const v = S.view;
  const p = v.players[seat];
  const pos = v.order.indexOf(seat);
  const b = v.breakdown[seat];
  const track = b.books + b.famine + b.war;
  const frame = part(`head-${seat}-${S.seats[seat]}${openSeat(S, seat) ? "-open" : ""}`, "", () => {
    const who = S.seats[seat] === "human" ? "human" : S.seats[seat] === "remote" ? remoteWho(S, seat) : botWho(S, S.seats[seat]);
    const el = h("h3", {}, h("span", { class: `nw-swatch nw-seat-${seat}`, "aria-hidden": "true" }),
      seatName(seat), h("span", { class: "nw-who" }, who));
    refs.set(el, [...el.childNodes]);
    return el;
  });
  const order = part(`order-${seat}`, sig(pos), () => h("span", { class: "nw-order" }, `${ordinal(pos)} in order`));
  const score = part(`pscore-${seat}`, sig(track, v.projected[seat], p.books), () => h("span", { class: "nw-pscore" },
    amount("vp", track, `${track} VP on the track (${v.projected[seat]} with the tiles held)`), amount("book", p.books, countText(p.books, "book"))));
  const badge = (kind, text, cls) => part(`badge-${kind}-${seat}`, sig(text, cls), () => h("span", { class: cls }, text));
  const pledge = Array.isArray(p.pledge) ? p.pledge.length : 0;
  const bits = [
    p.passed && v.step === "actions" ? badge("passed", "passed", "nw-passed-badge") : null,
    showIf(badge("turn", "to play", "nw-turn-badge"), v.current === seat),
    p.fed !== null && p.fed !== undefined ? badge("fed", p.fed ? "fed" : "famine", `nw-result ${p.fed ? "nw-ok" : "nw-no"}`) : null,
    p.fought !== null && p.fought !== undefined ? badge("fought", p.fought ? "war won" : "war lost", `nw-result ${p.fought ? "nw-ok" : "nw-no"}`) : null,
    p.pledge === "hidden" ? badge("pledge", "food trade: hidden", "nw-small")
      : pledge ? badge("pledge", `${pledge} dice set aside for food`, "nw-small") : null,
  ];
  setChildren(frame, [...refs.get(frame), order, score, ...bits]);
  return frame;
}

/** A player's advisor, buildings and wonder under construction: the row is built once per
 * seat, and each slot is a part of its own (a purchase redraws the slot it fills, not the
 * row); `part`: the board's Parts' part. */
function playerTiles(S, act, seat, choosing, part) {
  const p = S.view.players[seat];
  const row = part(`tiles-${seat}`, "", () => {
    const boxes = {
      advisor: h("div", { class: "nw-advisor" }, h("div", { class: "nw-slot-label" }, "Advisor")),
      slots: h("div", { class: "nw-slots" }),
      wonder: h("div", { class: "nw-wonder-slot" }, h("div", { class: "nw-slot-label" }, "Wonder")),
    };
    const el = h("div", { class: "nw-board-row" }, boxes.advisor,
      h("div", { class: "nw-buildings" }, h("div", { class: "nw-slot-label" }, "Buildings"), boxes.slots), boxes.wonder);
    refs.set(el, boxes);
    return el;
  });
  const boxes = refs.get(row);
  setChildren(boxes.slots, p.buildings.map(([id, n], i) => part(`pslot-${seat}-${i}`, sig(id, n, Boolean(choosing), choosing === id), () => h("div", { class: `nw-slot${choosing === id ? " nw-replacing" : ""}` },
    tileCard(S, id, {
      compact: true,
      label: choosing === id ? `building slot ${i + 1}, replaced by the purchase` : `building slot ${i + 1}`,
      key: `slot-${seat}-${i}`,
      onClick: choosing ? () => act.chooseReplace(id) : null,
      extra: n !== S.catalogue.tiles[id].dice_count ? h("span", { class: "nw-small" }, `(${n} dice)`) : null,
      extraSig: n,
    })))));
  const advisor = part(`padv-${seat}`, sig(p.advisor), () => (p.advisor
    ? tileCard(S, p.advisor[0], { compact: true, label: "advisor", key: `adv-${seat}` })
    : h("div", { class: "nw-tile nw-compact nw-empty-slot" }, "no advisor")));
  setChildren(boxes.advisor, [boxes.advisor.firstChild, advisor]);
  const wonder = part(`pwip-${seat}`, sig(p.wonder), () => (p.wonder
    ? tileCard(S, p.wonder, { compact: true, unbuilt: true, label: "wonder under construction", key: `wip-${seat}`,
      extra: h("span", { class: "nw-small nw-wip" }, "under construction"), extraSig: "wip" })
    : h("div", { class: "nw-tile nw-compact nw-empty-slot" }, "no wonder under construction")));
  setChildren(boxes.wonder, [boxes.wonder.firstChild, wonder]);
  return row;
}

/** A player's dice trays; the row, each label and each die are parts (`part`), so a die
 * that changed is drawn alone and the others stay where they are. */
function playerDice(S, ui, act, seat, live, rolling, part, dieRolls) {
  const v = S.view;
  const { unused, used } = diceOf(v, seat);
  const traded = new Set(ui.sel.trades.flat());
  const recent = new Set((v.recent && v.recent.dice) || []);
  const die = (d, used, opts) => {
    const drawn = { ...opts, used, recent: recent.has(d) };
    // one element per roll of the die (`dieRolls`: how many times it rolled on this board,
    // and where): a die rolling in this draw (the board stepped forward onto the move that
    // rolled it) is a new element, whose roll plays once; otherwise the element stays, its
    // state set in place (dieState remembers what it drew per element)
    let roll = dieRolls.get(d);
    if (opts.rolling) dieRolls.set(d, (roll = { n: (roll ? roll.n : 0) + 1, position: v.position }));
    // a roll still playing stops when the board leaves its position (Undo, a jump)
    drawn.rollShown = Boolean(roll) && roll.position === v.position;
    const el = part(`m:die-${d}`, String(roll ? roll.n : 0), () => dieElement(S, d, drawn));
    dieState(S, el, d, drawn, live && !used);
    return el;
  };
  const toggle = (d) => () => act.toggleDie(d);
  // the dice a previewed move would spend (Python's preview)
  const pv = act.previewShown(S);
  const paying = new Set(pv ? pv.dice : []);
  const unusedEls = unused.map((d) => die(d, false, {
    paying: paying.has(d),
    selected: live && ui.sel.dice.includes(d),
    traded: live && traded.has(d),
    rolling: rolling.has(d),
    onClick: toggle(d),
  }));
  const usedEls = used.map((d) => die(d, true, {
    rolling: rolling.has(d), onClick: toggle(d),
  }));
  const totals = unusedTotals(S.catalogue, v, seat);
  const row = part(`dicerow-${seat}`, "", () => {
    const boxes = [h("div", { class: "nw-dice" }), h("div", { class: "nw-dice" })];
    const el = h("div", { class: "nw-dice-row" },
      h("div", { class: "nw-tray nw-unused", "aria-label": `${seatName(seat)}'s unused dice` }, boxes[0]),
      h("div", { class: "nw-tray nw-used-area", "aria-label": `${seatName(seat)}'s used area` }, boxes[1]));
    refs.set(el, boxes);
    return el;
  });
  const [unusedTray, usedTray] = row.children;
  const [unusedBox, usedBox] = refs.get(row);
  const shown = S.catalogue.resources.filter((r) => totals[r]).map((r) => [r, totals[r]]);
  // the label: its count set in place, and each total a part
  const label = part(`dlabel-u-${seat}`, "", () => {
    const count = h("span", {}, "");
    const sums = h("span", { class: "nw-totals", "aria-label": "unused totals" });
    const el = h("div", { class: "nw-slot-label" }, count, sums);
    refs.set(el, { count, sums });
    return el;
  });
  const { count, sums } = refs.get(label);
  setText(count, `Unused dice (${unused.length})`);
  setChildren(sums, shown.map(([r, n]) => part(`dtotal-${seat}-${r}`, sig(n), () => amount(r, n, `${countText(n, r)} unused (dice and chits)`))));
  setChildren(unusedTray, [label, unusedBox]);
  setChildren(unusedBox, unusedEls.length ? unusedEls : [part(`dnone-u-${seat}`, "", () => h("span", { class: "nw-small" }, "none"))]);
  setChildren(usedTray, [part(`dlabel-s-${seat}`, sig(used.length), () => h("div", { class: "nw-slot-label" }, `Used (${used.length})`)), usedBox]);
  setChildren(usedBox, usedEls.length ? usedEls : [part(`dnone-s-${seat}`, "", () => h("span", { class: "nw-small" }, "empty"))]);
  return row;
}

/** A player's chits: the row a part, and each chit a part (a payment redraws the chit
 * it used, not the row); chits to pay with are live on their owner's turn (setLive). */
function playerChits(S, ui, act, seat, live, part) {
  const p = S.view.players[seat];
  const row = part(`chits-${seat}`, "", () => h("div", { class: "nw-chits-row" },
    h("span", { class: "nw-slot-label" }, "Chits (unused/total)")));
  const chits = [];
  // the chits a previewed move would spend (Python's preview; the move is the acting seat's)
  const pv = seat === S.view.current ? act.previewShown(S) : null;
  for (const kind of S.catalogue.chit_kinds) {
    const unused = p.chits[kind] || 0;
    const used = p.chits_used[kind] || 0;
    if (!unused && !used) continue;
    const chosen = live ? ui.sel.chits[kind] || 0 : 0;
    const paying = (pv && pv.chits && pv.chits[kind]) || 0;
    const chit = part(`chit-${seat}-${kind}`, sig(unused, used, chosen, paying), () => chitEl(S, ui, act, seat, kind, live, paying));
    if (chit.nodeName === "BUTTON") setLive(chit, live);
    chits.push(chit);
  }
  // Unrest: star-marked reroll chits and the passing bonus held this round, in words
  if ((p.stars || 0) + (p.stars_used || 0)) {
    chits.push(part(`chit-${seat}-star`, sig(p.stars, p.stars_used), () => h("span", { class: "nw-small", title: "Rerolling with one costs no action" }, `star-marked reroll chits: ${p.stars} unused of ${p.stars + p.stars_used}`)));
  }
  if (p.bonus && S.catalogue.unrest) {
    const b = S.catalogue.unrest.bonuses[p.bonus[0]];
    chits.push(part(`chit-${seat}-bonus`, sig(p.bonus), () => h("span", { class: "nw-small", title: "One more of its resource for the rest of this round" }, `passing bonus: ${b ? b.name : p.bonus[0]} (+1 ${b ? b.resource : "?"}${p.bonus[1] ? ", spent" : ""})`)));
  }
  setChildren(row, [row.firstChild, ...(chits.length ? chits : [part(`chits-none-${seat}`, "", () => h("span", { class: "nw-small" }, "none"))])]);
  return row;
}

/** A player's colonies and built wonders: the frame a part, and each card a part in it (a
 * colony bought adds its card; the others stay where they are, as laid out). */
function playerBuilt(S, seat, part) {
  const p = S.view.players[seat];
  if (!p.colonies.length && !p.wonders.length) return null;
  const box = part(`built-${seat}`, "", () => h("div", { class: "nw-built" },
    h("span", { class: "nw-slot-label" }, "Colonies & built wonders"), h("div", { class: "nw-built-list" })));
  setChildren(box.lastChild, [
    ...p.colonies.map((id, i) => part(`pcol-${seat}-${i}`, sig(id), () => tileCard(S, id, { compact: true, label: "colony", key: `col-${seat}-${i}` }))),
    ...p.wonders.map((id, i) => part(`pwon-${seat}-${i}`, sig(id), () => tileCard(S, id, { compact: true, label: "built wonder", key: `won-${seat}-${i}` })))]);
  return box;
}

function playerClass(S, seat, live) {
  return `nw-panel nw-player nw-seat-border-${seat}${S.view.current === seat ? " nw-current nw-to-play" : ""}${live ? " nw-live" : ""}`;
}

function playerLabel(S, seat) {
  const who = S.seats[seat] === "human" ? "human" : S.seats[seat] === "remote" ? remoteWho(S, seat) : botWho(S, S.seats[seat]);
  return `${seatName(seat)}'s board (${who})`;
}

/**
 * The children of a player's board, each part rebuilt only when its own inputs change
 * (`parts`: the board's Parts).  `rolling`: the dice to animate in this draw.
 */
function playerParts(S, ui, act, seat, parts, rolling, dieRolls) {
  const { v, live, choosing } = playerInputs(S, ui, act, seat);
  const head = playerHead(S, seat, (k, s, b) => parts.part(k, s, b));
  const tiles = playerTiles(S, act, seat, choosing, (k, s, b) => parts.part(k, s, b));
  const diceRow = playerDice(S, ui, act, seat, live, rolling, (k, s, b) => parts.part(k, s, b), dieRolls);
  const chits = playerChits(S, ui, act, seat, live, (k, s, b) => parts.part(k, s, b));
  const built = playerBuilt(S, seat, (k, s, b) => parts.part(k, s, b));
  // the tiles another player just took: marked in place (the cards stay as drawn)
  const recent = new Set((v.recent && v.recent.tiles) || []);
  markRecent(tiles, recent);
  markRecent(built, recent);
  return [head, tiles, diceRow, chits, built];
}

// --------------------------------------------------------------- action bar
function optionButtons(S, act, entries) {
  return entries.map((e, i) => h("button", {
    type: "button", class: "nw-btn nw-option", dataset: { key: `opt-${e.move.type}-${i}` },
    onclick: () => act.move(e.move),
  }, e.text));
}

/**
 * The action panel: a frame (its heading), the refusal or note, and the body.  On a human's
 * ordinary action turn the body's pieces are parts of their own (a move usually changes
 * the buttons' texts, not the help or the selection); any other body is one part.
 * `now()`: the state drawn last, read by the buttons when clicked.
 */
function actionPanel(S, ui, act, part, now, otherSig) {
  const v = S.view;
  const me = actingSeat(S);
  const heading = me !== null ? `${seatName(me)}, your decision` : v.step === "game_over" ? "Final scores" : "Decision";
  const frame = part("actions", "", () => h("section", { class: "nw-panel nw-actions", "aria-label": "Your decision" }));
  const title = part("actions-title", sig(heading), () => h("h3", {}, heading));
  const err = act.panels.errorLine(S, part);
  const moves = (v.recent && v.recent.moves) || [];
  const recent = moves.length
    ? part("actions-recent", sig(moves.map((m) => m.text), me), () => h("div", { class: "nw-recent-moves", role: "status", "aria-label": "What the other players just did" },
      h("span", { class: "nw-slot-label" }, me !== null ? "Since your last move:" : "Last move:"),
      h("ul", {}, moves.map((m, i) => h("li", { dataset: { key: `recent-${i}` } }, m.text)))))
    : null;
  let body;
  if (act.pendingMove() && me !== null) {
    // a buy leaving choices: its own preview, the choices inside it
    body = act.buyHasChoices(S) ? buyPreview(S, act, part) : act.panels.previewPanel(S, part);
  } else if (S.viewingHistory) {
    // an earlier position: nothing here changes the game, except continuing from here
    body = act.panels.historyBanner(S, part);
  } else if (me !== null && v.step === "actions") {
    body = actionsControls(S, ui, act, part, now);
  } else {
    body = part("actions-other", otherSig, () => {
      if (v.step === "game_over") return gameOver(S, act);
      if (me === null) return act.panels.waiting(S);
      return endOfRoundControls(S, ui, act);
    });
  }
  // the question asked of this page's player: ringed in gold (the board game's mark too)
  setAttr(frame, "class", `nw-panel nw-actions${me !== null ? " nw-ask-live" : ""}`);
  // a review's puzzle: what it asks and its answer, above the decision it is played with
  const puzzle = S.puzzle && act.panels.puzzleBanner ? act.panels.puzzleBanner(S, part) : null;
  // Undo near the decision where the columns stack (a phone: the history panel is far down)
  setChildren(frame, [title, puzzle, S.puzzle ? null : recent, err, body, S.puzzle ? null : act.panels.undoNear(S, part)]);
  return frame;
}

function selectionLine(S, ui, act) {
  return h("div", { class: "nw-selection" },
    h("span", { class: "nw-slot-label" }, "Selected:"),
    h("span", { class: "nw-sel-text", "aria-live": "polite" }, selectionSummary(S.catalogue, S.view, ui.sel)),
    ui.sel.dice.length >= 2
      ? h("button", { type: "button", class: "nw-btn nw-mini", dataset: { key: "trade" }, title: "Two unused dice stand for one gold, stone or food", onclick: () => act.pairTrade() }, "Trade 2 dice → 1 gold, stone or food")
      : null,
    !selectionIsEmpty(ui.sel) ? h("button", { type: "button", class: "nw-btn nw-mini", dataset: { key: "clear" }, onclick: () => act.clearSelection() }, "Clear") : null);
}

const dieWord = (n) => (n === 1 ? "die" : "dice");

/** What the buy being confirmed pays (the selection, else the suggested payment): said
 * when the preview's lists are not shown (previews off). */
function payingLine(S, move) {
  const tile = S.catalogue.tiles[move.tile];
  return h("p", { class: "nw-help nw-paying" }, "Paying: ",
    selectionSummary(S.catalogue, S.view, paymentSelection(move.payment, tile.currency)),
    " (select dice and chits to pay otherwise)");
}

/**
 * A group of choices inside the buy's preview, one chosen (a radio group: one Tab stop, the
 * arrows move the choice, view.js onKey; Enter confirms the buy).  `options`: [{key, chosen,
 * label (nodes), aria, cls, onChoose}]; `multi`: several are chosen at once (dice going back
 * two at a time): toggle buttons, each a Tab stop.
 */
function choiceGroup(key, label, options, multi = false) {
  const anyChosen = options.some((o) => o.chosen);
  return h("div", { class: "nw-choice-row" },
    h("span", { class: "nw-slot-label", id: sid(`${key}-label`) }, label),
    h("div", {
      class: `nw-choices${multi ? "" : " nw-radios"}`, role: multi ? "group" : "radiogroup",
      "aria-labelledby": sid(`${key}-label`), dataset: { key },
    }, options.map((o, i) => h("button", {
      type: "button",
      class: `${o.cls || "nw-btn nw-choice"}${o.chosen ? " nw-chosen" : ""}`,
      role: multi ? null : "radio",
      "aria-checked": multi ? null : String(o.chosen),
      "aria-pressed": multi ? String(o.chosen) : null,
      "aria-label": o.aria || null,
      title: o.aria || null,
      tabindex: multi || o.chosen || (!anyChosen && i === 0) ? "0" : "-1",
      dataset: { key: o.key },
      onclick: () => o.onChoose(),
    }, o.label))));
}

/** Which building the new one replaces (Python's options, the suggested one marked). */
function replaceChoices(S, move, choice, act) {
  return choiceGroup("choice-replace", "Replaces:", choice.options.map((o) => {
    const chosen = o.id === move.replaces;
    const suggested = o.id === choice.default;
    return {
      key: `replace-${o.id}`, chosen,
      aria: `Replace ${o.name} (${o.detail})${suggested ? ", suggested" : ""}${chosen ? ", chosen" : ""}`,
      label: [h("span", { class: "nw-choice-name" }, o.name), h("span", { class: "nw-choice-detail" }, o.detail + (suggested ? " · suggested" : ""))],
      onChoose: () => act.chooseReplace(o.id),
    };
  }));
}

/** Which of the player's dice of the replaced building's colour go back (Python's answer:
 * the engine's default chosen first; `stale`: the answer is for another choice, being
 * worked out again). */
function giveBackChoices(S, move, gb, act, stale) {
  const v = S.view;
  const chosen = move.returned_dice || gb.chosen;
  const paid = new Set(paidDice(move.payment));
  const note = (d) => (paid.has(d) ? "paying" : v.dice[d] && v.dice[d][1] ? "used" : "");
  if (!gb.matters) {
    // every choice alike (used or paying dice, or dice showing the same): said, not asked
    return h("p", { class: "nw-help nw-give-back-note" },
      `${goingBackText(gb.count, gb.colour, gb.order.length)} to the supply` +
      (gb.count ? " (which ones makes no difference)." : "."));
  }
  const label = `Goes back (${gb.count} ${gb.colour} ${dieWord(gb.count)}):`;
  const group = choiceGroup("choice-give-back", label, gb.order.map((d) => {
    const face = dieFace(S.catalogue, v, d);
    const going = chosen.includes(d);
    const why = note(d);
    return {
      key: `give-back-${d}`, chosen: going,
      cls: `nw-die nw-die-${gb.colour} nw-choice-die${why ? " nw-spent" : ""}${going ? " nw-going" : ""}`,
      aria: `${dieName(gb.colour, face, false, S.catalogue.resources)}${why ? ` (${why})` : ""}, ${going ? "goes back" : "you keep it"}` +
        (gb.default.includes(d) ? " (suggested)" : ""),
      label: faceEl(face, S.catalogue.resources),
      onChoose: () => act.chooseReturned(d),
    };
  }), gb.count > 1);
  if (stale) group.classList.add("nw-stale");
  return group;
}

/** How many of the old advisor's reroll chits go back from the used ones. */
function rerollChoices(S, move, choice, act) {
  const chosen = move.returned_used_rerolls ?? choice.chosen;
  return choiceGroup("choice-rerolls", `${choice.leaves} takes back ${choice.count} reroll chits:`, choice.options.map((o) => ({
    key: `give-back-rerolls-${o.used}`, chosen: o.used === chosen,
    aria: `${o.text}${o.used === choice.default ? ", suggested" : ""}`,
    label: [h("span", { class: "nw-choice-name" }, o.text), o.used === choice.default ? h("span", { class: "nw-choice-detail" }, "suggested") : null],
    onChoose: () => act.chooseUsedRerolls(o.used),
  })));
}

/**
 * The preview of a buy that leaves choices to the player (a building: what it replaces and
 * which dice go back; an advisor replacing the player's: which reroll chits go back), each
 * with Python's default chosen, changeable here: a change asks Python again (the answer
 * redraws the preview; meanwhile the last answer stays, marked as being worked out, with
 * Confirm off).  With previews off, the same choices and Confirm, without the lists.
 */
function buyPreview(S, act, part) {
  const move = act.pendingBuy();
  const fresh = act.previewShown(S);
  const pv = fresh || act.buyAnswer();
  const lists = act.previewsOn();
  return part("actions-buy-preview", sig(move, pv, Boolean(fresh), Boolean(S.error), lists), () => {
    const cancel = previewCancel(() => act.cancelPreview());
    if (!pv) return previewWaiting(S, cancel);
    const gb = pv.give_back && pv.give_back.replaces === move.replaces ? pv.give_back : null;
    return h("div", { class: "nw-preview nw-buy-preview", role: "group", "aria-label": "What this purchase will do, and your choices" },
      h("p", { class: "nw-big" }, pv.title),
      pv.warning ? h("p", { class: "nw-warning", role: "alert" }, pv.warning) : null,
      pv.replace ? replaceChoices(S, move, pv.replace, act) : null,
      gb ? giveBackChoices(S, move, gb, act, !fresh) : null,
      pv.rerolls ? rerollChoices(S, move, pv.rerolls, act) : null,
      lists ? previewLists(pv) : payingLine(S, move),
      fresh ? null : h("p", { class: "nw-help", role: "status" }, S.error ? "This choice was refused (see above)." : "Working out the new preview…"),
      h("div", { class: "nw-buttons" },
        h("button", { type: "button", class: "nw-btn nw-primary", dataset: { key: "preview-confirm" }, title: "Enter", disabled: !fresh, onclick: () => act.confirmPreview() }, "Confirm"),
        cancel));
  });
}

/** A human's ordinary action turn: help, selection, buttons and the Accelerated pledge
 * options, each a part (`part`); the buttons work out their move when clicked (`now()`). */
function actionsControls(S, ui, act, part, now) {
  const v = S.view;
  const p = v.players[v.current];
  const reroll = legalOf(S.legal, "reroll")[0];
  const builds = legalOf(S.legal, "build");
  const pledgeOptions = legalOf(S.legal, "pass").filter((e) => e.move.pledge);
  const starReroll = legalOf(S.legal, "reroll").find((e) => e.move.star);
  const wonder = p.wonder ? S.catalogue.tiles[p.wonder] : null;
  const count = ui.sel.dice.length + 2 * ui.sel.trades.length;
  const passLabel = v.config.variant === "accelerated" && !selectionIsEmpty(ui.sel)
    ? "Pass, trading the selected dice for food" : "Pass";
  const frame = part("actions-turn", "", () => h("div", {}));
  // Unrest: at the start of the turn, the two ways to settle it are the only moves
  const unrestOptions = legalOf(S.legal, "unrest");
  if (unrestOptions.length) {
    const unrestHelp = part("actions-unrest", sig(unrestOptions), () => h("div", {},
      h("p", { class: "nw-help" }, "Your green dice show the Unrest symbol. Reroll all of them (that is your action; no reroll chit is spent), or set all of them aside and then take an action."),
      h("div", { class: "nw-buttons" }, optionButtons(S, act, unrestOptions))));
    setChildren(frame, [unrestHelp]);
    return frame;
  }
  const bonusPasses = legalOf(S.legal, "pass").filter((e) => e.move.bonus && !e.move.pledge);
  const help = part("actions-help", "", () => h("p", { class: "nw-help" }, "Click dice and chits to select them, then click a tile to buy it with them (or click a tile directly to pay the suggested way), build your wonder, or reroll the selected dice."));
  const summary = selectionSummary(S.catalogue, v, ui.sel);
  const selection = part("actions-selection", sig(summary, ui.sel.dice.length >= 2, selectionIsEmpty(ui.sel)), () => selectionLine(S, ui, act));
  // the buttons are built once per wonder; their texts, titles and states set in place
  // (keyed by the wonder, not signed: a frame whose elements are kept in refs is built once)
  // at a shared table no bot decides for a person: it would read the whole table, the
  // other seats' hidden choices included (Python refuses the intent and says so in the
  // table trait's `off`; a seat is handed to a
  // bot in the seat menu instead).  At this screen's own seat elsewhere its move is played
  // (and, at a table, stored) as the player's own.
  // nor on a lesson's table: it would play the lesson's answer for the learner (Python
  // refuses it there too: widget/learn.py, GIVES_AWAY)
  const atTable = Boolean(offHere(S).bot_help) || Boolean(S.info && S.info.lesson);
  const buttons = part(`actions-buttons-${p.wonder || "none"}-${v.config.unrest ? "unrest" : ""}-${atTable ? "table" : ""}`, "", () => {
    const els = {
      reroll: h("button", { type: "button", class: "nw-btn nw-secondary", dataset: { key: "reroll" }, onclick: (e) => { if (isLive(e.currentTarget)) act.reroll(); } }, icon("reroll"), ""),
      star: v.config.unrest ? h("button", { type: "button", class: "nw-btn nw-secondary", dataset: { key: "reroll-star" }, onclick: () => act.reroll(true) }, icon("reroll"), "") : null,
      build: wonder ? h("button", {
        type: "button", class: "nw-btn nw-secondary", dataset: { key: "build" },
        onclick: (e) => { if (isLive(e.currentTarget)) act.commit(buildMove(now().legal, ui.sel)); },
      }, `Build ${wonder.name} `, h("span", { class: "nw-chip nw-build-chip", title: `${wonder.stone_cost} stone` },
        amount("stone", wonder.stone_cost, `${wonder.stone_cost} stone`), h("span", { class: "nw-sr" }, " stone"))) : null,
      pass: h("button", { type: "button", class: "nw-btn nw-pass", dataset: { key: "pass" }, onclick: () => act.move(passMove(ui.sel, now().view.config.variant)) }, ""),
    };
    const el = h("div", { class: "nw-buttons" }, els.reroll, els.star, els.build, els.pass,
      atTable ? null : h("button", { type: "button", class: "nw-btn nw-ghost", dataset: { key: "bot-decide" }, title: "Let a bot choose this move for you (it is played as yours)", onclick: () => act.send({ kind: "bot_move" }) }, "Let a bot decide"));
    refs.set(el, els);
    return el;
  });
  const els = refs.get(buttons);
  // a control that cannot work now is inert but focusable, and its title says why (Python's
  // reason: v.unavailable)
  const why = v.unavailable || {};
  setLive(els.reroll, Boolean(reroll) && !why.reroll, true, why.reroll);
  setAttr(els.reroll, "title", why.reroll ? `Not now: ${why.reroll}` : reroll ? reroll.text : "");
  const rerollText = ` Reroll selected (${count})`;
  if (els.reroll.lastChild.data !== rerollText) els.reroll.lastChild.data = rerollText;
  if (els.star) {
    setDisabled(els.star, !(p.stars > 0));
    setAttr(els.star, "title", starReroll ? starReroll.text : "no unused star-marked reroll chit");
    const starText = ` Star reroll selected (${count}; ${p.stars || 0} left, no action)`;
    if (els.star.lastChild.data !== starText) els.star.lastChild.data = starText;
  }
  // Unrest: a passer who is due a passing bonus chooses it (the plain Pass is not offered)
  setDisabled(els.pass, bonusPasses.length > 0);
  if (els.build) {
    setAttr(els.build, "class", `nw-btn nw-secondary${builds.length ? " nw-suggest" : ""}`);
    // (a tap on it, which shows no tooltip, says why: the shell's note)
    setLive(els.build, builds.length > 0, true, why.build || `${wonder.name} needs ${wonder.stone_cost} stone`);
    // with dice or chits selected, the build pays with them (the engine trades the dice
    // that show no stone two for one; the preview says how): not the suggested payment
    const buildTitle = !builds[0] ? `Not now: ${why.build || `needs ${wonder.stone_cost} stone`}`
      : selectionIsEmpty(ui.sel) ? builds[0].text
        : `Build ${wonder.name} paying with the selection (${selectionSummary(S.catalogue, v, ui.sel)}); you see what it pays before you confirm`;
    setAttr(els.build, "title", buildTitle);
  }
  setText(els.pass, passLabel);
  const pledge = pledgeOptions.length
    ? part("actions-pledge", sig(pledgeOptions), () => h("div", { class: "nw-options" }, h("span", { class: "nw-slot-label" }, "Pass and trade for food:"), optionButtons(S, act, pledgeOptions)))
    : null;
  const bonus = bonusPasses.length
    ? part("actions-bonus", sig(bonusPasses), () => h("div", { class: "nw-options" }, h("span", { class: "nw-slot-label" }, "Pass and take a passing bonus:"), optionButtons(S, act, bonusPasses)))
    : null;
  setChildren(frame, [help, selection, buttons, bonus, pledge]);
  return frame;
}

function endOfRoundControls(S, ui, act) {
  const v = S.view;
  const step = v.step;
  const ev = S.catalogue.events[v.event];
  const explain = {
    books: "Choose which book dice to use now. Dice kept back can be traded for food in the famine.",
    famine: `Pay ${ev.famine} food (dice, food chits, or two dice per food) to score ${ev.vp} VP, or pay nothing.`,
    war: `Pay ${ev.war} strength to score ${ev.vp} VP, or pay nothing. Unused strength also set the player order.`,
  }[step];
  const type = { books: "books", famine: "feed", war: "fight" }[step];
  const entries = legalOf(S.legal, type);
  const useLabel = { books: "Use the selected books", famine: "Feed with the selection", war: "Fight with the selection" }[step];
  return h("div", {},
    h("p", { class: "nw-help" }, explain),
    h("div", { class: "nw-options" }, h("span", { class: "nw-slot-label" }, "Options:"), optionButtons(S, act, entries)),
    selectionLine(S, ui, act),
    h("div", { class: "nw-buttons" },
      h("button", { type: "button", class: "nw-btn nw-primary", dataset: { key: "use-selection" }, disabled: selectionIsEmpty(ui.sel),
        onclick: () => act.move(selectionMove(step, ui.sel)) }, useLabel),
      offHere(S).bot_help || (S.info && S.info.lesson) ? null : h("button", { type: "button", class: "nw-btn nw-ghost", dataset: { key: "bot-decide" }, title: "Let a bot choose this move for you (it is played as yours)", onclick: () => act.send({ kind: "bot_move" }) }, "Let a bot decide")));
}

// the final table's columns: the breakdown's key, its word, its mark (an icon, or the
// tile type's colour)
const FINAL_COLUMNS = [
  ["books", "Books", () => icon("book", 14)], ["famine", "Famine", () => icon("food", 14)],
  ["war", "War", () => icon("strength", 14)], ["buildings", "Buildings", () => h("span", { class: "nw-kind-dot nw-t-building" })],
  ["advisor", "Advisor", () => h("span", { class: "nw-kind-dot nw-t-advisor" })], ["colonies", "Colonies", () => h("span", { class: "nw-kind-dot nw-t-colony" })],
  ["wonders", "Wonders", () => h("span", { class: "nw-kind-dot nw-t-wonder" })],
];

function gameOver(S, act) {
  const v = S.view;
  const ranking = v.ranking; // Python's: most VP first, ties to the better player order
  const humans = S.seats.filter((who) => who === "human").length;
  const won = v.winner !== null && S.seats[v.winner] === "human" && humans === 1 && v.config.players > 1;
  return h("div", { class: "nw-gameover" },
    h("div", { class: `nw-result-banner${won ? " nw-you-won" : ""}`, role: "status" },
      h("p", { class: "nw-big" }, won ? `You win! ${v.prompt}` : v.prompt),
      playAgainButton(S, () => act.playAgain())),
    // at a shared table, what Play again does (a new table), said before it is pressed
    playAgainNote(S),
    seedLine(S),
    // a row per player, best first (Python's ranking), the winner's in gold; each column
    // under its icon or its tile type's colour, named in words
    h("div", { class: "nw-table-scroll" }, h("table", { class: "nw-final-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", class: "nw-final-who" }, "Player"),
        FINAL_COLUMNS.map(([, label, mark]) => h("th", { scope: "col", title: label, "aria-label": label }, mark(), h("span", { class: "nw-col-word" }, label))),
        h("th", { scope: "col", title: "Total", "aria-label": "Total" }, icon("vp", 14), h("span", { class: "nw-col-word" }, "Total")))),
      h("tbody", {}, ranking.map((seat, i) => {
        const b = v.breakdown[seat];
        return h("tr", { class: v.winner === seat ? "nw-winner nw-final-first" : "", dataset: { seat } },
          h("th", { scope: "row", class: "nw-final-who", "aria-label": `${i + 1}. ${seatName(seat)}${v.winner === seat ? ", winner" : ""}` }, h("span", { class: "nw-rank" }, String(i + 1)), h("span", { class: "nw-sr" }, ". "), h("span", { class: `nw-swatch nw-seat-${seat}`, "aria-hidden": "true" }),
            nameText(seatName(seat)), v.winner === seat ? [" ", h("span", { class: "nw-turn-badge" }, "winner")] : null),
          FINAL_COLUMNS.map(([k]) => h("td", {}, String(b[k]))),
          h("td", { class: "nw-final-total" }, String(v.projected[seat])));
      })))),
    v.hall_of_fame ? h("p", {}, `Hall of Fame: ${v.hall_of_fame}`) : null,
    fairEnd(S));
}

// -------------------------------------------------------------------- app
/** The seats' boards in drawing order: the humans' boards first, then the bots', each in
 * seat order.  The order does not follow the turn: a board that moved would be restyled
 * and laid out whole on every change of turn, and boards jumping around are hard to
 * follow; the board of the player to move is highlighted instead. */
function boardOrder(S) {
  const n = S.view.players.length;
  const seats = [];
  for (let seat = 0; seat < n; seat += 1) if (S.seats[seat] === "human") seats.push(seat);
  for (let seat = 0; seat < n; seat += 1) if (S.seats[seat] !== "human") seats.push(seat);
  return seats;
}

/**
 * The drawn table, kept between draws.  `render(S, ui, act)` brings the DOM under `host`
 * up to date: the skeleton (root, columns) stays, each panel (and each part of a player's
 * board, and each log line) is rebuilt only when the inputs it is drawn from changed (their
 * signatures, see Parts), and nodes are moved only if their place changed.  Unchanged parts
 * keep their DOM nodes, so hover, focus, scroll and running animations survive, and the
 * browser restyles and lays out only what changed.  `act.panels`: the shell's panels.
 */
export class Board {
  constructor(host) {
    this.host = host;
    this.ids = uid("nwb");
    this.parts = new Parts();
    this.dieRolls = new Map(); // die -> {n, position}: its rolls drawn, the last one where
    this.catalogue = null;
    this.root = null;
  }

  /** Forget everything drawn (the next render builds the table anew). */
  reset() {
    this.parts.clear();
    this.dieRolls.clear();
    this.root = null;
  }

  skeleton(act) {
    const main = h("div", { class: "nw-main" });
    this.left = h("div", { class: "nw-left" });
    this.right = h("div", { class: "nw-right" });
    this.players = h("div", { class: "nw-players" });
    this.log = act.panels.logPanel();
    this.playerEls = new Map();
    main.append(this.left, this.right);
    this.main = main;
    this.root = h("div", { class: "nw-root" });
    this.host.replaceChildren(this.root);
  }

  playerEl(seat) {
    let el = this.playerEls.get(seat);
    if (!el) {
      el = h("section", {});
      this.playerEls.set(seat, el);
    }
    return el;
  }

  render(S, ui, act) {
    if (S.catalogue !== this.catalogue || !this.root || !this.root.isConnected || this.root.parentNode !== this.host) {
      this.reset();
      this.catalogue = S.catalogue;
    }
    setIdScope(this.ids);
    if (!this.root) this.skeleton(act);
    const v = S.view;
    const P = this.parts;
    const part = (key, signature, build) => P.part(key, signature, build);
    const me = actingSeat(S);
    const root = this.root;
    setAttr(root, "class", `nw-root${S.busy ? " nw-is-busy" : ""}`);
    setAttr(root, "data-step", v.step);
    // which game of this widget (Python's history.game): a new game is a new number, the
    // seed being kept from the page while a game runs
    setAttr(root, "data-game", S.history.game);

    const head = header(S, part, act);
    const notice = P.part("notice", sig(S.reconstructed), () => reconstructionNotice(S, ui, act));

    const canBuy = me !== null && v.step === "actions";
    // the frame (title, grid) and each cell are parts: a tile that changed is drawn alone
    const progress = P.part(`progress-${v.board.length}`, "", () => progressFrame(v.board.length));
    const { hint, grid } = refs.get(progress);
    setText(hint, canBuy ? " — click a tile to buy it" : "");
    setChildren(grid, progressCells(S, ui, act, part));

    const cur = v.current;
    this.S = S;
    const actions = actionPanel(S, ui, act, part, () => this.S,
      sig(S.busy, me, v.step, cur, S.seats, S.legal,
        me !== null ? [ui.sel, v.players[me], v.give_back] : 0,
        v.config.variant, v.event,
        v.step === "game_over" ? [v.prompt, v.ranking, v.projected, v.breakdown, v.winner, v.hall_of_fame, gameSeed(S), S.fair, playAgainWords(S)] : 0));

    const rolling = new Set(ui.rollingDice || []);
    const boards = boardOrder(S).map((seat) => {
      const el = this.playerEl(seat);
      const live = me === seat;
      setAttr(el, "class", playerClass(S, seat, live));
      setAttr(el, "aria-label", playerLabel(S, seat));
      setChildren(el, playerParts(S, ui, act, seat, P, rolling, this.dieRolls));
      return el;
    });
    for (const seat of [...this.playerEls.keys()]) if (seat >= v.players.length) this.playerEls.delete(seat);
    setChildren(this.players, boards);
    const coach = act.panels.coachPanel(S, part);
    setChildren(this.left, [progress, actions, coach, this.players]);

    const event = P.part("event", sig(v.event), () => eventTile(S));
    const scores = scoreBoard(S, part);
    const history = act.panels.historyPanel(S, part);
    const game = act.panels.gamePanel(S, part, { fair: false }); // (the header has it: fairFold)
    this.log.update();

    setChildren(this.right, [event, scores, history, this.log.el, game]);
    const summary = v.round_summary && ui.dismissedRound !== roundKey(S, v.round_summary.round) && !S.viewingHistory
      ? P.part("round-summary", sig(v.round_summary), () => roundSummary(S, act)) : null;
    const overlay = act.panels.helpOverlay(part) || summary;
    setChildren(root, [head, notice, this.main, overlay]);
    P.sweep();
    // last: the board now shows this position (benchmarks/browser_latency.py waits for it)
    setAttr(root, "data-position", v.position);
  }
}

export { buyMove, rerollMove };
