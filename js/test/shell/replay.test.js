// The oracle of the incremental board: whole games' real trait updates (js/test/fixtures/
// replays.json and js/test/board/fixtures/replays.json, made from the engines by
// js/scripts/make_replay_fixtures.py: bots' moves, the human's purchases, Undo, Redo, a jump
// back, "» latest", the ends of rounds, the end of a game and a new game) fed to one widget
// one update at a time, as a page gets them.  After every update the board it drew step by
// step must be the board a new widget draws from the same traits at once (a new model,
// controller and Parts): whatever the reuse of drawn parts saves, it must draw the same
// page.  And nothing the state holds is drawn empty: every die of a player, every tile and
// every card has its face.
//
// Compared: every element's tag, attributes (sorted: a state set in place, a die's or a
// tile's, adds an attribute after those of the build, where a fresh draw may have it in
// another order; the order is not shown), its class tokens (sorted, likewise), its text
// (adjacent text nodes joined, empty ones dropped: a few parts keep an empty text node to
// set later), and the value, checked and disabled state of form controls.  Left out, as
// they legitimately differ: the ids each board generates (uid: "nwb-7" in one widget,
// "nwb-9" in the other; their pairing of label and control is the same, as each widget's
// ids are unique), and the class nw-rolling, the roll animation, which plays on the dice a
// step forward rolled (a new widget plays it on the dice its opening position rolled).
// Not seen here: the event handlers (a side table of dom.js), focus and scrolling.  Both
// widgets start from the same page state (nothing is clicked between the updates).
// REPLAY_FAILURES=n: report up to n differing steps (3); REPLAY_COUNTS=1: print the
// elements created and parts rebuilt per kind of update.
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createController as diceController } from "../../src/dice/index.js";
import { createController as boardController } from "../../src/board/index.js";
import { diceOf } from "../../src/dice/logic.js";
import { applyLogPatch } from "../../src/shell/logstore.js";
import { Parts } from "../../src/shell/dom.js";
import { countingDraws, mockModel, removeHosts, testHost, tick } from "../helpers.js";

const here = dirname(fileURLToPath(import.meta.url));
const read = (...path) => JSON.parse(readFileSync(join(here, "..", ...path), "utf8"));
const clone = (x) => (x === undefined ? x : JSON.parse(JSON.stringify(x)));

afterEach(() => removeHosts());

/** The value a step's delta makes of `old` (make_replay_fixtures.py, delta). */
export function undelta(old, d) {
  if (d && typeof d === "object" && !Array.isArray(d)) {
    if ("$p" in d) {
      const out = { ...old };
      for (const [k, v] of Object.entries(d.$p)) out[k] = k in old ? undelta(old[k], v) : v;
      for (const k of d.$d || []) delete out[k];
      return out;
    }
    if ("$a" in d) {
      const out = [...old];
      for (const [i, v] of Object.entries(d.$a)) out[Number(i)] = undelta(old[Number(i)], v);
      return out;
    }
  }
  return d;
}

const ID = /\bnwb?-\d+(-[\w-]*)?\b/g;
const plainId = (value) => value.replace(ID, (m, rest) => `ID${rest || ""}`);

/** The page as a person sees it (see the top of the file for what is left out). */
export function shown(node, out = [], depth = 0) {
  const pad = " ".repeat(depth);
  let text = "";
  const flush = () => {
    if (text !== "") out.push(`${pad}"${text}"`);
    text = "";
  };
  for (let c = node.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3) {
      text += c.data;
      continue;
    }
    if (c.nodeType !== 1) continue;
    flush();
    const attrs = [];
    for (const { name, value } of c.attributes) {
      if (name === "class") {
        const tokens = value.split(/\s+/).filter((t) => t && t !== "nw-rolling").sort();
        if (tokens.length) attrs.push(`class="${tokens.join(" ")}"`);
      } else {
        attrs.push(`${name}="${plainId(value)}"`);
      }
    }
    attrs.sort();
    const tag = c.nodeName.toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea") attrs.push(`value=${JSON.stringify(c.value)}`, `checked=${Boolean(c.checked)}`);
    if (tag === "button" || tag === "input" || tag === "select") attrs.push(`disabled=${Boolean(c.disabled)}`);
    out.push(`${pad}<${tag} ${attrs.join(" ")}>`);
    shown(c, out, depth + 1);
  }
  flush();
  return out;
}

