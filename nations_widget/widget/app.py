"""The app (``notebooks/play.ipynb``, served by Voila): a choice of game, then that game.

>>> from nations_widget.widget.app import CHOICES, GAMES, requested_game
>>> [g.key for g in GAMES], [c.key for c in CHOICES]
(['dice', 'board'], ['dice', 'board', 'learn'])
>>> requested_game("game=board&x=1"), requested_game("game=chess"), requested_game("")
('board', None, None)
>>> requested_game("game=learn")
'learn'

:func:`game_app` returns what the notebook displays: a :class:`GameApp`, an ipywidgets
``VBox`` holding the chooser (:class:`GameChooser`, a small anywidget: one large button
per game with a line on it before a choice, a bar of two buttons after; on a Voila page it
sets the page's title to the game shown) and the games chosen so far.  A game's widget is
made the first time it is chosen and kept: switching to the other game and back finds
each game where it was (the one not shown is hidden, not closed).  The board game opens
with its New game dialog (players, seats, difficulty per seat, player boards, cards,
length, seed), the dice game straight at its table (you against an easy bot,
:data:`APP_DICE_BOT`; New game offers every level up to the strongest).

**Learn** (:data:`LEARN`, the chooser's third entry, ``?game=learn``): guided lessons of
both games on a live table (:class:`~nations_widget.widget.learn.LearnView`); the last
lesson of each game offers a first game against a gentle bot with the coach on
(:meth:`GameApp.first_game`).

A link can open one game directly: ``?game=dice`` or ``?game=board`` on the app's address.
Voila hands the page's query string to the kernel (``QUERY_STRING`` in its environment;
with a preheated kernel, which ran the notebook before anybody asked,
:func:`wait_for_voila_request` waits for the visitor's request): :func:`requested_game`
reads it.

The page never writes the chooser's traits: it sends ``{"kind": "choose", "game": ...}``,
which Python checks (an unknown game or a malformed message sets ``error`` and changes
nothing).

**Tables** (:mod:`nations_widget.tables`).  A link to the app ending in ``#table=<link>``
seats its visitor at a table: the fragment never reaches the server (no access log holds
it), so the page reads it and sends ``{"kind": "join", "tokens": [link, ...]}``; Python
opens the links in the store (:func:`~nations_widget.widget.shell.table_mode.shared_store`)
and shows the table's game at those seats (:meth:`GameApp.join`), or says in ``link_error`` why
not (never quoting a link): the page shows it as a table link that did not open, with the
choice of game under it.  The page that made a table puts its own seats' links in its address
the same way (comma-separated), so a reload, or the "Continue a game" list the page keeps
in the browser, brings the table back; the host's link never goes in the address (a host
copies the address to invite someone): the page keeps it in the browser's storage with
the table and sends it along when it comes back (the ``table`` trait's ``host_link``).  In
JupyterLab, :func:`table_widget` does the same from a cell.

**A link before a game.**  The kernel never sees the fragment, so on a page whose address
asks for a game (``?game=dice``) the app made that game at once, a bot's first move
included, while the page was still reading its ``#table=`` part: a link that then opened
nothing left its visitor in that new game.  ``game_app(..., wait_for_link=True)`` (what
play.ipynb does) only notes the game asked for (the chooser's ``asked``); the page opens
it with a ``choose`` once it has found no ``#table=`` in its address, and never when it
has one: a good link joins its table, and a link the page cannot use (empty, cut short,
mistyped: the page says which, ``js/src/app``) or the store does not know
(``link_error``) leaves the choice of game under the words, nothing started.

**Every game kept.**  The app's widgets keep their games in the same store as they are
played (``keep=True``, see :mod:`~nations_widget.widget.shell.keeping`), a hot-seat game
and a game against bots too: each has one link, which the page puts in its address and its
"Continue a game" list the same way, and a link of such a game opens it at this screen
again, played here as before.

**Open tables, the lobby** (:mod:`nations_widget.tables.lobby`).  Before a choice the
page sends ``{"kind": "lobby", "watch": true}``: Python lists this server's open tables
in the chooser's ``lobby`` trait and keeps the list live (a thread reads the store every
:data:`LOBBY_POLL_SECONDS` while the choice is shown; ``watch`` false, or a game shown,
stops it).  A click on a free seat sends ``{"kind": "sit", "table": id, "seat": n}``:
Python takes the seat by the store's compare-and-swap
(:func:`~nations_widget.tables.lobby.sit_open`) and shows the table at that seat, as a
link would; a seat somebody took first is refused in ``error``, in words, and the list is
read again.

**Whose turn, now** (:mod:`nations_widget.widget.turns`).  The page also sends its "Continue
a game" list's shared tables, ``{"kind": "turns", "tables": [{"id", "tokens"}]}``: Python
reads whose turn it is at each in the store into the chooser's ``turns`` trait, and again
every :data:`TURNS_EVERY` readings of the lobby.

**Forget.**  The "Continue a game" list's Forget (after a confirm step) takes a game off
this browser's list; for a game of this screen the page also sends ``{"kind": "forget",
"tokens": [link]}``, and Python deletes its record from the store
(:func:`~nations_widget.tables.kept.forget_kept`, :meth:`GameApp.forget`): its link was
the only one, so nothing could open it again.  A shared table's link is refused (other
players still sit there: it stays on the server), a malformed message too, in words and
changing nothing.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs

import anywidget
import ipywidgets
import traitlets

from ..core import registry
from ..tables import TableError
from ..tables.kept import forget_kept
from ..tables.lobby import idle_minutes, open_tables, sit_open
from .board.adapter import PREFERRED_BOT as PREFERRED_BOARD_BOT
from .board.widget import BoardWidget
from .dice import DiceWidget
from .learn import LearnView
from .shell.intents import MAX_MESSAGE_CHARS
from .shell.keeping import BROWSER_ID, in_browser
from .shell.table_mode import MAX_LINKS, open_hands, shared_store
from .shell.widget import STATIC, GameWidget
from .shell.wire import from_page
from .turns import TurnAsk, read_asks, turns_now


@dataclass(frozen=True)
class GameChoice:
    """A game the app offers: its key (``?game=``), full title, short label and line."""

    key: str
    title: str
    short: str
    line: str

    def to_json(self) -> dict[str, str]:
        return {"key": self.key, "title": self.title, "short": self.short, "line": self.line}


#: the games the app offers: the package's one list (:mod:`nations_widget.core.registry`)
GAMES: tuple[GameChoice, ...] = tuple(GameChoice(g.key, g.title, g.short, g.line)
                                      for g in registry.GAMES)
GAME_KEYS: tuple[str, ...] = tuple(g.key for g in GAMES)

#: the Learn entry the chooser offers beside the games
LEARN = GameChoice("learn", "Learn to play", "Learn",
                   "Short lessons for both games, each on a live table: read a little, "
                   "then play the move the lesson asks for.")
#: what the chooser offers: the games, then Learn
CHOICES: tuple[GameChoice, ...] = (*GAMES, LEARN)
CHOICE_KEYS: tuple[str, ...] = tuple(c.key for c in CHOICES)

#: the lobby's list is read again this often (seconds) while the choice of game is shown
LOBBY_POLL_SECONDS = 1.0
#: the remembered tables' turns are read again every this many lobby readings (5 s)
TURNS_EVERY = 5

#: the seconds a bot pauses before each move in the app (time to see what it did)
APP_BOT_DELAY = 0.8


#: the dice game's first opponent in the app: a newcomer's first game is against an easy
#: bot (level 1 of 0-5: the balanced rules of thumb with random moves, rated well below
#: the plain strategies; the tree search, a strong player, won such a first game 49-7), as
#: in the board game
APP_DICE_BOT = "heuristic-easy"

#: the bot of a learner's first game (the end of the lessons): each game's easy level
FIRST_GAME_BOTS: Mapping[str, str] = {"dice": APP_DICE_BOT, "board": "heuristic-easy"}


def dice_game() -> DiceWidget:
    """The dice game as the app opens it: you against an easy bot (:data:`APP_DICE_BOT`)."""
    return DiceWidget(players=2, seats=["human", APP_DICE_BOT], bot_delay=APP_BOT_DELAY,
                      keep=True)


def board_game() -> BoardWidget:
    """The board game as the app opens it: a 2-player game against the medium bot (the
    rules of thumb alone), with the New game dialog open to choose the real settings."""
    widget = BoardWidget(players=2, seats=["human", PREFERRED_BOARD_BOT],
                         bot_delay=APP_BOT_DELAY, keep=True)
    widget.new_game_open = True
    return widget


#: how the app makes each game's widget the first time it is chosen (the registry's
#: ``widget`` of each game: :func:`dice_game`, :func:`board_game`)
GAME_FACTORIES: Mapping[str, Callable[[], GameWidget[Any, Any]]] = {
    g.key: g.make_widget for g in registry.GAMES}


def requested_game(query: str | None = None) -> str | None:
    """The game a link asks for (``game=dice``, ``game=board`` or ``game=learn`` in the
    query string), or None (no such parameter, or an unknown game: the app then offers the choice).
    ``query`` None: the Voila page's query string (:func:`voila_query_string`)."""
    if query is None:
        query = voila_query_string()
    values = parse_qs(query or "").get("game", [])
    wanted = values[-1].strip().lower() if values else ""
    return wanted if wanted in CHOICE_KEYS else None


