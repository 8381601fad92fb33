// Players' names (js/src/shell/names.js, the table bar's "Your name" form, the Continue
// list): cleaned as Python cleans them, kept in this browser, sent to the table, and drawn
// as text (never markup) wherever a seat is named.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_NAME_CHARS, NAME_KEY, cleanName, myName, namesOf, seatName, setMyName, withSeatNames } from "../../src/shell/names.js";
import { addressWords, drawTableBar, mountTableBar } from "../../src/shell/table.js";
import { rememberTable, turnWords } from "../../src/shell/tablelist.js";
import { whoPlays } from "../../src/app/index.js";
import { mockModel } from "../helpers.js";

const A = "A".repeat(43);
const TABLE = {
  id: "t1", kind: "dice", number: 3, role: "seat", host: false, mine: [0], to_play: 1, my_turn: false, over: false,
  undo: "never", shared: true, off: {}, beat: 2, tokens: [A],
  seats: [
    { seat: 0, name: "Player 1", label: "Player 1", named: false, who: "here", bot: null, connected: null },
    { seat: 1, name: "<img src=x onerror=go()>", label: "Player 2", named: true, who: "remote", bot: null, connected: true },
  ],
};

let el;
beforeEach(() => {
  localStorage.clear();
  el = document.createElement("div");
  document.body.append(el);
});
afterEach(() => el.remove());

describe("a name is cleaned as Python cleans it", () => {
  it("takes out controls, right-to-left overrides and invisible characters, and trims", () => {
    expect(cleanName("  Ada \u202eLovelace\n")).toBe("Ada Lovelace");
    expect(cleanName("\u2067Bo\u2069b")).toBe("Bob");
    expect(cleanName("a\u0000\u001b[31mb")).toBe("a[31mb");
    expect(cleanName("e\u0301")).toBe("\u00e9");
    expect(cleanName("👩🏽‍🚀 Zoë")).toBe("👩🏽‍🚀 Zoë");
    expect(cleanName("<b>Bob</b>")).toBe("<b>Bob</b>"); // text: shown as typed
  });

  it("refuses what is empty, too long or not text", () => {
    for (const bad of ["", "   ", "\u200b\u202e", "\u0301", "x".repeat(MAX_NAME_CHARS + 1), "y".repeat(10000), null, 42, {}]) {
      expect(cleanName(bad)).toBeNull();
    }
    expect(cleanName("😀".repeat(MAX_NAME_CHARS))).toBe("😀".repeat(MAX_NAME_CHARS)); // an emoji is one character
  });

  it("fuzzed: a name kept is short, plain and cleans to itself", () => {
    const alphabet = ["<", ">", "&", '"', "'", "\u0000", "\u001b", "\n", "\t", "\u202e", "\u2066", "\u200b", "\u200d", "\ufeff", "\ud800", "😀", "🏽", "a", "Z", " ", "\u0301", "ß", "\u05d0"];
    let seed = 31;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    let kept = 0;
    for (let i = 0; i < 3000; i += 1) {
      const length = [0, 1, 3, 10, 24, 25, 60, 1001, 10000][Math.floor(rand() * 9)];
      let text = "";
      for (let j = 0; j < length; j += 1) text += rand() < 0.8 ? alphabet[Math.floor(rand() * alphabet.length)] : String.fromCodePoint(Math.floor(rand() * 0x10ffff));
      const name = cleanName(text);
      if (name === null) continue;
      kept += 1;
      expect([...name].length).toBeLessThanOrEqual(MAX_NAME_CHARS);
      expect(name).toBe(name.trim());
      expect(cleanName(name)).toBe(name);
      expect(name).not.toMatch(/[\u0000-\u001f\u202a-\u202e\u2066-\u2069\u200b\ufeff]/);
    }
    expect(kept).toBeGreaterThan(100);
  });
});

