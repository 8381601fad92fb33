// The incremental board: parts whose inputs did not change keep their DOM nodes; a change
// touches only the parts drawn from it; the log follows Python's patches exactly.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createController } from "../../src/dice/index.js";
import { applyLogPatch, logStore } from "../../src/shell/logstore.js";
import { Parts, h, memo, setChildren } from "../../src/shell/dom.js";
import { click, fixture, mockModel, removeHosts, testHost, tick } from "../helpers.js";

const here = dirname(fileURLToPath(import.meta.url));
const steps = JSON.parse(readFileSync(join(here, "..", "fixtures", "log_patches.json"), "utf8"));

let el;
beforeEach(() => {
  el = testHost();
});
afterEach(removeHosts);

const clone = (x) => JSON.parse(JSON.stringify(x));
const nodes = (root) => [root, ...root.querySelectorAll("*")];
const texts = (root) => [...root.querySelectorAll(".nw-log-list li")].map((li) => li.textContent);

function mount(name) {
  const model = mockModel({ ...fixture(name) });
  const controller = createController({ model, el });
  return { model, controller };
}

describe("incremental drawing", () => {
  it("unchanged inputs keep every DOM node", async () => {
    const { model } = mount("rich_3p");
    const before = nodes(el);
    for (const key of ["view", "legal", "history", "seats", "settings"]) model.emit(key, clone(model.data[key]));
    await tick();
    const after = nodes(el);
    expect(after.length).toBe(before.length);
    expect(after.every((n, i) => n === before[i])).toBe(true);
  });

  it("a change to one player touches only that player's board (and what shows it)", async () => {
    const { model } = mount("rich_3p");
    const seat = model.data.view.order.find((s) => s !== model.data.view.current);
    const boards = () => [...el.querySelectorAll(".nw-player")];
    const boardOf = (s) => boards().find((b) => b.getAttribute("aria-label").startsWith(`Player ${s + 1}'s`));
    const others = model.data.view.players.map((_, s) => s).filter((s) => s !== seat);
    const keep = others.map((s) => nodes(boardOf(s)));
    const progress = nodes(el.querySelector(".nw-progress"));
    const target = boardOf(seat);
    const chits = target.querySelector(".nw-chits-row");
    const tiles = nodes(target.querySelector(".nw-board-row"));
    const view = clone(model.data.view);
    view.players[seat].chits.gold = (view.players[seat].chits.gold || 0) + 1;
    model.emit("view", view);
    await tick();
    // the other boards and the progress board: the very same nodes
    others.forEach((s, i) => {
      const now = nodes(boardOf(s));
      expect(now.length).toBe(keep[i].length);
      expect(now.every((n, j) => n === keep[i][j])).toBe(true);
    });
    expect(nodes(el.querySelector(".nw-progress")).every((n, j) => n === progress[j])).toBe(true);
    // this board: its section and untouched parts stay, the chits show the new count
    expect(boardOf(seat)).toBe(target);
    expect(nodes(target.querySelector(".nw-board-row")).every((n, j) => n === tiles[j])).toBe(true);
    expect(target.querySelector(".nw-chits-row")).toBe(chits);
    const gold = view.players[seat].chits.gold + (view.players[seat].chits_used.gold || 0);
    expect(chits.textContent).toContain(`${view.players[seat].chits.gold}/${gold}`);
  });

  it("a colony bought adds its card to the player's built ones, which stay as they were", async () => {
    const { model } = mount("rich_3p");
    const seat = model.data.view.players.findIndex((p) => p.colonies.length && p.wonders.length);
    const built = () => [...el.querySelectorAll(".nw-player")]
      .find((b) => b.getAttribute("aria-label").startsWith(`Player ${seat + 1}'s`)).querySelector(".nw-built");
    const frame = built();
    const before = [...frame.querySelectorAll(".nw-built-list > .nw-tile")];
    expect(before.length).toBe(2);
    const owned = new Set(model.data.view.players.flatMap((p) => p.colonies));
    const colony = Object.entries(model.data.catalogue.tiles).find(([id, t]) => t.kind === "colony" && !owned.has(id))[0];
    const view = clone(model.data.view);
    view.players[seat].colonies.push(colony);
    model.emit("view", view);
    await tick();
    expect(built()).toBe(frame);
    const now = [...frame.querySelectorAll(".nw-built-list > .nw-tile")];
    expect(now.map((t) => t.dataset.tile)).toEqual([...view.players[seat].colonies, ...view.players[seat].wonders]);
    // the colony and the wonder that were there: the same nodes, not built again
    expect(now[0]).toBe(before[0]);
    expect(now[2]).toBe(before[1]);
  });

  it("selecting a die redraws that die, not the others", () => {
    mount("start_2p");
    const die1 = el.querySelector('[data-key="die-1"]');
    const tiles = nodes(el.querySelector(".nw-progress"));
    click(el.querySelector('[data-key="die-0"]'));
    expect(el.querySelector('[data-key="die-0"]').getAttribute("aria-pressed")).toBe("true");
    expect(el.querySelector('[data-key="die-1"]')).toBe(die1);
    expect(nodes(el.querySelector(".nw-progress")).every((n, j) => n === tiles[j])).toBe(true);
  });

  it("a change of turn keeps the progress board's tiles (switched in place, not refilled)", async () => {
    const { model } = mount("start_2p");
    const tiles = () => [...el.querySelectorAll(".nw-progress .nw-tile")];
    const before = tiles();
    const inner = nodes(el.querySelector(".nw-board-grid"));
    // live exactly when buyable (Python's legal moves)
    const buyable = new Set(model.data.legal.filter((e) => e.move.type === "buy").map((e) => e.move.tile));
    expect(before.filter((t) => t.nodeName === "BUTTON").every((t) => (t.getAttribute("aria-disabled") !== "true") === buyable.has(t.dataset.tile))).toBe(true);
    const moved = [];
    const watch = new MutationObserver((records) => moved.push(...records.filter((r) => r.type === "childList")));
    watch.observe(el.querySelector(".nw-board-grid"), { childList: true });
    model.emit("busy", true); // bots playing: nobody can buy
    await tick();
    watch.disconnect();
    expect(moved).toEqual([]); // no tile taken out and put back
    expect(tiles()).toEqual(before);
    expect(nodes(el.querySelector(".nw-board-grid")).every((n, i) => n === inner[i])).toBe(true);
    expect(tiles().filter((t) => t.nodeName === "BUTTON").every((t) => t.getAttribute("aria-disabled") === "true")).toBe(true);
    expect(el.querySelector(".nw-progress .nw-sub").textContent).toBe("");
    model.emit("busy", false);
    await tick();
    expect(tiles()).toEqual(before);
    expect(el.querySelector(".nw-progress .nw-sub").textContent).toContain("click a tile");
  });

  it("the turn passing shows and hides the turn marks in place (no layout change)", async () => {
    const { model } = mount("start_2p");
    const view = clone(model.data.view);
    const marks = () => [...el.querySelectorAll(".nw-turn-badge, .nw-turn-mark")];
    const before = marks();
    expect(before.length).toBe(2 * view.players.length); // a badge and a score mark per seat
    const shown = () => marks().filter((m) => !m.classList.contains("nw-off")).map((m) => m.closest("section, tr").textContent.match(/Player \d/)[0]);
    expect(shown()).toEqual([`Player ${view.current + 1}`, `Player ${view.current + 1}`]);
    const moved = [];
    const watch = new MutationObserver((records) => moved.push(...records.filter((r) => r.type === "childList")));
    for (const m of before) watch.observe(m.parentNode, { childList: true });
    view.current = (view.current + 1) % view.players.length;
    model.emit("view", view);
    await tick();
    watch.disconnect();
    expect(moved).toEqual([]);
    expect(marks()).toEqual(before);
    expect(shown()).toEqual([`Player ${view.current + 1}`, `Player ${view.current + 1}`]);
  });

  it("a die that is used keeps its element, patched in place, not rebuilt", async () => {
    const { model } = mount("start_2p");
    const view = clone(model.data.view);
    const seat = view.current;
    const d = view.dice.findIndex((x) => x[0] === seat && !x[1]);
    const die = el.querySelector(`[data-key="die-${d}"]`);
    const inner = nodes(die);
    expect(die.getAttribute("aria-disabled")).toBe(null); // the human to move: live
    view.dice[d][1] = 1; // used
    const made = vi.spyOn(document, "createElement");
    model.emit("view", view);
    await tick();
    const buttons = made.mock.calls.filter(([tag]) => tag === "button").length;
    made.mockRestore();
    expect(buttons).toBe(0); // no die (nor anything else) rebuilt
    const now = el.querySelector(`[data-key="die-${d}"]`);
    expect(now).toBe(die);
    expect(nodes(now).every((n, i) => n === inner[i])).toBe(true);
    expect(now.classList.contains("nw-used")).toBe(true);
    expect(now.getAttribute("aria-label")).toContain("(used)");
    expect(now.getAttribute("aria-disabled")).toBe("true"); // used: not clickable
    expect(now.closest(".nw-used-area")).toBeTruthy();
  });

  it("a new position redraws the moved dice and scores; the board ends equal to a fresh draw", async () => {
    const { model } = mount("start_2p");
    const next = fixture("rich_3p");
    for (const key of ["view", "legal", "history", "seats", "settings"]) model.emit(key, next[key]);
  model.emit("log_patch", { ...next.log_patch, seq: 2 });
    await tick();
    const fresh = document.createElement("div");
    document.body.appendChild(fresh);
    createController({ model: mockModel({ ...fixture("rich_3p") }), el: fresh });
    // the same markup (but for the board's id prefix, the dice still rolling, and the
    // new-game form, which is the person's own and keeps its settings)
    const strip = (root) => {
      const copy = root.cloneNode(true);
      copy.querySelector(".nw-game").remove();
      return copy.innerHTML.replace(/nwb-\d+-/g, "ID-").replace(/ nw-rolling/g, "");
    };
    expect(strip(el)).toBe(strip(fresh));
    fresh.remove();
  });
});

