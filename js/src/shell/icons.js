// Inline SVG icons: each resource has its own *shape* (coin, bricks, wheat, book, sword),
// so faces read without colour; a number always goes with the icon.

const PATHS = {
  gold:
    '<circle cx="8" cy="8" r="6.5" fill="#f2c230" stroke="#8a6500" stroke-width="1.3"/>' +
    '<circle cx="8" cy="8" r="3.6" fill="none" stroke="#8a6500" stroke-width="1.1"/>',
  stone:
    '<rect x="1" y="3" width="6.5" height="4.5" rx="0.8" fill="#9aa0a6" stroke="#44484c" stroke-width="1"/>' +
    '<rect x="8.5" y="3" width="6.5" height="4.5" rx="0.8" fill="#9aa0a6" stroke="#44484c" stroke-width="1"/>' +
    '<rect x="4.5" y="8.5" width="7" height="4.5" rx="0.8" fill="#b6bbc0" stroke="#44484c" stroke-width="1"/>',
  food:
    '<path d="M8 15V5" stroke="#6b4a12" stroke-width="1.3" fill="none"/>' +
    '<ellipse cx="8" cy="3.2" rx="1.6" ry="2.3" fill="#e0a526" stroke="#6b4a12" stroke-width="0.8"/>' +
    '<ellipse cx="5.4" cy="6.6" rx="1.5" ry="2.3" transform="rotate(-35 5.4 6.6)" fill="#e0a526" stroke="#6b4a12" stroke-width="0.8"/>' +
    '<ellipse cx="10.6" cy="6.6" rx="1.5" ry="2.3" transform="rotate(35 10.6 6.6)" fill="#e0a526" stroke="#6b4a12" stroke-width="0.8"/>' +
    '<ellipse cx="5.4" cy="10.4" rx="1.5" ry="2.3" transform="rotate(-35 5.4 10.4)" fill="#e0a526" stroke="#6b4a12" stroke-width="0.8"/>' +
    '<ellipse cx="10.6" cy="10.4" rx="1.5" ry="2.3" transform="rotate(35 10.6 10.4)" fill="#e0a526" stroke="#6b4a12" stroke-width="0.8"/>',
  book:
    '<path d="M2 3.2C4 2.4 6.2 2.6 8 3.8C9.8 2.6 12 2.4 14 3.2V13C12 12.2 9.8 12.4 8 13.6C6.2 12.4 4 12.2 2 13Z" fill="#3f6fb5" stroke="#1c3966" stroke-width="1"/>' +
    '<path d="M8 3.8V13.6" stroke="#dfe8f5" stroke-width="1"/>',
  strength:
    '<path d="M12.8 1.6L14.4 3.2L6.4 11.2L4.8 9.6Z" fill="#c9ced4" stroke="#3b3f44" stroke-width="0.9"/>' +
    '<path d="M3 8.6L7.4 13" stroke="#7a3b12" stroke-width="1.8" stroke-linecap="round"/>' +
    '<path d="M4.9 11.1L2 14" stroke="#7a3b12" stroke-width="2" stroke-linecap="round"/>',
  reroll:
    '<path d="M13 8A5 5 0 1 1 11.2 4.2" fill="none" stroke="#2d6a4f" stroke-width="1.8" stroke-linecap="round"/>' +
    '<path d="M9.4 1.6L13.2 3.2L11.2 6.6Z" fill="#2d6a4f"/>',
  vp:
    '<path d="M8 1.2L9.9 5.6L14.7 6L11 9.1L12.2 13.8L8 11.3L3.8 13.8L5 9.1L1.3 6L6.1 5.6Z" fill="#e8b41c" stroke="#7a5a00" stroke-width="0.9"/>',
  // a pawn (a nation's worker)
  worker:
    '<circle cx="8" cy="4.2" r="2.7" fill="#c9874a" stroke="#5a3410" stroke-width="1"/>' +
    '<path d="M3.5 14.5C3.5 10 5.5 7.6 8 7.6S12.5 10 12.5 14.5Z" fill="#c9874a" stroke="#5a3410" stroke-width="1"/>',
  // a column (a nation's stability)
  stability:
    '<rect x="2.5" y="1.8" width="11" height="2.2" rx="0.5" fill="#8fb3d9" stroke="#2f5f8a" stroke-width="0.9"/>' +
    '<rect x="4.5" y="4" width="7" height="8" fill="#dde8f4" stroke="#2f5f8a" stroke-width="0.9"/>' +
    '<path d="M6.8 4.6V11.4M9.2 4.6V11.4" stroke="#2f5f8a" stroke-width="0.7"/>' +
    '<rect x="2.5" y="12" width="11" height="2.4" rx="0.5" fill="#8fb3d9" stroke="#2f5f8a" stroke-width="0.9"/>',
  // a torch (a battle's raid)
  raid:
    '<path d="M6.2 8.6H9.8L8.8 15H7.2Z" fill="#7a4a1e" stroke="#3d2208" stroke-width="0.8"/>' +
    '<path d="M8 1C9.9 3.2 11.6 4.8 10.6 7.2C10 8.4 6 8.4 5.4 7.2C4.6 5.4 6 4.6 6.6 2.8C7.2 4 7.8 4.2 8 1Z" fill="#e8591c" stroke="#8a2a00" stroke-width="0.8"/>' +
    '<path d="M8 4.6C8.8 5.6 9.2 6.4 8.6 7.4H7.4C7 6.6 7.4 5.6 8 4.6Z" fill="#f7c331"/>',
  // a set square (an architect)
  architect:
    '<path d="M2 14V2L14 14Z" fill="#e3c58a" stroke="#6b4a12" stroke-width="1"/>' +
    '<path d="M4.6 11.4V8.2L7.8 11.4Z" fill="#fffdf8" stroke="#6b4a12" stroke-width="0.8"/>',
  // a scroll (the round's event card)
  event:
    '<path d="M4 2.5H12.5V12.2C12.5 13.4 11.6 14 10.6 14H3.4C4.4 14 5 13.4 5 12.2V3.5C5 2.9 4.6 2.5 4 2.5Z" fill="#f3e6c4" stroke="#6b4a12" stroke-width="1"/>' +
    '<path d="M4 2.5C3.2 2.5 2.5 3.1 2.5 4V5H5" fill="#e3cf9a" stroke="#6b4a12" stroke-width="1"/>' +
    '<path d="M6.8 5.5H10.8M6.8 8H10.8M6.8 10.5H9.6" stroke="#6b4a12" stroke-width="0.9"/>',
  // two crossed blades (the round's war)
  war:
    '<path d="M2.2 2.2L11 11M13.8 2.2L5 11" stroke="#5b6168" stroke-width="1.9" stroke-linecap="round"/>' +
    '<path d="M9.6 12.4L12.4 9.6M6.4 12.4L3.6 9.6" stroke="#8a2a00" stroke-width="1.6" stroke-linecap="round"/>' +
    '<path d="M12 12L14 14M4 12L2 14" stroke="#7a3b12" stroke-width="1.8" stroke-linecap="round"/>',
  die:
    '<rect x="2" y="2" width="12" height="12" rx="2.5" fill="#fff" stroke="#333" stroke-width="1.2"/>' +
    '<circle cx="5.5" cy="5.5" r="1.2" fill="#333"/><circle cx="10.5" cy="10.5" r="1.2" fill="#333"/>' +
    '<circle cx="8" cy="8" r="1.2" fill="#333"/>',
};

