"""The random bot: a uniformly random legal move (the weakest opponent, and a baseline)."""

from __future__ import annotations

from typing import Any

from ..protocol import GameStateLike
from .base import BaseBot, check_turn


class RandomBot(BaseBot):
    """Picks uniformly among ``state.legal_moves()``, seeded per position."""

    name = "random"

    def choose(self, state: GameStateLike) -> Any:
        check_turn(state)
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return self.rng_for(state).choice(moves)


__all__ = ["RandomBot"]
