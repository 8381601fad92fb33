"""Which bots the widget can seat, and how it makes them.

The bots live in :mod:`nations_widget.dice.bots` (``make_bot(name, seed)`` returning an
object with ``choose(state) -> Move``, and ``BOT_NAMES``).  Until that package is
installed the widget falls back to one tiny built-in bot, ``"random"``, so that it stays
playable; the widget never depends on which bots exist.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..dice import GameState, Move


class Bot(Protocol):
    def choose(self, state: GameState) -> Move: ...


BotFactory = Callable[[str, int], Bot]


class RandomBot:
    """Picks a legal move at random, preferring buys and builds (the fallback bot)."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: GameState) -> Move:
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal move: the game is over")
        productive = [m for m in moves if m.type in ("buy", "build")]
        if productive and self._rng.random() < 0.85:
            return self._rng.choice(productive)
        return self._rng.choice(moves)


def fallback_make_bot(name: str, seed: int) -> Bot:
    if name != "random":
        raise ValueError(f"unknown bot {name!r}; the bots available are: random")
    return RandomBot(seed)


FALLBACK_NAMES: tuple[str, ...] = ("random",)


def load_bots() -> tuple[tuple[str, ...], BotFactory]:
    """``(names, make_bot)`` from :mod:`nations_widget.dice.bots`, or the fallback."""
    try:
        module: Any = importlib.import_module("nations_widget.dice.bots")
        names = tuple(str(n) for n in module.BOT_NAMES)
        factory: BotFactory = module.make_bot
    except (ImportError, AttributeError):
        return FALLBACK_NAMES, fallback_make_bot
    if not names:
        return FALLBACK_NAMES, fallback_make_bot
    return names, factory


#: The bot given to the other seats of a new widget, when it is available.
PREFERRED_BOT = "heuristic"


def bot_descriptions(names: Sequence[str]) -> dict[str, str]:
    """A one-line description per bot, for the seat menus (from ``BOT_INFO`` if the bots
    package has it)."""
    out = {"random": "plays a random legal move"} if "random" in names else {}
    try:
        module: Any = importlib.import_module("nations_widget.dice.bots")
        info = module.BOT_INFO
        for name in names:
            if name in info:
                out[name] = str(info[name].description)
    except (ImportError, AttributeError):
        pass
    return out


def default_seats(players: int, bot_names: Sequence[str]) -> list[str]:
    """Seat 1 is a human, the others the balanced heuristic bot (else the first bot; all
    humans if there is no bot)."""
    fallback = bot_names[0] if bot_names else "human"
    bot = PREFERRED_BOT if PREFERRED_BOT in bot_names else fallback
    return ["human"] + [bot] * (players - 1)
