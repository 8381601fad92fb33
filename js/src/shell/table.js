// The table bar: above a game that is kept at a table (Python's `table` trait, see
// nations_widget/widget/shell/table_mode.py), whose seats are played at several screens.
//
// It says who sits where (you, a player at their own screen, a bot) and whose turn it
// is; on the page that made the table it lists the invite links, each with a Copy
// button, and the spectators' link, each named for what it opens.  On a Voila page it puts
// this screen's own links in the page's address (`#table=...`: the fragment never reaches
// the server), so a reload brings the table back: its seats' links only, never the host's
// (`host_link`), which is kept in this browser's storage alone (an address is what a host
// copies to invite someone: it would hand over the host's powers), and the bar says what
// the address is; names the player's turn in the page's title and marks its tab's icon
// (and, when the player asked, a notification as the turn comes while the page is in the
// background: turnalert.js), and remembers the
// table in this browser's "Continue a game" list (js/src/shell/tablelist.js).
// Python sends nothing another seat may not see: the bar only draws what it is sent.
//
// A table with open seats (New game's "Open: anyone on this server") waits for them: the bar
// says which seats are open and that the table is listed in the app's lobby, and on the
// host's page offers "Start now" with a bot in each seat nobody took (the `start_table`
// intent; Python decides, and refuses in words).
//
// At a table the page says it is there every few seconds (the `presence` intent, at the
// trait's `beat`), and goodbye when it closes (pagehide, beforeunload) or the view goes:
// a kernel outlives a page closed without Voila's unload call, so only the page can tell
// the other screens it has gone (nations_widget/widget/shell/table_mode.py, "Who is there").
//
// A game played at this screen only (hot seat, against bots) is kept too when Python says
// so (the `kept` trait, see nations_widget/widget/shell/keeping.py): its link is remembered
// in the "Continue a game" list and put in the page's address the same way, and nowhere
// else (it is the game's only credential).  When the server cannot keep it, the bar says so
// once, in one line, and the game plays on.

import { h } from "./dom.js";
import { traitValue } from "./traits.js";
import { MAX_NAME_CHARS, cleanName, myName, namesOf, seatLabel, setMyName } from "./names.js";
import { forgetTable, keepInBrowser, keptLink, rememberTable, tableUrl, tokensInHash } from "./tablelist.js";
import { askToNotify, canNotify, createTurnAlert, notifyOn, stopNotifying } from "./turnalert.js";

/** A finished game's end for the "Continue a game" list: {over}, and {winner} ("Player 2",
 * or the seat's name at table `T`) when the view names one. */
function ended(view, T) {
  const winner = view && view.winner;
  if (!Number.isInteger(winner) || winner < 0) return { over: true };
  return { over: true, winner: namesOf(T)[winner] || seatLabel(winner) };
}

/** Whose turn it is, for the "Continue a game" list: a table's from its trait `T`, a game
 * of this screen's from the view (`human_turn`, `current`) and the seats; a finished
 * game's winner from the view. */
export function turnNow(T, view, seats) {
  if (T && T.id) {
    if (T.over) return ended(view, T);
    if (T.my_turn) return { mine: true };
    if (T.waiting) return { waiting: true };
    const seat = (T.seats || []).find((s) => s.seat === T.to_play);
    return seat ? { name: seat.name, bot: seat.who === "bot" } : null;
  }
  const v = view || {};
  if (v.human_turn === true) return { mine: true };
  if (typeof v.current === "number") {
    const who = (seats || [])[v.current];
    return { name: `Player ${v.current + 1}`, bot: who !== "human" && who !== "remote" };
  }
  return v.step === "game_over" || v.over === true ? ended(v) : null;
}

/** The page title's mark while it is this screen's turn. */
export const YOUR_TURN = "Your turn · ";

function isVoila(doc) {
  return Boolean(doc && doc.body && doc.body.dataset.voila !== undefined);
}

/** What a seat's line says: "Player 2: you", "...: at their own screen", "...: random bot". */
export function seatWords(s, T) {
  if (s.who === "here") return "you (this screen)";
  if (T && T.waiting && (T.open || []).includes(s.seat)) return "open: anyone on this server may take it";
  if (s.who === "bot") return `${s.bot} bot`;
  if (s.connected === true) return "a player at their own screen, connected";
  if (s.connected === false) return "a player at their own screen, not connected now";
  return "a player at their own screen";
}

