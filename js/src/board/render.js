// Drawing the board game's table (Nations) from what Python sends: the `view` trait
// (nations_widget/widget/board/payloads.py: view_payload), the `legal` moves already in
// words and placed by group (logic.js placeMoves), the `cards` trait and the `preview` of a
// pending move.  Nothing here decides a rule.
//
// Every piece is a module-level function of its inputs:
//   S     the shell's snapshot (js/src/shell/README.md);
//   ui    the look of this draw, read only: the view's visual state (view.js: detail,
//         unfolded, dismissed, summaryOpen) and two things Board.render works out once per
//         draw: `pending`, the cards the move being previewed touches (outlined), and
//         `rev`, the number of the card catalogue drawn from (a card is built again when the
//         catalogue changes: a new game with other decks, a load);
//   act   the callbacks (view.js): the view's own and the shell's (commit, panels...);
//   part  the draw's Parts (dom.js): a subtree kept while its signature is unchanged.
// Board (at the end) keeps the drawn table between draws and puts the parts in place.
import { Parts, h, memo, modal, setAttr, setChildren, setText, sid, sig } from "../shell/dom.js";
import { icon, iconClass } from "../shell/icons.js";
import { botLevel, fairEnd, gameSeed, nameText, playAgainButton, playAgainNote, playAgainWords, roundKey, seedLine } from "../shell/panels.js";
import {
  FIGURE_LABEL,
  GOODS,
  TYPE_LABEL,
  boardOrder,
  botWords,
  choicesLine,
  detailKind,
  figureEntries,
  figureWord,
  isPerson,
  num,
  pendingCards,
  placeMoves,
  playerOrderText,
  roman,
  seatName,
  shown,
  signed,
  slotButtonText,
  slotButtonWords,
  splitSlotMoves,
  typeSlug,
} from "./logic.js";

// the shell's icon for each figure of a card or a nation
const FIGURE_ICON = { gold: "gold", stone: "stone", food: "food", books: "book", vp: "vp", strength: "strength", stability: "stability", workers: "worker", architects: "architect" };

/** Elements a part's frame keeps handy (set in place on later draws), by frame. */
const refs = new WeakMap();

// ------------------------------------------------------------------ cards
/** A figure as a chip: its icon and its number, its words for a screen reader (a hidden
 * span: the chip's text reads "+2 books") and on hover (title); a figure without an icon
 * (stability, workers) shows its word. */
function chip(key, n, text = signed(n), extra = "") {
  const word = figureWord(key, n);
  const iconName = FIGURE_ICON[key];
  return h("span", { class: `nw-chip nwb-chip nwb-chip-${key}${iconName ? ` ${iconClass(iconName, 14)}` : ""}${extra}`, title: `${text} ${word}` },
    text, h("span", { class: iconName ? "nwb-sr nw-sr" : "nw-chip-word nwb-chip-word" }, ` ${word}`));
}

/** An icon with its word for a screen reader only (the word read, the icon seen). */
function said(iconName, word, size = 14) {
  return [icon(iconName, size), h("span", { class: "nwb-sr nw-sr" }, word)];
}

/** A change of a figure: its icon (its name for a screen reader), before \u2192 after, and
 * the difference on a green or red pill. */
function changeRow(r) {
  const delta = r.after - r.before;
  const iconName = FIGURE_ICON[r.name];
  const word = FIGURE_LABEL[r.name] || r.name;
  return h("tr", { class: delta > 0 ? "nwb-up" : "nwb-down" },
    h("th", { scope: "row", title: word }, iconName ? said(iconName, word, 16) : word),
    h("td", {}, num(r.before)), h("td", { class: "nw-arrow-to", "aria-hidden": "true" }, "\u2192"),
    h("td", { class: "nwb-after" }, num(r.after)),
    h("td", {}, h("span", { class: `nw-delta ${delta > 0 ? "nw-up" : "nw-down"}` }, signed(delta))));
}

/** `{gold: 1, books: -1}` as chips, in the engine's order of figures. */
function chips(figs) {
  return figureEntries(figs).map(([k, n]) => chip(k, n));
}

function fig(label, ...content) {
  return h("div", { class: "nwb-fig" }, label ? h("span", { class: "nwb-k" }, `${label} `) : null, ...content);
}

/** A battle's take, a sentence read as one line of text, not as chips (its words for a
 * screen reader; the goods' icons for the eye). */
function raidTake() {
  return h("div", { class: "nwb-fig nwb-raid-take" }, h("span", { class: "nwb-k" }, "take "),
    h("span", { class: "nwb-sr nw-sr" }, "your raid in food, stone or books"),
    h("span", { class: "nwb-raid-goods", "aria-hidden": "true", title: "your raid in food, stone or books" },
      h("span", { class: `nw-chip ${iconClass("raid", 14)}` }, "raid"), " \u2192 ", icon("food", 14), "/", icon("stone", 14), "/", icon("book", 14)));
}

/** A card's figures, one line each (what it yields, costs, needs, gives). */
function cardFigures(card) {
  const out = [];
  if (card.per_worker) out.push(fig("per worker", chips(card.per_worker)));
  if (shown(card.deploy)) out.push(fig("deploy", chip("stone", card.deploy, String(card.deploy))));
  if (card.produces) out.push(fig("in play", chips(card.produces)));
  if (card.requirement) out.push(fig("needs", chip("strength", card.requirement, String(card.requirement))));
  if (card.stages) out.push(fig("sections", chip("stone", 0, card.stages.join(" / "))));
  if (card.war_loss) {
    out.push(fig("defeat", Object.entries(card.war_loss).map(([k, n]) => chip(k, -n)), chip("vp", -1)));
  }
  if (card.type === "battle") out.push(raidTake());
  if (card.golden_age) out.push(fig("", chip(card.golden_age, 2, "2"), " or ", chip("vp", 1, "1")));
  if (card.raid) out.push(fig("raid", h("span", { class: `nw-chip nwb-chip nwb-chip-raid ${iconClass("raid", 14)}`, title: `raid ${card.raid}` }, String(card.raid))));
  if (card.architects) {
    const words = `${card.architects} private architect${card.architects > 1 ? "s" : ""}`;
    out.push(fig("", h("span", { class: `nw-chip nwb-chip nwb-chip-architects ${iconClass("architect", 14)}`, title: words }, `+${card.architects}`, h("span", { class: "nw-chip-word" }, ` private architect${card.architects > 1 ? "s" : ""}`))));
  }
  if (card.effect) out.push(h("div", { class: "nwb-fig nwb-more" }, "+ effect (details)"));
  return out;
}

/**
 * A card on the table, kept as it is from draw to draw (keyed by where it lies and its
 * id) while what it shows is the same: a move changes a few cards, and only those are
 * built again.  `opts.buttons()` builds its move buttons; `acts` is what they are built
 * from (the legal entries and their words), part of the card's signature.  `keep`: a memo
 * inside a part's build (a nation's board), or the draw's own part (a progress board's
 * card).
 */
function tableCard(S, ui, act, place, id, opts, acts, keep = memo) {
  const key = `card-${place}-${id}`;
  const signature = sig(id, opts.workers, opts.max, Boolean(opts.recent), ui.detail === id, ui.pending.has(id), ui.rev, acts, opts.why || null);
  return keep(key, signature, () => cardEl(S, ui, act, id, { ...opts, face: key, buttons: opts.buttons ? opts.buttons() : [] }));
}

/** The workers on a slot's card: a dot each, or "no worker", and its maximum. */
function workersLine(opts) {
  if (!shown(opts.workers)) return null;
  return h("div", { class: "nwb-workers", "aria-label": `${opts.workers} worker${opts.workers === 1 ? "" : "s"} on it` },
    opts.workers ? "\u25cf".repeat(opts.workers) : h("span", { class: "nwb-dim" }, "no worker"),
    opts.max ? h("span", { class: "nwb-dim" }, ` (max ${opts.max})`) : null);
}

