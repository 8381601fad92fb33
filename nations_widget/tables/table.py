"""Tables: games kept in a store as they are played, one screen per seat.

:func:`create_table` stores a new game and returns its :class:`Links`: one secret link
per seat, one for spectators and one for the table's host.  :func:`join_table` opens a
link and gives a :class:`TableSeat`, the handle through which that screen (or notebook)
plays, watches and sees its seat's view::

    >>> from nations_widget.tables import SQLiteStore, create_table, join_table
    >>> import tempfile, pathlib
    >>> store = SQLiteStore(pathlib.Path(tempfile.mkdtemp()) / "tables.sqlite3")
    >>> links = create_table(store, "dice", players=2, seed=7)
    >>> alice = join_table(store, links.seats[0])
    >>> alice.seat, alice.number
    (0, 0)
    >>> number = alice.play(alice.legal_moves()[0], seen=0)      # stored as event 1
    >>> bob = join_table(store, links.seats[1])                  # another screen
    >>> bob.number, "seed" in bob.view()["config"]
    (1, False)

The rules a table keeps:

- **A move counts once it is stored.**  Each table's events are numbered; a move is
  written only on top of the number its screen saw (the store's compare-and-swap), so of
  two moves sent at once exactly one is stored and the other is refused in words
  (:class:`StaleMoveError`: "Player 2 moved first").  The engine checks every move before
  it is stored, and a table is opened by replaying its events through the engine, so a
  stored game is always one the rules can reach.
- **Hidden stays hidden.**  :meth:`TableSeat.view` is the engine's view for that seat
  (another seat's Accelerated pledge, the deck order and the generator are left out by
  the engine) without the game's seed; raw moves and the log are never part of it.
- **Undo** is allowed only at a table with one person (the others bots): that player
  takes back their last decision, with the bots' moves after it.  At a shared table there
  is no undo: every other player has seen the move and what it revealed (dice, cards) and
  may have answered it, and asking everybody's consent would hold up a table that is
  played over days.
- **Bots play their seats exactly once**, wherever they run: :meth:`TableSeat.run_bots`
  (the bots' one loop, :mod:`nations_widget.core.bots.runner`, with the store as the
  place the moves go, :class:`StorePlace`) claims the turn before it thinks, and its move
  is stored by the same compare-and-swap, so two kernels running the same table's bots
  store each bot move once.  A claim lasts :data:`BOT_CLAIM_SECONDS` and is renewed while
  the bot thinks, so a runner whose kernel died holds the table's bots up for a few
  seconds at most.
- **Open seats wait.**  A table made with open seats (``open_seats``: anyone on the server
  may take one from the lobby, :mod:`~nations_widget.tables.lobby`) waits before its first
  move until each is taken (a ``sit`` event, stored by the same compare-and-swap: two
  visitors at one seat, one sits) or handed to a bot (the host's "start now"): no move and
  no bot plays while it waits.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, suppress
from dataclasses import dataclass, field
from typing import Any, Literal

from ..core.bots.runner import WAIT, BotTurn, play_bot_turns
from ..core.errors import IllegalMoveError
from ..core.history import HistoryGame
from .chat import CHAT_BURST, CHAT_SHOWN, CHAT_WINDOW, ChatLine, clean_line
from .errors import (
    ChatRefused,
    LinkError,
    NameRefused,
    RecordError,
    SeatError,
    StaleMoveError,
    TableError,
)
from .games import GameKind, kind_named, kind_of, kinds
from .links import UNKNOWN_LINK, check_token_shape, digest, new_table_id, new_token
from .names import clean_name
from .records import Event, TableRecord, UndoPolicy, read_event, read_table
from .store import LinkRow, Role, Store, TableRow

#: How long a bot runner's claim on a turn lasts unless renewed: a runner whose kernel died
#: blocks the table's bots this long at most, then another runner takes the turn over.
BOT_CLAIM_SECONDS = 6.0
#: While its bot thinks (a search can take longer than a claim lasts) the runner renews
#: its claim this often.
BOT_CLAIM_RENEW_SECONDS = 2.0


def player_name(seat: int) -> str:
    return f"Player {seat + 1}"


@dataclass(frozen=True, repr=False)
class Links:
    """A new table's links: ``seats[i]`` opens seat ``i``, ``spectator`` watches, ``host``
    hands seats to bots and replaces lost links.  Each is a credential: give each player
    only theirs.  The repr shows none of them."""

    table_id: str
    seats: tuple[str, ...]
    spectator: str
    host: str

    def url(self, base: str, token: str) -> str:
        """``token`` as a link to the app at ``base``, in the URL's fragment (``#``), which
        browsers never send to a server: no access log or ``Referer`` header holds it."""
        return f"{base}#table={token}"

    def __repr__(self) -> str:
        return f"<Links of table {self.table_id}: {len(self.seats)} seats, spectator, host>"


@dataclass
class Table:
    """A table replayed from its store: the game through the last event read."""

    store: Store
    id: str
    kind: GameKind
    record: TableRecord
    game: HistoryGame[Any, Any]
    number: int = 0
    bots: list[str | None] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    #: the players' display names by seat, as last read (:meth:`read_names`)
    names: dict[int, str] = field(default_factory=dict)
    #: the open seats a visitor sat at (``sit`` events)
    sat: set[int] = field(default_factory=set)
    #: every open seat was taken (or handed to a bot) once: moves may be played
    started: bool = True
    #: the chat's latest lines as last read (:meth:`read_chat`), and whether it is off
    chat: list[ChatLine] = field(default_factory=list)
    chat_off: bool = False

    @classmethod
    def load(cls, store: Store, table_id: str) -> Table:
        row = store.load_table(table_id)
        if row is None:
            raise LinkError(UNKNOWN_LINK)
        record = read_table(row.record, table_id, set(kinds()))
        kind = kind_named(record.game)
        assert kind is not None
        try:
            game = kind.game_class.from_json(record.start)
        except ValueError as exc:
            raise RecordError(f"table {table_id}'s starting position cannot be loaded by "
                              "this version of the game") from exc
        if len(game.scores()) != len(record.bots):
            raise RecordError(f"table {table_id}'s record is damaged (its seats do not match "
                              "its game)")
        table = cls(store, table_id, kind, record, game, bots=list(record.bots),
                    started=not record.open)
        table.refresh()
        table.read_names()
        table.read_chat()
        return table

    @property
    def players(self) -> int:
        return len(self.bots)

    @property
    def free_seats(self) -> list[int]:
        """The open seats nobody has taken yet, while the table waits (else none)."""
        if self.started:
            return []
        return [s for s in self.record.open if s not in self.sat and self.bots[s] is None]

    def waiting_words(self) -> str:
        """Why no move is played yet, in a player's words."""
        free = [player_name(s) for s in self.free_seats]
        seats = free[0] if len(free) == 1 else ", ".join(free[:-1]) + " and " + free[-1]
        return (f"the table waits for players at its open seat{'s' if len(free) > 1 else ''} "
                f"({seats}): it starts when they are taken, or when the host starts it "
                "with bots")

    def read_names(self) -> bool:
        """Read the players' display names again; ``True`` when they changed.  A stored
        name is cleaned again (a row written by hand, or by an older rule), and one that
        cannot be shown is left out: the seat is "Player N"."""
        names: dict[int, str] = {}
        for seat, stored in self.store.names(self.id).items():
            if 0 <= seat < self.players:
                try:
                    names[seat] = clean_name(stored)
                except NameRefused:
                    continue
        changed = names != self.names
        self.names = names
        return changed

    def read_chat(self) -> bool:
        """Read the chat's latest lines again; ``True`` when they changed.  A stored line is
        cleaned again (a row written by hand); one that cannot be shown is left out."""
        lines: list[ChatLine] = []
        off = False
        for row in self.store.chat(self.id, CHAT_SHOWN):
            if row.kind in ("off", "on"):
                off = row.kind == "off"
                lines.append(ChatLine(row.number, row.kind, None, row.move, "", row.created))
                continue
            if row.kind != "line" or row.seat is None or not 0 <= row.seat < self.players:
                continue
            try:
                text = clean_line(row.text)
            except ChatRefused:
                continue
            lines.append(ChatLine(row.number, "line", row.seat, row.move, text, row.created))
        changed = lines != self.chat or off != self.chat_off
        self.chat, self.chat_off = lines[-CHAT_SHOWN:], off
        return changed

    @property
    def chat_number(self) -> int:
        """The number of the latest chat line read (0: none)."""
        return self.chat[-1].number if self.chat else 0

    def display_name(self, seat: int) -> str:
        """What the screens call ``seat``: its chosen name, else "Player N"."""
        return self.names.get(seat) or player_name(seat)

    def refresh(self) -> bool:
        """Read and replay the events stored since the last read; ``True`` if any."""
        rows = self.store.events(self.id, self.number)
        for row in rows:
            if row.number != self.number + 1:
                raise RecordError(f"table {self.id}'s stored event {self.number + 1} is "
                                  "missing; the table cannot be opened")
            event = read_event(row.record, self.id, row.number, self.players)
            self._apply(event, row.number)
            self.events.append(event)
            self.number = row.number
        return bool(rows)

    def _apply(self, event: Event, number: int) -> None:
        where = f"table {self.id}'s stored event {number}"
        if event.kind == "move":
            if not self.started:
                raise RecordError(f"{where} is a move made before the table started; the "
                                  "table cannot be opened")
            if self.game.current_player != event.seat:
                raise RecordError(f"{where} is a move out of turn; the table cannot be opened")
            try:
                self.game.play(event.move)
            except IllegalMoveError as exc:
                raise RecordError(f"{where} is a move this game's rules refuse; the table "
                                  "cannot be opened") from exc
        elif event.kind == "undo":
            to = event.to
            if self.record.undo == "never" or to is None or not to < self.game.game_position \
                    or self.game.state_at(to).current_player() != event.seat:
                raise RecordError(f"{where} is an undo this table does not allow; the table "
                                  "cannot be opened")
            self.game.resume(to)
        elif event.kind == "sit":
            seat = event.seat
            if self.started or seat not in self.record.open or seat in self.sat \
                    or self.bots[seat] is not None:
                raise RecordError(f"{where} sits a player at a seat that was not free; the "
                                  "table cannot be opened")
            self.sat.add(seat)
        else:
            if event.bot is not None and event.bot not in self.kind.bot_names:
                raise RecordError(f"{where} names a bot this program does not have")
            self.bots[event.seat] = event.bot
        if not self.started and all(s in self.sat or self.bots[s] is not None
                                    for s in self.record.open):
            self.started = True

    # ------------------------------------------------------------------ reading
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see: the engine's view (which leaves the
        generator and the seed out), and the table's own state."""
        data = self.game.view(seat)
        data["table"] = {
            "id": self.id,
            "number": self.number,
            "viewer": seat,
            "seats": [{"seat": s, "name": player_name(s), "bot": b}
                      for s, b in enumerate(self.bots)],
            "to_play": self.game.current_player,
            "over": self.game.is_over,
            "undo": self.record.undo,
            "can_undo": seat is not None and self._undo_target(seat) is not None,
            "waiting": not self.started,
            "open": self.free_seats,
        }
        return data

    def _undo_target(self, seat: int) -> int | None:
        """Where ``seat``'s undo goes back to: before its last decision."""
        if self.record.undo != "solo" or self.record.bots[seat] is not None:
            return None
        for position in range(self.game.game_position - 1, -1, -1):
            # a follow-up (where the card just bought goes) is part of the move before it
            if self.game.state_at(position).current_player() == seat \
                    and not self.game.follows(position):
                return position
        return None

    def what_happened_since(self, seen: int, mover: int | None) -> str:
        """Why a write on top of ``seen`` came too late, in a player's words."""
        later = self.events[seen:]
        if not later:
            return "the table moved on; look at it again"
        first = later[0]
        who = ("you (from another screen)" if first.seat == mover and first.kind == "move"
               else player_name(first.seat))
        if first.kind == "move":
            said = f"{who} moved first"
        elif first.kind == "undo":
            said = f"{player_name(first.seat)} took back a move first"
        elif first.kind == "sit":
            said = f"someone sat at {player_name(first.seat)}'s seat first"
        elif first.bot is not None:
            said = f"{player_name(first.seat)}'s seat was handed to a bot first"
        else:
            said = f"{player_name(first.seat)} took their seat back first"
        more = len(later) - 1
        if more:
            said += f" (and {more} more change{'s' if more > 1 else ''} since)"
        return said[0].upper() + said[1:]


