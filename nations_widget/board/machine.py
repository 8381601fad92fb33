"""The board game's state machine: :class:`GameState`, the state's data plus the rules.

:class:`~nations_widget.board.state.StateData` holds a position; the functions of
:mod:`~nations_widget.board.rules` change it.  :class:`GameState` is the one class players,
bots, tests and the widget use: a :class:`StateData` whose state-machine methods
(``current_player``, ``legal_moves``, ``apply``, ...) hand the work to the rules, and whose
constructors (:meth:`GameState.new`, :meth:`GameState.from_json`) ask the rules and the
loader to build it.  This module is the only place that joins data and rules, so the
imports run one way: ``state`` <- ``rules`` <- ``serialization``/``render``/``describe`` <-
here.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import IllegalMoveError
from ..core.log import LogEntry
from . import rules, scoring
from .components import Components, default_components
from .describe import describe_move
from .moves import Move
from .render import state_html
from .serialization import state_from_json
from .state import GameConfig, StateData


class GameState(StateData):
    """Everything about a game at one moment, its random generator included, and the
    state-machine methods (OpenSpiel's shape) that play it."""

    __slots__ = ()

    # ----------------------------------------------------------------- creation
    @classmethod
    def new(cls, config: GameConfig | None = None, components: Components | None = None,
            **kwargs: Any) -> GameState:
        """Set up a new game: ``GameState.new(GameConfig(players=3, seed=7))`` or
        ``GameState.new(players=3, seed=7)``."""
        if config is None:
            config = GameConfig(**kwargs)
        elif kwargs:
            raise TypeError("give either a GameConfig or keyword settings, not both")
        return rules.new_game(cls, config, components or default_components())

    @classmethod
    def from_json(cls, data: object, components: Components | None = None) -> GameState:
        """Load a state saved by :meth:`to_json` (a dict or JSON text); every field and the
        game's invariants are checked (:class:`StateFormatError` names the field)."""
        return state_from_json(cls, data, components)

    # ------------------------------------------------------------- the machine
    def current_player(self) -> int | None:
        return rules.current_player(self)

    def legal_moves(self) -> list[Move]:
        """Every legal move of the current player, in a stable sorted order."""
        return rules.legal_moves(self)

    def apply(self, move: Move, log: bool = True) -> list[LogEntry]:
        """Play ``move`` for the current player and run everything automatic up to the next
        decision.  Raises :class:`IllegalMoveError` (state untouched) if it is not legal."""
        return rules.apply(self, move, log)

    def check(self, move: Move) -> None:
        """Raise :class:`IllegalMoveError` if ``move`` is not legal now; change nothing."""
        rules.check(self, move)

    def is_legal(self, move: Move) -> bool:
        try:
            rules.check(self, move)
        except IllegalMoveError:
            return False
        return True

    def prompt(self) -> str:
        """What is being asked now, in words."""
        return rules.prompt(self)

    def describe(self, move: Move) -> str:
        """``move`` (legal here) in words, as the widget's buttons and the coach say it."""
        return describe_move(self, move)

    # ----------------------------------------------------------------- scoring
    def strength(self, seat: int) -> int:
        return scoring.strength(self, seat)

    def stability(self, seat: int) -> int:
        return scoring.stability(self, seat)

    def score_breakdown(self, seat: int) -> dict[str, int]:
        return scoring.final_breakdown(self, seat)

    def scores(self) -> list[int]:
        """VP per seat: the VP tokens during the game; the full final scoring once over."""
        return scoring.scores(self)

    def projected_scores(self) -> list[int]:
        """The final scoring as if the game ended now."""
        return scoring.projected_scores(self)

    def ranking(self) -> list[int]:
        """Seats from best to worst: most VP, ties to the earlier player order."""
        return scoring.ranking(self)

    def winner(self) -> int | None:
        return scoring.ranking(self)[0] if self.is_terminal() else None

    # ---------------------------------------------------------------- display
    def __repr__(self) -> str:
        return (f"<GameState {self.config.players}p round {self.round} {self.step}"
                f" player={self.current_player()} vp={self.scores()}>")

    def _repr_html_(self) -> str:
        return state_html(self)


__all__ = ["GameState"]
