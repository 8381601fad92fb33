"""The lobby: tables with open seats, which anyone on this server may take.

A table made with ``open_seats`` (:func:`~nations_widget.tables.table.create_table`; in
the app, a New game seat "Open: anyone on this server") is listed in the store's lobby
from the start.  :func:`open_tables` lists the server's open tables (game, variant,
players, the seats still free, who waits and since when); :func:`sit_open` sits a visitor
at a free seat and returns that seat's new link, which opens it as any seat link does.

- **One seat, one visitor.**  Sitting down is an event of the table (``{"kind": "sit",
  "seat": 2}``), stored by the same compare-and-swap as a move, in one transaction with the
  seat's new link (the link made with the table for that seat is replaced): of two
  visitors clicking the same seat at once, one sits and the other is refused in words
  (:class:`~nations_widget.tables.errors.SeatTaken`: "Someone else took Player 2's seat
  first").  Two visitors at two seats both sit (the second reads the table again and
  tries once more).
- **Waiting, then playing.**  The table plays no move and no bot until each open seat is
  taken, or its host starts it with bots in the seats nobody took
  (:meth:`~nations_widget.tables.table.TableSeat.start_with_bots`); it then leaves the list.
- **Abandoned tables leave the list.**  Each open screen of a waiting table says so in the
  store every :data:`TOUCH_EVERY` seconds (the app's table watcher does); a table no
  screen spoke for in :envvar:`NATIONS_LOBBY_IDLE_MINUTES` minutes (default
  :data:`DEFAULT_IDLE_MINUTES`) is no longer listed.  It is not deleted: its host's link
  opens it again, and it is listed again while its page is open.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import LinkError, LobbyError, RecordError, SeatTaken, StaleMoveError, StoreError
from .links import digest, new_token
from .records import Event
from .store import LinkRow, Store
from .table import Table, close_listing, player_name

#: The server's setting: minutes after which a waiting table no screen spoke for leaves
#: the list.
IDLE_VARIABLE = "NATIONS_LOBBY_IDLE_MINUTES"
DEFAULT_IDLE_MINUTES = 15.0
#: A waiting table's screen says it is there this often (seconds).
TOUCH_EVERY = 10.0
#: At most this many tables are listed (the longest waiting first).
MAX_LISTED = 40
#: A visitor's sitting down is tried this often when other events come between.
SIT_ATTEMPTS = 8
_TABLE_ID = re.compile(r"[0-9a-f]{1,64}")


def idle_minutes(environ: Mapping[str, str] | None = None) -> float:
    """The setting :data:`IDLE_VARIABLE` (default :data:`DEFAULT_IDLE_MINUTES`); a value
    that is not a number of minutes above 0 is refused in words."""
    env = os.environ if environ is None else environ
    text = env.get(IDLE_VARIABLE, "").strip()
    if not text:
        return DEFAULT_IDLE_MINUTES
    try:
        minutes = float(text)
    except ValueError:
        minutes = -1.0
    if not 0 < minutes < 1e7:
        raise StoreError(f"{IDLE_VARIABLE} must be a number of minutes above 0 (it is "
                         f"{text[:20]!r})")
    return minutes


@dataclass(frozen=True)
class OpenSeat:
    """A seat of an open table as the lobby shows it: ``who`` is "open" (free), "person"
    (its player sits there: the host, or a visitor who took it) or "bot"."""

    seat: int
    who: str
    name: str
    bot: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "who": self.who, "name": self.name, "bot": self.bot,
                "label": player_name(self.seat)}


@dataclass(frozen=True)
class OpenTable:
    """One open table of the lobby."""

    id: str
    game: str
    players: int
    variant: str
    seats: tuple[OpenSeat, ...]
    listed: float

    @property
    def free(self) -> list[int]:
        return [s.seat for s in self.seats if s.who == "open"]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "players": self.players,
                "variant": self.variant, "seats": [s.to_json() for s in self.seats],
                "free": self.free, "listed": self.listed}


def variant_words(game: str, config: Mapping[str, Any]) -> str:
    """The game's variant in a few words, from its settings (never its seed)."""
    if game == "dice":
        return "Accelerated variant" if config.get("variant") == "accelerated" \
            else "standard rules"
    ages = config.get("ages")
    if isinstance(ages, int) and not isinstance(ages, bool):
        return "full game (4 ages)" if ages >= 4 else \
            f"short game ({ages} age{'s' if ages != 1 else ''})"
    return "standard rules"


