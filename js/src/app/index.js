// The app's game chooser (nations_widget/static/app.js and app.css): the widget above the
// games in notebooks/play.ipynb (Python: nations_widget/widget/app.py, GameChooser).
//
// Python sends the games (`games`: [{key, title, short, line}]) and the game shown
// (`game`, "" before a choice); a click sends the intent {kind: "choose", game}, and
// Python decides (an unknown game is refused).  Before a choice the page shows one
// large button per game with its line; once a game is shown, a bar of small buttons
// switches between them (the game's own table already names it).  On a Voila page
// (body[data-voila]) the page's title names the game shown; in JupyterLab the title is
// the notebook's and is left alone.
//
// Tables (js/src/shell/table.js): a page whose address ends in `#table=<link>` sends the
// links to Python ({kind: "join", tokens}, with the host's link when this browser keeps
// that table with it), which seats this screen at that table, or says in `link_error` why
// not (a link the store does not know: a table removed, a link mistyped to the right
// length).  A `#table=` the page cannot use itself (empty, cut short, mistyped, too long:
// tablelist.js' tableLink) is sent nowhere.  Either way the page says so in words above the
// choice of game, and nothing is started: a page whose address asks for a game
// (`?game=dice`, Python's `asked`) opens it with a `choose` only when its address holds
// no `#table=` at all.  Before a choice, "Continue a game" lists the tables this
// browser sat at (js/src/shell/tablelist.js: kept in localStorage, which belongs to this
// site's address alone); Continue sends their links the same way.  Forget asks first, then
// takes the entry off the list; for a game of this screen alone it also sends {kind:
// "forget", tokens: [link]}, and Python deletes the game from the server.  Each entry says
// whose turn it is: for the shared tables Python reads the store ({kind: "turns", tables:
// [{id, tokens}]}, the `turns` trait, kept live with the lobby's list: nations_widget/
// widget/turns.py), else what this browser saw when it last showed the table.
//
// The lobby: before a choice the page asks Python once for this server's open tables
// ({kind: "lobby", watch: true}); Python keeps the `lobby` trait live ({tables: [{id, game,
// players, variant, seats: [{seat, who, name, bot, label}], free, listed}], idle_minutes,
// error}).  Each free seat is a button that sends {kind: "sit", table, seat}: Python takes
// the seat (one visitor per seat) and shows the table, or says in `error` why not.  Names
// are drawn as text (h()), never markup.
//
// In the browser (the static site: Python's `in_browser`, no server behind the page): the
// page opens `?game=` itself (a choose, once its address holds no link); games are kept in
// this browser's storage (role "browser" in tablelist.js): Continue, or an address whose
// fragment says `#kept=<id>`, sends {kind: "resume", game, id, text} with the game's save
// text, and Python loads it or says in `link_error` why not; and where a served app lists
// its open tables, the page says that shared tables need a server (the lobby's `server`
// false), with no error's look.
import "./app.css";
import { h } from "../shell/dom.js";
import { forgetTable, keptLink, keptSave, LINK_PROBLEMS, linksOf, rememberedTables, seatNameOf, tableLink, tableUrl, turnWords, withHostLink } from "../shell/tablelist.js";

/** The page's title before a game is chosen. */
export const APP_TITLE = "Nations";

/** The page title for the game `key` of `games` (APP_TITLE when none). */
export function titleFor(games, key) {
  const game = (games || []).find((g) => g.key === key);
  return game ? game.title : APP_TITLE;
}

function when(ms) {
  try {
    return new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  } catch {
    return "";
  }
}

/** Who this browser plays at a remembered table: a spectator, its seats, the host, or for
 * a game played at this screen alone (hot seat, against bots) who plays it. */
export function whoPlays(t) {
  if (t.role === "kept" || t.role === "browser") return typeof t.summary === "string" && t.summary ? t.summary.slice(0, 80) : "played here";
  if (t.role === "spectator") return "watching";
  return (t.mine || []).map((s) => seatNameOf(t, s)).join(", ") || "host";
}

/** What Forget does to a remembered game, in the confirm step's words: a game of this
 * screen alone (role "kept": its one link is this browser's) is deleted from the server; a
 * shared table stays there for its other players. */
