// The table bar (src/shell/table.js) and the tables this browser remembers
// (src/shell/tablelist.js); the chooser's "Continue a game" and #table= join (src/app).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import chooser from "../../src/app/index.js";
import { drawTableBar, mountTableBar, statusWords, YOUR_TURN } from "../../src/shell/table.js";
import { forgetTable, rememberTable, rememberedTables, TABLES_KEY, tableUrl, tokensInHash } from "../../src/shell/tablelist.js";
import { acts, mockModel, removeHosts, testHost } from "../helpers.js";

const A = "a".repeat(43);
const B = "B".repeat(21) + "-_" + "c".repeat(20);
const SEATS = [
  { seat: 0, name: "Player 1", who: "here", bot: null },
  { seat: 1, name: "Player 2", who: "remote", bot: null, connected: true },
  { seat: 2, name: "Player 3", who: "bot", bot: "random" },
];
const TABLE = { id: "t1", kind: "dice", number: 3, role: "seat", mine: [0], seats: SEATS, to_play: 1, my_turn: false, over: false, tokens: [A] };

let el;
beforeEach(() => {
  el = testHost();
  localStorage.clear();
  document.body.dataset.voila = "voila";
  document.title = "Nations: The Dice Game";
});
afterEach(() => {
  removeHosts();
  delete document.body.dataset.voila;
  history.replaceState(null, "", "#");
});

describe("the table bar", () => {
  it("says whose turn it is and who sits where", () => {
    drawTableBar(TABLE, el, null, null);
    expect(el.querySelector("[data-key=table-status]").textContent).toBe("Waiting for Player 2.");
    const lines = [...el.querySelectorAll(".nw-table-seat")].map((li) => li.textContent);
    expect(lines).toEqual(["Player 1: you (this screen)", "Player 2: a player at their own screen, connectedto play", "Player 3: random bot"]);
    expect(statusWords({ ...TABLE, my_turn: true, to_play: 0 })).toBe("Your turn.");
    expect(statusWords({ ...TABLE, to_play: 2 })).toBe("Player 3's bot (random) is to play.");
    expect(statusWords({ ...TABLE, over: true })).toBe("The game is over.");
  });

  it("is empty when the game is not at a table", () => {
    drawTableBar({}, el, null, null);
    expect(el.hidden).toBe(true);
    expect(el.children.length).toBe(0);
  });

  it("lists the invite links, each with its own Copy, on the page that made the table", () => {
    const loc = { origin: "http://h:1", pathname: "/voila/render/play.ipynb", search: "?game=dice" };
    drawTableBar(TABLE, el, { seats: { 1: B }, spectator: A }, loc);
    const link = el.querySelector("[data-key=link-seat-1]");
    expect(link.value).toBe(`http://h:1/voila/render/play.ipynb?game=dice#table=${B}`);
    expect(el.querySelector("[data-key=copy-seat-1]")).not.toBeNull();
    expect(el.querySelector("[data-key=link-spectator]").value.endsWith(`#table=${A}`)).toBe(true);
  });

  it("remembers the table, puts this screen's links in the address and names the player's turn in the title", () => {
    const model = mockModel({ table: { ...TABLE, links: { seats: { 1: B }, spectator: A } } });
    const bar = mountTableBar(model, el);
    expect(window.location.hash).toBe(`#table=${A}`);
    const [kept] = rememberedTables();
    expect(kept.id).toBe("t1");
    expect(kept.tokens).toEqual([A]);
    expect(kept.links.seats[1]).toBe(B);
    expect(document.title).toBe("Nations: The Dice Game");
    model.emit("table", { ...TABLE, my_turn: true, to_play: 0 });
    expect(document.title).toBe(`${YOUR_TURN}Nations: The Dice Game`);
    model.emit("table", { ...TABLE });
    expect(document.title).toBe("Nations: The Dice Game");
    // after a reload Python no longer has the invite links: the browser kept them
    model.emit("table", { ...TABLE, links: undefined });
    expect(el.querySelector("[data-key=link-seat-1]")).not.toBeNull();
    bar.destroy();
  });
});

