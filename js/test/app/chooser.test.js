// The app's game chooser (src/app/index.js): one large button per game with its line
// before a choice, a bar of small buttons after; a click sends {kind: "choose", game};
// on a Voila page the title names the game shown.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import chooser, { APP_TITLE, titleFor } from "../../src/app/index.js";
import { acts, click, mockModel, removeHosts, testHost, tick } from "../helpers.js";

const GAMES = [
  { key: "dice", title: "Nations: The Dice Game", short: "The Dice Game", line: "Roll dice." },
  { key: "board", title: "Nations (the board game)", short: "The board game", line: "Draft cards." },
];

let el;
beforeEach(() => {
  el = testHost();
  document.title = "notebook";
  document.body.dataset.voila = "voila";
});
afterEach(() => {
  removeHosts();
  delete document.body.dataset.voila;
});

const byKey = (key) => el.querySelector(`[data-key="${key}"]`);

describe("the game chooser", () => {
  it("offers each game with its line, and sends the choice", async () => {
    const model = mockModel({ games: GAMES, game: "", error: "" });
    const cleanup = chooser.render({ model, el });
    const buttons = [...el.querySelectorAll("button.nw-app-choice")];
    expect(buttons.map((b) => b.dataset.game)).toEqual(["dice", "board"]);
    expect(buttons[1].textContent).toContain("Nations (the board game)");
    expect(buttons[1].textContent).toContain("Draft cards.");
    expect(document.title).toBe(APP_TITLE);
    click(byKey("choose-board"));
    expect(acts(model)).toEqual([{ kind: "choose", game: "board" }]);
    // Python shows the game: a bar of switches, the current one pressed, the title follows
    model.emit("game", "board");
    await tick();
    expect(el.querySelector("button.nw-app-choice")).toBeNull();
    expect(byKey("switch-board").getAttribute("aria-pressed")).toBe("true");
    expect(byKey("switch-dice").getAttribute("aria-pressed")).toBe("false");
    expect(byKey("switch-dice").textContent).toBe("The Dice Game");
    expect(document.title).toBe("Nations (the board game)");
    click(byKey("switch-dice"));
    expect(acts(model).at(-1)).toEqual({ kind: "choose", game: "dice" });
    model.emit("error", "There is no game called chess.");
    expect(el.querySelector(".nw-app-error").textContent).toContain("chess");
    cleanup();
    model.emit("game", "dice");
    expect(byKey("switch-board").getAttribute("aria-pressed")).toBe("true"); // no longer drawn
  });

  it("keeps the focus on the same game's button across a redraw", () => {
    const model = mockModel({ games: GAMES, game: "dice", error: "" });
    chooser.render({ model, el });
    byKey("switch-board").focus();
    model.emit("game", "board");
    expect(document.activeElement).toBe(byKey("switch-board"));
  });

  it("leaves the title alone outside Voila", () => {
    delete document.body.dataset.voila;
    const model = mockModel({ games: GAMES, game: "dice", error: "" });
    chooser.render({ model, el });
    expect(document.title).toBe("notebook");
    expect(titleFor(GAMES, "dice")).toBe("Nations: The Dice Game");
    expect(titleFor(GAMES, "chess")).toBe(APP_TITLE);
  });
});