/** A clean typographic card. opts: {workers, max, buttons, recent, why, face}.  `face`:
 * the key under which the card's face (its name, type and figures, which depend on the
 * card alone) is kept from draw to draw, apart from its buttons and outlines: a Buy that
 * comes or goes as the turn passes (a hot seat) builds the card's frame and buttons again
 * and puts the face back as drawn. */
function cardEl(S, ui, act, id, opts = {}) {
  const card = (S.cards || {})[id] || { id, name: id, type: "" };
  const type = card.type;
  const faceSig = opts.face ? sig(id, ui.rev) : null;
  const face = (name, build) => (opts.face ? memo(`${opts.face}-${name}`, faceSig, build) : build());
  const workers = workersLine(opts);
  return h("article", {
    class: `nwb-card nwb-t-${typeSlug(type)}${opts.recent ? " nwb-recent" : ""}${ui.detail === id ? " nwb-selected" : ""}${ui.pending.has(id) ? " nwb-pending" : ""}`,
    dataset: { key: `card-${id}`, card: id },
  },
  // the type's band across the top, then the name
  face("type", () => h("div", { class: "nwb-card-type nw-band" }, TYPE_LABEL[type] || type,
    card.vp ? h("span", { class: `nwb-vp nw-vp-pill ${iconClass("vp", 14)}`, title: `${card.vp} VP at the end` }, String(card.vp), h("span", { class: "nwb-sr nw-sr" }, " VP")) : null)),
  face("head", () => h("header", { class: "nwb-card-head" },
    h("button", { type: "button", class: "nwb-card-name", dataset: { key: `name-${id}` }, "aria-label": `${card.name}, ${TYPE_LABEL[type] || type}${card.age ? `, age ${card.age}` : ""}: show its details`, onclick: () => act.detail(id) }, card.name),
    card.age ? h("span", { class: "nwb-age", title: `age ${card.age}` }, roman(card.age)) : null)),
  face("body", () => h("div", { class: "nwb-card-body" }, cardFigures(card))),
  workers,
  // why the acting player cannot buy it (Python's words: the view never decides)
  opts.why ? h("p", { class: "nwb-why", dataset: { key: `why-${id}` } }, opts.why) : null,
  opts.buttons && opts.buttons.length ? h("div", { class: "nwb-card-acts" }, opts.buttons) : null);
}

/** A move's button: `content` its short words (and cost chips) for the eye, Python's
 * sentence its label and tooltip. */
function moveButton(act, entry, content, extra = "") {
  return h("button", {
    type: "button", class: `nw-btn nwb-act${extra}`, title: entry.text, "aria-label": entry.text,
    dataset: { key: `move-${entry.key || JSON.stringify(entry.move)}` }, onclick: () => act.commit(entry),
  }, content);
}

/** The button of a worker's move on a slot: "+ worker" and its stone as a chip
 * (secondary), "\u2212 1 worker" (plain). */
function slotButton(act, entry, slotNames) {
  const words = slotButtonWords(entry, slotNames);
  return entry.group === "deploy"
    ? moveButton(act, entry, [words, " ", chip("stone", entry.cost, String(entry.cost))], " nw-secondary nwb-deploy")
    : moveButton(act, entry, words, " nwb-undeploy");
}

// --------------------------------------------------------------- header
function header(S) {
  return h("div", { class: "nwb-head-text" },
    h("h2", { class: "nwb-title" }, (S.info && S.info.title) || "Nations"));
}

// ------------------------------------------------------ the round at a glance
/** Whose turn it is, in one signal: "Your turn" (gold) when this screen's player decides,
 * else who is to play (a bot, a person at another screen), or the game's end. */
function turnSignal(S) {
  const v = S.view;
  if (v.over) return h("span", { class: "nwb-st-turn nwb-st-over" }, "Game over");
  const n = shown(v.current) ? v.nations.find((x) => x.seat === v.current) : null;
  if (!n) return null;
  if (shown(S.acting)) {
    // a hot seat (several people at this screen): whose turn it is by name
    const people = (S.seats || []).filter((w) => w === "human").length;
    return h("span", { class: "nwb-st-turn nwb-your-turn", dataset: { key: "your-turn" } },
      people > 1 ? `${n.name}: your turn` : "Your turn");
  }
  const who = botWords(n.who, isPerson(n.who) ? "" : botLevel(S, n.who));
  return h("span", { class: "nwb-st-turn nwb-st-other" }, `${n.name}${who} to play`);
}

/** The round, its phase, the event, the war and whose turn it is: one strip that stays at
 * the top of the window while the page scrolls (board.css: sticky). */
function statusStrip(S) {
  const v = S.view;
  const sc = v.scoring;
  const ev = sc.event;
  const war = sc.war;
  const eventWords = ev ? ev.halves.map((x) => `${x.name}: ${x.text}`).join(" ") + ` Famine: ${ev.famine} food for every nation.` : "";
  return h("div", { class: "nwb-status", role: "region", "aria-label": "The round at a glance", dataset: { key: "status" } },
    // the round and age on the header's pill, the phase on the gold pill (the dice game's)
    h("span", { class: "nwb-when" }, v.over ? h("span", { class: "nw-round" }, "Game over") : [
      h("span", { class: "nw-round", title: `Round ${v.round} of ${v.rounds}, age ${roman(v.age)}` }, `Round ${v.round} of ${v.rounds} \u00b7 ${v.age_name}`),
      h("span", { class: "nw-sr" }, " \u00b7 phase: "), h("span", { class: "nw-step nw-current", title: "The round's phase" }, v.step_label)]),
    v.over ? null : h("span", { class: "nwb-st-item nwb-st-event", title: ev ? eventWords : "No event card yet" },
      icon("event", 16), h("span", { class: "nwb-k" }, "Event "),
      ev ? h("b", {}, ev.halves.map((x) => x.name).join(" / ")) : h("span", { class: "nwb-dim" }, "none yet"),
      ev ? h("span", { class: "nwb-st-famine" }, " \u00b7 famine ", h("b", { class: iconClass("food", 14) }, String(ev.famine)), h("span", { class: "nw-sr" }, " food")) : null),
    v.over ? null : h("span", { class: `nwb-st-item nwb-st-war${war && !war.fought ? " nwb-st-war-on" : ""}`, title: war ? war.text : "No war this round" },
      icon("war", 16), h("span", { class: "nwb-k" }, "War "),
      war ? h("b", { class: iconClass("strength", 14) }, String(war.strength)) : h("span", { class: "nwb-dim" }, "none"),
      war ? h("span", { class: "nw-sr" }, ` strength: ${war.text}`) : null,
      war && shown(war.buyer) && war.buyer >= 0 ? h("span", { class: "nwb-dim" }, ` (${seatName(war.buyer)}'s${war.fought ? ", fought" : ""})`) : war && war.fought ? h("span", { class: "nwb-dim" }, " (fought)") : null),
    turnSignal(S));
}

// ------------------------------------------------------------ player panels
/** "1st", "2nd"... (the player order). */
function ordinal(n) {
  return `${n}${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`;
}

/** A figure of a player panel: its icon and its number now, under it what the next
 * production changes (Python's forecast), the words for a screen reader and on hover. */
function panelFig(key, iconName, word, value, delta = 0, extra = "") {
  const words = `${word}: ${value}${delta ? `, ${signed(delta)} at the next production` : ""}`;
  return h("span", { class: `nwb-pp-fig nwb-pp-${key}${extra}`, title: words, dataset: { fig: key } },
    h("span", { class: "nwb-pp-now", "aria-hidden": "true" }, icon(iconName, 16), h("b", {}, value)),
    h("small", { class: `nwb-pp-delta${delta ? ` nw-delta ${delta > 0 ? "nw-up" : "nw-down"}` : ""}`, "aria-hidden": "true" }, delta ? signed(delta) : "\u00a0"),
    h("span", { class: "nw-sr" }, words));
}

/** A nation's panel: its place in the player order, its name, whose it is, its state (to
 * play, passed, in revolt), its VP; then each figure with the next production's change. */