/** The bar's status line. */
export function statusWords(T) {
  if (T.over) return "The game is over.";
  if (T.waiting) return "Waiting for players at the open seats.";
  if (T.my_turn) return "Your turn.";
  const seat = (T.seats || []).find((s) => s.seat === T.to_play);
  if (!seat) return "Waiting.";
  return seat.who === "bot" ? `${seat.name}'s bot (${seat.bot}) is to play.` : `Waiting for ${seat.name}.`;
}

async function copy(text, button) {
  let done = false;
  try {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      await navigator.clipboard.writeText(text);
      done = true;
    }
  } catch {
    done = false;
  }
  if (!done) {
    // no clipboard API (a page over plain http): select the link for Ctrl+C
    const input = button.parentElement && button.parentElement.querySelector("input");
    if (input) input.select();
  }
  button.textContent = done ? "Copied" : "Press Ctrl+C";
  setTimeout(() => {
    button.textContent = "Copy";
  }, 2000);
}

function linkRow(label, what, url, key) {
  const button = h("button", { type: "button", class: "nw-btn nw-table-copy", dataset: { key: `copy-${key}` }, "aria-label": `Copy ${label}`, onclick: () => copy(url, button) }, "Copy");
  return h("li", { class: "nw-table-link" },
    h("span", { class: "nw-table-link-name" }, h("strong", {}, label), h("span", { class: "nw-table-link-what" }, what)),
    h("input", { type: "text", readonly: true, value: url, "aria-label": label, dataset: { key: `link-${key}` }, onfocus: (e) => e.target.select() }),
    button);
}

/** What table `T` calls `seat`: its player's chosen name, else "Player 2". */
export function seatCalled(T, seat) {
  return namesOf(T)[seat] || seatLabel(seat);
}

/** What this page's address is, at table `T`, in words (null: no link in it). */
export function addressWords(T) {
  const mine = (T.mine || []).map((s) => seatCalled(T, s));
  const host = typeof T.host_link === "string" && T.host_link !== "";
  if (!mine.length) {
    if (T.role === "spectator") return "This page's address is the spectators' link: it only watches.";
    return host ? "Your host link (it hands seats to bots) is kept in this browser only, not in the page's address: come back to this table from Continue a game." : null;
  }
  const seats = mine.length > 1 ? `${mine.join(" and ")}'s seat links` : `${mine[0]}'s seat link`;
  return `This page's address is your own link (${seats}): it is your seat, so give it to nobody.${host ? " Your host link stays in this browser only; it is not in the address." : ""}`;
}

/** The line that says a game of this screen is not being kept (`K`: the `kept` trait). */
export function notKeptLine(K) {
  return h("p", { class: "nw-table-unkept", role: "status", dataset: { key: "not-kept" } },
    h("strong", {}, "This game is not being kept"), `: ${K.message || "the server cannot store it"}. If this page closes or reloads, the game is lost; Save keeps it in a file.`);
}

/** The "Your name" form of a page holding one seat: the name this browser's player chose
 * (kept in this browser, sent to the table); `send(name)` sends it (null: "Player N"
 * again).  Python cleans it or refuses it in words (the bar's error line). */
export function nameForm(send) {
  const input = h("input", { type: "text", class: "nw-table-name-input", value: myName() || "", maxlength: String(MAX_NAME_CHARS * 4), autocomplete: "nickname", spellcheck: "false", dataset: { key: "my-name" }, "aria-describedby": "nw-table-name-help" });
  const help = h("span", { id: "nw-table-name-help", class: "nw-table-name-help" }, `What the other players see for your seat, at every table (at most ${MAX_NAME_CHARS} characters; empty: your seat's number).`);
  const form = h("form", {
    class: "nw-table-name", dataset: { key: "name-form" }, onsubmit: (e) => {
      e.preventDefault();
      const typed = input.value.trim();
      // kept in this browser once it is a name (a refused one leaves the last name kept)
      const kept = typed === "" ? setMyName(null) : cleanName(typed) ? setMyName(typed) : null;
      if (kept !== null) input.value = kept;
      send(typed === "" ? null : typed);
    },
  }, h("label", {}, h("span", {}, "Your name"), input), h("button", { type: "submit", class: "nw-btn", dataset: { key: "name-save" } }, "Save"), help);
  return { form, input, setPlaceholder: (text) => input.setAttribute("placeholder", text) };
}