/** The first lines where two drawings differ, with some context. */
function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (i === a.length && i === b.length) return null;
  // where: the elements around the first difference
  const path = [];
  let depth = (a[i] || b[i] || "").search(/\S/);
  for (let j = i - 1; j >= 0 && depth > 0; j -= 1) {
    const d = a[j].search(/\S/);
    if (d < depth && a[j].trimStart().startsWith("<")) {
      path.unshift(a[j].trim().slice(0, 160));
      depth = d;
    }
  }
  return [`line ${i}, in`, ...path, "step by step:", ...a.slice(Math.max(0, i - 6), i + 6), "", "fresh:", ...b.slice(Math.max(0, i - 6), i + 6)].join("\n");
}

/** Nothing the dice game's state holds is drawn empty: each die a player holds (in the
 * tray it is in, once), each tile of the progress board and of a player's board, each
 * player's advisor. */
function expectDiceFilled(el, view, catalogue) {
  const byKey = new Map(); // data-key -> the elements that have it (one look through the page)
  for (const x of el.querySelectorAll("[data-key]")) {
    const key = x.getAttribute("data-key");
    if (!byKey.has(key)) byKey.set(key, []);
    byKey.get(key).push(x);
  }
  const keyed = (key) => byKey.get(key) || [];
  for (let seat = 0; seat < view.players.length; seat += 1) {
    const { unused, used } = diceOf(view, seat);
    for (const d of [...unused, ...used]) {
      const dice = keyed(`die-${d}`);
      expect(dice.length, `die ${d} drawn once`).toBe(1);
      const die = dice[0];
      expect(die.classList.contains("nw-die"), `die ${d} has its colour: ${die.outerHTML}`).toBe(true);
      expect(die.getAttribute("data-face"), `die ${d} has its face: ${die.outerHTML}`).toBe(String(view.dice[d][2]));
      expect(die.getAttribute("aria-label") || "", `die ${d} is named`).not.toBe("");
      expect(die.closest(".nw-tray").classList.contains("nw-used-area"), `die ${d} in its tray`).toBe(used.includes(d));
    }
    const p = view.players[seat];
    if (p.advisor) {
      const name = catalogue.tiles[p.advisor[0]].name;
      const advisor = keyed(`adv-${seat}`);
      expect(advisor.length, `advisor ${name} drawn`).toBeGreaterThan(0);
      for (const a of advisor) {
        expect(a.dataset.tile, `advisor ${name} drawn`).toBe(p.advisor[0]);
        expect(a.textContent, `advisor ${name} has its face`).toContain(name);
      }
    }
  }
  for (const id of view.board.flat().filter(Boolean)) {
    const tile = keyed(`board-${id}`);
    expect(tile.length, `board tile ${id} drawn once`).toBe(1);
  }
  for (const tile of el.querySelectorAll("[data-tile]")) {
    const name = catalogue.tiles[tile.dataset.tile]?.name;
    expect(tile.textContent, `tile ${tile.dataset.tile} has its face: ${tile.outerHTML.slice(0, 200)}`).toContain(name);
  }
  expect(el.querySelectorAll("nw-keep").length, "no placeholder left in the page").toBe(0);
}

/** Nothing the board game's state holds is drawn empty: each card has its name. */
function expectBoardFilled(el, cards) {
  const drawn = el.querySelectorAll("[data-card]");
  expect(drawn.length).toBeGreaterThan(0);
  for (const card of drawn) {
    const name = cards[card.dataset.card]?.name || card.dataset.card;
    expect(card.querySelector(".nwb-card-name")?.textContent, `card ${card.dataset.card} has its face: ${card.outerHTML.slice(0, 200)}`).toBe(name);
  }
  expect(el.querySelectorAll("nw-keep").length, "no placeholder left in the page").toBe(0);
}

