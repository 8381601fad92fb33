"""A New game's settings resolved into what starting it does: a game played here, or a
new table to store.

:func:`plan_new_game` reads the ``new_game`` intent's settings (``players``, ``seats``,
``seed``, ``bot_delay`` and the game's own; those not given keep the current game's, the
seed excepted: a fresh random one) against the game shown and its seats, and answers a
:class:`NewGamePlan`: the new game, who plays each seat, the bots' pause if given, and
whether the game is a new table (a seat to invite or left open to the lobby; at a table, a
seat played at another screen is invited again).  It changes nothing: the widget then
shows the game, or stores the table and sits at it.  Bad settings raise
:class:`ValueError` in words before anything changes.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ...core.history import HistoryGame
from .adapter import GameAdapter
from .bots import checked_seats
from .table_mode import INVITE, OPEN, REMOTE

G = TypeVar("G", bound=HistoryGame[Any, Any])

#: the longest pause before a bot move a New game may ask for, in seconds
MAX_BOT_DELAY = 30


def fresh_seed(seed: int | str | None) -> int:
    """The seed a new game is dealt with: the one given (a whole number, or its digits as
    text), or a fresh random one when none is.

    >>> fresh_seed(7), fresh_seed("12")
    (7, 12)
    >>> 0 <= fresh_seed(None) < 2**31 and 0 <= fresh_seed("") < 2**31
    True
    """
    if seed is None or seed == "":
        return secrets.randbelow(2**31)
    if isinstance(seed, str):
        return int(seed)
    return seed


@dataclass(frozen=True)
class NewGamePlan(Generic[G]):
    """What starting a new game does (see the module docstring)."""

    #: the new game, dealt (not shown yet)
    game: G
    #: who plays each seat: checked ("human", a bot, ``"remote"`` for a seat this screen
    #: does not play) for a game played here; for a new table also "invite" and "open"
    seats: tuple[str, ...]
    #: the game is to be stored as a new table (with invited or open seats)
    new_table: bool
    #: the pause before each bot move asked for (seconds), None to keep the widget's
    bot_delay: float | None


def plan_new_game(settings: Mapping[str, Any], adapter: GameAdapter[G, Any], current: G,
                  seats: Sequence[str], bot_names: Sequence[str], *, at_table: bool,
                  only: Collection[int] | None = None) -> NewGamePlan[G]:
    """The plan for a New game with ``settings`` (checked by the intent table), from the
    game ``current`` played with ``seats``.  ``at_table``: the screen sits at a table;
    ``only``: the seats this screen plays when not all of them (see
    :func:`~.bots.checked_seats`)."""
    wanted = {k: v for k, v in settings.items() if k not in ("seats", "bot_delay")}
    wanted.setdefault("players", adapter.settings_of(current)["players"])
    wanted["seed"] = fresh_seed(settings.get("seed"))
    delay = settings.get("bot_delay")
    if delay is not None and (isinstance(delay, bool)
                              or not 0 <= float(delay) <= MAX_BOT_DELAY):
        raise ValueError(f"bot_delay must be 0-{MAX_BOT_DELAY} seconds")
    bot_delay = None if delay is None else float(delay)
    game = adapter.new_game(wanted, current)
    n = adapter.seat_count(game)
    chosen = settings.get("seats")
    if chosen is not None and at_table and REMOTE in chosen:
        chosen = [INVITE if who == REMOTE else who for who in chosen]
    if chosen is None and len(seats) == n and not at_table:
        # the same players again; a seat this screen does not play is a person's, who
        # waits again (checked_seats marks it so from ``only``)
        chosen = ["human" if s == REMOTE else s for s in seats]
    if chosen is not None and (INVITE in chosen or OPEN in chosen):
        return NewGamePlan(game, tuple(chosen), True, bot_delay)
    if chosen is None:
        chosen = adapter.default_seats(n, bot_names)
    return NewGamePlan(game, tuple(checked_seats(chosen, n, bot_names, only)), False,
                       bot_delay)


__all__ = ["MAX_BOT_DELAY", "NewGamePlan", "fresh_seed", "plan_new_game"]