/** The names form of a page holding several seats (friends at one screen, a host who
 * plays two seats): one field per seat, each the name of that seat's player (not this
 * browser's player's name: they are different people), sent with the seat (`send(name,
 * seat)`; null: "Player N" again).  Made once; `sync(T)` brings its fields to table `T`'s
 * seats, leaving alone a field being edited.  Python cleans each name or refuses it in
 * words (the bar's error line). */
export function seatsNameForm(send) {
  let fields = []; // [{seat, input, edited}]
  const rows = h("div", { class: "nw-table-seat-names" });
  const form = h("form", {
    class: "nw-table-name nw-table-names", dataset: { key: "names-form" }, onsubmit: (e) => {
      e.preventDefault();
      for (const f of fields) {
        if (!f.edited) continue;
        f.edited = false;
        const typed = f.input.value.trim();
        send(typed === "" ? null : typed, f.seat);
      }
    },
  }, h("span", { class: "nw-table-names-title" }, "Names at this screen"), rows,
  h("button", { type: "submit", class: "nw-btn", dataset: { key: "names-save" } }, "Save"),
  h("span", { class: "nw-table-name-help" }, `What every screen shows for each seat played here (at most ${MAX_NAME_CHARS} characters; empty: the seat's number).`));
  function sync(T) {
    const mine = T.mine || [];
    if (fields.map((f) => f.seat).join(",") !== mine.join(",")) {
      fields = mine.map((seat) => {
        const input = h("input", { type: "text", class: "nw-table-name-input", maxlength: String(MAX_NAME_CHARS * 4), autocomplete: "off", spellcheck: "false", placeholder: seatLabel(seat), dataset: { key: `seat-name-input-${seat}` }, "aria-label": `Name of ${seatLabel(seat)}'s player` });
        const f = { seat, input, edited: false };
        input.addEventListener("input", () => {
          f.edited = true;
        });
        return f;
      });
      rows.replaceChildren(...fields.map((f) => h("label", {}, h("span", {}, seatLabel(f.seat)), f.input)));
    }
    const names = namesOf(T);
    for (const f of fields) {
      if (!f.edited) f.input.value = names[f.seat] || "";
    }
  }
  return { form, sync, inputs: () => fields.map((f) => f.input) };
}

/** The lines of a table waiting for its open seats (null: it does not wait); on the
 * host's page (`T.start_bots`) "Start now" with a bot in each seat nobody took, sent by
 * `send` ({kind: "start_table", bot}). */
export function waitingPart(T, send) {
  if (!T.waiting) return null;
  const free = (T.open || []).map((s) => seatLabel(s));
  const seats = free.length > 1 ? `${free.slice(0, -1).join(", ")} and ${free[free.length - 1]} are` : `${free[0] || "A seat"} is`;
  const bots = Array.isArray(T.start_bots) ? T.start_bots : [];
  let start = null;
  if (bots.length && send) {
    const pick = h("select", { dataset: { key: "start-bot" }, "aria-label": "Bot for the seats nobody took" },
      bots.map((b, i) => h("option", { value: b, selected: i === 0 }, `Bot: ${b}`)));
    start = h("div", { class: "nw-table-start" },
      h("button", { type: "button", class: "nw-btn", dataset: { key: "start-now" }, onclick: () => send({ kind: "start_table", bot: pick.value }) }, "Start now"),
      h("span", {}, " with "), pick, h("span", { class: "nw-table-start-help" }, " in each open seat nobody took."));
  }
  return h("div", { class: "nw-table-waiting", dataset: { key: "table-waiting" } },
    h("p", {}, `${seats} open to anyone on this server: the table is listed under “Open tables” on the app's first page. The game starts when every open seat is taken${bots.length ? ", or when you start it now" : ", or when the host starts it"}.`),
    start);
}