def _bot_seed(table_id: str, seat: int) -> int:
    digest_ = hashlib.blake2b(f"{table_id}|{seat}".encode(), digest_size=4).digest()
    return int.from_bytes(digest_, "big") % 2**31


class TableSeat:
    """One screen's handle on a table, opened by a link: a seat's (``seat`` its number),
    the spectators' (``seat`` None) or the host's (``seat`` None, ``is_host``).

    It holds the table as last read (:attr:`number`); :meth:`refresh` or :meth:`wait`
    reads on.  Nothing it changes is kept unless the store took it."""

    def __init__(self, table: Table, role: Role, seat: int | None) -> None:
        self.table = table
        self.role = role
        self.seat = seat

    def __repr__(self) -> str:
        who = player_name(self.seat) if self.seat is not None else self.role
        return f"<TableSeat {who} at table {self.table.id}, event {self.number}>"

    @property
    def table_id(self) -> str:
        return self.table.id

    @property
    def is_host(self) -> bool:
        return self.role == "host"

    @property
    def number(self) -> int:
        """The number of the last event read (0: none yet)."""
        return self.table.number

    @property
    def game(self) -> HistoryGame[Any, Any]:
        """The game as last read (the whole state: for this kernel, never for a page)."""
        return self.table.game

    def view(self) -> dict[str, Any]:
        """This link's view of the table (what its page may be sent)."""
        return self.table.view(self.seat)

    def legal_moves(self) -> list[Any]:
        """This seat's legal moves now (none when it is not its turn)."""
        if self.seat is None or self.table.game.current_player != self.seat:
            return []
        return self.table.game.legal_moves()

    def refresh(self) -> bool:
        return self.table.refresh()

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the table to move on; ``True`` if it did (the
        new events are read)."""
        head = self.table.store.wait(self.table.id, self.number, timeout)
        if head is None:
            raise LinkError(UNKNOWN_LINK)
        return self.refresh() if head != self.number else False

    def watch(self, timeout: float, until_over: bool = True) -> Iterator[int]:
        """Each new event number as it comes, until ``timeout`` seconds pass with none
        (or, with ``until_over``, the game ends)."""
        while not (until_over and self.table.game.is_over):
            if not self.wait(timeout):
                return
            yield self.number

    # ------------------------------------------------------------------ writing
    def _write(self, event: Event, seen: int) -> int:
        """Store ``event`` on top of ``seen`` (already checked against the table as read at
        ``seen``) or raise :class:`StaleMoveError`."""
        if not self.table.store.append(self.table.id, seen, event.to_text()):
            self.table.refresh()
            raise StaleMoveError(self.table.what_happened_since(seen, self.seat),
                                 self.table.number)
        return seen + 1

    def _at(self, seen: int | None) -> int:
        """Read the table up to now and check the writer saw its last event."""
        expected = self.number if seen is None else seen
        if isinstance(expected, bool) or not isinstance(expected, int) or expected < 0:
            raise TableError("the number seen must be a whole number of 0 or more")
        self.table.refresh()
        if expected != self.number:
            if expected > self.number:
                raise TableError(f"this table has no event {expected} yet (it is at "
                                 f"{self.number})")
            raise StaleMoveError(self.table.what_happened_since(expected, self.seat),
                                 self.number)
        return expected

    def _my_seat(self, action: str) -> int:
        if self.seat is None:
            raise SeatError(f"a {self.role}'s link cannot {action}: it holds no seat")
        return self.seat

    def play(self, move: Any, seen: int | None = None, then: Any = None) -> int:
        """Play ``move`` (a move object, its JSON dict or text) for this seat on top of event
        ``seen`` (default: the last one read); the new event's number.  Refused, with
        nothing stored: another seat's turn, a seat played by a bot, an illegal move
        (the engine's :class:`IllegalMoveError`), or a table that moved on since ``seen``
        (:class:`StaleMoveError`).  ``then``: the move's follow-up (where the card it
        takes goes, ``HistoryGame.play_joined``), checked with it before either is
        stored, then stored as the next event."""
        seat = self._my_seat("play a move")
        seen = self._at(seen)
        game = self.table.game
        to_play = game.current_player
        if to_play is None:
            raise SeatError("the game is over: no more moves")
        if to_play != seat:
            raise SeatError(f"it is {player_name(to_play)}'s turn, not yours")
        if self.table.bots[seat] is not None:
            raise SeatError("a bot plays your seat now: take your seat back first")
        if not self.table.started:
            raise SeatError(self.table.waiting_words())
        return self._play_checked(seat, move, seen, then)

    def _play_checked(self, seat: int, move: Any, seen: int, then: Any = None) -> int:
        game = self.table.game
        parsed = game._parse_move(move)
        if then is None:
            game.state.clone().apply(parsed, log=False)      # the engine's check, no change
            number = self._write(Event("move", seat, move=parsed.to_json()), seen)
            self.table.refresh()
            return number
        # both checked on a copy of the game before either is stored; the follow-up is
        # this seat's next decision, so only a host's seat change could come between
        follow = game._parse_move(then)
        trial = game.__class__.from_state(game.state)
        trial.play_joined(parsed, follow)
        self._write(Event("move", seat, move=parsed.to_json()), seen)
        self.table.refresh()
        number = self._write(Event("move", seat, move=follow.to_json()), seen + 1)
        self.table.refresh()
        return number

    def undo(self, seen: int | None = None) -> int:
        """Take back this seat's last decision (and the bots' moves after it); only at a
        table with one person (see the module docstring)."""
        seat = self._my_seat("undo")
        seen = self._at(seen)
        if self.table.record.undo != "solo":
            raise SeatError("there is no undo at a shared table: the other players have "
                            "seen your move")
        target = self.table._undo_target(seat)
        if target is None:
            raise SeatError("nothing to undo: you have made no decision yet")
        number = self._write(Event("undo", seat, to=target), seen)
        self.table.refresh()
        return number

    def _seat_to_change(self, seat: int | None, action: str) -> int:
        if seat is None:
            return self._my_seat(action)
        if isinstance(seat, bool) or not isinstance(seat, int) \
                or not 0 <= seat < self.table.players:
            raise SeatError(f"this table has seats 1-{self.table.players}")
        if not self.is_host and seat != self.seat:
            raise SeatError(f"only {player_name(seat)} or the table's host can {action} "
                            f"{player_name(seat)}'s seat")
        return seat

    def hand_to_bot(self, bot: str, seat: int | None = None, seen: int | None = None) -> int:
        """Let the bot ``bot`` play ``seat`` (default: this link's own; another seat needs
        the host's link) until a person takes it back."""
        target = self._seat_to_change(seat, "hand over")
        if bot not in self.table.kind.bot_names:
            raise SeatError("no bot of that name; choose one of: "
                            + ", ".join(self.table.kind.bot_names))
        seen = self._at(seen)
        number = self._write(Event("seat", target, bot=bot, by=self.seat), seen)
        self.table.refresh()
        return number

    def take_back(self, seat: int | None = None, seen: int | None = None) -> int:
        """A person plays ``seat`` again (default: this link's own)."""
        target = self._seat_to_change(seat, "take back")
        seen = self._at(seen)
        if self.table.bots[target] is None:
            raise SeatError(f"{player_name(target)}'s seat is already played by a person")
        number = self._write(Event("seat", target, bot=None, by=self.seat), seen)
        self.table.refresh()
        return number

    def start_with_bots(self, bot: str) -> int:
        """The host's "start now": every open seat nobody took is handed to the bot
        ``bot``, and the table starts.  A visitor sitting down meanwhile keeps their
        seat (each hand-over is stored on top of what was read); the number of the last
        event read."""
        if not self.is_host:
            raise SeatError("only the table's host can start it before its open seats "
                            "are taken")
        if bot not in self.table.kind.bot_names:
            raise SeatError("no bot of that name; choose one of: "
                            + ", ".join(self.table.kind.bot_names))
        self.table.refresh()
        if self.table.started:
            raise SeatError("the table has started already")
        for _ in range(4 * self.table.players + 4):
            free = self.table.free_seats
            if not free:
                break
            # someone sitting down meanwhile makes the write stale: read on, go on
            with suppress(StaleMoveError):
                self._write(Event("seat", free[0], bot=bot, by=self.seat), self.number)
            self.table.refresh()
        if not self.table.started:
            raise StaleMoveError("the table kept changing while it was started; try again",
                                 self.number)
        close_listing(self.table)
        return self.number

    def set_name(self, name: object) -> str:
        """Show ``name`` for this link's seat on every screen of the table (cleaned by
        :func:`~nations_widget.tables.names.clean_name`, which refuses a bad one in words;
        ``None``: "Player N" again); the name kept.  Only a seat's own link names it: the
        seat is the player's identity, the name only what is shown."""
        seat = self._my_seat("choose a name")
        cleaned = None if name is None else clean_name(name)
        if not self.table.store.set_name(self.table.id, seat, cleaned):
            raise LinkError(UNKNOWN_LINK)
        self.table.read_names()
        return cleaned if cleaned is not None else player_name(seat)

    def say(self, text: object) -> int:
        """Write ``text`` in the table's chat for this link's seat (cleaned by
        :func:`~nations_widget.tables.chat.clean_line`, which refuses a bad line in words);
        the line's number.  Refused: a spectator's or host's link (no seat), the chat off,
        a seat writing too fast."""
        if self.seat is None:
            raise SeatError("a spectator reads the chat but cannot write in it"
                            if self.role == "spectator" else
                            "a host's link alone cannot write in the chat: it holds no seat")
        line = clean_line(text)
        self.table.read_chat()
        if self.table.chat_off:
            raise ChatRefused("the host turned the chat off at this table")
        number = self.table.store.add_chat(self.table.id, "line", self.seat, self.number,
                                           line, CHAT_BURST, CHAT_WINDOW)
        if number is None:
            raise LinkError(UNKNOWN_LINK)
        if number == 0:
            raise ChatRefused(f"you are writing fast: at most {CHAT_BURST} lines in "
                              f"{CHAT_WINDOW:g} seconds; wait a moment")
        self.table.read_chat()
        return number

    def set_chat(self, on: bool) -> None:
        """The host's: turn the table's chat on or off (a line in the chat says so)."""
        if not self.is_host:
            raise SeatError("only the table's host can turn the chat off or on")
        self.table.read_chat()
        if on != self.table.chat_off:
            return                          # it is so already
        if self.table.store.add_chat(self.table.id, "on" if on else "off", None,
                                     self.number, "", CHAT_BURST, CHAT_WINDOW) is None:
            raise LinkError(UNKNOWN_LINK)
        self.table.read_chat()

    def new_link(self, seat: int | None) -> str:
        """The host's: a fresh link for ``seat`` (None: the spectators'); the old one is
        refused from now on (a lost or leaked link is replaced so)."""
        if not self.is_host:
            raise SeatError("only the table's host can replace a link")
        role: Role = "spectator" if seat is None else "seat"
        if seat is not None:
            self._seat_to_change(seat, "replace the link of")
        token = new_token()
        self.table.store.replace_link(LinkRow(digest(token), self.table.id, role, seat,
                                              time.time()))
        return token

    # ------------------------------------------------------------------- bots
    def run_bots(self, owner: str | None = None, limit: int | None = None, *,
                 pause: float = 0.0, stop: threading.Event | None = None) -> int:
        """Play every bot move that is due, each exactly once however many runners run
        (each claims the turn, then stores its move by compare-and-swap: a
        :class:`StorePlace` played by the bots' one loop,
        :func:`~nations_widget.core.bots.runner.play_bot_turns`); returns how many moves
        this runner stored.  Stops at a person's turn, the end, ``limit`` or ``stop``;
        ``pause``: seconds waited before each move."""
        place = StorePlace(self, owner or secrets.token_hex(8))
        return play_bot_turns(place, limit=limit, pause=pause, stop=stop)


class StorePlace:
    """A table in the store as the place a bot's move goes
    (:class:`~nations_widget.core.bots.runner.MovePlace`): the turn is claimed in the store
    by ``owner`` before the bot thinks (and the claim renewed while it does), and the move
    is stored by compare-and-swap on the event the bot saw, so that it is stored once
    however many runners run; a move another runner stored first is dropped."""

    def __init__(self, handle: TableSeat, owner: str) -> None:
        self._handle = handle
        self._owner = owner

    def due(self) -> bool:
        table = self._handle.table
        table.refresh()
        seat = table.game.current_player
        # no bot plays while the table waits for its open seats
        return seat is not None and table.bots[seat] is not None and table.started

    def next_turn(self) -> BotTurn | Literal["wait"] | None:
        table = self._handle.table
        table.refresh()
        seat = table.game.current_player
        if seat is None:
            return None
        name = table.bots[seat]
        if name is None or not table.started:
            return None
        number = table.number
        if not table.store.claim(table.id, number, self._owner, BOT_CLAIM_SECONDS):
            table.store.wait(table.id, number, 1.0)          # another runner thinks
            return WAIT
        bot = table.kind.make_bot(name, _bot_seed(table.id, seat))
        # the table's own state: this runner's table object, which nothing else changes
        return BotTurn(seat, bot, table.game.state, mark=number)

    def thinking(self, turn: BotTurn) -> AbstractContextManager[None]:
        table = self._handle.table
        return _renewing(table.store, table.id, turn.mark, self._owner)

    def apply(self, turn: BotTurn, move: Any) -> bool:
        try:
            self._handle._play_checked(turn.seat, move, turn.mark)
        except StaleMoveError:
            return False
        return True


def close_listing(table: Table) -> None:
    """A table that has started leaves the lobby's list (a failure here is harmless: the
    lobby leaves out a started table when it reads it)."""
    if table.record.open and table.started:
        with suppress(Exception):       # the store did not answer: the list reads it again
            table.store.close_lobby(table.id)


@contextmanager
def _renewing(store: Store, table_id: str, number: int, owner: str) -> Iterator[None]:
    """Renew ``owner``'s claim on turn ``number`` every :data:`BOT_CLAIM_RENEW_SECONDS`
    while the block runs (in a thread of its own: the bot's search holds this one).  A
    renewal the store refuses or fails to take is not retried: the move is still stored
    by compare-and-swap, so at worst two runners think, and one move is kept."""
    done = threading.Event()

    def renew() -> None:
        while not done.wait(BOT_CLAIM_RENEW_SECONDS):
            try:
                if not store.claim(table_id, number, owner, BOT_CLAIM_SECONDS):
                    return
            except Exception:           # the store did not answer: the claim lapses
                return

    thread = threading.Thread(target=renew, daemon=True, name=f"nations-claim-{table_id}")
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join(BOT_CLAIM_RENEW_SECONDS)


def create_table(store: Store, game: HistoryGame[Any, Any] | str,
                 seats: Sequence[str | None] | None = None, *,
                 open_seats: Sequence[int] = (), **settings: Any) -> Links:
    """Store a new table and return its links.

    ``game``: a game object (its position so far becomes the table's start) or a kind's
    name ("dice", "board") with ``settings`` for its ``Game(...)``.  ``seats``: per seat,
    ``None`` for a person or a bot's name (default: people at every seat).
    ``open_seats``: people's seats open to anyone on the server: the table is listed in
    the lobby and waits for them (:mod:`~nations_widget.tables.lobby`; their links in
    ``Links.seats`` open nothing once a visitor sits there)."""
    if isinstance(game, str):
        kind = kind_named(game)
        if kind is None:
            raise TableError("no game of that name; choose one of: " + ", ".join(kinds()))
        game = kind.game_class(**settings)
    else:
        if settings:
            raise TableError("settings go with a game's name, not with a game object")
        found = kind_of(game)
        if found is None:
            raise TableError("tables do not know this kind of game")
        kind = found
    players = len(game.scores())
    chosen = [None] * players if seats is None else list(seats)
    if len(chosen) != players:
        raise TableError(f"this game has {players} seats; {len(chosen)} were given")
    for bot in chosen:
        if bot is not None and bot not in kind.bot_names:
            raise TableError("no bot of that name; choose one of: " + ", ".join(kind.bot_names))
    opened = list(open_seats)
    if any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < players
           or chosen[s] is not None for s in opened) or len(set(opened)) != len(opened):
        raise TableError("an open seat must be one of the table's seats for a person")
    start = game.to_json()
    start["moves"] = start["moves"][:start["position"]]
    start["position"] = len(start["moves"])
    kind.game_class.from_json(start)                    # what is stored must load
    people = sum(1 for b in chosen if b is None)
    undo: UndoPolicy = "solo" if people == 1 else "never"
    record = TableRecord(kind.name, start, tuple(chosen), undo, tuple(sorted(opened)))
    table_id = new_table_id()
    now = time.time()
    seat_tokens = tuple(new_token() for _ in range(players))
    spectator, host = new_token(), new_token()
    rows = [LinkRow(digest(t), table_id, "seat", s, now) for s, t in enumerate(seat_tokens)]
    rows.append(LinkRow(digest(spectator), table_id, "spectator", None, now))
    rows.append(LinkRow(digest(host), table_id, "host", None, now))
    store.create_table(TableRow(table_id, record.to_text(), 0, now, now), rows,
                       listed=bool(opened))
    return Links(table_id, seat_tokens, spectator, host)