def voila_query_string() -> str:
    """The query string of the page this kernel serves in Voila ('' elsewhere).

    A kernel Voila starts for a request has it in ``QUERY_STRING``; a preheated kernel
    (``VOILA_PREHEAT=True``: voila.py keeps a pool of them warm) ran the notebook before the
    request came, so it waits for the request (:func:`wait_for_voila_request`)."""
    if os.environ.get("VOILA_PREHEAT") == "True":
        wait_for_voila_request()
    return os.environ.get("QUERY_STRING", "")


#: the request a preheated kernel has waited for has come (it comes once per kernel)
_request_seen = False


def wait_for_voila_request() -> None:
    """In a preheated Voila kernel: block until a visitor's request takes this kernel, then
    put what Voila sends of it (``QUERY_STRING`` among others) into the environment.

    Voila hands the request to a waiting kernel over its websocket
    ``/voila/query/<kernel id>`` (one text message: a JSON object of environment variables;
    the kernel learns the address from the ``VOILA_*`` variables of its environment).
    Voila's own helper for this, ``voila.utils.get_query_string``, lives in a module that
    imports the whole Jupyter server: 1.2 s of CPU and 46 MB in every kernel, more than the
    rest of a page's kernel together.  The small client below reads the same message.
    Without the ``websockets`` package (Voila's own dependency) it falls back on Voila's
    helper."""
    global _request_seen
    if _request_seen:
        return
    env = os.environ
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    url = (f"{env.get('VOILA_WS_PROTOCOL', 'ws')}://{env.get('VOILA_APP_IP', '127.0.0.1')}:"
           f"{env.get('VOILA_APP_PORT', '8866')}{base}voila/query/"
           f"{env.get('VOILA_KERNEL_ID', '')}")
    try:
        from websockets.exceptions import WebSocketException
        from websockets.sync.client import connect
    except ImportError:
        try:
            from voila.utils import wait_for_request
        except ImportError:        # Voila is not installed in this kernel's environment
            return
        wait_for_request()
        _request_seen = True
        return
    # The wait may last hours (a warm kernel waits for its visitor), so no keep-alive pings:
    # one the server, busy starting kernels, answered late would end the wait for nothing
    # (the page would then open on the choice of game, whatever its link asked for).
    options: dict[str, Any] = {"open_timeout": 30, "ping_interval": None}
    try:
        try:
            # a local address: no proxy from the environment (websockets 15 and later)
            socket = connect(url, proxy=None, **options)
        except TypeError:
            socket = connect(url, **options)
        with socket:
            message = socket.recv()
    except (OSError, WebSocketException) as exc:  # no Voila there: no request to read
        import warnings
        warnings.warn(f"no request from Voila ({url}): {exc}", stacklevel=2)
        return
    info = json.loads(message)
    if isinstance(info, dict):
        env.update({str(k): str(v) for k, v in info.items()})
    _request_seen = True


