"""The random bot: the shared one (:mod:`nations_widget.core.bots.random_bot`).

Rerolls are listed once per distinct choice of faces, so a random dice bot rerolls a lot.
"""

from ...core.bots.random_bot import RandomBot

__all__ = ["RandomBot"]
