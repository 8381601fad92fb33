// The seed on the page: Python sends it in `settings` only once the game is over (it tells
// every draw to come: nations_widget/widget/shell/secrecy.py). The fixtures are what the
// widget publishes: no seed in a game in progress, the seed at game over. The views show
// it then, for sharing, and tell one game from the next by `history.game`, not the seed.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createController as diceController } from "../../src/dice/index.js";
import { createController as shellController } from "../../src/shell/controller.js";
import { gameSeed, roundKey } from "../../src/shell/panels.js";
import { createView as boardView } from "../../src/board/view.js";
import { boardFixture, boardModel, click, fixture, mockModel, removeHosts, testHost, tick } from "../helpers.js";



let el;
beforeEach(() => {
  el = testHost();
});
afterEach(removeHosts);

const byKey = (key) => el.querySelector(`[data-key="${key}"]`);

describe("the fixtures: what Python publishes", () => {
  it("holds no seed in a game in progress, and the seed at game over", () => {
    for (const name of ["start_2p", "rich_3p", "war", "solo"]) {
      const f = fixture(name);
      expect(f.settings.seed, name).toBeUndefined();
      expect(f.view.config.seed, name).toBeUndefined();
      expect(JSON.stringify({ ...f, catalogue: null })).not.toContain('"seed"');
    }
    expect(fixture("game_over_4p").settings.seed).toEqual(expect.any(Number));
    for (const name of ["actions_3p", "mid_4p", "solo"]) expect(boardFixture(name).settings.seed, name).toBeUndefined();
    expect(boardFixture("game_over_4p").settings.seed).toEqual(expect.any(Number));
  });
});

describe("the shell's helpers", () => {
  it("gameSeed reads the seed when Python sent it, else null (0 is a seed)", () => {
    expect(gameSeed({ settings: { players: 2 } })).toBeNull();
    expect(gameSeed({ settings: { players: 2, seed: null } })).toBeNull();
    expect(gameSeed({ settings: { players: 2, seed: 0 } })).toBe(0);
    expect(gameSeed({ settings: { seed: 2024 } })).toBe(2024);
  });

  it("roundKey names a round of one game: the same round of the next game differs", () => {
    expect(roundKey({ history: { game: 1 } }, 2)).toBe("1:2");
    expect(roundKey({ history: { game: 2 } }, 2)).not.toBe(roundKey({ history: { game: 1 } }, 2));
  });
});

describe("the dice game", () => {
  it("shows no seed while the game runs, and the New game seed field starts empty", () => {
    const model = mockModel(fixture("rich_3p"));
    diceController({ model, el });
    const meta = el.querySelector(".nw-meta").textContent;
    expect(meta).toBe(`3 players · ${model.data.view.config.variant}`);
    expect(meta).not.toContain("seed");
    expect(byKey("game-seed")).toBeNull();
    expect(byKey("form-seed").value).toBe("");
  });

  it("shows the seed at game over, in the header and with the result, for sharing", () => {
    const model = mockModel(fixture("game_over_4p"));
    diceController({ model, el });
    const { seed } = model.data.settings;
    expect(el.querySelector(".nw-meta").textContent).toContain(`seed ${seed}`);
    const line = el.querySelector(".nw-gameover [data-key='game-seed']");
    expect(line.textContent).toContain(`This game's seed: ${seed}`);
    // the New game dialog does not copy it: an empty field is a fresh random seed
    expect(byKey("form-seed").value).toBe("");
  });

  it("Play again sends the settings without the old seed; the new game hides its seed", async () => {
    const model = mockModel(fixture("game_over_4p"));
    diceController({ model, el });
    const root = el.querySelector(".nw-root");
    expect(root.dataset.game).toBe(String(model.data.history.game));
    click(byKey("play-again"));
    const sent = model.sent.at(-1);
    expect(sent.kind).toBe("new_game");
    expect(sent.settings.seed).toBeNull();
    const { seed: _old, max_message: _limit, ...same } = model.data.settings;
    expect(sent.settings).toEqual({ ...same, seats: model.data.seats, seed: null });
    // Python answers with a new game in progress: its settings without the seed
    const start = fixture("start_2p");
    model.emit("history", { ...start.history, game: model.data.history.game + 1 });
    model.emit("settings", start.settings);
    model.emit("view", start.view);
    await tick();
    expect(el.querySelector(".nw-meta").textContent).not.toContain("seed");
    expect(byKey("game-seed")).toBeNull();
    // the page tells the new game by its number (the browser tests wait on it)
    expect(el.querySelector(".nw-root").dataset.game).toBe(String(model.data.history.game));
    expect(model.data.history.game).toBeGreaterThan(1);
  });

  it("a closed end-of-round summary comes back for the same round of the next game", async () => {
    const data = fixture("rich_3p");
    const summary = { round: 1, event: "Battle of Marathon", order: [2, 1, 0], rows: [] };
    data.view = { ...data.view, round_summary: summary };
    const model = mockModel(data);
    diceController({ model, el });
    click(byKey("round-summary-close"));
    expect(byKey("round-summary")).toBeNull();
    model.emit("view", { ...model.data.view });     // the same game: stays closed
    await tick();
    expect(byKey("round-summary")).toBeNull();
    model.emit("history", { ...model.data.history, game: model.data.history.game + 1 });
    await tick();
    expect(byKey("round-summary")).toBeTruthy();
  });
});

describe("the board game", () => {
  it("shows no seed while the game runs", async () => {
    const m = boardModel("mid_4p");
    shellController({ model: m, el }, boardView);
    await tick();
    expect(byKey("game-seed")).toBeNull();
    expect(el.textContent).not.toMatch(/seed \d|seed: \d/i);
  });

  it("shows the seed with the final scoring at game over", async () => {
    const m = boardModel("game_over_4p");
    shellController({ model: m, el }, boardView);
    await tick();
    const line = byKey("game-seed");
    expect(line.textContent).toContain(`This game's seed: ${m.data.settings.seed}`);
    expect(line.closest("[data-key='prompt']")).toBeTruthy();
  });

  it("a closed round summary comes back for the same round of the next game", async () => {
    const m = boardModel("actions_3p");
    shellController({ model: m, el }, boardView);
    await tick();
    expect(byKey("summary")).toBeTruthy();
    byKey("summary-close").click();
    await tick();
    expect(byKey("summary")).toBeNull();
    m.emit("history", { ...m.data.history, game: m.data.history.game + 1 });
    await tick();
    expect(byKey("summary")).toBeTruthy();
  });
});