def join_table(store: Store, token: object, table_id: str | None = None) -> TableSeat:
    """Open a link: the handle of the seat (or spectator, or host) it holds.  With
    ``table_id`` (the table a page was showing), a link of another table is refused.
    Refused with :class:`LinkError`, never quoting the link: a malformed, unknown, replaced
    or foreign link."""
    check_token_shape(token)
    assert isinstance(token, str)
    link = store.find_link(digest(token))
    if link is None:
        raise LinkError(UNKNOWN_LINK)
    if table_id is not None and link.table_id != table_id:
        raise LinkError("this link is for another table than the one open here")
    if link.revoked is not None:
        raise LinkError("this link was replaced by a newer one and no longer opens the "
                        "table; ask the table's host for the new link")
    if link.role not in ("seat", "spectator", "host"):
        raise RecordError(f"table {link.table_id}'s stored link is damaged")
    table = Table.load(store, link.table_id)
    seat = link.seat if link.role == "seat" else None
    if link.role == "seat" and (not isinstance(seat, int) or not 0 <= seat < table.players):
        raise RecordError(f"table {link.table_id}'s stored link is damaged")
    return TableSeat(table, link.role, seat)


__all__ = ["BOT_CLAIM_RENEW_SECONDS", "BOT_CLAIM_SECONDS", "Links", "StorePlace", "Table",
           "TableSeat", "close_listing", "create_table", "join_table", "player_name"]
