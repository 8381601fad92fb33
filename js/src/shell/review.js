// The coach's review of the game (issue 24), drawn from Python's `review` trait
// (nations_widget/widget/shell/review.py): the "Review the game" button, the progress bar
// with Cancel, the graph of each seat's chance to win over the decisions (seat colours),
// the marks of the graded seats' decisions (?!, ?, ??) with the coach's preferred move, the
// stretches where a player lost most by many small losses (a band in the seat's colour),
// the luck (a die under the graph where a roll or a draw, not a decision, moved the
// chances by a mark's step), the summary per player (by play, by luck), and "Learn from
// your mistakes": puzzles whose answers Python checks.
// A click on a point of the graph or on a mark sends the history's `goto` intent (the
// history banner's "Back to the game" returns) through the shell's jumpTo: the board that
// shows that position is brought on screen, and the banner's "Back to the review" comes
// back to the mark.  Nothing here grades anything.
import { nameText, seatName } from "./names.js";
import { h, setAttr, setChildren, sig } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";
/** The graph's drawing box: as wide as the panel when it is drawn (a phone's graph is not
 * a desktop's shrunk, its figures unreadable), 600 when that is not known; 240 high. */
const DEFAULT_W = 600;
const H = 240;
const PAD = { left: 40, right: 8, top: 10, bottom: 18 };

const pct = (x) => `${Math.round(x * 100)}%`;

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const key in attrs) {
    const value = attrs[key];
    if (value === null || value === undefined || value === false) continue;
    el.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** The graph's points: each decision's chances, then the result of a finished game. */
export function graphPoints(result) {
  const points = result.decisions.map((d) => ({ x: d.index, position: d.position, chances: d.chances, decision: d }));
  if (result.final) points.push({ x: result.decisions.length, position: result.upto, chances: result.final, decision: null });
  return points;
}

/** The graph's scales: x over the points, y over 0..1 (100% at the top). */
function scales(count, W) {
  const span = Math.max(1, count - 1);
  const x = (i) => PAD.left + (i / span) * (W - PAD.left - PAD.right);
  const y = (p) => PAD.top + (1 - p) * (H - PAD.top - PAD.bottom);
  return { x, y, span };
}

/** A sentence of the figures, for a screen reader (the table has them all). */
function graphLabel(result) {
  const points = graphPoints(result);
  if (!points.length) return "No decision to graph.";
  const first = points[0].chances;
  const last = points[points.length - 1].chances;
  const seats = first.map((c, seat) => `${seatName(seat)} from ${pct(c)} to ${pct(last[seat])}`).join(", ");
  const marks = result.decisions.filter((d) => d.mark).length;
  const luck = luckSwings(result).length;
  const stretches = (result.stretches || []).length;
  return `Each player's chance of winning over ${result.decisions.length} decisions: ${seats}. ${marks} marked decisions, `
    + `${stretches} ${stretches === 1 ? "stretch" : "stretches"} of steady losses and ${luck} big ${luck === 1 ? "swing" : "swings"} of luck, listed below.`;
}

/** The big swings of luck (Python's `luck` steps that moved a seat by a mark's step). */
export function luckSwings(result) {
  return (result.luck || []).filter((step) => step.seats && step.seats.length);
}

/** A die as a small picture of its own (for the lists and the legend: no font needed). */
function dieIcon() {
  return s("svg", { viewBox: "0 0 16 16", width: 16, height: 16, class: "nw-review-dieicon", "aria-hidden": "true" }, die(8, 8, 14, ""));
}

/** A change of chance in points of 100, signed ("−22", "+22"). */
const signed = (x) => `${x < 0 ? "−" : "+"}${Math.round(Math.abs(x) * 100)}`;

/** Something of the graph a player may click or focus to see a position: a mark, a
 * stretch's band, a luck die. */
function clickable(g, position, key, go) {
  g.addEventListener("click", (e) => {
    e.stopPropagation();
    go(position, key);
  });
  g.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      e.stopPropagation();
      go(position, key);
    }
  });
  return g;
}

