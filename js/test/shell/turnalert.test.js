// The tab's mark and the notification as a shared table's turn comes (turnalert.js).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NOTIFY_KEY, TURN_ICON, askToNotify, createTurnAlert, notifyOn, stopNotifying } from "../../src/shell/turnalert.js";

const words = { title: "Your turn in Nations", body: "it is your turn", tag: "nations-turn-t1" };

function fakeNotification(permission = "granted", answer = "granted") {
  const made = [];
  class Note {
    constructor(title, options) {
      this.title = title;
      this.options = options;
      this.closed = false;
      made.push(this);
    }
    close() { this.closed = true; }
  }
  Note.permission = permission;
  Note.requestPermission = vi.fn(async () => { Note.permission = answer; return answer; });
  window.Notification = Note;
  return made;
}

function hidden(on) {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => on });
}

describe("the turn's alert", () => {
  beforeEach(() => {
    localStorage.clear();
    document.head.replaceChildren();
    hidden(false);
  });
  afterEach(() => {
    delete window.Notification;
    hidden(false);
  });

  it("marks the tab's icon while it is this screen's turn and puts the page's own back", () => {
    const own = document.createElement("link");
    own.rel = "icon";
    own.href = "favicon.ico";
    document.head.appendChild(own);
    const alert = createTurnAlert(document);
    alert.turn(true, true, words);
    expect(own.getAttribute("href")).toBe(TURN_ICON);
    alert.turn(false, false, words);
    expect(own.getAttribute("href")).toBe("favicon.ico");
    alert.turn(true, true, words);
    alert.destroy();
    expect(own.getAttribute("href")).toBe("favicon.ico");
  });

  it("adds an icon when the page has none, and takes it away after", () => {
    const alert = createTurnAlert(document);
    alert.turn(true, true, words);
    expect(document.head.querySelector('link[rel="icon"]').getAttribute("href")).toBe(TURN_ICON);
    alert.turn(false, false, words);
    expect(document.head.querySelector('link[rel="icon"]')).toBeNull();
  });

  it("notifies only as the turn comes, the page hidden, when the player asked and the browser allows", async () => {
    const made = fakeNotification("default", "granted");
    const alert = createTurnAlert(document);
    hidden(true);
    expect(alert.turn(true, true, words)).toBeNull(); // not asked for yet
    expect(await askToNotify()).toBe("");
    expect(localStorage.getItem(NOTIFY_KEY)).toBe("on");
    expect(notifyOn()).toBe(true);
    const note = alert.turn(true, true, words);
    expect(made).toHaveLength(1);
    expect(note.title).toBe(words.title);
    expect(note.options).toEqual({ body: words.body, tag: words.tag });
    alert.turn(true, false, words); // still this screen's turn: no second notification
    hidden(false);
    alert.turn(true, true, words); // the page in view: the player sees it already
    expect(made).toHaveLength(1);
    stopNotifying();
    hidden(true);
    alert.turn(true, true, words);
    expect(made).toHaveLength(1);
  });

  it("says in words when the browser refuses, and keeps nothing", async () => {
    fakeNotification("default", "denied");
    expect(await askToNotify()).toMatch(/blocks notifications/);
    expect(localStorage.getItem(NOTIFY_KEY)).toBeNull();
    expect(notifyOn()).toBe(false);
    delete window.Notification;
    expect(await askToNotify()).toMatch(/cannot show notifications/);
  });
});
