// The app's Learn entry: the lesson panel (nations_widget/static/learn.js and learn.css;
// Python: nations_widget/widget/learn.py, LessonPanel).  The lesson's table beside it is
// the real game widget, drawn by its own bundle.
//
// Python sends the lessons (`catalogue`: [{game, title, lessons: [{key, title, ...}]}]) and
// the open lesson (`lesson`: its texts, `status` "trying" | "wrong" | "done", `hint`,
// `message`, `can_show`, `next`, `last`; {} on the list).  Every button sends a message
// {kind: "lesson", action, ...} and Python decides.  The lessons done are kept in this
// browser (localStorage, like the "Continue a game" list): a ✓ beside each on the list.
import "./learn.css";
import { h } from "../shell/dom.js";
import { browserStorage as storage } from "../shell/storage.js";

export const DONE_KEY = "nations-lessons-done";

/** The keys of the lessons done in this browser. */
export function doneLessons() {
  const store = storage();
  if (!store) return [];
  try {
    const list = JSON.parse(store.getItem(DONE_KEY) || "[]");
    return Array.isArray(list) ? list.filter((k) => typeof k === "string" && k.length < 80) : [];
  } catch {
    return [];
  }
}

/** Remember the lesson `key` as done (kept once). */
export function markDone(key) {
  const store = storage();
  if (!store || typeof key !== "string") return;
  const list = doneLessons();
  if (list.includes(key)) return;
  try {
    store.setItem(DONE_KEY, JSON.stringify([...list, key].slice(-200)));
  } catch {
    // full or refused: progress is simply not kept
  }
}

function button(key, label, onclick, extra = "") {
  return h("button", { type: "button", class: `nw-learn-button ${extra}`.trim(), dataset: { key }, onclick }, label);
}

function lessonList(model, catalogue) {
  const done = new Set(doneLessons());
  const send = (key) => () => model.send({ kind: "lesson", action: "open", key });
  return [
    h("h2", { class: "nw-learn-heading" }, "Learn to play"),
    h("p", { class: "nw-learn-line" }, "Each lesson sets up a real table. Read the few lines, then play the move it asks for: the game checks it. Lessons done are remembered by this browser."),
    catalogue.map((game) => {
      const count = game.lessons.filter((x) => done.has(x.key)).length;
      return h("section", { class: "nw-learn-game", dataset: { game: game.game } },
        h("h3", {}, game.title, h("span", { class: "nw-learn-count" }, ` · ${count} of ${game.lessons.length} done`)),
        h("ol", { class: "nw-learn-list" }, game.lessons.map((x) => h("li", {},
          h("button", { type: "button", class: `nw-learn-item${done.has(x.key) ? " nw-learn-done" : ""}`, dataset: { key: `open-${x.key}`, lesson: x.key }, onclick: send(x.key) },
            h("span", { class: "nw-learn-mark", "aria-label": done.has(x.key) ? "done" : "not done yet" }, done.has(x.key) ? "✓" : "○"),
            h("span", {}, x.title))))));
    }),
  ];
}

function lessonView(model, lesson) {
  const act = (action, more = {}) => () => model.send({ kind: "lesson", action, ...more });
  const status = lesson.status || "trying";
  const controls = [];
  if (status === "trying" && !lesson.hint) controls.push(button("hint", "Hint", act("hint")));
  if (status === "wrong" || status === "done") controls.push(button("retry", "Try again", act("retry")));
  if (lesson.can_show && status !== "done") controls.push(button("show", "Show me", act("show")));
  if (status === "done" && !lesson.last) controls.push(button("next", `Next lesson: ${lesson.next_title}`, act("next"), "nw-learn-primary"));
  const offer = lesson.last && model.get("offers_first_game")
    ? h("div", { class: "nw-learn-offer" },
      h("p", {}, status === "done" ? "That was the last lesson of this game." : "After this lesson:"),
      button("first-game", "Play a first game: a gentle bot, the coach on", act("first_game", { game: lesson.game }), status === "done" ? "nw-learn-primary" : ""))
    : null;
  return [
    h("nav", { class: "nw-learn-top" },
      button("list", "← All lessons", act("list"), "nw-learn-back"),
      h("span", { class: "nw-learn-count" }, `Lesson ${lesson.number} of ${lesson.count}`)),
    h("h2", { class: "nw-learn-heading" }, lesson.title),
    (lesson.explanation || []).map((p) => h("p", { class: "nw-learn-text" }, p)),
    h("div", { class: "nw-learn-task", role: "group", "aria-label": "Your task" },
      h("strong", {}, "Your task: "), lesson.task),
    h("p", { class: `nw-learn-status nw-learn-${status}`, role: "status", "aria-live": "polite" },
      status === "done" ? `✓ ${lesson.shown ? "Shown: " : "Right! "}${lesson.message}` : lesson.message || "Play on the table (Undo takes a move back)."),
    lesson.hint && status !== "done" ? h("p", { class: "nw-learn-hint" }, h("strong", {}, "Hint: "), lesson.hint) : null,
    controls.length ? h("div", { class: "nw-learn-controls" }, controls) : null,
    offer,
  ];
}

