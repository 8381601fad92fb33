"""What the two Nations engines share: the seeded generator, the typed errors, the log
entry, the state-machine protocol, the JSON envelope and validation, the history
``Game``, and the game-generic bots and tournament runner.

Nothing here knows a rule of either game, and nothing here imports Jupyter.
"""

from .envelope import check_header, json_object, json_value
from .errors import (
    IllegalMoveError,
    MalformedMoveError,
    SeatChoiceError,
    StateFormatError,
    UnknownBotError,
)
from .history import HistoryGame
from .log import LogEntry
from .protocol import GameStateLike, MoveLike
from .rng import Rng
from .validate import Checker

__all__ = [
    "Checker",
    "GameStateLike",
    "HistoryGame",
    "IllegalMoveError",
    "LogEntry",
    "MalformedMoveError",
    "MoveLike",
    "Rng",
    "SeatChoiceError",
    "StateFormatError",
    "UnknownBotError",
    "check_header",
    "json_object",
    "json_value",
]