export const RESOURCE_LABEL = {
  gold: "gold",
  stone: "stone",
  food: "food",
  book: "book",
  strength: "strength",
  reroll: "reroll",
  vp: "VP",
  worker: "worker",
  stability: "stability",
  raid: "raid",
  architect: "architect",
  event: "event",
  war: "war",
};

const SIZES = [13, 14, 15, 16, 17, 22];
/** The icons' style sheet: each icon is its SVG as a CSS background (drawn from one
 * decoded image per icon, and a single element on the page instead of an <svg> tree).
 *
 * Part of the shell's sheet (styles.js). The picture, its repeat and its size are
 * `!important`: they are what the icon is, and every other sheet of the page (a game's, the
 * host page's or its theme's) comes after this one; a `background` shorthand there (a chip's
 * colour) would otherwise clear the picture.  The position stays a plain rule: the games'
 * CSS moves it (a chip's icon sits 3 px in). */
export function iconCss() {
  const rules = Object.entries(PATHS).map(([name, paths]) => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">${paths}</svg>`;
    return `.nw-icon-${name}{background-image:url("data:image/svg+xml,${encodeURIComponent(svg)}")!important}`;
  });
  rules.push(".nw-icon{background-repeat:no-repeat!important;background-size:contain!important}");
  for (const n of SIZES) rules.push(`.nw-icon.nw-i${n}{width:${n}px;height:${n}px}`);
  // an icon drawn beside an element's own text (iconClass): no element of its own
  rules.push(".nw-ic{background-repeat:no-repeat!important;background-position:left center}");
  for (const n of SIZES) {
    rules.push(`.nw-ic.nw-is${n}{background-size:${n}px ${n}px!important;padding-left:${n + 1}px;line-height:${n}px}`);
  }
  return rules.join("\n");
}

/** The icon for `name` (decorative: the text beside it says what it is). */
export function icon(name, size = 16) {
  const span = document.createElement("span");
  const known = Object.prototype.hasOwnProperty.call(PATHS, name) ? name : "die";
  span.className = `nw-icon nw-icon-${known} nw-i${size}`;
  if (!SIZES.includes(size)) span.style.cssText = `width:${size}px;height:${size}px`;
  span.setAttribute("aria-hidden", "true");
  return span;
}

/** The classes that draw the icon for `name` at the start of an element's own text (the
 * number beside it): one element where icon() and a number take two. */
export function iconClass(name, size = 16) {
  const known = Object.prototype.hasOwnProperty.call(PATHS, name) ? name : "die";
  return `nw-ic nw-icon-${known} nw-is${SIZES.includes(size) ? size : 16}`;
}

export const ICON_NAMES = Object.keys(PATHS);
