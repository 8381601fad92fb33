"""The games the conformance suite (``test_conformance.py``) checks: every game of the
package's registry (:data:`nations_widget.core.registry.GAMES`), at each of its player
counts, each in its rule variants below.

A game added to the registry is checked here with nothing more to write: its engine's
``GameState`` (``new``, ``from_json``) and its moves' ``sort_key`` (the order
``legal_moves()`` promises) are what the suite plays.  What the registry does not say is
kept here, by key: the rule variants to play besides the plain game, and a bound on a
game's length when the default does not fit.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from nations_widget.core.registry import GAMES as REGISTERED
from nations_widget.core.registry import GameEntry

#: rule variants played besides the plain game, by key: {name: the engine's new() options}
VARIANTS: dict[str, dict[str, dict[str, Any]]] = {
    "dice": {"unrest": {"unrest": True}},    # the Unrest expansion
}

#: a bound on a random game's number of moves, by key (the default otherwise)
MAX_MOVES: dict[str, int] = {"dice": 2_000}
DEFAULT_MAX_MOVES = 5_000


@dataclass(frozen=True)
class GameAdapter:
    """One game (or one rule variant of it) as the suite plays it."""

    name: str
    players: tuple[int, ...]
    state_class: Any
    options: dict[str, Any] = field(default_factory=dict)
    max_moves: int = DEFAULT_MAX_MOVES

    def new(self, players: int, seed: int) -> Any:
        return self.state_class.new(players=players, seed=seed, **self.options)

    @property
    def load(self) -> Callable[[object], Any]:
        loader: Callable[[object], Any] = self.state_class.from_json
        return loader

    @staticmethod
    def sort_key(move: Any) -> Any:
        return move.sort_key()


def adapters(entry: GameEntry) -> list[GameAdapter]:
    """The plain game, then each of its rule variants."""
    state_class = importlib.import_module(entry.engine).GameState
    bound = MAX_MOVES.get(entry.key, DEFAULT_MAX_MOVES)
    variants = {"": {}, **VARIANTS.get(entry.key, {})}
    return [GameAdapter(f"{entry.key}-{name}" if name else entry.key, entry.players,
                        state_class, options, bound) for name, options in variants.items()]


GAMES: list[GameAdapter] = [a for entry in REGISTERED for a in adapters(entry)]
