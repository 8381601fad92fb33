// The board game's glance: the strip at the top (the round, its phase, the event, the war,
// whose turn it is) and a compact panel per nation (its figures and what the next
// production changes), drawn from Python's payloads (js/scripts/make_board_fixtures.py).
import { afterEach, describe, expect, it } from "vitest";
import { createView } from "../../src/board/view.js";
import { num, signed } from "../../src/board/logic.js";
import { click, mount, snapshot } from "./helpers.js";

afterEach(() => {
  document.body.replaceChildren();
});

const FIXTURES = ["growth_2p", "actions_3p", "mid_4p", "round3_4p", "choose_slot_2p", "bot_turn_2p", "solo", "late_5p"];
const figure = (panel, key) => panel.querySelector(`[data-fig="${key}"]`);
const now = (panel, key) => figure(panel, key).querySelector(".nwb-pp-now b").textContent;
const delta = (panel, key) => figure(panel, key).querySelector(".nwb-pp-delta").textContent.trim();

describe("the player panels", () => {
  it("draw every nation's figures and Python's next production, in the player order", () => {
    for (const name of FIXTURES) {
      const S = snapshot(name);
      const { el } = mount(createView, S);
      const panels = [...el.querySelectorAll("[data-key='players'] .nwb-pp")];
      expect(panels.map((p) => Number(p.dataset.seat)), name).toEqual(S.view.scoring.order);
      for (const panel of panels) {
        const n = S.view.nations[Number(panel.dataset.seat)];
        const change = n.next_production.change;
        for (const k of ["gold", "stone", "food", "books", "vp"]) {
          expect(now(panel, k), `${name} ${n.name} ${k}`).toBe(String(n.resources[k]));
          // the change under the figure: Python's forecast, blank when nothing changes
          expect(delta(panel, k), `${name} ${n.name} ${k} change`).toBe(change[k] ? signed(change[k]) : "");
        }
        expect(now(panel, "strength")).toBe(num(n.strength));
        expect(now(panel, "stability")).toBe(num(n.stability));
        expect(now(panel, "workers")).toBe(`${n.idle}/${n.workers}`);
        // each number named in words for a screen reader and on hover
        const gold = figure(panel, "gold");
        expect(gold.querySelector(".nw-sr").textContent).toBe(gold.title);
        expect(gold.title).toMatch(new RegExp(`^gold: ${n.resources.gold}`));
        if (change.gold) expect(gold.title).toContain(`${signed(change.gold)} at the next production`);
      }
    }
  });

  it("mark the nation to play and the viewer's own", () => {
    const S = snapshot("round3_4p");
    const { el } = mount(createView, S);
    const current = el.querySelectorAll(".nwb-pp.nwb-pp-current");
    expect(current.length).toBe(1);
    expect(current[0].dataset.seat).toBe(String(S.view.current));
    expect(current[0].querySelector(".nwb-badge.nwb-now").textContent).toBe("to play");
    expect(el.querySelector(`.nwb-pp[data-seat="${S.view.viewer}"] .nwb-pp-who`).textContent).toBe("you");
  });

  it("say what a production leaves to the player (resources of its choice)", () => {
    const S = snapshot("round3_4p");
    const n = S.view.nations[1];
    n.next_production = { ...n.next_production, owed: 2, text: "\u22121 VP; then 2 resources of its choice (no books left to lose)" };
    const { el } = mount(createView, S);
    expect(el.querySelector(".nwb-pp[data-seat='1'] .nwb-pp-note").textContent).toBe(`Next production: ${n.next_production.text}.`);
  });

  it("redraw only the panel whose figures changed", () => {
    const S = snapshot("round3_4p");
    const { el, view } = mount(createView, S);
    const before = [...el.querySelectorAll(".nwb-pp")];
    const nations = S.view.nations.map((n, i) => (i === 2 ? { ...n, resources: { ...n.resources, gold: n.resources.gold + 1 } } : n));
    view.draw({ ...S, view: { ...S.view, nations } });
    const after = [...el.querySelectorAll(".nwb-pp")];
    after.forEach((p, i) => expect(p === before[i], `seat ${p.dataset.seat}`).toBe(p.dataset.seat !== "2"));
    expect(now(el.querySelector(".nwb-pp[data-seat='2']"), "gold")).toBe(String(S.view.nations[2].resources.gold + 1));
  });

  it("a panel's name unfolds that nation's board", () => {
    const S = snapshot("round3_4p");
    const { el } = mount(createView, S);
    const other = S.view.scoring.order.find((s) => s !== S.view.viewer);
    expect(el.querySelector(`[data-key="nation-${other}"] .nwb-nation-body`)).toBeNull();
    click(el.querySelector(`[data-key="panel-name-${other}"]`));
    expect(el.querySelector(`[data-key="nation-${other}"] .nwb-nation-body`)).toBeTruthy();
  });
});

describe("the strip at the top", () => {
  it("says the round, the phase, the event, the war and one 'Your turn'", () => {
    const S = snapshot("round3_4p");
    const { el } = mount(createView, S);
    const strip = el.querySelector("[data-key='status']");
    const v = S.view;
    expect(strip.querySelector(".nw-round").textContent).toBe(`Round ${v.round} of ${v.rounds} \u00b7 ${v.age_name}`);
    expect(strip.querySelector(".nw-step").textContent).toBe(v.step_label);
    expect(strip.querySelector(".nwb-st-event b").textContent).toBe(v.scoring.event.halves.map((x) => x.name).join(" / "));
    expect(strip.querySelector(".nwb-st-war").title).toBe(v.scoring.war.text);
    expect(el.querySelectorAll(".nwb-your-turn").length).toBe(1);
    expect(strip.querySelector(".nwb-your-turn").textContent).toBe("Your turn");
  });

  it("names who is to play when nobody at this screen decides", () => {
    const S = snapshot("bot_turn_2p");
    const { el } = mount(createView, S);
    expect(el.querySelector(".nwb-your-turn")).toBeNull();
    const n = S.view.nations[S.view.current];
    expect(el.querySelector(".nwb-st-other").textContent).toMatch(new RegExp(`^${n.name} \\(${n.who} bot.*to play$`));
  });
});
