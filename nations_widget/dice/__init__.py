"""Nations: The Dice Game — a pure-Python, deterministic, serialisable rules engine.

Play a game from Python:

>>> from nations_widget.dice import Game
>>> game = Game(players=2, seed=7)
>>> while not game.is_over:
...     _ = game.play(game.legal_moves()[-1])  # the last listed move: a buy when possible
>>> game.scores()
[10, 14]

The pieces:

- :class:`Game`: a game with history (undo, redo, jump, save, load, replay, log).
- :class:`GameState`: the bare state machine used by bots and tests
  (``current_player``, ``legal_moves``, ``apply``, ``is_terminal``, ``scores``, ``clone``).
- Moves (:class:`Pass`, :class:`Reroll`, :class:`Buy`, :class:`Build`, :class:`Books`,
  :class:`Feed`, :class:`Fight`, :class:`Unrest`, with :class:`Payment`): immutable, with a
  JSON form.
- :class:`IllegalMoveError`: raised, with a reason, for a move the rules forbid.
- :func:`load_catalogue`: play with your own component values (the packaged ones are a
  reconstruction; see ``data/PROVENANCE.md``).
- :func:`scenario`: build any position from a partial description.
- The Unrest expansion: ``Game(..., unrest=True)`` / ``GameConfig(unrest=True)`` (off by
  default; its components, in the catalogue's ``unrest`` part, are a reconstruction too).

Nothing here imports Jupyter.
"""

from .catalogue import (
    Catalogue,
    CatalogueError,
    EventSpec,
    Face,
    TileSpec,
    default_catalogue,
    describe_event,
    describe_tile,
    load_catalogue,
)
from .errors import IllegalMoveError, MalformedMoveError, StateFormatError
from .game import Game
from .machine import GameState
from .moves import (
    Books,
    Build,
    Buy,
    Feed,
    Fight,
    Move,
    Pass,
    Payment,
    Reroll,
    Unrest,
    move_from_json,
)
from .rules import LogEntry
from .scenario import scenario
from .serialization import check_invariants
from .state import GameConfig

__all__ = [
    "Books",
    "Build",
    "Buy",
    "Catalogue",
    "CatalogueError",
    "EventSpec",
    "Face",
    "Feed",
    "Fight",
    "Game",
    "GameConfig",
    "GameState",
    "IllegalMoveError",
    "LogEntry",
    "MalformedMoveError",
    "Move",
    "Pass",
    "Payment",
    "Reroll",
    "StateFormatError",
    "TileSpec",
    "Unrest",
    "check_invariants",
    "default_catalogue",
    "describe_event",
    "describe_tile",
    "load_catalogue",
    "move_from_json",
    "scenario",
]
