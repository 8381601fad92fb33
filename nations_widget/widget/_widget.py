"""The Jupyter widget: one engine :class:`~nations_widget.dice.Game`, owned by Python,
drawn by the browser bundle in ``nations_widget/static``.

Python owns everything: the browser only draws the synced traits and sends *intents*
(see :mod:`nations_widget.widget._intents`), which Python checks, has the engine validate,
applies and publishes.  A refused intent sets ``error`` and changes nothing; no message
from the browser ever raises into the kernel.  The browser cannot write the synced traits
(an update to one is dropped and the true value sent back), and a bot never thinks on the
kernel's message loop when a page asked for its move (see :meth:`NationsWidget._schedule_bots`).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..core.envelope import json_value
from ..dice import (
    Catalogue,
    CatalogueError,
    Game,
    GameConfig,
    GameState,
    IllegalMoveError,
    Move,
    StateFormatError,
    default_catalogue,
)
from ..dice.catalogue import parse_catalogue
from ..dice.coach import Hint, compare
from ..dice.game import as_move
from ..dice.preview import preview_move
from ._bots import (
    PREFERRED_BOT,
    Bot,
    BotFactory,
    bot_descriptions,
    default_seats,
    load_bots,
)
from ._coach import coach_payload
from ._intents import MAX_MESSAGE_CHARS, Intent, IntentError, check_settings, parse_intent
from ._payloads import (
    LOG_LIMIT,
    catalogue_payload,
    history_payload,
    legal_payload,
    log_patch,
    log_payload,
    seat_label,
    view_payload,
)

STATIC = Path(__file__).resolve().parent.parent / "static"

#: The game's synced traits (all of them, like every other synced trait, are written by
#: Python only: see :meth:`NationsWidget.set_state`).
READ_ONLY_TRAITS: tuple[str, ...] = (
    "catalogue", "view", "legal", "log_patch", "error", "seats", "bot_names", "bot_info",
    "settings", "history", "reconstructed", "busy",
)

#: The longest refusal shown on the board, in characters.
MAX_ERROR_CHARS = 400

#: Seconds between two bot moves in the browser (0: bots move at once, synchronously).
DEFAULT_BOT_DELAY = 0.8


class NationsWidget(anywidget.AnyWidget):
    """Play Nations: The Dice Game in Jupyter or Voila.

    >>> w = NationsWidget(players=2, seats=["human", "random"], seed=7, bot_delay=0)
    >>> w.play(w.game.legal_moves()[0])      # doctest: +SKIP

    Python API: :attr:`game`, :attr:`state`, :meth:`play`, :meth:`undo`, :meth:`redo`,
    :meth:`goto`, :meth:`bot_move`, :meth:`play_bots`, :meth:`new_game`,
    :meth:`save_json`, :meth:`load_json`, :meth:`set_seat`.  Whatever is done from Python
    shows at once on the board.  ``bot_delay``: the pause before each bot move (seconds);
    0 plays the bots synchronously when Python asks (what tests and scripts want), and at
    once but in a worker thread when the page asks from inside Jupyter or Voila.
    """

    _esm = STATIC / "widget.js"
    _css = STATIC / "widget.css"

    #: how many of the newest log entries the board shows
    log_limit = LOG_LIMIT

    # ------------------------------------------------------------ synced traits
    #: static components: tiles and events (each with its tooltip), die faces
    catalogue = traitlets.Dict().tag(sync=True)
    #: the board as the acting seat sees it (``game.view(seat)`` plus derived figures, and
    #: for a human's action ``give_back``: what a replaced building or advisor can give back)
    view = traitlets.Dict().tag(sync=True)
    #: the acting human's legal moves: ``[{move, text, subset?}]`` ([] on a bot's turn)
    legal: traitlets.List[Any] = traitlets.List().tag(sync=True)
    #: how the browser's copy of the log (the newest entries) changes: see
    #: :func:`~nations_widget.widget._payloads.log_patch` (what a move adds, not the log)
    log_patch = traitlets.Dict().tag(sync=True)
    #: the last refusal's reason, '' when none
    error = traitlets.Unicode("").tag(sync=True)
    #: per seat, "human" or a bot name
    seats: traitlets.List[Any] = traitlets.List().tag(sync=True)
    #: the bots that can take a seat
    bot_names: traitlets.List[Any] = traitlets.List().tag(sync=True)
    #: a one-line description per bot name (for the seat menus)
    bot_info = traitlets.Dict().tag(sync=True)
    #: the game's settings (players, seed, variant, automate, solo_tougher, and unrest when
    #: on) and bot_delay
    settings = traitlets.Dict().tag(sync=True)
    #: position, length, can_undo, can_redo, undo_to
    history = traitlets.Dict().tag(sync=True)
    #: the components are a reconstruction (the notice is in ``catalogue["notice"]``)
    reconstructed = traitlets.Bool(False).tag(sync=True)
    #: bots are playing (scheduled moves pending)
    busy = traitlets.Bool(False).tag(sync=True)
    #: the last preview asked (intent ``preview``): what a purchase or build will do, see
    #: :func:`nations_widget.dice.preview.preview_move`, plus ``position``, ``move`` and
    #: ``asked`` (how many previews this widget has made: the same preview asked again after
    #: a Cancel is a new value, so it is sent again and the board does not wait for it)
    preview = traitlets.Dict().tag(sync=True)
    #: the coach (see :mod:`nations_widget.widget._coach`): ``{"on", "hint", "verdict"}``
    coach = traitlets.Dict({"on": False, "hint": None, "verdict": None}).tag(sync=True)

    def __init__(self, players: int = 2, seats: Sequence[str] | None = None,
                 seed: int | None = None, *, variant: str = "original",
                 automate: bool = True, solo_tougher: bool = False, unrest: bool = False,
                 catalogue: Catalogue | None = None, game: Game | None = None,
                 bot_delay: float = DEFAULT_BOT_DELAY,
                 bot_factory: BotFactory | None = None,
                 bot_names: Sequence[str] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._lock = threading.RLock()
        self._epoch = 0                       # bumped to cancel scheduled bot moves
        self._bots: dict[int, Bot] = {}
        self._log: list[dict[str, Any]] = []  # the log entries the browser holds
        self._log_seq = 0                     # the last log patch's number (0: none yet)
        self._task: asyncio.Task[None] | None = None
        self._runner: int | None = None       # the epoch of the live bot runner, if any
        self._in_intent = False               # handling a message from the browser
        #: the last unexpected exception an intent raised (the board shows only its kind)
        self.last_internal_error: BaseException | None = None
        if bot_factory is None:
            names, factory = load_bots()
        else:
            names, factory = tuple(bot_names or ()), bot_factory
        if bot_names is not None:
            names = tuple(bot_names)
        self._bot_factory = factory
        self.bot_names = list(names)
        self.bot_info = bot_descriptions(names)
        self.bot_delay = float(bot_delay)
        self._catalogue = catalogue or (game.catalogue if game else default_catalogue())
        if game is None:
            config = GameConfig(players, _seed(seed), variant,  # type: ignore[arg-type]
                                automate, solo_tougher, unrest)
            game = Game(config=config, catalogue=self._catalogue)
        self._game = game
        self._seats = self._checked_seats(seats, game.config.players)
        self.on_msg(self._on_custom_msg)
        self._publish(catalogue=True)
        self._schedule_bots()

    # ------------------------------------------------------- browser-side writes
    def set_state(self, sync_data: dict[str, Any]) -> None:
        """A state update from the browser (the comm's ``update`` method): refused.

        The board never writes a trait: it sends intents.  Every synced trait is Python's
        picture of the game (``READ_ONLY_TRAITS``) or the widget's own machinery (its
        code ``_esm`` and ``_css``, which a page on the same kernel could otherwise swap
        for another script that every other page of that kernel would then run).  So an
        update from a page (a modified page, a stale client) is dropped, and the true
        values are sent back, so that the page that wrote them shows the game again."""
        if not isinstance(sync_data, dict):
            return
        refused = sorted(name for name in sync_data if name in self.keys)
        if refused:
            self.send_state(key=refused)

    # ----------------------------------------------------------------- reading
    @property
    def game(self) -> Game:
        """The engine game (with its history).  Change it through this widget's methods
        so that the board follows; after changing it directly, call :meth:`refresh`."""
        return self._game

    @property
    def state(self) -> GameState:
        return self._game.state

    @property
    def game_log(self) -> list[dict[str, Any]]:
        """The newest log entries up to the current position, as the board shows them
        (each ``{n, pos, round, step, seat, kind, text, auto}``).  The browser gets them
        through the ``log_patch`` trait: only what changed."""
        return list(self._log)

    def refresh(self) -> None:
        """Publish the game again (after changing :attr:`game` behind the widget's back)."""
        with self._lock:
            self._publish(catalogue=True, reset_log=True)

    # ----------------------------------------------------------------- playing
    def play(self, move: Move | dict[str, Any] | str) -> None:
        """Play a move for the current player (whoever sits there); the bots then answer.
        An illegal move raises :class:`IllegalMoveError`, shows its reason and changes
        nothing."""
        with self._lock:
            try:
                self._game.play(as_move(move))
            except IllegalMoveError as exc:
                self._fail(str(exc))
                raise
            self._cancel_bots()
            self.error = ""
            self._publish()
        self._schedule_bots()

    def undo(self, steps: int | None = 1) -> None:
        """Go back ``steps`` moves (None: back to the previous decision of a human seat,
        what the board's Undo button does).  Bots wait until told to play."""
        with self._lock:
            if steps is not None and steps < 1:
                raise ValueError("steps must be at least 1")
            target = self._undo_target() if steps is None else self._game.position - steps
            if not self._game.can_undo or target < 0:
                self._fail("nothing to undo: this is the start of the game")
                raise IllegalMoveError("nothing to undo: this is the start of the game")
            self._cancel_bots()
            self._game.goto(target)
            self.error = ""
            self._publish()

    def redo(self) -> None:
        with self._lock:
            if not self._game.can_redo:
                self._fail("nothing to redo")
                raise IllegalMoveError("nothing to redo")
            self._cancel_bots()
            self._game.redo()
            self.error = ""
            self._publish()

    def goto(self, position: int) -> None:
        """Jump to the position after ``position`` moves (a replay: nothing is re-rolled)."""
        with self._lock:
            if isinstance(position, bool) or not isinstance(position, int) \
                    or not 0 <= position <= self._game.length:
                msg = f"position must be 0-{self._game.length}, got {position!r}"
                self._fail(msg)
                raise IndexError(msg)
            self._cancel_bots()
            self._game.goto(position)
            self.error = ""
            self._publish()

    def bot_move(self, name: str | None = None) -> Move:
        """Let a bot play the current decision and return its move: the seat's own bot,
        or ``name``, or for a human seat the first available bot (a hint)."""
        with self._lock:
            seat = self._game.current_player
            if seat is None:
                self._fail("the game is over")
                raise IllegalMoveError("the game is over")
            move = self._bot_for(seat, name).choose(self._game.state.clone())
            try:
                self._game.play(move)
            except IllegalMoveError as exc:
                self._fail(f"the bot's move was refused: {exc}")
                raise
            self.error = ""
            self._publish()
            return move

    def play_bots(self, max_moves: int = 100_000) -> int:
        """Play bot seats synchronously until a human must decide or the game ends;
        return how many moves the bots made."""
        count = 0
        with self._lock:
            self._cancel_bots()
            while count < max_moves and self._bot_due():
                seat = self._game.current_player
                assert seat is not None
                move = self._bot_for(seat).choose(self._game.state.clone())
                self._game.play(move)
                count += 1
            self.busy = False
            self._publish()
        return count

    def set_seat(self, seat: int, player: str) -> None:
        """Seat a human (``"human"``) or a bot (one of :attr:`bot_names`) at ``seat``."""
        with self._lock:
            n = self._game.config.players
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
                raise ValueError(f"seat must be 0-{n - 1}, got {seat!r}")
            seats = list(self._seats)
            seats[seat] = player
            self._seats = self._checked_seats(seats, n)
            self._bots.pop(seat, None)
            self._cancel_bots()
            self.error = ""
            self._publish()
        self._schedule_bots()

    def new_game(self, players: int | None = None, seats: Sequence[str] | None = None,
                 seed: int | str | None = None, *, variant: str | None = None,
                 automate: bool | None = None, solo_tougher: bool | None = None,
                 unrest: bool | None = None, bot_delay: float | None = None) -> None:
        """Start a new game; unspecified settings keep their current values, except the
        seed (None: a fresh random seed)."""
        with self._lock:
            old = self._game.config
            n = old.players if players is None else players
            config = GameConfig(
                n, _seed(seed),
                variant if variant is not None else old.variant,  # type: ignore[arg-type]
                old.automate if automate is None else automate,
                old.solo_tougher if solo_tougher is None else solo_tougher,
                old.unrest if unrest is None else unrest)
            if seats is None:
                seats = self._seats if len(self._seats) == n else None
            checked = self._checked_seats(seats, n)
            if bot_delay is not None:
                if isinstance(bot_delay, bool) or not 0 <= bot_delay <= 30:
                    raise ValueError("bot_delay must be 0-30 seconds")
                self.bot_delay = float(bot_delay)
            self._game = Game(config=config, catalogue=self._catalogue)
            self._seats = checked
            self._bots.clear()
            self._cancel_bots()
            self.error = ""
            self._publish(reset_log=True)
        self._schedule_bots()

    def preview_move(self, move: Move | dict[str, Any] | str) -> dict[str, Any]:
        """What a purchase or build would do now (nothing is played); also shown on the
        board.  An illegal move raises :class:`IllegalMoveError` with the reason."""
        with self._lock:
            parsed = as_move(move)
            if self._game.current_player is None:
                raise IntentError("the game is over: no more moves")
            result = preview_move(self._game.state, parsed)
            asked = int(self.preview.get("asked", 0)) + 1
            self.preview = {**result, "position": self._game.position,
                            "move": parsed.to_json(), "asked": asked}
            return result

    # ------------------------------------------------------------------ coach
    def hint(self, top: int = 3) -> Hint:
        """The coach's ``top`` best moves for the player to decide (the search bot's root
        statistics, see :mod:`nations_widget.dice.coach`), also shown on the board."""
        with self._lock:
            result = self._game.hint(top)
            self.coach = coach_payload(self.coach, hint=result, position=self._game.position)
            return result

    def set_coach(self, on: bool) -> None:
        """Coach on: after each of a human's moves the board says how it compared with
        the coach's best move (about 1-2 s of thinking per move)."""
        self.coach = {**self.coach, "on": bool(on), "verdict": None}

    def _coach_after_move(self) -> None:
        """With the coach on, grade the move just played (from the position before it)."""
        if not self.coach.get("on") or self._game.position == 0:
            return
        pos = self._game.position - 1
        before = self._game.state_at(pos)
        move = self._game.moves[pos]
        if len(before.legal_moves()) < 2:
            return
        verdict = compare(before, move, seed=self._game.config.seed ^ pos)
        self.coach = coach_payload(self.coach, verdict=verdict, position=pos + 1)

    # ------------------------------------------------------------ save and load
    def save_json(self, indent: int | None = None) -> str:
        """The game as JSON text (settings, moves and position: a replayable history, in
        the engine's format) plus the widget's ``seats``."""
        data = self._game.to_json()
        data["seats"] = list(self._seats)
        return json.dumps(data, indent=indent)

    def load_json(self, text: str | bytes | dict[str, Any]) -> None:
        """Load a game saved by :meth:`save_json` (or by the board's Save button).
        A bad file raises :class:`StateFormatError` with the reason, and changes nothing."""
        with self._lock:
            try:
                game = self._load(text)
            except StateFormatError as exc:
                self._fail(f"could not load the game: {exc}")
                raise
            self._game = game
            self._catalogue = game.catalogue
            self._seats = self._saved_seats(text, game.config.players)
            self._bots.clear()
            self._cancel_bots()
            self.error = ""
            self._publish(catalogue=True, reset_log=True)

    def load_catalogue(self, catalogue: Catalogue | str) -> None:
        """Play with other components (a :class:`Catalogue`, or a catalogue file's JSON
        text): starts a new game with the current settings."""
        with self._lock:
            if isinstance(catalogue, str):
                data = json_value(catalogue, "",
                                  error=lambda problem: CatalogueError("<file>", problem))
                catalogue = parse_catalogue(data, "<file>")
            self._catalogue = catalogue
            config = self._game.config
            # Unrest carries over when the new catalogue has the expansion's components
            unrest = config.unrest and catalogue.unrest is not None
            self._game = Game(config=GameConfig(config.players, _seed(None), config.variant,
                                                config.automate, config.solo_tougher, unrest),
                              catalogue=catalogue)
            self._bots.clear()
            self._cancel_bots()
            self.error = ""
            self._publish(catalogue=True, reset_log=True)
        self._schedule_bots()

    def _saved_seats(self, text: str | bytes | dict[str, Any], players: int) -> list[str]:
        """The seats saved with the game when they still make sense, else the current
        ones (or the defaults when the number of players changed)."""
        data = json_value(text, "a saved game")     # already loaded once: it is sound
        seats = data.get("seats") if isinstance(data, dict) else None
        if isinstance(seats, list):
            try:
                return self._checked_seats(seats, players)
            except (ValueError, TypeError):
                pass
        if len(self._seats) == players:
            return list(self._seats)
        return default_seats(players, self.bot_names)

    def _load(self, text: str | bytes | dict[str, Any]) -> Game:
        try:
            return Game.from_json(text, catalogue=self._catalogue)
        except StateFormatError as exc:
            if "'catalogue'" in str(exc) and self._catalogue != default_catalogue():
                return Game.from_json(text, catalogue=default_catalogue())
            raise

    # ---------------------------------------------------------------- messages
    def _on_custom_msg(self, _widget: object, content: object,
                       buffers: Sequence[object] | None = None) -> None:
        """Every message from the browser lands here.  Nothing may escape: a refusal is
        shown in the engine's words, anything unexpected only by its kind (a visitor sees
        no server internals; :attr:`last_internal_error` keeps it for Python)."""
        self._in_intent = True
        try:
            if buffers:
                raise IntentError("binary buffers are not accepted")
            intent = parse_intent(content)
            self._dispatch(intent)
        except (IntentError, IllegalMoveError, StateFormatError, CatalogueError, ValueError,
                IndexError) as exc:
            self._fail(str(exc))
        except Exception as exc:  # never raise into the kernel
            self.last_internal_error = exc
            self._fail(f"something went wrong inside the app ({type(exc).__name__}); "
                       "try again, or start a new game")
        finally:
            self._in_intent = False

    def handle_intent(self, content: object) -> None:
        """Act on an intent exactly as if the browser had sent it (for scripts and
        tests): refusals go to :attr:`error`, nothing raises."""
        self._on_custom_msg(self, content, None)

    def _dispatch(self, intent: Intent) -> None:
        f = intent.fields
        kind = intent.kind
        if kind == "move":
            self._intent_move(f["move"], f.get("seat"), f.get("position"))
        elif kind == "undo":
            steps = f.get("steps")
            if steps is not None and steps < 1:
                raise IntentError("'undo' field 'steps' must be at least 1")
            self.undo(steps)
            self.error = ""
        elif kind == "redo":
            self.redo()
            self.error = ""
        elif kind == "goto":
            self.goto(f["position"])
            self.error = ""
        elif kind == "new_game":
            self._intent_new_game(f.get("settings", {}))
        elif kind == "load":
            self._load_text(f["text"], f.get("name"))
        elif kind == "load_catalogue":
            name = f.get("name") or "the catalogue file"
            try:
                self.load_catalogue(f["text"])
            except CatalogueError as exc:
                raise IntentError(f"could not load {name}: {exc}") from None
        elif kind == "save":
            cfg = self._game.config
            self.send({"kind": "saved", "text": self.save_json(indent=1),
                       "filename": f"nations-dice-{cfg.players}p-seed{cfg.seed}-"
                                   f"move{self._game.position}.json"})
        elif kind == "set_seat":
            self.set_seat(f["seat"], f["player"])
            self.error = ""
        elif kind == "bot_move":
            if self._runner_live():
                return                    # the bots are playing already: one runner
            if self._game.is_over:
                raise IntentError("the game is over")
            self.error = ""
            self._schedule_bots(hint=True)
        elif kind == "play_bots":
            if self._runner_live():
                return                    # a double click, or a second page: one runner
            if not self._bot_due():
                raise IntentError("no bot is to move: it is a human's decision"
                                  if not self._game.is_over else "the game is over")
            self.error = ""
            self._schedule_bots()
        elif kind == "clear_error":
            self.error = ""
        elif kind == "skip_bots":
            if not self._bot_due():
                raise IntentError("no bot is to move")
            self.error = ""
            self.play_bots()         # at once: the board then lists what they did
        elif kind == "preview":
            self.preview_move(f["move"])
        elif kind == "hint":
            if self._game.is_over:
                raise IntentError("the game is over: there is nothing to advise")
            self.hint()
        elif kind == "coach":
            self.set_coach(f["on"])
        elif kind == "log_sync":
            with self._lock:
                self._publish_log(reset=True)

    def _intent_move(self, raw: dict[str, Any], seat: int | None,
                     position: int | None = None) -> None:
        with self._lock:
            current = self._game.current_player
            if position is not None and position != self._game.position:
                # a second click of a double click, or a click on a board that an update
                # had not reached yet: it was meant for another position
                raise IntentError(f"that click was made on move {position}; the game is at "
                                  f"move {self._game.position} now, so nothing was played")
            if current is None:
                raise IntentError("the game is over: no more moves")
            if seat is not None and seat != current:
                raise IntentError(f"it is not {seat_label(seat)}'s turn: "
                                  f"{seat_label(current)} is to decide")
            if self._seats[current] != "human":
                raise IntentError(f"{seat_label(current)} is played by the "
                                  f"{self._seats[current]} bot; wait for its move")
            move = as_move(raw)
            self._game.play(move)
            self._cancel_bots()
            self.error = ""
            self._publish()
            self._coach_after_move()
        self._schedule_bots()

    def _intent_new_game(self, settings: dict[str, Any]) -> None:
        check_settings(settings)
        players = settings.get("players", self._game.config.players)
        seed = settings.get("seed")
        if isinstance(seed, str):
            seed = seed.strip()
            if seed and not seed.lstrip("-").isdigit():
                raise IntentError(f"the seed must be a whole number, got {seed[:20]!r}")
            seed = int(seed) if seed else None
        delay = settings.get("bot_delay")
        try:
            self.new_game(players, settings.get("seats"), seed,
                          variant=settings.get("variant"), automate=settings.get("automate"),
                          solo_tougher=settings.get("solo_tougher"),
                          unrest=settings.get("unrest"),
                          bot_delay=None if delay is None else float(delay))
        except ValueError as exc:
            raise IntentError(f"cannot start that game: {exc}") from None

    def _load_text(self, text: str, name: str | None) -> None:
        what = name or "the file"
        try:
            self.load_json(text)
        except StateFormatError as exc:
            self._fail(f"could not load {what}: {exc}")

    # ------------------------------------------------------------------- bots
    def _bot_for(self, seat: int, name: str | None = None) -> Bot:
        who = name or self._seats[seat]
        if who == "human":
            if not self.bot_names:
                raise IntentError("no bot is available")
            who = PREFERRED_BOT if PREFERRED_BOT in self.bot_names else self.bot_names[0]
        if name is None and self._seats[seat] != "human":
            bot = self._bots.get(seat)
            if bot is None:
                bot = self._bots[seat] = self._bot_factory(who, self._bot_seed(seat))
            return bot
        return self._bot_factory(who, self._bot_seed(seat) + self._game.position)

    def _cancel_bots(self) -> None:
        """Forget any scheduled bot move (the game changed under it): the live runner, if
        any, sees the new epoch and stops without applying what its bot chose."""
        self._epoch += 1
        self.busy = False

    def _bot_seed(self, seat: int) -> int:
        return (self._game.config.seed * 7919 + seat * 104729) % (2**31)

    def _bot_due(self) -> bool:
        seat = self._game.current_player
        return seat is not None and self._seats[seat] != "human"

    def _runner_live(self) -> bool:
        """A bot runner is playing the current game (it started after the last change)."""
        return self._runner is not None and self._runner == self._epoch

    def _schedule_bots(self, hint: bool = False) -> None:
        """Let the bots answer (after a human decision, a seat change, a new game, or the
        ``play_bots`` / ``bot_move`` intents); ``hint``: a bot first plays the current
        decision even if a human sits there (the ``bot_move`` intent).

        One runner per widget: while one is playing the current game, another request is
        ignored (a double click whose busy flag had not reached the page yet, a second page
        on the same kernel).  Anything that changes the game (a move, undo, new game...)
        bumps the epoch, which stops the runner.

        Where the bots think:

        - an intent from the browser inside a running asyncio loop (Jupyter, Voila), or any
          call with a ``bot_delay``: an asyncio task; each bot thinks in a worker thread
          (a search takes seconds and must not block the kernel's message loop) and its
          move is applied back on the loop, only to the position it was chosen for;
        - ``bot_delay`` 0 from Python (a script, a notebook cell): at once, synchronously;
        - a ``bot_delay`` without a loop: a timer thread.
        """
        if not hint and not self._bot_due():
            return
        if self._runner_live():
            return
        try:
            loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None or (self.bot_delay <= 0 and not self._in_intent):
            if hint or self.bot_delay <= 0:           # at once, on this thread
                try:
                    if hint:
                        self.bot_move()
                    if self.bot_delay <= 0:
                        self.play_bots()
                except Exception as exc:
                    self._fail(f"a bot failed ({type(exc).__name__}): {exc}")
                    return
                if self.bot_delay <= 0 or not self._bot_due():
                    return
            with self._lock:
                epoch = self._runner = self._epoch
                self.busy = True
            timer = threading.Timer(self.bot_delay, self._thread_step, (epoch,))
            timer.daemon = True
            timer.start()
            return
        with self._lock:
            epoch = self._runner = self._epoch
            self.busy = True
        self._task = loop.create_task(self._async_bots(epoch, hint))

    def _apply_bot_move(self, epoch: int, game: Game, state: GameState, move: Move) -> bool:
        """Play ``move``, which a bot chose for ``state`` of ``game``, if the widget is
        still there: same epoch, same game, same position (the very state object; an undo
        followed by another move makes a new one).  Returns whether it was played."""
        with self._lock:
            if epoch != self._epoch or self._game is not game or game.state is not state:
                return False
            game.play(move)
            self._publish()
            return True

    async def _async_bots(self, epoch: int, hint: bool = False) -> None:
        loop = asyncio.get_running_loop()
        try:
            while epoch == self._epoch and (hint or self._bot_due()):
                if not hint and self.bot_delay > 0:
                    await asyncio.sleep(self.bot_delay)
                    if epoch != self._epoch or not self._bot_due():
                        break
                game = self._game
                state = game.state
                seat = state.current_player()
                if seat is None:
                    break
                bot = self._bot_for(seat)
                move = await loop.run_in_executor(None, bot.choose, state.clone())
                if not self._apply_bot_move(epoch, game, state, move):
                    break
                hint = False
        except Exception as exc:
            if epoch == self._epoch:
                self._fail(f"a bot failed ({type(exc).__name__}): {exc}")
        finally:
            if self._runner == epoch:
                self._runner = None
            if epoch == self._epoch:
                self.busy = False

    def _thread_step(self, epoch: int) -> None:
        try:
            with self._lock:
                if epoch != self._epoch or not self._bot_due():
                    self._stop_runner(epoch)
                    return
                state = self._game.state
                seat = state.current_player()
                assert seat is not None
                move = self._bot_for(seat).choose(state.clone())
                if not self._apply_bot_move(epoch, self._game, state, move) \
                        or not self._bot_due():
                    self._stop_runner(epoch)
                    return
            timer = threading.Timer(self.bot_delay, self._thread_step, (epoch,))
            timer.daemon = True
            timer.start()
        except Exception as exc:
            if epoch == self._epoch:
                self._fail(f"a bot failed ({type(exc).__name__}): {exc}")
            self._stop_runner(epoch)

    def _stop_runner(self, epoch: int) -> None:
        with self._lock:
            if self._runner == epoch:
                self._runner = None
            if epoch == self._epoch:
                self.busy = False

    # ---------------------------------------------------------------- helpers
    def _checked_seats(self, seats: Sequence[str] | None, players: int) -> list[str]:
        if seats is None:
            return default_seats(players, self.bot_names)
        if isinstance(seats, str) or len(seats) != players:
            raise ValueError(f"give one seat per player ({players}), got {list(seats)!r}")
        allowed = ["human", *self.bot_names]
        for who in seats:
            if who not in allowed:
                raise ValueError(f"unknown seat player {who!r}: choose one of "
                                 f"{', '.join(allowed)}")
        return list(seats)

    def _undo_target(self) -> int:
        """The position the board's Undo goes back to: the previous decision of a human
        seat (so that undoing in a game against bots does not land on a bot's turn)."""
        pos = self._game.position
        if all(s == "human" for s in self._seats):
            return pos - 1
        for p in range(pos - 1, -1, -1):
            seat = self._game.state_at(p).current_player()
            if seat is not None and self._seats[seat] == "human":
                return p
        return pos - 1

    def _fail(self, message: str) -> None:
        """Show a refusal on the board (shortened: a message quoting a huge input must
        not flood the page)."""
        if len(message) > MAX_ERROR_CHARS:
            message = message[:MAX_ERROR_CHARS - 1] + "…"
        self.error = message

    def _publish_log(self, reset: bool = False) -> None:
        """Send the browser what changed in the log (everything when ``reset``)."""
        entries = log_payload(self._game, self.log_limit)
        if not reset and self._log_seq and entries == self._log:
            return
        prev = None if reset or not self._log_seq else self._log_seq
        self._log_seq += 1
        self.log_patch = log_patch(self._log, entries, self._log_seq, prev)
        self._log = entries

    def _publish(self, catalogue: bool = False, reset_log: bool = False) -> None:
        game = self._game
        undo_to: int | None = None
        if game.can_undo:
            undo_to = self._undo_target()
        cfg = game.config
        with self.hold_sync():
            if catalogue or self.catalogue.get("fingerprint") != game.catalogue.fingerprint:
                self.catalogue = catalogue_payload(game.catalogue)
                self.reconstructed = game.catalogue.reconstructed
            self.seats = list(self._seats)
            self.settings = {**cfg.to_json(), "bot_delay": self.bot_delay,
                             "max_message": MAX_MESSAGE_CHARS}
            self.view = view_payload(game, self._seats)
            current = game.current_player
            human = current is not None and self._seats[current] == "human"
            self.legal = legal_payload(game.state) if human else []
            self._publish_log(reset=reset_log)
            self.history = history_payload(game, undo_to)

    def __repr__(self) -> str:
        return f"<NationsWidget {self._game!r} seats={self._seats}>"


def _seed(seed: int | str | None) -> int:
    if seed is None or seed == "":
        return secrets.randbelow(2**31)
    if isinstance(seed, str):
        return int(seed)
    return seed
