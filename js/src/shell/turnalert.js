// Your turn, when you are away (issue 31, section 5): at a shared table played over hours or
// days, the page marks its tab while it is this screen's turn (the table bar puts "Your
// turn · " in the title; here the tab's icon gets a mark too), and, when the player asked
// for it, the browser shows a notification as the turn comes while the page is in the
// background. Voila pages only (the app owns its page; a notebook's page is JupyterLab's).
// What it says is what the table trait says (`my_turn`): Python decides whose turn it is.
import { browserStorage } from "./storage.js";

/** This browser's choice, kept in its storage: "on" once the player asked to be told. */
export const NOTIFY_KEY = "nations-notify";

/** The tab's icon while it is this screen's turn: the app's die with a gold mark. */
export const TURN_ICON = "data:image/svg+xml," + encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
  '<rect x="2" y="6" width="24" height="24" rx="5" fill="#1f6f50"/>' +
  '<circle cx="9" cy="13" r="2.6" fill="#fff"/><circle cx="19" cy="23" r="2.6" fill="#fff"/>' +
  '<circle cx="24" cy="8" r="7" fill="#e6b422" stroke="#fff" stroke-width="2"/></svg>');

/** Whether this browser can show notifications at all. */
export function canNotify(win = typeof window !== "undefined" ? window : undefined) {
  return Boolean(win && typeof win.Notification === "function");
}

/** Whether the player asked to be told of their turn (and the browser still allows it). */
export function notifyOn(win = typeof window !== "undefined" ? window : undefined) {
  const store = browserStorage();
  let wanted = false;
  try {
    wanted = Boolean(store) && store.getItem(NOTIFY_KEY) === "on";
  } catch {
    wanted = false;
  }
  return wanted && canNotify(win) && win.Notification.permission === "granted";
}

function remember(on) {
  const store = browserStorage();
  try {
    if (store) on ? store.setItem(NOTIFY_KEY, "on") : store.removeItem(NOTIFY_KEY);
  } catch {
    // storage refused (a private window's quota): the choice lasts for this page only
  }
}

/** Ask the browser (from the player's click) and keep the choice; resolves to the words
 * the control shows next. */
export async function askToNotify(win = typeof window !== "undefined" ? window : undefined) {
  if (!canNotify(win)) return "This browser cannot show notifications.";
  let permission = win.Notification.permission;
  if (permission === "default") {
    try {
      permission = await win.Notification.requestPermission();
    } catch {
      permission = "denied";
    }
  }
  if (permission !== "granted") {
    remember(false);
    return "The browser blocks notifications for this site: allow them in its site settings to be told.";
  }
  remember(true);
  return "";
}

/** Stop telling: the choice is forgotten (the browser's permission stays as it is). */
export function stopNotifying() {
  remember(false);
}

/** The tab of document `doc`: its icon marked while it is this screen's turn, and a
 * notification as a turn comes while the page is hidden (when the player asked for it). */
export function createTurnAlert(doc) {
  const win = doc && doc.defaultView;
  let link = null; // the icon link this alert put in the page, or changed
  let before = null; // that link's own href before, to restore (null: the alert made it)
  function mark(on) {
    if (!doc || !doc.head) return;
    if (on && !link) {
      link = doc.head.querySelector('link[rel~="icon"]');
      if (link) before = link.getAttribute("href");
      else {
        link = doc.createElement("link");
        link.rel = "icon";
        doc.head.appendChild(link);
      }
      link.setAttribute("href", TURN_ICON);
    } else if (!on && link) {
      if (before !== null) link.setAttribute("href", before);
      else link.remove();
      link = null;
      before = null;
    }
  }
  return {
    /** It is (`mine`) or is not this screen's turn; `began`: it has just become so. */
    turn(mine, began, words) {
      mark(mine);
      if (!(began && doc && doc.hidden && notifyOn(win))) return null;
      try {
        const note = new win.Notification(words.title, { body: words.body, tag: words.tag });
        note.onclick = () => {
          try {
            win.focus();
          } catch {
            // (a browser that does not let a page take the focus)
          }
          note.close();
        };
        return note;
      } catch {
        return null; // (a browser that shows notifications only from a service worker)
      }
    },
    destroy() {
      mark(false);
    },
  };
}
