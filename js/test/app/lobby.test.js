// The lobby in the chooser (src/app/index.js, issue 31 section 3): the page asks Python once
// for this server's open tables, draws the `lobby` trait (names as text, never markup),
// each free seat a button that sends {kind: "sit", table, seat}; the table bar of a table
// that waits for its open seats says so, and offers the host "Start now" with a bot.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import chooser, { whoWaits } from "../../src/app/index.js";
import { drawTableBar, statusWords } from "../../src/shell/table.js";
import { acts, click, mockModel, removeHosts, testHost, tick } from "../helpers.js";

const GAMES = [
  { key: "dice", title: "Nations: The Dice Game", short: "The Dice Game", line: "Roll dice." },
  { key: "board", title: "Nations (the board game)", short: "The board game", line: "Draft cards." },
];
const TABLE = {
  id: "ab12", game: "dice", players: 3, variant: "Accelerated variant", listed: 1_800_000_000, free: [1, 2],
  seats: [
    { seat: 0, who: "person", name: "<img src=x onerror=alert(1)>", bot: null, label: "Player 1" },
    { seat: 1, who: "open", name: "Player 2", bot: null, label: "Player 2" },
    { seat: 2, who: "open", name: "Player 3", bot: null, label: "Player 3" },
  ],
};

let el;
beforeEach(() => {
  el = testHost();
});
afterEach(() => removeHosts());

describe("the lobby", () => {
  it("asks once for the open tables, lists them live and sends a sit", async () => {
    const model = mockModel({ games: GAMES, game: "", error: "", lobby: {} });
    chooser.render({ model, el });
    expect(model.sent).toEqual([{ kind: "lobby", watch: true }]);
    expect(el.querySelector("[data-key=lobby]")).toBeNull(); // nothing before Python answers
    model.emit("lobby", { tables: [], idle_minutes: 15, error: "" });
    await tick();
    expect(el.querySelector("[data-key=lobby-empty]").textContent).toContain("Open: anyone on this server");
    expect(el.querySelector("[data-key=lobby]").textContent).toContain("15 minutes");
    model.emit("lobby", { tables: [TABLE], idle_minutes: 15, error: "" });
    await tick();
    const row = el.querySelector(".nw-app-open-table");
    expect(row.textContent).toContain("Nations: The Dice Game · Accelerated variant · 3 players");
    expect(row.textContent).toContain("2 seats free");
    expect(row.textContent).toContain("<img src=x onerror=alert(1)> waits"); // text, never markup
    expect(row.querySelector("img")).toBeNull();
    const seats = [...row.querySelectorAll("button.nw-app-sit")];
    expect(seats.map((b) => b.textContent)).toEqual(["Sit as Player 2", "Sit as Player 3"]);
    click(el.querySelector('[data-key="sit-ab12-2"]'));
    expect(acts(model)).toEqual([{ kind: "sit", table: "ab12", seat: 2 }]);
    // a refusal in Python's words, the list as it is now
    model.emit("error", "Someone else took Player 3's seat first; choose another seat.");
    model.emit("lobby", { tables: [{ ...TABLE, free: [1], seats: [TABLE.seats[0], TABLE.seats[1], { ...TABLE.seats[2], who: "person", name: "Bo" }] }], idle_minutes: 15, error: "" });
    await tick();
    expect(el.querySelector(".nw-app-error").textContent).toContain("took Player 3's seat first");
    expect([...el.querySelectorAll("button.nw-app-sit")].map((b) => b.dataset.seat)).toEqual(["1"]);
    expect(model.sent.filter((m) => m.kind === "lobby")).toHaveLength(1); // asked once
  });

  it("says who waits, bots by level", () => {
    expect(whoWaits({ seats: [{ who: "person", name: "Ada" }, { who: "bot", bot: "random" }, { who: "open" }] })).toBe("Ada and a random bot");
    expect(whoWaits({ seats: [{ who: "open" }] })).toBe("");
  });

  it("a waiting table's bar: the open seats, and the host's Start now", () => {
    const sent = [];
    const T = {
      id: "ab12", kind: "dice", role: "seat", host: true, mine: [0], waiting: true, open: [1, 2], start_bots: ["random", "heuristic"],
      to_play: 0, over: false, my_turn: false, tokens: [],
      seats: [{ seat: 0, name: "Ada", who: "here" }, { seat: 1, name: "Player 2", who: "remote" }, { seat: 2, name: "Player 3", who: "remote" }],
    };
    expect(statusWords(T)).toBe("Waiting for players at the open seats.");
    drawTableBar(T, el, null, null, {}, null, (m) => sent.push(m));
    const part = el.querySelector("[data-key=table-waiting]");
    expect(part.textContent).toContain("Player 2 and Player 3 are open to anyone on this server");
    el.querySelector("[data-key=start-bot]").value = "heuristic";
    click(el.querySelector("[data-key=start-now]"));
    expect(sent).toEqual([{ kind: "start_table", bot: "heuristic" }]);
    // a guest's page: no Start now
    drawTableBar({ ...T, host: false, start_bots: undefined }, el, null, null, {}, null, (m) => sent.push(m));
    expect(el.querySelector("[data-key=start-now]")).toBeNull();
    expect(el.querySelector("[data-key=table-waiting]").textContent).toContain("when the host starts it");
  });
});