export function forgetWords(t) {
  if (t.role === "browser") return { ask: "Forget this game?", says: "It is deleted from this browser and cannot be brought back.", button: "Forget it" };
  return t.role === "kept"
    ? { ask: "Forget this game?", says: "It is deleted from the server and cannot be brought back.", button: "Forget it" }
    : { ask: "Forget this table?", says: "It is taken off this browser's list only: other players still sit at it, so it stays on the server, and its link still opens it.", button: "Forget it" };
}

// the entry whose Forget waits for its confirm step, per chooser element
const asking = new WeakMap();
// the chooser elements whose page has asked for the lobby's list
const lobbyAsked = new WeakSet();
// ... and for whose turn it is at the shared tables it remembers
const turnsAsked = new WeakSet();

/** The remembered shared tables Python is asked about (ids and this browser's links; a
 * game of this screen alone is always its turn until it ends), at most 20, newest first. */
export function turnAsks(tables) {
  return tables.filter((t) => t.role !== "kept" && t.role !== "browser").slice(0, 20)
    .map((t) => ({ id: t.id, tokens: (t.tokens && t.tokens.length ? t.tokens : linksOf(t)).slice(0, 8) }))
    .filter((t) => t.tokens.length);
}

/** A remembered table's turn in words: Python's reading of the store now (the `turns`
 * trait) when it has come, else what this browser saw when it last showed the table. */
export function turnNowWords(t, live) {
  const now = live && typeof live === "object" ? live[t.id] : null;
  if (now && now.gone === true) return "No longer on this server";
  return now ? turnWords({ turn: now }) : turnWords(t);
}
// what the page's address held when the chooser rendered, per chooser element:
// {problem: a link it cannot use (tableLink's kind), joining: its links were sent}
const arrival = new WeakMap();

/** The page's address without its `#table=` part (a link that opened nothing), once the
 * player has moved on from it: a reload then does not say it again. */
function dropLinkFromAddress(el) {
  arrival.delete(el);
  if (typeof window === "undefined" || el.ownerDocument.body.dataset.voila === undefined) return;
  if (tableLink(window.location.hash).present || keptLink(window.location.hash)) {
    history.replaceState(history.state, "", `${window.location.pathname}${window.location.search}`);
  }
}

/** The words above the choice when the page's table link opened nothing (null: none):
 * the page's own finding first, else Python's. */
export function linkNotice(problem, linkError, kept) {
  const words = problem ? LINK_PROBLEMS[problem] || KEPT_PROBLEMS[problem] : linkError;
  if (!words) return null;
  return h("section", { class: "nw-app-link-error", role: "alert", "aria-labelledby": "nw-app-link-error", dataset: { key: "link-error", problem: problem || "store" } },
    h("h3", { id: "nw-app-link-error" }, kept ? "This kept game did not open" : "This table link did not open"),
    h("p", {}, words),
    h("p", { class: "nw-app-line" }, "Nothing was started. Choose a game below, or continue one of your games."));
}

/** What the page says of a game kept in this browser that it cannot send (its save gone). */
export const KEPT_PROBLEMS = {
  "kept-missing": "This browser no longer holds this game: its storage was cleared, or the game was forgotten in another tab.",
};

/** A game kept in this browser, sent to Python to load ({kind: "resume"}); false when its
 * save is no longer in this browser. */
function resumeKept(model, t) {
  const text = keptSave(t.id);
  if (text === null) return false;
  model.send({ kind: "resume", game: t.kind, id: t.id, text });
  return true;
}

/** The words where a served app lists its open tables, in a copy with no server. */
export function noServerNote() {
  return h("section", { class: "nw-app-lobby nw-app-no-server", "aria-labelledby": "nw-app-lobby", dataset: { key: "no-server" } },
    h("h3", { id: "nw-app-lobby" }, "Shared tables"),
    h("p", { class: "nw-app-line" }, "Playing with others at their own screens needs the app served by a server: this copy runs in your browser alone. To host shared tables, install the app and run “nations-widget play” (the README's section on serving the app says how). Against the bots, and at this screen, everything works here."));
}

function focusKey(el, key) {
  const target = el.querySelector(`[data-key="${key}"]`);
  if (target) target.focus();
}

/** "Continue a game": the games this browser played or sat at, each with Continue and
 * Forget; Forget asks first (Forget it / Keep it, the focus on Keep it; Escape keeps it). */
