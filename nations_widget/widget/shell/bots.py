"""Which bots a game's widget can seat, read from the game's ``bots`` package.

A game's bots package (``nations_widget.dice.bots``, ``nations_widget.board.bots``)
provides ``BOT_NAMES`` (gentlest first), ``BOT_INFO`` (name -> an object with a
``description``) and ``make_bot(name, seed)`` returning an object with
``choose(state) -> move``.  Until such a package can be imported a game may give a
fallback menu, so that its widget stays playable; the shell never depends on which bots
exist.  When and where the bots play is :mod:`~.bot_runner`'s; whose turn a bot takes and
where its move goes, in a game played here, :mod:`~.local_bots`'s.
"""

from __future__ import annotations

import importlib
from collections.abc import Collection, Sequence
from typing import Any

from ...core.errors import SeatChoiceError, UnknownBotError
from .adapter import BotFactory
from .table_mode import REMOTE


def bot_menu(module_name: str, fallback: tuple[tuple[str, ...], BotFactory]
             ) -> tuple[tuple[str, ...], BotFactory]:
    """``(names, make_bot)`` from the bots package ``module_name``, or ``fallback``."""
    try:
        module: Any = importlib.import_module(module_name)
        names = tuple(str(n) for n in module.BOT_NAMES)
        factory: BotFactory = module.make_bot
    except (ImportError, AttributeError):
        return fallback
    if not names:
        return fallback
    return names, factory


def bot_descriptions(module_name: str, names: Sequence[str],
                     known: dict[str, str] | None = None) -> dict[str, str]:
    """A one-line description per bot for the seat menus: ``known`` ones (a fallback
    bot's), then the bots package's ``BOT_INFO``."""
    out = {name: text for name, text in (known or {}).items() if name in names}
    info = _bot_info(module_name)
    out.update({name: described(info[name]) for name in names if name in info})
    return out


def described(info: Any) -> str:
    """A bots package's entry for the seat menus: its description, and its measured
    rating (``info.rating``: Plackett-Luce points over the random bot, see the README's
    bot ratings) when it has one.

    >>> from types import SimpleNamespace as Entry
    >>> described(Entry(description="tree search", rating=812))
    'tree search; rated +812 (random = 0)'
    >>> described(Entry(description="random moves", rating=None))
    'random moves'
    """
    rating = getattr(info, "rating", None)
    text = str(info.description)
    return text if rating is None else f"{text}; rated {int(rating):+d} (random = 0)"


def _bot_info(module_name: str) -> dict[str, Any]:
    """The bots package's ``BOT_INFO`` (name -> its description and level), or nothing
    when the package has none."""
    try:
        module: Any = importlib.import_module(module_name)
        return dict(module.BOT_INFO)
    except (ImportError, AttributeError):
        return {}


#: a bot's level (its bots package's ``BOT_INFO[name].level``, 0 = gentlest) in words
LEVEL_WORDS: tuple[str, ...] = ("very easy", "easy", "medium", "hard", "very hard", "strongest")


def level_word(level: int) -> str:
    """``level`` (0 = gentlest) in words: 0 "very easy", 1 "easy", 2 "medium", 3 "hard",
    4 "very hard", 5 and above "strongest".

    >>> [level_word(n) for n in (0, 1, 4, 9)]
    ['very easy', 'easy', 'very hard', 'strongest']
    """
    return LEVEL_WORDS[max(0, min(level, len(LEVEL_WORDS) - 1))]


def bot_levels(module_name: str, names: Sequence[str],
               known: dict[str, int] | None = None) -> dict[str, str]:
    """Each bot's level in words (:func:`level_word`): ``known`` ones (a fallback bot's),
    then the bots package's ``BOT_INFO[name].level``; a bot of unknown level is left out."""
    levels = {name: level for name, level in (known or {}).items() if name in names}
    info = _bot_info(module_name)
    levels.update({name: int(info[name].level) for name in names if name in info})
    return {name: level_word(level) for name, level in levels.items()}


def default_seats(players: int, bot_names: Sequence[str], preferred: str) -> list[str]:
    """Seat 1 is a human, the others the preferred bot (else the first bot; all humans if
    there is no bot)."""
    return ["human"] + [choose_bot(bot_names, preferred)] * (players - 1)


def choose_bot(bot_names: Sequence[str], preferred: str) -> str:
    """``preferred`` when it is available, else the first bot ("human" if none)."""
    if preferred in bot_names:
        return preferred
    return bot_names[0] if bot_names else "human"


def checked_seats(seats: Sequence[str], players: int, bot_names: Sequence[str],
                  only: Collection[int] | None = None) -> list[str]:
    """``seats`` checked: one per player, each ``"human"`` or one of ``bot_names``;
    raises :class:`~nations_widget.core.errors.SeatChoiceError` (the wrong count) or
    :class:`~nations_widget.core.errors.UnknownBotError` (an unknown name).  ``only``:
    the seats this screen plays when not all of them; the others are ``"remote"`` (they
    wait), and ``"remote"`` is accepted as given."""
    if isinstance(seats, str) or len(seats) != players:
        raise SeatChoiceError(f"give one seat per player ({players}), got {list(seats)!r}")
    allowed = ["human", *bot_names]
    for who in seats:
        if who not in allowed and not (only is not None and who == REMOTE):
            raise UnknownBotError(f"unknown seat player {who!r}: choose one of "
                                  f"{', '.join(allowed)}")
    if only is not None:              # the seats this screen does not play wait
        return [who if seat in only else REMOTE for seat, who in enumerate(seats)]
    return list(seats)