describe("the table chat", () => {
  const T = {
    id: "t1", kind: "dice", role: "seat", host: true, mine: [0], to_play: 1, over: false, my_turn: false, tokens: [],
    seats: [{ seat: 0, name: "Ada", who: "here" }, { seat: 1, name: "Bo", who: "remote" }],
    chat: {
      lines: [
        { n: 1, kind: "line", seat: 1, name: "<b>Bo</b>", move: 3, text: "<img src=x onerror=alert(1)> gg" },
        { n: 2, kind: "off", seat: null, name: null, move: 4, text: "" },
      ],
      off: false, can_write: true, can_switch: true, max: 300,
    },
  };
  it("draws names and lines as text, with move numbers, and sends what is typed", async () => {
    const { chatForm } = await import("../../src/shell/table.js");
    const sent = [];
    const chatting = chatForm((text) => sent.push({ kind: "chat", text }));
    drawTableBar(T, el, null, null, {}, null, (m) => sent.push(m), chatting);
    const line = el.querySelector(".nw-chat-line");
    expect(line.textContent).toBe("<b>Bo</b> move 3 <img src=x onerror=alert(1)> gg");
    expect(el.querySelector(".nw-chat img, .nw-chat b")).toBeNull();
    expect(el.querySelector(".nw-chat-switch").textContent).toBe("The host turned the chat off.");
    chatting.input.value = "hello";
    chatting.form.dispatchEvent(new Event("submit", { cancelable: true }));
    click(el.querySelector("[data-key=chat-switch]"));
    expect(sent).toEqual([{ kind: "chat", text: "hello" }, { kind: "chat_switch", on: false }]);
  });
  it("a spectator reads only; an off chat says so", () => {
    drawTableBar({ ...T, role: "spectator", mine: [], chat: { ...T.chat, can_write: false, can_switch: false } }, el, null, null, {}, null, () => {}, null);
    expect(el.querySelector("[data-key=chat-input]")).toBeNull();
    expect(el.querySelector("[data-key=chat-read-only]")).not.toBeNull();
    drawTableBar({ ...T, chat: { ...T.chat, off: true, can_write: false } }, el, null, null, {}, null, () => {}, null);
    expect(el.querySelector("[data-key=chat-off]")).not.toBeNull();
    expect(el.querySelector("[data-key=chat-switch]").textContent).toBe("Turn the chat on");
  });
});

describe("Continue a game: whose turn it is now", () => {
  it("the chooser asks about the remembered shared tables and shows the store's answer", async () => {
    const { rememberTable } = await import("../../src/shell/tablelist.js");
    localStorage.clear();
    rememberTable({ id: "t9", kind: "dice", tokens: ["c".repeat(43)], mine: [1], role: "seat", links: null, names: {}, turn: { name: "Ann" } });
    const model = mockModel({ games: GAMES, game: "", error: "", lobby: {}, turns: {} });
    chooser.render({ model, el });
    expect(model.sent).toContainEqual({ kind: "turns", tables: [{ id: "t9", tokens: ["c".repeat(43)] }] });
    const row = () => el.querySelector('.nw-app-game[data-table="t9"]').textContent;
    expect(row()).toContain("Ann's turn");
    model.emit("turns", { t9: { mine: true } });
    await tick();
    expect(row()).toContain("Your turn");
    localStorage.clear();
  });

  it("asks Python about the shared tables only, and says what the store says", async () => {
    const { turnAsks, turnNowWords } = await import("../../src/app/index.js");
    const shared = { id: "t1", kind: "dice", role: "seat", tokens: ["a".repeat(43)], mine: [1], turn: { name: "Ann" } };
    const kept = { id: "k1", kind: "dice", role: "kept", tokens: ["b".repeat(43)], mine: [] };
    expect(turnAsks([shared, kept])).toEqual([{ id: "t1", tokens: ["a".repeat(43)] }]);
    expect(turnNowWords(shared, {})).toBe("Ann's turn"); // what this browser saw last
    expect(turnNowWords(shared, { t1: { mine: true } })).toBe("Your turn");
    expect(turnNowWords(shared, { t1: { name: "Bo", bot: true } })).toBe("Bo's turn (a bot)");
    expect(turnNowWords(shared, { t1: { gone: true } })).toBe("No longer on this server");
    expect(turnNowWords(shared, { t1: { over: true } })).toBe("Finished");
  });
});

describe("a table waiting for players, on the board", () => {
  it("says nobody plays yet: the prompt waits, and an open seat is named as one", async () => {
    const { createController } = await import("../../src/dice/index.js");
    const { fixture } = await import("../helpers.js");
    const { WAITING_PROMPT } = await import("../../src/shell/controller.js");
    const base = fixture("start_2p");
    const table = { id: "t1", kind: "dice", number: 0, role: "seat", mine: [0], seats: [
      { seat: 0, name: "Ada", who: "here", bot: null, connected: null },
      { seat: 1, name: "Player 2", who: "remote", bot: null, connected: false }],
    to_play: 0, my_turn: false, over: false, waiting: true, open: [1], undo: "none", shared: true, off: {}, beat: 2, tokens: ["a".repeat(43)] };
    const model = mockModel({ ...base, seats: ["human", "remote"], table });
    createController({ model, el });
    expect(el.querySelector(".nw-prompt").textContent).toBe(WAITING_PROMPT);
    const who = () => [...el.querySelectorAll(".nw-who")].map((w) => w.textContent);
    expect(who()).toContain("an open seat, waiting for a player");
    expect(who()).not.toContain("at their own screen");
    model.emit("table", { ...table, waiting: false, open: [] });
    await tick();
    expect(el.querySelector(".nw-prompt").textContent).not.toBe(WAITING_PROMPT);
    expect(who()).toContain("at their own screen");
  });
});
