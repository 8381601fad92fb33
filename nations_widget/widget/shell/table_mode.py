"""The widget at a table (:mod:`nations_widget.tables`): every player at their own screen.

A :class:`~nations_widget.widget.shell.widget.GameWidget` *sits at a table* when it was
given seat links (:meth:`GameWidget.sit_at`, the app's ``#table=<link>``) or when its New
game made one (a seat chosen as "a player I invite").  It then shows the game the store
keeps, and a :class:`TableBinding` changes what the widget does:

- **What the page gets is this screen's view only.**  The payloads are built with the
  *screen's seats*: "human" for the seats this screen holds (one, or several friends at
  this screen), :data:`REMOTE` for a person at another screen, a bot's name for a bot.
  The payload builders draw a position for the seat to move when it is a "human" one,
  else for the first "human" seat (a spectator: none), so another screen's turn is
  drawn for this screen's seat, never for the mover: the engine's view hides the other
  seats' Accelerated pledges and the board game's deck order, the log never tells a
  pledge, and the seed stays out of every trait until the game is over.  The coach (a
  search over the whole state) and Save (a file holding the seed) are off at a shared
  table, and a bot never plays a person's decision there.
- **A move is a table play.**  The page's ``move`` intent is
  :meth:`~nations_widget.tables.TableSeat.play` on top of the event this screen last
  read; a move another screen stored first is refused in words ("Player 2 moved first")
  and the table is shown as it is now.  ``undo`` is the table's (a one-person table
  only); ``redo`` and "Continue from here" are refused (the game goes on from its last
  stored move); looking through the history is allowed.  ``set_seat`` hands a seat to a
  bot or takes it back (this screen's own seats, or any with the host's link).
- **Live.**  A watcher thread waits on the store (SQLite polls, PostgreSQL is told) and
  publishes every event another screen stored; it also plays the table's bots (each
  move claimed and stored once, however many screens run them) after the widget's
  ``bot_delay``, on a table object of its own, so a bot's search never holds the
  widget's lock or the kernel's message loop.  A table with no screen open plays no
  bots; a bot's turn left so (every person gone while a bot was to move) is played as
  soon as any screen of the table opens, a spectator's included, before the watcher
  first waits.
- **Who is there.**  Each screen notes the seats it holds in the store every
  :data:`PRESENCE_EVERY` seconds (for :data:`PRESENCE_SECONDS`), and removes them when it
  leaves or its kernel ends; the ``table`` trait says which other screens' seats are
  connected.  A kernel outlives its page when the page goes without Voila's unload call
  (a browser closed or crashed, a lost network: the kernel then waits for the idle
  culler, ten minutes), so the page speaks for itself: it says it is there every
  :data:`PAGE_BEAT` seconds (the ``presence`` intent), answers the kernel's "are you
  there?" (a custom message, :data:`PAGE_PING`, sent with each presence note), and says
  goodbye when it closes; once a page has spoken, the screen's seats count as connected
  only while it keeps speaking (:data:`PAGE_AWAY` seconds since its last word).  The
  answer to the kernel's question is what keeps a page in a background tab connected:
  the browser slows that tab's timers (to one a minute after a while), not its messages,
  so no longer grace is needed there (it was 90 s, and a background page that crashed
  stayed connected that long).  A change of the page's presence is noted in the store at
  the watcher's next turn (:data:`WATCH_SECONDS`), not at the next note.  Measured in the
  app (tests/browser/test_presence.py, the other screen's view of the guest, on SQLite
  and PostgreSQL): a tab closed, away after 0.9-3.8 s; a page that stops (hung or
  crashed: no goodbye), after 7-9 s before, 3.0-3.9 s now; one stopped in a background
  tab, after 90 s before (its grace), 3.3-3.5 s now.
- **Names.**  A player's page sends the display name its player chose (the ``name``
  intent; kept in the browser), which is kept per seat with the table in the store
  (:meth:`~nations_widget.tables.TableSeat.set_name` cleans it, or refuses it in words);
  the watcher reads the table's names with the presence and publishes a change.  Every
  screen then shows a seat's name where it said "Player 2": the ``table`` trait's seats,
  and, substituted when the payloads are published (:func:`with_names`), the view's texts
  and the log.  The engines' own log and the payloads kept per position stay as they are
  (deterministic, the same at every screen): the names are put in at the last step.
- **What is off.**  At a shared table the coach, Save and a bot deciding for a person are
  refused (:data:`OFF_AT_SHARED_TABLE`); the ``table`` trait's ``off`` names them with the
  reason, so the page offers none of them live.
- **Never lost.**  Every move is in the store before it is shown; a page reloaded, a
  kernel that died or a server restarted comes back with the same links.
- **Open seats** (:data:`OPEN`, :mod:`nations_widget.tables.lobby`).  A table whose New
  game left seats open to anyone on the server waits for them: while it waits a move is
  refused in words (the table's own rule, :meth:`~nations_widget.tables.TableSeat.play`),
  no bot moves and it is nobody's turn (``my_turn`` false: no "Your turn" in the page's
  title); the ``table`` trait says ``waiting`` and which seats are ``open``, and the host's
  page may start it with a bot in each (the ``start_table`` intent).  The watcher says in
  the store that the table is still there (every
  :data:`~nations_widget.tables.lobby.TOUCH_EVERY` seconds), so an abandoned one leaves
  the lobby's list.

- **Chat** (:mod:`nations_widget.tables.chat`).  The seats write short lines (the
  ``chat`` intent: :meth:`~nations_widget.tables.TableSeat.say` cleans, limits and
  rate-limits them, or refuses in words), spectators read them, and the host may turn the
  chat off and on (``chat_switch``).  The lines are kept with the table in the store; the
  watcher reads the chat's latest number at each turn (every
  :data:`WATCH_SECONDS` at most, at once with PostgreSQL's ``NOTIFY``) and publishes the
  new lines, with each writer's name and the move they wrote at, in the ``table`` trait's
  ``chat``.

The ``table`` trait tells the page the table's state (:func:`table_payload`): its id,
this screen's seats and role, who plays each seat, whose turn it is, and, on the page
that made the table, the links to hand out.
"""

