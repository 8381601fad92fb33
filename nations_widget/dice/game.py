"""A game with its history: play, undo, redo, jump to any step, save, load, replay.

The history itself is the shared :class:`nations_widget.core.history.HistoryGame`; this
module supplies the dice game's parts (its state, settings, moves, format name and
catalogue) and keeps the dice game's constructor and properties.

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

import secrets
from typing import TYPE_CHECKING, Any

from ..core.history import HistoryGame
from ..core.log import LogEntry
from .catalogue import Catalogue, catalogue_mismatch, default_catalogue
from .machine import GameState
from .moves import Move, move_from_json
from .rules import new_game
from .state import GameConfig, Variant, components

if TYPE_CHECKING:
    from .coach import Hint, Verdict

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
    reconstruction; see :func:`nations_widget.dice.load_catalogue`).
    """

    FORMAT = GAME_FORMAT
    VERSION = GAME_VERSION
    catalogue: Catalogue

    def __init__(self, players: int = 2, seed: int | None = None, *,
                 variant: Variant = "original", automate: bool = True,
                 solo_tougher: bool = False, unrest: bool = False,
                 catalogue: Catalogue | None = None,
                 config: GameConfig | None = None) -> None:
        if config is None:
            if seed is None:
                seed = secrets.randbelow(2**31)
            config = GameConfig(players, seed, variant, automate, solo_tougher, unrest)
        self._begin(config, catalogue)

    # ------------------------------------------------- the dice game's parts
    @classmethod
    def _start(cls, config: GameConfig, catalogue: Catalogue
               ) -> tuple[GameState, list[LogEntry]]:
        log: list[LogEntry] = []
        return new_game(GameState, config, components(catalogue), log), log

    @classmethod
    def _default_catalogue(cls) -> Catalogue:
        return default_catalogue()

    @classmethod
    def _catalogue_of(cls, state: GameState) -> Catalogue:
        return state.catalogue

    @classmethod
    def _config_from_json(cls, data: object) -> GameConfig:
        return GameConfig.from_json(data)

    @classmethod
    def _parse_move(cls, move: Any) -> Move:
        return as_move(move)

    @classmethod
    def _state_from_json(cls, data: object, catalogue: Catalogue) -> GameState:
        return GameState.from_json(data, catalogue)

    @classmethod
    def _catalogue_json(cls, catalogue: Catalogue) -> dict[str, Any]:
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
    def _catalogue_mismatch(cls, info: object, catalogue: Catalogue) -> str | None:
        return catalogue_mismatch(info, catalogue, "this game")

    # ------------------------------------------------------------- reading
    @property
    def config(self) -> GameConfig:
        return self._states[0].config

    @property
    def round(self) -> int:
        return self.state.round

    @property
    def step_name(self) -> str:
        """The round's step: new_round, actions, books, famine, player_order, war, game_over."""
        return self.state.step

    # --------------------------------------------------------------- the coach
    def hint(self, top: int = 3, iterations: int | None = None) -> Hint:
        """The coach's ``top`` best moves for the current player, each with its share of
        simulations won and the expected VP difference (see :mod:`nations_widget.dice.coach`;
        about 1-2 s at the default 300 playouts).  The game is not changed.

        >>> game = Game(players=2, seed=3)
        >>> print(game.hint(iterations=40).best.text)       # doctest: +SKIP
        Buy Great Library (wonder) paying the white die showing 1 gold
        """
        from .coach import COACH_ITERATIONS, hint
        return hint(self.state, top=top,
                    iterations=COACH_ITERATIONS if iterations is None else iterations,
                    seed=self.config.seed ^ self.position)

    def compare(self, move: Move | dict[str, Any] | str,
                iterations: int | None = None) -> Verdict:
        """How ``move`` (not played) compares with the coach's best move here."""
        from .coach import COACH_ITERATIONS, compare
        return compare(self.state, as_move(move),
                       iterations=COACH_ITERATIONS if iterations is None else iterations,
                       seed=self.config.seed ^ self.position)

    def __repr__(self) -> str:
        return (f"<Game {self.config.players}p seed={self.config.seed} round {self.round} "
                f"{self.step_name} move {self._cursor}/{len(self._moves)}>")
