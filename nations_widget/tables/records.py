"""The JSON records a store keeps, and their readers.

A table's record::

    {"format": "nations-table", "version": 1, "game": "dice",
     "start": <the game's save, at its starting position>,
     "seats": [{"bot": null}, {"bot": "heuristic"}], "undo": "solo"}

(``undo``: "solo", "never" or "screen", see :data:`UndoPolicy`; a table with open seats,
which anyone on the server may take from the lobby, also has ``"open": [1, 2]``, those
seats' numbers: it waits for them before its first move, see
:mod:`~nations_widget.tables.lobby`)

and its events, numbered 1, 2, ... by the store::

    {"kind": "move", "seat": 0, "move": <the move's JSON>}
    {"kind": "undo", "seat": 0, "to": 12}              (back to position 12)
    {"kind": "seat", "seat": 1, "bot": "heuristic", "by": 0}   (handed to a bot; by the
                                                  seat itself, or null: the table's host)
    {"kind": "seat", "seat": 1, "bot": null, "by": 1}          (taken back by its player)
    {"kind": "sit", "seat": 2}                     (a visitor sat at open seat 2)

A record that cannot be read raises :class:`~nations_widget.tables.errors.RecordError`
naming the table and the event number, never quoting the record (a move can hold what
other seats must not see).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from ..core.envelope import json_object
from .errors import RecordError

TABLE_FORMAT = "nations-table"
TABLE_VERSION = 1
#: "solo": one person, the others bots; "never": a shared table; "screen": a game played
#: at one screen only (hot seat, or against bots), kept so that it is never lost, whose
#: history goes back anywhere, as the widget's does (see :mod:`~.kept`)
UndoPolicy = Literal["solo", "never", "screen"]


@dataclass(frozen=True)
class TableRecord:
    game: str
    start: dict[str, Any]
    bots: tuple[str | None, ...]        # per seat: the bot playing it, None for a person
    undo: UndoPolicy
    #: the seats open to anyone on the server (taken from the lobby), in order
    open: tuple[int, ...] = ()

    def to_text(self) -> str:
        data: dict[str, Any] = {"format": TABLE_FORMAT, "version": TABLE_VERSION,
                                "game": self.game, "start": self.start,
                                "seats": [{"bot": b} for b in self.bots], "undo": self.undo}
        if self.open:
            data["open"] = list(self.open)
        return json.dumps(data, separators=(",", ":"))


@dataclass(frozen=True)
class Event:
    kind: Literal["move", "undo", "seat", "sit"]
    seat: int
    move: dict[str, Any] | None = None      # kind "move"
    to: int | None = None                   # kind "undo"
    bot: str | None = None                  # kind "seat"
    by: int | None = None                   # kind "seat": the seat that did it, None: host

    def to_text(self) -> str:
        data: dict[str, Any] = {"kind": self.kind, "seat": self.seat}
        if self.kind == "move":
            data["move"] = self.move
        elif self.kind == "undo":
            data["to"] = self.to
        elif self.kind == "sit":
            pass
        else:
            data["bot"] = self.bot
            data["by"] = self.by
        return json.dumps(data, separators=(",", ":"))


def _where(table_id: str, number: int | None) -> str:
    return (f"table {table_id}'s record" if number is None
            else f"table {table_id}'s stored event {number}")


def _parse(text: object, where: str) -> dict[str, Any]:
    if not isinstance(text, (str, bytes)):
        raise RecordError(f"{where} is damaged (it is not text); the table cannot be opened")
    try:
        return json_object(text, "")
    except ValueError:
        raise RecordError(f"{where} is damaged (it is not a JSON object); the table cannot "
                          "be opened") from None


def _seat_number(value: object, players: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def read_table(text: object, table_id: str, game_names: set[str]) -> TableRecord:
    """A table's record from its stored text."""
    where = _where(table_id, None)
    data = _parse(text, where)
    if data.get("format") != TABLE_FORMAT:
        raise RecordError(f"{where} is not a table of this program (its 'format' is not "
                          f"{TABLE_FORMAT!r})")
    version = data.get("version")
    if version != TABLE_VERSION or isinstance(version, bool):
        shown = str(version) if isinstance(version, int) and len(str(version)) < 12 else "?"
        raise RecordError(f"{where} was stored by another version of nations_widget (table "
                          f"version {shown}; this program reads version {TABLE_VERSION})")
    unknown = set(data) - {"format", "version", "game", "start", "seats", "undo", "open"}
    if unknown:
        raise RecordError(f"{where} has fields this program does not know ({len(unknown)}); "
                          "it may be from a newer version")
    game = data.get("game")
    if not isinstance(game, str) or game not in game_names:
        raise RecordError(f"{where} names a game this program does not have")
    start = data.get("start")
    if not isinstance(start, dict):
        raise RecordError(f"{where} has no starting position ('start')")
    seats = data.get("seats")
    if not isinstance(seats, list) or not seats or len(seats) > 16 or not all(
            isinstance(s, dict) and set(s) == {"bot"}
            and (s["bot"] is None or isinstance(s["bot"], str)) for s in seats):
        raise RecordError(f"{where} has damaged seats")
    undo = data.get("undo")
    if undo not in ("solo", "never", "screen"):
        raise RecordError(f"{where} has an unknown undo rule")
    bots = tuple(s["bot"] for s in seats)
    opened = data.get("open", [])
    if not isinstance(opened, list) or len(set(map(repr, opened))) != len(opened) or not all(
            _seat_number(s, len(bots)) and bots[s] is None for s in opened):
        raise RecordError(f"{where} has damaged open seats")
    return TableRecord(game, start, bots, undo, tuple(opened))


def read_event(text: object, table_id: str, number: int, players: int) -> Event:
    """A table's event from its stored text (its content is checked against the game when
    it is replayed)."""
    where = _where(table_id, number)
    data = _parse(text, where)
    kind = data.get("kind")
    seat = data.get("seat")
    if not _seat_number(seat, players):
        raise RecordError(f"{where} is damaged (no seat of this table)")
    assert isinstance(seat, int)
    if kind == "move" and set(data) == {"kind", "seat", "move"} \
            and isinstance(data["move"], dict):
        return Event("move", seat, move=data["move"])
    if kind == "undo" and set(data) == {"kind", "seat", "to"}:
        to = data["to"]
        if isinstance(to, int) and not isinstance(to, bool) and to >= 0:
            return Event("undo", seat, to=to)
    if kind == "seat" and set(data) == {"kind", "seat", "bot", "by"}:
        bot, by = data["bot"], data["by"]
        if (bot is None or isinstance(bot, str)) and (by is None or _seat_number(by, players)):
            return Event("seat", seat, bot=bot, by=by)
    if kind == "sit" and set(data) == {"kind", "seat"}:
        return Event("sit", seat)
    raise RecordError(f"{where} is damaged (not a move, an undo, a change of seat or a "
                      "player sitting down that this program can read)")


__all__ = ["TABLE_FORMAT", "TABLE_VERSION", "Event", "TableRecord", "UndoPolicy",
           "read_event", "read_table"]
