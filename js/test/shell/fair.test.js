// Fair dice, shown (nations_widget/core/fairness.py): Python's `fair` trait holds the
// game's fingerprint from the start and, once the game is over, the seed, the salt and
// the text whose SHA-256 is the fingerprint.  The Game panel shows the fingerprint; the
// game-over part shows what was revealed and how to check it.
import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createController as diceController } from "../../src/dice/index.js";
import { createController as shellController } from "../../src/shell/controller.js";
import { fairEnd, fairStart } from "../../src/shell/panels.js";
import { createView as boardView } from "../../src/board/view.js";
import { boardModel, fixture, mockModel, removeHosts, testHost, tick } from "../helpers.js";

let el;
beforeEach(() => {
  el = testHost();
});
afterEach(removeHosts);

const byKey = (key) => el.querySelector(`[data-key="${key}"]`);
const sha256 = (text) => createHash("sha256").update(text, "utf8").digest("hex");
const SALT = "0123456789abcdef0123456789abcdef";

/** What Python sends for a game with these settings: the fingerprint, and at the end the
 * seed, salt and text too (the text made as nations_widget/core/fairness.py makes it). */
function fairOf(game, settings, over) {
  const sorted = Object.fromEntries(Object.keys(settings).sort().map((k) => [k, settings[k]]));
  const text = JSON.stringify({ game, salt: SALT, settings: sorted });
  const fingerprint = sha256(text);
  return over ? { fingerprint, seed: settings.seed, salt: SALT, text } : { fingerprint };
}

describe("the shell's fair-dice lines", () => {
  it("show nothing before Python has sent the trait", () => {
    expect(fairStart({ fair: {} })).toBeNull();
    expect(fairEnd({ fair: {} })).toBeNull();
    expect(fairEnd({ fair: { fingerprint: "ab".repeat(32) } })).toBeNull();  // in progress
  });

  it("say so for a game saved before fingerprints", () => {
    expect(fairStart({ fair: { fingerprint: null } }).textContent).toContain("saved before games had fingerprints");
    expect(fairEnd({ fair: { fingerprint: null, seed: 5 } }).textContent).toContain("no fingerprint to check");
  });
});

describe("the dice game", () => {
  it("shows the fingerprint folded in the header while the game runs (not at the bottom of the right column), and nothing that tells the seed", () => {
    const data = fixture("rich_3p");
    data.fair = fairOf("nations-dice-game", { ...data.view.config, seed: 987654321 }, false);
    diceController({ model: mockModel(data), el });
    const shown = byKey("fair-fingerprint");
    expect(shown.textContent).toBe(data.fair.fingerprint);
    // at the top, folded under "Fair dice" (a player who wonders about fairness finds it
    // there; folded, it pushes the decision down by nothing)
    const fold = shown.closest(".nw-header details.nw-fair-fold");
    expect(fold).toBeTruthy();
    expect(fold.open).toBe(false);
    expect(fold.querySelector("summary").textContent).toBe("Fair dice");
    expect(el.querySelector(".nw-game .nw-fair")).toBeNull();
    expect(el.querySelectorAll("[data-key='fair-fingerprint']").length).toBe(1);
    expect(byKey("fair-end")).toBeNull();
    expect(el.textContent).not.toContain("987654321");
    expect(el.textContent).not.toContain(SALT);
    expect(byKey("fair-start").textContent).toContain("Fair dice");
  });

  it("at game over reveals the seed and a text whose SHA-256 is the fingerprint shown from the start", () => {
    const data = fixture("game_over_4p");
    data.fair = fairOf("nations-dice-game", data.settings, true);
    diceController({ model: mockModel(data), el });
    const end = byKey("fair-end");
    expect(end.closest(".nw-gameover")).toBeTruthy();
    expect(byKey("fair-seed").textContent).toBe(String(data.settings.seed));
    expect(byKey("fair-salt").textContent).toBe(SALT);
    const text = byKey("fair-text").textContent;
    expect(sha256(text)).toBe(byKey("fair-fingerprint").textContent);     // the header's
    expect(JSON.parse(text).settings.seed).toBe(data.settings.seed);
    // the one-liner hashes exactly that text
    const line = byKey("fair-oneliner").textContent;
    expect(line).toContain("hashlib.sha256");
    expect(line.endsWith(`'${text}'`)).toBe(true);
  });

  it("a new game's fingerprint replaces the old one", async () => {
    const data = fixture("rich_3p");
    data.fair = fairOf("nations-dice-game", { ...data.view.config, seed: 1 }, false);
    const model = mockModel(data);
    diceController({ model, el });
    const next = fairOf("nations-dice-game", { ...data.view.config, seed: 2 }, false);
    model.emit("fair", next);
    await tick();
    expect(el.querySelectorAll("[data-key='fair-fingerprint']").length).toBe(1);
    expect(byKey("fair-fingerprint").textContent).toBe(next.fingerprint);
  });
});

describe("the board game", () => {
  it("shows the fingerprint while the game runs and the check with the final scoring", async () => {
    const m = boardModel("mid_4p");
    m.data.fair = fairOf("nations-board-game", { ...m.data.view.config, seed: 42 }, false);
    shellController({ model: m, el }, boardView);
    await tick();
    expect(byKey("fair-fingerprint").textContent).toBe(m.data.fair.fingerprint);
    expect(byKey("fair-end")).toBeNull();

    removeHosts();
    el = testHost();
    const over = boardModel("game_over_4p");
    over.data.fair = fairOf("nations-board-game", over.data.settings, true);
    shellController({ model: over, el }, boardView);
    await tick();
    const end = byKey("fair-end");
    expect(end.closest("[data-key='prompt']")).toBeTruthy();
    expect(sha256(byKey("fair-text").textContent)).toBe(byKey("fair-fingerprint").textContent);
    expect(byKey("fair-seed").textContent).toBe(String(over.data.settings.seed));
  });

  it("speaks of shuffled decks, not of dice: the board game has none", async () => {
    const m = boardModel("mid_4p");
    m.data.fair = fairOf("nations-board-game", { ...m.data.view.config, seed: 42 }, false);
    shellController({ model: m, el }, boardView);
    await tick();
    const start = byKey("fair-start").textContent;
    expect(start).toContain("Fair shuffles");
    expect(start.toLowerCase()).not.toMatch(/\bdice\b|\broll/);

    removeHosts();
    el = testHost();
    const over = boardModel("game_over_4p");
    over.data.fair = fairOf("nations-board-game", over.data.settings, true);
    shellController({ model: over, el }, boardView);
    await tick();
    expect(byKey("fair-end").textContent).toContain("Fair shuffles, revealed");
    expect(byKey("fair-end").textContent.toLowerCase()).not.toMatch(/\bdice\b/);
  });
});