class GameChooser(anywidget.AnyWidget):
    """The app's choice of game (``nations_widget/static/app.js``)."""

    _esm = STATIC / "app.js"
    _css = STATIC / "app.css"

    #: the games offered, ``[{key, title, short, line}]``
    games: traitlets.List[Any] = traitlets.List(traitlets.Dict()).tag(sync=True)
    #: the game shown ('' before a choice)
    game = traitlets.Unicode("").tag(sync=True)
    #: the last refused choice, in words ('' when none)
    error = traitlets.Unicode("").tag(sync=True)
    #: the game the page's address asks for (``?game=``), opened once the page says its
    #: address holds no table link (a ``choose``); '' when none or once opened
    asked = traitlets.Unicode("").tag(sync=True)
    #: why the table link the page sent opened nothing, in words ('' when none)
    link_error = traitlets.Unicode("").tag(sync=True)
    #: the table the links the page sent opened: ``{"id", "kind", "title", "mine", "role"}``
    #: ({} when none; the game's table bar keeps the links for "Continue a game")
    joined = traitlets.Dict().tag(sync=True)
    #: this server's open tables: ``{"tables": [OpenTable.to_json()], "idle_minutes",
    #: "error"}`` ({} before the page asked for it)
    lobby = traitlets.Dict().tag(sync=True)
    #: whose turn it is now at the shared tables the page's "Continue a game" lists, by
    #: table id (see :mod:`~nations_widget.widget.turns`)
    turns = traitlets.Dict().tag(sync=True)
    #: the app runs in the browser (the static site): no server behind it, so the page
    #: opens ``?game=`` itself and keeps games in the browser's storage
    in_browser = traitlets.Bool(False).tag(sync=True)

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """The page writes no trait (it sends ``choose``): an update is dropped and the
        true values are sent back."""
        if not isinstance(sync_data, dict):
            return
        refused = sorted(name for name in sync_data if name in self.keys)
        if refused:
            self.send_state(key=refused)


