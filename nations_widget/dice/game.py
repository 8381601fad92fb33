"""A game with its history: play, undo, redo, jump to any step, save, load, replay.

The history itself is the shared :class:`nations_widget.core.history.HistoryGame` (with the
reading of the round and step, the coach and ``repr``); this module configures it with the
dice game's parts (its state, settings, moves, coach, format name and catalogue) and keeps
the dice game's constructor.

:class:`GameState` is the bare state machine (what bots and tests drive); :class:`Game`
keeps the sequence of states and moves around it, which is what a player, the widget and
the notebooks need.  Undo never re-rolls: each step's state, random generator included,
is kept, so going back and playing the same move gives the same faces.

>>> game = Game(players=2, seed=1)
>>> game.round, game.step_name
(1, 'actions')
>>> while not game.is_over:
...     _ = game.play(game.legal_moves()[0])     # always the first legal move: pass, ...
>>> game.scores() == game.state.scores() and game.winner is not None
True
>>> game.undo(); game.is_over
False
>>> game.redo(); game.is_over
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from ..core.history import HistoryGame, draw_seed
from ..core.log import LogEntry
from .catalogue import Catalogue, catalogue_mismatch, default_catalogue
from .machine import GameState
from .moves import MOVES, Move, move_from_json
from .rules import new_game
from .state import GameConfig, Variant, indexed

GAME_FORMAT = "nations-dice-game"
GAME_VERSION = 1


def as_move(move: Move | dict[str, Any] | str) -> Move:
    """Accept a move object, its JSON dict or its JSON text."""
    if isinstance(move, (dict, str, bytes)):
        return move_from_json(move)
    return move


class Game(HistoryGame[GameState, Move]):
    """One game of Nations: The Dice Game and its history.

    ``seed=None`` draws a fresh seed (kept in ``game.config.seed``, so the game can still
    be replayed).  ``catalogue``: the components to play with (default: the packaged
    reconstruction; see :func:`nations_widget.dice.load_catalogue`).  Playing, undo, redo,
    save, load, the coach's ``hint()`` and ``compare()``: see
    :class:`~nations_widget.core.history.HistoryGame`.
    """

    FORMAT = GAME_FORMAT
    VERSION = GAME_VERSION
    MOVES = MOVES
    STATE = GameState
    COACH: ClassVar[str] = "nations_widget.dice.coach"
    components: Catalogue

    def __init__(self, players: int = 2, seed: int | None = None, *,
                 variant: Variant = "original", automate: bool = True,
                 solo_tougher: bool = False, unrest: bool = False,
                 catalogue: Catalogue | None = None,
                 config: GameConfig | None = None) -> None:
        if config is None:
            config = GameConfig(players, draw_seed(seed), variant, automate, solo_tougher,
                                unrest)
        self._begin(config, catalogue)

    # ------------------------------------------------- the dice game's parts
    @classmethod
    def _start(cls, config: GameConfig, catalogue: Catalogue
               ) -> tuple[GameState, list[LogEntry]]:
        log: list[LogEntry] = []
        return new_game(GameState, config, indexed(catalogue), log), log

    @classmethod
    def _default_components(cls) -> Catalogue:
        return default_catalogue()

    @classmethod
    def _components_of(cls, state: GameState) -> Catalogue:
        return state.catalogue

    @classmethod
    def _config_from_json(cls, data: object) -> GameConfig:
        return GameConfig.from_json(data)

    @classmethod
    def _components_json(cls, catalogue: Catalogue) -> dict[str, Any]:
        return {"name": catalogue.name, "fingerprint": catalogue.fingerprint}

    def to_json(self) -> dict[str, Any]:
        """The save (see :class:`~nations_widget.core.history.HistoryGame`).  A game with
        Unrest also names its catalogue's Unrest fingerprint (``catalogue.unrest``), so it
        is replayed with the same green dice and tiles; other games save as they always
        have."""
        data = super().to_json()
        if self.config.unrest:
            data["catalogue"]["unrest"] = self.catalogue.unrest_fingerprint
        return data

    @classmethod
    def _components_mismatch(cls, info: object, catalogue: Catalogue) -> str | None:
        return catalogue_mismatch(info, catalogue, "this game")

    # ------------------------------------------ the dice game's own keywords
    @property
    def catalogue(self) -> Catalogue:
        """The components this game is played with (the dice game's word for them)."""
        return self.components

    @classmethod
    def replay(cls, config: Any, moves: Sequence[Any],
               catalogue: Catalogue | None = None) -> Game:
        """Rebuild a game from its settings and moves; an illegal move raises
        :class:`IllegalMoveError` saying which move number failed."""
        return super().replay(config, moves, catalogue)

    @classmethod
    def from_json(cls, data: object, catalogue: Catalogue | None = None) -> Game:
        """Load a game saved by :meth:`to_json` (a dict, JSON text or UTF-8 bytes); any
        problem raises :class:`StateFormatError` naming the field."""
        return super().from_json(data, catalogue)

    @property
    def config(self) -> GameConfig:
        return self._states[0].config
