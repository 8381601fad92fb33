"""A bot's random stream is drawn from what its seat may see: the view (no generator, no
seed) salted with the game's seed.  The seed left the engines' views; these pins show that
the bots' streams, and so every figure measured with them, stayed as they were."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from nations_widget.board import Game as BoardGame
from nations_widget.core.bots.base import position_key
from nations_widget.dice.game import Game as DiceGame

#: position_key at positions 0, 10, 20 and 30 of a 3-player game, seed 21, random moves
#: from random.Random(5): worked out before the engines' views left the seed out
PINNED = {
    "dice": ["97305051a54d82f3eaf769fdd1647ae0", "3e4b6ffc456cfb343e1b49684cb9afea",
             "2d466497d294ac7ae0e5fba70f2144e1", "084cc8cb313278c08bd1ce9b8c709d99"],
    "board": ["6bc60aa8dd7fe9f98d5e9c8080638f6e", "c61db054f4c4aa9873fad126c1e0161b",
              "6af3b7f8514f04091ba763ec69a2f45c", "08979a170df76d77da6ad9b7dc6f4398"],
}
GAME_CLASSES: dict[str, Any] = {"dice": DiceGame, "board": BoardGame}


def _keys(kind: str, seed: int) -> list[str]:
    game = GAME_CLASSES[kind](players=3, seed=seed)
    rng = random.Random(5)
    keys = []
    for i in range(31):
        if i % 10 == 0:
            assert "seed" not in game.state.view(game.current_player)["config"]
            keys.append(position_key(game.state).hex())
        game.play(rng.choice(game.legal_moves()))
    return keys


@pytest.mark.parametrize("kind", sorted(PINNED))
def test_bot_streams_are_those_of_before_the_view_left_the_seed_out(kind: str) -> None:
    assert _keys(kind, 21) == PINNED[kind]


@pytest.mark.parametrize("kind", sorted(PINNED))
def test_the_key_ignores_the_generator_but_not_the_games_seed(kind: str) -> None:
    state = GAME_CLASSES[kind](players=3, seed=21).state
    assert position_key(state.reseeded(77)) == position_key(state)
    # the same view in a game of another seed: another stream
    other = state.clone()
    other.config = dataclasses.replace(state.config, seed=22)
    assert other.view(0) == state.view(0)
    assert position_key(other) != position_key(state)
