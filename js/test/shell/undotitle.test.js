// The History panel's Undo says what a click takes back before it is clicked: Undo goes
// back to the player's previous decision (the history trait's undo_to), the bots' moves
// since then included, which a bare "Undo" did not tell.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createController } from "../../src/dice/index.js";
import { undoTitle } from "../../src/shell/panels.js";
import { fixture, mockModel, removeHosts, testHost, tick } from "../helpers.js";

let el;
beforeEach(() => {
  el = testHost();
});
afterEach(removeHosts);

const byKey = (key) => el.querySelector(`[data-key="${key}"]`);

describe("the Undo button's tooltip", () => {
  it("names how many moves it takes back and to which move, in the page", async () => {
    const data = fixture("rich_3p");
    const at = data.history.position;
    data.history = { ...data.history, position: at, length: at, game_at: at, can_undo: true, can_redo: false, undo_to: at - 3 };
    const model = mockModel(data);
    createController({ model, el });
    expect(byKey("undo").title).toBe(`Take back the last 3 moves, back to move ${at - 3}: your last decision and every move played since`);
    expect(byKey("redo").title).toBe("Nothing taken back to play again");
    // after the Undo: one move left to take back, and the Redo has something to play again
    model.emit("history", { ...data.history, position: at - 3, length: at, game_at: at - 3, can_redo: true, undo_to: at - 4 });
    await tick();
    expect(byKey("undo").title).toBe(`Take back the last move (back to move ${at - 4})`);
    expect(byKey("redo").title).toBe("Play again the last move taken back");
  });

  it("says when there is nothing to take back, and what it does while an earlier position is viewed", () => {
    expect(undoTitle({ can_undo: false, position: 0, length: 0 })).toBe("Nothing to take back");
    // Python counts Undo's target from the position shown
    expect(undoTitle({ can_undo: true, position: 3, length: 9, game_at: 9, undo_to: 1 }))
      .toBe("Play on from move 1, before the position viewed: the game's moves after it are taken back");
  });
});