from __future__ import annotations

import atexit
import logging
import re
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...tables import LinkError, SeatError, Store, TableError, TableSeat, join_table, open_store
from ...tables.chat import MAX_CHAT_CHARS
from ...tables.lobby import TOUCH_EVERY
from ...tables.table import Links, Table, player_name

#: A seat played by a person at another screen (in the payloads' seats).
REMOTE = "remote"
#: A seat the New game dialog gives to a person who is sent a link.
INVITE = "invite"
#: A seat the New game dialog leaves open to anyone on this server (the lobby).
OPEN = "open"
#: Seconds a watcher waits on the store at a time (its stop is seen within this).
WATCH_SECONDS = 0.5
#: At most this many links are opened at once (a page's own seats, its host link).
MAX_LINKS = 8
#: A screen notes its presence in the store this often (seconds), for this long: a screen
#: whose kernel went away without a word counts as gone once it runs out.  (It was every
#: 5 s for 15 s: a kernel gone silently still counted as connected for up to 20 s; for 4 s,
#: a server killed with its kernels was off the other screens after 3.3-4.4 s, where notes
#: come every 1-1.5 s with the watcher's waits, up to 5.5 s.)
PRESENCE_EVERY = 1.0
PRESENCE_SECONDS = 3.0
#: A page says it is there this often (seconds; ``js/src/shell/table.js`` beats at this
#: rate, the ``table`` trait's ``beat``) and whenever its kernel asks (:data:`PAGE_PING`,
#: every :data:`PRESENCE_EVERY` seconds), and counts as gone this long after its last word:
#: three questions unanswered (a page in a background tab answers too: its timers are
#: slowed, not its messages).  A page gone is then off the other screens within
#: PAGE_AWAY + WATCH_SECONDS + PRESENCE_EVERY and a draw: under the 5 s issue 31 asks.
PAGE_BEAT = 2.0
PAGE_AWAY = 3.0
#: The custom message that asks a page whether it is there (it answers with ``presence``).
PAGE_PING = {"kind": "presence?"}

