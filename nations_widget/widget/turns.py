"""Whose turn it is now at the shared tables a browser remembers: the app's "Continue a
game" list, live (issue 31, section 5).

The page remembers each table it sat at with its links (this browser's storage); before a
choice of game it sends the tables' ids and links (``{"kind": "turns", "tables": [{"id",
"tokens"}]}``), and Python reads each table in the store: whose turn it is, whether it is
this screen's (one of the links' seats), waiting for players, over, or gone from the server.
A link is a credential: only what its holder may see at the table is told (the turn, a
seat's chosen name), never another link; an unknown or malformed link says "gone", without
quoting it.  Games played at one screen alone are not asked about (their turn is always
that screen's until they end).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..tables import Store
from .shell.table_mode import MAX_LINKS, open_hands, table_payload

#: at most this many tables are read for one page (the list's newest first)
MAX_TABLES = 20


@dataclass(frozen=True)
class TurnAsk:
    """One remembered table: its id (as the page keeps it) and the links this browser
    holds for it."""

    table_id: str
    tokens: tuple[str, ...]


def read_asks(tables: object) -> list[TurnAsk]:
    """The page's list, checked: at most :data:`MAX_TABLES` tables, each an id and one to
    :data:`~.shell.table_mode.MAX_LINKS` links of text (anything else is refused in words,
    never quoting a link)."""
    if not isinstance(tables, list) or len(tables) > MAX_TABLES:
        raise ValueError(f"The page asked for whose turn it is in a form this app does not "
                         f"read (a list of at most {MAX_TABLES} tables).")
    asks = []
    for entry in tables:
        tokens = entry.get("tokens") if isinstance(entry, dict) else None
        table_id = entry.get("id") if isinstance(entry, dict) else None
        if not (isinstance(table_id, str) and 0 < len(table_id) <= 64
                and isinstance(tokens, list) and 0 < len(tokens) <= MAX_LINKS
                and all(isinstance(t, str) and len(t) <= 100 for t in tokens)):
            raise ValueError("The page asked for whose turn it is at a table it names in a "
                             "form this app does not read.")
        asks.append(TurnAsk(table_id, tuple(tokens)))
    return asks


def turn_now(store: Store, ask: TurnAsk) -> dict[str, Any]:
    """Whose turn it is at ``ask``'s table, as the "Continue a game" list says it:
    ``{"mine": true}``, ``{"name", "bot"}``, ``{"waiting": true}``, ``{"over": true}``, or
    ``{"gone": true}`` when its links open nothing (the table deleted, or not this id)."""
    try:
        hands = open_hands(store, list(ask.tokens))
    except ValueError:
        return {"gone": True}
    if hands.table.id != ask.table_id:
        return {"gone": True}
    t = table_payload(hands)
    if t["over"]:
        return {"over": True}
    if t["waiting"]:
        return {"waiting": True}
    if t["my_turn"]:
        return {"mine": True}
    seat = next((s for s in t["seats"] if s["seat"] == t["to_play"]), None)
    if seat is None:
        return {}
    return {"name": seat["name"], "bot": seat["who"] == "bot"}


def turns_now(store: Store, asks: Sequence[TurnAsk]) -> dict[str, dict[str, Any]]:
    """:func:`turn_now` of each table, by id."""
    return {ask.table_id: turn_now(store, ask) for ask in asks}


__all__ = ["MAX_TABLES", "TurnAsk", "read_asks", "turn_now", "turns_now"]
