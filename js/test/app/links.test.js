// Issue 31, "links that never fail silently": a `#table=` the page cannot use (empty, cut
// short, mistyped, too long, one bad among several, too many) or that the store does not
// know says so in words above the choice of game, and nothing is started (no join, no
// game the address asked for); the host's link stays out of the page's address.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import chooser from "../../src/app/index.js";
import { addressWords, drawTableBar, mountTableBar } from "../../src/shell/table.js";
import { LINK_PROBLEMS, rememberTable, rememberedTables, tableLink, tokensInHash } from "../../src/shell/tablelist.js";
import { acts, mockModel, removeHosts, testHost } from "../helpers.js";

const A = "a".repeat(43);
const B = "B".repeat(21) + "-_" + "c".repeat(20);
const H = "h".repeat(40) + "HHH";
const GAMES = [
  { key: "dice", title: "Nations: The Dice Game", short: "The Dice Game", line: "Roll dice." },
  { key: "board", title: "Nations (the board game)", short: "The board game", line: "Draft cards." },
];

// every kind of address the page cannot use, with what it must say
const BAD = {
  empty: ["#table=", "#table=,", "#table=%20"],
  short: [`#table=${A.slice(0, 30)}`, `#table=${A},${B.slice(0, 42)}`],
  garbled: [`#table=${A.slice(0, 40)}$%5E!`, `#table=${A.slice(0, 20)}%ZZ`, `#table=${A},${B.slice(0, 40)}<b>`, `#table=${A.slice(0, 42)}é`],
  long: [`#table=${A}x`, `#table=${A}${B}`, `#table=${B},${A}${A}`],
  many: [`#table=${Array(9).fill(A).join(",")}`],
};

let el;
beforeEach(() => {
  el = testHost();
  localStorage.clear();
  document.body.dataset.voila = "voila";
});
afterEach(() => {
  removeHosts();
  delete document.body.dataset.voila;
  history.replaceState(null, "", window.location.pathname);
});

describe("reading the address's table link", () => {
  it("passes on well-formed links only, and names what is wrong with any other", () => {
    expect(tableLink("")).toEqual({ present: false, tokens: [], problem: null });
    expect(tableLink("#game=dice")).toEqual({ present: false, tokens: [], problem: null });
    expect(tableLink(`#table=${A}`)).toEqual({ present: true, tokens: [A], problem: null });
    expect(tableLink(`#table=${A},${B}`).tokens).toEqual([A, B]);
    expect(tableLink(`#x=1&table=${B}`).tokens).toEqual([B]);
    expect(tableLink(`#table=${A}%2C${B}`).tokens).toEqual([A, B]); // a chat that escaped the comma
    for (const [problem, hashes] of Object.entries(BAD)) {
      for (const hash of hashes) {
        expect(tableLink(hash), hash).toEqual({ present: true, tokens: [], problem });
        expect(tokensInHash(hash), hash).toEqual([]); // one bad link spoils the address
      }
      expect(LINK_PROBLEMS[problem]).toMatch(/^This (table link|address)/);
    }
    expect(LINK_PROBLEMS.short).toMatch(/incomplete.*Ask for the whole link again/);
    expect(LINK_PROBLEMS.garbled).toMatch(/mistyped/);
  });
});

describe("a table link that opens nothing", () => {
  for (const [problem, hashes] of Object.entries(BAD)) {
    it(`says so (${problem}), offers the choice, and starts nothing`, () => {
      for (const hash of hashes) {
        history.replaceState(null, "", hash);
        // the address also asked for a game (an invite link made on a ?game=dice page)
        const model = mockModel({ games: GAMES, game: "", error: "", link_error: "", asked: "dice" });
        const cleanup = chooser.render({ model, el });
        const notice = el.querySelector("[data-key=link-error]");
        expect(notice, hash).not.toBeNull();
        expect(notice.getAttribute("role")).toBe("alert");
        expect(notice.dataset.problem).toBe(problem);
        expect(notice.textContent).toContain("This table link did not open");
        expect(notice.textContent).toContain(LINK_PROBLEMS[problem]);
        expect(notice.textContent).toContain("Nothing was started");
        expect(el.querySelectorAll("button.nw-app-choice")).toHaveLength(2);
        expect(acts(model), hash).toEqual([]); // no join, no game opened behind the words
        cleanup();
      }
    });
  }

  it("a link the store does not know: Python's words, the choice, and no game opened", () => {
    history.replaceState(null, "", `#table=${A}`);
    const model = mockModel({ games: GAMES, game: "", error: "", link_error: "", asked: "dice" });
    const cleanup = chooser.render({ model, el });
    expect(acts(model)).toEqual([{ kind: "join", tokens: [A] }]); // not the game asked for
    expect(el.textContent).toContain("Opening the table…");
    model.data.asked = "";
    model.emit("link_error", "No table has this link: its table may have been removed, or the link was mistyped; ask for the link again.");
    const notice = el.querySelector("[data-key=link-error]");
    expect(notice.dataset.problem).toBe("store");
    expect(notice.textContent).toContain("No table has this link");
    expect(el.textContent).not.toContain("Opening the table…");
    expect(el.querySelectorAll("button.nw-app-choice")).toHaveLength(2);
    // the player chooses a game: the dead link leaves the address (a reload says nothing)
    el.querySelector("[data-key=choose-board]").click();
    expect(acts(model).at(-1)).toEqual({ kind: "choose", game: "board" });
    expect(window.location.hash).toBe("");
    expect(acts(model)).toHaveLength(2);
    cleanup();
  });

  it("an address without a table link opens the game it asked for, with no flash of the choice", () => {
    const model = mockModel({ games: GAMES, game: "", error: "", link_error: "", asked: "board" });
    const cleanup = chooser.render({ model, el });
    expect(acts(model)).toEqual([{ kind: "choose", game: "board" }]);
    expect(el.textContent).toContain("Opening the game…");
    expect(el.querySelector("[data-key=link-error]")).toBeNull();
    cleanup();
  });
});