/** Draw the panel for `model` into `el`; returns the root element. */
export function drawPanel(model, el) {
  const lesson = model.get("lesson") || {};
  const error = model.get("error") || "";
  if (lesson.key && lesson.status === "done") markDone(lesson.key);
  const body = lesson.key ? lessonView(model, lesson) : lessonList(model, model.get("catalogue") || []);
  const root = h("div", { class: "nw-learn-panel", dataset: { lesson: lesson.key || "", status: lesson.status || "" } }, body,
    error ? h("p", { class: "nw-learn-error", role: "alert" }, error) : null);
  const active = el.ownerDocument && el.ownerDocument.activeElement;
  const focused = active && el.contains(active) && active.dataset ? active.dataset.key : null;
  el.replaceChildren(root);
  if (focused) {
    const again = root.querySelector(`[data-key="${focused}"]`);
    if (again) again.focus();
  }
  return root;
}

/** After a verdict (a wrong try, the task done) the panel's status is brought into view:
 * on a phone the table is below the panel, where the learner just played.  The table
 * draws the same move in its next frame and brings its own decision panel on screen
 * then (the board game's table can take longer: a step judged wrong while the learner is
 * still to act leaves them a decision), so this looks after that frame and, if the status
 * was scrolled away meanwhile, again at each of REVEAL_AGAIN. */
export const REVEAL_DELAY = 150; // ms after the next frame
export const REVEAL_AGAIN = [600, 1200]; // ms after the verdict

function revealStatus(root) {
  if (typeof window === "undefined") return;
  const later = (f) => (window.requestAnimationFrame ? window.requestAnimationFrame(() => setTimeout(f, REVEAL_DELAY)) : setTimeout(f, REVEAL_DELAY));
  later(() => reveal(root));
  for (const ms of REVEAL_AGAIN) setTimeout(() => reveal(root), ms);
}

function reveal(root) {
  const status = root.querySelector(".nw-learn-status");
  if (!status || !status.isConnected || typeof status.scrollIntoView !== "function") return;
  const r = status.getBoundingClientRect();
  if (r.top >= -1 && r.bottom <= window.innerHeight + 1) return; // (a scroll lands on a fraction)
  // the status, the hint and the buttons after it, the status first if they do not fit
  const last = root.querySelector(".nw-learn-controls") || status;
  last.scrollIntoView({ block: "nearest" });
  status.scrollIntoView({ block: "nearest" });
}

export default {
  render({ model, el }) {
    let verdict = "";
    const draw = () => {
      const root = drawPanel(model, el);
      const lesson = model.get("lesson") || {};
      const now = lesson.key ? `${lesson.key}:${lesson.status}:${lesson.tries}` : "";
      if (now !== verdict && lesson.status && lesson.status !== "trying") revealStatus(root);
      verdict = now;
    };
    for (const t of ["catalogue", "lesson", "error", "offers_first_game"]) model.on(`change:${t}`, draw);
    draw();
    return () => {
      for (const t of ["catalogue", "lesson", "error", "offers_first_game"]) model.off(`change:${t}`, draw);
    };
  },
};
