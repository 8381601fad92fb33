"""The registry of games the conformance suite (``test_conformance.py``) checks.

Each game registers a :class:`GameAdapter`: its name, its player counts, how to make a new
state for N players and a seed, how to load a state from its JSON form, a move's sort key
(the order ``legal_moves()`` promises) and a bound on the length of a game.

A game registers by appending its adapter to ``GAMES`` below (the board game's entry is
the example: its state machine's ``new``, ``from_json`` and its moves' ``sort_key``).

Nothing else is needed: every test of the suite is parametrized over ``GAMES``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from nations_widget.board import GameState as BoardState
from nations_widget.dice import GameState as DiceState


@dataclass(frozen=True)
class GameAdapter:
    name: str
    players: tuple[int, ...]
    new: Callable[[int, int], Any]
    load: Callable[[object], Any]
    sort_key: Callable[[Any], Any]
    max_moves: int


GAMES: list[GameAdapter] = [
    GameAdapter(
        name="dice",
        players=(1, 2, 3, 4),
        new=lambda players, seed: DiceState.new(players=players, seed=seed),
        load=DiceState.from_json,
        sort_key=lambda move: move.sort_key(),
        max_moves=2_000,
    ),
    GameAdapter(
        name="dice-unrest",                 # the dice game with the Unrest expansion
        players=(1, 2, 3, 4),
        new=lambda players, seed: DiceState.new(players=players, seed=seed, unrest=True),
        load=DiceState.from_json,
        sort_key=lambda move: move.sort_key(),
        max_moves=2_000,
    ),
    GameAdapter(
        name="board",
        players=(2, 3, 4, 5),
        new=lambda players, seed: BoardState.new(players=players, seed=seed),
        load=BoardState.from_json,
        sort_key=lambda move: move.sort_key(),
        max_moves=5_000,
    ),
]