describe("the log", () => {
  it("follows every patch of a real game (moves, undo, redo, goto, new game, load)", async () => {
    const model = mockModel({ ...fixture("start_2p"), log_patch: steps[0].patch });
    createController({ model, el });
    const store = logStore(model);
    expect(store.entries).toEqual(steps[0].log);
    let items = [...el.querySelectorAll(".nw-log-list li")];
    for (const step of steps.slice(1)) {
      model.emit("log_patch", step.patch);
      await tick();
      expect(store.synced, step.what).toBe(true);
      expect(store.entries, step.what).toEqual(step.log);
      expect(texts(el), step.what).toEqual(step.log.map((e) => e.text));
      // lines that stayed are the same elements
      const now = [...el.querySelectorAll(".nw-log-list li")];
      const kept = step.patch.reset ? [] : step.log.filter((e) => e.n >= step.patch.keep[0] && e.n <= step.patch.keep[1]);
      for (const e of kept) {
        const old = items.find((li) => li.dataset.n === String(e.n));
        if (old) expect(now).toContain(old);
      }
      items = now;
    }
    expect(model.sent.filter((m) => m.kind === "log_sync")).toEqual([]);
  });

  it("appends a move's lines and cuts an undo's", () => {
    const append = steps.find((s) => !s.patch.reset && s.patch.tail.length && !s.patch.head.length);
    const i = steps.indexOf(append);
    const prev = steps[i - 1];
    expect(applyLogPatch(prev.log, prev.patch.seq, append.patch)).toEqual(append.log);
    const undo = steps.find((s) => s.what === "undo");
    const before = steps[steps.indexOf(undo) - 1];
    expect(undo.patch.tail).toEqual([]);
    expect(applyLogPatch(before.log, before.patch.seq, undo.patch)).toEqual(undo.log);
  });

  it("a page that missed patches asks for the whole log and shows none until it comes", async () => {
    const mid = steps[10];
    const model = mockModel({ ...fixture("start_2p"), log_patch: mid.patch });
    createController({ model, el });
    expect(model.sent).toEqual([{ kind: "log_sync" }]);
    expect(texts(el)).toEqual(["Loading the log…"]);
    model.emit("log_patch", steps[11].patch); // still not applicable: no second request
    await tick();
    expect(model.sent.length).toBe(1);
    expect(texts(el)).toEqual(["Loading the log…"]);
    model.emit("log_patch", { seq: 999, reset: true, entries: steps[11].log });
    await tick();
    expect(texts(el)).toEqual(steps[11].log.map((e) => e.text));
    expect(logStore(model).synced).toBe(true);
  });

  it("refuses a patch that does not build on what it holds", () => {
    const a = steps[5];
    const b = steps[7];
    expect(applyLogPatch(a.log, a.patch.seq, b.patch)).toBeNull();
    const broken = { ...steps[6].patch, span: [steps[6].patch.span[0], steps[6].patch.span[1] + 1] };
    expect(applyLogPatch(a.log, a.patch.seq, broken)).toBeNull();
  });
});

