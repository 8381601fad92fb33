// The coach's panel: Hint, the grading and previews checkboxes, the coach's thinking and
// its answers, with the game's review beside it (review.js).
import { h, setChildren, sig } from "./dom.js";
import { capital, offHere, offLine, thinkingLine } from "./panels.js";
import { makeReview } from "./review.js";

export function makeCoachPanel(shell) {
  const ui = shell.ui;
  const review = makeReview(shell);
  /**
   * The coach: a Hint button on a human's decision, the "coach" checkbox (grade each of my
   * moves), the previews checkbox, the hint (shown only at the position it was asked at)
   * and the last verdict.  Python computes everything; this only draws it.
   */
  function coachPanel(S, part) {
    const coach = coachOnly(S, part);
    // the game's review (review.js) goes with the coach, when there is one to offer
    const rev = review.panel(S, part);
    if (!rev) return coach;
    const both = part("coach-review", "", () => h("div", { class: "nw-coach-review" }));
    setChildren(both, [coach, rev]);
    return both;
  }

  function coachOnly(S, part) {
    const v = S.view;
    const c = S.coach || {};
    const me = S.acting;
    const hint = c.hint && c.hint.position === v.position ? c.hint : null;
    const verdict = c.on && c.verdict ? c.verdict : null;
    // signed by what it shows (not the position: a move leaves it as it was)
    // a lesson's table: no coach's Hint or grading (they would give the lesson's answer
    // away; Python refuses them there too: widget/learn.py, GIVES_AWAY); previews stay
    const lesson = Boolean(S.info && S.info.lesson);
    // what Python would refuse here (a shared table: the table trait's `off`, with why) is
    // not offered live: the Hint is shown greyed with its reason in words, the grading is
    // not shown
    const off = offHere(S);
    // the coach thinking: Python's progress (playouts done, seconds against the cap), or,
    // before its first word, that it has not started yet
    const thinking = S.coachBusy && c.thinking && c.thinking.position === v.position ? c.thinking : null;
    return part("coach", sig(hint, verdict, Boolean(c.on), me === null, S.coachBusy, ui.previews, lesson, off.hint, off.coach, thinking), () => {
      const kids = [];
      kids.push(h("div", { class: "nw-coach-controls" },
        lesson ? null : h("button", {
          type: "button", class: "nw-btn", dataset: { key: "coach-hint" },
          disabled: me === null || S.coachBusy || Boolean(off.hint),
          title: off.hint ? capital(off.hint) : me === null ? "A hint is for a human player's decision" : "The coach's three best moves here (about 2 s of thinking)",
          onclick: () => shell.askHint(),
        }, S.coachBusy ? "Thinking…" : "Hint"),
        lesson || off.coach ? null : h("label", { class: "nw-coach-toggle", title: "After each of your moves, see how it compared with the coach's best move" },
          h("input", { type: "checkbox", dataset: { key: "coach-on" }, checked: Boolean(c.on), onchange: (e) => shell.send({ kind: "coach", on: e.target.checked }) }),
          " Coach: grade my moves"),
        h("label", { class: "nw-coach-toggle", title: shell.previewWords.title },
          h("input", { type: "checkbox", dataset: { key: "previews-on" }, checked: Boolean(ui.previews), onchange: (e) => shell.setPreviews(e.target.checked) }),
          ` ${shell.previewWords.label}`)));
      if (off.hint && !lesson) kids.push(offLine(off.hint, "coach-off"));
      if (S.coachBusy && !lesson) kids.push(thinkingLine(thinking));
      if (hint && !lesson) {
        kids.push(h("ol", { class: "nw-coach-hint", "aria-label": "The coach's best moves" },
          hint.suggestions.map((s, i) => h("li", { dataset: { key: `coach-s-${i}` } }, s.summary))));
      }
      if (verdict) {
        kids.push(h("p", { class: `nw-coach-verdict${verdict.same ? " nw-good" : ""}`, role: "status" }, verdict.text));
      }
      return h("section", { class: "nw-panel nw-coach", "aria-label": lesson ? "Previews" : "Coach" }, h("h3", {}, lesson ? "Previews" : "Coach"), ...kids);
    });
  }

  return { coachPanel };
}