function playerPanel(S, act, n, orderIndex) {
  const v = S.view;
  const next = n.next_production || { change: {}, owed: 0, choices: 0, text: "" };
  const ch = next.change || {};
  const viewer = shown(v.viewer) && v.viewer === n.seat;
  const who = isPerson(n.who) ? (viewer ? "you" : "") : `${n.who} bot`;
  const current = v.current === n.seat;
  return h("section", {
    class: `nwb-pp${current ? " nwb-pp-current nw-to-play" : ""}${viewer ? " nwb-pp-me" : ""}${n.revolt ? " nwb-pp-revolt" : ""}`,
    "aria-label": `${n.name}${who ? ` (${who})` : ""}`, dataset: { key: `panel-${n.seat}`, seat: n.seat },
  },
  h("div", { class: "nwb-pp-head" },
    orderIndex >= 0 ? h("span", { class: "nwb-pp-order", title: `${ordinal(orderIndex + 1)} in the player order` }, String(orderIndex + 1), h("span", { class: "nw-sr" }, ` ${ordinal(orderIndex + 1)} in the player order: `)) : null,
    h("button", { type: "button", class: "nwb-pp-name", dataset: { key: `panel-name-${n.seat}` }, "aria-label": `${n.name}: show its board`, title: "Show its board (cards and workers)", onclick: () => act.showNation(n.seat) }, n.name),
    who ? h("span", { class: "nwb-pp-who" }, who) : null,
    current ? h("span", { class: "nwb-badge nwb-now nw-turn-badge" }, "to play") : null,
    n.passed ? h("span", { class: "nwb-badge" }, n.first_to_pass ? "passed first" : "passed") : null,
    n.revolt ? h("span", { class: "nwb-badge nwb-bad", title: "Stability below zero: at the next production it loses 1 VP and books" }, "in revolt") : null,
    n.defeated ? h("span", { class: "nwb-badge nwb-bad" }, "defeated") : null,
    panelFig("vp", "vp", "VP", String(n.resources.vp), ch.vp || 0, " nwb-pp-vpfig")),
  h("div", { class: "nwb-pp-figs" },
    panelFig("gold", "gold", "gold", String(n.resources.gold), ch.gold || 0),
    panelFig("stone", "stone", "stone", String(n.resources.stone), ch.stone || 0),
    panelFig("food", "food", "food", String(n.resources.food), ch.food || 0),
    panelFig("books", "book", "books", String(n.resources.books), ch.books || 0),
    panelFig("strength", "strength", "military strength", num(n.strength), ch.strength || 0, " nwb-pp-track"),
    panelFig("stability", "stability", "stability", num(n.stability), ch.stability || 0, ` nwb-pp-track${n.revolt ? " nwb-bad" : ""}`),
    panelFig("workers", "worker", "idle workers of all its workers", `${n.idle}/${n.workers}`, 0, " nwb-pp-track")),
  next.owed || next.choices ? h("p", { class: "nwb-pp-note" }, `Next production: ${next.text}.`) : null);
}

/** Every nation's panel, in the player order, under a line saying how to read them; each a
 * part of its own (a move redraws the panels whose figures changed). */
function playerPanels(S, act, part) {
  const v = S.view;
  const order = v.scoring.order;
  const seats = [...order, ...v.nations.map((n) => n.seat).filter((s) => !order.includes(s))];
  const head = part("panels-head", "", () => h("p", { class: "nwb-pp-legend" },
    h("b", {}, "Nations"), h("span", { class: "nwb-dim" }, " in player order \u00b7 small figures: what the next production changes")));
  const panels = seats.map((seat) => {
    const n = v.nations.find((x) => x.seat === seat);
    const i = order.indexOf(seat);
    return part(`panel-${seat}`, sig(n.name, n.who, n.resources, n.strength, n.stability, n.idle, n.workers, n.next_production, n.passed, n.first_to_pass, n.revolt, n.defeated, v.current === seat, v.viewer, i, botLevel(S, n.who)), () => playerPanel(S, act, n, i));
  });
  return [head, ...panels];
}

// ---------------------------------------------------------- the question
/** The end of a game under the question: the final scoring, the seed, Play again, the
 * fair dice's proof (null while the game runs). */
function gameEnd(S, act) {
  if (!S.view.final) return null;
  return [
    finalTable(S),
    // the seed, for sharing: Python sends it once the game is over (never before: it
    // tells the order of the decks)
    seedLine(S),
    // the same players and settings, a new seed (the shell's button and intent, as the dice
    // game's); at a shared table, what it does said under it (a new table)
    h("div", { class: "nwb-again" }, playAgainButton(S, () => act.playAgain()), playAgainNote(S)),
    // fair dice: the seed and salt behind the fingerprint shown since the first move
    fairEnd(S),
  ];
}

// each prompt panel's place for the shell's Undo (panels.undoNear), filled at every draw:
// the panel is a part drawn anew only when its question changes, the Undo follows the
// history at every move
const undoSlots = new WeakMap();

function promptPanel(S, ui, act, moves) {
  const v = S.view;
  const undoSlot = h("div", { class: "nwb-prompt-undo" });
  const live = S.acting !== null && S.acting !== undefined;
  const opts = live ? moves.options : [];
  const can = live && !opts.length ? choicesLine(moves) : "";
  const section = h("section", { class: `nw-panel nwb-prompt${live ? " nwb-live nw-ask-live" : ""}${v.over ? " nwb-over" : ""}`, "aria-live": "polite", dataset: { key: "prompt" } },
    h("p", { class: "nwb-ask" }, v.prompt),
    // the card the question is about (a building to place, a battle's loot, a golden age)
    v.decision_card && S.cards && S.cards[v.decision_card]
      ? h("div", { class: "nwb-ask-card", dataset: { key: "decision-card" } }, cardEl(S, ui, act, v.decision_card, {}))
      : null,
    can ? h("p", { class: "nwb-can", dataset: { key: "can" } }, can, h("span", { class: "nwb-dim" }, " Each shows what it changes before you confirm.")) : null,
    gameEnd(S, act),
    opts.length ? h("div", { class: "nwb-options", role: "group", "aria-label": "Answers" },
      opts.map((e, i) => moveButton(act, e, `${i < 9 ? `${i + 1}. ` : ""}${e.text}`, " nwb-option"))) : null,
    // Pass, the last round's summary and the Undo: one row where the columns stack
    h("div", { class: "nwb-prompt-foot" },
      live && moves.pass ? h("div", { class: "nwb-pass" }, moveButton(act, moves.pass, "Pass", " nw-pass nwb-pass-btn")) : null,
      v.round_summary && !S.viewingHistory
        ? h("button", { type: "button", class: "nw-btn nwb-link", dataset: { key: "open-summary" }, onclick: () => act.openSummary() }, `Round ${v.round_summary.round} summary`)
        : null,
      undoSlot));
  undoSlots.set(section, undoSlot);
  return section;
}

/** The next production's change (Python's `production`: a worker deployed, a card
 * replaced): "+2 stone at production", each with its icon. */
function productionChange(changes) {
  if (!changes || !changes.length) return null;
  return h("ul", { class: "nwb-lines nwb-prod-change", "aria-label": "What changes at the next production", dataset: { key: "preview-production" } },
    changes.map((c) => h("li", {}, chip(c.name, c.after - c.before), " at production",
      h("span", { class: "nwb-dim" }, ` (${signed(c.before)} \u2192 ${signed(c.after)} a round)`))));
}

/** Where the card goes (Python's `place`): one radio per option, the chosen one checked
 * (`choice`: its index; Python's default until the player picks another), the default
 * marked; a pick only redraws the preview with that option's figures. */
function placeChoice(act, place, choice) {
  const name = sid("place");
  return h("fieldset", { class: "nwb-place", dataset: { key: "place" } },
    h("legend", {}, place.legend || place.question),
    place.options.map((o, i) => h("label", { class: `nwb-place-opt${i === choice ? " nwb-chosen" : ""}`, dataset: { key: `place-${i}` } },
      h("input", { type: "radio", name, value: String(i), checked: i === choice, dataset: { key: `place-input-${i}` }, onchange: () => act.choosePlace(i) }),
      h("span", { class: "nwb-place-text" }, o.text),
      i === place.default ? h("span", { class: "nwb-badge nwb-suggested" }, "suggested") : null)));
}

