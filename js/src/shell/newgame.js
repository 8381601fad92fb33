// The New game form the shell keeps (players, seats, seed, bot pause, and the view's own
// fields: view.newGame), its dialog open or closed, and the games it starts (Start, Play
// again).  Python makes the game from the settings sent, and refuses what it must.

/** The New game form of the widget whose root is `el`: `ui` the shell's state (`form`,
 * `formRev`, `newGameOpen`), `shell` the shell (its `setForm`), `view()` the game's view,
 * `state()` the snapshot, `send(intent)`, `draw()`.  Returns `defaultForm(S)` (the form's
 * start, for the first draw) and the shell's members for the form. */
export function createNewGame(el, { ui, shell, view, state, send, draw }) {
  /** Whether the view's New game has member `name` (defaults, fields, signature, settings). */
  const has = (name) => {
    const v = view();
    return Boolean(v.newGame && v.newGame[name]);
  };
  return {
    defaultForm(S) {
      const players = S.settings.players || 2;
      const game = has("defaults") ? view().newGame.defaults(S) : {};
      return {
        players,
        // a table's player at their own screen is invited again in a new game
        seats: S.seats.map((who) => (who === "remote" ? "invite" : who)),
        seed: "",
        bot_delay: S.settings.bot_delay ?? 0.8,
        ...game,
      };
    },
    newGameFields: (S, form) => (has("fields") ? view().newGame.fields(S, form, shell.setForm) : []),
    newGameSignature: (S, form) => (has("signature") ? view().newGame.signature(S, form) : []),
    /** A new game with the same seats and settings, and a new seed. */
    playAgain() {
      const S = state();
      // every game setting Python sent (so a setting added later carries over too), a new
      // seed (Python sends the old one only once the game is over, for sharing)
      const { max_message: _limit, seed: _seed, ...same } = S.settings;
      const settings = { ...same, seats: [...S.seats], seed: null };
      if (view().newGameStarted) view().newGameStarted();
      send({ kind: "new_game", settings });
      draw();
    },
    openNewGame() {
      ui.newGameOpen = true;
      draw();
      const first = el.querySelector('details.nw-newgame [data-key="form-players"]');
      if (first && typeof first.focus === "function") first.focus();
    },
    closeNewGame() {
      ui.newGameOpen = false;
      draw();
    },
    setNewGameOpen(open) {
      if (ui.newGameOpen === Boolean(open)) return;
      ui.newGameOpen = Boolean(open);
      draw(); // its dialog opens (or closes) with it
    },
    /** Change the New game form; `redraw` false: the control already shows the change. */
    setForm(patch, redraw = true) {
      const f = { ...ui.form, ...patch };
      if (patch.players !== undefined) {
        const bot = state().info.preferred_bot || "human";
        const seats = [];
        for (let i = 0; i < f.players; i += 1) seats.push(f.seats[i] || (i === 0 ? "human" : bot));
        f.seats = seats;
      }
      ui.form = f;
      if (redraw) {
        ui.formRev += 1;
        draw();
      }
    },
    setFormSeat(seat, who) {
      const seats = [...ui.form.seats];
      seats[seat] = who;
      shell.setForm({ seats });
    },
    startGame() {
      const f = ui.form;
      const game = has("settings") ? view().newGame.settings(f, state()) : {};
      const settings = {
        players: f.players,
        seats: f.seats.slice(0, f.players),
        ...game,
        seed: String(f.seed || "").trim() === "" ? null : String(f.seed).trim(),
      };
      const delay = Number(f.bot_delay);
      if (Number.isFinite(delay)) settings.bot_delay = delay;
      ui.form = { ...f, seed: "" };
      ui.formRev += 1;
      ui.newGameOpen = false;
      if (view().newGameStarted) view().newGameStarted();
      send({ kind: "new_game", settings });
      draw();
    },
  };
}
