// The board game's view over real payloads from Python (js/scripts/make_board_fixtures.py),
// with a stand-in shell (helpers.js): what it draws, where each legal move goes, previews,
// folding, the detail panel, the round summary, the keys and the New game fields.
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createView, SHORTCUTS } from "../../src/board/view.js";
import { TYPE_LABEL, num } from "../../src/board/logic.js";
import { click, key, mount, snapshot } from "./helpers.js";

afterEach(() => {
  document.body.replaceChildren();
});

const FIXTURES = ["growth_2p", "actions_3p", "mid_4p", "choose_slot_2p", "bot_turn_2p", "solo", "late_5p", "game_over_4p"];
const moveButton = (el, k) => [...el.querySelectorAll("[data-key^='move-']")].find((b) => b.getAttribute("data-key") === `move-${k}`);
const cardIdsIn = (S) => {
  const ids = new Set(S.view.cards_in_sight);
  return [...ids];
};

describe("what is drawn", () => {
  it("draws every fixture in words: card names, never card ids", () => {
    for (const name of FIXTURES) {
      const S = snapshot(name);
      const { el } = mount(createView, S);
      const text = el.textContent;
      expect(text, name).toContain(S.view.prompt);
      for (const id of cardIdsIn(S)) {
        expect(S.cards[id], `${name}: ${id} in the cards trait`).toBeTruthy();
        if (id.includes("-")) expect(text, `${name}: id ${id}`).not.toContain(id);
      }
      expect(el.querySelectorAll("[data-key^='nation-']").length, name).toBe(S.view.nations.length);
      // a number below zero is written with a true minus sign, never a hyphen ("stability −1")
      for (const node of el.querySelectorAll("b, td, p, span")) {
        if (node.children.length === 0) expect(node.textContent, `${name}: ${node.className}`).not.toMatch(/(^|[\s(])-\d/);
      }
    }
  });

  it("lays out the progress board by price with clean typographic cards", () => {
    const S = snapshot("actions_3p");
    const { el } = mount(createView, S);
    const rows = el.querySelectorAll(".nwb-progress .nwb-row");
    expect(rows.length).toBe(3);
    expect([...rows].map((r) => r.getAttribute("aria-label"))).toEqual(["Row 1: 3 gold each", "Row 2: 2 gold each", "Row 3: 1 gold each"]);
    const onBoard = S.view.progress.rows.flatMap((r) => r.cards).filter(Boolean);
    for (const id of onBoard) {
      const card = el.querySelector(`.nwb-progress [data-card="${id}"]`);
      const spec = S.cards[id];
      expect(card.className).toContain(`nwb-t-${spec.type.replace(/ /g, "-")}`);
      expect(card.querySelector(".nwb-card-name").textContent).toBe(spec.name);
      if (spec.vp) expect(card.querySelector(".nwb-vp").textContent).toBe(`${spec.vp} VP`);
      if (spec.requirement) expect(card.textContent).toContain(`${spec.requirement} strength`);
    }
  });

  it("draws each card's figures as icon chips that keep their words, under a band of the type's colour", () => {
    for (const name of ["mid_4p", "late_5p"]) {
      const S = snapshot(name);
      const { el } = mount(createView, S);
      const cards = el.querySelectorAll(".nwb-card");
      expect(cards.length, name).toBeGreaterThan(5);
      for (const card of cards) {
        // the band comes first, in the type's words
        const band = card.firstElementChild;
        expect(band.className, name).toBe("nwb-card-type nw-band");
        expect(band.textContent).toContain(TYPE_LABEL[S.cards[card.dataset.card].type]);
      }
      const chips = el.querySelectorAll(".nwb-card .nwb-chip");
      expect(chips.length, name).toBeGreaterThan(10);
      for (const chip of chips) {
        // "+2 books": a number and a word, for a screen reader (the text) and on hover (title)
        // (a raid's chip: its number, after the figure's word "raid")
        const text = chip.classList.contains("nwb-chip-raid") ? `${chip.parentNode.firstChild.textContent}${chip.textContent}` : chip.textContent;
        expect(text).toMatch(/^(raid )?[+\u2212]?[\d /]+( (gold|stone|food|books?|VP|strength|stability|workers?|private architects?))?$/);
        expect(chip.getAttribute("title")).toBe(text);
        if (!/private architect/.test(chip.textContent)) expect(chip.className).toContain("nw-ic");
      }
    }
    // a per-worker yield reads at a glance: Farm-like cards show each good as its own chip
    const S = snapshot("mid_4p");
    const { el } = mount(createView, S);
    const id = Object.keys(S.cards).find((k) => S.cards[k].per_worker && Object.keys(S.cards[k].per_worker).length > 1 && el.querySelector(`[data-card="${k}"]`));
    const fig = [...el.querySelector(`[data-card="${id}"]`).querySelectorAll(".nwb-fig")].find((f) => f.textContent.startsWith("per worker"));
    expect(fig.querySelectorAll(".nwb-chip").length).toBe(Object.values(S.cards[id].per_worker).filter(Boolean).length);
  });

  it("rings the nation to play and its question, as the dice game marks the player to move", () => {
    const S = snapshot("mid_4p");
    const { el } = mount(createView, S);
    const current = el.querySelectorAll(".nwb-nation.nwb-current");
    expect(current.length).toBe(1);
    expect(current[0].dataset.seat).toBe(String(S.view.current));
    expect(current[0].querySelector(".nwb-badge.nwb-now").textContent).toBe("to play");
    expect(el.querySelector(".nwb-prompt").classList.contains("nwb-live")).toBe(true);
    const me = S.view.nations.find((n) => n.seat === S.view.current);
    // the resources as icon and number, named for a screen reader
    const gold = current[0].querySelector(".nwb-gold");
    expect(gold.getAttribute("title")).toBe(`gold: ${me.resources.gold}`);
    expect(gold.textContent).toBe(`gold${me.resources.gold}`);
    expect(gold.querySelector("b").className).toContain("nw-icon-gold");
  });

  it("draws each nation's board: resources, tracks, population sections, slots with workers, wonder and architects", () => {
    const S = snapshot("late_5p");
    const { el } = mount(createView, S);
    const me = S.view.nations[S.view.viewer];
    const board = el.querySelector(`[data-key="nation-${me.seat}"]`);
    for (const k of ["gold", "stone", "food", "books"]) expect(board.querySelector(`.nwb-${k} b`).textContent).toBe(String(me.resources[k]));
    expect(board.querySelector(".nwb-strength b").textContent).toBe(String(me.strength));
    expect(board.querySelector(".nwb-stability b").textContent).toBe(String(me.stability));
    expect(board.querySelector(".nwb-pop-food").getAttribute("aria-label")).toContain(`of ${me.population.food.size} workers left`);
    const slots = board.querySelectorAll(".nwb-slots > *");
    expect(slots.length).toBe(me.slots.length);
    me.slots.forEach((s, i) => {
      if (s.card) expect(slots[i].querySelector(".nwb-workers").getAttribute("aria-label")).toBe(`${s.workers} worker${s.workers === 1 ? "" : "s"} on it`);
    });
    if (me.wonder) expect(board.textContent).toContain(`${me.wonder.built} of ${me.wonder.sections} sections built`);
    expect(board.textContent).toContain(me.side);
  });

  it("numbers an empty slot from 1, as the log and the move descriptions do", () => {
    const S = snapshot("late_5p");
    const me = S.view.nations[S.view.viewer];
    me.slots[2] = { ...me.slots[2], card: null, workers: 0, max: 0, deploy: null };
    const { el } = mount(createView, S);
    const board = el.querySelector(`[data-key="nation-${me.seat}"]`);
    expect(board.querySelector(".nwb-slots .nwb-empty").textContent).toBe("empty slot 3");
  });

  it("draws the scoring board: round and age, architects, VP and books, the event's two halves and famine, the war", () => {
    const S = snapshot("game_over_4p");
    const { byKey } = mount(createView, S);
    const sc = byKey("scoring");
    expect(sc.textContent).toContain(`Round ${S.view.round} of ${S.view.rounds}`);
    expect(sc.textContent).toContain(`${S.view.scoring.architects} architect`);
    for (const half of S.view.scoring.event.halves) expect(sc.textContent).toContain(half.text);
    expect(sc.textContent).toContain(`Famine: ${S.view.scoring.event.famine} food`);
    expect(sc.textContent).toContain(S.view.scoring.war.text);
    const rows = sc.querySelectorAll(".nwb-table tbody tr");
    expect(rows.length).toBeGreaterThanOrEqual(S.view.nations.length);
  });

  it("says what the player can do now, and nothing of the kind on a bot's turn or a choice", () => {
    const S = snapshot("actions_3p");
    const { byKey } = mount(createView, S);
    expect(byKey("can").textContent).toContain(`You can buy ${S.legal.filter((e) => e.group === "buy").length} cards`);
    expect(mount(createView, snapshot("bot_turn_2p")).el.querySelector("[data-key='can']")).toBeNull();
    expect(mount(createView, snapshot("choose_slot_2p")).el.querySelector("[data-key='can']")).toBeNull();
  });

  it("puts a battle's effect on its face, not only in the details", () => {
    const S = snapshot("actions_3p");
    const { el } = mount(createView, S);
    const battles = [...el.querySelectorAll(".nwb-progress .nwb-t-battle")];
    expect(battles.length).toBeGreaterThan(0);
    for (const b of battles) {
      expect(b.querySelector(".nwb-card-body").textContent).toContain("your raid in food, stone or books");
      // to the eye: the raid's icon, then the three goods' icons
      const goods = b.querySelector(".nwb-raid-goods");
      expect(goods.getAttribute("aria-hidden")).toBe("true");
      expect([...goods.querySelectorAll(".nw-icon")].map((i) => i.className.match(/nw-icon-(\w+)/)[1])).toEqual(["food", "stone", "book"]);
    }
    // a military card's raid value: a chip with the raid icon, "raid 4" in words
    const raids = [...el.querySelectorAll(".nwb-chip-raid")];
    expect(raids.length).toBeGreaterThan(0);
    for (const r of raids) {
      expect(r.className).toContain("nw-icon-raid");
      expect(r.parentNode.textContent).toMatch(/^raid \d+$/);
    }
  });

  it("shows the final scoring at the top when the game is over: a row per nation in Python's ranking, the winner's in gold", () => {
    const S = snapshot("game_over_4p");
    const { byKey } = mount(createView, S);
    const final = byKey("prompt").querySelector("[data-key='final']");
    expect(final.textContent).toContain("Final scoring");
    // every column named in words (beside its icon or its type's colour)
    const heads = [...final.querySelectorAll("thead th")].map((th) => th.textContent);
    expect(heads).toEqual(["nation", "VP tokens", "colonies", "wonders", "workers", "resources left \u00f7 10", "total"]);
    const rows = [...final.querySelectorAll("tbody tr")];
    expect(rows.map((tr) => Number(tr.dataset.seat))).toEqual(S.view.ranking);
    // the ranks in words for a screen reader, each row's total last
    rows.forEach((tr, i) => {
      expect(tr.querySelector("th").textContent).toContain(`${i + 1}. ${S.view.nations[S.view.ranking[i]].name}`);
      expect(Number(tr.querySelector(".nw-final-total").textContent)).toBe(S.view.final[S.view.ranking[i]].total);
    });
    const marked = rows.filter((tr) => tr.classList.contains("nw-final-first")).map((tr) => Number(tr.dataset.seat));
    expect(marked).toEqual([].concat(S.view.winner));
    expect(rows[0].textContent).toContain("winner");
    expect(byKey("scoring").querySelector("[data-key='final']")).toBeNull();
  });

  it("says what the final scoring's resources column counts: what Python's scoring counts, not gold alone", () => {
    const S = snapshot("game_over_4p");
    const { byKey } = mount(createView, S);
    const final = byKey("prompt").querySelector("[data-key='final']");
    const th = [...final.querySelectorAll("thead th")].find((x) => x.textContent.startsWith("resources"));
    // (gold + stone + food + books + strength + stability) // 10: nations_widget/board/scoring.py
    const counted = ["gold", "stone", "food", "books", "strength", "stability"];
    for (const where of [th.getAttribute("title"), th.getAttribute("aria-label"), final.querySelector("[data-key='final-resources']").textContent]) {
      expect(where).toMatch(/1 VP per 10/);
      for (const word of counted) expect(where).toContain(word);
    }
  });

  it("shows the solo shadow and the reconstruction notice", () => {
    const S = snapshot("solo");
    const { byKey } = mount(createView, S);
    expect(byKey("summary").textContent).toContain(S.view.solo.first ? "the shadow, then Player 1" : "Player 1, then the shadow");
    // the shadow's figures as chips, each with its words (for a screen reader and on hover)
    const figs = byKey("scoring").querySelector(".nwb-solo-figs");
    expect([...figs.querySelectorAll(".nwb-chip")].map((c) => c.getAttribute("title"))).toEqual([
      `${num(S.view.solo.strength)} strength`, `${num(S.view.solo.stability)} stability`, `${S.view.solo.books} book${S.view.solo.books === 1 ? "" : "s"}`]);
    expect(figs.querySelector(".nwb-chip-strength").className).toContain("nw-icon-strength");
    // the solo tile in words, not by its id
    expect(byKey("scoring").textContent).toContain(S.view.solo.tile_text);
    expect(byKey("scoring").textContent).not.toContain(S.view.solo.tile);
    if (S.view.solo.notice) expect(byKey("scoring").textContent).toContain("reconstruction");
  });

  it("places the shell's panels: header buttons, the log made once and updated each draw, the banner only in history", () => {
    const S = snapshot("actions_3p");
    const { view, byKey, shell } = mount(createView, S);
    expect(byKey("shell-newgame")).toBeTruthy();
    expect(byKey("shell-help")).toBeTruthy();
    expect(byKey("shell-banner")).toBeNull();
    view.draw(S);
    expect(shell.logPanels).toBe(1);
    expect(shell.logUpdates).toBe(2);
    view.draw({ ...S, viewingHistory: true, acting: null });
    expect(byKey("shell-banner")).toBeTruthy();
    expect(byKey("shell-waiting")).toBeNull();
    expect(document.querySelectorAll(".nwb-act").length).toBe(0);
  });

  it("is ready only with the table and the card catalogue", () => {
    const S = snapshot("actions_3p");
    const { view } = mount(createView, S);
    expect(view.ready(S)).toBe(true);
    expect(view.ready({ ...S, cards: {} })).toBe(false);
    expect(view.ready({ ...S, cards: undefined })).toBe(false);
    expect(view.ready({ ...S, view: {} })).toBe(false);
  });

  it("redraws incrementally: the same snapshot keeps every drawn section", () => {
    const S = snapshot("actions_3p");
    const { view, byKey } = mount(createView, S);
    const progress = byKey("progress");
    const nation = byKey("nation-0");
    view.draw(S);
    expect(byKey("progress")).toBe(progress);
    expect(byKey("nation-0")).toBe(nation);
  });

  it("the turn passing builds neither the progress board's frame nor a folded nation again", () => {
    const S = snapshot("actions_3p");
    const me = S.view.viewer;
    const others = S.view.nations.map((n) => n.seat).filter((s) => s !== me);
    const { view, byKey } = mount(createView, S);
    const progress = byKey("progress");
    const rows = [...progress.querySelectorAll(".nwb-row")];
    const folded = others.map((s) => byKey(`nation-${s}`));
    const lines = folded.map((n) => n.querySelector(".nwb-summary"));
    const [next] = others;
    // a bot's turn now: nobody here acts, the Buy buttons go, the next nation is marked
    view.draw({ ...S, acting: null, legal: [], view: { ...S.view, current: next } });
    expect(byKey("progress")).toBe(progress);
    expect([...progress.querySelectorAll(".nwb-row")]).toEqual(rows);
    expect(progress.querySelector(".nwb-buy")).toBeNull();
    others.forEach((s, i) => {
      expect(byKey(`nation-${s}`)).toBe(folded[i]);
      expect(folded[i].querySelector(".nwb-summary")).toBe(lines[i]);
      expect(folded[i].classList.contains("nwb-current")).toBe(s === next);
    });
  });

  it("builds again only the cards whose figures or moves changed", () => {
    const S = snapshot("actions_3p");
    const { view, el } = mount(createView, S);
    view.onKey(key("f"), S); // the other nations unfolded: their cards do not change
    const bought = new Set(S.legal.filter((e) => e.group === "buy").map((e) => e.card));
    const acting = el.querySelectorAll(`[data-key='nation-${S.acting}'] [data-card]`).length;
    const all = el.querySelectorAll("[data-card]").length;
    // the cards that say why they cannot be bought lose that line too
    const why = el.querySelectorAll(".nwb-progress .nwb-why").length;
    expect(bought.size).toBeGreaterThan(0);
    const made = [];
    const create = document.createElement.bind(document);
    document.createElement = (tag, ...rest) => {
      if (tag === "article") made.push(tag);
      return create(tag, ...rest);
    };
    try {
      // nobody here may act any more: the buy buttons and the acting nation's buttons go
      view.draw({ ...S, acting: null, legal: [] });
    } finally {
      document.createElement = create;
    }
    expect(made.length).toBeGreaterThan(0);
    expect(made.length).toBeLessThanOrEqual(bought.size + why + acting);
    expect(made.length).toBeLessThan(all);
    expect(el.querySelector(".nwb-progress .nwb-buy")).toBeNull();
    view.draw(S); // and back: the buy buttons return on their cards
    for (const id of bought) expect(el.querySelector(`.nwb-progress [data-card='${id}'] .nwb-buy`), id).toBeTruthy();
  });

  it("a change of acting player rebuilds no card face: only the buttons come and go", () => {
    const S = snapshot("actions_3p");
    const me = S.view.viewer;
    const next = S.view.nations.map((n) => n.seat).find((s) => s !== me);
    const { view, el } = mount(createView, S);
    const bought = [...new Set(S.legal.filter((e) => e.group === "buy").map((e) => e.card))];
    expect(bought.length).toBeGreaterThan(0);
    const turnOf = (seat) => ({ ...S, acting: seat, legal: [], view: { ...S.view, viewer: seat, current: seat } });
    view.draw(turnOf(next)); // the next player's board drawn once in full
    view.draw(S);
    const faces = (root) => [...root.querySelectorAll(".nwb-card-head, .nwb-card-type, .nwb-card-body")];
    const before = new Map(bought.map((id) => [id, faces(el.querySelector(`.nwb-progress [data-card='${id}']`))]));
    const made = [];
    const create = document.createElement.bind(document);
    document.createElement = (tag, ...rest) => {
      const node = create(tag, ...rest);
      made.push(node);
      return node;
    };
    try {
      view.draw(turnOf(next)); // the turn passes: every Buy goes, the next board unfolds
      view.draw(S); // and back: the Buys return
    } finally {
      document.createElement = create;
    }
    const face = made.filter((node) => ["nwb-card-head", "nwb-card-type", "nwb-card-body"].some((c) => node.classList.contains(c)));
    expect(face).toEqual([]);
    for (const id of bought) {
      const card = el.querySelector(`.nwb-progress [data-card='${id}']`);
      expect(card.querySelector(".nwb-buy"), id).toBeTruthy();
      // the very elements drawn before, in the card's order
      expect(faces(card)).toEqual(before.get(id));
      expect(card.lastElementChild.classList.contains("nwb-card-acts")).toBe(true);
    }
  });

  it("a hot seat's next player unfolds, and the board folded meanwhile comes back without being built again", () => {
    const S = snapshot("actions_3p");
    const me = S.view.viewer;
    const [next, third] = S.view.nations.map((n) => n.seat).filter((s) => s !== me);
    const { view, el, byKey } = mount(createView, S);
    const mine = el.querySelectorAll(`[data-key='nation-${me}'] [data-card]`).length;
    expect(mine).toBeGreaterThan(0);
    const bought = new Set(S.legal.filter((e) => e.group === "buy").map((e) => e.card));
    // the turn passes: the next player's board in full, mine folded to its summary
    const turnOf = (seat) => ({ ...S, acting: seat, legal: [], view: { ...S.view, viewer: seat, current: seat } });
    view.draw(turnOf(next));
    expect(byKey(`nation-${me}`).querySelector(".nwb-summary")).toBeTruthy();
    expect(byKey(`nation-${next}`).querySelector(".nwb-nation-body")).toBeTruthy();
    view.draw(turnOf(third)); // three players: mine stays folded over two turns
    const made = [];
    const create = document.createElement.bind(document);
    document.createElement = (tag, ...rest) => {
      if (tag === "article") made.push(tag);
      return create(tag, ...rest);
    };
    try {
      view.draw(S); // and my turn again: my board in full
    } finally {
      document.createElement = create;
    }
    expect(el.querySelectorAll(`[data-key='nation-${me}'] [data-card]`).length).toBe(mine);
    expect(made.length).toBeLessThanOrEqual(bought.size); // only the cards whose Buy came back
  });
});

describe("moves", () => {
  it("puts every legal buy on its card and every deploy and undeploy on its slot", () => {
    const S = snapshot("actions_3p");
    const { el } = mount(createView, S);
    for (const e of S.legal) {
      const btn = moveButton(el, e.key);
      expect(btn, e.text).toBeTruthy();
      expect(btn.getAttribute("aria-label")).toBe(e.text);
      if (e.group === "buy") expect(btn.closest("[data-card]").getAttribute("data-card")).toBe(e.card);
      if (e.group === "deploy" || e.group === "undeploy") {
        const slotCard = S.view.nations[S.acting].slots[e.slot].card;
        expect(btn.closest("[data-card]").getAttribute("data-card")).toBe(slotCard);
        expect(btn.closest("[data-key^='nation-']").getAttribute("data-key")).toBe(`nation-${S.acting}`);
      }
    }
  });

  it("asks for the preview, shows before -> after, and plays only on Confirm", () => {
    const S = snapshot("actions_3p");
    const { el, shell, byKey } = mount(createView, S);
    const buy = S.legal.find((e) => e.move.type === "buy" && e.key === S.preview.key) || S.legal.find((e) => e.move.type === "buy");
    click(moveButton(el, buy.key));
    expect(shell.committed).toEqual([{ move: buy.move, opts: { preview: true } }]);
    expect(shell.sent).toEqual([]);
    const panel = byKey("preview");
    expect(panel).toBeTruthy();
    expect(S.preview.move).toEqual(buy.move); // the fixture previews this very buy
    const gold = S.preview.rows.find((r) => r.name === "gold");
    // the gold's row: its icon (the word for a screen reader), now \u2192 after, the difference on a red pill
    const row = [...panel.querySelectorAll(".nwb-changes tbody tr")].find((tr) => tr.querySelector("th").textContent === "gold");
    expect(row.querySelector("th .nw-icon-gold")).toBeTruthy();
    expect([...row.querySelectorAll("td")].map((td) => td.textContent)).toEqual([String(gold.before), "\u2192", String(gold.after), `\u2212${gold.before - gold.after}`]);
    expect(row.querySelector(".nw-delta").className).toBe("nw-delta nw-down");
    expect(panel.textContent).toContain(S.preview.lines[0]);
    expect(panel.querySelector("h3").textContent).toBe(buy.text);
    // plain words on the buttons (no key hint on a touch screen); the keys in the tooltip
    // and in aria-keyshortcuts
    expect(byKey("preview-confirm").textContent).toBe("Confirm");
    expect(byKey("preview-confirm").getAttribute("aria-keyshortcuts")).toBe("Enter");
    expect(byKey("preview-confirm").title).toContain("Enter");
    expect(byKey("preview-cancel").textContent).toBe("Cancel");
    expect(byKey("preview-cancel").getAttribute("aria-keyshortcuts")).toBe("Escape");
    expect(byKey("preview-cancel").title).toContain("Esc");
    click(byKey("preview-confirm"));
    expect(shell.sent).toEqual([{ kind: "move", move: buy.move }]);
    expect(byKey("preview")).toBeNull();
  });

  it("outlines the cards the previewed move touches, and no card once it is cancelled", () => {
    const S = snapshot("mid_4p");
    const { el, byKey } = mount(createView, S);
    const entry = S.legal.find((e) => e.key === S.preview.key);
    expect(entry.group).toBe("deploy"); // a worker moved from one card to another
    click(moveButton(el, entry.key));
    const slots = S.view.nations[S.acting].slots;
    const want = [slots[entry.slot].card, slots[Number(entry.source)].card].sort();
    const outlined = [...el.querySelectorAll(".nwb-pending")].map((c) => c.getAttribute("data-card")).sort();
    expect(outlined).toEqual(want);
    click(byKey("preview-cancel"));
    expect(el.querySelectorAll(".nwb-pending").length).toBe(0);
  });

  it("shows the card a question is about beside it, and outlines the slot a choice would replace", () => {
    const S = snapshot("choose_slot_2p");
    const { el, byKey } = mount(createView, S);
    expect(S.view.decision_card).toBeTruthy();
    const shown = byKey("decision-card").querySelector("[data-card]");
    expect(shown.getAttribute("data-card")).toBe(S.view.decision_card);
    expect(S.view.prompt).toContain(S.cards[S.view.decision_card].name);
    const first = S.legal[0];
    click(moveButton(el, first.key));
    const slot = Number(/^slot (\d+)/.exec(first.move.option)[1]);
    const replaced = S.view.nations[S.acting].slots[slot].card;
    expect([...el.querySelectorAll(".nwb-pending")].map((c) => c.getAttribute("data-card"))).toEqual([replaced]);
    expect(mount(createView, snapshot("actions_3p")).el.querySelector("[data-key='decision-card']")).toBeNull();
  });

  it("offers a choice as buttons with the engine's words, numbered for the keys", () => {
    const S = snapshot("choose_slot_2p");
    const { byKey, el } = mount(createView, S);
    const buttons = byKey("prompt").querySelectorAll(".nwb-option");
    expect(buttons.length).toBe(S.legal.length);
    S.legal.forEach((e, i) => expect(buttons[i].textContent).toBe(`${i + 1}. ${e.text}`));
    expect(el.querySelector(".nwb-buy")).toBeNull();
  });

  it("a bot's turn shows no move and the shell's waiting panel", () => {
    const S = snapshot("bot_turn_2p");
    const { el, byKey } = mount(createView, S);
    expect(el.querySelectorAll(".nwb-act").length).toBe(0);
    expect(byKey("shell-waiting")).toBeTruthy();
  });

  it("shows Python's refusal through the shell's error line", () => {
    const S = snapshot("actions_3p", { error: "Forum costs 3 gold; you have 1" });
    const { byKey } = mount(createView, S);
    expect(byKey("error").textContent).toBe("Forum costs 3 gold; you have 1");
  });

  it("highlights the other players' last moves and lists them in one line each", () => {
    const S = snapshot("late_5p");
    const { el, byKey } = mount(createView, S);
    const list = byKey("recent");
    expect(list.querySelectorAll("li").length).toBe(S.view.recent.moves.length);
    for (const m of S.view.recent.moves) expect(list.textContent).toContain(m.text);
    for (const id of S.view.recent.cards) {
      const shownCards = el.querySelectorAll(`[data-card="${id}"]`);
      if (shownCards.length) expect([...shownCards].some((c) => c.classList.contains("nwb-recent"))).toBe(true);
    }
  });
});

describe("panels", () => {
  it("folds the other nations to a summary line and unfolds them", () => {
    const S = snapshot("late_5p");
    const { byKey, view, el } = mount(createView, S);
    const other = S.view.nations.find((n) => n.seat !== S.view.viewer);
    const section = () => byKey(`nation-${other.seat}`);
    // Python's words for a screen reader, the same figures as icon chips to the eye
    expect(section().querySelector(".nwb-summary .nwb-sr").textContent).toBe(other.summary);
    const chips = section().querySelector(".nwb-summary-chips");
    expect(chips.getAttribute("aria-hidden")).toBe("true");
    expect(chips.querySelector(".nw-icon-gold").textContent).toBe(String(other.resources.gold));
    expect(chips.querySelector(".nw-icon-vp").textContent).toBe(String(other.resources.vp));
    expect(chips.textContent).toContain(`${other.workers} worker`);
    expect(byKey(`fold-${other.seat}`).getAttribute("aria-expanded")).toBe("false");
    click(byKey(`fold-${other.seat}`));
    expect(section().querySelector(".nwb-summary")).toBeNull();
    expect(section().querySelector(".nwb-slots")).toBeTruthy();
    expect(byKey(`fold-${other.seat}`).getAttribute("aria-expanded")).toBe("true");
    expect(byKey(`fold-${S.view.viewer}`)).toBeNull(); // the viewer's own board is always open
    view.onKey(key("f"), S);
    view.onKey(key("f"), S);
    expect(el.querySelectorAll(".nwb-summary").length).toBe(S.view.nations.length - 1);
  });

  it("shows under each other nation, folded or not, what it did since the viewer's last move", () => {
    const S = snapshot("mid_4p");
    const { byKey } = mount(createView, S);
    const bySeat = new Map();
    for (const m of S.view.recent.moves) if (m.seat !== S.view.viewer) bySeat.set(m.seat, [...(bySeat.get(m.seat) || []), m.text]);
    expect(bySeat.size).toBe(3);
    for (const [seat, texts] of bySeat) {
      const panel = byKey(`nation-${seat}`);
      expect(panel.querySelector(".nwb-summary"), `seat ${seat} folded`).toBeTruthy();
      expect([...byKey(`their-${seat}`).querySelectorAll("li")].map((li) => li.textContent)).toEqual(texts);
    }
    expect(byKey(`their-${S.view.viewer}`)).toBeNull();
  });

  it("opens a card's details from its name, in the project's words, and closes them with Escape", () => {
    const S = snapshot("actions_3p");
    const { el, byKey, view } = mount(createView, S);
    click(byKey("summary-close")); // round 1's summary opens first
    const id = S.view.progress.rows[0].cards.find(Boolean);
    click(el.querySelector(`[data-card="${id}"] .nwb-card-name`));
    const detail = byKey("detail");
    expect(detail.tagName).toBe("DIALOG"); // over the board, not a panel pushing it down
    expect(detail.querySelector("h3").textContent).toBe(S.cards[id].name);
    expect(detail.textContent).toContain(S.cards[id].text || S.cards[id].lines[0]);
    if (S.legal.some((e) => e.card === id)) expect(detail.querySelector(".nwb-act")).toBeTruthy();
    expect(view.escape(S)).toBe(true);
    expect(byKey("detail")).toBeNull();
    expect(view.escape(S)).toBe(false);
    // a printed card (no text) shows its figures in words
    const printed = S.view.nations[0].slots.map((s) => s.card).find((id) => id && S.cards[id].lines);
    click(el.querySelector(`[data-key="nation-0"] [data-card="${printed}"] .nwb-card-name`));
    expect(byKey("detail").textContent).toContain(S.cards[printed].lines[0]);
  });

  it("summarises the last round once, closes with Escape, reopens with S", () => {
    const S = snapshot("actions_3p");
    const { byKey, view } = mount(createView, S);
    const summary = byKey("summary");
    expect(summary).toBeTruthy();
    for (const ph of S.view.round_summary.phases) expect(summary.textContent).toContain(ph.label);
    // each phase folded under its name and count; Enter on one opens it, not closes the dialog
    const phases = [...summary.querySelectorAll("details.nwb-phase")];
    expect(phases.length).toBe(S.view.round_summary.phases.length);
    phases.forEach((d, i) => {
      expect(d.open).toBe(false);
      expect(d.querySelector("summary").textContent).toContain(`${S.view.round_summary.phases[i].lines.length} line`);
    });
    phases[0].querySelector("summary").focus();
    expect(view.keyFirst(key("Enter"), S)).toBe(false);
    expect(byKey("summary")).toBeTruthy();
    for (const row of S.view.round_summary.rows) expect(summary.textContent).toContain(row.name);
    expect(view.keyFirst(key("Escape"), S)).toBe(true);
    expect(byKey("summary")).toBeNull();
    view.draw(S);
    expect(byKey("summary")).toBeNull();
    expect(view.onKey(key("s"), S)).toBe(true);
    expect(byKey("summary")).toBeTruthy();
    click(byKey("summary-close"));
    expect(byKey("summary")).toBeNull();
  });
});

describe("keys", () => {
  it("P passes after the preview; digits answer the question", () => {
    const S = snapshot("actions_3p");
    const { view, shell } = mount(createView, S);
    expect(view.onKey(key("p"), S)).toBe(true);
    expect(shell.committed[0]).toEqual({ move: { type: "pass" }, opts: { preview: true } });
    const G = snapshot("growth_2p");
    const g = mount(createView, G);
    expect(g.view.onKey(key("2"), G)).toBe(true);
    expect(g.shell.committed[0].move).toEqual(G.legal[1].move);
    expect(g.view.onKey(key("9"), G)).toBe(false);
    const B = snapshot("bot_turn_2p");
    const b = mount(createView, B);
    expect(b.view.onKey(key("p"), B)).toBe(false);
    expect(b.shell.committed).toEqual([]);
  });

  it("arrows move across the progress board; I opens the focused card's details", () => {
    const S = snapshot("late_5p");
    const { el, view, byKey } = mount(createView, S);
    if (byKey("summary-close")) click(byKey("summary-close")); // the round's summary first
    const names = el.querySelectorAll(".nwb-progress .nwb-row")[0].querySelectorAll(".nwb-card-name");
    names[0].focus();
    expect(view.onKey(key("ArrowRight"), S)).toBe(true);
    expect(document.activeElement).toBe(names[1]);
    expect(view.onKey(key("ArrowDown"), S)).toBe(true);
    expect(document.activeElement.closest(".nwb-row").getAttribute("data-key")).toBe("row-1");
    expect(view.onKey(key("i"), S)).toBe(true);
    expect(byKey("detail")).toBeTruthy();
  });

  it("B buys the focused card through its preview, only when Python lists that purchase", () => {
    const S = snapshot("actions_3p");
    const { el, view, shell, byKey } = mount(createView, S);
    click(byKey("summary-close")); // round 1's summary opens first
    const buy = S.legal.find((e) => e.group === "buy");
    el.querySelector(`.nwb-progress [data-card="${buy.card}"] .nwb-card-name`).focus();
    expect(view.onKey(key("b"), S)).toBe(true);
    expect(shell.committed).toEqual([{ move: buy.move, opts: { preview: true } }]);
    // (Enter, the focus still on the card's name, confirms the preview: the shell's key,
    // test/shell/dialogs.test.js)
    expect(view.keyFirst(key("Enter"), S)).toBe(false);
    const unbuyable = S.view.progress.rows.flatMap((r) => r.cards).find((id) => id && !S.legal.some((e) => e.card === id));
    el.querySelector(`.nwb-progress [data-card="${unbuyable}"] .nwb-card-name`).focus();
    expect(view.onKey(key("b"), S)).toBe(false);
    expect(shell.committed.length).toBe(1);
  });

  it("lists its shortcuts for the help overlay and every control is a button (Tab reaches it)", () => {
    expect(SHORTCUTS.map(([k]) => k)).toEqual(expect.arrayContaining(["P", "F", "I", "S"]));
    const S = snapshot("actions_3p");
    const { el } = mount(createView, S);
    for (const node of el.querySelectorAll("[data-key^='move-'], .nwb-card-name, .nwb-fold")) expect(node.tagName).toBe("BUTTON");
  });
});

describe("New game", () => {
  it("offers difficulty per seat, sides, decks, length and the easier game from Python's options", () => {
    const S = snapshot("late_5p");
    const { view } = mount(createView, S);
    const ng = view.newGame;
    const form = { players: 3, seats: ["human", "heuristic", "heuristic"], ...ng.defaults(S) };
    expect(form.decks).toBe("all");
    expect(form.sides).toBe("B");
    const changes = [];
    const host = document.createElement("div");
    host.append(...ng.fields(S, form, (patch) => changes.push(patch)));
    expect(host.querySelectorAll("[data-key^='ng-difficulty-']").length).toBe(3);
    expect([...host.querySelector("[data-key='ng-decks']").options].map((o) => o.value)).toEqual(S.view.setup.decks.map(([v]) => v));
    const sel = host.querySelector("[data-key='ng-difficulty-1']");
    sel.value = "emperor";
    sel.dispatchEvent(new Event("change", { bubbles: true }));
    expect(changes[0].difficulty[1]).toBe("emperor");
    expect(ng.settings({ ...form, difficulty: changes[0].difficulty }, S)).toEqual({
      difficulty: [form.difficulty[0], "emperor", form.difficulty[2]], sides: "B", decks: "all", ages: 4, easier: false,
    });
    expect(ng.settings({ ...form, players: 2, difficulty: ["king", "king", "prince"] }, S).difficulty).toBe("king");
  });
});

describe("New game: cards for the player count", () => {
  it("a card choice Python says does not serve the player count is shown disabled, and the first that does is sent", () => {
    const S = snapshot("late_5p");
    const setup = {
      ...S.view.setup,
      decks: [["base", "Base cards", [1, 2, 3, 4]], ["base+advanced", "Base and advanced cards", [1, 2, 3, 4, 5]], ["all", "All cards", [1, 2, 3, 4, 5]]],
    };
    const S2 = { ...S, view: { ...S.view, setup } };
    const { view } = mount(createView, S2);
    const ng = view.newGame;
    const form = { players: 5, seats: ["human", "human", "human", "human", "human"], ...ng.defaults(S2), decks: "base" };
    const host = document.createElement("div");
    host.append(...ng.fields(S2, form, () => {}));
    const options = [...host.querySelector("[data-key='ng-decks']").options];
    expect(options.map((o) => o.disabled)).toEqual([true, false, false]);
    expect(options[0].textContent).toContain("not with 5 players");
    expect(host.querySelector("[data-key='ng-decks']").value).toBe("base+advanced");
    expect(ng.settings(form, S2).decks).toBe("base+advanced");
    // with 4 players the player's own choice stands
    const four = { ...form, players: 4 };
    host.replaceChildren(...ng.fields(S2, four, () => {}));
    expect(host.querySelector("[data-key='ng-decks']").value).toBe("base");
    expect(ng.settings(four, S2).decks).toBe("base");
  });
});

describe("390 px", () => {
  it("the board's CSS sets no width wider than a phone outside its max-width cap", () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const css = readFileSync(join(here, "..", "..", "src", "board", "board.css"), "utf8");
    const widths = [...css.matchAll(/(?<![-\w])(min-width|width)\s*:\s*(\d+)px/g)].map((m) => Number(m[2]));
    expect(widths.every((w) => w <= 390)).toBe(true);
    const minima = [...css.matchAll(/minmax\((\d+)px/g)].map((m) => Number(m[1]));
    expect(minima.every((w) => w <= 180)).toBe(true);
    expect(css).toMatch(/@media \(max-width: 430px\)/);
  });

  it("puts the nations' panels right after the prompt, then the progress board and the scoring board in one column; the panels beside the board and the scoring board at the right column's top in two", () => {
    const S = snapshot("game_over_4p");
    const { el, byKey } = mount(createView, S);
    const main = el.querySelector(".nwb-main");
    // the DOM order (the one-column order, the reading and the Tab order): the prompt, every
    // nation's panel, the progress board, the scoring board, then the nations' boards, then
    // the panels
    expect([...main.children].map((c) => c.getAttribute("data-key") || c.className)).toEqual(["scoring", "nwb-left", "nwb-right"]);
    expect([...el.querySelector(".nwb-table-area").children].map((c) => c.getAttribute("data-key"))).toEqual(["players", "progress"]);
    const order = ["prompt", "players", `panel-${S.view.scoring.order.at(-1)}`, "progress", "scoring", `nation-${S.view.nations[0].seat}`]
      .map((k) => byKey(k));
    for (const [a, b] of order.slice(0, -1).map((x, i) => [x, order[i + 1]])) {
      expect(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    for (const n of S.view.nations) {
      expect(byKey("scoring").compareDocumentPosition(byKey(`nation-${n.seat}`)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    // the CSS: two columns place the scoring board above the panels on the right, beside
    // the nations; one column (820 px and less, so the 430 px phone too) follows the DOM
    const here = dirname(fileURLToPath(import.meta.url));
    const css = readFileSync(join(here, "..", "..", "src", "board", "board.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
    const rule = (text, selector) => {
      const at = text.indexOf(`${selector} {`);
      return at < 0 ? "" : text.slice(at, text.indexOf("}", at));
    };
    const areas = (text) => (rule(text, ".nwb-main").match(/grid-template-areas:\s*([^;]+);/) || [])[1];
    const wide = css.slice(0, css.indexOf("@media"));
    expect(areas(wide)).toBe('"left score" "left right"');
    expect(rule(wide, ".nwb-main")).toMatch(/grid-template-rows: auto 1fr;/);
    for (const [name, area] of [["scoring", "score"], ["left", "left"], ["right", "right"]]) {
      expect(rule(wide, `.nwb-main > .nwb-${name}`)).toMatch(new RegExp(`grid-area: ${area};`));
    }
    const narrow = css.slice(css.indexOf("@media (max-width: 820px)"));
    expect(areas(narrow.slice(0, narrow.indexOf("}\n}") + 3))).toBe('"score" "left" "right"');
    // the progress board and the panels: side by side (the board first), or the panels
    // under a 7-column board, on a wide screen; the panels first (the DOM's order) in one
    // column
    const tableAreas = (text, selector) => (rule(text, selector).match(/grid-template-areas:\s*([^;]+);/) || [])[1];
    const wideTable = css.slice(css.indexOf(".nwb-table-area {"));
    expect(tableAreas(wideTable, ".nwb-table-area")).toBe('"board players"');
    expect(tableAreas(wideTable, ".nwb-table-area.nwb-wide-board")).toBe('"board" "players"');
    expect(rule(wideTable, ".nwb-table-area > .nwb-progress")).toMatch(/grid-area: board;/);
    expect(rule(wideTable, ".nwb-table-area > .nwb-players")).toMatch(/grid-area: players;/);
    const oneColumn = css.slice(css.indexOf("@media (max-width: 1100px)"));
    expect(tableAreas(oneColumn, ".nwb-table-area, .nwb-table-area.nwb-wide-board")).toBe('"players" "board"');
    // nothing else reorders the table (no `order`, no other areas in a smaller query)
    expect(css).not.toMatch(/(^|[\s;{])order\s*:/);
    expect(css.match(/grid-template-areas/g).length).toBe(5);
  });
});

describe("the prompt follows the legal moves", () => {
  it("after an Undo the prompt offers what it offered when the position was first reached", () => {
    const S = snapshot("actions_3p");
    const hire = { group: "hire", key: "{\"type\":\"hire\"}", move: { type: "hire" }, text: "Hire an architect for Pyramids for 1 stone" };
    const withHire = { ...S, legal: [...S.legal.filter((e) => e.group !== "hire"), hire] };
    const withoutHire = { ...S, legal: S.legal.filter((e) => e.group !== "hire"), view: { ...S.view, position: S.view.position + 2 } };
    const { el, view, shell } = mount(createView, withHire);
    const can = () => el.querySelector("[data-key='can']").textContent;
    const first = can();
    expect(first).toContain("hire an architect");
    // the architect hired, the bots played: the same question, no architect left to hire
    shell.S = withoutHire;
    view.draw(withoutHire);
    expect(can()).not.toContain("hire an architect");
    // Undo: the position is shown again, with its legal moves
    shell.S = withHire;
    view.draw(withHire);
    expect(can()).toBe(first);
  });
});
