// The shell's sheet (js/src/shell/styles.js): one per page, first in its head, whatever the
// games' own sheets inserted before it, with the icons' pictures that no later sheet clears.
import { describe, expect, it } from "vitest";
import { ensureShellStyles, sheetKey, shellStyleText } from "../../src/shell/styles.js";
import { iconCss } from "../../src/shell/icons.js";

function freshDocument() {
  return document.implementation.createHTMLDocument("page");
}

describe("the shell's style sheet", () => {
  it("goes first in the head, before the sheets already there, and only once", () => {
    const doc = freshDocument();
    const game = doc.createElement("style");
    game.id = "nations_widget.widget.dice.widget.DiceWidget";
    doc.head.appendChild(game);
    ensureShellStyles(doc);
    ensureShellStyles(doc);
    const sheets = doc.head.querySelectorAll("style");
    expect(sheets.length).toBe(2);
    expect(sheets[0].dataset.nwShell).toBe(sheetKey(shellStyleText()));
    expect(sheets[1]).toBe(game);
  });

  it("is not added again by a second bundle's copy of the shell (the same content)", () => {
    const doc = freshDocument();
    const earlier = doc.createElement("style");
    earlier.dataset.nwShell = sheetKey(shellStyleText());
    earlier.textContent = shellStyleText();
    doc.head.appendChild(earlier);
    ensureShellStyles(doc);
    expect(doc.head.querySelectorAll("style[data-nw-shell]").length).toBe(1);
  });

  it("takes the place of an older copy's rules", () => {
    const doc = freshDocument();
    const older = doc.createElement("style");
    older.dataset.nwShell = "old";
    older.textContent = ".nw-icon-gold{}";
    doc.head.appendChild(older);
    ensureShellStyles(doc);
    const sheets = doc.head.querySelectorAll("style[data-nw-shell]");
    expect(sheets.length).toBe(1);
    expect(sheets[0].textContent).toBe(shellStyleText());
  });

  it("holds the icons' rules, their picture, repeat and size not to be cleared by a later sheet", () => {
    const css = shellStyleText();
    expect(css).toContain(iconCss());
    // the shell's own rules, the review's and the table bar's are there too
    for (const rule of [".nw-btn", ".nw-review", ".nw-table-host", ".nw-chip"]) expect(css).toContain(rule);
    expect(iconCss()).toMatch(/\.nw-icon-gold\{background-image:url\("data:image\/svg\+xml,[^"]+"\)!important\}/);
    expect(iconCss()).toContain(".nw-icon{background-repeat:no-repeat!important;background-size:contain!important}");
    expect(iconCss()).toContain(".nw-ic.nw-is16{background-size:16px 16px!important;");
  });
});