/** The chat's form of a page (made once: what is being typed survives the bar's redraws);
 * `send(text)` sends a line.  Python cleans it or refuses it in words. */
export function chatForm(send) {
  const input = h("input", { type: "text", class: "nw-chat-input", maxlength: "1200", autocomplete: "off", spellcheck: "true", dataset: { key: "chat-input" }, placeholder: "Write to the table…", "aria-label": "Write in the table's chat (at most 300 characters)" });
  const form = h("form", {
    class: "nw-chat-form", dataset: { key: "chat-form" }, onsubmit: (e) => {
      e.preventDefault();
      if (input.value.trim() === "") return;
      send(input.value);
      input.value = "";
    },
  }, input, h("button", { type: "submit", class: "nw-btn", dataset: { key: "chat-send" } }, "Send"));
  return { form, input };
}

/** The table's chat (`T.chat`): its lines (names and text as text nodes, never markup),
 * each with the move it was written at; the form for a seat, a line for a spectator; the
 * host's switch.  Null when Python sent no chat. */
export function chatPart(T, chatting, send) {
  const C = T.chat;
  if (!C || !Array.isArray(C.lines)) return null;
  const lines = C.lines.map((l) => (l.kind === "line"
    ? h("li", { class: "nw-chat-line", dataset: { n: l.n, seat: l.seat } },
      h("span", { class: `nw-swatch nw-seat-${l.seat}`, "aria-hidden": "true" }),
      h("strong", { class: "nw-chat-name" }, l.name || seatLabel(l.seat)),
      h("span", { class: "nw-chat-move" }, ` move ${l.move}`),
      h("span", { class: "nw-chat-text" }, ` ${l.text}`))
    : h("li", { class: "nw-chat-line nw-chat-switch", dataset: { n: l.n } }, l.kind === "off" ? "The host turned the chat off." : "The host turned the chat on.")));
  let writing = null;
  if (C.can_write && chatting) writing = chatting.form;
  else if (C.off) writing = h("p", { class: "nw-chat-note", dataset: { key: "chat-off" } }, "The chat is off: the host turned it off.");
  else if (T.role === "spectator") writing = h("p", { class: "nw-chat-note", dataset: { key: "chat-read-only" } }, "You are watching: you read the chat, and the players write in it.");
  const toggle = C.can_switch && send
    ? h("button", { type: "button", class: "nw-btn nw-chat-toggle", dataset: { key: "chat-switch" }, onclick: () => send({ kind: "chat_switch", on: Boolean(C.off) }) }, C.off ? "Turn the chat on" : "Turn the chat off")
    : null;
  return h("details", { class: "nw-chat", open: true, dataset: { key: "chat" } },
    h("summary", {}, `Table chat${C.lines.length ? ` (${C.lines.filter((l) => l.kind === "line").length})` : ""}`),
    lines.length ? h("ol", { class: "nw-chat-lines", "aria-live": "polite", dataset: { key: "chat-lines" } }, lines) : h("p", { class: "nw-chat-note" }, "No message yet."),
    writing, toggle);
}

/** Draw the bar for table `T` (the trait's value; `{}`: no table) into `el`; `K`: the
 * `kept` trait of a game of this screen (its line when it is not kept); `naming`: the
 * "Your name" form (nameForm), shown when this screen holds one seat, and its `several`
 * (seatsNameForm), when it holds more; `send`: sends an
 * intent (the host's "Start now"). */
/** "Tell me when it's my turn" (a player's seat on an app page, while the game runs): the
 * browser's notification as the turn comes while the page is in the background
 * (turnalert.js); `notifying`: {shown, note, redraw} kept by the bar. */