describe("dom helpers", () => {
  it("setChildren keeps nodes in place when a neighbour is replaced", () => {
    const parent = document.createElement("div");
    const [a, b, c, b2] = ["a", "b", "c", "b2"].map((t) => h("span", {}, t));
    setChildren(parent, [a, b, c]);
    const moves = [];
    new MutationObserver((rs) => rs.forEach((r) => moves.push(...r.removedNodes))).observe(parent, { childList: true });
    setChildren(parent, [a, b2, c]);
    expect([...parent.childNodes]).toEqual([a, b2, c]);
    return tick().then(() => expect(moves).toEqual([b]));
  });

  it("Parts rebuild a part only when its signature changes, as a new element", () => {
    const parts = new Parts();
    let builds = 0;
    const make = () => { builds += 1; return h("div", {}, "x"); };
    const draw = (signature) => {
      const node = parts.part("k", signature, make);
      parts.sweep();
      return node;
    };
    const a = draw("1");
    expect(draw("1")).toBe(a);
    expect(builds).toBe(1);
    // built anew, never patched into the old element: what was set in place on the old
    // one after its build (a die's face) is drawn again on the new one by its drawer
    const b = draw("2");
    expect(b).not.toBe(a);
    expect(builds).toBe(2);
  });
});

describe("nested memos", () => {
  // a card (a memo) whose face is a memo of its own: the face outlives draws in which the
  // card is built again (its buttons changed), and comes back as it was after sweeps
  it("keep the inner element while only the outer one changes, over sweeps", () => {
    const parts = new Parts();
    let faces = 0;
    const card = (buttons) => memo("card", `b${buttons}`, () => h("article", {},
      memo("card-face", "f", () => { faces += 1; return h("header", {}, "Temple"); }),
      buttons ? h("div", { class: "acts" }, h("button", {}, "Buy")) : null));
    const draw = (buttons, title = "") => {
      const node = parts.part("board", `b${buttons}${title}`, () => h("section", {}, card(buttons), title));
      parts.sweep();
      return node;
    };
    const face = draw(1).firstChild.firstChild;
    expect(faces).toBe(1);
    let board = draw(0);
    expect(board.firstChild.firstChild).toBe(face);
    expect(board.querySelector("button")).toBeNull();
    const article = board.firstChild;
    board = draw(0, "round 2"); // the board drawn again around the card kept as it is: the
    expect(board.firstChild).toBe(article);
    board = draw(0, "round 3"); // card's face must stay remembered too
    board = draw(1);
    expect(faces).toBe(1);
    expect(board.firstChild.firstChild).toBe(face);
    expect(board.firstChild.querySelector(".acts button").textContent).toBe("Buy");
    expect(board.querySelector("nw-keep")).toBeNull();
  });
});

