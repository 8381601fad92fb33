import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createController } from "../../src/dice/index.js";
import { click, fixture, mockModel, removeHosts, testHost, tick } from "../helpers.js";

let el;
beforeEach(() => {
  el = testHost();
});
afterEach(removeHosts);

const byKey = (key) => el.querySelector(`[data-key="${key}"]`);

function mount(patch = {}) {
  const model = mockModel({ ...fixture("start_2p"), ...patch });
  createController({ model, el });
  return model;
}

const suggestion = (summary) => ({ move: { type: "pass" }, text: summary.split(":")[0], win_rate: 0.5, margin: 1, visits: 10, summary });

describe("the coach", () => {
  it("the Hint button asks Python, says it is thinking, then lists what Python sent", async () => {
    const model = mount({ coach: { on: false, hint: null, verdict: null } });
    const button = byKey("coach-hint");
    expect(button.disabled).toBe(false);
    click(button);
    expect(model.sent.at(-1)).toEqual({ kind: "hint" });
    expect(byKey("coach-hint").textContent).toBe("Thinking…");
    expect(byKey("coach-hint").disabled).toBe(true);
    const position = model.data.view.position;
    // before Python's first word: it says the coach has not started; then its progress
    expect(byKey("coach-progress").textContent).toContain("about to start thinking");
    model.emit("coach", { on: false, hint: null, verdict: null, thinking: { position, done: 120, total: 300, seconds: 0.9, cap: 1.8 } });
    await tick();
    expect(byKey("coach-progress").textContent).toBe(" Thinking… 120 of 300 simulations played (0.9 s of at most 1.8 s)");
    expect(byKey("coach-progress").querySelector("progress").value).toBe(50);
    model.emit("coach", {
      on: false, verdict: null,
      hint: { position, suggestions: [suggestion("Pass: about 58% to win (± 6%)"), suggestion("Buy Harbor: about 31% to win (± 7%)")] },
    });
    await tick();
    expect(byKey("coach-hint").textContent).toBe("Hint");
    expect(byKey("coach-progress")).toBeNull();
    expect(byKey("coach-s-0").textContent).toBe("Pass: about 58% to win (± 6%)");
    expect(byKey("coach-s-1").textContent).toContain("Harbor");
  });

  it("a hint asked at another position is not shown", () => {
    const model = mount();
    model.data.coach = { on: false, verdict: null, hint: { position: model.data.view.position + 3, suggestions: [suggestion("Pass: x")] } };
    el.replaceChildren();
    createController({ model, el });
    expect(byKey("coach-s-0")).toBeNull();
  });

  it("the coach checkbox sends its state, and the verdict shows while it is on", async () => {
    const model = mount({ coach: { on: false, hint: null, verdict: null } });
    const box = byKey("coach-on");
    box.checked = true;
    box.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sent.at(-1)).toEqual({ kind: "coach", on: true });
    model.emit("coach", { on: true, hint: null, verdict: { same: false, text: "Your move: Pass. The coach preferred: Buy Harbor." } });
    await tick();
    expect(el.querySelector(".nw-coach-verdict").textContent).toContain("The coach preferred");
    expect(byKey("coach-on").checked).toBe(true);
  });

  it("no hint on a bot's turn", () => {
    const model = mount({ coach: { on: false, hint: null, verdict: null } });
    const view = { ...model.data.view, human_turn: false };
    model.data.view = view;
    model.data.legal = [];
    el.replaceChildren();
    createController({ model, el });
    expect(byKey("coach-hint").disabled).toBe(true);
  });

  it("a lesson's table offers no coach's Hint, no grading and no 'Let a bot decide': they would give the answer away", () => {
    const model = mount({ coach: { on: false, hint: null, verdict: null } });
    model.data.game_info = { ...(model.data.game_info || {}), lesson: true };
    el.replaceChildren();
    createController({ model, el });
    expect(byKey("coach-hint")).toBeNull();
    expect(byKey("coach-on")).toBeNull();
    expect(byKey("bot-decide")).toBeNull();
    expect(byKey("previews-on")).not.toBeNull(); // a move's preview still helps
    const sent = model.sent.length;
    byKey("pass").dispatchEvent(new KeyboardEvent("keydown", { key: "h", bubbles: true, cancelable: true }));
    expect(model.sent.slice(sent).some((m) => m.kind === "hint")).toBe(false);
  });
});