function notifyPart(T, notifying) {
  if (!notifying || !notifying.shown || T.role !== "seat" || T.over || !canNotify()) return null;
  const on = notifyOn();
  return h("p", { class: "nw-table-notify", dataset: { key: "table-notify" } },
    on ? "You are told when it is your turn while this page is in the background. " : null,
    h("button", {
      type: "button", class: "nw-btn", dataset: { key: on ? "notify-off" : "notify-on" },
      onclick: async () => {
        if (on) {
          stopNotifying();
          notifying.note = "";
        } else {
          notifying.note = await askToNotify();
        }
        notifying.redraw();
      },
    }, on ? "Stop telling me" : "Tell me when it's my turn"),
    notifying.note ? h("span", { class: "nw-table-notify-note", role: "status" }, ` ${notifying.note}`) : null);
}

export function drawTableBar(T, el, links, loc, K, naming, send, chatting, notifying) {
  if (!T || !T.id) {
    if (K && K.status === "off") {
      el.hidden = false;
      el.replaceChildren(notKeptLine(K));
      return;
    }
    el.replaceChildren();
    el.hidden = true;
    return;
  }
  el.hidden = false;
  const seats = (T.seats || []).map((s) => h("li", { class: `nw-table-seat${s.seat === T.to_play && !T.over && !T.waiting ? " nw-table-to-play" : ""}`, dataset: { seat: s.seat, who: s.who } },
    h("span", { class: `nw-swatch nw-seat-${s.seat}`, "aria-hidden": "true" }),
    // a name is text: a text node, never markup; the seat's number beside it (names may repeat)
    h("span", { class: "nw-table-seat-text" },
      h("strong", { class: "nw-table-seat-name", dataset: { key: `seat-name-${s.seat}` } }, s.name),
      s.named && s.label ? h("span", { class: "nw-table-seat-label" }, ` (${s.label})`) : null, `: ${seatWords(s, T)}`),
    s.seat === T.to_play && !T.over && !T.waiting ? h("span", { class: "nw-table-badge" }, "to play") : null));
  const invite = [];
  if (links && links.seats && Object.keys(links.seats).length) {
    const url = (token) => (loc ? tableUrl(loc, [token]) : `table_widget("#table=${token}")`);
    invite.push(h("div", { class: "nw-table-invite" },
      h("p", {}, "Send each invited player their own seat link (it is their seat: give it to nobody else). They open it in their browser and sit at that seat. The spectators' link only watches."),
      h("ul", {}, Object.entries(links.seats).map(([seat, token]) => linkRow(`${seatCalled(T, Number(seat))}'s seat link`, "plays that seat: send it to that player only", url(token), `seat-${seat}`)),
        links.spectator ? linkRow("Spectators' link", "watches the table, plays nothing: for anyone", url(links.spectator), "spectator") : null)));
  }
  const where = loc ? addressWords(T) : null;
  el.replaceChildren(h("section", { class: "nw-panel nw-table", "aria-label": "Table", dataset: { table: T.id, role: T.role } },
    h("h3", {}, "Table"),
    h("p", { class: `nw-table-status${T.my_turn ? " nw-table-mine" : ""}`, role: "status", dataset: { key: "table-status" } }, statusWords(T)),
    notifyPart(T, notifying),
    h("ul", { class: "nw-table-seats" }, seats),
    waitingPart(T, send),
    naming && T.role === "seat" && (T.mine || []).length === 1 ? naming.form : null,
    naming && naming.several && T.role === "seat" && (T.mine || []).length > 1 ? naming.several.form : null,
    chatPart(T, chatting, send),
    invite,
    where ? h("p", { class: "nw-table-address", dataset: { key: "table-address" } }, where) : null,
    h("p", { class: "nw-table-kept" }, T.role === "spectator" ? "You are watching: the table shows what every player may see." : "Every move is kept: close this page or reload it, and the same link brings the table back.")));
}