describe("this browser's player's name", () => {
  it("is kept in this browser's storage, cleaned, and forgotten when emptied", () => {
    expect(myName()).toBeNull();
    expect(setMyName(" Ann\u202e ")).toBe("Ann");
    expect(myName()).toBe("Ann");
    localStorage.setItem(NAME_KEY, "\u0007".repeat(5)); // written by hand: not shown
    expect(myName()).toBeNull();
    setMyName("Ann");
    expect(setMyName("")).toBeNull();
    expect(localStorage.getItem(NAME_KEY)).toBeNull();
  });

  it("is sent to the table once, and the form sends what is typed (Python cleans or refuses it)", () => {
    setMyName("Ann");
    const model = mockModel({ table: TABLE, kept: {}, view: {} });
    const bar = mountTableBar(model, el);
    expect(model.sent).toContainEqual({ kind: "name", name: "Ann" });
    const count = model.sent.filter((m) => m.kind === "name").length;
    model.emit("table", { ...TABLE, number: 4 });
    expect(model.sent.filter((m) => m.kind === "name").length).toBe(count); // not again
    const input = el.querySelector("[data-key=my-name]");
    expect(input.value).toBe("Ann");
    input.value = "Bo";
    el.querySelector("[data-key=name-form]").dispatchEvent(new Event("submit", { cancelable: true }));
    expect(model.sent.at(-1)).toEqual({ kind: "name", name: "Bo" });
    expect(myName()).toBe("Bo");
    input.value = "z".repeat(40); // refused by Python in words; the name kept here stays
    el.querySelector("[data-key=name-form]").dispatchEvent(new Event("submit", { cancelable: true }));
    expect(model.sent.at(-1)).toEqual({ kind: "name", name: "z".repeat(40) });
    expect(myName()).toBe("Bo");
    bar.destroy();
  });

  it("is asked only of a page holding one seat (a spectator has none to name)", () => {
    setMyName("Ann");
    const model = mockModel({ table: { ...TABLE, role: "spectator", mine: [] }, kept: {}, view: {} });
    const bar = mountTableBar(model, el);
    expect(el.querySelector("[data-key=name-form]")).toBeNull();
    expect(model.sent.filter((m) => m.kind === "name")).toEqual([]);
    bar.destroy();
  });
});

describe("a seat's name is drawn as text wherever the seat is named", () => {
  it("the table bar: the name, the seat's number beside it, never markup", () => {
    drawTableBar(TABLE, el, null, null, {});
    const name = el.querySelector("[data-key=seat-name-1]");
    expect(name.textContent).toBe("<img src=x onerror=go()>");
    expect(el.querySelector("img")).toBeNull();
    expect(name.parentElement.textContent).toContain("(Player 2)");
    expect(el.querySelector("[data-key=table-status]").textContent).toBe("Waiting for <img src=x onerror=go()>.");
  });

  it("seatName says the table's names while it is drawn, the seat's number otherwise", () => {
    const names = namesOf(TABLE);
    expect(names).toEqual({ 1: "<img src=x onerror=go()>" });
    expect(withSeatNames(names, () => [seatName(0), seatName(1)])).toEqual(["Player 1", "<img src=x onerror=go()>"]);
    expect(seatName(1)).toBe("Player 2");
  });

  it("the Continue list: who plays and whose turn, by name", () => {
    rememberTable({ id: "t9", kind: "dice", tokens: [A], mine: [1], role: "seat", names: { 1: "Zoë 🎲" }, turn: { name: "Ann" } });
    const t = JSON.parse(localStorage.getItem("nations-tables"))[0];
    expect(whoPlays(t)).toBe("Zoë 🎲 (Player 2)");
    expect(turnWords(t)).toBe("Ann's turn");
    expect(whoPlays({ ...t, names: { 1: "\u202e" } })).toBe("Player 2");
  });
});

describe("a screen holding several seats names each of them", () => {
  const HOT = {
    ...TABLE, mine: [0, 2], tokens: [A, A],
    seats: [
      { seat: 0, name: "Ann", label: "Player 1", named: true, who: "here", bot: null, connected: null },
      { seat: 1, name: "Zoë", label: "Player 2", named: true, who: "remote", bot: null, connected: true },
      { seat: 2, name: "Player 3", label: "Player 3", named: false, who: "here", bot: null, connected: null },
    ],
  };

  it("a field per seat held, each sent with its seat; this browser's own name is not sent for them", () => {
    setMyName("Me");
    const model = mockModel({ table: HOT, kept: {}, view: {} });
    const bar = mountTableBar(model, el);
    expect(el.querySelector("[data-key=name-form]")).toBeNull();
    expect(model.sent.filter((m) => m.kind === "name")).toEqual([]);
    const ann = el.querySelector("[data-key=seat-name-input-0]");
    const third = el.querySelector("[data-key=seat-name-input-2]");
    expect([ann.value, third.value, third.placeholder]).toEqual(["Ann", "", "Player 3"]);
    expect(el.querySelector("[data-key=seat-name-input-1]")).toBeNull(); // not this screen's
    third.value = "Bea <i>";
    third.dispatchEvent(new Event("input"));
    model.emit("table", { ...HOT, number: 4 }); // a move elsewhere: what is typed stays
    expect(el.querySelector("[data-key=seat-name-input-2]").value).toBe("Bea <i>");
    el.querySelector("[data-key=names-form]").dispatchEvent(new Event("submit", { cancelable: true }));
    expect(model.sent.filter((m) => m.kind === "name")).toEqual([{ kind: "name", name: "Bea <i>", seat: 2 }]);
    bar.destroy();
  });

  it("the page's address and the invite links say the seats' names", () => {
    expect(addressWords(HOT)).toContain("(Ann and Player 3's seat links)");
    drawTableBar(HOT, el, { seats: { 1: A } }, null, {});
    expect(el.querySelector("[data-key=link-seat-1]").getAttribute("aria-label")).toBe("Zoë's seat link");
  });
});