/** The elements created and parts rebuilt per draw, by kind of update (REPLAY_COUNTS=1). */
function reportCounts(name, counts) {
  const kinds = new Map();
  for (const c of counts) {
    const kind = c.what.replace(/ \(.*\)$/, "");
    if (!kinds.has(kind)) kinds.set(kind, []);
    kinds.get(kind).push(c);
  }
  const lines = [...kinds].map(([kind, cs]) => {
    const mean = (k) => Math.round(cs.reduce((a, c) => a + c[k], 0) / cs.length);
    return `  ${kind}: ${cs.length} draws, elements mean ${mean("elements")} (max ${Math.max(...cs.map((c) => c.elements))}), parts rebuilt mean ${mean("rebuilt")}`;
  });
  // the parts the moves rebuild most often (a key's numbers folded: die-3 is die-N)
  const often = new Map();
  for (const c of counts) {
    if (!/^(bot move|human)/.test(c.what)) continue;
    for (const k of c.keys) {
      const kind = k.replace(/\d+/g, "N");
      often.set(kind, (often.get(kind) || 0) + 1);
    }
  }
  const top = [...often].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, n]) => `${k} ${n}`);
  console.log(`${name}:\n${lines.join("\n")}\n  rebuilt by the moves: ${top.join(", ")}`);
}

/** Feed `game`'s updates to one widget; after each, compare it with a fresh one. */
async function replay(game, createController, expectFilled) {
  const el = testHost();
  const traits = {};
  for (const [name, value] of Object.entries(game.steps[0].set)) traits[name] = value;
  const model = mockModel(clone(traits));
  const widget = createController({ model, el });
  await tick();
  let log = applyLogPatch(null, null, traits.log_patch);
  const failures = [];
  const counts = [];
  for (const [i, step] of game.steps.entries()) {
    if (i > 0) {
      for (const [name, d] of Object.entries(step.set)) {
        traits[name] = undelta(traits[name], d);
        if (name === "log_patch") log = applyLogPatch(log, traits.log_patch.prev, traits.log_patch);
      }
      // one message: every trait it carries set, then one draw
      const seen = countingDraws(Parts);
      try {
        for (const name of Object.keys(step.set)) model.emit(name, clone(traits[name]));
        await tick();
      } finally {
        seen.stop();
      }
      counts.push({ what: step.what, elements: seen.elements, rebuilt: seen.rebuilt.length, keys: seen.rebuilt });
    }
    expect(log, `the log patch of step ${i} applies`).not.toBeNull();
    // the same traits, drawn at once by a new widget (the whole log, as a page opening gets it)
    const freshEl = testHost();
    const fresh = createController({ model: mockModel({ ...clone(traits), log_patch: { seq: traits.log_patch.seq, reset: true, entries: clone(log) } }), el: freshEl });
    await tick();
    const diff = firstDifference(shown(el), shown(freshEl));
    if (diff) failures.push(`step ${i} (${step.what}): ${diff}`);
    try {
      expectFilled(el, traits);
    } catch (err) {
      failures.push(`step ${i} (${step.what}): ${err.message}`);
    }
    fresh.destroy();
    freshEl.remove();
    if (failures.length >= Number(process.env.REPLAY_FAILURES || 3)) break;
  }
  widget.destroy();
  if (process.env.REPLAY_COUNTS) reportCounts(game.name, counts);
  if (failures.length) throw new Error(`the board drawn step by step differs:\n\n${failures.join("\n\n")}`);
}

describe("the dice board drawn step by step is the board drawn at once", () => {
  for (const game of read("fixtures", "replays.json").games) {
    it(game.name, async () => {
      await replay(game, diceController, (el, traits) => expectDiceFilled(el, traits.view, traits.catalogue));
    }, 600000);
  }
});

describe("the board game drawn step by step is the board drawn at once", () => {
  for (const game of read("board", "fixtures", "replays.json").games) {
    it(game.name, async () => {
      await replay(game, boardController, (el, traits) => expectBoardFilled(el, traits.cards));
    }, 600000);
  }
});