class GameApp(ipywidgets.VBox):  # type: ignore[misc]
    """The chooser above the games chosen so far (one shown, the others hidden)."""

    def __init__(self, game: str | None = None, *,
                 factories: Mapping[str, Callable[[], GameWidget[Any, Any]]] | None = None,
                 wait_for_link: bool = False, **kwargs: Any) -> None:
        """``game``: show it at once; with ``wait_for_link``, only once the page has said
        that its address holds no table link (see the module docstring)."""
        self.chooser = GameChooser(games=[g.to_json() for g in CHOICES],
                                   in_browser=in_browser())
        self._area = ipywidgets.VBox(layout=ipywidgets.Layout(width="100%"))
        super().__init__(children=[self.chooser, self._area],
                         layout=ipywidgets.Layout(width="100%"), **kwargs)
        self._factories = dict(GAME_FACTORIES if factories is None else factories)
        self._widgets: dict[str, GameWidget[Any, Any]] = {}
        self._learn: LearnView | None = None
        self._lobby_stop = threading.Event()
        self._lobby_thread: threading.Thread | None = None
        self._turn_asks: list[TurnAsk] = []     # the page's remembered shared tables
        self.chooser.on_msg(self._on_msg)
        if game is not None and wait_for_link:
            if game not in CHOICE_KEYS:
                raise ValueError(f"There is no game called {game!r} here: choose "
                                 f"{' or '.join(repr(k) for k in CHOICE_KEYS)}.")
            self.chooser.asked = game
        elif game is not None:
            self.choose(game)

    @property
    def shown(self) -> str | None:
        """The key of the game shown, None before a choice."""
        return self.chooser.game or None

    @property
    def widgets(self) -> dict[str, GameWidget[Any, Any]]:
        """The games' widgets made so far, by key."""
        return dict(self._widgets)

    @property
    def learn(self) -> LearnView:
        """The Learn entry's view (made the first time it is asked for)."""
        if self._learn is None:
            self._learn = LearnView(on_first_game=self.first_game)
            self._area.children = (*self._area.children, self._learn)
        return self._learn

    def show_learn(self) -> LearnView:
        """Show the Learn entry (the games stay as they were, hidden)."""
        view = self.learn
        for w in self._widgets.values():
            w.layout.display = "none"
        view.layout.display = None
        self._clear_words()
        self.chooser.game = LEARN.key
        return view

    def choose(self, game: str) -> GameWidget[Any, Any]:
        """Show ``game`` ("dice" or "board"), making its widget the first time; the other
        game stays as it was, hidden.  An unknown game raises :class:`ValueError`
        (Learn is :meth:`show_learn`)."""
        if game not in GAME_KEYS:
            raise ValueError(f"There is no game called {game!r} here: choose "
                             f"{' or '.join(repr(k) for k in CHOICE_KEYS)}.")
        widget = self._widgets.get(game)
        if widget is None:
            widget = self._factories[game]()
            self._widgets[game] = widget
            self._area.children = (*self._area.children, widget)
        for key, w in self._widgets.items():
            w.layout.display = None if key == game else "none"
        if self._learn is not None:
            self._learn.layout.display = "none"
        self._clear_words()
        self.chooser.game = game
        return widget

    def _clear_words(self) -> None:
        """A game shown: no refusal stays, and the game asked for is opened or moot (and
        the lobby's list is no longer shown: it is no longer read)."""
        self.watch_lobby(False)
        self.chooser.error = ""
        self.chooser.link_error = ""
        self.chooser.asked = ""

    def first_game(self, game: str) -> GameWidget[Any, Any]:
        """A learner's first game of ``game``: you against a gentle bot
        (:data:`FIRST_GAME_BOTS`), the coach on, shown at once."""
        widget = self.choose(game)
        settings: dict[str, Any] = {"players": 2, "seats": ["human", FIRST_GAME_BOTS[game]]}
        if game == "board":
            settings["difficulty"] = "chieftain"
        widget.start_game(settings)
        widget.new_game_open = False
        widget.set_coach(True)
        return widget

    def __repr__(self) -> str:
        made = "; ".join(f"{key}: {w!r}" for key, w in self._widgets.items())
        asked = self.chooser.asked
        if asked and not self.shown:
            return (f"<GameApp: GameChooser(opening {asked} once the page's address holds "
                    f"no table link), games made: none yet>")
        return (f"<GameApp: GameChooser(showing {self.shown or 'the choice of game'}), "
                f"games made: {made or 'none yet'}>")

    def join(self, tokens: list[str]) -> GameWidget[Any, Any]:
        """Show the table these links open, at their seats (see the module docstring);
        a link that opens nothing raises a ``ValueError`` that does not quote it."""
        hands = open_hands(shared_store(), tokens)
        key = hands.table.kind.name
        widget = self.choose(key)
        widget.new_game_open = False
        widget.sit_at(hands)
        title = next(g.title for g in GAMES if g.key == key)
        self.chooser.joined = {"id": hands.table.id, "kind": key, "title": title,
                               "mine": sorted(hands.seats),
                               "role": widget.table.get("role", "kept")}
        return widget

    def forget(self, token: str) -> bool:
        """Delete the game of one screen whose link is ``token`` from the store (the
        page's Forget); ``False`` when it was gone already.  A shared table's link, or a
        malformed one, raises a ``ValueError`` that does not quote it (nothing deleted)."""
        return forget_kept(shared_store(), token)

    def resume(self, game: str, browser_id: str, text: str) -> GameWidget[Any, Any]:
        """Show a game the page kept in the browser's storage (the static site: see
        :mod:`~nations_widget.widget.shell.keeping`): ``text`` its save, loaded into the
        ``game``'s widget, which goes on keeping it under ``browser_id``.  A save that
        does not load raises a ``ValueError`` in words, and no game is shown."""
        if game not in GAME_KEYS:
            raise ValueError(f"there is no game called {game[:40]!r} here")
        if BROWSER_ID.fullmatch(browser_id) is None:
            raise ValueError("the page sent a kept game's id in a form this app does not read")
        shown_before = self.chooser.game
        widget = self.choose(game)
        try:
            widget.load_json(text, browser_id=browser_id)
        except ValueError:
            # the choice of game again, as before (the page says why the game did not open)
            widget.error = ""
            if not shown_before:
                widget.layout.display = "none"
                self.chooser.game = ""
            raise
        widget.new_game_open = False
        return widget

    def _resume_from_page(self, content: dict[str, Any]) -> None:
        """The page's ``resume``: the kept game shown, or ``link_error`` says why not."""
        self.chooser.asked = ""
        game, browser_id, text = (content.get(k) for k in ("game", "id", "text"))
        try:
            if not (isinstance(game, str) and isinstance(browser_id, str)
                    and isinstance(text, str)):
                raise ValueError("the page sent a kept game in a form this app does not read")
            if len(text) > MAX_MESSAGE_CHARS:
                raise ValueError("its save is larger than any game this app keeps")
            self.resume(game, browser_id, text)
        except ValueError as exc:
            why = str(exc)
            self.chooser.link_error = f"{why[:1].upper()}{why[1:]}."[:300]
            return
        self.chooser.link_error = ""

    # ------------------------------------------------------------------ lobby
    def refresh_lobby(self) -> bool:
        """Read this server's open tables into the chooser's ``lobby`` trait; ``True`` when
        the list changed.  A store that cannot be read is said in the trait's ``error``;
        in the browser (no server: no shared table) the trait says ``"server": False``."""
        if self.chooser.in_browser:
            data: dict[str, Any] = {"tables": [], "server": False}
            changed = data != self.chooser.lobby
            self.chooser.lobby = data
            return changed
        try:
            data = {
                "tables": [t.to_json() for t in open_tables(shared_store())],
                "idle_minutes": idle_minutes(), "error": ""}
        except Exception as exc:        # no store (a static site), a bad setting: say so
            why = str(exc) if isinstance(exc, TableError) else type(exc).__name__
            data = {"tables": [], "idle_minutes": 0,
                    "error": f"The open tables cannot be listed: {why}."[:300]}
        if data == self.chooser.lobby:
            return False
        self.chooser.lobby = data
        return True

    def watch_lobby(self, on: bool) -> None:
        """Keep the lobby's list live (``on``) or stop reading it."""
        if not on:
            self._lobby_stop.set()
            return
        self.refresh_lobby()
        if self.chooser.in_browser:
            return          # nothing to watch (and no threads in Pyodide)
        if self._lobby_thread is not None and self._lobby_thread.is_alive() \
                and not self._lobby_stop.is_set():
            return
        stop = self._lobby_stop = threading.Event()

        def watch() -> None:
            rounds = 0
            while not stop.wait(LOBBY_POLL_SECONDS):
                if self.chooser.game:
                    return
                self.refresh_lobby()
                rounds += 1
                if rounds % TURNS_EVERY == 0:
                    self.refresh_turns()

        self._lobby_thread = threading.Thread(target=watch, daemon=True, name="nations-lobby")
        self._lobby_thread.start()

    def refresh_turns(self) -> bool:
        """Read whose turn it is at the page's remembered shared tables into the
        chooser's ``turns`` trait; ``True`` when it changed (nothing said when the store
        cannot be read: the list keeps what this browser last saw)."""
        try:
            data = turns_now(shared_store(), self._turn_asks)
        except Exception:           # no store (a static site): the list stays as it was
            return False
        if data == self.chooser.turns:
            return False
        self.chooser.turns = data
        return True

    def ask_turns(self, tables: object) -> None:
        """The page's remembered shared tables (``[{"id", "tokens"}]``): their turns now,
        and again while the choice of game is shown (with the lobby's list)."""
        self._turn_asks = read_asks(tables)
        self.refresh_turns()

    def sit(self, table_id: object, seat: object) -> GameWidget[Any, Any]:
        """Sit this screen at ``seat`` of the open table ``table_id`` and show it; refused
        in words (:class:`~nations_widget.tables.SeatTaken`: somebody took it first)."""
        token = sit_open(shared_store(), table_id, seat)
        return self.join([token])

    def _sit_from_page(self, content: dict[str, Any]) -> None:
        try:
            self.sit(content.get("table"), content.get("seat"))
        except ValueError as exc:
            why = str(exc)
            self.chooser.error = f"{why[:1].upper()}{why[1:]}."[:300]
            self.refresh_lobby()
            return
        self.chooser.error = ""

    def _join_from_page(self, tokens: object) -> None:
        """The page's ``join``: the table shown, or ``link_error`` says why not (the
        game the address asked for is then not opened: the page offers the choice)."""
        self.chooser.asked = ""
        try:
            if not isinstance(tokens, list) or not 0 < len(tokens) <= MAX_LINKS \
                    or not all(isinstance(t, str) for t in tokens):
                raise ValueError("the page sent its links in a form this app does not read")
            self.join([t[:100] for t in tokens])
        except ValueError as exc:
            why = str(exc)
            self.chooser.link_error = f"{why[:1].upper()}{why[1:]}."[:300]
            return
        self.chooser.link_error = ""

    def _on_msg(self, _widget: object, content: object, _buffers: object = None) -> None:
        """A message from the page: ``{"kind": "choose", "game": key}``, ``{"kind":
        "join", "tokens": [link, ...]}`` or ``{"kind": "forget", "tokens": [link]}``;
        anything else is refused in words (never raised into the kernel)."""
        content = from_page(content)
        try:
            if isinstance(content, dict) and content.get("kind") == "forget":
                tokens = content.get("tokens")
                if not isinstance(tokens, list) or len(tokens) != 1 \
                        or not isinstance(tokens[0], str):
                    raise ValueError("The page asked to forget a game in a form this app "
                                     "does not read: nothing was deleted.")
                try:
                    self.forget(tokens[0][:100])
                except ValueError as exc:
                    raise ValueError(f"The game was taken off this browser's list, but not "
                                     f"deleted from the server: {exc}.") from None
                self.chooser.error = ""
                return
            if isinstance(content, dict) and content.get("kind") == "join":
                self._join_from_page(content.get("tokens"))
                return
            if isinstance(content, dict) and content.get("kind") == "resume":
                self._resume_from_page(content)
                return
            if isinstance(content, dict) and content.get("kind") == "lobby":
                self.watch_lobby(content.get("watch") is True and not self.chooser.game)
                return
            if isinstance(content, dict) and content.get("kind") == "turns":
                self.ask_turns(content.get("tables"))
                return
            if isinstance(content, dict) and content.get("kind") == "sit":
                self._sit_from_page(content)
                return
            if not isinstance(content, dict) or content.get("kind") != "choose":
                raise ValueError("The page sent something other than a choice of game.")
            game = content.get("game")
            if not isinstance(game, str):
                raise ValueError("The page sent a choice of game without a game's name.")
            if game[:40] == LEARN.key:
                self.show_learn()
            else:
                self.choose(game[:40])
        except ValueError as exc:
            self.chooser.error = str(exc)[:200]


