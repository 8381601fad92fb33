import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createController } from "../../src/dice/index.js";
import { click, fixture, mockModel, removeHosts, testHost, tick } from "../helpers.js";

let el;
beforeEach(() => {
  el = testHost();
});
afterEach(removeHosts);

const byKey = (key) => el.querySelector(`[data-key="${key}"]`);

describe("New game", () => {
  it("opens from the header as a dialog with every setting; Escape closes it; Start sends and closes", () => {
    const model = mockModel(fixture("rich_3p"));
    createController({ model, el });
    const details = el.querySelector("details.nw-newgame");
    expect(details.open).toBe(false);
    click(byKey("header-newgame"));
    expect(details.open).toBe(true);
    const dialog = details.querySelector("dialog");
    expect(dialog.getAttribute("aria-label")).toBe("New game");
    expect(dialog.hasAttribute("open")).toBe(true);
    for (const key of ["form-players", "form-seat-0", "form-variant", "form-automate", "form-seed", "form-delay", "start"]) {
      expect(byKey(key), key).toBeTruthy();
    }
    expect(document.activeElement).toBe(byKey("form-players"));
    byKey("form-players").dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
    expect(details.open).toBe(false);
    click(byKey("header-newgame"));
    click(byKey("start"));
    expect(model.sent.at(-1).kind).toBe("new_game");
    // the dialog drawn now (the panel is built anew when the form changes) is closed
    expect(el.querySelectorAll("details.nw-newgame").length).toBe(1);
    expect(el.querySelector("details.nw-newgame").open).toBe(false);
  });

  it("stays open when Python's update (a bot's move) is drawn right after the click on New game…", async () => {
    // the <details> reports its toggle in a task of its own: an update drawn before that
    // task ran used to close it again (the page still thought it closed)
    const model = mockModel(fixture("rich_3p"));
    createController({ model, el });
    click(byKey("newgame-summary"));
    model.emit("busy", !model.get("busy"));
    await tick();
    await tick();
    const details = el.querySelector("details.nw-newgame");
    expect(details.open).toBe(true);
    expect(details.querySelector("dialog").hasAttribute("open")).toBe(true);
    // and the summary closes it the same way
    click(byKey("newgame-summary"));
    model.emit("busy", !model.get("busy"));
    await tick();
    await tick();
    expect(el.querySelector("details.nw-newgame").open).toBe(false);
  });
});
