// Where a progress-board tile's tooltip opens (render.js placeTip, dice.css): beside the
// tile, towards the board's middle, never above it, where it covered the row above; on a
// phone, the shell's strip across the window (shell/tips.js), at the window's top for a
// tile in the window's lower half, placed from the control (any tooltip's: the event's too).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createController } from "../../src/dice/index.js";
import { fixture, mockModel, removeHosts, testHost } from "../helpers.js";

let el;
beforeEach(() => {
  el = testHost();
});
afterEach(removeHosts);

describe("a progress-board tile's tooltip", () => {
  it("opens beside the tile, towards the board's middle: to the right in the left half, to the left in the right half", () => {
    const model = mockModel(fixture("start_2p"));
    createController({ model, el });
    const board = model.data.view.board; // [column][row]
    expect(board.length).toBe(3);
    for (let c = 0; c < board.length; c += 1) {
      for (const id of board[c].filter(Boolean)) {
        const tile = el.querySelector(`.nw-progress [data-key="board-${id}"]`);
        const side = c < board.length / 2 ? "nw-tip-right" : "nw-tip-left";
        expect([...tile.classList].filter((k) => k.startsWith("nw-tip-")), `${id} in column ${c + 1}`).toEqual([side]);
      }
    }
  });

  it("on focus, in the window's lower half, it is marked to open at the window's top (the phone's strip)", () => {
    const model = mockModel(fixture("start_2p"));
    createController({ model, el });
    const tiles = [...el.querySelectorAll(".nw-progress button.nw-tile")];
    const [high, low] = tiles;
    const at = (tile, top) => {
      tile.getBoundingClientRect = () => ({ top, bottom: top + 80, height: 80, left: 0, right: 100, width: 100 });
    };
    at(high, window.innerHeight - 100);
    at(low, 20);
    high.focus();
    expect(high.classList.contains("nw-tip-high")).toBe(true);
    low.focus();
    expect(low.classList.contains("nw-tip-high")).toBe(false);
  });

  it("on a phone, the strip is placed from the tile into the window: its top for a tile low in the window, its bottom otherwise", () => {
    const model = mockModel(fixture("start_2p"));
    createController({ model, el });
    const had = window.matchMedia;
    window.matchMedia = (q) => ({ matches: q === "(max-width: 420px)", media: q });
    try {
      const [high, low] = el.querySelectorAll(".nw-progress button.nw-tile");
      const at = (tile, top, left) => {
        tile.getBoundingClientRect = () => ({ top, bottom: top + 80, height: 80, left, right: left + 120, width: 120 });
        tile.querySelector(".nw-tip").getBoundingClientRect = () => ({ top: 0, bottom: 60, height: 60, left: 0, right: 100, width: 100 });
      };
      const vh = window.innerHeight;
      at(high, vh - 100, 130);
      at(low, 20, 10);
      high.focus();
      const tip = high.querySelector(".nw-tip");
      // the window's top, 8 px in: 8 - the tile's top; across the window, 8 px from each side
      expect(tip.style.top).toBe(`${8 - (vh - 100)}px`);
      expect(tip.style.left).toBe(`${8 - 130}px`);
      expect(tip.style.width).toBe(`${window.innerWidth - 16}px`);
      low.focus();
      // the window's bottom: its top at vh - 8 - its height, from the tile's top
      expect(low.querySelector(".nw-tip").style.top).toBe(`${vh - 8 - 60 - 20}px`);
      // the placement goes with the focus (a wider window places it by CSS alone)
      expect(tip.style.top).toBe("");
      // any tooltip of the widget: the event's
      const event = el.querySelector("[data-key='event']");
      at(event, 300, 0);
      event.focus();
      expect(event.querySelector(".nw-tip").style.top).toBe(`${vh - 8 - 60 - 300}px`);
    } finally {
      window.matchMedia = had;
    }
  });

  it("on a phone the strip never covers the decision's controls (Pass, Let a bot decide): the other edge, or beside the tile", () => {
    const model = mockModel(fixture("start_2p"));
    createController({ model, el });
    const had = window.matchMedia;
    window.matchMedia = (q) => ({ matches: q === "(max-width: 420px)", media: q });
    const vh = window.innerHeight;
    const rect = (top, height, left = 10, width = 300) => () => ({ top, bottom: top + height, height, left, right: left + width, width });
    try {
      const tile = el.querySelector(".nw-progress button.nw-tile");
      tile.getBoundingClientRect = rect(100, 80, 10, 120);
      const tip = tile.querySelector(".nw-tip");
      tip.getBoundingClientRect = rect(0, 60);
      const pass = el.querySelector("[data-key='pass']");
      const bot = el.querySelector("[data-key='bot-decide']");
      // the decision's buttons at the window's bottom (a phone, the panel under the board)
      pass.getBoundingClientRect = rect(vh - 110, 44);
      bot.getBoundingClientRect = rect(vh - 60, 44);
      tile.focus();
      // not the bottom (it covered Pass): the window's top, 8 px in
      expect(tip.style.top).toBe(`${8 - 100}px`);
      expect(tile.classList.contains("nw-tip-high")).toBe(true);
      tile.blur();
      // the decision's buttons at both edges: just below the tile
      const reroll = el.querySelector("[data-key='reroll']");
      reroll.getBoundingClientRect = rect(10, 44);
      tile.focus();
      expect(tip.style.top).toBe(`${180 + 8 - 100}px`);
      for (const b of [pass, bot, reroll]) {
        const r = b.getBoundingClientRect();
        const t = 100 + parseInt(tip.style.top, 10);
        expect(t + 60 <= r.top || t >= r.bottom, b.dataset.key).toBe(true);
      }
    } finally {
      window.matchMedia = had;
    }
  });
});