/** The preview's figures: the chosen place's when the move asks where its card goes. */
export function previewShownPart(p, choice) {
  if (!p || !p.place) return p;
  const o = p.place.options[choice];
  return o ? { ...p, rows: o.rows, lines: o.lines, then: o.then, production: o.production } : p;
}

/** What the pending move changes (Python's preview `p`; null while on its way), with
 * where its card goes when it asks (`choice`: the option chosen). */
function previewBody(act, p, choice) {
  const shownP = previewShownPart(p, choice);
  const rows = shownP && shownP.rows ? shownP.rows : [];
  return h("section", { class: "nw-panel nwb-preview", role: "dialog", "aria-label": "What this move changes", dataset: { key: "preview" } },
    h("h3", {}, p && p.text ? p.text : "What this move changes"),
    !p ? h("p", { class: "nwb-dim" }, "Working out what it changes\u2026") : null,
    p && p.place ? placeChoice(act, p.place, choice) : null,
    rows.length
      ? h("table", { class: "nwb-changes" },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ""), h("th", { scope: "col" }, "now"), h("th", { scope: "col", "aria-hidden": "true" }, ""),
          h("th", { scope: "col" }, "after"), h("th", { scope: "col" }, "change"))),
        h("tbody", {}, rows.map(changeRow)))
      : p ? h("p", { class: "nwb-dim" }, "No resource, track or VP changes at once.") : null,
    p ? productionChange(shownP.production) : null,
    shownP && shownP.lines && shownP.lines.length ? h("ul", { class: "nwb-lines" }, shownP.lines.map((t) => h("li", {}, t))) : null,
    shownP && shownP.then ? h("p", { class: "nwb-then" }, `Then: ${shownP.then}`) : null,
    p && p.warning ? h("p", { class: "nwb-warn" }, p.warning) : null,
    // plain words on the buttons (a key in brackets means nothing on a touch screen); the
    // key in the tooltip and for assistive technology
    h("div", { class: "nwb-confirm" },
      h("button", { type: "button", class: "nw-btn nw-primary", title: "Confirm (Enter)", "aria-keyshortcuts": "Enter", dataset: { key: "preview-confirm" }, onclick: () => act.confirmPreview() }, "Confirm"),
      h("button", { type: "button", class: "nw-btn nw-secondary", title: "Cancel (Escape)", "aria-keyshortcuts": "Escape", dataset: { key: "preview-cancel" }, onclick: () => act.cancelPreview() }, "Cancel")));
}

function previewPanel(S, act, part) {
  const pending = act.pendingMove();
  if (!pending) return null;
  const p = act.previewShown(S);
  const choice = act.placeIndex(p);
  return part("preview", sig(pending, p, choice), () => previewBody(act, p, choice));
}

function recentPanel(S, part) {
  const r = S.view.recent;
  if (!r || !r.moves.length) return null;
  return part("recent", sig(r), () => h("section", { class: "nw-panel nwb-recent-moves", "aria-label": "The other players' last moves", dataset: { key: "recent" } },
    h("h3", {}, r.moves.length > 1 ? "Since your last move" : "Last move"),
    h("ol", {}, r.moves.map((m) => h("li", { class: `nwb-seat-${m.seat}` }, m.text,
      m.times > 1 ? h("b", {}, ` (×${m.times})`) : null)))));
}

function detailPanel(S, ui, act, part, moves) {
  const id = ui.detail;
  const card = id && (S.cards || {})[id];
  if (!card) return null;
  const related = [moves.buy.get(id), moves.special.get(id), moves.hire && moves.hire.card === id ? moves.hire : null].filter(Boolean);
  // a dialog over the board (drawn in place it pushed the whole board down)
  return part("detail", sig(card, related, S.acting), () => modal({ key: "detail", label: `${card.name}: details`, onClose: () => act.closeDetail(), inner: `nwb-detail nwb-t-${typeSlug(card.type)}` },
    h("header", { class: "nwb-detail-head" },
      h("h3", {}, card.name),
      h("button", { type: "button", class: "nw-btn nwb-close", "aria-label": "Close the card details", dataset: { key: "detail-close" }, onclick: () => act.closeDetail() }, "\u00d7")),
    h("p", { class: "nwb-detail-kind" }, detailKind(card)),
    card.text ? h("p", { class: "nwb-detail-text" }, card.text) : null,
    card.lines ? h("ul", { class: "nwb-detail-lines" }, card.lines.map((t) => h("li", {}, t))) : null,
    h("div", { class: "nwb-detail-figs" }, cardFigures(card).filter((el) => !el.classList.contains("nwb-more")),
      card.vp ? h("div", { class: "nwb-fig" }, `${card.vp} VP at the end`) : null,
      card.worker_vp ? h("div", { class: "nwb-fig" }, `workers score ${card.worker_vp.join(" + ")} VP`) : null,
      card.max_workers ? h("div", { class: "nwb-fig" }, `at most ${card.max_workers} workers`) : null),
    related.length ? h("div", { class: "nwb-card-acts" }, related.map((e) => moveButton(act, e, e.text, { buy: " nw-buy nwb-buy", hire: " nw-buy nwb-hire" }[e.group] || " nw-secondary"))) : null,
    h("div", { class: "nwb-confirm" },
      h("button", { type: "button", class: "nw-btn nw-primary", dataset: { key: "detail-done" }, onclick: () => act.closeDetail() }, "Close"))));
}

// -------------------------------------------------------- progress board
/** The progress board's frame for `count` rows: its heading with the deck's count, each
 * row with its price and its cards' container (refs: set in place on every draw). */
function progressFrame(count) {
  const deck = h("span", { class: "nwb-sub" }, "");
  const rows = Array.from({ length: count }, (_, r) => {
    const price = h("b", { class: iconClass("gold", 17) }, "");
    const cards = h("div", { class: "nwb-row-cards" });
    const el = h("div", { class: "nwb-row", role: "group", dataset: { key: `row-${r}` } },
      h("div", { class: "nwb-row-price", "aria-hidden": "true" }, price, " gold"), cards);
    return { el, price, cards };
  });
  const el = h("section", { class: "nw-panel nwb-progress", "aria-label": "Progress board", dataset: { key: "progress" } },
    h("h3", { class: "nwb-progress-head" }, h("span", {}, "Progress board"), deck), rows.map((row) => row.el));
  refs.set(el, { deck, rows });
  return el;
}

/** The progress board: its frame built once per number of rows (the deck's count, each
 * row's price and width set in place), each card a part of its own (a Buy that comes or
 * goes as the turn passes builds that card's frame and buttons again, its face kept), and
 * each taken place; a move no longer builds the board's frame and rows again. */
function progressPanel(S, ui, act, part, moves) {
  const v = S.view;
  const pr = v.progress;
  const recent = new Set(v.recent ? v.recent.cards : []);
  const live = shown(S.acting);
  const panel = part(`progress-${pr.rows.length}`, "", () => progressFrame(pr.rows.length));
  const { deck, rows } = refs.get(panel);
  setText(deck, `${pr.deck} card${pr.deck === 1 ? "" : "s"} left in this age's deck`);
  pr.rows.forEach((row, r) => {
    const drawn = rows[r];
    setAttr(drawn.el, "aria-label", `Row ${r + 1}: ${row.price} gold each`);
    setText(drawn.price, String(row.price));
    setAttr(drawn.cards, "style", `--cols: ${pr.columns}`);
    setChildren(drawn.cards, row.cards.map((id, c) => (id
      ? tableCard(S, ui, act, "progress", id, {
        recent: recent.has(id),
        why: live && !moves.buy.has(id) && pr.why ? pr.why[id] || null : null,
        buttons: () => (moves.buy.has(id) ? [moveButton(act, moves.buy.get(id), ["Buy ", chip("gold", moves.buy.get(id).price, String(moves.buy.get(id).price))], " nw-buy nwb-buy")] : []),
      }, moves.buy.get(id) || null, part)
      : part(`progress-empty-${r}-${c}`, "", () => h("div", { class: "nwb-empty", dataset: { key: `empty-${r}-${c}` } }, "taken")))));
  });
  return panel;
}

