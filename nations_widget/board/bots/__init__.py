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
            lambda seed: HeuristicBot(seed, "easy"), 460),
    BotInfo("heuristic-quick", 2, "rules of thumb alone: production first, workers it can "
            "feed, decisions looked one step ahead",
            lambda seed: HeuristicBot(seed, "normal", name="heuristic-quick", width=0), 710),
    # the look-ahead heuristic and the two searches are each under 100 rating points
    # above the next: one level, the strongest, as the dice game's searches share theirs
    # (docs/bots.md); each seat menu entry gives its bot's rating
    BotInfo("heuristic", 3, "the same rules of thumb, each of its six best actions played "
            "out to the round's end, and the best kept",
            lambda seed: HeuristicBot(seed, "normal"), 1107),
    BotInfo("mcts-easy", 3, "tree search, 20 playouts of one round per move",
            lambda seed: MCTSBot(seed, iterations=20, name="mcts-easy"), 1204),
    BotInfo("mcts", 3, "tree search, 100 playouts of one round per move (at most 3,000 "
            "simulated moves)",
            lambda seed: MCTSBot(seed, iterations=100, max_steps=3000, name="mcts"),
            1292),
)

BOT_INFO: dict[str, BotInfo] = {info.name: info for info in _INFO}
BOT_NAMES: tuple[str, ...] = tuple(info.name for info in _INFO)


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot by name (one of :data:`BOT_NAMES`), seeded for reproducible play."""
    return make_named(BOT_INFO, name, seed)


__all__ = ["BOT_INFO", "BOT_NAMES", "BaseBot", "Bot", "BotInfo", "HeuristicBot", "MCTSBot",
           "RandomBot", "make_bot", "position_key"]