function continueList(model, el, games, tables) {
  const join = (t) => () => {
    dropLinkFromAddress(el);
    if (t.role === "browser") {
      arrival.set(el, resumeKept(model, t) ? { joining: true, kept: true } : { problem: "kept-missing", kept: true });
      drawChooser(model, el);
      return;
    }
    // the address gets the links a player may copy (never the host's)
    if (typeof window !== "undefined" && el.ownerDocument.body.dataset.voila !== undefined && t.tokens.length) {
      history.replaceState(history.state, "", tableUrl(window.location, t.tokens));
    }
    model.send({ kind: "join", tokens: linksOf(t) });
  };
  const ask = (t) => () => {
    asking.set(el, t.id);
    drawChooser(model, el);
    // the keyboard lands on the question's safe answer: a second Enter deletes nothing
    focusKey(el, `forget-no-${t.id}`);
  };
  const keep = (t) => () => {
    asking.delete(el);
    drawChooser(model, el);
    focusKey(el, `forget-${t.id}`);
  };
  const forget = (t, next) => () => {
    asking.delete(el);
    forgetTable(t.id);
    // a game of this screen: Python deletes its record (its link was the only one); a
    // game kept in this browser went with forgetTable
    if (t.role === "kept") model.send({ kind: "forget", tokens: t.tokens });
    drawChooser(model, el);
    if (next) focusKey(el, `forget-${next.id}`);
    else focusKey(el, "choose-" + ((games[0] && games[0].key) || ""));
  };
  const waiting = asking.get(el);
  // each entry: which game, who plays it, when it was last played here, whose turn it was
  return h("section", { class: "nw-app-continue", "aria-labelledby": "nw-app-continue" },
    h("h3", { id: "nw-app-continue" }, "Continue a game"),
    h("p", { class: "nw-app-line" }, "Games played, started or joined in this browser (remembered by this browser for this site's address only). Forget deletes a game played at this screen alone from the server; a table shared with other players only leaves this list."),
    h("ul", { class: "nw-app-games" }, tables.map((t, i) => {
      const turn = turnNowWords(t, model.get("turns"));
      const last = when(t.used);
      const name = `${titleFor(games, t.kind)}: ${whoPlays(t)}`;
      const text = h("div", { class: "nw-app-game-text" },
        h("span", { class: "nw-app-game-name" }, name),
        h("span", { class: "nw-app-when" }, [last ? `Last played ${last}` : "", turn ? ` · ${turn}` : ""].join("").replace(/^ · /, "")));
      if (waiting === t.id) {
        const words = forgetWords(t);
        const askId = `nw-app-forget-${t.id}`;
        return h("li", { class: "nw-app-game nw-app-forgetting", dataset: { table: t.id } },
          text,
          h("div", {
            class: "nw-app-confirm", role: "group", "aria-labelledby": askId,
            onkeydown: (e) => {
              if (e.key === "Escape") {
                e.preventDefault();
                keep(t)();
              }
            },
          },
          h("p", { class: "nw-app-confirm-words", id: askId }, h("strong", {}, words.ask), ` ${words.says}`),
          h("div", { class: "nw-app-game-buttons" },
            h("button", { type: "button", class: "nw-app-switch nw-app-danger", dataset: { key: `forget-yes-${t.id}` }, "aria-label": `${words.button}: ${name}`, onclick: forget(t, tables[i + 1] || tables[i - 1]) }, words.button),
            h("button", { type: "button", class: "nw-app-switch", dataset: { key: `forget-no-${t.id}` }, onclick: keep(t) }, "Keep it"))));
      }
      const title = t.role === "browser"
        ? "Forget this game: it is deleted from this browser (you are asked first)"
        : t.role === "kept"
        ? "Forget this game: it is deleted from the server (you are asked first)"
        : "Take this table off this browser's list (it stays on the server for its other players; you are asked first)";
      return h("li", { class: "nw-app-game", dataset: { table: t.id } },
        text,
        h("div", { class: "nw-app-game-buttons" },
          h("button", { type: "button", class: "nw-app-switch nw-app-continue-btn", dataset: { key: `continue-${t.id}` }, "aria-label": `Continue ${name}`, onclick: join(t) }, "Continue"),
          h("button", { type: "button", class: "nw-app-switch", dataset: { key: `forget-${t.id}` }, "aria-label": `Forget ${name}`, title, onclick: ask(t) }, "Forget")));
    })));
}

/** "Waiting since 14:05" for a table listed at `seconds` (the epoch's seconds). */
export function waitingSince(seconds) {
  if (!Number.isFinite(seconds)) return "";
  try {
    return `waiting since ${new Date(seconds * 1000).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" })}`;
  } catch {
    return "";
  }
}