/** A die, drawn (not a font's glyph): the luck's mark, centred on (cx, cy). */
function die(cx, cy, size, cls) {
  const half = size / 2;
  const pip = size / 4;
  return s("g", { class: cls },
    s("rect", { x: cx - half, y: cy - half, width: size, height: size, rx: 3, class: "nw-review-die" }),
    [[-pip, -pip], [0, 0], [pip, pip]].map(([dx, dy]) => s("circle", { cx: cx + dx, cy: cy + dy, r: 1.6, class: "nw-review-pip" })));
}

/**
 * The line graph: a line per seat, a mark (?!, ?, ??) on each marked decision, the
 * position shown as a vertical line.  `go(position)` is called for a click on the graph
 * (the nearest point) or on a mark, and for Enter or Space on a focused mark.
 */
export function reviewGraph(result, go, width = DEFAULT_W) {
  const W = Math.max(280, Math.min(1000, Math.round(width)));
  const points = graphPoints(result);
  const { x, y, span } = scales(points.length, W);
  const players = result.players;
  const grid = [0, 0.5, 1].map((p) => [
    s("line", { x1: PAD.left, x2: W - PAD.right, y1: y(p), y2: y(p), class: "nw-review-grid" }),
    s("text", { x: PAD.left - 4, y: y(p) + 4, "text-anchor": "end", class: "nw-review-axis" }, pct(p)),
  ]);
  const lines = [];
  for (let seat = 0; seat < players; seat += 1) {
    const d = points.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.chances[seat]).toFixed(1)}`).join("");
    lines.push(s("path", { d, class: `nw-review-line nw-review-seat-${seat}`, style: `stroke: var(--nw-seat-${seat}, #555)`, "data-seat": seat }));
  }
  const cursor = s("line", { x1: -10, x2: -10, y1: PAD.top, y2: H - PAD.bottom, class: "nw-review-cursor", "data-key": "review-cursor" });
  // the click surface under the marks: the nearest point's position
  const surface = s("rect", { x: PAD.left, y: PAD.top, width: W - PAD.left - PAD.right, height: H - PAD.top - PAD.bottom, class: "nw-review-surface", "data-key": "review-surface" });
  surface.addEventListener("click", (e) => {
    const box = surface.getBoundingClientRect();
    const frac = box.width > 0 ? (e.clientX - box.left) / box.width : 0;
    const i = Math.max(0, Math.min(points.length - 1, Math.round(frac * span)));
    go(points[i].position, "review-graph");
  });
  const marks = result.decisions.filter((d) => d.mark).map((d) => {
    const cx = x(d.index);
    const cy = y(d.chances[d.seat]);
    return clickable(s("g", {
      class: `nw-review-mark nw-review-${d.mark}`, tabindex: "0", role: "button",
      "aria-label": `Move ${d.position + 1}: ${d.text}`, "data-key": `review-mark-${d.index}`, "data-position": d.position,
    },
    s("title", {}, `Move ${d.position + 1}: ${d.text}`),
    // a target of 24 x 24 px at least (the graph is drawn at the panel's width)
    s("circle", { cx, cy, r: 12, class: "nw-review-hit" }),
    s("circle", { cx, cy, r: 6, class: "nw-review-dot", style: `fill: var(--nw-seat-${d.seat}, #555)` }),
    s("text", { x: cx, y: Math.max(PAD.top + 8, cy - 9), "text-anchor": "middle", class: "nw-review-symbol" }, d.symbol)),
    d.position, `review-mark-${d.index}`, go);
  });
  // a stretch of steady losses: a band in the seat's colour over its decisions, under the lines
  const bands = (result.stretches || []).map((st, i) => {
    const x1 = x(st.first) - 4;
    const x2 = x(st.last) + 4;
    return clickable(s("g", {
      class: "nw-review-stretch", tabindex: "0", role: "button", "aria-label": `Lost most over a stretch: ${st.text}`,
      "data-key": `review-stretch-${i}`, "data-position": st.position,
    },
    s("title", {}, `Lost most over a stretch: ${st.text}`),
    s("rect", { x: x1, y: PAD.top, width: Math.max(8, x2 - x1), height: H - PAD.top - PAD.bottom, class: "nw-review-band", style: `fill: var(--nw-seat-${st.seat}, #555)` })),
    st.position, `review-stretch-${i}`, go);
  });
  // the luck: a die between the two decisions the roll or the draw came between, at the
  // foot of the graph (the marks are on the lines), with a tick up or down for the seat
  // it moved most
  const dice = luckSwings(result).map((step) => {
    const nextX = step.decision + 1 < points.length ? x(step.decision + 1) : x(step.decision);
    const cx = (x(step.decision) + nextX) / 2;
    const cy = H - PAD.bottom - 11;
    const seat = step.seats[0];
    const up = step.changes[seat] >= 0;
    const words = `Luck at move ${step.move_position + 1}: ${step.text}`;
    return clickable(s("g", {
      class: `nw-review-luck ${up ? "nw-review-luck-up" : "nw-review-luck-down"}`, tabindex: "0", role: "button",
      "aria-label": words, "data-key": `review-luck-${step.index}`, "data-position": step.position,
    },
    s("title", {}, words),
    // a stem up to where the luck left that seat's line
    s("line", { x1: cx, x2: cx, y1: y(points[Math.min(points.length - 1, step.decision + 1)].chances[seat]), y2: cy - 8, class: "nw-review-luck-stem", style: `stroke: var(--nw-seat-${seat}, #555)` }),
    s("rect", { x: cx - 12, y: cy - 12, width: 24, height: 24, class: "nw-review-hit" }),
    die(cx, cy, 14, "nw-review-luck-die"),
    s("text", { x: cx + 10, y: cy + 4, class: "nw-review-luck-sign", style: `fill: var(--nw-seat-${seat}, #555)` }, up ? "▲" : "▼")),
    step.position, `review-luck-${step.index}`, go);
  });
  const svg = s("svg", {
    viewBox: `0 0 ${W} ${H}`, class: "nw-review-graph", role: "img", "aria-label": graphLabel(result),
    "data-key": "review-graph",
  }, grid, bands, lines, surface, cursor, dice, marks);
  return { svg, cursor, points, x };
}