/** The bar of one widget view (`el`: its element); returns {draw, destroy}. */
export function mountTableBar(model, el) {
  const doc = el.ownerDocument;
  const loc = isVoila(doc) && typeof window !== "undefined" ? window.location : null;
  let baseTitle = doc ? doc.title : "";
  let wasMine = false;
  // the tab's mark and the notification as this screen's turn comes (app pages only)
  const alert = createTurnAlert(doc);
  const notifying = { shown: isVoila(doc), note: "", redraw: () => draw() };
  let keptToken = null; // the link of the kept game last put in the address
  let keptId = null; // the id of the game kept in this browser last put in the address
  let sentName = null; // the table and name last sent on its own (not asked by the form)
  const sendName = (name) => {
    try {
      model.send({ kind: "name", name });
    } catch {
      // the kernel's connection is gone: the name goes with the next page
    }
  };
  const several = seatsNameForm((name, seat) => {
    try {
      model.send({ kind: "name", name, seat });
    } catch {
      // the kernel's connection is gone: the page's notice says so
    }
  });
  const naming = { ...nameForm(sendName), send: sendName, several };
  const chatting = chatForm((text) => {
    try {
      model.send({ kind: "chat", text });
    } catch {
      // the kernel's connection is gone: the page's notice says so
    }
  });
  const address = (tokens) => {
    if (loc && typeof history !== "undefined" && tokensInHash(loc.hash).join(",") !== tokens.join(",")) {
      history.replaceState(history.state, "", tokens.length ? `#table=${tokens.join(",")}` : `${loc.pathname}${loc.search}`);
    }
  };
  // a game kept in this browser: its id in the address (`#kept=`), so a reload brings it
  const addressKept = (id) => {
    if (loc && typeof history !== "undefined" && keptLink(loc.hash) !== id) {
      history.replaceState(history.state, "", id ? `#kept=${id}` : `${loc.pathname}${loc.search}`);
    }
  };
  function draw() {
    const T = traitValue(model, "table") || {};
    let K = traitValue(model, "kept") || {};
    let links = T.links || null;
    const host = typeof T.host_link === "string" && T.host_link ? T.host_link : null;
    if (T.id && Array.isArray(T.tokens) && (T.tokens.length || host)) {
      // the host's link: this browser's storage only, never the address
      const entry = rememberTable({ id: T.id, kind: T.kind, tokens: T.tokens, host, mine: T.mine, role: T.role, links, names: namesOf(T), turn: turnNow(T, traitValue(model, "view")) });
      links = links || entry.links;
      address(T.tokens);
    } else if (K.status === "kept" && K.id && K.token) {
      rememberTable({ id: K.id, kind: K.kind, tokens: [K.token], mine: [], role: "kept", summary: K.summary, links: null, turn: turnNow(null, traitValue(model, "view"), model.get("seats")) });
      address([K.token]);
      keptToken = K.token;
    } else if (!T.id && K.status === "browser" && K.id) {
      if (keepInBrowser(K, turnNow(null, traitValue(model, "view"), model.get("seats")))) {
        addressKept(K.id);
        keptId = K.id;
      } else K = { status: "off", message: "this browser refused to store it (its storage is full, or turned off for this site)" };
    } else if (keptToken && loc && tokensInHash(loc.hash).join(",") === keptToken) {
      address([]); // a new game, not kept before its first move: a reload must not bring the last one back
      keptToken = null;
    } else if (keptId && loc && keptLink(loc.hash) === keptId) {
      addressKept(null); // the same for a game kept in this browser
      keptId = null;
    }
    // forgotten in another tab (deleted from the server): off this browser's list too (this
    // page's last moves put it back before the server said so)
    if (!T.id && K.status === "off" && K.gone === true && typeof K.id === "string") forgetTable(K.id);
    const one = T.id && T.role === "seat" && (T.mine || []).length === 1 ? T.mine[0] : null;
    if (one !== null) {
      naming.setPlaceholder(seatLabel(one));
      // this browser's player's name goes to every table it sits at, once per table and name
      const wanted = myName();
      const seat = (T.seats || []).find((s) => s.seat === one);
      const key = `${T.id}|${wanted}`;
      if (wanted && seat && seat.name !== wanted && sentName !== key) {
        sentName = key;
        naming.send(wanted);
      }
    }
    // what is being typed stays where it is (the bar is drawn anew with every move)
    if (T.id && T.role === "seat" && (T.mine || []).length > 1) several.sync(T);
    const active = doc && [naming.input, chatting.input, ...several.inputs()].includes(doc.activeElement) ? doc.activeElement : null;
    const typing = Boolean(active);
    const caret = typing ? [active.selectionStart, active.selectionEnd] : null;
    drawTableBar(T, el, links, loc, K, naming, (intent) => {
      try {
        model.send(intent);
      } catch {
        // the kernel's connection is gone: the page's notice says so
      }
    }, chatting, notifying);
    if (typing && active.isConnected) {
      active.focus();
      if (caret) active.setSelectionRange(caret[0], caret[1]);
    }
    if (isVoila(doc)) {
      const mine = Boolean(T.id && T.my_turn);
      const title = doc.title.startsWith(YOUR_TURN) ? doc.title.slice(YOUR_TURN.length) : doc.title;
      if (!wasMine) baseTitle = title;
      doc.title = mine ? `${YOUR_TURN}${baseTitle}` : title;
      alert.turn(mine, mine && !wasMine, {
        title: "Your turn in Nations",
        body: `${baseTitle || "Nations"}: the other players have moved; it is your turn.`,
        tag: `nations-turn-${T.id}`,
      });
      wasMine = mine;
    }
  }
  // a game of this screen: each move it is last played now, and whose turn it is changes
  // (a table's trait changes with every move already)
  function played() {
    const T = traitValue(model, "table") || {};
    const K = traitValue(model, "kept") || {};
    if (!T.id && K.status === "kept" && K.id && K.token) {
      rememberTable({ id: K.id, kind: K.kind, tokens: [K.token], mine: [], role: "kept", summary: K.summary, links: null, turn: turnNow(null, traitValue(model, "view"), model.get("seats")) });
    }
  }
  const presence = pagePresence(model, doc);
  model.on("change:table", draw);
  model.on("change:table", presence.follow);
  model.on("change:kept", draw);
  model.on("change:history", played);
  draw();
  presence.follow();
  return {
    draw,
    destroy() {
      model.off("change:table", draw);
      model.off("change:table", presence.follow);
      model.off("change:kept", draw);
      model.off("change:history", played);
      presence.stop(true);
      alert.destroy();
    },
  };
}

