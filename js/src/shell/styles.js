// The shell's style sheet (shell.css, review.css, table.css and the icons' pictures): on the
// page once per document, before every other sheet.
//
// Why not in each game's CSS bundle: a page holds several bundles (the app switching from the
// dice game to the board game, Learn, a notebook with both widgets), each inserted after the
// ones before it. A copy of the shell's rules in the second bundle came after the first game's
// own CSS and re-applied the shell's defaults over it (the dice game's tile bands changed
// size once the board game had been shown), and its `background` shorthands cleared the
// icons' pictures. One sheet first on the page: every game's CSS follows it and wins its ties
// whatever the order the games were shown in.
import shellCss from "./shell.css?inline";
import reviewCss from "./review.css?inline";
import tableCss from "./table.css?inline";
import { iconCss } from "./icons.js";

/** The shell's CSS, the icons' rules last. */
export function shellStyleText() {
  return [shellCss, reviewCss, tableCss, iconCss()].join("\n");
}

/** A short name for the sheet's content: a page that holds an older copy (a notebook whose
 * kernel was given a newer package) takes this one's rules in its place. */
export function sheetKey(css) {
  let hash = 0;
  for (let i = 0; i < css.length; i += 1) hash = (Math.imul(hash, 31) + css.charCodeAt(i)) | 0;
  return (hash >>> 0).toString(36);
}

const styled = new WeakSet();

/** Put the shell's sheet first in `doc`'s head, once. */
export function ensureShellStyles(doc = typeof document !== "undefined" ? document : null) {
  if (!doc || styled.has(doc)) return;
  styled.add(doc);
  const css = shellStyleText();
  const key = sheetKey(css);
  const head = doc.head || doc.documentElement;
  let style = doc.querySelector("style[data-nw-shell]");
  if (style && style.dataset.nwShell === key) return;
  if (!style) {
    style = doc.createElement("style");
    head.insertBefore(style, head.firstChild);
  }
  style.dataset.nwShell = key;
  style.textContent = css;
}