/** Put the graph's cursor at the position shown (the last decision at or before it). */
function placeCursor(graph, position) {
  let at = -1;
  graph.points.forEach((p, i) => {
    if (p.position <= position) at = i;
  });
  const cx = at < 0 ? -10 : graph.x(at);
  setAttr(graph.cursor, "x1", String(cx));
  setAttr(graph.cursor, "x2", String(cx));
}

/** The figures as a table (the graph's text alternative), in a <details>. */
function figuresTable(result) {
  const seats = Array.from({ length: result.players }, (_, i) => i);
  return h("details", { class: "nw-review-figures" },
    h("summary", { dataset: { key: "review-figures" } }, "The figures as a table"),
    h("table", {},
      h("caption", {}, "Each player's chance of winning at each decision (the coach's estimate, ± its margin of error)"),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Move"), h("th", { scope: "col" }, "Decides"),
        seats.map((seat) => h("th", { scope: "col" }, seatName(seat))), h("th", { scope: "col" }, "Mark"))),
      h("tbody", {}, result.decisions.map((d) => h("tr", {},
        h("td", {}, String(d.position + 1)), h("td", {}, `${seatName(d.seat)}: ${d.played_text}`),
        seats.map((seat) => h("td", {}, `${pct(d.chances[seat])} ± ${Math.max(1, Math.round(196 * d.errors[seat]))}`)),
        h("td", {}, d.mark ? `${d.symbol} ${d.mark}` : ""))),
      result.final ? h("tr", {}, h("td", {}, "end"), h("td", {}, "the result"), seats.map((seat) => h("td", {}, pct(result.final[seat]))), h("td", {}, "")) : null)));
}