// ------------------------------------------------------------- nations
/** A nation's figure as a chip: with the shell's icon for it, its icon and its number
 * (its name hidden for a screen reader and shown on hover); else its name and number. */
function stat(label, value, extra = "", iconName = null) {
  return h("span", { class: `nwb-stat${extra}`, title: `${label}: ${num(value)}` },
    h("span", { class: iconName ? "nwb-k nwb-sr" : "nwb-k" }, label),
    h("b", iconName ? { class: iconClass(iconName, 16) } : {}, num(value)));
}

function populationTrack(n) {
  const pop = n.population;
  // what a worker taken from the section costs, in words (the track's "\u22123" alone said
  // nothing): food at every production, stability for as long as the worker is out
  const cost = (name, sec) => (name === "food"
    ? `each worker taken from it costs ${sec.upkeep} food at every production`
    : `each worker taken from it lowers stability by ${sec.upkeep}`);
  const section = (name, sec) => h("div", { class: `nwb-pop-sec nwb-pop-${name}`, "aria-label": `${name} section: ${sec.size - sec.taken} of ${sec.size} workers left; ${cost(name, sec)}` },
    h("span", { class: "nwb-k", title: `${name} section: ${cost(name, sec)}` }, icon(name, 14), h("span", { class: "nwb-sr nw-sr" }, name), ` \u2212${sec.upkeep} ${name === "food" ? "food" : "stability"} per worker taken`),
    h("span", { class: "nwb-pop-boxes", "aria-hidden": "true" },
      Array.from({ length: sec.size }, (_, i) => h("span", { class: i < sec.size - sec.taken ? "nwb-box nwb-full" : "nwb-box" }, i < sec.size - sec.taken ? "\u25cf" : "\u00b7"))));
  return h("div", { class: "nwb-pop" },
    section("food", pop.food), section("stability", pop.stability),
    pop.on_top ? h("span", { class: "nwb-dim" }, `${pop.on_top} on top of the track`) : null,
    pop.hidden ? h("span", { class: "nwb-dim" }, `${pop.hidden} without upkeep (easier game)`) : null);
}

/** A nation's buildings and military: each slot's card with its workers and its moves
 * (the common ones as buttons, the others behind "More"), or the empty slot. */
function slotCards(S, ui, act, n, moves, live, recent) {
  const cards = S.cards || {};
  const slotNames = n.slots.map((s) => (s.card && cards[s.card] ? cards[s.card].name : "empty"));
  return n.slots.map((s) => {
    if (!s.card) return h("div", { class: "nwb-empty", dataset: { key: `slot-${s.slot}` } }, `empty slot ${s.slot + 1}`);
    const entries = live ? [...(moves.deploy.get(s.slot) || []), ...(moves.undeploy.get(s.slot) || [])] : [];
    const special = live && moves.special.get(s.card);
    // the common moves as buttons; moving a worker in from another card, or taking
    // several off, behind "More" (a native <details>: Tab and Enter open it)
    const { common, more } = splitSlotMoves(entries);
    const texts = entries.map((e) => slotButtonText(e, slotNames));
    return tableCard(S, ui, act, `slot-${n.seat}-${s.slot}`, s.card, {
      workers: s.workers, max: s.max, recent: recent.has(s.card),
      buttons: () => [
        ...common.map((e) => slotButton(act, e, slotNames)),
        more.length ? h("details", { class: "nwb-more-moves", dataset: { key: `more-${n.seat}-${s.slot}` } },
          h("summary", {}, `More moves (${more.length})`),
          h("div", { class: "nwb-card-acts" }, more.map((e) => slotButton(act, e, slotNames)))) : null,
        special ? moveButton(act, special, "Use its action", " nw-secondary") : null,
      ].filter(Boolean),
    }, [entries, texts, special || null]);
  });
}

/** The wonder a nation builds: its card (Hire architect on it when listed) and its
 * sections built. */
function wonderBlock(S, ui, act, n, moves, live, recent) {
  const w = n.wonder;
  if (!w) return h("p", { class: "nwb-dim" }, "No wonder under construction.");
  return h("div", { class: "nwb-building" },
    cardEl(S, ui, act, w.card, {
      recent: recent.has(w.card),
      buttons: live && moves.hire ? [moveButton(act, moves.hire, ["Hire architect ", chip("stone", moves.hire.cost, String(moves.hire.cost))], " nw-buy nwb-hire")] : [],
    }),
    h("p", { class: "nwb-dim nwb-wonder-built" }, `${w.built} of ${w.sections} sections built`,
      shown(w.next_cost) ? ["; next: ", chip("stone", w.next_cost, String(w.next_cost))] : null));
}

/** A nation's other cards (advisors, colonies, the wonder built and being built, its
 * rule), each with its action's button when Python lists one. */
function sideCards(S, ui, act, n, moves, live, recent) {
  const liveCard = (id) => {
    const special = (live && moves.special.get(id)) || null;
    return tableCard(S, ui, act, `nation-${n.seat}`, id, {
      recent: recent.has(id),
      buttons: () => (special ? [moveButton(act, special, "Use its action", " nw-secondary")] : []),
    }, special);
  };
  const wonder = wonderBlock(S, ui, act, n, moves, live, recent);
  return h("div", { class: "nwb-side-cards" },
    h("div", {}, h("h4", {}, `Advisor${n.advisor_slots > 1 ? "s" : ""}`), n.advisors.length ? n.advisors.map(liveCard) : h("p", { class: "nwb-dim" }, "none")),
    h("div", {}, h("h4", {}, `Colonies (${n.colonies.length}/${n.colony_slots})`), n.colonies.length ? n.colonies.map(liveCard) : h("p", { class: "nwb-dim" }, "none")),
    h("div", {}, h("h4", {}, "Wonder under construction", n.private_architects ? h("span", { class: "nwb-dim" }, ` \u00b7 ${n.private_architects} private architect${n.private_architects > 1 ? "s" : ""}`) : null), wonder),
    h("div", {}, h("h4", {}, `Wonders (${n.wonders.length}/${n.wonder_slots})`), n.wonders.length ? n.wonders.map(liveCard) : h("p", { class: "nwb-dim" }, "none")),
    n.specials.length ? h("div", {}, h("h4", {}, "Nation's rule"), n.specials.map(liveCard)) : null);
}

function nationBoard(S, ui, act, n, moves, live, recent) {
  const badges = [
    n.passed ? h("span", { class: "nwb-badge" }, n.first_to_pass ? "passed first" : "passed") : null,
    n.revolt ? h("span", { class: "nwb-badge nwb-bad" }, "in revolt") : null,
    n.defeated ? h("span", { class: "nwb-badge nwb-bad" }, "defeated in the war") : null,
    S.view.current === n.seat ? h("span", { class: "nwb-badge nwb-now nw-turn-badge" }, "to play") : null,
  ];
  // what the next production changes (Python's forecast: the engine's production step,
  // its cards' effects and a revolt's losses included), the goods and VP as chips
  const change = n.next_production ? n.next_production.change : n.production;
  const prod = chips(Object.fromEntries([...GOODS, "vp"].map((k) => [k, change[k] || 0])));
  // the slots' cards before the side cards: the order their memos are asked in
  const slots = slotCards(S, ui, act, n, moves, live, recent);
  const side = sideCards(S, ui, act, n, moves, live, recent);
  return h("div", { class: "nwb-nation-body" },
    h("div", { class: "nwb-stats" },
      ["gold", "stone", "food", "books"].map((k) => stat(k, n.resources[k], ` nwb-${k}`, FIGURE_ICON[k])),
      stat("VP", n.resources.vp, " nwb-vp-stat", "vp"),
      stat("strength", n.strength, " nwb-track nwb-strength", "strength"),
      stat("stability", n.stability, n.revolt ? " nwb-track nwb-stability nwb-bad" : " nwb-track nwb-stability", "stability"),
      stat("idle workers", `${n.idle} / ${n.workers}`, " nwb-idle", "worker")),
    badges.some(Boolean) ? h("div", { class: "nwb-badges" }, badges) : null,
    h("p", { class: "nwb-prod", title: n.next_production ? `Next production: ${n.next_production.text}` : null }, h("span", { class: "nwb-k" }, "next production "), prod.length ? prod : "no change",
      n.next_production && (n.next_production.owed || n.next_production.choices) ? h("span", { class: "nwb-k" }, ` (${n.next_production.text.split("; ").slice(1).join("; ")})`) : null),
    populationTrack(n),
    h("h4", {}, "Buildings and military"),
    h("div", { class: "nwb-slots" }, slots),
    side);
}