describe("a kept element is in one place only", () => {
  // the advisor slot: a part drawing "no advisor", then the advisor's card (a memo), then
  // none again and the card again (Undo, » latest): the card comes back whole (it was
  // drawn as an empty box when the part's rebuild patched the empty slot into the memo's
  // card, leaving the memo's own element emptied)
  it("a part that switches between a plain element and a memo's element", () => {
    const parts = new Parts();
    const slot = (advisor) => {
      const node = parts.part("advisor", String(advisor), () => (advisor
        ? memo("adv-card", "genghis", () => h("div", { class: "tile" }, h("span", {}, "Genghis Khan")))
        : h("div", { class: "empty" }, "no advisor")));
      parts.sweep();
      return node;
    };
    const host = h("div", {});
    for (const advisor of [false, true, false, true, true, false, true]) {
      setChildren(host, [slot(advisor)]);
      expect(host.textContent).toBe(advisor ? "Genghis Khan" : "no advisor");
    }
  });

  it("a memo asked twice in a draw is drawn twice, whole", () => {
    const parts = new Parts();
    const card = () => memo("card", "1", () => h("article", {}, "Temple"));
    for (let i = 0; i < 3; i += 1) {
      const node = parts.part("two", String(i), () => h("div", {}, card(), card()));
      parts.sweep();
      expect([...node.children].map((c) => c.textContent)).toEqual(["Temple", "Temple"]);
    }
  });

  it("a part kept aside is not robbed by another part asking its memo", () => {
    const parts = new Parts();
    const card = () => memo("card", "1", () => h("article", {}, "Temple"));
    const a = parts.part("a", "", () => h("div", {}, card()));
    parts.sweep();
    const b = parts.part("b", "", () => h("div", {}, card())); // "a" is put aside
    parts.sweep();
    expect(b.textContent).toBe("Temple");
    expect(parts.part("a", "", () => h("div", {}, card()))).toBe(a); // back as it was
    expect(a.textContent).toBe("Temple");
    expect(b.textContent).toBe("Temple");
  });
});

