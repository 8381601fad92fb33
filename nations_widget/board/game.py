"""A game with its history: play, undo, redo, jump to any step, save, load, replay.

The history itself is the shared :class:`nations_widget.core.history.HistoryGame` (the dice
game's ``Game`` is the same class, with the reading of the round and step, the coach and
``repr``); this module configures it with the board game's parts: its state, settings,
moves, coach, format name and card data (the history's components: the board game's
:class:`~nations_widget.board.components.Components`).

:class:`GameState` is the bare state machine (what bots and tests drive); :class:`Game`
keeps the sequence of states and moves around it, which is what a player, the widget and
the notebooks need.  Undo never re-rolls: each step's state, random generator included,
is kept, so going back and playing the same move gives the same draws.

>>> game = Game(players=2, seed=1)
>>> game.round, game.step_name
(1, 'maintenance.growth')
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

from ..core.envelope import quote
from ..core.history import HistoryGame, draw_seed
from ..core.log import LogEntry
from .components import Components, default_components
from .decisions import CARD_DECISIONS
from .machine import GameState
from .moves import MOVES, Move, move_from_json
from .rules import new_game
from .state import GameConfig

GAME_FORMAT = "nations-board-game"
GAME_VERSION = 1


def as_move(move: Move | dict[str, Any] | str | bytes) -> Move:
    """Accept a move object, its JSON dict or its JSON text."""
    if isinstance(move, (dict, str, bytes)):
        return move_from_json(move)
    return move


class Game(HistoryGame[GameState, Move]):
    """One game of Nations, the board game, and its history.

    ``seed=None`` draws a fresh seed (kept in ``game.config.seed``, so the game can still
    be replayed).  The other settings are :class:`GameConfig`'s; ``components``: the card
    data to play with (default: the packaged files).  Playing, undo, redo, save, load,
    the coach's ``hint()`` and ``compare()``: see
    :class:`~nations_widget.core.history.HistoryGame`.
    """

    FORMAT = GAME_FORMAT
    VERSION = GAME_VERSION
    MOVES = MOVES
    STATE = GameState
    COACH: ClassVar[str] = "nations_widget.board.coach"

    components: Components

    def __init__(self, players: int = 2, seed: int | None = None, *,
                 difficulty: tuple[str, ...] | str = "prince", ages: int = 4,
                 easier: bool = False, sides: tuple[str, ...] | str = "A",
                 decks: tuple[str, ...] | str | None = None,
                 components: Components | None = None,
                 config: GameConfig | None = None) -> None:
        if config is None:
            config = GameConfig(players, draw_seed(seed), difficulty=difficulty, ages=ages,
                                easier=easier, sides=sides, decks=decks)
        self._begin(config, components)

    # ------------------------------------------------- the board game's parts
    @classmethod
    def _start(cls, config: GameConfig, components: Components
               ) -> tuple[GameState, list[LogEntry]]:
        log: list[LogEntry] = []
        return new_game(GameState, config, components, log), log

    @classmethod
    def _default_components(cls) -> Components:
        return default_components()

    @classmethod
    def _components_of(cls, state: GameState) -> Components:
        return state.comp

    @classmethod
    def _config_from_json(cls, data: object) -> GameConfig:
        return GameConfig.from_json(data, "saved game")

    @classmethod
    def _components_json(cls, components: Components) -> dict[str, Any]:
        return {"fingerprint": components.fingerprint}

    @classmethod
    def _components_mismatch(cls, info: object, components: Components) -> str | None:
        theirs = info.get("fingerprint") if isinstance(info, dict) else None
        if theirs == components.fingerprint:
            return None
        return (f"this game was played with other card data (fingerprint {quote(repr(theirs))}); "
                f"load it with those cards (Game.from_json(text, components=...)), not with "
                f"these ({quote(repr(components.fingerprint))})")

    # ----------------------------------------- the board game's own keywords
    @classmethod
    def replay(cls, config: Any, moves: Sequence[Any],
               components: Components | None = None) -> Game:
        """Rebuild a game from its settings and moves; an illegal move raises
        :class:`IllegalMoveError` saying which move number failed."""
        return super().replay(config, moves, components)

    @classmethod
    def from_json(cls, data: object,
                  components: Components | None = None) -> Game:
        """Load a game saved by :meth:`to_json` (a dict, JSON text or UTF-8 bytes); any
        problem raises :class:`StateFormatError` naming the field."""
        return super().from_json(data, components)

    @classmethod
    def _joins(cls, before: GameState, after: GameState) -> bool:
        """A question about the card just taken (which slot a building takes, which colony
        or advisor a new one replaces, where a completed wonder goes, what a battle brings,
        what a golden age gives) asked of the seat whose move took it: the page answers it
        with that move, and Undo goes back to before it."""
        d = after.queue[0] if after.queue else None
        return isinstance(d, CARD_DECISIONS) and d.seat == before.current_player()

    @property
    def config(self) -> GameConfig:
        return self._states[0].config