/** While the widget sits at a table: say "here" every `beat` seconds, whenever the kernel
 * asks (its `presence?` message: a background tab's timers are slowed, its messages are
 * not, so this is what keeps a background page connected), and at once when the tab is
 * shown again; goodbye when the page closes.  Returns {follow, stop}: `follow()`
 * starts or stops with the `table` trait, `stop(goodbye)` ends it.
 *
 * A beat from a hidden tab says so, but hiding itself says nothing at once: a closing page
 * turns hidden first, and a "here, hidden" then, without the goodbye reaching the kernel,
 * kept a closed page connected for 90 s (measured in the app, when a hidden page had a
 * longer grace). */
export function pagePresence(model, doc) {
  const win = doc && doc.defaultView;
  let timer = null;
  const hidden = () => Boolean(doc && doc.hidden);
  const say = (here) => {
    try {
      model.send(here ? { kind: "presence", here: true, hidden: hidden() } : { kind: "presence", here: false });
    } catch {
      // the kernel's connection is already gone: nothing to tell
    }
  };
  const here = () => say(true);
  const shown = () => {
    if (!hidden()) here();
  };
  const leave = () => {
    if (timer !== null) say(false);
  };
  const asked = (msg) => {
    if (timer !== null && msg && msg.kind === "presence?") here();
  };
  function stop(goodbye) {
    if (timer === null) return;
    if (goodbye) say(false);
    clearInterval(timer);
    timer = null;
    model.off("msg:custom", asked);
    if (doc) doc.removeEventListener("visibilitychange", shown);
    if (win) {
      win.removeEventListener("pagehide", leave);
      win.removeEventListener("beforeunload", leave);
    }
  }
  function follow() {
    const T = traitValue(model, "table") || {};
    if (!T.id) {
      stop(false);
      return;
    }
    if (timer !== null) return;
    const beat = Number(T.beat) > 0 ? Number(T.beat) : 2;
    timer = setInterval(here, beat * 1000);
    model.on("msg:custom", asked);
    if (doc) doc.addEventListener("visibilitychange", shown);
    if (win) {
      win.addEventListener("pagehide", leave);
      win.addEventListener("beforeunload", leave);
    }
    here();
  }
  return { follow, stop };
}