def table_widget(links: str | list[str]) -> GameWidget[Any, Any]:
    """The game of the table these links open (a link, or a page's ``#table=`` part: links
    separated by commas), at their seats: for a JupyterLab notebook on the same server
    (``table_widget("...")`` as a cell's last line)."""
    tokens = links.removeprefix("#").removeprefix("table=").split(",") \
        if isinstance(links, str) else list(links)
    hands = open_hands(shared_store(), tokens)
    widget = GAME_FACTORIES[hands.table.kind.name]()
    widget.new_game_open = False
    widget.sit_at(hands)
    return widget


def game_app(game: str | None = None, *, wait_for_link: bool = False) -> GameApp:
    """What notebooks/play.ipynb displays: the choice of game, then that game (``game``:
    show that one at once, as ``?game=`` does; "learn": the lessons).  ``wait_for_link``:
    open ``game`` only once the page has said its address holds no ``#table=`` link (a
    Voila page: see the module docstring); play.ipynb passes True."""
    if wait_for_link:
        return GameApp(game, wait_for_link=True)
    if game == LEARN.key:
        app = GameApp()
        app.show_learn()
        return app
    return GameApp(game)


__all__ = [
    "APP_DICE_BOT",
    "CHOICES",
    "CHOICE_KEYS",
    "FIRST_GAME_BOTS",
    "GAMES",
    "GAME_FACTORIES",
    "GAME_KEYS",
    "LEARN",
    "LOBBY_POLL_SECONDS",
    "GameApp",
    "GameChoice",
    "GameChooser",
    "board_game",
    "dice_game",
    "game_app",
    "requested_game",
    "table_widget",
    "voila_query_string",
    "wait_for_voila_request",
]
