// Issue 29: a card that asks where it goes is bought in one preview and one Confirm.  The
// preview (Python's, js/scripts/make_board_fixtures.py: buy_place_2p) draws the places as
// radios, Python's default chosen and marked; a pick redraws that option's figures and
// outlines the card it replaces; Confirm sends the buy with the chosen place (`then`).
// A deploy's preview says what the worker changes at production.
import { afterEach, describe, expect, it } from "vitest";
import { createView } from "../../src/board/view.js";
import { click, mount, snapshot } from "./helpers.js";

afterEach(() => {
  document.body.replaceChildren();
});

const moveButton = (el, k) => [...el.querySelectorAll("[data-key^='move-']")].find((b) => b.getAttribute("data-key") === `move-${k}`);

/** The buy_place_2p fixture with its building's preview open. */
function buyOpen() {
  const S = snapshot("buy_place_2p");
  const m = mount(createView, S);
  const entry = S.legal.find((e) => e.key === S.preview.key);
  click(moveButton(m.el, entry.key));
  return { S, entry, ...m };
}

describe("a card's place in its preview", () => {
  it("draws each place as a radio with Python's words, the default checked and marked", () => {
    const { S, byKey } = buyOpen();
    const place = S.preview.place;
    expect(place.options.length).toBe(5);
    const box = byKey("place");
    expect(box.tagName).toBe("FIELDSET");
    expect(box.querySelector("legend").textContent).toBe(place.legend);
    const radios = [...box.querySelectorAll("input[type=radio]")];
    expect(radios.length).toBe(place.options.length);
    expect(radios.filter((r) => r.checked).map((r) => Number(r.value))).toEqual([place.default]);
    place.options.forEach((o, i) => {
      const label = byKey(`place-${i}`);
      expect(label.textContent).toContain(o.text);
      expect(label.textContent.includes("suggested")).toBe(i === place.default);
    });
    // all radios share one name (one choice; arrows move along it)
    expect(new Set(radios.map((r) => r.name)).size).toBe(1);
  });

  it("a pick shows that option's figures and outlines the card it replaces; Confirm sends both", () => {
    const { S, entry, el, byKey, shell } = buyOpen();
    const place = S.preview.place;
    // the default's replaced card is outlined with the card bought
    const outlined = () => [...el.querySelectorAll(".nwb-pending")].map((c) => c.getAttribute("data-card")).sort();
    expect(outlined()).toEqual([entry.card, place.options[place.default].card].sort());
    const other = place.options.findIndex((o, i) => i !== place.default && o.lines.join() !== place.options[place.default].lines.join());
    expect(other).toBeGreaterThanOrEqual(0);
    const radio = byKey(`place-input-${other}`);
    radio.checked = true;
    radio.dispatchEvent(new Event("change", { bubbles: true }));
    expect(byKey(`place-${other}`).classList.contains("nwb-chosen")).toBe(true);
    const panel = byKey("preview");
    for (const line of place.options[other].lines) expect(panel.textContent).toContain(line);
    expect(outlined()).toEqual([entry.card, place.options[other].card].sort());
    click(byKey("preview-confirm"));
    expect(shell.sent).toEqual([{ kind: "move", move: entry.move, then: place.options[other].move }]);
  });

  it("Confirm without a pick sends Python's default place", () => {
    const { S, entry, byKey, shell } = buyOpen();
    click(byKey("preview-confirm"));
    expect(shell.sent).toEqual([{ kind: "move", move: entry.move, then: S.preview.place.options[S.preview.place.default].move }]);
  });

  it("the focus goes to the chosen place when the preview comes (arrows, Enter, Escape from there)", () => {
    const S = snapshot("buy_place_2p");
    const { el, byKey } = mount(createView, S);
    const entry = S.legal.find((e) => e.key === S.preview.key);
    const buy = moveButton(el, entry.key);
    buy.focus();
    click(buy);
    expect(document.activeElement).toBe(byKey(`place-input-${S.preview.place.default}`));
    // cancelled, then the same purchase asked again: a new preview, the focus there again
    click(byKey("preview-cancel"));
    buy.focus();
    click(moveButton(el, entry.key));
    expect(document.activeElement).toBe(byKey(`place-input-${S.preview.place.default}`));
  });

  it("a pick made for one purchase is not carried to the next", () => {
    const { S, entry, el, byKey, shell } = buyOpen();
    const radio = byKey("place-input-0");
    radio.checked = true;
    radio.dispatchEvent(new Event("change", { bubbles: true }));
    click(byKey("preview-cancel"));
    click(moveButton(el, entry.key));
    expect(byKey(`place-input-${S.preview.place.default}`).checked).toBe(true);
    click(byKey("preview-confirm"));
    expect(shell.sent.at(-1).then).toEqual(S.preview.place.options[S.preview.place.default].move);
  });

  it("a move that asks no place shows no choice and sends the move alone", () => {
    const S = snapshot("actions_3p");
    const { el, byKey, shell } = mount(createView, S);
    expect(S.preview.place).toBeNull();
    click(moveButton(el, S.preview.key));
    expect(byKey("place")).toBeNull();
    click(byKey("preview-confirm"));
    expect(shell.sent).toEqual([{ kind: "move", move: S.preview.move }]);
  });
});

describe("a deploy's preview", () => {
  it("says what the worker changes at production, each resource with its icon", () => {
    const S = snapshot("mid_4p");
    const { el, byKey } = mount(createView, S);
    expect(S.preview.move.type).toBe("deploy");
    click(moveButton(el, S.preview.key));
    const list = byKey("preview-production");
    expect(list).toBeTruthy();
    const items = [...list.querySelectorAll("li")];
    expect(items.length).toBe(S.preview.production.length);
    S.preview.production.forEach((c, i) => {
      const delta = c.after - c.before;
      expect(items[i].textContent).toContain(`${delta > 0 ? "+" : "\u2212"}${Math.abs(delta)}`);
      expect(items[i].textContent).toContain("at production");
      expect(items[i].querySelector(`.nw-icon-${c.name === "books" ? "book" : c.name}`)).toBeTruthy();
    });
  });
});
