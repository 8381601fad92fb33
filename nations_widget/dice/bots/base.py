"""The bot interface: the shared one (:mod:`nations_widget.core.bots.base`), re-exported
here so that old imports keep working.  Every dice bot is legal, deterministic for a
seed and position, and honest (it sees no more than the acting player's view)."""

from ...core.bots.base import BaseBot, Bot, check_turn, position_key

__all__ = ["BaseBot", "Bot", "check_turn", "position_key"]
