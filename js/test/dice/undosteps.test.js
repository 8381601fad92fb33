// The real Undo/Redo updates of the browser benchmark's games (benchmarks/browser_latency.py;
// against the bot, Redo up to the latest position: a jump there with » only looks at the
// moves undone, the game staying where the Undo left it); js/test/fixtures/undo_steps.json, made from the engine by
// js/scripts/make_fixtures.py): the board shows each position exactly (the turn's state of
// tiles and dice is set in place, so a stale class would show here), and a step rebuilds
// only the parts whose content changed (a part a step took off the table, a tile or a log
// line, comes back from the ones put aside).  Measured 2026-11-24: hot seat 6 parts rebuilt
// and 16-17 elements created per step; against a bot 7 parts and 36-40 elements (the
// scores, the dice totals, the bot's wonder, a chit), where before (ea817d6) a step rebuilt
// 15 and 23-25 parts, creating 94-105 and 111-157 elements.
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createController } from "../../src/dice/index.js";
import { diceOf } from "../../src/dice/logic.js";
import { Parts } from "../../src/shell/dom.js";
import { countingDraws, mockModel, removeHosts, testHost, tick } from "../helpers.js";

const here = dirname(fileURLToPath(import.meta.url));
const read = (name) => JSON.parse(readFileSync(join(here, "..", "fixtures", name), "utf8"));
const steps = read("undo_steps.json");
const catalogue = read("catalogue.json");
const clone = (x) => JSON.parse(JSON.stringify(x));

let restore = [];
afterEach(() => {
  for (const undo of restore) undo();
  restore = [];
  removeHosts();
});

/** Count the parts rebuilt and the elements created (helpers' countingDraws), until the
 * test ends. */
function counting() {
  const seen = countingDraws(Parts);
  restore.push(seen.stop);
  return seen;
}

/** The board shows `view` and `legal`: every die's face, tray, outline and liveness, and
 * every progress tile's state. */
function expectShows(el, view, legal) {
  const acting = view.current;
  const recentDice = new Set((view.recent && view.recent.dice) || []);
  const recentTiles = new Set((view.recent && view.recent.tiles) || []);
  for (let seat = 0; seat < view.players.length; seat += 1) {
    const { unused, used } = diceOf(view, seat);
    for (const d of [...unused, ...used]) {
      const die = el.querySelector(`[data-key="die-${d}"]`);
      expect(die.getAttribute("data-face")).toBe(String(view.dice[d][2]));
      expect(die.classList.contains("nw-used")).toBe(used.includes(d));
      expect(die.closest(".nw-tray").classList.contains("nw-used-area")).toBe(used.includes(d));
      expect(die.classList.contains("nw-recent")).toBe(recentDice.has(d));
      expect(die.classList.contains("nw-unrolled")).toBe((view.unrolled || []).includes(d));
      expect(die.getAttribute("aria-disabled") === "true").toBe(!(seat === acting && unused.includes(d)));
      expect(die.getAttribute("aria-label")).toBe(die.getAttribute("title"));
      expect(die.getAttribute("aria-label").includes("(used)")).toBe(used.includes(d));
    }
  }
  const buyable = new Set(legal.filter((e) => e.move.type === "buy").map((e) => e.move.tile));
  const onBoard = view.board.flat().filter(Boolean);
  for (const id of onBoard) {
    const tile = el.querySelector(`[data-key="board-${id}"]`);
    expect(tile.classList.contains("nw-affordable")).toBe(buyable.has(id));
    expect(tile.getAttribute("aria-disabled") === "true").toBe(!buyable.has(id));
    expect(tile.getAttribute("aria-label").includes("You can afford it.")).toBe(buyable.has(id));
    const reason = view.unavailable?.tiles?.[id];
    expect(tile.querySelector(".nw-tip").textContent.includes("Not now:")).toBe(Boolean(reason) && !buyable.has(id));
  }
  for (const card of el.querySelectorAll(".nw-player .nw-tile[data-tile]")) {
    expect(card.classList.contains("nw-recent")).toBe(recentTiles.has(card.dataset.tile));
  }
}

for (const game of ["hot_seat", "against_bot"]) {
  describe(`a step through the history (${game.replace("_", " ")})`, () => {
    it("shows each position exactly and rebuilds only what changed", async () => {
      const el = testHost();
      const { opening, back, forward } = steps[game];
      const model = mockModel({ ...clone(opening), catalogue });
      createController({ model, el });
      await tick();
      expectShows(el, opening.view, opening.legal);
      const boards = [...el.querySelectorAll(".nw-player")];
      let seq = opening.log_patch.seq;
      const seen = counting();
      const perStep = [];
      for (let i = 0; i < 6; i += 1) {
        const isBack = i % 2 === 0;
        // as on the page: the button, then Python's update (the traits that changed)
        el.querySelector(`button[data-key="${isBack ? "undo" : "redo"}"]`).click();
        const update = clone(isBack ? back : forward);
        update.log_patch = { ...update.log_patch, prev: seq, seq: seq + 1 };
        seq += 1;
        for (const [name, value] of Object.entries(update)) {
          if (name === "log_patch" || JSON.stringify(model.data[name]) !== JSON.stringify(value)) model.emit(name, value);
        }
        await tick();
        // the end-of-round summary a step back can show: closed, as the player did
        const close = el.querySelector('[data-key="round-summary-close"]');
        if (close) close.click();
        expect(el.querySelector(".nw-root").getAttribute("data-position")).toBe(String(update.view.position));
        expect(el.querySelector(".nw-history-banner")).toBeNull(); // an Undo plays on from there
        expectShows(el, update.view, update.legal);
        perStep.push({ rebuilt: [...seen.rebuilt], elements: seen.elements });
        seen.rebuilt.length = 0;
        seen.elements = 0;
      }
      // the player boards are the same elements throughout
      expect([...el.querySelectorAll(".nw-player")]).toEqual(boards);
      for (const { rebuilt, elements } of perStep.slice(2)) {
        // never rebuilt by a step: a die (its state is set in place), the coach (unchanged),
        // the header's title and steps, the scores table's frame
        expect(rebuilt.filter((key) => /^(m:die-|coach$|header|scores)/.test(key))).toEqual([]);
        if (game === "hot_seat") {
          expect(rebuilt.length).toBeLessThanOrEqual(8); // measured: 6
          expect(elements).toBeLessThan(30); // measured: 16-17
        } else {
          expect(rebuilt.length).toBeLessThanOrEqual(10); // measured: 7
          expect(elements).toBeLessThan(60); // measured: 36-40
        }
      }
    });
  });
}