#: Why the coach (Hint, grading, review) is off at a shared table.
NO_COACH = ("the coach is off at a shared table: it reads the whole table, the other "
            "seats' hidden choices included")
#: Why no bot decides for a person at a shared table.
NO_BOT_HELP = ("at a shared table no bot decides for a person: it would read the whole "
               "table, the other seats' hidden choices included; to let a bot play your "
               "seat, hand it to a bot in the seat menu (and take it back when you like)")
#: Why a shared table is not saved to a file.
NO_SAVE = ("a shared table is not saved to a file (the file would hold the seed and the "
           "others' hidden choices): the table is kept in the store, and your link brings "
           "it back")
#: The controls a shared table refuses, by the ``table`` trait's ``off`` key, with why.
OFF_AT_SHARED_TABLE: dict[str, str] = {
    "hint": NO_COACH, "coach": NO_COACH, "save": NO_SAVE, "bot_help": NO_BOT_HELP}

_STORE: Store | None = None
_STORE_LOCK = threading.Lock()


def shared_store() -> Store:
    """This process's store (:func:`nations_widget.tables.open_store`, opened once)."""
    global _STORE
    with _STORE_LOCK:
        if _STORE is None:
            _STORE = open_store()
        return _STORE


def use_store(store: Store | None) -> None:
    """Make ``store`` this process's store (tests; ``None``: open it from the
    environment again when next needed)."""
    global _STORE
    with _STORE_LOCK:
        _STORE = store


@dataclass
class Hands:
    """The links one screen holds of one table: its seats' handles (on one shared
    :class:`Table`), the host's handle if it has the host's link, and the tokens."""

    store: Store
    table: Table
    seats: dict[int, TableSeat]
    host: TableSeat | None
    tokens: list[str]
    #: the new table's links, on the screen that made it (to hand out)
    links: Links | None = None
    spectator: TableSeat | None = field(default=None)
    #: the host's link among ``tokens`` (None: this screen does not hold it)
    host_token: str | None = field(default=None)

    @property
    def address_tokens(self) -> list[str]:
        """The links the page may put in its address: every one but the host's.  An
        address is copied to invite someone; it must hand over at most this screen's seats,
        never the host's powers (the host's link stays in the host's browser only)."""
        return [t for t in self.tokens if t != self.host_token]

    @property
    def primary(self) -> TableSeat:
        """The handle that reads (any of this screen's)."""
        if self.seats:
            return self.seats[min(self.seats)]
        if self.host is not None:
            return self.host
        assert self.spectator is not None
        return self.spectator

    @property
    def shared(self) -> bool:
        """Other people play at this table (then no coach, no save, no bot moves for a
        person)."""
        people = [s for s, bot in enumerate(self.table.record.bots) if bot is None]
        return any(s not in self.seats for s in people)

    def handle_for(self, seat: int) -> TableSeat | None:
        return self.seats.get(seat)


#: "Player 2" in a text the engine or a payload wrote (seats are numbered from 1 there)
_SEAT_WORDS = re.compile(r"\bPlayer (\d{1,2})\b")