/** A folded nation in a line: its figures as icon chips to the eye, Python's words for
 * them (n.summary, which says every figure drawn) to a screen reader. */
function summaryLine(n) {
  const icons = [["gold", n.resources.gold], ["stone", n.resources.stone], ["food", n.resources.food],
    ["book", n.resources.books], ["vp", n.resources.vp], ["strength", n.strength]];
  return h("p", { class: "nwb-summary" },
    h("span", { class: "nwb-sr" }, n.summary),
    h("span", { class: "nwb-summary-chips", "aria-hidden": "true", title: n.summary },
      icons.map(([name, v]) => h("span", { class: `nw-chip nwb-chip ${iconClass(name, 14)}` }, num(v))),
      h("span", { class: `nw-chip nwb-chip ${iconClass("stability", 14)}${n.stability < 0 ? " nw-chip-bad nwb-bad" : ""}` }, num(n.stability)),
      h("span", { class: `nw-chip nwb-chip ${iconClass("worker", 14)}` }, `${n.workers}`, h("span", { class: "nw-chip-word" }, ` worker${n.workers === 1 ? "" : "s"} (${n.idle} idle)`))));
}

/** What a nation did since the viewer's last move (Python's recent moves of its seat). */
function theirMoves(n, theirs) {
  return h("ul", { class: "nwb-their-moves", "aria-label": `${n.name}'s last moves`, dataset: { key: `their-${n.seat}` } },
    theirs.map((m) => h("li", {}, m.text)));
}

/** A nation's heading: its name (and its bot), its side and difficulty, and its Fold or
 * Unfold button (none on the viewer's own board). */
function nationHead(act, n, who, foldable, unfolded) {
  return h("header", { class: "nwb-nation-head" },
    h("h3", {}, `${n.name}${who}`),
    h("span", { class: "nwb-dim" }, `${n.side} \u00b7 ${n.difficulty}`),
    foldable ? h("button", {
      type: "button", class: "nw-btn nwb-fold", "aria-expanded": unfolded ? "true" : "false",
      "aria-label": `${unfolded ? "Fold" : "Unfold"} ${n.name}'s board`, dataset: { key: `fold-${n.seat}` },
      onclick: () => act.toggleFold(n.seat),
    }, unfolded ? "Fold" : "Unfold") : null);
}

/** A folded nation: its frame and heading built once (whose turn it is, a class set in
 * place), its summary line rebuilt when its figures change, and what it did since the
 * viewer's last move when that changes: the turn passing rebuilds none of them. */
function foldedNation(S, act, part, n, who, live, theirs) {
  const frame = part(`nation-${n.seat}-folded`, sig(n.name, who, n.side, n.difficulty), () =>
    h("section", { class: "nw-panel nwb-nation", "aria-label": `${n.name}'s nation`, dataset: { key: `nation-${n.seat}`, seat: n.seat } },
      nationHead(act, n, who, true, false)));
  setAttr(frame, "class", `nw-panel nwb-nation${live ? " nwb-live" : ""}${S.view.current === n.seat ? " nwb-current nw-to-play" : ""}`);
  const line = part(`nation-${n.seat}-summary`, sig(n.summary, n.resources, n.strength, n.stability, n.workers, n.idle), () => summaryLine(n));
  const moves = theirs.length ? part(`nation-${n.seat}-theirs`, sig(theirs), () => theirMoves(n, theirs)) : null;
  setChildren(frame, [frame.firstChild, line, moves]);
  return frame;
}

function nationPanel(S, ui, act, part, n, moves, isViewer) {
  const live = S.acting === n.seat;
  const unfolded = isViewer || ui.unfolded.has(n.seat);
  const recent = new Set(S.view.recent ? S.view.recent.cards : []);
  const mine = live ? [[...moves.deploy], [...moves.undeploy], moves.hire, [...moves.special]] : 0;
  // "remote": a person at their own screen of a table, named like one at this screen
  const who = botWords(n.who, isPerson(n.who) ? "" : botLevel(S, n.who));
  const theirs = isViewer || !S.view.recent ? [] : S.view.recent.moves.filter((m) => m.seat === n.seat);
  // a folded board is a part of its own: the unfolded one stays in Parts meanwhile (draw
  // keeps it), so that unfolding it again (the next turn of a hot seat: the acting
  // player's board is shown in full) builds only the cards changed since it was shown
  if (!unfolded) return foldedNation(S, act, part, n, who, live, theirs);
  const signature = sig(n, isViewer, mine, [...recent], theirs, S.view.current, ui.detail, live ? [...ui.pending] : 0, ui.rev);
  return part(`nation-${n.seat}`, signature, () =>
    h("section", { class: `nw-panel nwb-nation${live ? " nwb-live" : ""}${S.view.current === n.seat ? " nwb-current nw-to-play" : ""}`, "aria-label": `${n.name}'s nation`, dataset: { key: `nation-${n.seat}`, seat: n.seat } },
      nationHead(act, n, who, !isViewer, true),
      nationBoard(S, ui, act, n, moves, live, recent),
      // what this nation did since the viewer's last move
      theirs.length ? theirMoves(n, theirs) : null));
}

// ---------------------------------------------------------- scoring board
/** The scoring board's table: the player order, each nation's VP and books, the nation to
 * play marked. */
function scoringTable(v) {
  const sc = v.scoring;
  const passed = new Set(sc.passed);
  return h("table", { class: "nwb-table" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "order"), h("th", { scope: "col" }, "nation"), h("th", { scope: "col", class: iconClass("vp", 14) }, "VP"), h("th", { scope: "col", class: iconClass("book", 14) }, "books"))),
    h("tbody", {}, sc.order.map((seat, i) => h("tr", { class: v.current === seat ? "nwb-now" : "" },
      h("td", {}, `${i + 1}`), h("td", {}, nameText(seatName(seat)), passed.has(seat) ? h("span", { class: "nwb-dim" }, " (passed)") : null),
      h("td", {}, num(v.scores[seat])), h("td", {}, num(sc.books[seat]))))));
}

/** The round's event card: its two halves, its famine and architects. */
function eventBlock(ev) {
  if (!ev) return h("p", { class: "nwb-dim" }, "No event card yet.");
  return h("div", { class: "nwb-event", "aria-label": "Event card" },
    h("h4", {}, "Event"),
    ev.halves.map((half) => h("p", {}, h("b", {}, half.name), ": ", half.text)),
    h("p", { class: "nwb-dim nwb-event-figs" }, "Famine: ", chip("food", ev.famine, String(ev.famine)), " for every nation \u00b7 ",
      chip("architects", ev.architects, String(ev.architects)), " from the event"));
}

/** The solo game's shadow nation (null in a game of players). */
function shadowBlock(solo) {
  if (!solo) return null;
  return h("div", { class: "nwb-solo" }, h("h4", {}, "The shadow nation"),
    // its figures as the nations' chips (each named in words for a screen reader)
    h("p", { class: "nwb-solo-figs" }, chip("strength", solo.strength, num(solo.strength)), " ", chip("stability", solo.stability, num(solo.stability)), " ",
      chip("books", solo.books, String(solo.books)), ` \u00b7 ${solo.first ? "first" : "second"} in player order`),
    solo.tile_text ? h("p", { class: "nwb-dim" }, solo.tile_text) : null,
    solo.last_roll ? h("p", { class: "nwb-dim" }, `The shadow's last roll: ${solo.last_roll}.`) : null,
    solo.notice ? h("p", { class: "nwb-note" }, solo.notice) : null,
    solo.title ? h("p", {}, "Hall of Fame: ", h("b", {}, solo.title)) : null);
}