/** The stretches where a player lost most by many small losses, each a button to its start. */
function stretchesList(result, go) {
  const list = result.stretches || [];
  if (!list.length) return null;
  return h("div", { class: "nw-review-stretches" },
    h("h4", {}, "Lost most over a stretch"),
    h("ul", { class: "nw-review-marks", "aria-label": "Stretches of steady losses" }, list.map((st, i) => h("li", {},
      h("button", {
        type: "button", class: "nw-btn nw-review-markbtn nw-review-stretchbtn", dataset: { key: `review-goto-stretch-${i}` },
        title: "Show the position at the stretch's first decision", onclick: () => go(st.position, `review-goto-stretch-${i}`),
      },
      h("span", { class: "nw-review-badge nw-review-bandbadge", style: { background: `var(--nw-seat-${st.seat}, #555)` }, "aria-hidden": "true" }, "▬"),
      h("span", {}, ` ${st.text}`))))));
}

/** The big swings of luck, each a button to the position just after the roll or draw. */
function luckList(result, go) {
  const swings = luckSwings(result);
  if (!swings.length) return null;
  return h("div", { class: "nw-review-lucklist" },
    h("h4", {}, "Luck: the big swings"),
    h("p", { class: "nw-review-note" }, "A roll or a draw that moved a player's chance by a mark's step or more: what chance did, not what was played."),
    h("ul", { class: "nw-review-marks", "aria-label": "Big swings of luck" }, swings.map((step) => h("li", {},
      h("button", {
        type: "button", class: "nw-btn nw-review-markbtn nw-review-luckbtn", dataset: { key: `review-goto-luck-${step.index}` },
        title: "Show the position just after the roll or the draw", onclick: () => go(step.position, `review-goto-luck-${step.index}`),
      },
      h("span", { class: "nw-review-badge nw-review-luckbadge", "aria-hidden": "true" }, dieIcon()),
      h("span", {}, ` ${step.text.charAt(0).toUpperCase()}${step.text.slice(1)}`))))));
}

function marksList(result, go) {
  const marked = result.decisions.filter((d) => d.mark);
  if (result.judged === false) {
    return h("p", { class: "nw-review-none nw-review-unjudged", role: "status", dataset: { key: "review-unjudged" } }, result.judge_note);
  }
  if (!marked.length) {
    return h("p", { class: "nw-review-none" }, `No decision of ${result.graded_seats.map(seatName).join(", ")} lost enough, beyond the coach's margin of error, to be marked.`);
  }
  return h("ol", { class: "nw-review-marks", "aria-label": "Marked decisions" }, marked.map((d) => h("li", {},
    h("button", {
      type: "button", class: `nw-btn nw-review-markbtn nw-review-${d.mark}`, dataset: { key: `review-goto-${d.index}` },
      title: "Show the position before this move", onclick: () => go(d.position, `review-goto-${d.index}`),
    },
    h("span", { class: "nw-review-badge", style: { background: `var(--nw-seat-${d.seat}, #555)` }, "aria-hidden": "true" }, d.symbol),
    h("span", {}, ` Move ${d.position + 1} · ${d.text}`)))));
}

function summaryTable(result) {
  return h("table", { class: "nw-review-summary", dataset: { key: "review-summary" } },
    h("caption", {}, "Per player"),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Accuracy"),
      h("th", { scope: "col", title: "inaccuracies" }, "?!"), h("th", { scope: "col", title: "mistakes" }, "?"),
      h("th", { scope: "col", title: "blunders" }, "??"),
      h("th", { scope: "col", title: "The change of the player's chance over the big swings of luck (rolls, draws)" }, "By luck"),
      h("th", { scope: "col" }, "Where the game turned"))),
    h("tbody", {}, result.summaries.map((row) => h("tr", {},
      h("th", { scope: "row" }, h("span", { class: `nw-swatch nw-seat-${row.seat}`, "aria-hidden": "true" }), " ", nameText(row.label)),
      h("td", {}, row.accuracy === null ? "not graded" : `${Math.round(row.accuracy)}%`),
      h("td", {}, row.accuracy === null ? "–" : String(row.inaccuracies)),
      h("td", {}, row.accuracy === null ? "–" : String(row.mistakes)),
      h("td", {}, row.accuracy === null ? "–" : String(row.blunders)),
      h("td", { title: row.luck_text || "no big swing of luck" }, row.luck_swings ? `${signed(row.luck)} (${row.luck_swings})` : "–"),
      h("td", {}, row.decided_text || "–")))));
}

