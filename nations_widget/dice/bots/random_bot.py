"""The random bot: a uniformly random legal move (the weakest opponent, and a baseline)."""

from __future__ import annotations

from ..machine import GameState
from ..moves import Move
from .base import BaseBot, check_turn


class RandomBot(BaseBot):
    """Picks uniformly among ``state.legal_moves()``.

    Rerolls are listed once per distinct choice of faces, so a random bot rerolls a lot.
    """

    name = "random"

    def choose(self, state: GameState) -> Move:
        check_turn(state)
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return self.rng_for(state).choice(moves)


__all__ = ["RandomBot"]