def _listed(table: Table, listed: float) -> OpenTable:
    seats = []
    free = set(table.free_seats)
    for seat, bot in enumerate(table.bots):
        if seat in free:
            seats.append(OpenSeat(seat, "open", player_name(seat)))
        elif bot is not None:
            seats.append(OpenSeat(seat, "bot", player_name(seat), bot))
        else:
            seats.append(OpenSeat(seat, "person", table.display_name(seat)))
    config = table.record.start.get("config")
    return OpenTable(table.id, table.kind.name, table.players,
                     variant_words(table.kind.name, config if isinstance(config, dict) else {}),
                     tuple(seats), listed)


def open_tables(store: Store, now: float | None = None,
                environ: Mapping[str, str] | None = None) -> list[OpenTable]:
    """The server's open tables that wait for players, the longest waiting first (at most
    :data:`MAX_LISTED`).  A table no screen spoke for in the idle time is left out; one
    that started, was removed or cannot be read is left out (and a started one taken off
    the list)."""
    moment = time.time() if now is None else now
    found: list[OpenTable] = []
    for row in store.lobby(moment - idle_minutes(environ) * 60):
        try:
            table = Table.load(store, row.table_id)
        except (LinkError, RecordError):
            continue                    # removed meanwhile, or damaged: not listed
        if table.started or not table.record.open:
            close_listing(table)
            continue
        found.append(_listed(table, row.listed))
        if len(found) >= MAX_LISTED:
            break
    return found


def sit_open(store: Store, table_id: object, seat: object) -> str:
    """Sit a visitor at ``seat`` of the open table ``table_id``; the seat's new link (the
    visitor's credential from now on).  Refused in words: no such open table
    (:class:`LobbyError`), a seat that is not open, or one somebody took first
    (:class:`SeatTaken`)."""
    if not isinstance(table_id, str) or not _TABLE_ID.fullmatch(table_id):
        raise LobbyError("no open table has this id; choose one from the list")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise LobbyError("choose a seat by its number")
    for _ in range(SIT_ATTEMPTS):
        try:
            table = Table.load(store, table_id)
        except LinkError:
            raise LobbyError("this table is no longer open: it was removed") from None
        if not table.record.open:
            raise LobbyError("this table has no seats open to visitors")
        if not 0 <= seat < table.players:
            raise LobbyError(f"this table has seats 1-{table.players}")
        if table.started and seat in table.record.open:
            raise SeatTaken(f"someone else took {player_name(seat)}'s seat first, and the "
                            "table has started; choose another table")
        if table.started:
            raise SeatTaken("this table has started already; choose another table")
        if seat not in table.record.open:
            raise LobbyError(f"{player_name(seat)}'s seat is not open to visitors")
        if seat not in table.free_seats:
            raise SeatTaken(f"someone else took {player_name(seat)}'s seat first; choose "
                            "another seat")
        token = new_token()
        link = LinkRow(digest(token), table.id, "seat", seat, time.time())
        if store.append(table.id, table.number, Event("sit", seat).to_text(), link=link):
            table.refresh()
            close_listing(table)
            return token
        # another event came first (a visitor at another seat, the host): read again
    raise StaleMoveError("the table kept changing while you sat down; try again", 0)


__all__ = ["DEFAULT_IDLE_MINUTES", "IDLE_VARIABLE", "MAX_LISTED", "TOUCH_EVERY", "OpenSeat",
           "OpenTable", "idle_minutes", "open_tables", "sit_open", "variant_words"]
