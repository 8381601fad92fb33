"""Bots for Nations: The Dice Game: opponents from gentle to hard, and teachers.

Pick a bot by name from Python or the widget::

    >>> from nations_widget.dice import GameState
    >>> from nations_widget.dice.bots import BOT_NAMES, make_bot
    >>> bot = make_bot("heuristic", seed=1)
    >>> state = GameState.new(players=2, seed=3)
    >>> state.is_legal(bot.choose(state))
    True

Every bot has ``name`` and ``choose(state) -> Move`` (see :class:`Bot`); the move is legal,
the same seed and position give the same move, and the state is never changed.
:data:`BOT_NAMES` lists the names from weakest to strongest; :data:`BOT_INFO` gives each
one's level (0 = gentlest) and a one-line description for menus.
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.bots.menu import BotInfo, make_named
from .base import BaseBot, Bot, position_key
from .heuristic import (
    BALANCED,
    BOOKS,
    BUILDER,
    MILITARY,
    STRATEGIES,
    WONDERS,
    HeuristicBot,
    Strategy,
)
from .mcts import MCTSBot
from .random_bot import RandomBot


def _heuristic(strategy: Strategy) -> Callable[[int], Bot]:
    return lambda seed: HeuristicBot(strategy, seed)


def _mcts(name: str, iterations: int) -> Callable[[int], Bot]:
    return lambda seed: MCTSBot(seed, iterations=iterations, name=name)


#: the share of random moves of ``heuristic-easy`` (2 players, 400 games each: it finished
#: first against ``heuristic-books`` 33% of the time at 0.3, 19% at 0.4, 16% at 0.5)
EASY_NOISE = 0.4

# levels named from the measured ratings (docs/bots.md, "Ratings of the bots", 1,278
# games): each level's weakest bot 175-627 points above the strongest of the level below
# (tests/core/test_ratings.py checks it on the games kept); the four strategies and the
# balanced heuristic are one level of styles, the three searches one level (1200 playouts
# measured no stronger than 60)
_INFO: tuple[BotInfo, ...] = (
    BotInfo("random", 0, "plays a uniformly random legal move", RandomBot, 0),
    BotInfo("heuristic-easy", 1, "balanced rules of thumb, but a random move at about two "
            "decisions in five", lambda seed: HeuristicBot(BALANCED, seed, "heuristic-easy",
                                                            noise=EASY_NOISE), 627),
    BotInfo("heuristic-books", 2, "books: " + BOOKS.summary, _heuristic(BOOKS), 866),
    BotInfo("heuristic-wonders", 2, "wonders: " + WONDERS.summary, _heuristic(WONDERS),
            832),
    BotInfo("heuristic-builder", 2, "builder: " + BUILDER.summary, _heuristic(BUILDER),
            916),
    BotInfo("heuristic-military", 2, "military: " + MILITARY.summary,
            _heuristic(MILITARY), 857),
    BotInfo("heuristic", 2, "balanced: " + BALANCED.summary, _heuristic(BALANCED), 939),
    BotInfo("mcts-easy", 3, "tree search, 60 playouts per move", _mcts("mcts-easy", 60),
            1127),
    BotInfo("mcts", 3, "tree search, 300 playouts per move", _mcts("mcts", 300), 1176),
    BotInfo("mcts-hard", 3, "tree search, 1200 playouts per move (not measured stronger "
            "than 60)", _mcts("mcts-hard", 1200), 1114),
)

BOT_INFO: dict[str, BotInfo] = {info.name: info for info in _INFO}
BOT_NAMES: tuple[str, ...] = tuple(info.name for info in _INFO)
BOT_LEVELS: dict[str, int] = {info.name: info.level for info in _INFO}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot by name (one of :data:`BOT_NAMES`), seeded for reproducible play."""
    return make_named(BOT_INFO, name, seed)


__all__ = [
    "BOT_INFO",
    "BOT_LEVELS",
    "BOT_NAMES",
    "STRATEGIES",
    "BaseBot",
    "Bot",
    "BotInfo",
    "HeuristicBot",
    "MCTSBot",
    "RandomBot",
    "Strategy",
    "make_bot",
    "position_key",
]