function scoringPanel(S, ui, act, part) {
  const v = S.view;
  const sc = v.scoring;
  // everything the table reads: the nation to play is marked in it (v.current)
  return part("scoring", sig(sc, v.scores, v.solo, v.final, v.winner, v.over, S.seats, v.current, v.age_name, ui.rev), () => {
    const war = sc.war;
    return h("section", { class: "nw-panel nwb-scoring", "aria-label": "Scoring board", dataset: { key: "scoring" } },
      h("h3", {}, "Scoring board"),
      h("p", {}, h("b", {}, `Round ${sc.round} of ${sc.rounds}`), ` \u00b7 age ${roman(sc.age)} (${v.age_name}) \u00b7 `,
        h("b", {}, String(sc.architects)), ` architect${sc.architects === 1 ? "" : "s"} left`),
      scoringTable(v),
      eventBlock(sc.event),
      war ? h("div", { class: "nwb-war" }, h("h4", {}, "War"), war.card ? cardEl(S, ui, act, war.card, {}) : null, h("p", {}, war.text))
        : h("p", { class: "nwb-dim" }, "No war this round."),
      shadowBlock(v.solo),
      v.final ? h("p", { class: "nwb-dim" }, "Final scoring: at the top.") : null);
  });
}

// what the resources part of the final scoring counts (Python's final_breakdown,
// nations_widget/board/scoring.py): strength and stability count with the goods
const RESOURCES_RULE = "1 VP per 10 resources left: gold, stone, food and books, plus strength and stability";

// the final scoring's columns: each under its icon or its type's colour, named in words
// (its tooltip and screen-reader label: the word, or the rule when the word is short for it)
const finalColumns = () => [
  ["vp", "VP tokens", icon("vp", 14)], ["colonies", "colonies", h("span", { class: "nw-kind-dot nw-t-colony" })],
  ["wonders", "wonders", h("span", { class: "nw-kind-dot nw-t-wonder" })], ["workers", "workers", icon("worker", 14)],
  ["resources", "resources left \u00f7 10", icon("gold", 14), RESOURCES_RULE],
];

// the final scoring, shown with the game-over line at the top: a row per nation, best
// first (Python's ranking: most VP, ties to the earlier player order), the winner's in
// gold
function finalTable(S) {
  const v = S.view;
  const cols = finalColumns();
  const winners = new Set([].concat(shown(v.winner) ? v.winner : []));
  const name = (s) => (v.nations[s] ? v.nations[s].name : seatName(s));
  const ranking = Array.isArray(v.ranking) ? v.ranking : v.final.map((_, s) => s);
  return h("div", { class: "nwb-final", dataset: { key: "final" } }, h("h4", {}, "Final scoring"),
    h("div", { class: "nwb-scroll" }, h("table", { class: "nw-final-table nwb-final-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", class: "nw-final-who" }, "nation"),
        cols.map(([k, label, mark, tip]) => h("th", { scope: "col", class: `nwb-col-${k}`, title: tip || label, "aria-label": tip || label }, mark, h("span", { class: "nw-col-word" }, label))),
        h("th", { scope: "col", title: "total", "aria-label": "total" }, icon("vp", 14), h("span", { class: "nw-col-word" }, "total")))),
      h("tbody", {}, ranking.map((s, i) => {
        const b = v.final[s];
        return h("tr", { class: winners.has(s) ? "nw-final-first nwb-winner" : "", dataset: { seat: s } },
          h("th", { scope: "row", class: "nw-final-who", "aria-label": `${i + 1}. ${name(s)}${winners.has(s) ? ", winner" : ""}` }, h("span", { class: "nw-rank" }, String(i + 1)), h("span", { class: "nwb-sr nw-sr" }, ". "), nameText(name(s)), winners.has(s) ? h("span", { class: "nw-turn-badge nwb-won" }, "winner") : null),
          cols.map(([k]) => h("td", {}, num(b[k]))),
          h("td", { class: "nw-final-total" }, num(b.total)));
      })))),
    // a phone has no hover for the column's tooltip: the rule in words under the table
    h("p", { class: "nwb-dim", dataset: { key: "final-resources" } }, `${RESOURCES_RULE}.`));
}

// ----------------------------------------------------------- round summary
/** A figure's change in a line: its icon (its name for a screen reader), before \u2192
 * after, the difference on a green or red pill. */
function changeChip(c) {
  const word = FIGURE_LABEL[c.name] || c.name;
  const iconName = FIGURE_ICON[c.name];
  const delta = c.after - c.before;
  return h("span", { class: "nwb-change", title: `${word} ${num(c.before)} \u2192 ${num(c.after)}` },
    iconName ? said(iconName, `${word} `) : h("span", { class: "nwb-k" }, `${word} `),
    `${num(c.before)} \u2192 ${num(c.after)} `,
    delta ? h("span", { class: `nw-delta ${delta > 0 ? "nw-up" : "nw-down"}` }, signed(delta)) : null);
}

/** The round summary's dialog: each nation's changes, each phase's lines folded under its
 * name, the player order now. */
