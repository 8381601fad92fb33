"""Bots for Nations, the board game: opponents from gentle to strong.

    >>> from nations_widget.board import GameState
    >>> from nations_widget.board.bots import BOT_NAMES, make_bot
    >>> bot = make_bot("heuristic", seed=1)
    >>> state = GameState.new(players=2, seed=3)
    >>> state.is_legal(bot.choose(state))
    True

Every bot has ``name`` and ``choose(state) -> Move``; the move is legal, the same seed and
position give the same move, and the state is never changed.  :data:`BOT_NAMES` lists the
names from gentlest to strongest; :data:`BOT_INFO` gives each one's level (0 = gentlest)
and a one-line description for menus.
"""

from __future__ import annotations

from ...core.bots.base import BaseBot, Bot, position_key
from ...core.bots.menu import BotInfo, make_named
from ...core.bots.random_bot import RandomBot
from .heuristic import HeuristicBot
from .mcts import MCTSBot

_INFO: tuple[BotInfo, ...] = (
    BotInfo("random", 0, "plays a uniformly random legal move (its nation starves)",
            RandomBot, 0),
    BotInfo("heuristic-easy", 1, "rules of thumb with noise; takes workers from the start",
            lambda seed: HeuristicBot(seed, "easy"), 493),
    BotInfo("heuristic", 2, "rules of thumb: production first, workers it can feed; "
            "plays its six best actions out to the round's end and keeps the best",
            lambda seed: HeuristicBot(seed, "normal"), 734),
    BotInfo("mcts-easy", 3, "tree search, 20 playouts of one round per move",
            lambda seed: MCTSBot(seed, iterations=20, name="mcts-easy"), 1210),
    BotInfo("mcts", 4, "tree search, 100 playouts of one round per move (at most 3,000 "
            "simulated moves)",
            lambda seed: MCTSBot(seed, iterations=100, max_steps=3000, name="mcts"),
            1318),
)

BOT_INFO: dict[str, BotInfo] = {info.name: info for info in _INFO}
BOT_NAMES: tuple[str, ...] = tuple(info.name for info in _INFO)


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot by name (one of :data:`BOT_NAMES`), seeded for reproducible play."""
    return make_named(BOT_INFO, name, seed)


__all__ = ["BOT_INFO", "BOT_NAMES", "BaseBot", "Bot", "BotInfo", "HeuristicBot", "MCTSBot",
           "RandomBot", "make_bot", "position_key"]
