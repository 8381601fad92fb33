"""The refusals of the tables: every one a ``ValueError`` with a message for a player.

None of them ever quotes a link (a seat's link is its credential) or a stored record's
contents (a move can hold what another seat must not see, such as an Accelerated pledge):
they say what is wrong and where, by table id and event number.
"""

from __future__ import annotations


class TableError(ValueError):
    """Anything a table refuses; nothing was changed."""


class LinkError(TableError):
    """A link that opens no seat: malformed, forged, for another table, or replaced."""


class StaleMoveError(TableError):
    """The table moved on since the number the mover saw ("Player 2 moved first")."""

    def __init__(self, message: str, head: int) -> None:
        super().__init__(message)
        self.head = head            # the number the table is at now


class SeatError(TableError):
    """An action this link may not take: a move for another seat, a spectator's move,
    an undo at a shared table, handing a seat the link does not hold."""


class RecordError(TableError):
    """A stored row that cannot be read: corrupt, from another version of this program,
    or a move the engine refuses on replay.  The table is not opened."""


class NameRefused(TableError):
    """A display name that cannot be shown: not text, empty once cleaned, or too long."""


class LobbyError(TableError):
    """A lobby's request that cannot be met: no such open table, a seat that is not open,
    a table that started."""


class SeatTaken(LobbyError):
    """An open seat somebody else took first (of two visitors at one seat, one sits)."""


class ChatRefused(TableError):
    """A chat line that cannot be kept: not text, empty once cleaned, too long, written
    too fast, or the chat is off."""


class StoreError(TableError):
    """The store itself: a database written by a newer version, or a missing driver."""


__all__ = [
    "ChatRefused",
    "LinkError",
    "LobbyError",
    "NameRefused",
    "RecordError",
    "SeatError",
    "SeatTaken",
    "StaleMoveError",
    "StoreError",
    "TableError",
]