describe("the host's link stays out of the address", () => {
  const TABLE = {
    id: "t1", kind: "dice", number: 3, role: "seat", mine: [0], to_play: 0, my_turn: true, over: false,
    seats: [{ seat: 0, name: "Player 1", who: "here", bot: null }, { seat: 1, name: "Player 2", who: "remote", bot: null, connected: false }],
    tokens: [A], host_link: H, links: { seats: { 1: B }, spectator: "s".repeat(43) },
  };

  it("the host's page: its seat link in the address, the host link in this browser's storage only", () => {
    const model = mockModel({ table: TABLE });
    const bar = mountTableBar(model, el);
    expect(window.location.hash).toBe(`#table=${A}`);
    expect(window.location.href).not.toContain(H);
    const [kept] = rememberedTables();
    expect(kept.tokens).toEqual([A]);
    expect(kept.host).toBe(H);
    // each link named for what it opens
    const names = [...el.querySelectorAll(".nw-table-link-name")].map((n) => n.textContent);
    expect(names[0]).toMatch(/^Player 2's seat link/);
    expect(names[1]).toMatch(/^Spectators' link.*watches/);
    expect(el.querySelector("[data-key=link-seat-1]").getAttribute("aria-label")).toBe("Player 2's seat link");
    const where = el.querySelector("[data-key=table-address]").textContent;
    expect(where).toContain("This page's address is your own link (Player 1's seat link)");
    expect(where).toContain("host link stays in this browser only");
    bar.destroy();
  });

  it("a reload of the host's page, or Continue, opens the table with the host's link again", () => {
    rememberTable({ id: "t1", kind: "dice", tokens: [A], host: H, mine: [0], role: "seat" });
    history.replaceState(null, "", `#table=${A}`);
    const model = mockModel({ games: GAMES, game: "", error: "", link_error: "", asked: "" });
    const cleanup = chooser.render({ model, el });
    expect(acts(model)).toEqual([{ kind: "join", tokens: [A, H] }]);
    model.emit("link_error", "No table has this link."); // so that the list shows
    el.querySelector("[data-key=continue-t1]").click();
    expect(acts(model).at(-1)).toEqual({ kind: "join", tokens: [A, H] });
    expect(window.location.hash).toBe(`#table=${A}`);
    cleanup();
    // another browser's address with the same seat link: no host link to add
    localStorage.clear();
    const other = mockModel({ games: GAMES, game: "", error: "", link_error: "", asked: "" });
    const again = chooser.render({ model: other, el });
    expect(acts(other)).toEqual([{ kind: "join", tokens: [A] }]);
    again();
  });

  it("says what the address is for a guest, a spectator and a host without a seat", () => {
    expect(addressWords({ mine: [1], role: "seat" })).toBe("This page's address is your own link (Player 2's seat link): it is your seat, so give it to nobody.");
    expect(addressWords({ mine: [], role: "spectator" })).toMatch(/spectators' link: it only watches/);
    expect(addressWords({ mine: [], role: "host", host_link: H })).toMatch(/host link .* kept in this browser only/);
    const loc = { origin: "o", pathname: "/p", search: "", hash: "" };
    drawTableBar({ ...TABLE, host_link: undefined, links: undefined, mine: [1] }, el, null, loc);
    expect(el.querySelector("[data-key=table-address]").textContent).toContain("Player 2's seat link");
  });
});
