// Play again at a finished shared table (issue 29): it was refused in a developer's words
// ("unknown seat player 'remote'"); Python now makes a new table with the same seats and a
// new link for each person at their own screen (GameWidget.start_game). The page says so
// before it is pressed, under the button, in both games (the shell's one piece), and sends
// the seats it shows; away from a shared table the button is as before, with no line.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createController as diceController } from "../../src/dice/index.js";
import { createView as boardView } from "../../src/board/view.js";
import { createController } from "../../src/shell/controller.js";
import { playAgainWords } from "../../src/shell/panels.js";
import { boardModel, click, fixture, mockModel, removeHosts, testHost } from "../helpers.js";

let el;
beforeEach(() => {
  el = testHost();
});
afterEach(removeHosts);

const byKey = (key) => el.querySelector(`[data-key="${key}"]`);
const seat = (n, who, bot = null) => ({ seat: n, name: `Player ${n + 1}`, who, bot, connected: who === "remote" ? false : null });
const table = (seats, over = {}) => ({ id: "t1", kind: "board", number: 0, role: "seat", mine: [0], seats, to_play: null, my_turn: false, over: true, undo: "never", shared: true, off: {}, beat: 2, tokens: ["a".repeat(43)], ...over });

describe("what Play again says at a shared table", () => {
  it("names the people invited again, and nothing elsewhere", () => {
    const two = table([seat(0, "here"), seat(1, "remote")]);
    expect(playAgainWords({ table: two })).toBe(
      "Play again makes a new table: the same seats and settings, a new seed, and a new link for Player 2 in the table bar, for you to send. "
      + "Player 2 stays at this finished game until they open it. This game stays in Continue a game; your link brings you back to it.");
    const four = table([seat(0, "remote"), seat(1, "here"), seat(2, "bot", "heuristic"), seat(3, "remote")]);
    expect(playAgainWords({ table: four })).toContain("a new link for Player 1 and Player 4 in the table bar");
    expect(playAgainWords({ table: four })).toContain("Player 1 and Player 4 stay at this finished game until they open theirs.");
    // a game of this screen, a table of one person: Play again is a new game here, as before
    expect(playAgainWords({ table: {} })).toBe("");
    expect(playAgainWords({})).toBe("");
    expect(playAgainWords({ table: table([seat(0, "here"), seat(1, "bot", "random")], { shared: false }) })).toBe("");
  });
});

describe("the board game's Play again at a finished shared table", () => {
  function mountBoard(tableTrait) {
    const m = boardModel("game_over_4p");
    m.data.seats = ["human", "remote", "heuristic", "remote"];
    m.data.table = tableTrait;
    createController({ model: m, el }, boardView);
    return m;
  }

  it("says what it does under the button, before it is pressed, and sends the seats it shows", () => {
    const m = mountBoard(table([seat(0, "here"), seat(1, "remote"), seat(2, "bot", "heuristic"), seat(3, "remote")]));
    const again = byKey("play-again");
    const note = byKey("play-again-note");
    expect(note).not.toBeNull();
    expect(note.closest(".nwb-again")).toBe(again.parentNode);
    expect(note.textContent).toContain("Play again makes a new table");
    expect(note.textContent).toContain("a new link for Player 2 and Player 4");
    expect(again.getAttribute("aria-describedby")).toBe(note.id);
    expect(again.title).toContain("A new table with the same seats and settings");
    click(again);
    const sent = m.sent.at(-1);
    expect(sent.kind).toBe("new_game");
    // Python invites "remote" seats again (a new table): the page does not decide it
    expect(sent.settings.seats).toEqual(["human", "remote", "heuristic", "remote"]);
    expect(sent.settings.seed).toBeNull();
  });

  it("a table that becomes shared (or not) redraws the line", () => {
    const m = mountBoard({});
    expect(byKey("play-again")).not.toBeNull();
    expect(byKey("play-again-note")).toBeNull();
    expect(byKey("play-again").title).toBe("A new game with the same players and settings, and a new seed");
    m.emit("table", table([seat(0, "here"), seat(1, "remote"), seat(2, "bot", "heuristic"), seat(3, "remote")]));
    return new Promise((resolve) => setTimeout(resolve, 0)).then(() => {
      expect(byKey("play-again-note")).not.toBeNull();
    });
  });
});

describe("the dice game's Play again at a finished shared table", () => {
  it("the same line, from the same shell piece, under its result banner", () => {
    const data = fixture("game_over_4p");
    const model = mockModel({ ...data, seats: ["human", "remote", "remote", "random"], table: table([seat(0, "here"), seat(1, "remote"), seat(2, "remote"), seat(3, "bot", "random")], { kind: "dice" }) });
    diceController({ model, el });
    const again = byKey("play-again");
    const note = byKey("play-again-note");
    expect(again).not.toBeNull();
    expect(note.textContent).toContain("a new link for Player 2 and Player 3 in the table bar");
    expect(again.getAttribute("aria-describedby")).toBe(note.id);
    click(again);
    expect(model.sent.at(-1).settings.seats).toEqual(["human", "remote", "remote", "random"]);
  });

  it("no line away from a shared table", () => {
    const model = mockModel(fixture("game_over_4p"));
    diceController({ model, el });
    expect(byKey("play-again")).not.toBeNull();
    expect(byKey("play-again-note")).toBeNull();
    expect(byKey("play-again").title).toBe("A new game with the same players and settings, and a new seed");
  });
});