/** Who sits at an open table already, in words ("Ada and a random bot"; "" when nobody). */
export function whoWaits(t) {
  const who = (t.seats || []).filter((s) => s.who !== "open").map((s) => (s.who === "bot" ? `a ${s.bot} bot` : s.name));
  return who.length > 1 ? `${who.slice(0, -1).join(", ")} and ${who[who.length - 1]}` : who[0] || "";
}

/** The lobby: this server's open tables (Python's `lobby` trait), each free seat a button
 * that sends {kind: "sit", table, seat}. */
export function lobbyList(model, games, lobby) {
  const tables = Array.isArray(lobby.tables) ? lobby.tables : [];
  const idle = Number(lobby.idle_minutes) > 0 ? Math.round(Number(lobby.idle_minutes)) : null;
  const sit = (t, seat) => () => model.send({ kind: "sit", table: t.id, seat });
  return h("section", { class: "nw-app-lobby", "aria-labelledby": "nw-app-lobby", dataset: { key: "lobby" } },
    h("h3", { id: "nw-app-lobby" }, "Open tables on this server"),
    h("p", { class: "nw-app-line" }, `Games waiting for players: take a free seat to play at your own screen. A table starts when its open seats are taken.${idle ? ` A table nobody has kept open for ${idle} minutes leaves the list.` : ""}`),
    lobby.error ? h("p", { class: "nw-app-error", role: "status" }, lobby.error) : null,
    tables.length
      ? h("ul", { class: "nw-app-games nw-app-open-tables" }, tables.map((t) => {
        const free = (t.seats || []).filter((s) => s.who === "open");
        const waits = whoWaits(t);
        const name = `${titleFor(games, t.game)} · ${t.variant} · ${t.players} players`;
        return h("li", { class: "nw-app-game nw-app-open-table", dataset: { table: t.id } },
          h("div", { class: "nw-app-game-text" },
            h("span", { class: "nw-app-game-name" }, name),
            h("span", { class: "nw-app-when" }, [
              `${free.length} seat${free.length === 1 ? "" : "s"} free`,
              waits ? `${waits} ${(t.seats || []).filter((s) => s.who !== "open").length > 1 ? "wait" : "waits"}` : "",
              waitingSince(Number(t.listed)),
            ].filter(Boolean).join(" · "))),
          h("div", { class: "nw-app-game-buttons" }, free.map((s) =>
            h("button", { type: "button", class: "nw-app-switch nw-app-sit", dataset: { key: `sit-${t.id}-${s.seat}`, table: t.id, seat: s.seat }, "aria-label": `Sit at ${s.label}'s seat: ${name}`, onclick: sit(t, s.seat) }, `Sit as ${s.label}`))));
      }))
      : h("p", { class: "nw-app-line nw-app-lobby-empty", dataset: { key: "lobby-empty" } }, "No open table right now. To open one, choose a game, then New game, and make a seat “Open: anyone on this server”."));
}

