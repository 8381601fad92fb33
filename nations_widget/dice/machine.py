"""The dice game's state machine: :class:`GameState`, the state's data plus the rules.

:class:`~nations_widget.dice.state.StateData` holds a position; the functions of
:mod:`~nations_widget.dice.rules` change it.  :class:`GameState` is the one class players,
bots, tests and the widget use: a :class:`StateData` whose state-machine methods
(``current_player``, ``legal_moves``, ``apply``, ...) hand the work to the rules, and whose
constructors (:meth:`GameState.new`, :meth:`GameState.from_json`) ask the rules and the
loader to build it.  This module is the only place that joins data and rules, so the
imports run one way: ``state`` <- ``rules`` <- ``serialization``/``render`` <- here.
"""

from __future__ import annotations

from typing import Any

from ..core.log import LogEntry
from . import rules
from .catalogue import Catalogue, default_catalogue
from .errors import IllegalMoveError
from .moves import Move
from .render import state_html
from .serialization import state_from_json
from .state import GameConfig, StateData, indexed


class GameState(StateData):
    """Everything about a game at one moment, including its random generator, and the
    state-machine methods (OpenSpiel's shape) that play it."""

    __slots__ = ()

    # ----------------------------------------------------------------- creation
    @classmethod
    def new(cls, config: GameConfig | None = None, catalogue: Catalogue | None = None,
            **kwargs: Any) -> GameState:
        """Set up a new game: ``GameState.new(GameConfig(players=3, seed=7))`` or
        ``GameState.new(players=3, seed=7)``."""
        if config is None:
            config = GameConfig(**kwargs)
        elif kwargs:
            raise TypeError("give either a GameConfig or keyword settings, not both")
        return rules.new_game(cls, config, indexed(catalogue or default_catalogue()))

    @classmethod
    def from_json(cls, data: object, catalogue: Catalogue | None = None) -> GameState:
        """Load a state saved by :meth:`to_json` (a dict, JSON text or UTF-8 bytes).  Every
        field is checked, and so are the game's invariants; problems raise
        :class:`StateFormatError` naming the field."""
        return state_from_json(cls, data, catalogue)

    # ------------------------------------------------------------- the machine
    def current_player(self) -> int | None:
        """The seat that must decide now, or None when the game is over.

        Chance (rolls, tile draws, the solo 4-sided die) never waits for anybody: it is
        resolved inside :meth:`apply` from the state's own generator.
        """
        return rules.current_player(self)

    def legal_moves(self) -> list[Move]:
        """Every distinct legal move of the current player, in a stable sorted order.

        For buys, builds and payments one canonical least-waste payment is listed per
        target; any other payment that covers the cost is legal too (see :meth:`is_legal`).
        Dice showing the same face are interchangeable, so rerolls are listed once per
        distinct choice of faces.
        """
        return rules.legal_moves(self)

    def apply(self, move: Move, log: bool = True) -> list[LogEntry]:
        """Play ``move`` for the current player, then run everything automatic up to the
        next decision.  Raises :class:`IllegalMoveError` (state untouched) if it is not
        legal.  Returns what happened, as log entries; ``log=False`` (for bots and search)
        skips writing them and returns an empty list."""
        return rules.apply(self, move, log)

    def check(self, move: Move) -> None:
        """Raise :class:`IllegalMoveError` if ``move`` is not legal now; change nothing."""
        rules.check(self, move)

    def is_legal(self, move: Move) -> bool:
        try:
            self.check(move)
        except IllegalMoveError:
            return False
        return True

    def describe(self, move: Move) -> str:
        """A long human-readable description of a move in this position."""
        return rules.describe_move(self, move)

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        who = self.current_player()
        return (f"<GameState {self.config.players}p round {self.round} {self.step}"
                f" player={who} scores={self.scores()}>")

    def _repr_html_(self) -> str:
        return state_html(self)


__all__ = ["GameState"]