describe("a game kept from this screen alone", () => {
  it("is remembered with its one link, put in the address, and dropped from it by a new game", () => {
    const model = mockModel({ table: {}, kept: { id: "k1", kind: "dice", token: A, summary: "you against 1 bot", status: "kept" } });
    const bar = mountTableBar(model, el);
    expect(el.hidden).toBe(true); // no bar: nothing to say while it is kept
    expect(window.location.hash).toBe(`#table=${A}`);
    const [kept] = rememberedTables();
    expect(kept).toMatchObject({ id: "k1", kind: "dice", tokens: [A], role: "kept", summary: "you against 1 bot" });
    model.emit("kept", {}); // a new game, before its first move
    expect(window.location.hash).toBe("");
    expect(rememberedTables().map((t) => t.id)).toEqual(["k1"]); // still in the list
    bar.destroy();
  });

  it("says once, in one line, that it is not being kept, and why", () => {
    const model = mockModel({ table: {}, kept: { status: "off", message: "the server's disk is full" } });
    const bar = mountTableBar(model, el);
    expect(el.hidden).toBe(false);
    const line = el.querySelectorAll("[data-key=not-kept]");
    expect(line.length).toBe(1);
    expect(line[0].textContent).toBe("This game is not being kept: the server's disk is full. If this page closes or reloads, the game is lost; Save keeps it in a file.");
    expect(rememberedTables()).toEqual([]);
    bar.destroy();
  });

  it("is listed under Continue a game by who plays it", () => {
    rememberTable({ id: "k1", kind: "dice", tokens: [A], mine: [], role: "kept", summary: "2 players at this screen" });
    const model = mockModel({ games: [{ key: "dice", title: "Nations: The Dice Game", short: "Dice", line: "" }], game: "", error: "" });
    const cleanup = chooser.render({ model, el });
    expect(el.querySelector("[data-table=k1]").textContent).toContain("Nations: The Dice Game: 2 players at this screen");
    el.querySelector("[data-key=continue-k1]").click();
    expect(acts(model).at(-1)).toEqual({ kind: "join", tokens: [A] });
    cleanup();
  });
});

