"""Nations, the board game — a pure-Python, deterministic, serialisable rules engine.

>>> from nations_widget.board import GameState
>>> s = GameState.new(players=3, seed=1)
>>> s.round, s.step
(1, 'maintenance.growth')

The pieces: :class:`GameState` (the state machine: ``current_player``, ``legal_moves``,
``apply``, ``is_terminal``, ``scores``, ``clone``, ``reseeded``, ``view``, JSON),
:class:`Game` (history: undo, redo, goto, save, load, replay), the moves (:class:`Buy`,
:class:`Deploy`, :class:`Undeploy`, :class:`Hire`, :class:`Special`, :class:`Pass`,
:class:`Grow`, :class:`Choose`), :func:`scenario` (any position from a description).

The full box: ``GameConfig(decks="base" | "base+advanced" | "all" | "balanced")``,
``GameConfig(sides="A" | "B" | "choose" | ("china-b", "A", ...))``, and ``players=1``: the
solo game against the shadow opponent (:func:`load_solo_tiles` / :func:`with_solo_tiles`
to play with the published tiles; the packaged ones are a reconstruction).
"""

from ..core.errors import IllegalMoveError, MalformedMoveError, StateFormatError
from ..core.log import LogEntry
from .components import (
    CardSpec,
    Components,
    EventSpec,
    SideSpec,
    SoloTiles,
    default_components,
    load_solo_tiles,
    with_solo_tiles,
)
from .game import Game
from .machine import GameState
from .moves import Buy, Choose, Deploy, Grow, Hire, Move, Pass, Special, Undeploy, move_from_json
from .scenario import scenario
from .serialization import check_invariants
from .solo import hall_of_fame
from .state import DECK_CHOICES, GameConfig

__all__ = [
    "DECK_CHOICES",
    "Buy",
    "CardSpec",
    "Choose",
    "Components",
    "Deploy",
    "EventSpec",
    "Game",
    "GameConfig",
    "GameState",
    "Grow",
    "Hire",
    "IllegalMoveError",
    "LogEntry",
    "MalformedMoveError",
    "Move",
    "Pass",
    "SideSpec",
    "SoloTiles",
    "Special",
    "StateFormatError",
    "Undeploy",
    "check_invariants",
    "default_components",
    "hall_of_fame",
    "load_solo_tiles",
    "move_from_json",
    "scenario",
    "with_solo_tiles",
]