/** What the accuracy figure means (Python's words, with the game's measured figures). */
function accuracyNote(result) {
  return result.accuracy_note ? h("p", { class: "nw-review-note nw-review-accuracy-note" }, result.accuracy_note) : null;
}

function thresholdsLine(result) {
  const [a, b, c] = result.thresholds.map((t) => Math.round(t * 1000) / 10);
  return h("p", { class: "nw-review-note" },
    `Marks: ?! inaccuracy (at least ${a} points of the chance to win lost against the coach's move), ? mistake (${b}), ?? blunder (${c}); `
    + `only when the loss is larger than its margin of error. ${result.playouts} simulations per decision.`);
}

/** The review panel's maker: `makeReview(shell).panel(S, part)` (null when there is
 * nothing to offer). */
export function makeReview(shell) {
  // the review's token, the graph drawn
  const ui = { result: null, graph: null };
  // a puzzle's position: the puzzle's controls, here, are what the player uses next
  const go = (position) => shell.send({ kind: "goto", position });
  // a mark's (or the graph's) position: the board is brought on screen (shell.jumpTo),
  // `key` naming the control to come back to
  const jump = (position, key) => (shell.jumpTo ? shell.jumpTo(position, key) : go(position));
  // the graph is drawn to the panel's width: a change of width (a phone turned, a window
  // resized) draws it again
  let observer = null;
  function watchWidth(frame) {
    if (observer || typeof ResizeObserver === "undefined") return;
    let last = frame.clientWidth;
    observer = new ResizeObserver(() => {
      const now = frame.clientWidth;
      if (Math.abs(now - last) >= 40) {
        last = now;
        shell.redraw();
      }
    });
    observer.observe(frame);
  }

  function startButton(S, again) {
    return h("button", {
      type: "button", class: `nw-btn ${again ? "" : "nw-primary "}nw-review-start`, dataset: { key: "review-start" },
      title: "The coach replays every decision of the game (under a minute); the next thing you do stops it",
      onclick: () => shell.send({ kind: "review" }),
    }, again ? "Review again" : (S.view && S.view.current !== null && S.view.current !== undefined ? "Review the game so far" : "Review the game"));
  }

  function progress(R) {
    const total = R.total || 0;
    return h("div", { class: "nw-review-progress", role: "status" },
      h("progress", { max: String(Math.max(1, total)), value: String(R.done || 0), "aria-label": "Review progress", dataset: { key: "review-progress" } }),
      h("span", {}, total ? ` Reviewing: ${R.done} of ${total} decisions…` : " Reviewing…"),
      h("button", { type: "button", class: "nw-btn", dataset: { key: "review-cancel" }, onclick: () => shell.send({ kind: "review_cancel" }) }, "Cancel"));
  }

  // the puzzles: played on the board (panels.puzzleBanner, above or beside it, says what
  // each asks and Python's answer); here, the way in, and where they are while open
  function puzzles(S, R, result) {
    const list = result.puzzles || [];
    if (!list.length) return null;
    const open = R.puzzle && list[R.puzzle.index] ? R.puzzle : null;
    const start = h("button", {
      type: "button", class: `nw-btn${open ? "" : " nw-primary"}`, dataset: { key: "puzzles-start" },
      title: "Each puzzle shows a position where a move of yours lost much: play a better move on the board",
      onclick: () => shell.openPuzzle ? shell.openPuzzle(open ? open.index : 0, list[open ? open.index : 0].position) : shell.send({ kind: "puzzle_open", puzzle: 0 }),
    }, open ? `Back to puzzle ${open.index + 1} of ${list.length}` : `Learn from your mistakes (${list.length} ${list.length === 1 ? "puzzle" : "puzzles"})`);
    return h("div", { class: "nw-review-learn", role: "group", "aria-label": "Learn from your mistakes" },
      h("p", { class: "nw-review-note" }, "Each puzzle puts the board back where a move lost much: play a better one there, with the game's own clicks. The coach checks it; your game does not change."),
      h("div", { class: "nw-buttons" }, start));
  }

  function panel(S, part) {
    const R = S.review || {};
    const status = R.status || "off";
    const result = status === "done" ? R.result : null;
    if (!R.available && !result && status !== "running") return null;
    // the trait comes anew with each answer: the same review is told by its token
    const token = result ? `${S.history.game}:${result.upto}:${result.seconds}:${result.decisions.length}` : null;
    if (token !== ui.result) {
      ui.result = token;
      ui.graph = null;
      // the marks, for the history banner's Previous and Next mark (panels.js)
      shell.ui.reviewMarks = result ? result.decisions.filter((d) => d.mark).map((d) => ({
        position: d.position, key: `review-goto-${d.index}`, label: `${d.symbol} move ${d.position + 1}`,
      })) : null;
    }
    const head = part("review-head", sig(status, R.done, R.total, R.message, R.available, S.view.current === null), () => h("div", { class: "nw-review-head" },
      status === "running" ? progress(R) : null,
      status === "cancelled" || status === "failed" ? h("p", { class: "nw-review-note", role: "status" }, R.message) : null,
      status !== "running" ? h("div", { class: "nw-buttons" }, startButton(S, Boolean(result))) : null));
    const frame = part("review-frame", "", () => h("section", { class: "nw-panel nw-review", "aria-label": "Review", dataset: { key: "review" } }));
    const kids = [h("h3", {}, "Review"), head];
    if (result) {
      // the panel's inner width, when it is on the page already (its Review button was)
      const inner = frame.clientWidth ? frame.clientWidth - 20 : DEFAULT_W;
      watchWidth(frame);
      const graphPart = part("review-graph", sig(token, Math.round(inner / 40)), () => {
        ui.graph = reviewGraph(result, jump, inner);
        return h("div", { class: "nw-review-chart" },
          h("div", { class: "nw-review-legend", "aria-hidden": "true" }, Array.from({ length: result.players }, (_, seat) => h("span", {},
            h("span", { class: `nw-swatch nw-seat-${seat}` }), ` ${seatName(seat)}`)),
          h("span", {}, h("span", { class: "nw-review-legend-symbol" }, "?! ? ??"), " a decision's loss"),
          (result.stretches || []).length ? h("span", {}, h("span", { class: "nw-review-legend-band" }), " a stretch of small losses") : null,
          luckSwings(result).length ? h("span", {}, h("span", { class: "nw-review-legend-die" }, dieIcon()), " luck: a roll or a draw") : null),
          ui.graph.svg,
          h("p", { class: "nw-review-note" }, "Tap or click the graph or a mark to see the position before that move, as it was to decide; “Back to the game” returns."));
      });
      if (ui.graph) placeCursor(ui.graph, S.history.position);
      kids.push(graphPart,
        part("review-marks", token, () => h("div", {}, thresholdsLine(result), marksList(result, jump),
          result.judged === false ? null : stretchesList(result, jump), result.judged === false ? null : luckList(result, jump))),
        // the table scrolls sideways in its box when a word in it (a name chosen at a
        // table, in its texts) is wider than a phone's column
        part("review-summary", token, () => h("div", {}, h("div", { class: "nw-table-scroll" }, summaryTable(result)), accuracyNote(result))),
        part("review-figures", token, () => figuresTable(result)),
        part("review-learn", sig(token, R.puzzle), () => puzzles(S, R, result)));
    }
    setChildren(frame, kids);
    return frame;
  }

  return { panel, ui };
}
