// What a turn costs the browser to restyle.  The turn passing changes a class or two on each
// player's whole board (the gold ring of the player to play).  A rule that uses such a class
// before a combinator and then names nothing the browser can look for (`.x > :first-child`,
// `.x *`: no class, id, attribute or tag) makes it restyle every element of each board the
// class comes to or leaves (`.x .y` restyles only the `.y` in it).  The dice game's
// score-table row once shared `nw-current` with the player boards that way, and that cost
// about 1 ms of every move's layout in Voila (benchmarks/browser_latency.py).  Every
// stylesheet of the page is checked (both games and the lessons can share one page).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createController as createDice } from "../../src/dice/index.js";
import { createController as createBoard } from "../../src/board/index.js";
import { boardModel, fixture, mockModel, removeHosts, stylesheets, testHost, tick } from "../helpers.js";

/** Every selector of every stylesheet under js/src, with its file. */
function selectors() {
  const out = [];
  for (const { dir, file, css } of stylesheets()) {
    for (const m of css.matchAll(/([^{}]+)\{/g)) {
      const text = m[1].trim();
      if (!text || text.startsWith("@")) continue;
      for (const one of text.split(",")) out.push({ file: `${dir}/${file}`, selector: one.trim() });
    }
  }
  return out;
}

/** A selector's compounds (what is inside parentheses, `:not(…)`, `:has(…)`, left out). */
function compounds(selector) {
  let flat = selector;
  while (/\([^()]*\)/.test(flat)) flat = flat.replace(/\([^()]*\)/g, "");
  return flat.split(/\s*[>+~]\s*|\s+/).filter(Boolean);
}

/** The compounds that have another after them (a combinator follows). */
const leadingCompounds = (selector) => compounds(selector).slice(0, -1);

/** The selector's subject names something the browser can look for among the elements
 * below: a class, an id, an attribute or a tag (not `*` nor a pseudo-class alone). */
const subjectNamed = (selector) => /^[a-zA-Z]|[.#[]/.test(compounds(selector).at(-1) || "");

/** The classes that differ between the seats' own panels (`selector`) of a drawn board:
 * those the turn puts on one player's panel and takes off another's. */
function turnClasses(root, selector) {
  const panels = [...root.querySelectorAll(selector)];
  expect(panels.length).toBeGreaterThan(1);
  const sets = panels.map((p) => new Set(p.classList));
  const all = new Set(sets.flatMap((s) => [...s]));
  return [...all].filter((c) => !sets.every((s) => s.has(c)));
}

let el;
beforeEach(() => {
  el = testHost();
});
afterEach(removeHosts);

describe("a turn's restyle stays on the boards whose classes change", () => {
  it("the selectors are read (the check is not vacuous)", () => {
    const all = selectors();
    expect(all.length).toBeGreaterThan(300);
    // a rule known to have a leading compound
    expect(all.some(({ selector }) => leadingCompounds(selector).includes(".nw-score-table"))).toBe(true);
    expect(leadingCompounds(".a:not(.b .c) > .d")).toEqual([".a:not"]);
    expect([".a > :first-child", ".a *", ".a .b", ".a > li", ".a [data-k]"].map(subjectNamed))
      .toEqual([false, false, true, true, true]);
  });

  const games = [
    ["the dice game", () => createDice({ model: mockModel({ ...fixture("rich_3p") }), el }), ".nw-players > .nw-player"],
    ["the board game", () => createBoard({ model: boardModel("round3_4p"), el }), ".nwb-nation"],
    ["the board game's player panels", () => createBoard({ model: boardModel("round3_4p"), el }), ".nwb-pp"],
  ];
  it.each(games)("%s: no class of a turn restyles a whole board", async (_name, mount, panels) => {
    mount();
    await tick();
    const classes = turnClasses(el, panels);
    expect(classes).toContain("nw-to-play");
    const found = [];
    for (const { file, selector } of selectors()) {
      if (subjectNamed(selector)) continue;
      for (const compound of leadingCompounds(selector)) {
        for (const c of classes) {
          if (new RegExp(`\\.${c}(?![-\\w])`).test(compound)) found.push(`${file}: ${selector} (.${c})`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
