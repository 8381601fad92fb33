// The Game panel (Save, Load, the seats' menus, the New game dialog, the fair-dice
// fingerprint), the header's New game and "?" buttons, and the shortcut list.
import { h, modal, sid, sig } from "./dom.js";
import { seatLabel, seatName } from "./names.js";
import { botLevel, capital, fairness, fairStart, offHere, offLine } from "./panels.js";

export function makeGamePanels(shell) {
  const ui = shell.ui;

  function headerButtons(part) {
    const newGame = part("header-newgame", "", () => h("button", {
      type: "button", class: "nw-btn nw-mini nw-newgame-btn", dataset: { key: "header-newgame" },
      title: "Start a new game: players, seats, settings, seed…", onclick: () => shell.openNewGame(),
    }, "New game…"));
    const help = part("header-help", "", () => h("button", {
      type: "button", class: "nw-btn nw-mini nw-help-btn", dataset: { key: "help" },
      "aria-label": "Keyboard shortcuts", title: "Keyboard shortcuts (?)", onclick: () => shell.toggleHelp(),
    }, "?"));
    return [newGame, help];
  }

  function gamePanelEl(S, withFair) {
    const f = ui.form;
    // "remote": a person at their own screen of a table (taking a seat back from a bot
    // gives it to them); "invite": a New game seat whose player gets a link; "open": a seat
    // anyone on this server may take from the lobby (the chooser's open tables)
    const WORDS = { human: "Human", remote: "Player at their own screen", invite: "A player I invite (a link)", open: "Open: anyone on this server" };
    const seatSelect = (value, onchange, key, label, choices) => h("select", { dataset: { key }, "aria-label": label, onchange },
      choices.map((c) => h("option", { value: c, selected: c === value, title: WORDS[c] ? null : S.botInfo?.[c] || null },
        WORDS[c] || (botLevel(S, c) ? `Bot: ${c} (${botLevel(S, c)})` : `Bot: ${c}`))));
    const current = S.seats.map((who, seat) => h("div", { class: "nw-field" },
      h("span", {}, seatName(seat)),
      seatSelect(who, (e) => shell.send({ kind: "set_seat", seat, player: e.target.value }), `seat-${seat}`, `${seatName(seat)} is played by`,
        [who === "remote" || (S.table && S.table.id && S.table.seats && S.table.seats[seat] && S.table.seats[seat].who !== "here") ? "remote" : "human", ...S.botNames])));
    const formSeats = [];
    for (let seat = 0; seat < f.players; seat += 1) {
      // a new game's seats: no names yet (whoever sits there names them)
      formSeats.push(h("div", { class: "nw-field" }, h("span", {}, seatLabel(seat)),
        seatSelect(f.seats[seat] || "human", (e) => shell.setFormSeat(seat, e.target.value), `form-seat-${seat}`, `new game: ${seatLabel(seat)}`, ["human", "invite", "open", ...S.botNames])));
    }
    const counts = S.info.player_counts && S.info.player_counts.length ? S.info.player_counts : [f.players];
    const idp = sid("form-players");
    const ids = sid("form-seed");
    const idd = sid("form-delay");
    const off = offHere(S);
    const atTable = Boolean(S.table && S.table.id);
    return h("section", { class: "nw-panel nw-game", "aria-label": "Game, seats and files" },
      h("h3", {}, "Game"),
      h("div", { class: "nw-buttons" },
        h("button", { type: "button", class: "nw-btn", dataset: { key: "save" }, disabled: Boolean(off.save), title: off.save ? capital(off.save) : null, onclick: () => shell.send({ kind: "save" }) }, "Save game"),
        // a load leaves the table: the New game dialog says so first, and offers the load
        h("button", { type: "button", class: "nw-btn", dataset: { key: "load" }, onclick: () => (atTable ? shell.openNewGame() : shell.pickFile("game")) }, "Load game…")),
      off.save ? offLine(off.save, "save-off") : null,
      h("div", { class: "nw-seats" }, h("div", { class: "nw-slot-label" }, "Seats (change any time)"), current),
      h("details", { class: "nw-newgame", open: ui.newGameOpen || null, ontoggle: (e) => {
        // a toggle queued by a <details> since drawn anew (one built open fires too) is stale
        if (e.target.isConnected) shell.setNewGameOpen(e.target.open);
      } },
        // the click opens or closes it at once: the <details> reports its own toggle in a
        // later task, and an update drawn before that task (a bot's move) closed it again
        h("summary", { dataset: { key: "newgame-summary" }, onclick: (e) => {
          e.preventDefault();
          shell.setNewGameOpen(!ui.newGameOpen);
        } }, "New game…"),
        // a modal dialog while the <details> is open (the shell opens it: dom.modal)
        modal({ key: "newgame-dialog", label: "New game", onClose: () => shell.closeNewGame(), inner: "nw-form" },
          h("h3", {}, "New game"),
          // a refused load (or start) said here too: the page's own error line is behind
          // the dialog
          ui.newGameOpen && (S.error || shell.noteText()) ? h("p", { class: "nw-error nw-dialog-error", role: "alert" },
            h("strong", {}, S.error ? "Refused: " : `${shell.noteLabel()}: `), S.error || shell.noteText()) : null,
          // at a table a new game (or a loaded one) is played at this screen only: said
          // before it happens, and Cancel stays here
          atTable ? h("p", { class: "nw-warning nw-leave-table", role: "note", dataset: { key: "leave-table" } },
            h("strong", {}, "You will leave this table. "),
            "It goes on without this screen and stays in Continue a game; your link brings you back to it.") : null,
          h("label", { class: "nw-field", for: idp }, h("span", {}, "Players"),
            h("select", { id: idp, dataset: { key: "form-players" }, onchange: (e) => shell.setForm({ players: Number(e.target.value) }) },
              counts.map((n) => h("option", { value: String(n), selected: n === f.players }, n === 1 ? "1 (solo)" : String(n))))),
          formSeats,
          shell.newGameFields(S, f),
          h("label", { class: "nw-field", for: ids }, h("span", {}, "Seed"),
            h("input", { id: ids, type: "text", inputmode: "numeric", placeholder: "random", title: "Empty: a random seed. The board shows the seed only once the game is over: it tells every draw to come.", value: f.seed, dataset: { key: "form-seed" }, oninput: (e) => shell.setForm({ seed: e.target.value }, false) })),
          h("label", { class: "nw-field", for: idd }, h("span", {}, "Bot pause (s)"),
            h("input", { id: idd, type: "number", min: "0", max: "30", step: "0.1", value: String(f.bot_delay), dataset: { key: "form-delay" }, oninput: (e) => shell.setForm({ bot_delay: Number(e.target.value) }, false) })),
          h("div", { class: "nw-buttons" },
            h("button", { type: "button", class: "nw-btn nw-primary", dataset: { key: "start" }, onclick: () => shell.startGame() }, atTable ? "Leave the table and start" : "Start new game"),
            // the Game panel's Load is behind this dialog (the app opens with it)
            h("button", { type: "button", class: "nw-btn", dataset: { key: "newgame-load" }, title: atTable ? "Leave this table and go on with a game saved with Save game" : "Go on with a game saved with Save game", onclick: () => shell.pickFile("game") }, atTable ? "Leave the table and load a saved game…" : "Load a saved game…"),
            h("button", { type: "button", class: "nw-btn", dataset: { key: "newgame-cancel" }, title: "Escape", onclick: () => shell.closeNewGame() }, "Cancel")))),
      // fair dice: the fingerprint, changed only by a new game or a load
      withFair ? fairStart(S) : null);
  }

  /** Save, Load, the seat menus, the New game dialog and the fair-dice fingerprint
   * (`fair` false: the view shows it elsewhere, e.g. folded in its header: fairFold). */
  function gamePanel(S, part, { fair: withFair = true } = {}) {
    const f = ui.form;
    const fair = withFair ? fairness(S) : null;
    const game = part("game", sig(S.seats, S.botNames, S.botInfo, S.info.player_counts, ui.formRev, f.players, f.seats, S.table.seats, S.table.id, offHere(S).save,
      shell.newGameSignature(S, f), ui.newGameOpen && (S.error || shell.noteText()) ? [S.error, shell.noteText()] : null,
      fair && fair.fingerprint, Boolean(fair)), () => gamePanelEl(S, withFair));
    // the New game form is a modal dialog while its <details> is open (opened from the
    // header or the Game panel; the shell opens and closes the dialog with it)
    const details = game.querySelector("details.nw-newgame");
    if (details && details.open !== Boolean(ui.newGameOpen)) details.open = Boolean(ui.newGameOpen);
    // a seat menu the person changed without Python following (a refused change): show
    // Python's value again
    S.seats.forEach((who, seat) => {
      const sel = game.querySelector(`select[data-key="seat-${seat}"]`);
      if (sel && sel.value !== who) sel.value = who;
    });
    return game;
  }

  /** The shortcut list (the "?" overlay), or null when closed. */
  function helpOverlay(part) {
    if (!ui.helpOpen) return null;
    const close = () => {
      if (shell.ui.helpOpen) shell.toggleHelp();
    };
    return part("help-overlay", "", () => modal({ key: "help-overlay", label: "Keyboard shortcuts", onClose: close },
      h("h3", {}, "Keyboard shortcuts"),
      h("p", { class: "nw-help" }, "They work while the board has the focus (click anywhere on it first)."),
      h("dl", { class: "nw-shortcuts" }, shell.shortcuts().map(([k, what]) => [h("dt", {}, h("kbd", {}, k)), h("dd", {}, what)])),
      h("button", { type: "button", class: "nw-btn nw-primary", dataset: { key: "help-close" }, onclick: close }, "Close")));
  }

  return { headerButtons, gamePanel, helpOverlay };
}
