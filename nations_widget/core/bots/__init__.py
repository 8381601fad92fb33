"""Game-generic bots: the bot protocol and plumbing, the random bot, an open-loop Monte
Carlo tree search whose game-specific parts are hooks, and the tournament runner.

Each game supplies its own hooks (see :class:`~nations_widget.core.bots.mcts.MCTSBot`) and
its own bot menu; ``nations_widget.dice.bots`` is the example.
"""

from .base import BaseBot, Bot, check_turn, position_key
from .mcts import MCTSBot, SearchStats
from .random_bot import RandomBot

__all__ = ["BaseBot", "Bot", "MCTSBot", "RandomBot", "SearchStats", "check_turn",
           "position_key"]