describe("Continue a game says which game, when it was last played and whose turn it is", () => {
  const GAMES = [{ key: "dice", title: "Nations: The Dice Game", short: "Dice", line: "" }, { key: "board", title: "Nations (the board game)", short: "Board", line: "" }];

  it("a game of this screen: each move notes when and whose turn", () => {
    const kept = { id: "k1", kind: "dice", token: A, summary: "you against 1 bot", status: "kept" };
    const model = mockModel({ table: {}, kept, view: { current: 0, human_turn: true }, seats: ["human", "heuristic"], history: { position: 3 } });
    const bar = mountTableBar(model, el);
    expect(rememberedTables()[0].turn).toEqual({ mine: true });
    const first = rememberedTables()[0].used;
    model.set("view", { current: 1, human_turn: false });
    model.emit("history", { position: 4 });
    const [entry] = rememberedTables();
    expect(entry.turn).toEqual({ name: "Player 2", bot: true });
    expect(entry.used).toBeGreaterThanOrEqual(first);
    bar.destroy();
  });

  it("a table: whose turn from its trait", () => {
    const bar = mountTableBar(mockModel({ table: TABLE, kept: {} }), el);
    expect(rememberedTables()[0].turn).toEqual({ name: "Player 2", bot: false });
    bar.destroy();
    mountTableBar(mockModel({ table: { ...TABLE, over: true }, kept: {} }), el).destroy();
    expect(rememberedTables()[0].turn).toEqual({ over: true });
  });

  it("a finished game says it is finished and who won, for a game of this screen and a table", () => {
    const kept = { id: "k1", kind: "dice", token: A, summary: "you against 1 bot", status: "kept" };
    const over = { step: "game_over", current: null, human_turn: false, winner: 1 };
    mountTableBar(mockModel({ table: {}, kept, view: over, seats: ["human", "heuristic"], history: { position: 39 } }), el).destroy();
    expect(rememberedTables()[0].turn).toEqual({ over: true, winner: "Player 2" });
    mountTableBar(mockModel({ table: { ...TABLE, over: true }, kept: {}, view: { ...over, winner: 0 } }), el).destroy();
    expect(rememberedTables()[0].turn).toEqual({ over: true, winner: "Player 1" });
    rememberTable({ id: "k2", kind: "board", tokens: [B], mine: [], role: "kept", summary: "solo", turn: { over: true } });
    rememberTable({ id: "k3", kind: "board", tokens: [B], mine: [], role: "kept", summary: "solo", turn: { over: true, winner: "\u202e\u0007" } });
    rememberTable({ id: "k4", kind: "board", tokens: [B], mine: [], role: "kept", summary: "solo", turn: { over: true, winner: "<b>x</b>" } });
    const cleanup = chooser.render({ model: mockModel({ games: GAMES, game: "", error: "" }), el });
    const text = (id) => el.querySelector(`[data-table=${id}] .nw-app-when`).textContent;
    expect(text("k1")).toMatch(/^Last played .+ · Finished · Player 2 won$/);
    expect(text("t1")).toMatch(/ · Finished · Player 1 won$/);
    expect(text("k2")).toMatch(/ · Finished$/); // the winner not known (a tie, an older entry)
    expect(text("k3")).toMatch(/ · Finished$/); // a damaged winner is not shown
    // a player's name is text, never markup
    expect(text("k4")).toMatch(/ · Finished · <b>x<\/b> won$/);
    expect(el.querySelector("[data-table=k4] b")).toBeNull();
    cleanup();
  });

  it("a new game's update, which brings its link (none yet) with it, leaves the last game's entry finished", () => {
    const kept = { id: "k1", kind: "dice", token: A, summary: "you against 1 bot", status: "kept" };
    const model = mockModel({ table: {}, kept, view: { step: "game_over", current: null, winner: 0 }, seats: ["human", "heuristic"], history: { position: 39 } });
    const bar = mountTableBar(model, el);
    // Play again: Python sends the new game's view, history and its kept trait in one update
    model.set("view", { current: 0, human_turn: true });
    model.set("kept", {});
    model.emit("history", { position: 0, game: 2 });
    model.emit("kept", {});
    expect(rememberedTables()).toHaveLength(1);
    expect(rememberedTables()[0].turn).toEqual({ over: true, winner: "Player 1" });
    expect(window.location.hash).toBe(""); // a reload brings no finished game back as if new
    bar.destroy();
  });

  it("each entry: the game, who plays, last played and the turn, then Continue and Forget", () => {
    rememberTable({ id: "k1", kind: "dice", tokens: [A], mine: [], role: "kept", summary: "you against 1 bot", turn: { mine: true } });
    rememberTable({ id: "t2", kind: "board", tokens: [B], mine: [0], role: "seat", turn: { name: "Player 2", bot: false } });
    rememberTable({ id: "t3", kind: "board", tokens: [A], mine: [1], role: "seat", turn: { name: "x".repeat(10000) } });
    const model = mockModel({ games: GAMES, game: "", error: "" });
    const cleanup = chooser.render({ model, el });
    const text = (id) => el.querySelector(`[data-table=${id}] .nw-app-when`).textContent;
    expect(text("k1")).toMatch(/^Last played .+ · Your turn$/);
    expect(text("t2")).toMatch(/ · Player 2's turn$/);
    expect(text("t3")).not.toContain("x"); // a damaged turn is not shown
    expect(el.querySelector("[data-table=t2] .nw-app-game-name").textContent).toBe("Nations (the board game): Player 1");
    el.querySelector("[data-key=forget-k1]").click();
    el.querySelector("[data-key=forget-yes-k1]").click();
    expect(rememberedTables().map((t) => t.id)).toEqual(["t3", "t2"]);
    expect(el.querySelector("[data-table=k1]")).toBeNull();
    cleanup();
  });
});

describe("Forget asks first, and deletes a game of this screen from the server", () => {
  const GAMES = [{ key: "dice", title: "Nations: The Dice Game", short: "Dice", line: "" }, { key: "board", title: "Nations (the board game)", short: "Board", line: "" }];
  const key = (e, k) => e.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
  const ids = () => rememberedTables().map((t) => t.id);

  it("a game of this screen: Keep it and Escape change nothing; Forget it sends its link", () => {
    rememberTable({ id: "k1", kind: "dice", tokens: [A], mine: [], role: "kept", summary: "you against 1 bot" });
    rememberTable({ id: "k2", kind: "board", tokens: [B], mine: [], role: "kept", summary: "solo" });
    const model = mockModel({ games: GAMES, game: "", error: "" });
    const cleanup = chooser.render({ model, el });
    el.querySelector("[data-key=forget-k1]").click();
    const item = el.querySelector("[data-table=k1]");
    expect(item.textContent).toContain("Forget this game? It is deleted from the server and cannot be brought back.");
    expect(document.activeElement).toBe(el.querySelector("[data-key=forget-no-k1]")); // the keyboard is at the question, on its safe answer
    expect(el.querySelector("[data-key=forget-yes-k1]").getAttribute("aria-label")).toBe("Forget it: Nations: The Dice Game: you against 1 bot");
    expect(el.querySelector("[data-key=continue-k1]")).toBeNull();
    expect(el.querySelector("[data-table=k2] [data-key=forget-k2]")).not.toBeNull(); // the others as they were
    el.querySelector("[data-key=forget-no-k1]").click(); // Keep it
    expect(ids()).toEqual(["k2", "k1"]);
    expect(acts(model)).toEqual([]);
    expect(document.activeElement).toBe(el.querySelector("[data-key=forget-k1]"));
    el.querySelector("[data-key=forget-k1]").click();
    key(document.activeElement, "Escape"); // Escape keeps it too
    expect(el.querySelector("[data-key=forget-yes-k1]")).toBeNull();
    expect(ids()).toEqual(["k2", "k1"]);
    expect(acts(model)).toEqual([]);
    el.querySelector("[data-key=forget-k1]").click();
    el.querySelector("[data-key=forget-yes-k1]").click();
    expect(ids()).toEqual(["k2"]);
    expect(el.querySelector("[data-table=k1]")).toBeNull();
    expect(acts(model)).toEqual([{ kind: "forget", tokens: [A] }]);
    expect(document.activeElement).toBe(el.querySelector("[data-key=forget-k2]"));
    el.querySelector("[data-key=forget-k2]").click();
    el.querySelector("[data-key=forget-yes-k2]").click();
    expect(ids()).toEqual([]);
    expect(el.querySelector(".nw-app-continue")).toBeNull();
    expect(document.activeElement).toBe(el.querySelector("[data-key=choose-dice]"));
    cleanup();
  });

  it("a shared table: its words say it stays on the server, and nothing is sent", () => {
    rememberTable({ id: "t2", kind: "board", tokens: [B, A], mine: [0], role: "seat" });
    const model = mockModel({ games: GAMES, game: "", error: "" });
    const cleanup = chooser.render({ model, el });
    expect(el.querySelector("[data-key=forget-t2]").title).toContain("stays on the server");
    el.querySelector("[data-key=forget-t2]").click();
    const words = el.querySelector("[data-table=t2] .nw-app-confirm-words").textContent;
    expect(words).toContain("Forget this table?");
    expect(words).toContain("other players still sit at it, so it stays on the server");
    expect(el.querySelector("[data-table=t2] [role=group]").getAttribute("aria-labelledby")).toBe("nw-app-forget-t2");
    el.querySelector("[data-key=forget-yes-t2]").click();
    expect(ids()).toEqual([]);
    expect(acts(model)).toEqual([]);
    cleanup();
  });

  it("a game forgotten in another tab leaves this browser's list when the server says so", () => {
    const kept = { id: "k1", kind: "dice", token: A, summary: "you against 1 bot", status: "kept" };
    const model = mockModel({ table: {}, kept, view: { current: 0, human_turn: true }, seats: ["human", "heuristic"], history: { position: 3 } });
    const bar = mountTableBar(model, el);
    rememberTable({ id: "k9", kind: "dice", tokens: [B], mine: [], role: "kept" });
    expect(ids()).toEqual(["k9", "k1"]);
    model.emit("kept", { status: "off", message: "the server's disk is full" });
    expect(ids()).toEqual(["k9", "k1"]); // not kept any more, but still there
    model.emit("kept", { status: "off", message: "this game was forgotten", id: "k1", gone: true });
    expect(ids()).toEqual(["k9"]);
    bar.destroy();
  });
});

describe("the tables this browser remembers", () => {
  it("reads links from an address's fragment, and refuses anything not shaped like one", () => {
    expect(tokensInHash(`#table=${A},${B}`)).toEqual([A, B]);
    expect(tokensInHash("#table=short")).toEqual([]);
    expect(tokensInHash(`#table=${A},short`)).toEqual([]); // one bad link spoils the address (test/app/links.test.js)
    expect(tokensInHash("")).toEqual([]);
    expect(tableUrl({ origin: "o", pathname: "/p", search: "" }, [A, B])).toBe(`o/p#table=${A},${B}`);
  });

  it("keeps the newest first, forgets on request, and ignores a damaged list", () => {
    rememberTable({ id: "one", kind: "dice", tokens: [A] });
    rememberTable({ id: "two", kind: "board", tokens: [B] });
    expect(rememberedTables().map((t) => t.id)).toEqual(["two", "one"]);
    forgetTable("two");
    expect(rememberedTables().map((t) => t.id)).toEqual(["one"]);
    localStorage.setItem(TABLES_KEY, "{not json");
    expect(rememberedTables()).toEqual([]);
    localStorage.setItem(TABLES_KEY, JSON.stringify([{ id: "x", tokens: ["<script>"] }]));
    expect(rememberedTables()).toEqual([]);
  });

  it("the chooser lists them under Continue a game, and joins a table named in the address", () => {
    rememberTable({ id: "one", kind: "dice", tokens: [A], mine: [1], role: "seat" });
    history.replaceState(null, "", `#table=${B}`);
    const model = mockModel({ games: [{ key: "dice", title: "Nations: The Dice Game", short: "Dice", line: "" }], game: "", error: "" });
    const cleanup = chooser.render({ model, el });
    expect(acts(model)).toEqual([{ kind: "join", tokens: [B] }]);
    const item = el.querySelector("[data-table=one]");
    expect(item.textContent).toContain("Nations: The Dice Game: Player 2");
    el.querySelector("[data-key=continue-one]").click();
    expect(acts(model)[1]).toEqual({ kind: "join", tokens: [A] });
    expect(window.location.hash).toBe(`#table=${A}`);
    el.querySelector("[data-key=forget-one]").click();
    el.querySelector("[data-key=forget-yes-one]").click();
    expect(el.querySelector("[data-table=one]")).toBeNull();
    expect(acts(model)).toHaveLength(2); // a seat at a shared table: nothing to delete
    cleanup();
  });
});
