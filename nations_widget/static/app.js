// src/shell/tablelist.js
var TABLES_KEY = "nations-tables";
var MAX_TABLES = 30;
var TOKEN = /^[A-Za-z0-9_-]{43}$/;
function storage() {
  try {
    return typeof localStorage !== "undefined" ? localStorage : null;
  } catch {
    return null;
  }
}
function rememberedTables() {
  const store = storage();
  if (!store) return [];
  try {
    const list = JSON.parse(store.getItem(TABLES_KEY) || "[]");
    return Array.isArray(list) ? list.filter((t) => t && typeof t.id === "string" && Array.isArray(t.tokens) && t.tokens.every((x) => TOKEN.test(x))) : [];
  } catch {
    return [];
  }
}
function save(list) {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(TABLES_KEY, JSON.stringify(list.slice(0, MAX_TABLES)));
  } catch {
  }
}
function forgetTable(id) {
  save(rememberedTables().filter((t) => t.id !== id));
}
function tokensInHash(hash) {
  const m = /(?:^#|&)table=([A-Za-z0-9_,-]+)/.exec(hash || "");
  if (!m) return [];
  return m[1].split(",").filter((t) => TOKEN.test(t)).slice(0, 8);
}
function tableUrl(loc, tokens) {
  return `${loc.origin}${loc.pathname}${loc.search}#table=${tokens.join(",")}`;
}

// src/app/index.js
var APP_TITLE = "Nations";
function titleFor(games, key) {
  const game = (games || []).find((g) => g.key === key);
  return game ? game.title : APP_TITLE;
}
function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === void 0 || v === false) continue;
    if (k === "onclick") el.addEventListener("click", v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const child of children.flat()) {
    if (child === null || child === void 0) continue;
    el.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return el;
}
function when(ms) {
  try {
    return new Date(ms).toLocaleString(void 0, { dateStyle: "medium", timeStyle: "short" });
  } catch {
    return "";
  }
}
function continueList(model, el, games, tables) {
  const join = (t) => () => {
    if (typeof window !== "undefined" && el.ownerDocument.body.dataset.voila !== void 0) {
      history.replaceState(history.state, "", tableUrl(window.location, t.tokens));
    }
    model.send({ kind: "join", tokens: t.tokens });
  };
  const forget = (t) => () => {
    forgetTable(t.id);
    drawChooser(model, el);
  };
  return h(
    "section",
    { class: "nw-app-continue", "aria-labelledby": "nw-app-continue" },
    h("h3", { id: "nw-app-continue" }, "Continue a game"),
    h("p", { class: "nw-app-line" }, "Tables started or joined in this browser (remembered by this browser for this site's address only)."),
    h("ul", {}, tables.map((t) => h(
      "li",
      { dataset: { table: t.id } },
      h("span", {}, `${titleFor(games, t.kind)}: ${t.role === "spectator" ? "watching" : (t.mine || []).map((s) => `Player ${s + 1}`).join(", ") || "host"}`),
      h("span", { class: "nw-app-when" }, ` · ${when(t.used)}`),
      h("button", { type: "button", class: "nw-app-switch", dataset: { key: `continue-${t.id}` }, onclick: join(t) }, "Continue"),
      h("button", { type: "button", class: "nw-app-switch", dataset: { key: `forget-${t.id}` }, title: "Forget this table in this browser (it stays kept on the server; its link still opens it)", onclick: forget(t) }, "Forget")
    )))
  );
}
function drawChooser(model, el) {
  const games = model.get("games") || [];
  const shown = model.get("game") || "";
  const error = model.get("error") || "";
  const choose = (key) => () => model.send({ kind: "choose", game: key });
  let body;
  if (!shown) {
    const tables = rememberedTables();
    body = [
      h("h2", { class: "nw-app-title" }, APP_TITLE),
      h("p", { class: "nw-app-ask", id: "nw-app-ask" }, "Choose a game:"),
      h(
        "ul",
        { class: "nw-app-choices", "aria-labelledby": "nw-app-ask" },
        games.map((g) => h(
          "li",
          {},
          h(
            "button",
            { type: "button", class: "nw-app-choice", dataset: { key: `choose-${g.key}`, game: g.key }, onclick: choose(g.key) },
            h("span", { class: "nw-app-name" }, g.title),
            h("span", { class: "nw-app-line" }, g.line)
          )
        ))
      ),
      tables.length ? continueList(model, el, games, tables) : null
    ];
  } else {
    body = [
      h(
        "nav",
        { class: "nw-app-bar", "aria-label": "Games" },
        h("span", { class: "nw-app-label" }, "Game:"),
        games.map((g) => h("button", {
          type: "button",
          class: `nw-app-switch${g.key === shown ? " nw-app-current" : ""}`,
          "aria-pressed": g.key === shown ? "true" : "false",
          title: `${g.title}: ${g.line}`,
          dataset: { key: `switch-${g.key}`, game: g.key },
          onclick: choose(g.key)
        }, g.short))
      )
    ];
  }
  const root = h(
    "div",
    { class: "nw-app", dataset: { game: shown } },
    body,
    error ? h("p", { class: "nw-app-error", role: "alert" }, error) : null
  );
  const active = el.ownerDocument && el.ownerDocument.activeElement;
  const focused = active && el.contains(active) && active.dataset ? active.dataset.game : null;
  el.replaceChildren(root);
  if (focused) {
    const again = root.querySelector(`[data-game="${focused}"]`);
    if (again) again.focus();
  }
  const doc = el.ownerDocument;
  if (doc && doc.body && doc.body.dataset.voila !== void 0) doc.title = titleFor(games, shown);
  return root;
}
var app_default = {
  render({ model, el }) {
    const draw = () => drawChooser(model, el);
    for (const t of ["games", "game", "error"]) model.on(`change:${t}`, draw);
    draw();
    const tokens = typeof window !== "undefined" ? tokensInHash(window.location.hash) : [];
    if (tokens.length) model.send({ kind: "join", tokens });
    return () => {
      for (const t of ["games", "game", "error"]) model.off(`change:${t}`, draw);
    };
  }
};
export {
  APP_TITLE,
  app_default as default,
  drawChooser,
  titleFor
};
