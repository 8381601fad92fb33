"""The game-generic widget: :class:`GameWidget` plays any engine's history game through a
:class:`~nations_widget.widget.shell.adapter.GameAdapter`.

Python owns everything: the browser only draws the synced traits and sends *intents*
(see :mod:`nations_widget.widget.shell.intents`), which Python checks, has the engine
validate, applies and publishes.  A refused intent sets ``error`` and changes nothing; no
message from the browser ever raises into the kernel.  The browser cannot write the
synced traits (an update to one is dropped and the true value sent back), and a bot never
thinks on the kernel's message loop when a page asked for its move (see
:mod:`~nations_widget.widget.shell.bot_runner`).

A game's widget is a small subclass: its bundle (``_esm``, ``_css``), its game-only
traits (``GAME_TRAITS``, filled from ``GameAdapter.extra_traits``), its constructor and
whatever Python API it keeps (the dice game's :class:`~nations_widget.widget.DiceWidget`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Collection, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any, ClassVar, Generic, NoReturn, TypeVar, cast

import anywidget
import traitlets

from ...core.errors import IllegalMoveError, SeatChoiceError
from ...core.history import HistoryGame
from ...tables import LinkError
from .adapter import BotFactory, GameAdapter, ToJson
from .bot_runner import BotHooks, BotRunner, SeatBots
from .bots import checked_seats
from .coach import COACH_OFF
from .coaching import CoachHooks, Coaching
from .intent_handlers import check_click, dispatch
from .intents import IntentError, IntentTable
from .keeping import Keep, Keeping
from .local_bots import LocalBotHooks, LocalBots, bots_offered
from .log import LOG_LIMIT
from .new_game import fresh_seed, plan_new_game
from .positions import ShownPositions
from .publishing import Publisher, PublishHooks, PublishParts, game_info, undo_target
from .review import REVIEW_OFF
from .saving import Loading, Marks, Rollback, load, save_text, saved_seats
from .seating import SeatingHooks, TableSeating, invite
from .table_mode import NO_COACH, NO_SAVE, REMOTE, Hands, TableBinding
from .wire import AS_JSON_TEXT, from_page

STATIC = Path(__file__).resolve().parents[2] / "static"


#: The generic synced traits (all of them, like every other synced trait, are written by
#: Python only: see :meth:`GameWidget.set_state`).  A game adds its ``GAME_TRAITS``.
GENERIC_TRAITS: tuple[str, ...] = (
    "game_kind", "game_info", "view", "legal", "log_patch", "error", "seats", "bot_names",
    "bot_info", "settings", "history", "busy", "preview", "coach", "new_game_open", "fair",
    "review", "table", "kept",
)

#: The longest refusal shown on the board, in characters.
MAX_ERROR_CHARS = 400

#: Seconds between two bot moves in the browser (0: bots move at once, synchronously).
DEFAULT_BOT_DELAY = 0.8

G = TypeVar("G", bound=HistoryGame[Any, Any])
M = TypeVar("M")
T = TypeVar("T")


class GameWidget(anywidget.AnyWidget, Generic[G, M]):
    """A game of any engine in Jupyter or Voila, played through its adapter.

    Python API: :attr:`game`, :attr:`state`, :meth:`play`, :meth:`undo`, :meth:`redo`,
    :meth:`goto`, :meth:`bot_move`, :meth:`play_bots`, :meth:`start_game`,
    :meth:`save_json`, :meth:`load_json`, :meth:`set_seat`, :meth:`preview_move`,
    :meth:`hint`, :meth:`set_coach`, :meth:`handle_intent`.  Whatever is done from Python
    shows at once on the board.  ``bot_delay``: the pause before each bot move (seconds);
    0 plays the bots synchronously when Python asks (what tests and scripts want), and at
    once but in a worker thread when the page asks from inside Jupyter or Voila.
    """

    #: the game-only synced traits a subclass declares (each read-only, like the others)
    GAME_TRAITS: ClassVar[tuple[str, ...]] = ()

    #: how many of the newest log entries the board shows
    log_limit = LOG_LIMIT

    # ------------------------------------------------------------ synced traits
    #: which game this is ("dice", "board"): the page's bundle draws only that game
    game_kind = traitlets.Unicode("").tag(sync=True)
    #: ``{"kind", "title", "player_counts", "preferred_bot", "bot_levels", "fair_words"}``
    #: (sent once;
    #: ``bot_levels``: each bot's level in words, shown beside its name)
    game_info = traitlets.Dict().tag(sync=True, **AS_JSON_TEXT)
    #: the table as the acting seat sees it (the adapter's ``view_payload``)
    view = traitlets.Dict().tag(sync=True, **AS_JSON_TEXT)
    #: the acting human's legal moves: ``[{move, text, ...}]`` ([] on a bot's turn)
    legal: traitlets.List[Any] = traitlets.List().tag(sync=True, **AS_JSON_TEXT)
    #: how the browser's copy of the log changes: see
    #: :func:`~nations_widget.widget.shell.log.log_patch` (what a move adds, not the log)
    log_patch = traitlets.Dict().tag(sync=True, **AS_JSON_TEXT)
    #: the last refusal's reason, '' when none
    error = traitlets.Unicode("").tag(sync=True)
    #: per seat, "human" or a bot name
    seats: traitlets.List[str] = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: the bots that can take a seat
    bot_names: traitlets.List[str] = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: a one-line description per bot name (for the seat menus)
    bot_info = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True, **AS_JSON_TEXT)
    #: the game's settings (its config's JSON), ``bot_delay`` and ``max_message``; the
    #: ``seed`` only once the game is over (see :mod:`~nations_widget.widget.shell.secrecy`)
    settings = traitlets.Dict().tag(sync=True, **AS_JSON_TEXT)
    #: fair dice, shown: the game's ``fingerprint`` (a commitment to its seed, made when
    #: it was created), and once the game is over the ``seed``, ``salt`` and ``text``
    #: whose SHA-256 it is (see :mod:`nations_widget.core.fairness`)
    fair = traitlets.Dict().tag(sync=True, **AS_JSON_TEXT)
    #: the position shown, where the game is (``game_at``: the position play goes on from,
    #: which looking through the history leaves), and where Undo goes back to; ``game`` numbers
    #: the games this widget has shown (a new game or a load is the next number: the page
    #: tells one game from the next by it, the seed being secret)
    history = traitlets.Dict(per_key_traits={
        "position": traitlets.Int(), "length": traitlets.Int(), "can_undo": traitlets.Bool(),
        "can_redo": traitlets.Bool(), "undo_to": traitlets.Int(), "game_at": traitlets.Int(),
        "game": traitlets.Int()}).tag(sync=True, **AS_JSON_TEXT)
    #: bots are playing (scheduled moves pending)
    busy = traitlets.Bool(False).tag(sync=True)
    #: the last preview asked (intent ``preview``): the adapter's ``preview_payload`` plus
    #: ``position``, ``move``, the page's ``ask`` number when given, and ``asked`` (how many
    #: previews this widget has made: the same preview asked again after a Cancel is a new
    #: value, so it is sent again and the board does not wait for it)
    preview = traitlets.Dict().tag(sync=True, **AS_JSON_TEXT)
    #: the coach (see :mod:`nations_widget.widget.shell.coach`): ``{"on", "hint", "verdict"}``
    coach = traitlets.Dict(COACH_OFF, per_key_traits={"on": traitlets.Bool()}).tag(
        sync=True, **AS_JSON_TEXT)
    #: the page opens the New game dialog when it first draws this widget (the app sets it
    #: for a game just chosen, so that the player picks the settings first); starting a
    #: new game or loading one clears it
    new_game_open = traitlets.Bool(False).tag(sync=True)
    #: the coach's review of the game (see :mod:`nations_widget.widget.shell.review`):
    #: ``{"status", "available", "done", "total", "result", "answer", ...}``
    review = traitlets.Dict(REVIEW_OFF).tag(sync=True, **AS_JSON_TEXT)
    #: the table this screen sits at (:mod:`~nations_widget.widget.shell.table_mode`'s
    #: ``table_payload``), ``{}`` for a game played only here
    table = traitlets.Dict().tag(sync=True, **AS_JSON_TEXT)
    #: the game kept in the store as it is played (see :mod:`~.keeping`), ``{}`` when it
    #: is not: ``{"id", "kind", "token", "summary", "status": "kept"}``, or ``{"status":
    #: "off", "message"}`` once the store could not be written (the game plays on; with
    #: ``"id"`` and ``"gone": true`` when its record was deleted meanwhile, forgotten in
    #: another tab).  The token is the game's only link: the page keeps it in this browser
    #: alone
    kept = traitlets.Dict().tag(sync=True, **AS_JSON_TEXT)

    def __init__(self, adapter: GameAdapter[G, M], *, game: G | None = None,
                 settings: Mapping[str, Any] | None = None,
                 seats: Sequence[str] | None = None,
                 bot_delay: float = DEFAULT_BOT_DELAY,
                 bot_factory: BotFactory | None = None,
                 bot_names: Sequence[str] | None = None,
                 keep: Keep | None = None, **kwargs: Any) -> None:
        """``game``: play this game (else a new one with ``settings``: the generic and
        the game's new-game settings, ``players`` required).  ``keep``: keep each game
        in the store as it is played (see :mod:`~.keeping`): ``True`` in this process's
        store, or a store; ``None`` (the default) only when the environment variable
        ``NATIONS_KEEP_GAMES`` says so ("1", "true", "yes"), so that a widget made in a
        notebook writes no file unless asked.  The app turns it on."""
        super().__init__(**kwargs)
        self._adapter = adapter
        self._intents = IntentTable.of(
            {kind: (x.fields, x.required) for kind, x in adapter.extra_intents.items()},
            adapter.settings_fields)
        self._lock = threading.RLock()
        self._loaded = False                  # the game was loaded (a review is offered)
        self._in_intent = False               # handling a message from the browser
        self._game_number = 1                 # the ``game`` of the ``history`` trait
        #: the ``coach`` and ``review`` traits as the coach wrote them ("Player 2"): the page
        #: gets them with the players' names at a table, put in anew when a name changes
        #: (a text named once is never named again: a name may itself read "Player 3")
        self._said: dict[str, dict[str, Any]] = {"coach": dict(self.coach),
                                                 "review": dict(self.review)}
        #: the table this screen sits at, if any (see :mod:`~.seating`)
        self.seating = TableSeating(self._lock, SeatingHooks(
            publish=self._publish, fail=self._fail,
            clear_error=partial(setattr, self, "error", ""),
            bot_delay=lambda: self.bot_delay, log=self.log,
            ping=lambda message: self.send(message)))
        # the game kept, if asked (in the browser: its save text, for the page to store)
        self._keeping = Keeping(keep, self.log, self._lock, save_text=self.save_json)
        #: the view and legal payloads of the positions shown lately, and of the likely
        #: next ones worked out while a person thinks (see :mod:`~.positions`)
        self.positions = ShownPositions(adapter)
        #: the last unexpected exception an intent raised (the board shows only its kind)
        self.last_internal_error: BaseException | None = None
        #: the seats this screen plays when not all of them (:meth:`play_only`), else None
        self._screen_only: frozenset[int] | None = None
        #: intents this widget refuses, by kind, with the reason in words (a lesson's
        #: table refuses New game and Load: see :mod:`nations_widget.widget.learn`)
        self.refused_intents: dict[str, str] = {}
        names, factory = bots_offered(adapter, bot_factory, bot_names)
        #: the seats' bots: their turns and where their moves go (see :mod:`~.local_bots`)
        self.local_bots = LocalBots(self._lock, self.seating, SeatBots(
            factory, names, adapter.preferred_bot), LocalBotHooks(
            game=lambda: self._game, seats=lambda: self._seats, publish=self._publish,
            fail=self._fail, clear_error=partial(setattr, self, "error", ""),
            internal_error=partial(setattr, self, "last_internal_error"), log=self.log))
        #: the hint, grading, review and puzzles (see :mod:`~.coaching`)
        self.coaching = Coaching(adapter, self._lock, CoachHooks(
            game=lambda: self._game, seats=lambda: self._seats, loaded=lambda: self._loaded,
            coach=lambda: self._said["coach"], show_coach=partial(self._show_said, "coach"),
            review=lambda: self._said["review"],
            show_review=partial(self._show_said, "review"),
            fail=self._fail, clear_error=partial(setattr, self, "error", ""),
            internal_error=partial(setattr, self, "last_internal_error"),
            refuse_coach=lambda: self.seating.refuse(NO_COACH, shared_only=True),
            in_intent=lambda: self._in_intent, goto=self.goto,
            back_to_game=self.back_to_game))
        #: where and when the bots play (see :mod:`~.bot_runner`)
        bots = self.local_bots
        self.bot_runner = BotRunner(self._lock, BotHooks(
            due=bots.due, turn=bots.turn, apply=bots.apply,
            busy=partial(setattr, self, "busy"), publish=self._publish, failed=bots.failed,
            hint_now=self.bot_move, delay=lambda: self.bot_delay,
            in_intent=lambda: self._in_intent))
        #: the board's traits worked out and set (see :mod:`~.publishing`)
        self.publisher = Publisher(self, adapter, self._lock, PublishParts(
            self.positions, self.seating, self.coaching, self._keeping, self.bot_runner),
            PublishHooks(game=lambda: self._game, seats=lambda: self._seats,
                         set_seats=partial(setattr, self, "_seats"),
                         game_number=lambda: self._game_number,
                         said=lambda: self._said))
        #: what a load asks of the widget (see :func:`~.saving.load`)
        self._loading = Loading(adapter, seats=lambda data, n: saved_seats(
            data, n, self._seats, self._checked_seats,
            lambda players: adapter.default_seats(players, self.bot_names)),
            record=lambda: Rollback.record(self, self.read_only_traits(), (
                Marks(self._mark_records, self._restore_records), self.local_bots,
                self.positions, self.publisher, self._keeping)),
            widget=self, show=self._show_loaded, fail=self._fail,
            internal_error=partial(setattr, self, "last_internal_error"))
        self.bot_names = list(names)
        self.bot_info = adapter.bot_descriptions(names)
        self.bot_delay = float(bot_delay)
        self.game_kind = adapter.kind
        self.game_info = game_info(adapter, names)
        if game is None:
            wanted = dict(settings or {})
            wanted["seed"] = fresh_seed(wanted.get("seed"))
            game = adapter.new_game(wanted, None)
        self._game: G = game
        self._seats = self._checked_seats(seats, adapter.seat_count(game))
        self.on_msg(self._on_custom_msg)
        self._publish(full=True)
        self.bot_runner.schedule()

    # ------------------------------------------------------- browser-side writes
    @classmethod
    def read_only_traits(cls) -> tuple[str, ...]:
        """Every synced trait of the game (the browser writes none of them)."""
        return GENERIC_TRAITS + cls.GAME_TRAITS

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """A state update from the browser (the comm's ``update`` method): refused.

        The board never writes a trait: it sends intents.  Every synced trait is Python's
        picture of the game (:meth:`read_only_traits`) or the widget's own machinery (its
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
    def adapter(self) -> GameAdapter[G, M]:
        return self._adapter

    @property
    def game(self) -> G:
        """The engine game (with its history).  Change it through this widget's methods
        so that the board follows; after changing it directly, call :meth:`refresh`."""
        return self._game

    @property
    def state(self) -> Any:
        return self._game.state

    @property
    def intent_kinds(self) -> tuple[str, ...]:
        """The intents this widget understands (the generic ones and the game's)."""
        return self._intents.kinds

    @property
    def game_log(self) -> list[dict[str, Any]]:
        """The newest log entries up to the current position, as the board shows them.
        The browser gets them through the ``log_patch`` trait: only what changed."""
        return list(self.publisher.log)

    def refresh(self) -> None:
        """Publish the game again (after changing :attr:`game` behind the widget's back)."""
        with self._lock:
            self._publish(full=True, reset_log=True)

    # ----------------------------------------------------------------- playing
    def play(self, move: Any, then: Any = None) -> None:
        """Play a move (a move object, its JSON object or JSON text) for the current
        player (whoever sits there); the bots then answer.  An illegal move raises
        :class:`IllegalMoveError`, shows its reason and changes nothing.  ``then``: the
        answer to the question the move asks next of the same seat (where the card it
        takes goes), played with it as one gesture: both, or neither."""
        with self._lock:
            if self.seating.binding is not None:
                self.seating.write(lambda b: b.play(move, then))
                return
            try:
                self._play_parsed(move, then)
            except IllegalMoveError as exc:
                self._fail(str(exc))
                raise
            self._changed()
        self.bot_runner.schedule()

    def _play_parsed(self, move: Any, then: Any) -> None:
        """Play ``move``, and ``then`` with it when given (one gesture: both or nothing)."""
        parse = self._adapter.parse_move
        if then is None:
            self._game.play(parse(move))
        else:
            self._game.play_joined(parse(move), parse(then))

    def undo(self, steps: int | None = 1) -> None:
        """Go back ``steps`` moves (None: back to the previous decision of a human seat,
        what the board's Undo button does).  Bots wait until told to play."""
        with self._lock:
            if steps is not None and steps < 1:
                raise ValueError("steps must be at least 1")
            if self.seating.binding is not None:
                self.seating.write(lambda b: b.undo())
                return
            target = self._undo_target() if steps is None else self._game.position - steps
            if not self._game.can_undo or target < 0:
                self._refuse(IllegalMoveError("nothing to undo: this is the start of the game"))
            self._changed(partial(self._game.resume, target))

    def redo(self) -> None:
        """Play again the last move undone (Undo's opposite; not at a table)."""
        with self._lock:
            self.seating.refuse("there is no redo at a table: the game goes on from its "
                                "last stored move")
            if not self._game.can_redo:
                self._refuse(IllegalMoveError("nothing to redo"))
            self._changed(self._game.redo)

    def goto(self, position: int) -> None:
        """Jump to the position after ``position`` moves (a replay: nothing is re-rolled)."""
        with self._lock:
            length = self._game.length
            if isinstance(position, bool) or not isinstance(position, int) \
                    or not 0 <= position <= length:
                self._refuse(IndexError(f"position must be 0-{length}, got {position!r}"))
            self._changed(partial(self._game.goto, position))

    def back_to_game(self) -> None:
        """Show where the game is again after looking through the history: the position
        of the last move, undo or redo (not the moves undone)."""
        with self._lock:
            self._changed(self._game.back_to_game)

    def continue_here(self) -> None:
        """Play on from the position shown ("Continue from here"): the game is there now
        (the later moves stay in the history until a move replaces them).  The bots wait
        until told to play, as after an undo."""
        with self._lock:
            self.seating.refuse("at a table the game goes on from its last stored move; "
                                "use Back to the game")
            self._changed(lambda: self._game.resume(self._game.position))

    def bot_move(self, name: str | None = None) -> M:
        """Let a bot play the current decision and return its move: the seat's own bot,
        or ``name``, or for a human seat the preferred bot (a hint)."""
        move: M = self.local_bots.decide_now(name)
        return move

    def play_bots(self, max_moves: int = 100_000) -> int:
        """Play bot seats synchronously until a human must decide or the game ends;
        return how many moves the bots made."""
        return self.bot_runner.play_now(max_moves)

    def set_seat(self, seat: int, player: str) -> None:
        """Seat a human (``"human"``) or a bot (one of :attr:`bot_names`) at ``seat``."""
        with self._lock:
            n = len(self._seats)
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
                raise SeatChoiceError(f"seat must be 0-{n - 1}, got {seat!r}")
            if self.seating.binding is not None:
                self.seating.write(lambda b: b.set_seat(seat, player))
                return
            seats = list(self._seats)
            seats[seat] = player
            self._seats = self._checked_seats(seats, n)
            self.local_bots.forget(seat)
            self._changed()
        self.bot_runner.schedule()

    def play_only(self, seats: Collection[int]) -> None:
        """This screen plays ``seats`` and no other seat: the others wait, shown as seats
        this screen does not play (``"remote"`` in the ``seats`` trait): no decision of
        theirs is offered here and no bot plays them; :meth:`play` from Python still plays
        any seat.  A lesson's table: the learner's seat only, so that the end of the
        learner's turn does not invite them to play the other side."""
        with self._lock:
            if self.seating.binding is not None:
                raise ValueError("a shared table's seats are the table's")
            n = len(self._seats)
            chosen = frozenset(seats)
            if not chosen or not chosen <= set(range(n)):
                raise ValueError(f"give seats among 0-{n - 1}, got {sorted(chosen)!r}")
            self._screen_only = chosen
            self._seats = self._checked_seats(
                [s if s != REMOTE else "human" for s in self._seats], n)
            self.local_bots.forget()
            self.bot_runner.cancel()
            self._publish()

    def start_game(self, settings: Mapping[str, Any] | None = None) -> None:
        """Start a new game with ``settings`` (the ``new_game`` intent's: ``players``,
        ``seats``, ``seed``, ``bot_delay`` and the game's own); unspecified settings keep
        their current values, except the seed (None: a fresh random seed).  Bad settings
        raise :class:`ValueError` and change nothing.

        At a table, a seat given as ``"remote"`` (a person at their own screen, as the
        ``seats`` trait says: a page's Play again sends the seats it was shown) is invited
        again: the new game is a new table, with a new link for that seat on this page;
        the finished table stays in the store as it was (its links bring it back)."""
        settings = dict(settings or {})
        self._intents.check_settings(settings)
        with self._lock:
            plan = plan_new_game(settings, self._adapter, self._game, self._seats,
                                 self.bot_names, at_table=self.seating.binding is not None,
                                 only=self._screen_only)
            hands = invite(plan.game, list(plan.seats), self.bot_names,
                           self._adapter.seat_count(plan.game)) if plan.new_table else None
            if plan.bot_delay is not None:
                self.bot_delay = plan.bot_delay
            if hands is not None:
                self.sit_at(hands)
                return
            self._loaded = False
            self._replace_game(plan.game, list(plan.seats))
        self.bot_runner.schedule()

    # ---------------------------------------------------- tables (see seating.py)
    @property
    def table_binding(self) -> TableBinding | None:
        """The table this screen sits at (None: a game played only here)."""
        return self.seating.binding

    def sit_at(self, hands: Hands | Sequence[str], *, run_bots: bool = True) -> None:
        """Show the table whose links ``hands`` holds (opened links, or the links
        themselves, opened in this process's store): this screen plays its seats, sees
        only their view, and follows the other screens' moves as they are stored (see
        :mod:`~nations_widget.widget.shell.table_mode`).  ``run_bots``: this screen plays
        the table's bots' turns (each stored once whoever else runs them)."""
        hands = self.seating.open(hands, self._adapter.kind)
        if hands.table.record.undo == "screen":
            self._continue_kept(hands)
            return
        with self._lock:
            binding = self.seating.sit(hands, run_bots=run_bots)
            self._replace_game(cast(G, hands.table.game), binding.seats(), full=True,
                               leave=False)
        binding.start()

    def _continue_kept(self, hands: Hands) -> None:
        """A game kept from one screen (its link, from this browser's "Continue a game"
        list or address), back where it was stored, played here again and kept on."""
        if hands.host is None:
            raise LinkError("this link does not open a game kept from one screen")
        table = hands.table
        seats = [bot if bot is not None and bot in self.bot_names else "human"
                 for bot in table.bots]
        with self._lock:
            self.seating.leave()
            self._loaded = False
            self._keeping.reopen(table, hands.tokens[0])
            self._replace_game(cast(G, table.game), seats, full=True)
        self.bot_runner.schedule()

    def leave_table(self) -> None:
        """Stop following the table (it stays in the store; its links bring it back): the
        game shown goes on here only, every person's seat played at this screen."""
        with self._lock:
            binding = self.seating.leave()
            self._seats = [s if s != REMOTE else "human" for s in self._seats]
            self._publish(full=True)
        self.seating.wait_gone(binding)

    def preview_move(self, move: Any, ask: int | None = None) -> dict[str, Any]:
        """What a move would do now (nothing is played); also shown on the board (the
        ``preview`` trait, with ``position``, ``move`` and the page's ``ask`` number when
        given).  An illegal move raises :class:`IllegalMoveError` with the reason."""
        with self._lock:
            result = self.publisher.show_preview(move, ask)
        self.publisher.prepare_soon()        # the move previewed is likely next
        return result

    # ---------------------------------------------------- coach (see coaching.py)
    def hint(self, top: int = 3) -> ToJson:
        """The coach's ``top`` best moves for the player to decide (see the game's coach),
        also shown on the board."""
        return self.coaching.hint(top)

    def set_coach(self, on: bool) -> None:
        """Coach on: after each of a human's moves the board says how it compared with
        the coach's best move (a second or two of thinking per move)."""
        self.coaching.set_coach(on)

    def review_game(self, seats: Sequence[int] | None = None) -> Any:
        """The coach's review of the game up to where it is (see
        :mod:`nations_widget.core.review`), here and now; also shown on the board.
        ``seats``: the seats graded (default: the human seats, or all when bots play them
        all).  Offered for a finished game and a loaded one."""
        return self.coaching.review_game(seats)

    def cancel_review(self) -> None:
        """Stop a review under way (nothing happens when none is)."""
        self.coaching.cancel_review()

    def open_puzzle(self, puzzle: int) -> None:
        """Show puzzle number ``puzzle`` of the review on the board, to be answered by
        playing a move there (:meth:`answer_puzzle`); the game does not change."""
        self.coaching.open_puzzle(puzzle)

    def answer_puzzle(self, puzzle: int, move: Any) -> dict[str, Any]:
        """Grade ``move`` as the answer to puzzle number ``puzzle`` of the review shown
        (the engine checks it: see :func:`nations_widget.core.review.check_answer`); the
        answer is also shown on the board."""
        return self.coaching.answer_puzzle(puzzle, move)

    # ------------------------------------------------------------ save and load
    def save_json(self, indent: int | None = None) -> str:
        """The game as JSON text (settings, moves and position: a replayable history, in
        the engine's format) plus the widget's ``seats``.  Refused at a shared table."""
        self.seating.refuse(NO_SAVE, shared_only=True)
        return save_text(self._game, self._seats, indent)

    def load_json(self, text: str | bytes | dict[str, Any], *,
                  browser_id: str | None = None) -> None:
        """Load a game saved by :meth:`save_json` (or by the board's Save button).
        A bad file raises :class:`StateFormatError` with the reason, and changes nothing.
        ``browser_id``: the game is one the page kept in the browser's storage under that
        id (see :mod:`~.keeping`), and goes on being kept under it."""
        with self._lock:
            load(text, self._loading, browser_id)

    def _show_loaded(self, game: G, seats: list[str], browser_id: str | None) -> None:
        if browser_id is not None:
            self._keeping.resume(game, browser_id)
        self._loaded = True
        self._replace_game(game, seats, full=True)

    def _mark_records(self) -> tuple[Any, ...]:
        """The widget's own records of its game (what a failed load goes back to)."""
        return (self._game, self._game_number, self._seats, self.coaching.review_job,
                self._loaded, self.new_game_open, dict(self._said))

    def _restore_records(self, mark: tuple[Any, ...]) -> None:
        (self._game, self._game_number, self._seats, self.coaching.review_job,
         self._loaded, self.new_game_open, self._said) = mark

    def replace_game(self, game: G, *, full: bool = True) -> None:
        """Play ``game`` from now on (a game's own intents use this, e.g. the dice game's
        new catalogue), keeping the seats when their number still fits."""
        with self._lock:
            n = self._adapter.seat_count(game)
            seats = self._seats if len(self._seats) == n else None
            self._replace_game(game, self._checked_seats(seats, n), full=full)
        self.bot_runner.schedule()

    def _replace_game(self, game: G, seats: list[str], full: bool = False,
                      leave: bool = True) -> None:
        if leave:
            self.seating.leave()
        self._game = game
        self._game_number += 1
        self.new_game_open = False            # the settings are chosen: the dialog is done
        self._seats = seats
        self.local_bots.forget()
        self.bot_runner.cancel()
        self.error = ""
        self._publish(full=full, reset_log=True)

    # ---------------------------------------------------------------- messages
    def _on_custom_msg(self, _widget: object, content: object,
                       buffers: Sequence[object] | None = None) -> None:
        """Every message from the browser lands here (each acted on by
        :mod:`~.intent_handlers`).  Nothing may escape: a refusal is shown in the engine's
        words, anything unexpected only by its kind (a visitor sees no server internals;
        :attr:`last_internal_error` keeps it for Python)."""
        self._in_intent = True
        try:
            if buffers:
                raise IntentError("binary buffers are not accepted")
            dispatch(self, self._intents.parse(from_page(content)))
        except (ValueError, IndexError) as exc:   # IntentError and the engine's errors
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

    def play_clicked(self, move: Any, then: Any = None, seat: int | None = None,
                     position: int | None = None) -> None:
        """A move the page sent (the ``move`` intent): played only if it was clicked on the
        position shown now, for the seat to decide, and that seat is played here by a
        person (:func:`~.intent_handlers.check_click`); the coach then grades it and the
        bots answer."""
        with self._lock:
            binding = self.seating.binding
            check_click(self._game, self._seats, self._adapter.seat_label, seat, position,
                        at_table=binding is not None)
            if binding is not None:
                self.seating.write(lambda b: b.play(move, then))
                return
            self._play_parsed(move, then)
            self._changed()
            self.coaching.after_move()
        self.bot_runner.schedule()

    def _show_said(self, trait: str, value: dict[str, Any]) -> None:
        """Show the coach's ``coach`` or ``review`` trait, with the players' names at a
        table (see ``_said``)."""
        self._said[trait] = value
        setattr(self, trait, self.seating.named(value))

    # ---------------------------------------------------------------- helpers
    def _checked_seats(self, seats: Sequence[str] | None, players: int) -> list[str]:
        if seats is None:
            seats = self._adapter.default_seats(players, self.bot_names)
        return checked_seats(seats, players, self.bot_names, self._screen_only)

    def _undo_target(self) -> int:
        return undo_target(self._game, self._seats)

    def _changed(self, change: Callable[[], object] | None = None) -> None:
        """The game changes here (by ``change``, when given, made once any bot move due is
        forgotten): the refusal shown goes, and the board follows."""
        self.bot_runner.cancel()
        if change is not None:
            change()
        self.error = ""
        self._publish()

    def _refuse(self, refusal: Exception) -> NoReturn:
        """Show ``refusal`` on the board, and raise it."""
        self._fail(str(refusal))
        raise refusal

    def _fail(self, message: str) -> None:
        """Show a refusal on the board (shortened: a message quoting a huge input must
        not flood the page)."""
        message = self.seating.named(message)     # "Alice moved first", not "Player 2 ..."
        if len(message) > MAX_ERROR_CHARS:
            message = message[:MAX_ERROR_CHARS - 1] + "…"
        self.error = message

    def _publish(self, full: bool = False, reset_log: bool = False) -> None:
        """Send the board the game as it is now (see :mod:`~.publishing`)."""
        self.publisher.publish(full, reset_log)

    def prepare_likely_moves(self) -> int:
        """Work out now the next positions of the moves the person to decide is likely to
        make (see :meth:`~.publishing.Publisher.prepare_likely_moves`); how many."""
        return self.publisher.prepare_likely_moves()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self._game!r} seats={self._seats}>"

