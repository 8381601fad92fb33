"""A game's bot menu: one entry per bot (:class:`BotInfo`), and making a bot by name.

Each game lists its own bots (``nations_widget.dice.bots``, ``nations_widget.board.bots``)
with these entries; the widget's seat menus, the tables and the tournaments read them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..errors import UnknownBotError
from .base import Bot


@dataclass(frozen=True)
class BotInfo:
    """A menu entry: the bot's name, its level (0 = gentlest), what it does and its
    measured rating (Plackett-Luce points over the random bot from games of 2 or more
    players, ``benchmarks/bot_ratings.py``; the README's table gives the intervals)."""

    name: str
    level: int
    description: str
    make: Callable[[int], Bot]
    rating: int | None = None


def make_named(menu: Mapping[str, BotInfo], name: str, seed: int = 0) -> Bot:
    """A new bot of ``menu`` by name, seeded for reproducible play; an unknown name is
    refused with the names there are."""
    info = menu.get(name)
    if info is None:
        raise UnknownBotError(f"unknown bot {name!r}; choose one of: {', '.join(menu)}")
    return info.make(seed)


__all__ = ["BotInfo", "make_named"]
