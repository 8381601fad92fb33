// The shell in parts (issue 33): no function of the shell grows into one closure holding
// every role again (createController once held 595 lines), and the shell names no class of
// one game (the board's .nwb-preview and root, the dice game's .nw-give-back were once
// selectors here): a game's details come from its view's members (README.md).
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseAst } from "rollup/parseAst";
import { stylesheets } from "../helpers.js";

const src = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "src");
const shellFiles = readdirSync(join(src, "shell")).filter((f) => f.endsWith(".js"));
const read = (dir, file) => readFileSync(join(src, dir, file), "utf8");

const LONGEST = 150; // lines
// longer today: none (panels.js' makePanels, about 380 lines, was split into
// decision.js, coachpanel.js, historypanel.js and gamepanel.js); a function put here must
// be longer (the test says when it is no longer)
const KNOWN_LONGER = new Set([]);

/** Every function of `file` in js/src/shell: [name, lines]. */
function functions(file) {
  const text = read("shell", file);
  const lineOf = (pos) => text.slice(0, pos).split("\n").length;
  const out = [];
  const walk = (node, name) => {
    if (!node || typeof node.type !== "string") return;
    if (node.type.includes("Function")) out.push([`${file} ${(node.id && node.id.name) || name}`, lineOf(node.end) - lineOf(node.start) + 1]);
    const named = node.type === "VariableDeclarator" ? node.id.name : node.type === "Property" ? node.key.name || node.key.value : name;
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const child of value) walk(child, named);
      else if (value && typeof value === "object") walk(value, named);
    }
  };
  walk(parseAst(text), "(top)");
  return out;
}

/** The classes only one game's stylesheets define (the shell's own left out). */
function gameOnlyClasses() {
  const classes = (dir) => {
    const out = new Set();
    for (const { css } of stylesheets(dir)) {
      for (const m of css.matchAll(/\.(-?[a-zA-Z_][\w-]*)/g)) out.add(m[1]);
    }
    return out;
  };
  const shell = classes("shell");
  return [...classes("dice"), ...classes("board")].filter((c) => !shell.has(c));
}

describe("the shell in parts", () => {
  it("has no function over 150 lines, the controller a short composition", () => {
    const all = shellFiles.flatMap(functions);
    const long = all.filter(([name, lines]) => lines > LONGEST && !KNOWN_LONGER.has(name));
    expect(long).toEqual([]);
    for (const name of KNOWN_LONGER) expect(all.find(([n]) => n === name)[1]).toBeGreaterThan(LONGEST);
    const controller = all.find(([name]) => name === "controller.js createController");
    expect(controller[1]).toBeLessThanOrEqual(100);
    expect(all.length).toBeGreaterThan(50); // (the walk finds the functions)
  });

  it("selects no class of one game and tests no game's kind", () => {
    const classes = gameOnlyClasses();
    expect(classes).toContain("nwb-preview");
    expect(classes).toContain("nw-actions"); // (the dice game's decision panel)
    const found = [];
    for (const file of shellFiles) {
      // the code, without its comments (which may name a game as an example)
      const code = read("shell", file).replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
      // (as a selector: a class the shell draws itself, which a game's sheet places, is the shell's)
      for (const c of classes) if (new RegExp(`\\.${c}(?![\\w-])`).test(code)) found.push(`${file}: .${c}`);
      if (/kind\s*===?\s*["'](dice|board)["']/.test(code)) found.push(`${file}: a game's kind`);
    }
    expect(found).toEqual([]);
  });
});