function summaryDialog(S, act, r) {
  return modal({ key: "summary", label: `Round ${r.round} summary`, onClose: () => act.closeSummary(r.round), inner: "nwb-summary-dialog" },
    h("h3", {}, `End of round ${r.round}${r.event ? ` \u2014 ${r.event}` : ""}`),
    h("div", { class: "nwb-scroll" }, h("table", { class: "nwb-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "nation"), h("th", { scope: "col" }, "changes (end of the actions \u2192 after the resolution)"))),
      h("tbody", {}, r.rows.map((row) => h("tr", {}, h("th", { scope: "row" }, row.name),
        h("td", { class: "nwb-summary-changes" }, row.changes.length ? row.changes.map(changeChip) : "no change")))))),
    // each phase's lines folded under its name (the table above is the glance; the
    // lines are there for who wants the detail): no wall of text
    h("p", { class: "nwb-dim nwb-phase-hint" }, "Each phase step by step:"),
    r.phases.map((ph, i) => h("details", { class: "nwb-phase", dataset: { key: `phase-${i}` } },
      h("summary", {}, h("b", {}, ph.label), h("span", { class: "nwb-dim" }, ` \u00b7 ${ph.lines.length} line${ph.lines.length === 1 ? "" : "s"}`)),
      h("ul", {}, ph.lines.map((l) => h("li", { class: shown(l.seat) ? `nwb-seat-${l.seat}` : "" }, l.text, l.times > 1 ? h("b", {}, ` (\u00d7${l.times})`) : null))))),
    h("p", {}, `Player order now: ${playerOrderText(S.view, r.order)}.`),
    h("button", { type: "button", class: "nw-btn nw-primary", dataset: { key: "summary-close" }, onclick: () => act.closeSummary(r.round) }, "Close"));
}

/** The last round's summary, over the board: shown once at the end of each round to a
 * table with a person at it (until closed), and again with S. */
function summaryOverlay(S, ui, act, part) {
  const r = S.view.round_summary;
  if (!r || S.viewingHistory) return null;
  const open = ui.summaryOpen || (ui.dismissed !== roundKey(S, r.round) && S.seats.includes("human") && !S.view.over);
  if (!open) return null;
  return part("summary", sig(r), () => summaryDialog(S, act, r));
}

// ----------------------------------------------------------------- draw
/**
 * The drawn table of one view: its frame and containers, the Parts kept between draws,
 * the shell's log section and the catalogue drawn from.  `render(S, state, act)` brings
 * the page up to date with snapshot S (`state`: view.js's visual state).
 */
export class Board {
  constructor(host) {
    this.host = host;
    this.parts = new Parts();
    this.frame = null; // the view's root element, in `host`
    this.els = null; // the containers inside it (head, turn, left, right, others, main)
    this.logSection = null; // the shell's log section: one per drawn table
    this.cardsSeen = null; // the card catalogue drawn from, and its number (ui.rev)
    this.cardsRev = 0;
  }

  /** Forget everything drawn (the next render builds the table anew). */
  reset() {
    this.parts.clear();
    this.frame = null;
    this.logSection = null;
  }

  skeleton() {
    this.els = {
      // the dice game's dark header (the shell's .nw-header), the round on its pill
      head: h("header", { class: "nwb-head nw-header" }),
      turn: h("div", { class: "nwb-turn" }),
      left: h("div", { class: "nwb-left" }),
      right: h("div", { class: "nwb-right" }),
      others: h("div", { class: "nwb-others", "aria-label": "The other nations" }),
      // the progress board and, beside it on a wide screen (before it on a phone), every
      // nation's panel
      table: h("div", { class: "nwb-table-area" }),
      players: h("section", { class: "nwb-players", "aria-label": "Every nation at a glance", dataset: { key: "players" } }),
    };
    this.els.main = h("div", { class: "nwb-main" }); // its children: render
    this.frame = h("div", { class: "nwb-root nw-root" });
    this.host.replaceChildren(this.frame);
  }

  /** The number of S's card catalogue: a new one when the `cards` trait changed. */
  catalogue(S) {
    if (S.cards !== this.cardsSeen) {
      this.cardsSeen = S.cards;
      this.cardsRev += 1;
    }
    return this.cardsRev;
  }

  /** The shell's log section: made once per drawn table (each call of logPanel() makes a
   * new one), brought up to date on every draw. */
  logNode(act) {
    const panels = act.panels();
    if (!this.logSection && typeof panels.logPanel === "function") this.logSection = panels.logPanel();
    if (!this.logSection) return null;
    if (typeof this.logSection.update === "function") this.logSection.update();
    return this.logSection.nodeType ? this.logSection : this.logSection.el;
  }

  render(S, state, act) {
    if (!this.frame || this.frame.parentNode !== this.host) this.skeleton();
    const { frame, els } = this;
    const P = this.parts;
    const part = (key, signature, build) => P.part(key, signature, build);
    const panel = (name) => {
      const panels = act.panels();
      return typeof panels[name] === "function" ? panels[name](S, part) : null;
    };
    const v = S.view;
    const moves = placeMoves(S.acting !== null && S.acting !== undefined ? S.legal : []);
    const acting = shown(S.acting) ? v.nations.find((n) => n.seat === S.acting) : null;
    const pending = pendingCards(act.pendingMove(), acting);
    const placed = act.placeCard(S); // the card the chosen place replaces, outlined too
    if (placed) pending.add(placed);
    const ui = { ...state, pending, rev: this.catalogue(S) };
    setAttr(frame, "data-step", v.step);
    setAttr(frame, "class", `nwb-root nw-root${S.busy ? " nw-is-busy" : ""}`);

    const head = part("head", sig(S.info), () => header(S));
    const status = part("status", sig(v.round, v.rounds, v.age, v.age_name, v.step_label, v.over, v.scoring.event, v.scoring.war, v.current, S.acting, S.seats, v.nations.map((n) => n.who), v.current !== null && v.current !== undefined ? botLevel(S, (v.nations[v.current] || {}).who) : null), () => statusStrip(S));
    const panels = act.panels();
    const buttons = panels.headerButtons ? [].concat(panels.headerButtons(part) || []) : [];
    // signed by everything promptPanel draws: the choices line too (an Undo or a bot's turn
    // can bring back the same question with other moves, e.g. an architect to hire again)
    const prompt = part("prompt", sig(v.prompt, v.decision_card, ui.detail, S.acting, moves.options, moves.pass, choicesLine(moves), v.over, v.final, v.round_summary ? v.round_summary.round : 0, S.viewingHistory, gameSeed(S), S.fair, v.final ? playAgainWords(S) : ""), () => promptPanel(S, ui, act, moves));
    // nobody here may act: the shell says who is thinking (Skip, Let the bots play)
    const waiting = shown(v.current) && !shown(S.acting) && !S.viewingHistory && panels.waiting
      ? part("waiting", sig(S.busy, v.current, S.seats, S.humanTurn), () => panels.waiting(S)) : null;
    // Undo beside the decision where the columns stack (a phone: the history panel, with its
    // own Undo, is far down); the shell's piece, the same as the dice game's
    setChildren(undoSlots.get(prompt), [panel("undoNear")]);
    setChildren(els.turn, [prompt, waiting, previewPanel(S, act, part), recentPanel(S, part)]);

    const viewer = shown(v.viewer) ? v.viewer : null;
    const byseat = new Map(v.nations.map((n) => [n.seat, n]));
    const mine = viewer !== null ? nationPanel(S, ui, act, part, byseat.get(viewer), moves, true) : null;
    setChildren(els.others, boardOrder(v).filter((s) => s !== viewer).map((s) => nationPanel(S, ui, act, part, byseat.get(s), moves, false)));
    for (const n of v.nations) if (n.seat !== viewer && !ui.unfolded.has(n.seat)) P.use(`nation-${n.seat}`); // kept for its next unfolding
    setChildren(els.left, [mine, els.others]);
    setChildren(els.right, [panel("coachPanel"), panel("historyPanel"), this.logNode(act), panel("gamePanel")]);
    // the scoring board comes first: one column (a phone) shows it right after the prompt
    // and the progress board, not below every nation; two columns put it at the top of
    // the right-hand column (board.css: grid areas), as before. Its place in the reading
    // and Tab order is the one seen in one column.
    setChildren(els.main, [scoringPanel(S, ui, act, part), els.left, els.right]);

    const help = act.helpOpen() && panels.helpOverlay ? panels.helpOverlay(part) : null; // null while closed
    // the progress board takes the whole width (up to 7 columns of cards), the nations and
    // the scoring board share the row below (one column when narrow)
    setChildren(els.head, [head, ...buttons]);
    // one dialog at a time: the shortcut list, else the round summary, else a card's details
    const dialog = help || summaryOverlay(S, ui, act, part) || detailPanel(S, ui, act, part, moves);
    setChildren(els.players, playerPanels(S, act, part));
    // a 5-player board (7 columns of cards) needs the whole width: the panels go under it
    setAttr(els.table, "class", `nwb-table-area${v.progress.columns >= 7 ? " nwb-wide-board" : ""}`);
    // the panels first: one column (a phone) shows them right after the question, where the
    // player deciding reads their own figures (and the others'), not after the whole
    // progress board; wider, board.css's grid areas put them beside the board (or under a
    // 7-column board), as before. The reading and Tab order is the one seen in one column.
    setChildren(els.table, [els.players, progressPanel(S, ui, act, part, moves)]);
    setChildren(frame, [els.head, status, panel("errorLine"), S.viewingHistory ? panel("historyBanner") : null, S.puzzle ? panel("puzzleBanner") : null, els.turn, els.table, els.main, dialog]);
    P.sweep();
    setAttr(frame, "data-position", v.position);
    this.focusPlace(act);
  }

  /** A preview that asks where the card goes, drawn for the first time: the focus goes
   * to the chosen place (arrows pick another, Enter confirms, Escape cancels) when it was
   * on the control that asked for the preview or on the widget itself, not elsewhere. */
  focusPlace(act) {
    const pending = act.pendingMove();
    if (!pending) this.placeFocused = null; // cancelled or played: the same purchase again is a new preview
    if (!pending || this.placeFocused === pending) return;
    const radio = this.frame.querySelector(".nwb-preview .nwb-place input:checked");
    if (!radio) return;
    this.placeFocused = pending;
    const doc = this.frame.ownerDocument;
    const at = doc && doc.activeElement;
    const asker = act.previewAsker();
    const fromAsker = at && (at === this.host || at === doc.body
      || (asker && this.host.contains(at) && at.dataset && at.dataset.key === asker));
    if (fromAsker && typeof radio.focus === "function") radio.focus({ preventScroll: true });
  }
}
