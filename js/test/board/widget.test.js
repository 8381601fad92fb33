// The board view inside the real widget shell (js/src/shell/controller.js) over a mock
// model holding real payloads: the shell's intents carry the board's moves. Runs once
// the shell is on the branch (before that the shell's controller does not exist here).
import { afterEach, describe, expect, it } from "vitest";
import { createView } from "../../src/board/view.js";
import { boardModel } from "../helpers.js";

const shellPath = "../../src/shell/controller.js";
const shell = await import(/* @vite-ignore */ shellPath).catch(() => null);

const model = boardModel;

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const hosts = [];
function host() {
  const el = document.createElement("div");
  document.body.appendChild(el);
  hosts.push(el);
  return el;
}
afterEach(() => {
  for (const el of hosts.splice(0)) el.remove();
  localStorage.clear();
});

(shell ? describe : describe.skip)("the board view in the widget shell", () => {
  it("draws the table from the traits and plays a buy through the shell's move intent", async () => {
    localStorage.setItem("nw-previews", "false");
    const m = model("actions_3p");
    const el = host();
    shell.createController({ model: m, el }, createView);
    await flush();
    expect(el.querySelector("[data-key='progress']")).toBeTruthy();
    const buy = m.data.legal.find((e) => e.group === "buy");
    const btn = [...el.querySelectorAll("[data-key^='move-']")].find((b) => b.dataset.key === `move-${buy.key}`);
    btn.click();
    expect(m.sent.at(-1)).toEqual({ kind: "move", seat: m.data.view.current, position: m.data.view.position, move: buy.move });
  });

  it("names each bot and its level on its nation's board", async () => {
    const m = model("mid_4p");
    m.data.game_info = { ...m.data.game_info, bot_levels: { random: "very easy", heuristic: "medium", mcts: "very hard" } };
    const el = host();
    shell.createController({ model: m, el }, createView);
    await flush();
    const heads = [...el.querySelectorAll(".nwb-nation h3")].map((h) => h.textContent);
    const bots = m.data.view.nations.filter((n) => n.who !== "human");
    expect(bots.length).toBeGreaterThan(0);
    for (const n of bots) {
      const level = m.data.game_info.bot_levels[n.who];
      expect(heads).toContain(`${n.name} (${n.who} bot, ${level})`);
    }
  });

  /** A board with previews on, its round summary closed, the fixture's purchase clicked:
   * the preview asked of Python (checked), and Python's answer drawn. */
  async function previewed() {
    localStorage.setItem("nw-previews", "true");
    const m = model("actions_3p");
    const el = host();
    shell.createController({ model: m, el }, createView);
    await flush();
    el.querySelector("[data-key='summary-close']").click(); // the round summary first
    await flush();
    const f = m.data.fixture;
    const buy = m.data.legal.find((e) => e.key === f.preview.key);
    [...el.querySelectorAll("[data-key^='move-']")].find((b) => b.dataset.key === `move-${buy.key}`).click();
    expect(m.sent.at(-1)).toMatchObject({ kind: "preview", move: buy.move });
    // Python's answer carries the question's number (the shell matches it by that)
    m.emit("preview", { ...f.preview, move: buy.move, position: m.data.view.position, ask: m.sent.at(-1).ask });
    await flush();
    return { m, el, f, buy };
  }

  it("asks Python for the preview, draws it, and Enter confirms", async () => {
    const { m, el, f, buy } = await previewed();
    const panel = el.querySelector("[data-key='preview']");
    expect(panel.textContent).toContain(f.preview.lines[0]);
    el.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
    await flush();
    expect(m.sent.at(-1)).toEqual({ kind: "move", seat: m.data.view.current, position: m.data.view.position, move: buy.move });
  });

  it("a Confirm in the board's own preview hands the focus to the widget's root before Python answers", async () => {
    // (the preview goes with Python's update: its focused Confirm must not be taken away in
    // the middle of that draw; the board's preview is its own question, view.questions)
    const { m, el, buy } = await previewed();
    const confirm = el.querySelector(".nwb-preview [data-key='preview-confirm']");
    expect(confirm.closest(".nw-preview")).toBeNull(); // the board's question, not the shell's panel
    confirm.focus();
    expect(document.activeElement).toBe(confirm);
    confirm.click();
    expect(m.sent.at(-1)).toEqual({ kind: "move", seat: m.data.view.current, position: m.data.view.position, move: buy.move });
    expect(document.activeElement).toBe(el);
  });

  it("lists the board's shortcuts in the help overlay and its fields in the New game dialog", async () => {
    const m = model("late_5p");
    const el = host();
    shell.createController({ model: m, el }, createView);
    await flush();
    const summaryClose = el.querySelector("[data-key='summary-close']");
    if (summaryClose) summaryClose.click();
    await flush();
    el.dispatchEvent(new KeyboardEvent("keydown", { key: "?", bubbles: true, cancelable: true }));
    await flush();
    expect(el.textContent).toContain("fold or unfold the other nations' boards");
    expect(el.querySelector("[data-key='ng-decks']")).toBeTruthy();
    expect(el.querySelectorAll("[data-key^='ng-difficulty-']").length).toBeGreaterThan(0);
  });

  it("offers Play again at game over, a button Tab reaches, sending every setting but the seed", async () => {
    const m = model("game_over_4p");
    // every board setting away from its default (the fixture's are the defaults), as
    // Python's settings trait has them once the game is over: the seed included
    m.data.settings = {
      ...m.data.settings, difficulty: ["chieftain", "king", "emperor", "prince"],
      sides: ["A", "china-b", "A", "A"], decks: "base+advanced", ages: 2, easier: true,
      bot_delay: 0.5,
    };
    m.data.seats = ["human", "heuristic", "human", "random"];
    const el = host();
    shell.createController({ model: m, el }, createView);
    await flush();
    const again = el.querySelector("[data-key='prompt'] [data-key='play-again']");
    expect(again).toBeTruthy();
    expect(again.tagName).toBe("BUTTON");
    expect(again.disabled).toBe(false);
    expect(again.tabIndex).toBe(0);
    expect(again.textContent).toBe("Play again");
    expect(again.title).toBe("A new game with the same players and settings, and a new seed");
    // drawn with the final scoring and the seed line
    expect(el.querySelector("[data-key='prompt'] [data-key='final']")).toBeTruthy();
    expect(el.querySelector("[data-key='prompt'] [data-key='game-seed']").textContent).toContain(String(m.data.settings.seed));
    again.click();
    expect(m.sent.at(-1)).toEqual({
      kind: "new_game",
      settings: {
        players: 4, difficulty: ["chieftain", "king", "emperor", "prince"],
        sides: ["A", "china-b", "A", "A"], decks: "base+advanced", ages: 2, easier: true,
        bot_delay: 0.5, seats: ["human", "heuristic", "human", "random"], seed: null,
      },
    });
  });

  it("an arrow from the board itself enters the progress board, as the shortcut list promises", async () => {
    const press = (target, k) => target.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
    // growth: a number key answered, the focus on the board itself; no card to buy yet
    const g = model("growth_2p");
    const ge = host();
    shell.createController({ model: g, el: ge }, createView);
    await flush();
    const gHost = ge.querySelector("[data-nw-host]") || ge;
    gHost.focus();
    press(gHost, "ArrowRight");
    const firstName = ge.querySelector(".nwb-progress .nwb-row-cards .nwb-card .nwb-card-name");
    expect(firstName).toBeTruthy();
    expect(document.activeElement).toBe(firstName);
    // actions: the first card the player can buy, then card to card by row and column
    const m = model("actions_3p");
    const el = host();
    shell.createController({ model: m, el }, createView);
    await flush();
    el.querySelector("[data-key='summary-close']").click(); // the round summary first
    await flush();
    const buyable = new Set(m.data.legal.filter((e) => e.group === "buy").map((e) => e.card));
    const cards = [...el.querySelectorAll(".nwb-progress .nwb-row-cards .nwb-card")];
    const first = cards.find((c) => buyable.has(c.getAttribute("data-card")));
    expect(first).toBeTruthy();
    const elHost = el.querySelector("[data-nw-host]") || el;
    elHost.focus();
    press(elHost, "ArrowDown");
    expect(document.activeElement).toBe(first.querySelector(".nwb-card-name"));
    const row = [...first.parentNode.children];
    const next = row[row.indexOf(first) + 1] || row[row.indexOf(first) - 1];
    press(document.activeElement, row[row.indexOf(first) + 1] ? "ArrowRight" : "ArrowLeft");
    expect(document.activeElement).toBe(next.querySelector(".nwb-card-name"));
  });

  it("leaves the history's slider its own arrows", async () => {
    const m = model("late_5p");
    const el = host();
    shell.createController({ model: m, el }, createView);
    await flush();
    const slider = el.querySelector("input[type='range']");
    expect(slider).toBeTruthy();
    slider.focus();
    slider.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", bubbles: true, cancelable: true }));
    expect(document.activeElement).toBe(slider);
  });

  it("puts the shell's Undo in the decision panel (shown by CSS where the columns stack): the history's Undo, with its title", async () => {
    const m = model("mid_4p");
    const el = host();
    shell.createController({ model: m, el }, createView);
    await flush();
    const near = el.querySelector(".nwb-prompt .nw-undo-near [data-key='undo-near']");
    expect(near).toBeTruthy();
    // the same words as the history panel's Undo, and the same intent
    const far = el.querySelector(".nw-history [data-key='undo']");
    expect(near.title).toBe(far.title);
    expect(near.title).toContain(`back to move ${m.data.history.undo_to}`);
    near.click();
    expect(m.sent.at(-1)).toEqual({ kind: "undo" });
    far.click();
    expect(m.sent.at(-1)).toEqual({ kind: "undo" });
  });

  it("offers no Undo beside the decision when Python says nothing can be taken back, and brings it back when it can", async () => {
    const m = model("mid_4p");
    const can = m.data.history;
    m.data.history = { ...can, can_undo: false };
    const el = host();
    shell.createController({ model: m, el }, createView);
    await flush();
    expect(el.querySelector("[data-key='prompt']")).toBeTruthy();
    expect(el.querySelector("[data-key='undo-near']")).toBeNull();
    // the question on screen is the same (its panel is not drawn anew): the Undo follows
    // the history trait alone
    const prompt = el.querySelector("[data-key='prompt']");
    m.emit("history", can);
    await flush();
    expect(el.querySelector("[data-key='prompt']")).toBe(prompt);
    expect(prompt.querySelector("[data-key='undo-near']")).toBeTruthy();
    m.emit("history", { ...can, can_undo: false });
    await flush();
    expect(el.querySelector("[data-key='undo-near']")).toBeNull();
  });

  it("offers no Undo beside the decision while an earlier position is shown", async () => {
    const m = model("mid_4p");
    m.data.history = { ...m.data.history, position: 100 };
    const el = host();
    shell.createController({ model: m, el }, createView);
    await flush();
    expect(el.querySelector("[data-key='back-to-game']")).toBeTruthy();
    expect(el.querySelector("[data-key='undo-near']")).toBeNull();
  });

  it("shows no Play again while the game goes on", async () => {
    const m = model("mid_4p");
    const el = host();
    shell.createController({ model: m, el }, createView);
    await flush();
    expect(el.querySelector("[data-key='prompt']")).toBeTruthy();
    expect(el.querySelector("[data-key='play-again']")).toBeNull();
  });
});