def with_names(value: Any, names: dict[int, str]) -> Any:
    """``value`` (a payload: texts in lists and dicts) with each "Player N" in its texts
    replaced by seat N-1's name in ``names`` (the texts only, never a key; one pass, so a
    name that reads "Player 3" is not replaced again).  ``value`` itself is not changed:
    the parts with a name in them are new objects."""
    if not names:
        return value
    if isinstance(value, str):
        if "Player " not in value:
            return value
        return _SEAT_WORDS.sub(lambda m: names.get(int(m.group(1)) - 1, m.group(0)), value)
    if isinstance(value, dict):
        return {k: with_names(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [with_names(v, names) for v in value]
    return value


def open_hands(store: Store, tokens: Sequence[object]) -> Hands:
    """Open every link of ``tokens`` (one table's: seats, the host's or the spectators');
    refused in words, never quoting a link."""
    if isinstance(tokens, str) or not tokens:
        raise LinkError("give at least one link of the table")
    if len(tokens) > MAX_LINKS:
        raise LinkError(f"at most {MAX_LINKS} links open one screen's seats")
    opened = [join_table(store, token) for token in tokens]
    table = opened[0].table
    seats: dict[int, TableSeat] = {}
    host = spectator = None
    host_token: str | None = None
    for token, handle in zip(tokens, opened, strict=True):
        if handle.table_id != table.id:
            raise LinkError("these links are of different tables: open one table at a time")
        shared = TableSeat(table, handle.role, handle.seat)
        if handle.seat is not None:
            seats[handle.seat] = shared
        elif handle.is_host:
            host = shared
            host_token = str(token)
        else:
            spectator = shared
    return Hands(store, table, seats, host, [str(t) for t in tokens], spectator=spectator,
                 host_token=host_token)


def screen_seats(hands: Hands) -> list[str]:
    """The payloads' seats for this screen (see the module docstring)."""
    return ["human" if seat in hands.seats else REMOTE if bot is None else bot
            for seat, bot in enumerate(hands.table.bots)]


def table_payload(hands: Hands, connected: Sequence[int] = ()) -> dict[str, Any]:
    """The ``table`` trait: ``{id, kind, number, role, mine, seats, to_play, my_turn, over,
    undo, shared, off, beat, tokens, host_link?, links}``. ``seats``: ``[{seat, name, label,
    named, who, bot, connected}]`` (``name``: the player's chosen name, else ``label``,
    "Player N"; ``named``: a name was chosen; ``who``: "here", "remote" or "bot"); ``off``:
    ``{control: why}``, what this screen is refused here ("hint", "coach", "save",
    "bot_help"; ``{}`` at a table of one person); ``beat``: how often the page says it is
    there (seconds); ``tokens``: this screen's own links but the host's (the page's
    address, which a reload comes back with and a player may copy: a seat's or the
    spectators' link, never the host's);
    ``host_link``: the host's link when this screen holds it (the page keeps it in the
    browser's storage only, with the table in "Continue a game"); ``links``: on the page
    that made the table, ``{"seats": {seat: link}, "spectator": link}`` for the seats it
    invited; ``waiting``: the table waits for its ``open`` seats (their numbers), and on the
    host's page ``start_bots``, the bots it may start the table with."""
    table = hands.table
    to_play = table.game.current_player if table.game.game_position == table.game.position \
        else table.game.state_at(table.game.game_position).current_player()
    seats = []
    for seat, bot in enumerate(table.bots):
        who = "here" if seat in hands.seats else "bot" if bot is not None else "remote"
        seats.append({"seat": seat, "name": table.display_name(seat),
                      "label": player_name(seat), "named": seat in table.names,
                      "who": who, "bot": bot,
                      "connected": seat in connected if who == "remote" else None})
    role = "seat" if hands.seats else "host" if hands.host is not None else "spectator"
    data: dict[str, Any] = {
        "id": table.id, "kind": table.kind.name, "number": table.number, "role": role,
        "host": hands.host is not None, "mine": sorted(hands.seats), "seats": seats,
        "to_play": to_play,
        "my_turn": to_play is not None and to_play in hands.seats
        and table.bots[to_play] is None and table.started,
        "over": table.game.state_at(table.game.game_position).is_terminal(),
        "undo": table.record.undo, "shared": hands.shared,
        "off": dict(OFF_AT_SHARED_TABLE) if hands.shared else {}, "beat": PAGE_BEAT,
        "tokens": hands.address_tokens,
        "waiting": not table.started, "open": table.free_seats,
    }
    if hands.host is not None and not table.started:
        data["start_bots"] = list(table.kind.bot_names)
    data["chat"] = chat_payload(hands, role)
    if hands.host_token is not None:
        data["host_link"] = hands.host_token
    links = hands.links
    if links is not None:
        invited = [s for s, bot in enumerate(table.record.bots)
                   if bot is None and s not in hands.seats and s not in table.record.open]
        data["links"] = {"seats": {str(s): links.seats[s] for s in invited},
                         "spectator": links.spectator}
    return data


def chat_payload(hands: Hands, role: str) -> dict[str, Any]:
    """The ``table`` trait's ``chat``: ``{lines: [{n, kind, seat, name, move, text}], off,
    can_write, can_switch, max}`` (``kind`` "line", or "off" / "on": the host's switch;
    ``move``: the table's event number when it was written)."""
    table = hands.table
    lines = [line.to_json(table.display_name(line.seat) if line.seat is not None else None)
             for line in table.chat]
    return {"lines": lines, "off": table.chat_off,
            "can_write": role == "seat" and not table.chat_off,
            "can_switch": hands.host is not None, "max": MAX_CHAT_CHARS}


class TableBinding:
    """A widget's table: its links, the watcher thread, the table's bots (see the module
    docstring).  ``publish`` is the widget's publish (called with the widget's lock held);
    ``lock`` the widget's lock; ``fail`` shows a refusal on the board."""

    def __init__(self, hands: Hands, *, lock: threading.RLock,
                 publish: Callable[[], None], fail: Callable[[str], None],
                 bot_delay: Callable[[], float], run_bots: bool = True,
                 log: logging.Logger | None = None,
                 ping: Callable[[dict[str, str]], None] | None = None) -> None:
        self.hands = hands
        self._lock = lock
        self._publish = publish
        self._fail = fail
        self._bot_delay = bot_delay
        self._log = log
        self._ping = ping                           # asks the page whether it is there
        # every screen of the table runs its bots, a spectator's too: the claims store each
        # bot move once, and a table whose only open screen is a spectator's plays on
        self._run_bots = run_bots
        self._stop = threading.Event()
        self._runner: TableSeat | None = None
        self._owner = secrets.token_hex(8)          # this screen's name in the store
        self._thread: threading.Thread | None = None
        self._beat = 0.0                            # when presence was last noted
        self._touched = 0.0                         # when the lobby was last told
        self._noted_present = True                  # page_present() when last noted
        # when this screen's page counts as gone (time.monotonic()); None: no page has
        # spoken (a widget driven from Python), the kernel's presence is the screen's
        self._page_until: float | None = None
        self._presence_lock = threading.Lock()      # one presence write at a time
        #: the other screens' seats known to be connected
        self.connected: list[int] = []
        #: the last unexpected exception in the watcher (the board shows only its kind)
        self.last_error: BaseException | None = None

    # ------------------------------------------------------------------ reading
    @property
    def table(self) -> Table:
        return self.hands.table

    @property
    def number(self) -> int:
        return self.hands.table.number

    def seats(self) -> list[str]:
        return screen_seats(self.hands)

    def payload(self) -> dict[str, Any]:
        return table_payload(self.hands, self.connected)

    @property
    def names(self) -> dict[int, str]:
        """The players' chosen names by seat, as last read."""
        return self.hands.table.names

    def set_name(self, name: object, seat: int | None = None) -> str:
        """Name this screen's ``seat`` (default: its only one) ``name`` (``None``: "Player
        N" again) on every screen; the name kept (with the widget's lock held)."""
        if seat is None:
            if len(self.hands.seats) != 1:
                raise SeatError("this screen holds no seat to name" if not self.hands.seats
                                else "this screen holds several seats: say which to name")
            seat = next(iter(self.hands.seats))
        handle = self.hands.handle_for(seat)
        if handle is None:
            raise SeatError(f"this screen does not hold {player_name(seat)}'s seat")
        return handle.set_name(name)

    def can_undo(self) -> bool:
        """One of this screen's seats may take back its last decision (a one-person
        table only)."""
        return self.table.record.undo == "solo" and any(
            self.table._undo_target(s) is not None for s in self.hands.seats)

    def refresh(self) -> bool:
        """Read the events stored since the last read (with the widget's lock held).  A
        page looking through the history keeps looking where it was."""
        game = self.table.game
        shown = game.position
        browsing = shown != game.game_position
        if browsing:
            game.back_to_game()
        try:
            return self.table.refresh()
        finally:
            if browsing and shown <= game.length:
                game.goto(shown)

    # ------------------------------------------------------------------ writing
    def _seat_handle(self, seat: int | None) -> TableSeat:
        to_play = self.table.game.current_player
        if seat is None:
            seat = to_play
        handle = self.hands.handle_for(seat) if seat is not None else None
        if handle is None:
            if to_play is None:
                raise TableError("the game is over: no more moves")
            raise TableError(f"it is {player_name(to_play)}'s turn, at another screen"
                             if self.table.bots[to_play] is None else
                             f"{player_name(to_play)} is played by the "
                             f"{self.table.bots[to_play]} bot; wait for its move")
        return handle

    def play(self, move: Any, then: Any = None) -> int:
        """Store ``move`` (and ``then``, its follow-up: see ``TableSeat.play``) for the
        seat to play (one of this screen's) on top of the last event read (with the
        widget's lock held)."""
        game = self.table.game
        if game.position != game.game_position:
            game.back_to_game()
        handle = self._seat_handle(None)
        return handle.play(move, seen=self.number, then=then)

    def undo(self) -> int:
        to_play = self.table.game.current_player
        mine = [s for s in self.hands.seats if self.table.record.bots[s] is None]
        seat = to_play if to_play in self.hands.seats else (mine[0] if mine else None)
        if seat is None:
            raise TableError("a spectator cannot undo")
        game = self.table.game
        if game.position != game.game_position:
            game.back_to_game()
        return self.hands.seats[seat].undo(seen=self.number)

    def set_seat(self, seat: int, player: str) -> int:
        """Hand ``seat`` to the bot ``player``, or (``player`` "human") take it back."""
        handle = self.hands.handle_for(seat) or self.hands.host
        if handle is None:
            raise TableError(f"only {player_name(seat)} or the table's host can change "
                             f"{player_name(seat)}'s seat")
        game = self.table.game
        if game.position != game.game_position:
            game.back_to_game()
        if player in ("human", REMOTE):
            return handle.take_back(seat, seen=self.number)
        return handle.hand_to_bot(player, seat, seen=self.number)

    def say(self, text: object) -> int:
        """Write ``text`` in the chat for this screen's seat (with the widget's lock held)."""
        if not self.hands.seats:
            raise SeatError("a spectator reads the chat but cannot write in it"
                            if self.hands.host is None else
                            "a host's link alone cannot write in the chat: it holds no seat")
        return self.hands.seats[min(self.hands.seats)].say(text)

    def set_chat(self, on: bool) -> None:
        """The host's: the chat on or off."""
        if self.hands.host is None:
            raise SeatError("only the table's host can turn the chat off or on")
        self.hands.host.set_chat(on)

    def start_with_bots(self, bot: str) -> int:
        """The host's "start now" of a table waiting for its open seats: a bot ``bot`` in
        each seat nobody took (with the widget's lock held)."""
        if self.hands.host is None:
            raise SeatError("only the table's host can start it before its open seats "
                            "are taken")
        return self.hands.host.start_with_bots(bot)

    # ------------------------------------------------------------------ watching
    def start(self) -> None:
        if self._thread is None:
            atexit.register(self._absent)
            self._thread = threading.Thread(target=self._watch, daemon=True,
                                            name=f"nations-table-{self.table.id}")
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        atexit.unregister(self._absent)
        self._absent()

    def _absent(self) -> None:
        """This screen has gone: its seats are no longer connected."""
        try:
            self.hands.store.set_presence(self.table.id, self._owner, [], 0)
        except Exception as exc:          # a store gone away: the presence runs out anyway
            self.last_error = exc

    def page_here(self, hidden: bool = False) -> None:
        """This screen's page said it is there (``hidden``: in a background tab, which
        answers the kernel's questions as promptly: no longer grace)."""
        self._page_until = time.monotonic() + PAGE_AWAY

    def page_left(self) -> None:
        """This screen's page said goodbye (closed, reloaded): its seats are no longer
        connected, now, until the page speaks again."""
        with self._presence_lock:
            self._page_until = 0.0
            self._absent()

    def page_present(self) -> bool:
        """Whether this screen's seats count as connected: its page is speaking (or no
        page ever spoke: a widget driven from Python)."""
        return self._page_until is None or time.monotonic() < self._page_until

    def _note_presence(self) -> None:
        """Note this screen's seats and read the others' (publish when they changed)."""
        present = self.page_present()
        if present == self._noted_present and time.monotonic() - self._beat < PRESENCE_EVERY:
            return                  # (a page come or gone is noted at once)
        self._beat = time.monotonic()
        if self._ping is not None and self._page_until is not None:
            try:
                self._ping(PAGE_PING)               # the page answers with ``presence``
            except Exception as exc:    # the page's connection is gone: its silence says so
                self.last_error = exc
        store, table_id = self.hands.store, self.table.id
        with self._presence_lock:
            present = self.page_present()
            mine = sorted(self.hands.seats) if present else []
            store.set_presence(table_id, self._owner, mine, PRESENCE_SECONDS)
            self._noted_present = present
        if not self.table.started and present \
                and time.monotonic() - self._touched >= TOUCH_EVERY:
            self._touched = time.monotonic()
            store.touch_lobby(table_id)         # still there: the lobby keeps listing it
        there = [s for s in store.presence(table_id) if s not in self.hands.seats]
        with self._lock:
            if self._stop.is_set():
                return
            renamed = self.table.read_names()       # a player elsewhere chose a name
            if there != self.connected or renamed:
                self.connected = there
                self._publish()

    def join(self, seconds: float) -> None:
        """Wait up to ``seconds`` for the stopped watcher to end (call it without the
        widget's lock: the watcher may be waiting for it)."""
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(seconds)

    @property
    def watching(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def _watch(self) -> None:
        store, table_id = self.hands.store, self.table.id
        opening = True
        while not self._stop.is_set():
            try:
                self._note_presence()
                # bots first: a bot's turn left while no screen was open (every person
                # gone) is played as soon as any screen opens, without waiting on the
                # store first or pausing (the turn has waited already)
                if self._bot_is_due():
                    self._play_a_bot(pause=not opening)
                opening = False
                with self._lock:
                    seen = self.number
                head = store.wait(table_id, seen, WATCH_SECONDS)
                if self._stop.is_set():
                    return
                if store.chat_head(table_id) != self.table.chat_number:
                    with self._lock:
                        if self.table.read_chat():      # a line written at another screen
                            self._publish()
                if head is None:
                    self._fail("this table was removed from the store")
                    return
                if head != seen:
                    with self._lock:
                        if self._stop.is_set():
                            return
                        if self.refresh():
                            self._publish()
            except Exception as exc:           # a store gone away: say so, try again
                self.last_error = exc
                self._log_error(exc)
                self._fail(f"the table's store did not answer ({type(exc).__name__}); "
                           "trying again")
                self._stop.wait(2.0)

    def _log_error(self, exc: BaseException) -> None:
        """An unexpected failure, for the operator (the page is told only its kind)."""
        if self._log is not None:
            self._log.error("table %s: the watcher failed", self.table.id, exc_info=exc)

    def _bot_is_due(self) -> bool:
        if not self._run_bots:
            return False
        with self._lock:
            game = self.table.game
            seat = game.state_at(game.game_position).current_player()
            return seat is not None and self.table.bots[seat] is not None \
                and self.table.started

    def _play_a_bot(self, pause: bool = True) -> None:
        """One bot move, after the widget's pause (``pause``), thought out on a table
        object of its own (the widget's lock is not held while the bot thinks): the bots'
        one loop (:func:`~nations_widget.core.bots.runner.play_bot_turns`) with the store
        as the place the move goes (the turn claimed, the move stored once)."""
        if self._runner is None:
            runner_table = Table.load(self.hands.store, self.table.id)
            self._runner = TableSeat(runner_table, self.hands.primary.role, None)
        self._runner.run_bots(owner=self._owner, limit=1,
                              pause=self._bot_delay() if pause else 0.0, stop=self._stop)

__all__ = [
    "INVITE",
    "MAX_LINKS",
    "NO_BOT_HELP",
    "NO_COACH",
    "NO_SAVE",
    "OFF_AT_SHARED_TABLE",
    "OPEN",
    "PAGE_AWAY",
    "PAGE_BEAT",
    "PAGE_PING",
    "REMOTE",
    "WATCH_SECONDS",
    "Hands",
    "TableBinding",
    "chat_payload",
    "open_hands",
    "screen_seats",
    "shared_store",
    "table_payload",
    "use_store",
    "with_names",
]