/** Draw the chooser for `model` into `el`; returns the root element. */
export function drawChooser(model, el) {
  const games = model.get("games") || [];
  const shown = model.get("game") || "";
  const error = model.get("error") || "";
  const linkError = model.get("link_error") || "";
  const came = arrival.get(el) || {};
  const choose = (key) => () => {
    dropLinkFromAddress(el);
    model.send({ kind: "choose", game: key });
  };
  let body;
  const notice = shown ? null : linkNotice(came.problem, linkError, came.kept);
  if (!shown && !notice && !came.joining && model.get("asked")) {
    // the game the address asks for is on its way: no flash of the choice before it
    body = [h("p", { class: "nw-app-opening", role: "status" }, "Opening the game…")];
  } else if (!shown) {
    const tables = rememberedTables();
    body = [
      h("h2", { class: "nw-app-title" }, APP_TITLE),
      notice,
      !notice && came.joining ? h("p", { class: "nw-app-opening", role: "status" }, came.kept ? "Opening the game…" : "Opening the table…") : null,
      h("p", { class: "nw-app-ask", id: "nw-app-ask" }, "Choose a game:"),
      h("ul", { class: "nw-app-choices", "aria-labelledby": "nw-app-ask" },
        games.map((g) => h("li", {},
          h("button", { type: "button", class: "nw-app-choice", dataset: { key: `choose-${g.key}`, game: g.key }, onclick: choose(g.key) },
            h("span", { class: "nw-app-name" }, g.title),
            h("span", { class: "nw-app-line" }, g.line))))),
      model.get("lobby") && model.get("lobby").server === false ? noServerNote()
        : model.get("lobby") && Object.keys(model.get("lobby")).length ? lobbyList(model, games, model.get("lobby")) : null,
      tables.length ? continueList(model, el, games, tables) : null,
    ];
    if (!lobbyAsked.has(el) && !came.joining) {
      // the choice is shown: Python keeps this server's open tables live from now on
      lobbyAsked.add(el);
      model.send({ kind: "lobby", watch: true });
    }
    const asks = turnAsks(tables);
    if (!turnsAsked.has(el) && !came.joining && asks.length) {
      // whose turn it is now at those tables (kept live with the lobby's list)
      turnsAsked.add(el);
      model.send({ kind: "turns", tables: asks });
    }
  } else {
    body = [
      h("nav", { class: "nw-app-bar", "aria-label": "Games" },
        h("span", { class: "nw-app-label" }, "Game:"),
        games.map((g) => h("button", {
          type: "button", class: `nw-app-switch${g.key === shown ? " nw-app-current" : ""}`,
          "aria-pressed": g.key === shown ? "true" : "false", title: `${g.title}: ${g.line}`,
          dataset: { key: `switch-${g.key}`, game: g.key }, onclick: choose(g.key),
        }, g.short))),
    ];
  }
  const root = h("div", { class: "nw-app", dataset: { game: shown } }, body,
    error ? h("p", { class: "nw-app-error", role: "alert" }, error) : null);
  // keep the focus on the button of the same game when the chooser is redrawn
  const active = el.ownerDocument && el.ownerDocument.activeElement;
  const focused = active && el.contains(active) && active.dataset ? active.dataset.game : null;
  el.replaceChildren(root);
  if (focused) {
    const again = root.querySelector(`[data-game="${focused}"]`);
    if (again) again.focus();
  }
  const doc = el.ownerDocument;
  if (doc && doc.body && doc.body.dataset.voila !== undefined) doc.title = titleFor(games, shown);
  return root;
}

export default {
  render({ model, el }) {
    const draw = () => drawChooser(model, el);
    const traits = ["games", "game", "error", "link_error", "asked", "lobby", "turns", "in_browser"];
    const answered = () => {
      // Python answered the join (the table shown, or why not): no longer on its way
      const came = arrival.get(el);
      if (came && came.joining) arrival.set(el, { ...came, joining: false });
    };
    model.on("change:game", answered);
    model.on("change:link_error", answered);
    for (const t of traits) model.on(`change:${t}`, draw);
    // a link to a table: `#table=<link>` in the page's address (never sent to the server)
    const link = typeof window !== "undefined" ? tableLink(window.location.hash) : tableLink("");
    // a game kept in this browser: `#kept=<id>` (the static site; its save is in this browser)
    const keptId = !link.present && typeof window !== "undefined" ? keptLink(window.location.hash) : null;
    const keptEntry = keptId ? rememberedTables().find((t) => t.id === keptId && t.role === "browser") : null;
    arrival.set(el, keptId
      ? { kept: true, joining: Boolean(keptEntry), problem: keptEntry ? null : "kept-missing" }
      : { problem: link.problem, joining: link.tokens.length > 0 });
    if (keptEntry && !resumeKept(model, keptEntry)) arrival.set(el, { kept: true, problem: "kept-missing" });
    draw();
    if (link.tokens.length) model.send({ kind: "join", tokens: withHostLink(link.tokens) });
    else if (keptId) {
      // (sent above, or said on the page: nothing else is opened)
    } else if (!link.present && model.get("asked")) model.send({ kind: "choose", game: model.get("asked") });
    else if (!link.present && model.get("in_browser") && typeof window !== "undefined") {
      // no server to read `?game=`: the page opens it (Python checks the game)
      const wanted = new URLSearchParams(window.location.search).get("game");
      if (wanted && (model.get("games") || []).some((g) => g.key === wanted)) model.send({ kind: "choose", game: wanted });
    }
    return () => {
      model.off("change:game", answered);
      model.off("change:link_error", answered);
      for (const t of traits) model.off(`change:${t}`, draw);
    };
  },
};