describe("the progress board", () => {
  it("a tile that becomes affordable is patched alone, the others stay", async () => {
    const { model } = mount("start_2p");
    const cards = () => [...el.querySelectorAll(".nw-progress .nw-board-grid > *")];
    const before = cards();
    const affordable = () => cards().filter((c) => c.classList.contains("nw-affordable")).map((c) => c.dataset.tile);
    const was = affordable();
    expect(was.length).toBeGreaterThan(0);
    const drop = was[0];
    model.emit("legal", model.data.legal.filter((e) => !(e.move.type === "buy" && e.move.tile === drop)));
    await tick();
    const after = cards();
    expect(after.length).toBe(before.length);
    expect(after.every((c, i) => c === before[i])).toBe(true); // patched in place
    expect(affordable()).toEqual(was.slice(1));
    expect(el.querySelector(`[data-key="board-${drop}"]`).getAttribute("aria-label")).not.toContain("You can afford it");
    // no longer buyable: inert, a click does nothing
    expect(el.querySelector(`[data-key="board-${drop}"]`).getAttribute("aria-disabled")).toBe("true");
    const sentBefore = model.sent.length;
    click(el.querySelector(`[data-key="board-${drop}"]`));
    expect(model.sent.length).toBe(sentBefore);
    expect(el.querySelector(".nw-pending")).toBeNull();
  });
});

describe("the history panel", () => {
  it("keeps its slider and sets it to Python's position, also after a refused goto", async () => {
    const { model } = mount("rich_3p");
    const slider = el.querySelector('[data-key="slider"]');
    const hi = model.data.history;
    expect(slider.value).toBe(String(hi.position));
    model.emit("history", { ...hi, position: hi.position - 1, can_redo: true });
    await tick();
    expect(el.querySelector('[data-key="slider"]')).toBe(slider);
    expect(slider.value).toBe(String(hi.position - 1));
    expect(el.querySelector(".nw-slider-label").textContent).toBe(`Move ${hi.position - 1} of ${hi.length}`);
    expect(el.querySelector('[data-key="redo"]').disabled).toBe(false);
    // the person drags it; Python refuses: the slider goes back to Python's position
    slider.value = "0";
    slider.dispatchEvent(new Event("change"));
    expect(model.sent.at(-1)).toEqual({ kind: "goto", position: 0 });
    model.emit("error", "refused");
    await tick();
    expect(slider.value).toBe(String(hi.position - 1));
  });
});
